"""``setmine defects [--spec FILE] [--budget SECONDS] [--seed N]
[--max-cells N] [--examples K] [--write FILE] [--json]``: search small
boards of every topology for the constituents whose value betrays their
convention — disagreements with the solver (own defects and inherited
ones), terms the move depends on that use hidden information, axioms with
the wrong verdict on legal positions — and print each on its minimal board
with an explanation.  ``--write FILE`` writes the findings as JSON
(``docs/defects.json``), reproducibly for a given seed.  Exit status 1
when something was found."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from ..board import draw
from ..board.model import plural
from ..check.defects import (DEFAULT_BUDGET, DEFAULT_MAX_CELLS, DEFAULT_RANDOM, DEFAULT_SEED,
                              Finding, findings, search)
from .common import load_schema, nonnegative_int, positive_int, positive_seconds

CORRECTED = Path("spec/saper-corrected.rsl")


def add_parser(sub) -> None:
    p = sub.add_parser("defects", help="search for formulas that betray their conventions",
                       description=__doc__)
    p.add_argument("--spec", help="the schema (default spec/saper.rsl)")
    p.add_argument("--corrected", help=f"the repaired schema the findings are compared with "
                                       f"(default {CORRECTED})")
    p.add_argument("--budget", type=positive_seconds, default=DEFAULT_BUDGET, metavar="SECONDS",
                   help=f"CPU seconds for the search (default {DEFAULT_BUDGET:g})")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED,
                   help=f"the seed of the random phase (default {DEFAULT_SEED})")
    p.add_argument("--max-cells", type=positive_int, default=DEFAULT_MAX_CELLS, metavar="N",
                   help=f"sweep every board of up to N cells (default {DEFAULT_MAX_CELLS})")
    p.add_argument("--examples", type=nonnegative_int, default=DEFAULT_RANDOM, metavar="K",
                   help=f"then K random boards of up to 4×4 (default {DEFAULT_RANDOM})")
    p.add_argument("--write", metavar="FILE", help="write the findings as JSON to FILE")
    p.add_argument("--json", action="store_true", help="print the findings as JSON")
    p.set_defaults(run=run)


def run(args) -> int:
    from . import UserError

    schema = load_schema(args.spec)
    if schema.errors():
        raise UserError(f"{schema.path}: the schema has errors; run `setmine spec` to see them")
    corrected_path = Path(args.corrected) if args.corrected else CORRECTED
    corrected = load_schema(corrected_path) if corrected_path.exists() else None
    if args.max_cells < 2 or args.examples < 0:
        raise UserError("--max-cells must be at least 2 and --examples at least 0")
    result = search(schema, budget=args.budget, seed=args.seed, max_cells=args.max_cells,
                    examples=args.examples)
    found = findings(result, corrected)
    if args.write:
        text = json.dumps([f.to_json() for f in found], ensure_ascii=False, indent=1)
        try:
            Path(args.write).write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            raise UserError(f"{args.write}: cannot write: {exc.strerror or exc}") from None
    if args.json:
        json.dump({"spec": schema.path, "seed": args.seed, "positions": result.positions,
                   "seconds": round(result.seconds, 2), "exhausted": result.exhausted,
                   "notes": result.notes,
                   "findings": [f.to_json() for f in found]},
                  sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        for f in found:
            print("\n".join(render(f)))
            print()
        print("\n".join(summary(found, result)))
    return 1 if found else 0


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
             f"  formula:    {f.alias} :== {f.formula}"]
    if f.corrected_formula and f.corrected_formula != f.formula:
        lines.append(f"  corrected:  {f.alias} :== {f.corrected_formula}")
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
        return f"{f.alias} ({len(f.board.cells)} cells)"

    groups = [("own defects", [size(f) for f in found
                               if f.kind == "disagreement" and not f.inherited_from]),
              ("inherited disagreements", [f"{f.alias} ← {', '.join(f.inherited_from)}"
                                           for f in found
                                           if f.kind == "disagreement" and f.inherited_from]),
              ("hidden information", [f.alias for f in found if f.kind == "hidden-information"]),
              ("axioms", [f.alias for f in found if f.kind == "axiom"])]
    lines = [f"{result.schema.path}: {result.positions} positions in {result.seconds:.1f} s"
             + (" (the budget ran out)" if result.exhausted else "")]
    lines += [f"  {name}: {', '.join(items) if items else 'none'}" for name, items in groups]
    lines += [f"note: {n}" for n in result.notes]
    return lines
