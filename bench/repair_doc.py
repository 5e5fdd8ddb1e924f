"""The repair of the written schema's root defects: the table of
docs/repair.md ("The written schema's root defects") and docs/repairs.json,
which the HTML report and the notebook read to show each fix beside its
finding.

The root defects are the findings of docs/defects.json that disagree with
their convention on their own (no ``inherited_from``).  They are repaired
in dependency order, each on the schema with the fixes found before it,
as `setmine repair` does; each fix is validated on every position of
every square board up to 8 cells (`--validate`).

    python bench/repair_doc.py                     # the defaults of setmine repair
    python bench/repair_doc.py --quick             # cells<=4, validated on cells<=5
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from setmine.eval.interpret.model import dependency_order
from setmine.repairing.search import DEFAULT_SCOPE, DEFAULT_VALIDATE, repair
from setmine.repairing.text import applied, to_json
from setmine.resources import DEFECTS, WRITTEN_SCHEMA
from setmine.rsl.schema import Schema

HEADING = "## The written schema's root defects"
WHY = """Two root defects are one edit from right: D14 names D13 (the undecided
cells next to a number) where its convention needs D8 (the sure mines), and
D15 joins `pr₁ c = pr₁ d` and the count with `&`, so that every pair of
distinct open cells falsifies it, where `⇒` was meant (`∃d` for `∀d` is
the other fix of one edit).  The others need a change larger than the
bound: D2 pairs a cell with every subset of its neighbours (`∀c ∈ pr₂ a …`
bounds the set from above only) where the convention needs `pr₂ a` to equal
the set of neighbours; D8 and D11 collect what the single-cell rule finds
(`red(Pr₂ D₇)`, `red(Pr₂ D₁₀)`), where the convention needs every placement
of the mines counted, a formula of another shape (spec/saper-corrected.rsl
writes it); D10 is right only with the sure-safe cells in it, and the
written D11 is built from D10, so no edit may name D11 there (a cycle): the
corrected schema defines D11 from the placements first, then D10 from it;
D16 and D17 say `∀b ∈ pr₂ a (…)`, which admits every
subfamily of the placements mining a cell, where the convention needs the
family itself (`pr₂ a = {b ∈ D₁₅ | pr₁ a ∈ b}`)."""


def roots(schema: Schema) -> list[str]:
    findings = json.loads(Path(DEFECTS).read_text(encoding="utf-8"))["findings"]
    own = {f["alias"] for f in findings if f["kind"] == "disagreement" and not f["inherited_from"]}
    return [a for a in dependency_order(schema) if a in own]


def splice(text: str, lines: list[str]) -> str:
    """``text`` with the section under HEADING (to the next ``## `` or the
    end) replaced by ``lines``; appended when it is not there."""
    if HEADING not in text:
        return text.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"
    head, rest = text.split(HEADING, 1)
    after = rest.find("\n## ")
    tail = rest[after + 1:] if after >= 0 else ""
    return head + "\n".join(lines) + ("\n\n" + tail if tail else "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scope", default=DEFAULT_SCOPE)
    parser.add_argument("--validate", default=DEFAULT_VALIDATE)
    parser.add_argument("--max-edits", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=900.0)
    parser.add_argument("--quick", action="store_true", help="cells<=4, validated on cells<=5")
    parser.add_argument("--page", default="docs/repair.md")
    parser.add_argument("--json", default="docs/repairs.json")
    args = parser.parse_args()
    if args.quick:
        args.scope, args.validate = "cells<=4", "cells<=5"
    schema = Schema.load(WRITTEN_SCHEMA)
    results, rows = [], []
    for alias in roots(schema):
        started = time.perf_counter()
        r = repair(schema, alias, args.scope, max_edits=args.max_edits, seconds=args.seconds,
                   validate=args.validate)
        seconds = time.perf_counter() - started
        fix = next((f for f in r.fixes if f.wrong_on is None), None)
        print(f"{alias}: {r.status}, {r.counts.tried} candidates, {seconds:.1f} s", flush=True)
        results.append(r)
        rows.append((r, fix, seconds))
        if fix is not None:
            schema = applied(r, fix)
    lines = [HEADING, "",
             f"`python bench/repair_doc.py`: `setmine repair` on each root defect of "
             f"docs/defects.json, in dependency order, each on the schema with the fixes "
             f"before it; search on every position of `{args.scope}`, at most "
             f"{args.max_edits} edits; each fix validated on every position of "
             f"`{args.validate}`.", "",
             "| term | result | edits | fix | candidates tried | pruned | evaluations | "
             "seconds |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r, fix, seconds in rows:
        if fix is not None:
            result = f"fixed, validated on {fix.validated:,} positions"
            change = "; ".join(f"`{e}`" for e in fix.edits)
            edits = str(len(fix.edits))
        else:
            result = {"not-found": f"no fix within {r.edits_searched} edits",
                      "undecided": f"stopped by --{r.stopped}"}.get(r.status, r.status)
            change, edits = "—", "—"
        lines.append(f"| {r.alias} | {result} | {edits} | {change} | {r.counts.tried:,} | "
                     f"{r.counts.pruned:,} | {r.counts.evaluations:,} | {seconds:.1f} |")
    lines += ["", WHY, "", "The repaired formulas, as `setmine repair --apply` writes them:", ""]
    for r, fix, _ in rows:
        if fix is not None:
            lines.append(f"    {r.alias} :== {to_json(r)['fixes'][0]['formula']}")
    page = Path(args.page)
    page.write_text(splice(page.read_text(encoding="utf-8"), lines), encoding="utf-8")
    data = {"schema": "spec/saper.rsl", "scope": args.scope, "validate": args.validate,
            "max_edits": args.max_edits, "terms": [to_json(r) for r in results]}
    Path(args.json).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                               encoding="utf-8")
    print(f"wrote {page} and {args.json}")


if __name__ == "__main__":
    main()
