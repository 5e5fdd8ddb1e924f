"""The exact probability engine against hand-checked positions and a brute-force oracle."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.solver import InconsistentPosition, Position, grid_neighbours, solve

# ---------------------------------------------------------------------------
# The oracle: all C(closed, M) placements, filtered by the shown numbers.


def oracle(pos: Position) -> tuple[int, dict]:
    closed = [c for c in pos.cells if c not in pos.shown]
    count = dict.fromkeys(closed, 0)
    total = 0
    for placement in combinations(closed, pos.total_mines):
        mines = set(placement)
        if not pos.flagged <= mines:
            continue
        if all(len(pos.neighbours[o] & mines) == n for o, n in pos.shown.items()):
            total += 1
            for c in placement:
                count[c] += 1
    return total, count


def check_against_oracle(pos: Position) -> None:
    total, count = oracle(pos)
    if total == 0:
        with pytest.raises(InconsistentPosition):
            solve(pos)
        return
    sol = solve(pos)
    assert sol.total == total
    assert dict(sol.count) == count


# ---------------------------------------------------------------------------
# Random small positions (at most 12 cells)


@st.composite
def boards(draw):
    h = draw(st.integers(1, 3))
    w = draw(st.integers(1, 4))
    cells = [(r, c) for r in range(h) for c in range(w)]
    topology = draw(st.sampled_from(["square", "torus", "hex", "graph"]))
    if topology == "graph":
        nbrs = {c: set() for c in cells}
        for a, b in combinations(cells, 2):
            if draw(st.booleans()):
                nbrs[a].add(b)
                nbrs[b].add(a)
        nbrs = {c: frozenset(ns) for c, ns in nbrs.items()}
    else:
        nbrs = grid_neighbours(h, w, topology)
    return cells, nbrs


@st.composite
def true_positions(draw):
    """Numbers from a real mine layout (the mine count may be off by one)."""
    cells, nbrs = draw(boards())
    flags = draw(st.lists(st.booleans(), min_size=len(cells), max_size=len(cells)))
    mines = {c for c, f in zip(cells, flags) if f}
    safe = [c for c in cells if c not in mines]
    opened = draw(st.lists(st.sampled_from(safe), unique=True) if safe else st.just([]))
    shown = {c: len(nbrs[c] & mines) for c in opened}
    flagged = draw(st.lists(st.sampled_from(sorted(mines)), unique=True) if mines else st.just([]))
    # usually the true count; sometimes one off (then often inconsistent)
    total = max(0, len(mines) + draw(st.sampled_from([0, 0, 0, 0, -1, 1])))
    return Position(tuple(cells), nbrs, shown, total, frozenset(flagged))


@st.composite
def any_positions(draw):
    """Arbitrary numbers and mine count: often inconsistent."""
    cells, nbrs = draw(boards())
    opened = draw(st.lists(st.sampled_from(cells), unique=True))
    shown = {c: draw(st.integers(0, len(nbrs[c]))) for c in opened}
    closed = [c for c in cells if c not in shown]
    total = draw(st.integers(0, len(closed)))
    return Position(tuple(cells), nbrs, shown, total)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(true_positions())
def test_true_positions_match_oracle(pos):
    check_against_oracle(pos)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_positions())
def test_arbitrary_positions_match_oracle(pos):
    check_against_oracle(pos)


# ---------------------------------------------------------------------------
# Hand-checked positions


def test_one_two_one():
    sol = solve(Position.from_grid(["???", "121", "000"], total_mines=2))
    assert sol.total == 1
    assert sol.mines == {(0, 0), (0, 2)}
    assert sol.safe == {(0, 1)}
    assert sol.best == ((0, 1),)


def test_one_two_one_on_a_wall_with_interior():
    # row 0 is interior, row 1 the frontier of the numbers in row 2:
    # a0+a1 = 1, a0+a1+a2 = 1, a1+a2+a3 = 2, a2+a3+a4 = 1, a3+a4 = 1
    pos = Position.from_grid(["?????", "?????", "11211"], total_mines=5)
    sol = solve(pos)
    assert sol.mines == {(1, 1), (1, 3)}
    assert {(1, 0), (1, 2), (1, 4)} <= sol.safe
    # the 5 interior cells of row 0 share the remaining 3 mines
    assert sol.probability((0, 0)) == Fraction(3, 5)
    assert sol.total == comb(5, 3)


def test_fifty_fifty():
    pos = Position.from_grid(["??", "11", "00"], total_mines=1)
    sol = solve(pos)
    assert sol.total == 2
    assert sol.probability((0, 0)) == sol.probability((0, 1)) == Fraction(1, 2)
    assert not sol.safe and not sol.mines
    assert sol.best == ((0, 0), (0, 1))


@pytest.mark.parametrize("mines, interior_p", [(1, Fraction(0)), (2, Fraction(1))])
def test_global_mine_count_decides(mines, interior_p):
    # the 1 sees (0,0) and (0,2); (0,3) is seen by no number
    sol = solve(Position.from_grid(["?1??"], total_mines=mines))
    assert sol.probability((0, 0)) == Fraction(1, 2)
    assert sol.probability((0, 3)) == interior_p
    assert sol.total == 2


def test_global_count_weights_frontier_totals():
    # Frontier: a 1 that sees two cells (1 mine) and two cells seen by a 1
    # and a 2 ... kept simple: two independent 50/50s vs a two-cell group.
    # "?1?" : the 1 sees {(0,0),(0,2)} -> exactly one mine there.
    # Rows below give a second component with 1 or 2 mines.
    pos = Position.from_grid(["?1?.", "2222", "????"], total_mines=4)
    total, count = oracle(pos)
    sol = solve(pos)
    assert sol.total == total and dict(sol.count) == count


def test_no_open_cells():
    sol = solve(Position.from_grid(["????", "????"], total_mines=3))
    assert sol.total == comb(8, 3)
    assert all(p == Fraction(3, 8) for p in sol.probabilities.values())
    assert sol.frontier_table == (1,)


def test_expert_size_counts_are_exact():
    pos = Position.from_grid(["?" * 30] * 16, total_mines=99)
    sol = solve(pos)
    assert sol.total == comb(480, 99)          # about 10^105
    assert sol.count[(7, 7)] == comb(479, 98)
    assert sol.probability((0, 0)) == Fraction(99, 480)


def test_zero_mines():
    sol = solve(Position.from_grid(["??", "00"], total_mines=0))
    assert sol.total == 1 and sol.safe == {(0, 0), (0, 1)} and not sol.mines


def test_all_closed_cells_are_mines():
    sol = solve(Position.from_grid(["???", "464", "???"], total_mines=6))
    assert sol.total == 1
    assert sol.mines == set(sol.closed) and not sol.safe


def test_flags_count_as_mines():
    sol = solve(Position.from_grid(["F??", "2??", "???"], total_mines=3))
    total, count = oracle(Position.from_grid(["F??", "2??", "???"], total_mines=3))
    assert sol.total == total and dict(sol.count) == count
    assert (0, 0) in sol.mines


def test_torus():
    # On a 3x3 torus every cell sees every other: the 2 fixes everything.
    pos = Position.from_grid(["2??", "???", "???"], total_mines=2, topology="torus")
    sol = solve(pos)
    assert sol.total == comb(8, 2)
    total, count = oracle(pos)
    assert dict(sol.count) == count


def test_hex():
    pos = Position.from_grid(["???", "?2?", "???"], total_mines=3, topology="hex")
    total, count = oracle(pos)
    sol = solve(pos)
    assert sol.total == total and dict(sol.count) == count


def test_arbitrary_graph():
    cells = tuple((0, i) for i in range(6))
    edges = {(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 3)}
    nbrs = {c: set() for c in cells}
    for a, b in edges:
        nbrs[(0, a)].add((0, b))
        nbrs[(0, b)].add((0, a))
    pos = Position(cells, {c: frozenset(n) for c, n in nbrs.items()}, {(0, 0): 2, (0, 4): 1}, 2)
    total, count = oracle(pos)
    sol = solve(pos)
    assert sol.total == total and dict(sol.count) == count


def test_inconsistent_number_is_named():
    with pytest.raises(InconsistentPosition) as err:
        solve(Position.from_grid(["0?", "?3"], total_mines=1))
    assert err.value.cell == (1, 1)  # needs 3 mines, has 2 closed neighbours


def test_inconsistent_pair_is_named():
    # Each 1 alone is fine; together with the 3 they cannot be met.
    with pytest.raises(InconsistentPosition) as err:
        solve(Position.from_grid(["???", "131", "000"], total_mines=3))
    assert err.value.cell in {(1, 0), (1, 1), (1, 2)}
    assert "cannot be satisfied" in str(err.value)


def test_inconsistent_mine_count():
    with pytest.raises(InconsistentPosition) as err:
        solve(Position.from_grid(["???", "121", "000"], total_mines=3))
    assert err.value.cell is None
    assert "mines" in str(err.value)


def test_too_many_flags():
    with pytest.raises(InconsistentPosition):
        solve(Position.from_grid(["FF?", "???"], total_mines=1))


def test_open_cell_has_no_probability():
    sol = solve(Position.from_grid(["??", "11"], total_mines=1))
    with pytest.raises(KeyError):
        sol.probability((1, 0))


def test_from_board_reads_only_the_players_view():
    class Board:
        def __init__(self):
            self.cells = tuple((r, c) for r in range(2) for c in range(3))
            self.neighbours = grid_neighbours(2, 3)
            self.total_mines = 2
            self.opened = frozenset({(1, 0), (1, 1), (1, 2)})

        @property
        def mines(self):
            raise AssertionError("the solver must not look at the mines")

        def number(self, cell):
            return {(1, 0): 1, (1, 1): 2, (1, 2): 1}[cell]

        def shown(self):
            return {c: self.number(c) for c in self.opened}

    sol = solve(Position.from_board(Board()))
    assert sol.mines == {(0, 0), (0, 2)} and sol.safe == {(0, 1)}


def band_count(numbers: list[int], mines: int) -> int:
    """Placements on a band: one open row showing ``numbers`` between two
    closed rows, nothing else closed.  Column c holds g_c in {0, 1, 2} mines
    (C(2, g_c) ways); the number in column c sees columns c-1..c+1.  A plain
    transfer matrix over (g_{c-1}, g_c, mines so far)."""
    width = len(numbers)
    ways = {(0, g, g): comb(2, g) for g in range(3)}       # (previous, current, total)
    for c in range(1, width + 1):
        nxt: dict = {}
        for (p, q, t), w in ways.items():
            for g in (range(3) if c < width else [0]):
                # the number in column c-1 sees columns c-2 (p), c-1 (q) and c (g)
                if p + q + g != numbers[c - 1]:
                    continue
                key = (q, g, t + g)
                nxt[key] = nxt.get(key, 0) + w * (comb(2, g) if c < width else 1)
        ways = nxt
    return sum(w for (_, _, t), w in ways.items() if t == mines)


def test_long_chain_is_exact():
    width = 30
    g = [1, 2, 0, 1, 1, 0, 2, 1, 0, 1] * 3            # a true column layout (27 mines)
    numbers = [sum(g[max(0, c - 1):c + 2]) for c in range(width)]
    assert band_count(numbers, sum(g)) > 0
    for mines in range(sum(g) - 3, sum(g) + 4):
        pos = Position.from_grid(["?" * width, "".join(map(str, numbers)), "?" * width],
                                 total_mines=mines)
        expected = band_count(numbers, mines)
        if expected == 0:
            with pytest.raises(InconsistentPosition):
                solve(pos)
            continue
        assert solve(pos).total == expected
    # and the transfer matrix itself agrees with the oracle on a short band
    small = Position.from_grid(["?" * 6, "233211", "?" * 6], total_mines=4)
    assert oracle(small)[0] == band_count([2, 3, 3, 2, 1, 1], 4) > 0
    s = solve(small)
    assert (s.total, dict(s.count)) == oracle(small)


def test_state_limit_is_reported():
    from setmine.solver import SolverLimitExceeded

    nbrs = grid_neighbours(5, 12)
    mines = {(r, c) for r in (0, 2, 4) for c in range(12) if (r + c) % 3 == 0}
    shown = {(r, c): len(nbrs[(r, c)] & mines) for r in (1, 3) for c in range(12)}
    pos = Position(tuple(nbrs), nbrs, shown, len(mines) + 2)
    with pytest.raises(SolverLimitExceeded, match="state_limit"):
        solve(pos, state_limit=5)
    assert solve(pos, state_limit=None).total == solve(pos).total


coefficients = st.lists(st.sampled_from([0, 0, 1, 2, 7, 10 ** 20]), min_size=1, max_size=9)


@settings(max_examples=300, deadline=None)
@given(a=coefficients, b=coefficients, length=st.integers(1, 20))
def test_convolution_against_the_schoolbook_product(a, b, length):
    """The frontier table's polynomial product (which multiplies only the
    non-zero span of one side) against every pair of terms."""
    from setmine.solver.engine.probability import _convolve

    expected = [0] * min(length, len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            if i + j < len(expected):
                expected[i + j] += x * y
    assert _convolve(a, b, length) == expected


@settings(max_examples=300, deadline=None)
@given(q=coefficients, factor=coefficients, shift=st.integers(0, 3), length=st.integers(1, 20))
def test_division_undoes_the_product(q, factor, shift, length):
    """All the components' table but one: the frontier table divided by that
    one's (shifted to its first non-zero term), against the quotient."""
    from setmine.solver.engine.probability import _convolve, _divide

    while factor and not factor[0]:   # its first term is not 0, later ones may be
        factor = factor[1:]
    factor = factor or [3]
    product = [0] * shift + _convolve(q, factor, len(q) + len(factor) - 1)
    got = _divide(product[:shift + length], factor, shift, length)
    assert got == (q + [0] * length)[:min(length, len(product) - shift)]
