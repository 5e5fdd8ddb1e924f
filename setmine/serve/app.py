"""The live page's web server: Starlette routes over ``api.py``'s answers,
run by uvicorn (``setmine serve``), behind ``guard.py``'s checks.

* ``GET /?token=…`` — the page (``page.py``): nothing loaded from elsewhere,
  the script and the styles inline, so it works offline; it holds the
  token its script sends with every call;
* ``POST /api/evaluate``, ``/api/type``, ``/api/explain``, ``/api/state``,
  ``/api/game``, ``/api/model``, ``/api/verify`` and ``/api/prove`` (each
  with ``…/poll`` and ``…/stop``) — JSON in, JSON out (``api.py``); HTTP
  400 with ``{"error": {"code", "message", "span", "field"}}`` for a
  request that cannot be answered, 403, 408, 413 and 415 for one the
  guard refuses.

Each API request runs in a worker thread (Starlette runs a plain function
in its thread pool), so a slow formula does not hold up the others; each
is bounded by the budget of ``api.SETTINGS``.  Nothing is read from the
disk but the shipped schemas and the files ``setmine serve`` was given.
"""

from __future__ import annotations

import asyncio
import sys

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..base import deadline
from ..base.jsontext import JSONTooLarge, load_request
from . import api, guard, proving, verifying
from .boards import GAME_SECONDS_FACTOR
from .page import live_page

MAX_BODY = guard.MAX_BODY

HEADERS = {
    # the page runs its own inline script and nothing else: no injected
    # markup can load or run anything (a formula, a board's name, a label)
    "Content-Security-Policy": "default-src 'none'; script-src 'unsafe-inline'; "
                               "style-src 'unsafe-inline'; img-src data:; connect-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _error(status: int, code: str, message: str, field: str | None = None,
           close: bool = False) -> JSONResponse:
    headers = dict(HEADERS, **({"Connection": "close"} if close else {}))
    return JSONResponse(api.ApiError(code, message, field=field).to_json(), status_code=status,
                        headers=headers)


def _answer(handler, body: bytes, factor: int = 1):
    """``handler``'s answer to a request's body, read by the bounded reader,
    every stage of it (parse, type, evaluate, draw) within the request's
    time (``base.deadline``: ``factor`` times ``--timeout``)."""
    try:
        data = load_request(body)
    except JSONTooLarge as exc:
        raise api.ApiError("badRequest", str(exc), field=exc.field) from None
    except ValueError as exc:   # not UTF-8, not JSON
        raise api.ApiError("badRequest", f"not JSON: {exc}") from None
    with deadline.within(factor * api.SETTINGS.seconds, "setmine serve --timeout"):
        try:
            return handler(data)
        except deadline.TimeUp as exc:
            raise api.ApiError("timeLimit", str(exc)) from None


def create_app(start: dict, trust: guard.Trust):
    """The app; ``start`` is the page's first state (schema, board text,
    formula), which the address (``#…``) overrides; ``trust`` what the
    guard lets through (the token, the names the server answers to)."""

    async def page(request: Request) -> Response:
        return HTMLResponse(live_page(start, trust.token), headers=HEADERS)

    def answer(handler, factor: int = 1):
        async def endpoint(request: Request) -> Response:
            try:
                body = await guard.read_body(request.receive)
            except guard.BodyTooLarge:
                return _error(413, "badRequest", f"the request is more than {MAX_BODY:,} "
                              f"bytes", close=True)
            except asyncio.TimeoutError:
                return _error(408, "badRequest", f"the request's body took more than "
                              f"{guard.BODY_SECONDS:g} s to arrive", close=True)
            except ConnectionResetError:
                return _error(400, "badRequest", "the client went away", close=True)
            from starlette.concurrency import run_in_threadpool

            try:
                result = await run_in_threadpool(_answer, handler, body, factor)
            except api.ApiError as exc:
                return JSONResponse(exc.to_json(), status_code=400, headers=HEADERS)
            except MemoryError:   # the address-space backstop of --max-memory
                return _error(400, "memoryLimit", "the request needed more memory than "
                              "--max-memory allows")
            except RecursionError:
                return _error(400, "badRequest", "the input is nested too deeply")
            except Exception as exc:   # a fault of setmine's: said in one line, not a traceback
                print(f"setmine serve: {request.url.path} failed: {type(exc).__name__}: {exc}",
                      file=sys.stderr, flush=True)
                return _error(500, "internal", f"setmine failed on this request "
                              f"({type(exc).__name__}: {exc}); please report it")
            return JSONResponse(result, headers=HEADERS)
        return endpoint

    app = Starlette(routes=[
        Route("/", page),
        Route("/api/evaluate", answer(api.evaluate), methods=["POST"]),
        Route("/api/type", answer(api.typify), methods=["POST"]),
        Route("/api/explain", answer(api.explain), methods=["POST"]),
        Route("/api/state", answer(api.state), methods=["POST"]),
        Route("/api/game", answer(api.game, GAME_SECONDS_FACTOR), methods=["POST"]),
        Route("/api/model", answer(api.model_state), methods=["POST"]),
        Route("/api/verify", answer(verifying.start), methods=["POST"]),
        Route("/api/verify/poll", answer(verifying.poll), methods=["POST"]),
        Route("/api/verify/stop", answer(verifying.stop), methods=["POST"]),
        Route("/api/prove", answer(proving.start), methods=["POST"]),
        Route("/api/prove/poll", answer(proving.poll), methods=["POST"]),
        Route("/api/prove/stop", answer(proving.stop), methods=["POST"]),
    ])
    return guard.Guard(app, trust, HEADERS)


def server_config(app, host: str, port: int, header_seconds: float = guard.HEADER_SECONDS):
    """uvicorn's settings for the app: the guard's protocol (a deadline of
    ``header_seconds`` on a request's headers) and its limit on
    connections at once."""
    import uvicorn

    protocol = type("Protocol", (guard.Protocol,), {"header_seconds": header_seconds})
    return uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                          lifespan="off", http=protocol,
                          limit_concurrency=guard.MAX_CONNECTIONS, timeout_keep_alive=5)


def warm_up() -> None:
    """The shipped schemas parsed and typed before the first request, which
    would otherwise spend its time on them."""
    from .requests import schema_of

    for shipped in ("written", "corrected"):
        schema_of({"schema": shipped}).analysis   # parsed, and every constituent typed


class Background:
    """The app served by uvicorn in a thread of this process, on a free port
    of 127.0.0.1 — for tests, benches and screenshots (``setmine serve``
    runs it in the foreground): ``url`` (no slash), ``token``, ``page_url``
    (the page's address, as the command prints it); ``stop()``."""

    def __init__(self, start: dict, seconds: float = 60.0,
                 header_seconds: float = guard.HEADER_SECONDS):
        import socket
        import threading
        import time

        import uvicorn

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.token = guard.new_token()
        self.url = f"http://127.0.0.1:{port}"
        self.page_url = f"{self.url}/?token={self.token}"
        trust = guard.Trust(self.token, "127.0.0.1", port)
        warm_up()
        self.server = uvicorn.Server(server_config(create_app(start, trust), "127.0.0.1", port,
                                                   header_seconds))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + seconds
        while not self.server.started and self.thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        if not self.server.started:
            raise RuntimeError(f"the server did not start on {self.url}")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
