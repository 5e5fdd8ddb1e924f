"""``setmine observe BOARD [--spec FILE] [--placements K] [--seed N]
[--json]``: every term of the schema on several placements of the mines
consistent with the board's view (same open cells, numbers and total) —
all of them when few, else a seeded sample — and, per term, whether its
value changes: then it uses hidden information.  Says which terms the move
(A6) depends on; exit status 1 when one of those changes."""

from __future__ import annotations

import json
import sys

from ..crosscheck.observability import observe, render, to_json
from ..eval.interpret.model import Limits
from ..present.output.header import schema_line
from .commands import summary_of
from .common import (BOARD_HELP, add_board_options, add_budget_options, load_board_file,
                     load_valid_schema)
from .argtypes import positive_int
from .common import help_text
from .progress import progress_bar, wanted


def add_parser(sub) -> None:
    p = sub.add_parser("observe", help=summary_of("observe"),
                       description=help_text(__doc__))
    p.add_argument("board", help=BOARD_HELP)
    p.add_argument("--placements", type=positive_int, default=8, metavar="K",
                   help="evaluate on at most K placements (default 8)")
    p.add_argument("--seed", type=int, default=0, help="the sampling seed (default 0)")
    p.add_argument("--json", action="store_true", help="the observation as one JSON object")
    add_board_options(p)
    add_budget_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from . import UserError

    schema = load_valid_schema(args.spec)
    if args.placements < 1:
        raise UserError("--placements must be at least 1")
    board = load_board_file(args.board, args.mines)
    limits = Limits(max_elements=args.max_candidates, max_seconds=args.max_seconds)
    with progress_bar(None, "observing", wanted(args)) as update:
        obs = observe(schema, board, args.placements, args.seed, limits,
                      progress=lambda done, total, note: update(completed=done, total=total,
                                                                note=note))
    if args.json:
        json.dump(to_json(obs), sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        print(schema_line(schema))
        print("\n".join(render(obs)))
    return 1 if obs.hidden_in_move_closure() else 0
