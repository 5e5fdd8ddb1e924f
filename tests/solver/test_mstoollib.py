"""The exact probability engine against ms-toollib (a Rust solver) on random
beginner / intermediate / expert positions.

ms-toollib is a test-only dependency: ``pip install ms-toollib``.
``cal_probability_onboard(matrix, mines)`` takes rows of 0-8 (open) and 10
(unopened) and returns ``(probabilities, [min, current, max mines])``.
"""

from __future__ import annotations

import random

import pytest

from setmine.solver import random_game, solve

ms_toollib = pytest.importorskip("ms_toollib")

# (rows, columns, mines, at most this many random safe clicks after the first)
LEVELS = [(9, 9, 10, 5), (16, 16, 40, 15), (16, 30, 99, 35)]
UNOPENED = 10


def check(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols, mines, clicks = LEVELS[seed % len(LEVELS)]
    pos, _ = random_game(rng, rows, cols, mines, clicks)
    matrix = [[pos.shown.get((r, c), UNOPENED) for c in range(cols)] for r in range(rows)]
    sol = solve(pos)
    theirs, _bounds = ms_toollib.cal_probability_onboard(matrix, mines)
    closed = 0
    for r in range(rows):
        for c in range(cols):
            if matrix[r][c] == UNOPENED:
                closed += 1
                ours = sol.count[(r, c)] / sol.total      # exact ints -> one rounding
                assert abs(ours - theirs[r][c]) <= 1e-9, (seed, (r, c), ours, theirs[r][c])
    assert closed == len(sol.count)
    # certain cells are certain on both sides
    for r, c in sol.safe:
        assert theirs[r][c] == 0.0, (seed, (r, c))
    for r, c in sol.mines:
        assert theirs[r][c] == 1.0, (seed, (r, c))


@pytest.mark.parametrize("seed", range(50))
def test_agrees_with_ms_toollib_quick(seed):
    check(seed)


@pytest.mark.slow
def test_agrees_with_ms_toollib_2000_positions():
    for seed in range(1000, 3100):      # 700 positions of each level
        check(seed)
