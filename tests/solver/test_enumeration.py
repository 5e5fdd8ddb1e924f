"""Counting a component by listing its solutions, against the dynamic
programme it stands in for, and the programme alone against the oracle."""

from __future__ import annotations

import random
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.solver import InconsistentPosition, Position, random_game
from setmine.solver.engine.components import analyse, ordered
from setmine.solver.engine.enumeration import enumerate_component
from setmine.solver.engine.tables import tabulate, uniform

from .test_probability import any_positions, check_against_oracle, true_positions

UNLIMITED = 10 ** 9


def components(pos: Position):
    """The components of ``pos`` that are not uniform, with the length of
    their tables (as the solver asks for them)."""
    try:
        st_ = analyse(pos, order=False)
    except InconsistentPosition:   # seen from one number alone: no component to count
        return
    for comp in st_.components:
        length = min(st_.mines_left, sum(st_.groups[g].size for g in comp.groups)) + 1
        if st_.mines_left >= 0 and uniform(comp, st_, length) is None:
            yield comp, st_, length


def agree(pos: Position, per_group: int, rng: random.Random) -> int:
    """Where the search answers, its table and its counts under random
    weights are the programme's; the components it answered."""
    answered = 0
    for comp, st_, length in components(pos):
        found = enumerate_component(comp, st_, length, per_group)
        dp = tabulate(ordered(comp, st_), st_, length, None)
        if found is None:
            # it gives up, or there is no solution (which it leaves to the programme)
            assert per_group < UNLIMITED or not any(dp.table)
            continue
        answered += 1
        assert found.table == dp.table
        weight = [rng.randrange(10 ** 30) for _ in range(length)]
        assert found.counts(weight) == dp.counts(weight)
    return answered


positions = st.one_of(true_positions(), any_positions())


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.sampled_from([0, 1, 3, 30, UNLIMITED]), st.randoms(use_true_random=False))
def test_the_search_answers_as_the_programme(pos, per_group, rng):
    agree(pos, per_group, rng)


def test_the_search_answers_as_the_programme_on_game_positions():
    rng = random.Random(5)
    answered = 0
    for i, (rows, cols, mines, clicks) in enumerate([(9, 9, 10, 5), (16, 16, 40, 15),
                                                     (16, 30, 99, 35)] * 8):
        pos, _ = random_game(random.Random(i), rows, cols, mines, clicks)
        answered += agree(pos, UNLIMITED, rng)
    assert answered > 20


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_the_programme_alone_matches_the_oracle(pos):
    """The search answers most components; with it off, every component
    goes through the programme, which must match the oracle too."""
    with mock.patch("setmine.solver.engine.tables.enumerate_component", return_value=None):
        check_against_oracle(pos)


def test_propagation_alone_settles_a_forced_frontier():
    # the 2 at (1,0) sees two closed cells: both mines; the 2 beside it then
    # needs no more, so its two other cells are empty -- nothing to search
    pos = Position.from_grid(["???", "22?"], total_mines=2)
    (comp, st_, length), = components(pos)
    found = enumerate_component(comp, st_, length, per_group=0)
    assert found is not None and len(found.solutions) == 1
    assert found.table == [0, 0, 1]


def test_a_frontier_of_many_solutions_is_left_to_the_programme():
    # 1s on every other cell of a row between closed rows: each 1 puts its
    # mine in the column on its left, its own, or on its right, which it
    # shares with the next 1 -- the solutions grow exponentially
    width = 25
    pos = Position.from_grid(["?" * width, "1?" * (width // 2) + "1", "?" * width],
                             total_mines=20)
    (comp, st_, length), = components(pos)
    assert enumerate_component(comp, st_, length) is None
    found = enumerate_component(comp, st_, length, UNLIMITED)
    assert len(found.solutions) == 377     # a Fibonacci number, as the shape says
    dp = tabulate(ordered(comp, st_), st_, length, None)
    assert found.table == dp.table
    weight = list(range(1, length + 1))
    assert found.counts(weight) == dp.counts(weight)


def test_a_deep_component_is_left_to_the_programme():
    # more groups than the search recurses into
    width = 450
    pos = Position.from_grid(["?" * width, "1" * width, "?" * width], total_mines=300)
    (comp, st_, length), = [c for c in components(pos)]
    assert len(comp.groups) > 400
    assert enumerate_component(comp, st_, length, UNLIMITED) is None
