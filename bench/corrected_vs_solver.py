"""The corrected schema's whole evaluation against the solver, per position,
on the same expert mid-game positions, side by side — and a check that the
schema's answers are the solver's.

    .venv/bin/python bench/corrected_vs_solver.py [--positions N] [--seed S]

For each of N seeded 30×16/99 mid-game positions, timed side by side:

- schema: every constituent of spec/saper-corrected.rsl (27: six axioms,
  21 terms) evaluated by setmine's reference evaluator from the formulas;
- compiled: the same 27, by the compiled path (``eval/compiled``: the
  schema compiled once before the positions, closures over bit masks):
  the values in compact form (masks, counted families), then each decoded
  into the reference's kind of value, both timed.  The positions share
  the 30×16 board, as a game's do, and the program keeps a term's value
  while what it reads is equal: the board's own terms (D2, A1–A3, read
  only X1 and S1) are computed on the first position only.  So the first
  position is timed apart too, on a program that has run nothing;
- solver: the exact solver (`setmine.solver.solve`) on the same view — the
  probabilities only (what D8, D11 and D15–D18 count);
- imperative: the same 27 values computed imperatively, without RSLang —
  the solver's counts plus the term-by-term reference of the cross-check
  (`setmine.crosscheck.reference`): the like-for-like baseline of a whole
  evaluation.

Prints the median time of each and the ratios, and counts the positions
where card(D15), each cell's family size in D17 and D18 equal the
solver's placements, counts and least-probability cells.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from eval_scaling import position

from setmine.board import structure
from setmine.crosscheck.reference import NOTIONS, Facts, defined
from setmine.eval.compiled.program import Program
from setmine.eval.interpret.model import evaluate_schema
from setmine.eval.values.sets import card
from setmine.resources import CORRECTED_SCHEMA
from setmine.rsl.schema import Schema
from setmine.solver import Position, solve


FIRST = 10  # the positions also timed on a fresh program


def agrees(results, sol, board) -> bool:
    closed = set(board.cells) - board.opened
    family = {x: card(next(iter(f))) for x, f in results["D17"].value.fibers}
    expected = {c: sol.count[c] for c in closed if sol.count[c] < sol.total}
    return (card(results["D15"].value) == sol.total and family == expected
            and set(results["D18"].value) == set(sol.best))


def compiled_agrees(results, sol, board) -> bool:
    closed = set(board.cells) - board.opened
    family = {x: card(f) for x, f in results["D17"].value}
    expected = {c: sol.count[c] for c in closed if sol.count[c] < sol.total}
    return (card(results["D15"].value) == sol.total and family == expected
            and set(results["D18"].value) == set(sol.best))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    schema = Schema.load(CORRECTED_SCHEMA)
    program = Program(schema)
    rng = random.Random(args.seed)
    schema_times, solver_times, imperative_times, exact = [], [], [], 0
    compiled_times, computed_times, compiled_exact, first_times = [], [], 0, []
    for i in range(args.positions):
        board = position(rng, 16, 30, 99)
        data = structure(board)
        if i < FIRST:  # a program that has run nothing: every term computed
            fresh = Program(schema)
            started = time.perf_counter()
            fresh.run(data)
            first_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        results = evaluate_schema(schema, data)
        schema_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        compiled = program.run(data)
        computed_times.append(time.perf_counter() - started)
        for result in compiled.values():
            _ = result.value
        compiled_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        sol = solve(Position.from_board(board))
        solver_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        facts = Facts(structure(board))
        for alias in results:  # (A6 and D21 are undefined without a move, in both)
            if defined(alias, facts) is None:
                NOTIONS[alias].compute(facts)
        imperative_times.append(time.perf_counter() - started)
        exact += all(r.ok for r in results.values()) and agrees(results, sol, board)
        compiled_exact += all(r.ok for r in compiled.values()) and \
            compiled_agrees(compiled, sol, board)
    a, b, c = (statistics.median(t) for t in (schema_times, solver_times, imperative_times))
    d, e = statistics.median(compiled_times), statistics.median(computed_times)
    print(f"{args.positions} expert positions: schema exact on {exact}; median time: "
          f"schema's whole evaluation {a * 1000:.0f} ms, solver {b * 1000:.2f} ms "
          f"(ratio {a / b:.0f}×), the same values computed imperatively {c * 1000:.1f} ms "
          f"(ratio {a / c:.1f}×)")
    print(f"compiled path: exact on {compiled_exact}; median {d * 1000:.1f} ms with every "
          f"value decoded, {d / c:.1f}× the imperative computation (target ≤ 3×: "
          f"{'met' if d / c <= 3 else 'not met'}), {a / d:.1f}× faster than the reference; "
          f"the values computed in compact form {e * 1000:.1f} ms, {e / c:.1f}× the imperative "
          f"({'met' if e / c <= 3 else 'not met'}); the first position of the board, "
          f"nothing shared, {statistics.median(first_times) * 1000:.1f} ms in compact form, "
          f"{statistics.median(first_times) / c:.1f}× the imperative")


if __name__ == "__main__":
    main()
