"""The three seed rule systems against the exact engine: sound on every
consistent view, complete where their texts promise, and related as their
rules say (rules.deduce, french, course, subsets)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.solver import Position, grid_neighbours, random_game, solve
from setmine.solver.rules import french
from setmine.solver.rules.deduction import Deduction, Step
from setmine.solver.rules.systems import SYSTEMS, deduce

BOARDS = Path(__file__).resolve().parents[2] / "spec" / "boards"
NAMES = tuple(SYSTEMS)


def rules_fired(deduction: Deduction) -> dict[str, int]:
    """How many times each rule fired."""
    return dict(Counter(s.rule for s in deduction.steps))


# ---------------------------------------------------------------------------
# Positions: real games, some true mines flagged


def with_flags(pos: Position, mines: frozenset, rng: random.Random, share: float) -> Position:
    flagged = frozenset(m for m in sorted(mines) if rng.random() < share)
    return Position(pos.cells, pos.neighbours, pos.shown, pos.total_mines, flagged)


@st.composite
def small_games(draw):
    rows, cols = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    mines = draw(st.integers(1, rows * cols // 4))
    topology = draw(st.sampled_from(["square", "torus", "hex"]))
    rng = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    pos, true = random_game(rng, rows, cols, mines, draw(st.integers(0, 10)), topology)
    return with_flags(pos, true, rng, draw(st.sampled_from([0.0, 0.0, 0.3, 1.0])))


@st.composite
def medium_games(draw):
    rows, cols, mines, clicks = draw(st.sampled_from([(9, 9, 10, 5), (16, 16, 40, 15), (12, 12, 25, 8)]))
    topology = draw(st.sampled_from(["square", "torus", "hex"]))
    rng = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    pos, true = random_game(rng, rows, cols, mines, clicks, topology)
    return with_flags(pos, true, rng, draw(st.sampled_from([0.0, 0.2])))


@st.composite
def graph_games(draw):
    """A random graph (every cell has a neighbour), true mines, some opened."""
    n = draw(st.integers(3, 11))
    cells = [(0, i) for i in range(n)]
    nbrs = {c: set() for c in cells}
    for a, b in combinations(cells, 2):
        if draw(st.integers(0, 2)) == 0:
            nbrs[a].add(b)
            nbrs[b].add(a)
    for i, c in enumerate(cells):
        if not nbrs[c]:
            other = cells[(i + 1) % n]
            nbrs[c].add(other)
            nbrs[other].add(c)
    mines = {c for c in cells if draw(st.integers(0, 3)) == 0}
    opened = [c for c in cells if c not in mines and draw(st.booleans())]
    shown = {c: len(nbrs[c] & mines) for c in opened}
    flagged = frozenset(m for m in mines if draw(st.integers(0, 3)) == 0)
    return Position(tuple(cells), nbrs, shown, len(mines), flagged)


# ---------------------------------------------------------------------------
# What every deduction must satisfy


def single_cell_closure(pos: Position) -> tuple[set, set]:
    """Rules 0/1 (known_safes/known_mines, models 1/2) alone, to a fixpoint --
    an independent reference implementation."""
    mines, safe = set(pos.flagged), set()
    changed = True
    while changed:
        changed = False
        for x, n in pos.shown.items():
            unknown = [c for c in pos.neighbours[x] if c not in pos.shown and c not in mines | safe]
            left = n - len(pos.neighbours[x] & mines)
            if unknown and left == 0:
                safe.update(unknown)
                changed = True
            elif unknown and left == len(unknown):
                mines.update(unknown)
                changed = True
    return safe, mines - pos.flagged


def check_deduction(pos: Position, d: Deduction, sol) -> None:
    closed = set(pos.cells) - set(pos.shown)
    assert d.safe <= sol.safe, ("not safe", d.safe - sol.safe)
    assert d.mines <= sol.mines, ("not a mine", d.mines - sol.mines)
    assert d.safe <= closed and d.mines <= closed - pos.flagged and not d.safe & d.mines
    # the steps account for every cell, each concluded once
    step_safe = [c for s in d.steps for c in s.safe]
    step_mines = [c for s in d.steps for c in s.mines]
    assert sorted(step_safe, key=str) == sorted(d.safe, key=str)
    assert set(step_mines) == d.mines and len(step_mines) == len(d.mines)
    assert all(isinstance(s, Step) and s.why for s in d.steps)


def check_position(pos: Position) -> dict[str, Deduction]:
    sol = solve(pos)
    out = {name: deduce(name, pos) for name in NAMES}
    for d in out.values():
        check_deduction(pos, d, sol)
    # completeness: each system finds all that the single-cell rule finds
    safe1, mines1 = single_cell_closure(pos)
    for d in out.values():
        assert safe1 <= d.safe and mines1 <= d.mines
    assert (french.deduce(pos, rules=(0, 1)).safe, french.deduce(pos, rules=(0, 1)).mines) == (safe1, mines1)
    # the subset rule: course and blog compute the same closure; it contains
    # French rules 2 and 3 (two numbers with nested unknowns; rule 3 corrected)
    course, blog = out["course"], out["subsets"]
    assert (course.safe, course.mines) == (blog.safe, blog.mines)
    nested = french.deduce(pos, rules=(0, 1, 2, 3), corrected_rule_3=True)
    assert nested.safe <= course.safe and nested.mines <= course.mines
    # rule 3 as printed or corrected: the same cells
    corrected = french.deduce(pos, corrected_rule_3=True)
    assert (corrected.safe, corrected.mines) == (out["french"].safe, out["french"].mines)
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_games())
def test_sound_on_small_games(pos):
    check_position(pos)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(medium_games())
def test_sound_on_medium_games(pos):
    check_position(pos)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graph_games())
def test_sound_on_graphs(pos):
    check_position(pos)


def test_sound_on_expert_games():
    for seed in range(3):
        pos, _ = random_game(random.Random(seed), 16, 30, 99, 35)
        check_position(pos)


@pytest.mark.parametrize("path", sorted(BOARDS.glob("*.board")), ids=lambda p: p.stem)
def test_sound_on_shipped_boards(path):
    from setmine.board import load_board
    board = load_board(path)
    pos = Position.from_board(board)
    sol = solve(pos)
    for name in NAMES:
        d = deduce(name, board)                      # a board is accepted as is
        check_deduction(pos, d, sol)
        assert d.mines <= board.mines and not d.safe & board.mines


def test_the_systems_differ_as_their_texts_do():
    """French rule 4 reads partial overlaps, which sentences cannot; the
    subset closure chains differences, which two-number rules cannot."""
    a, b, c, d, e, x, y, z = [(0, i) for i in range(8)]
    def pos(numbers, total):
        cells = (a, b, c, d, e, x, y, z)
        nbrs = {cell: set() for cell in cells}
        for o, (_, around) in numbers.items():
            for cell in around:
                nbrs[o].add(cell)
                nbrs[cell].add(o)
        used = {cell for cell in cells if nbrs[cell]}
        return Position(tuple(cl for cl in cells if cl in used), {k: v for k, v in nbrs.items() if k in used},
                        {o: n for o, (n, _) in numbers.items()}, total)
    overlap = pos({x: (2, (a, b, c)), y: (1, (b, c, d))}, 2)
    assert deduce("french", overlap).safe == {d} and not deduce("course", overlap).safe
    chain = pos({x: (1, (a, b)), y: (1, (d, e)), z: (2, (a, b, c, d, e))}, 2)
    assert deduce("subsets", chain).safe == deduce("course", chain).safe == {c}
    assert not deduce("french", chain).safe


def test_dispatch():
    pos = Position.from_grid(["???", "121"], total_mines=2)
    for name in ("french", "course", "subsets", "FR", "blog", "russian"):
        d = deduce(name, pos)
        assert d.safe == {(0, 1)} and d.mines == {(0, 0), (0, 2)}
    assert deduce("course", pos).steps[0].system == "course"
    with pytest.raises(ValueError, match="unknown rule system"):
        deduce("chinese-room", pos)
    text = deduce("french", pos).explain()
    assert text.splitlines()[0].startswith("[french] règle 5 on (1, 1), (1, 0): ")
    assert "⇒ mines (0, 2)" in text
    assert rules_fired(deduce("subsets", pos)) == {"model 3": 2, "model 1": 1}
    assert deduce("course", pos).explain(conclusive_only=True).count("\n") == 2
    assert deduce("course", pos).steps[0].why == \
        "{(0, 0), (0, 1)} = 1 ⊂ {(0, 0), (0, 1), (0, 2)} = 2 ⇒ {(0, 2)} = 1"


def test_no_total_mine_count_used():
    """None of the texts' rules reads the total: changing it changes nothing."""
    rng = random.Random(7)
    for _ in range(20):
        pos, _ = random_game(rng, 8, 8, 10, 4)
        other = Position(pos.cells, pos.neighbours, pos.shown, pos.total_mines + 5)
        for name in NAMES:
            d1, d2 = deduce(name, pos), deduce(name, other)
            assert (d1.safe, d1.mines) == (d2.safe, d2.mines)


def test_torus_neighbours_wrap():
    nbrs = grid_neighbours(4, 4, "torus")
    pos = Position(tuple(nbrs), nbrs, {(0, 0): 0}, 3)
    for name in NAMES:
        assert deduce(name, pos).safe == nbrs[(0, 0)]


def test_doctests():
    import doctest

    from setmine.solver.rules import course, systems as rules, subset_analysis as subsets
    for module in (rules, french, course, subsets):
        assert doctest.testmod(module).failed == 0
