"""The blog's subset analysis (seeds/004): models 1 and 2, and model 3's
``probablemine`` difference sets until the data does not change."""

from __future__ import annotations

import random

import pytest

from setmine.solver import InconsistentPosition, Position, random_game, solve
from setmine.solver.rules import french
from setmine.solver.rules.subset_analysis import (Analysis, Probablemine, deduce, model_1, model_2, probables,
                                    suranalyse)


def P(points: str, count: int) -> Probablemine:
    return Probablemine(frozenset(points), count)


def graph_position(numbers: dict[str, tuple[int, str]], flagged: str = "", total: int = 0) -> Position:
    closed = sorted({c for _, around in numbers.values() for c in around} | set(flagged))
    cells = tuple(closed) + tuple(numbers)
    nbrs: dict[str, set[str]] = {c: set() for c in cells}
    for x, (_, around) in numbers.items():
        for c in around:
            nbrs[x].add(c)
            nbrs[c].add(x)
    return Position(cells, nbrs, {x: n for x, (n, _) in numbers.items()}, total, frozenset(flagged))


# The blog's example: A + B = 1 (1), D + E = 1 (2), A + B + C + D + E = 2 (3)
BLOG = graph_position({"x1": (1, "AB"), "x2": (1, "DE"), "x3": (2, "ABCDE")}, total=2)


# ---------------------------------------------------------------------------
# Models 1 and 2


def test_model_1_found_mines_equal_the_number():
    pos = Position.from_grid(["F??", "1??"], total_mines=1)
    a = Analysis(pos)
    assert a.calmine((1, 0)) == 1 and a.calhide((1, 0)) == 3
    assert model_1(a, (1, 0)) and not model_2(a, (1, 0))
    assert a.steps[0].safe == {(0, 1), (1, 1)}
    d = deduce(pos)
    assert d.safe == {(0, 1), (1, 1)} and not d.mines


def test_model_2_hidden_equal_the_number():
    d = deduce(Position.from_grid(["?2?"], total_mines=2))
    assert d.mines == {(0, 0), (0, 2)} and not d.safe
    assert [s.rule for s in d.steps] == ["model 2"]
    a = Analysis(Position.from_grid(["??", "2?"], total_mines=2))
    assert a.calhide((1, 0)) == 3 and not model_2(a, (1, 0))


def test_model_2_counts_found_mines_as_hidden():
    # calhide counts the hidden blocks, mines found included
    pos = Position.from_grid(["F2?"], total_mines=2)
    a = Analysis(pos)
    assert a.calhide((0, 1)) == 2 and model_2(a, (0, 1))
    assert a.steps[0].mines == {(0, 2)}


# ---------------------------------------------------------------------------
# Model 3


def test_blog_example_suranalyse():
    notmines, mines, pool = suranalyse([P("AB", 1), P("DE", 1), P("ABCDE", 2)])
    assert notmines == {"C"} and mines == set()
    # round 1: (3) - (1) = C + D + E = 1, (3) - (2) = A + B + C = 1;
    # round 2: C + D + E - (2) = C = 0 (and A + B + C - (1)): C is not a mine;
    # round 3: nothing new -- the data does not change.
    assert set(pool) == {P("AB", 1), P("DE", 1), P("ABCDE", 2), P("CDE", 1), P("ABC", 1)}


def test_blog_example_on_a_position():
    d = deduce(BLOG)
    assert d.safe == {"C"} and not d.mines
    assert [s.rule for s in d.steps] == ["model 3"] * 3
    assert [s.why for s in d.steps][:2] == [
        "(A + B + C + D + E = 2) - (A + B = 1) ⇒ C + D + E = 1",
        "(A + B + C + D + E = 2) - (D + E = 1) ⇒ A + B + C = 1",
    ]
    assert d.steps[2].safe == {"C"} and d.steps[2].why.endswith("⇒ C = 0")
    assert "C" in solve(BLOG).safe


def test_difference_with_all_mines():
    # A + B = 1 inside A + B + C + D = 3: C + D = 2, both mines
    notmines, mines, _ = suranalyse([P("AB", 1), P("ABCD", 3)])
    assert mines == {"C", "D"} and not notmines


def test_unresolved_difference_joins_the_next_round():
    # A + B = 1 inside A + B + C + D + E = 2: C + D + E = 1 joins the probables
    notmines, mines, pool = suranalyse([P("AB", 1), P("ABCDE", 2)])
    assert not notmines and not mines
    assert P("CDE", 1) in pool and len(pool) == 3


def test_equal_points_give_nothing():
    notmines, mines, pool = suranalyse([P("AB", 1), P("AB", 1)])
    assert not notmines and not mines and pool == [P("AB", 1)]


def test_contradiction():
    with pytest.raises(InconsistentPosition):
        suranalyse([P("AB", 2), P("ABC", 1)])


def test_overlap_without_inclusion_is_not_used():
    # the French rule 4 case: no points is a subset of another, model 3 is silent
    pos = graph_position({"x": (2, "abc"), "y": (1, "bcd")}, total=2)
    d = deduce(pos)
    assert not d.safe and not d.mines
    assert french.deduce(pos).safe == {"d"}


def test_french_rules_miss_the_blog_example():
    # rules 2-5 compare two numbers only; C needs a difference of differences
    assert not french.deduce(BLOG).safe and not french.deduce(BLOG).mines


def test_outer_loop_uses_model_3_results():
    # model 3 frees C; then x4 = 1 on {C, F} has C judged: model 1/2 finish F
    pos = graph_position({"x1": (1, "AB"), "x2": (1, "DE"), "x3": (2, "ABCDE"), "x4": (1, "CF")},
                         total=3)
    d = deduce(pos)
    assert d.safe == {"C"} and d.mines == {"F"}
    assert [s.rule for s in d.steps if s.safe or s.mines] == ["model 3", "model 2"]


@pytest.mark.parametrize("seed", range(25))
def test_no_model_applies_at_the_end(seed):
    pos, _ = random_game(random.Random(seed), 8, 8, 10, 4, ["square", "torus", "hex"][seed % 3])
    d = deduce(pos)
    a = Analysis(pos)
    a.judge(d.safe, "not mine")
    a.judge(d.mines, "mine")
    for x in a.numbers:
        assert not model_1(a, x) and not model_2(a, x)
    notmines, mines, _ = suranalyse(probables(a))
    assert not notmines and not mines
