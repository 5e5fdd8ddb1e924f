"""``setmine crosscheck BOARD [--spec FILE] [--json]``: every term of the
schema over the board against what its convention says it is — computed
from the board and the independent solver's exact counts — with the first
element that differs and both values.  Exit status 1 on any disagreement
(or a term that could not be evaluated), 0 when everything agrees, 2 when
nothing was checked (no constituent has a reference notion here).  A term
compared only partly (by sizes, its members too many to list) is marked so,
and counted in the summary."""

from __future__ import annotations

import json
import sys

from ..crosscheck.agreement import crosscheck, render, to_json
from ..crosscheck.reference import NOTIONS
from ..eval.interpret.model import Limits
from ..present.output.header import schema_line, schema_name
from .commands import summary_of
from .common import BOARD_HELP, add_board_options, add_budget_options, load_inputs
from .common import help_text
from .argtypes import quoted


def add_parser(sub) -> None:
    p = sub.add_parser("crosscheck", help=summary_of("crosscheck"),
                       description=help_text(__doc__))
    p.add_argument("board", help=BOARD_HELP)
    p.add_argument("--term", action="append", metavar="ALIAS",
                   help="only this constituent (repeatable)")
    p.add_argument("--json", action="store_true", help="the report as one JSON object")
    add_board_options(p)
    add_budget_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from . import UserError

    schema, board = load_inputs(args)
    only = [t.strip() for t in args.term] if args.term else None
    expressions = [t for t in only or () if t not in schema]
    if expressions:
        raise UserError(f"--term {quoted(expressions[0])}: the cross-check compares constituents with "
                        f"the solver's notions of them; name a constituent (its alias), not an "
                        f"expression")
    limits = Limits(max_elements=args.max_candidates, max_seconds=args.max_seconds)
    report = crosscheck(schema, board, limits, only=only)
    if args.json:
        json.dump(to_json(report), sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        print(schema_line(schema))
        print("\n".join(render(report)))
    if not report.checked:
        reasons = sorted({r.message for r in report.rows})
        print(f"setmine crosscheck: nothing was checked: the constituents of "
              f"{schema_name(schema)} asked for ({len(report.rows)}) were all skipped "
              f"({'; '.join(reasons) or 'none evaluated'}); the cross-check knows "
              f"{', '.join(NOTIONS)} by alias", file=sys.stderr)
        return 2
    return 0 if report.ok else 1
