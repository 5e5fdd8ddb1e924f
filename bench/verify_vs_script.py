"""`setmine verify` against the plain script a user would write for the same
check, side by side in one process on one core.

The check is `--spec spec/saper-corrected.rsl --scope positions --assert
'D18 ∩ D8 = ∅'` on every position of each grid: every placement of k mines
(k = 0..n−1), every set of open safe cells leaving a closed safe cell,
every closed cell as the move.  Three ways, each timed on the whole scope:

- script: `bench/plain_verify.py`, standard library only — each view's
  consistent placements by brute force, the decision cached per view, no
  symmetry;
- verify: `setmine.verification.boards.run.verify(job)` with symmetry reduction, run
  serially in this process (no Dask cluster), counting's tables emptied
  first (``kept.forget``) so that no way profits from the one before;
- verify --no-symmetry: the same, every state checked.

    python bench/verify_vs_script.py                 # 3x3 and 3x4 (3x4: minutes)
    python bench/verify_vs_script.py --quick         # 2x3 and 3x3
    python bench/verify_vs_script.py --shapes 3x3 --json out.json
    python bench/verify_vs_script.py --shapes 4x4 --mines 3   # one mine count (minutes)

Checks that the three agree (the same states, the property holding on every
one), then prints each way's seconds and the ratios script / verify beside
the targets: verify ≥ 5× faster than the script with symmetry, at least as
fast without.

Then where the time goes: the script decides each view once (its time
over its views is the cost of a decision, enumeration included); `verify`
decides each group of placements once — run again, with its decisions
counted and each term it computes timed (the instrumented run is not the
timed one) — so its time over its decisions is the cost of one, split by
term.
"""

from __future__ import annotations

import argparse
import json
import time

from plain_verify import check

from setmine.eval.compiled.program import Run
from setmine.eval.values.kept import forget
from setmine.resources import CORRECTED_SCHEMA
from setmine.rsl.schema import Schema
from setmine.verification.boards import explore
from setmine.verification.boards.job import Job, shape_data
from setmine.verification.boards.run import verify
from setmine.verification.boards.scope import count_positions, parse_shapes

PROPERTY = "D18 ∩ D8 = ∅"
TARGETS = {"symmetry": 5.0, "no_symmetry": 1.0}
"""The least ratio script seconds / verify seconds wanted, per way of verify."""


def timed(fn, *args):
    started = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - started


def run_verify(schema: Schema, shape, symmetry: bool, mines: int | None = None) -> dict:
    forget()  # each way from nothing: no count kept from the way before
    job = Job(schema_text=schema.source, schema_path="spec/saper-corrected.rsl",
              shapes=(shape_data(shape),), properties=(("assert", PROPERTY),),
              symmetry=symmetry, mines=(0, None) if mines is None else (mines, mines))
    result = verify(job)  # neither workers nor scheduler: serially, here
    [tally] = result.merged["properties"]
    assert result.holds and tally["checked"] == result.merged["states"], result.merged
    return result.merged


def decisions(schema: Schema, shape, mines: int | None) -> tuple[int, dict]:
    """verify with symmetry run again, instrumented: how many positions it
    decides, and the seconds of each term it computes."""
    calls, seconds = [0], {}
    check_of, computed_of = explore._check, Run.computed

    def counted(*args):
        calls[0] += 1
        return check_of(*args)

    def term(run, alias, started):
        began = time.perf_counter()
        try:
            return computed_of(run, alias, started)
        finally:
            seconds[alias] = seconds.get(alias, 0.0) + time.perf_counter() - began
    explore._check, Run.computed = counted, term
    try:
        run_verify(schema, shape, True, mines)
    finally:
        explore._check, Run.computed = check_of, computed_of
    return calls[0], seconds


def measure(schema: Schema, shape, mines: int | None = None) -> dict:
    """The three ways on one grid (one mine count, or all), checked to agree."""
    (states, first, views), script = timed(check, shape.rows, shape.cols, mines)
    assert first is None, f"the script finds a counterexample on {shape.name}: {first}"
    both, symmetry = timed(run_verify, schema, shape, True, mines)
    alone, no_symmetry = timed(run_verify, schema, shape, False, mines)
    n = len(shape.cells)
    expected = count_positions(n, range(n) if mines is None else [mines])
    assert states == both["states"] == alone["states"] == expected, \
        (states, both["states"], alone["states"], expected)
    scope = f"{shape.rows}x{shape.cols}" + ("" if mines is None else f", {mines} mines")
    decided, terms = decisions(schema, shape, mines)
    return {"scope": scope, "states": states, "views": views, "decisions": decided,
            "term_seconds": terms,
            "distinct": both["distinct"],
            "seconds": {"script": script, "symmetry": symmetry, "no_symmetry": no_symmetry},
            "ratio": {"symmetry": script / symmetry, "no_symmetry": script / no_symmetry}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shapes", default="3x3,3x4", help="square grids RxC, comma-separated")
    parser.add_argument("--quick", action="store_true", help="only 2x3 and 3x3")
    parser.add_argument("--json", metavar="FILE", help="write the measured numbers to FILE")
    parser.add_argument("--mines", type=int, metavar="K",
                        help="only the positions with K mines (every count by default)")
    args = parser.parse_args()
    shapes = parse_shapes("2x3,3x3" if args.quick else args.shapes)
    if any(s.topology != "square" for s in shapes):
        parser.error("--shapes: the script knows square grids only (RxC)")
    schema = Schema.load(CORRECTED_SCHEMA)
    print(f"{PROPERTY} on every position, spec/saper-corrected.rsl, one core")
    print(f"{'scope':>13} {'states':>10} {'script s':>9} {'verify s':>9} {'no-sym s':>9}   "
          f"script/verify (target ≥ {TARGETS['symmetry']:g}×)   "
          f"script/no-sym (target ≥ {TARGETS['no_symmetry']:g}×)")
    rows = []
    for shape in shapes:
        row = measure(schema, shape, args.mines)
        rows.append(row)
        s, r = row["seconds"], row["ratio"]
        verdict = {way: "met" if r[way] >= TARGETS[way] else "not met" for way in TARGETS}
        print(f"{row['scope']:>13} {row['states']:>10,} {s['script']:>9.2f} "
              f"{s['symmetry']:>9.2f} {s['no_symmetry']:>9.2f}   "
              f"{r['symmetry']:>10.3f}× {verdict['symmetry']:<18}"
              f"{r['no_symmetry']:>10.3f}× {verdict['no_symmetry']}", flush=True)
    print("all three agree: the same states, the property holds on every one")
    print("\nwhere the time goes: one decision each (verify's terms timed in a run of their own)")
    for row in rows:
        s, n, d = row["seconds"], row["views"], row["decisions"]
        terms = sorted(row["term_seconds"].items(), key=lambda kv: -kv[1])
        split = ", ".join(f"{a} {t / d * 1e6:.0f}" for a, t in terms if t / d >= 1e-6)
        print(f"{row['scope']:>13}: script {n:,} views, {s['script'] / n * 1e6:.0f} µs each; "
              f"verify {d:,} decisions ({n / d:.1f}× fewer), "
              f"{s['symmetry'] / d * 1e6:.0f} µs each — its terms, µs per decision: {split}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"property": PROPERTY, "schema": "spec/saper-corrected.rsl",
                       "scope": "positions", "targets": TARGETS, "shapes": rows},
                      f, ensure_ascii=False, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
