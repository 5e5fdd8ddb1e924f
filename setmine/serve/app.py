"""The live page's web server: Starlette routes over ``api.py``'s answers,
run by uvicorn (``setmine serve``).

* ``GET /`` — the page (``page.py``): nothing loaded from elsewhere, the
  script and the styles inline, so it works offline;
* ``POST /api/evaluate``, ``/api/type``, ``/api/explain``, ``/api/state``,
  ``/api/game``, ``/api/model``, ``/api/verify`` (and ``…/poll``,
  ``…/stop``) — JSON in, JSON out (``api.py``); HTTP 400 with ``{"error":
  {"code", "message", "span", "field"}}`` for a request that cannot be
  answered, 413 for a body over ``MAX_BODY``.

Each API request runs in a worker thread (Starlette runs a plain function
in its thread pool), so a slow formula does not hold up the others; each
is bounded by the budget of ``api.SETTINGS``.  Nothing is read from the
disk but the shipped schemas and the files ``setmine serve`` was given.
"""

from __future__ import annotations

import json

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from . import api, verifying
from .page import live_page

MAX_BODY = 1_000_000
"""The largest request body, in bytes."""

HEADERS = {
    # the page runs its own inline script and nothing else: no injected
    # markup can load or run anything (a formula, a board's name, a label)
    "Content-Security-Policy": "default-src 'none'; script-src 'unsafe-inline'; "
                               "style-src 'unsafe-inline'; img-src data:; connect-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def create_app(start: dict) -> Starlette:
    """The app; ``start`` is the page's first state (schema, board text,
    formula), which the address (``#…``) overrides."""

    async def page(request: Request) -> Response:
        return HTMLResponse(live_page(start), headers=HEADERS)

    def answer(handler):
        async def endpoint(request: Request) -> Response:
            body = await request.body()
            if len(body) > MAX_BODY:
                return JSONResponse(api.ApiError("badRequest", f"the request is {len(body):,} "
                                                 f"bytes, more than {MAX_BODY:,}").to_json(),
                                    status_code=413, headers=HEADERS)
            try:
                data = json.loads(body.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                return JSONResponse(api.ApiError("badRequest", f"not JSON: {exc}").to_json(),
                                    status_code=400, headers=HEADERS)
            from starlette.concurrency import run_in_threadpool

            try:
                result = await run_in_threadpool(handler, data)
            except api.ApiError as exc:
                return JSONResponse(exc.to_json(), status_code=400, headers=HEADERS)
            except MemoryError:   # the address-space backstop of --max-memory
                return JSONResponse(api.ApiError(
                    "memoryLimit", "the request needed more memory than --max-memory "
                    "allows").to_json(), status_code=400, headers=HEADERS)
            except RecursionError:
                return JSONResponse(api.ApiError(
                    "badRequest", "the input is nested too deeply").to_json(),
                    status_code=400, headers=HEADERS)
            return JSONResponse(result, headers=HEADERS)
        return endpoint

    return Starlette(routes=[
        Route("/", page),
        Route("/api/evaluate", answer(api.evaluate), methods=["POST"]),
        Route("/api/type", answer(api.typify), methods=["POST"]),
        Route("/api/explain", answer(api.explain), methods=["POST"]),
        Route("/api/state", answer(api.state), methods=["POST"]),
        Route("/api/game", answer(api.game), methods=["POST"]),
        Route("/api/model", answer(api.model_state), methods=["POST"]),
        Route("/api/verify", answer(verifying.start), methods=["POST"]),
        Route("/api/verify/poll", answer(verifying.poll), methods=["POST"]),
        Route("/api/verify/stop", answer(verifying.stop), methods=["POST"]),
    ])
