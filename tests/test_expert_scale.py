"""The corrected schema at expert scale, by counting: card(D15), every
cell's family size in D17 and D18 equal the solver's placements, counts and
least-probability cells, on seeded 30×16/99 mid-game positions.  And the
schema as written on the same positions: every constituent exact, its
cardinalities those of the formulas' closed forms."""

import random

import pytest

from setmine import resources
from setmine.board import Board, grid_neighbours, structure
from setmine.eval.interpret.model import evaluate_schema
from setmine.eval.values.sets import card
from setmine.rsl.schema import Schema
from setmine.solver import Position, solve
from setmine.solver.engine.position import random_game


def position(rng: random.Random, rows: int, cols: int, mines: int) -> Board:
    """A seeded mid-game position: three clicks into a game, the move a
    closed safe cell (as bench/eval_scaling.py deals them)."""
    view, mine_set = random_game(rng, rows, cols, mines, clicks=3)
    opened = frozenset(view.shown)
    closed_safe = sorted(c for c in view.cells if c not in opened and c not in mine_set)
    move = rng.choice(closed_safe) if closed_safe else None
    return Board(rows=rows, cols=cols, cells=tuple(view.cells),
                 neighbours=grid_neighbours("square", rows, cols), mines=mine_set,
                 opened=opened, move=move, total_mines=mines, topology="square")


@pytest.fixture(scope="module")
def corrected():
    return Schema.load(resources.CORRECTED_SCHEMA)


@pytest.fixture(scope="module")
def as_written():
    return Schema.load(resources.WRITTEN_SCHEMA)


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


def check_as_written(schema, board) -> None:
    """The literal formulas, in closed form: D2 pairs a cell with every
    subset of its neighbours (Σ 2^deg pairs), D3–D6 with every subset of
    the closed (mined) ones; D8 = red(Pr2(D5 ∩ D6)) is every mined closed
    neighbour of an open cell; D15's ∀c∈D5 ∀d∈D6 (pr1 c = pr1 d & …) fails
    as soon as two open cells have closed neighbours, so D15 = ∅, each cell
    of D14 pairs with ∅ alone in D16, and D18 is every cell of D17."""
    data = structure(board)
    results = evaluate_schema(schema, data)
    assert all(r.ok for r in results.values()), {a: r.error for a, r in results.items() if r.error}
    value = {a: r.value for a, r in results.items()}
    around = {c: frozenset(board.neighbours[c]) for c in board.cells}
    closed, mines, opened = set(board.cells) - board.opened, set(board.mines), board.opened

    def pairs_count(cells, part) -> int:
        return sum(2 ** len(part(c)) for c in cells)

    assert card(value["D2"]) == pairs_count(board.cells, lambda c: around[c])
    assert card(value["D3"]) == pairs_count(board.cells, lambda c: around[c] & closed)
    assert card(value["D4"]) == pairs_count(board.cells, lambda c: around[c] & closed & mines)
    assert card(value["D5"]) == pairs_count(opened, lambda c: around[c] & closed)
    assert card(value["D6"]) == card(value["D7"]) == \
        pairs_count(opened, lambda c: around[c] & closed & mines)
    assert set(value["D8"]) == {n for c in opened for n in around[c] & closed & mines}
    assert all(value[a] is True for a in ("A1", "A2", "A3", "A4"))
    assert card(value["D15"]) == 0
    assert card(value["D16"]) == len(value["D14"])
    assert set(value["D18"]) == set(value["D17"].index())


@pytest.mark.parametrize("seed", range(3))
def test_the_schema_as_written_on_a_few_expert_positions(as_written, seed):
    check_as_written(as_written, position(random.Random(seed), 16, 30, 99))


@pytest.mark.slow
def test_the_schema_as_written_on_fifty_expert_positions(as_written):
    rng = random.Random(2026)
    for _ in range(50):
        check_as_written(as_written, position(rng, 16, 30, 99))
