"""The corrected schema at expert scale, by counting: card(D15), every
cell's family size in D17 and D18 equal the solver's placements, counts and
least-probability cells, on seeded 30×16/99 mid-game positions."""

import random
import sys
from pathlib import Path

import pytest

from setmine.board import structure
from setmine.eval.model import evaluate_schema
from setmine.eval.sets import card
from setmine.rsl.schema import Schema
from setmine.solver import Position, solve

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from eval_scaling import position  # noqa: E402


@pytest.fixture(scope="module")
def corrected():
    return Schema.load(ROOT / "spec" / "saper-corrected.rsl")


def check(schema, board) -> None:
    results = evaluate_schema(schema, structure(board))
    assert all(r.ok for r in results.values()), {a: r.error for a, r in results.items() if r.error}
    sol = solve(Position.from_board(board))
    closed = set(board.cells) - board.opened
    assert card(results["D15"].value) == sol.total
    family = {x: card(next(iter(f))) for x, f in results["D17"].value.fibers}
    assert family == {c: sol.count[c] for c in closed if sol.count[c] < sol.total}
    assert set(results["D18"].value) == set(sol.best)
    assert set(results["D8"].value) == set(sol.mines)
    assert set(results["D11"].value) == set(sol.safe)


@pytest.mark.parametrize("seed", range(3))
def test_a_few_expert_positions(corrected, seed):
    check(corrected, position(random.Random(seed), 16, 30, 99))


@pytest.mark.slow
def test_fifty_expert_positions(corrected):
    rng = random.Random(2026)
    for _ in range(50):
        check(corrected, position(rng, 16, 30, 99))
