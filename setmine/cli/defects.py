"""``setmine defects [--spec FILE] [--budget SECONDS] [--seed N]
[--max-cells N] [--examples K] [--write FILE] [--json]``: search small
boards of every topology for the constituents whose value betrays their
convention — disagreements with the solver (own defects and inherited
ones), terms the move depends on that use hidden information, axioms with
the wrong verdict on legal positions — and print each on its minimal board
with an explanation.  ``--write FILE`` writes the search and its findings
as JSON (``docs/defects.json``; the same object as ``--json``),
reproducibly for a given seed.  Exit status 1 when something was found, 2
when no position was examined (the budget ran out first)."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from ..board import draw
from ..board.board import plural
from ..crosscheck.defect_search import (
    DEFAULT_BUDGET,
    DEFAULT_MAX_CELLS,
    DEFAULT_RANDOM,
    DEFAULT_SEED,
    MAX_CELLS,
    Finding,
    findings,
    search,
    to_json,
)
from ..present.output.header import schema_line, schema_name
from ..resources import CORRECTED_SCHEMA as CORRECTED
from .commands import summary_of
from .common import SPEC_HELP, help_text, load_schema, writable, write_output
from .argtypes import file_name, nonnegative_int, positive_int, positive_seconds
from .progress import progress_bar, wanted


def add_parser(sub) -> None:
    p = sub.add_parser("defects", help=summary_of("defects"),
                       description=help_text(__doc__))
    p.add_argument("--spec", help=SPEC_HELP)
    p.add_argument("--corrected", help="the repaired schema the findings are compared with "
                                       "(default: the shipped spec/saper-corrected.rsl)")
    p.add_argument("--budget", type=positive_seconds, default=DEFAULT_BUDGET, metavar="SECONDS",
                   help=f"CPU seconds for the search (default {DEFAULT_BUDGET:g})")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED,
                   help=f"the seed of the random phase (default {DEFAULT_SEED})")
    p.add_argument("--max-cells", type=positive_int, default=DEFAULT_MAX_CELLS, metavar="N",
                   help=f"sweep every board of 2 to N cells, N at most {MAX_CELLS} "
                        f"(default {DEFAULT_MAX_CELLS})")
    p.add_argument("--examples", type=nonnegative_int, default=DEFAULT_RANDOM, metavar="K",
                   help=f"then K random boards of up to 4×4 (default {DEFAULT_RANDOM})")
    p.add_argument("--write", metavar="FILE", type=file_name,
                   help="write the findings as JSON to FILE")
    p.add_argument("--json", action="store_true", help="print the findings as JSON")
    p.set_defaults(run=run)


def run(args) -> int:
    from . import UserError

    schema = load_schema(args.spec)
    if schema.errors():
        raise UserError(f"{schema.path}: the schema has errors; run `setmine spec` to see them")
    corrected_path = Path(args.corrected) if args.corrected else CORRECTED
    corrected = load_schema(corrected_path) if corrected_path.exists() else None
    if not 2 <= args.max_cells <= MAX_CELLS:
        raise UserError(f"--max-cells must be between 2 and {MAX_CELLS}, got {args.max_cells}: "
                        "the sweep visits every position of every shape (3^n − 2^n for n "
                        f"cells), so beyond {MAX_CELLS} it could not finish; --examples tries "
                        "larger boards")
    if args.examples < 0:
        raise UserError(f"--examples must be at least 0, got {args.examples}")
    if args.write:   # before the search, not after it
        writable(args.write, "--write", (args.spec, args.corrected))
    with progress_bar(args.budget, "searching", wanted(args)) as update:
        result = search(schema, budget=args.budget, seed=args.seed, max_cells=args.max_cells,
                        examples=args.examples,
                        progress=lambda cpu, n: update(completed=cpu, note=f"{n} positions"))
    if result.positions == 0:
        raise UserError(f"no position was examined: the budget of {args.budget:g} CPU seconds "
                        "ran out before the first one (raise --budget)")
    found = findings(result, corrected)
    data = to_json(result, found)
    if args.write:
        write_output(args.write, json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                     "--write")
    if args.json:
        json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        print(schema_line(schema))
        print()
        for f in found:
            print("\n".join(render(f)))
            print()
        print("\n".join(summary(found, result)))
    return 1 if found else 0


def spelled(formula: str) -> str:
    """A formula as written (a finding keeps the author's text: the key of
    its shipped repair), shown as the printer writes it (``--spelling``)."""
    from ..rsl import RSLError, parse, shown

    try:
        return shown(parse(formula))
    except (RSLError, RecursionError):
        return formula


def render(f: Finding, width: int = 96) -> list[str]:
    """One finding as text: what, the formulas, the minimal board, the two
    values and the explanation."""
    what = {"disagreement": "disagrees with its convention",
            "hidden-information": "uses hidden information",
            "axiom": "has the wrong verdict"}[f.kind]
    origin = (f"inherited from {', '.join(f.inherited_from)}" if f.inherited_from
              else "its own formula")
    b = f.board
    lines = [f"{f.alias} {what} — {origin}",
             f"  convention: {f.convention}", f"  meaning:    {f.meaning}",
             f"  formula:    {f.alias} :== {spelled(f.formula)}"]
    if f.corrected_formula and f.corrected_formula != f.formula:
        lines.append(f"  corrected:  {f.alias} :== {spelled(f.corrected_formula)}")
    if f.part:
        lines.append(f"  the part:   {f.part}  →  {f.corrected_part}")
    lines.append(f"  minimal board: {b.rows}×{b.cols} {b.topology}, "
                 f"{plural(b.total_mines, 'mine')}, {len(b.opened)} open, "
                 f"move {b.move[0]},{b.move[1]} (mines shown *)")
    lines += ["    " + line for line in draw(b, show_mines=True).splitlines()]
    if f.other is not None:
        lines.append("  the other placement of the same view:")
        lines += ["    " + line for line in draw(f.other, show_mines=True).splitlines()]
        lines += [f"  value on the board:           {f.value}",
                  f"  value on the other placement: {f.expected}"]
    else:
        lines += [f"  value:    {f.value}", f"  expected: {f.expected}"]
    lines += textwrap.wrap(f.explanation, width, initial_indent="  ", subsequent_indent="  ")
    return lines


def summary(found: list[Finding], result) -> list[str]:
    def size(f: Finding) -> str:
        return f"{f.alias} ({plural(len(f.board.cells), 'cell')})"

    groups = [("own defects", [size(f) for f in found
                               if f.kind == "disagreement" and not f.inherited_from]),
              ("inherited disagreements", [f"{f.alias} ← {', '.join(f.inherited_from)}"
                                           for f in found
                                           if f.kind == "disagreement" and f.inherited_from]),
              ("hidden information", [f.alias for f in found if f.kind == "hidden-information"]),
              ("axioms", [f.alias for f in found if f.kind == "axiom"])]
    lines = [f"{schema_name(result.schema)}: {result.positions} positions in "
             f"{result.seconds:.1f} s"
             + (" (the budget ran out)" if result.exhausted else "")]
    lines += [f"  {name}: {', '.join(items) if items else 'none'}" for name, items in groups]
    lines += [f"note: {n}" for n in result.notes]
    return lines
