"""``setmine serve [BOARD] [--spec SCHEMA] [--port N] [--host H] [--no-browser]``:
the live page — a local web server (Starlette, run by uvicorn) whose page
draws the board and every term of the schema on it, computed again after
each click; a formula box that types and evaluates any formula as it is
written.  It listens on 127.0.0.1 unless --host says otherwise, prints the
address and opens it in a browser.  The address holds the page's state
(the schema, the board, the formula): a link to it opens the same state.
Each request runs under --timeout seconds and --max-memory; Ctrl-C stops
the server."""

from __future__ import annotations

import sys

from .commands import summary_of
from .common import BOARD_HELP, help_text, positive_int

REQUEST_SECONDS = 5.0
"""--timeout's default: it bounds each request, not the command (a server
runs until stopped)."""


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help=summary_of("serve"), description=help_text(__doc__))
    p.add_argument("board", nargs="?", default="beginner-midgame",
                   help=BOARD_HELP + " (default: the shipped beginner-midgame)")
    p.add_argument("--spec", default="written",
                   help="the schema the page opens on: written (default) or corrected")
    p.add_argument("--formula", default="", help="a formula the page opens with")
    p.add_argument("--port", type=positive_int, default=8765, metavar="N",
                   help="the port (default 8765; 0 for any free one)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.set_defaults(run=run)


def run(args) -> int:
    import socket

    from ..board.files.textfile import write_board
    from ..serve import api
    from . import UserError
    from .common import load_board_file

    if args.spec not in ("written", "corrected"):
        raise UserError(f"--spec {args.spec!r}: the page opens on written or corrected")
    board = load_board_file(args.board)
    if len(board.cells) > api.MAX_CELLS:
        raise UserError(f"{args.board}: {len(board.cells):,} cells, more than the page edits "
                        f"({api.MAX_CELLS:,})")
    if board.topology not in ("square", "torus", "hex"):
        raise UserError(f"{args.board}: a {board.topology} board; the page edits grid boards")
    api.SETTINGS.seconds = args.timeout
    start = {"schema": args.spec, "board": write_board(board), "formula": args.formula}
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


def serve(start: dict, host: str, port: int, browser: bool) -> int:
    import threading
    import webbrowser

    import uvicorn

    from ..serve.app import create_app

    url = f"http://{host if ':' not in host else f'[{host}]'}:{port}/"
    config = uvicorn.Config(create_app(start), host=host, port=port, log_level="warning",
                            access_log=False, lifespan="off")
    server = uvicorn.Server(config)
    print(f"setmine serve: the live page is at {url} (Ctrl-C stops it)", flush=True)
    if browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        server.run()
    except KeyboardInterrupt:   # uvicorn stops on Ctrl-C, then raises it again: the way to stop
        pass
    print("setmine serve: stopped", file=sys.stderr)
    return 0
