"""``setmine serve [BOARD|MODEL] [--spec SCHEMA] [--port N] [--host H] [--no-browser]``:
the live page — a local web server (Starlette, run by uvicorn) whose page
draws the board and every term of the schema on it, computed again after
each click (on a model of any other schema: its sets and structures as
tables to edit, every term computed again after each edit); a formula box
that types and evaluates any formula as it is written; a game the
schema's player plays, stepped through; verify and prove run from the page.  It listens on 127.0.0.1 unless --host says otherwise, prints the
address and opens it in a browser.  The address holds the page's state
(the schema, the board, the formula): a link to it opens the same state.
Each request runs under --timeout seconds and --max-memory; Ctrl-C stops
the server."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

from .. import resources
from .commands import summary_of
from ..serve.requests import CANDIDATES
from .common import BOARD_HELP, help_text
from .argtypes import nonnegative_int, positive_int

REQUEST_SECONDS = 5.0
"""--timeout's default: it bounds each request, not the command (a server
runs until stopped)."""


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help=summary_of("serve"), description=help_text(__doc__))
    p.add_argument("board", nargs="?", default="beginner-midgame",
                   help=BOARD_HELP + " (default: the shipped beginner-midgame); or a model of "
                        "any schema (a ConceptPortal session or bundle, or a setmine model "
                        "file with --spec)")
    p.add_argument("--spec", default=None,
                   help="on a board, the schema the page opens on: written (default) or "
                        "corrected; on a setmine model file, the schema's file")
    p.add_argument("--formula", default="", help="a formula the page opens with")
    p.add_argument("--port", type=nonnegative_int, default=8765, metavar="N",
                   help="the port (default 8765; 0 for any free one)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--max-candidates", type=positive_int, default=CANDIDATES, metavar="N",
                   help=f"the candidates one term may enumerate in a request (default "
                        f"{CANDIDATES:,})")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..board.files.textfile import write_board
    from ..serve import api
    from . import UserError
    from .common import is_model_argument, load_board_file

    path = str(resources.resolve_board(args.board))
    if is_model_argument(path):
        start = model_start(path, args.spec, args.formula)
    else:
        spec = args.spec or "written"
        if spec not in ("written", "corrected"):
            raise UserError(f"--spec {spec!r}: on a board the page opens on written or "
                            f"corrected (a schema file goes with a setmine model file)")
        board = load_board_file(args.board)
        if len(board.cells) > api.MAX_CELLS:
            raise UserError(f"{args.board}: {len(board.cells):,} cells, more than the page "
                            f"edits ({api.MAX_CELLS:,})")
        if board.topology not in ("square", "torus", "hex"):
            raise UserError(f"{args.board}: a {board.topology} board; the page edits grid "
                            f"boards")
        start = {"schema": spec, "board": write_board(board), "formula": args.formula}
    api.SETTINGS.seconds, api.SETTINGS.candidates = args.timeout, args.max_candidates
    try:
        probe = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # as uvicorn binds
        probe.bind((args.host, args.port))
        port = probe.getsockname()[1]
        probe.close()
    except OSError as exc:
        raise UserError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") \
            from None
    return serve(start, args.host, port, not args.no_browser)


def model_start(path: str, spec: str | None, formula: str) -> dict:
    """The page's first state on a model of any schema: the schema as
    ``.rsl`` text, the model as setmine's own model file."""
    from ..importing import SeedProblem, rsl_text
    from ..model.own import own_json
    from ..serve.requests import MAX_TEXT
    from ..sources import SourceError, read_model
    from . import UserError
    from .common import load_schema

    schema = load_schema(spec) if spec else None
    try:
        model = read_model(path, schema)
    except SourceError as exc:
        raise UserError(str(exc)) from None
    schema = model.schema
    if schema.source and schema.path and schema.path.endswith(".rsl"):
        text = schema.source
    else:
        try:
            text = rsl_text(schema.text)[1]
        except SeedProblem as exc:
            raise UserError(f"{path}: its schema cannot be written as .rsl text for the page: "
                            f"{exc}") from None
    if len(text) > MAX_TEXT:
        raise UserError(f"{path}: its schema is {len(text):,} characters, more than the page "
                        f"takes ({MAX_TEXT:,})")
    # the file's name heads the page when the schema has no title
    return {"schema": text, "model": own_json(model), "formula": formula, "name": Path(path).name}


def serve(start: dict, host: str, port: int, browser: bool) -> int:
    import gc
    import threading
    import webbrowser

    import uvicorn

    from ..serve import verifying
    from ..serve.app import create_app, server_config, warm_up
    from ..serve.guard import WILDCARDS, Trust, new_token

    warm_up()
    gc.collect()
    gc.freeze()   # what is loaded now lives as long as the server: no collection rescans it
    trust = Trust(new_token(), host, port)
    shown_host = host if ":" not in host else f"[{host}]"
    if host in WILDCARDS:
        shown_host = "127.0.0.1"   # the page itself: this machine's own address
    url = f"http://{shown_host}:{port}/?token={trust.token}"
    config = server_config(create_app(start, trust), host, port)
    server = uvicorn.Server(config)
    print(f"setmine serve: the live page is at {url} (Ctrl-C stops it)", flush=True)
    if browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        server.run()
    except KeyboardInterrupt:   # uvicorn stops on Ctrl-C, then raises it again: the way to stop
        pass
    finally:
        verifying.stop_all()
    print("setmine serve: stopped", file=sys.stderr)
    return 0
