"""``setmine report BOARD [--spec FILE] [--against FILE | --no-against] [-o OUT.html]``:
one self-contained HTML page of the schema over the board — the board, the
axioms' verdicts, the move and where it must come from, then one section per
constituent in dependency order: its formula (point at a sub-term for its
type and value), its convention and gloss, and its value drawn on the board.
A set of cells is lit; a relation lights a cell's set(s) when you point at
the cell; a family shows its exact size and first members; a relation from
cells to families is a heat map of exact probabilities.  Terms the defect
search found wrong carry a badge linking to the explanation on their
minimal board.

--against FILE shows a second schema's values beside each section and marks
where they differ; for the shipped written schema it defaults to the shipped
corrected one (--no-against turns it off).  The page needs no network and
opens from disk in any current browser; docs/pictures.md is its contract."""

from __future__ import annotations

import time
from pathlib import Path

from .. import resources
from .common import (BOARD_HELP, add_board_options, add_budget_options, budget_from, help_text,
                     load_board_file, load_valid_schema, write_atomically)


def add_parser(sub) -> None:
    p = sub.add_parser("report", help="an HTML page: every term drawn on the board",
                       description=help_text(__doc__))
    p.add_argument("board", nargs="?", help=BOARD_HELP)
    p.add_argument("--against", metavar="FILE",
                   help="a second schema shown beside the first, differences marked "
                        "(default for spec/saper.rsl: spec/saper-corrected.rsl)")
    p.add_argument("--no-against", action="store_true", help="no second schema")
    p.add_argument("-o", "--output", metavar="OUT.html",
                   help="where to write the page (default: BOARD's name with .html, here)")
    add_board_options(p)
    add_budget_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from . import UserError

    if args.board is None:
        raise UserError("give a board (a file, or a shipped board by name such as beginner-midgame)")
    if args.against and args.no_against:
        raise UserError("--against and --no-against contradict each other")
    schema = load_valid_schema(args.spec)
    against = None
    if args.against:
        against = load_valid_schema(args.against)
    elif not args.no_against and _is_written(schema):
        against = load_valid_schema(str(resources.CORRECTED_SCHEMA))
    board = load_board_file(args.board, args.mines)
    output = Path(args.output) if args.output else Path(Path(args.board).stem + ".html")
    _writable(output)
    from ..pictures.page import report_page
    from ..pictures.report import build

    started = time.perf_counter()
    report = build(schema, board, against=against, budget=budget_from(args))
    html = report_page(report)
    write_atomically(output, html)
    print(f"wrote {output} ({len(html.encode('utf-8')):,} bytes, {len(report.sections)} sections, "
          f"{time.perf_counter() - started:.1f} s); open it in a browser: {output.resolve().as_uri()}")
    return 0


def _is_written(schema) -> bool:
    try:
        return schema.path is not None and \
            Path(schema.path).resolve() == resources.WRITTEN_SCHEMA.resolve()
    except OSError:
        return False


def _writable(output: Path) -> None:
    """Fail before the work, not after it, on a folder that is not there."""
    from . import UserError

    if output.is_dir():
        raise UserError(f"-o {output}: is a folder; give a file name such as {output / 'report.html'}")
    if not output.parent.is_dir():
        raise UserError(f"-o {output}: the folder {output.parent} does not exist")
