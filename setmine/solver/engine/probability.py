"""Exact mine probabilities for a Minesweeper position.

The model: every placement of the mines on the closed cells that agrees with
every shown number is equally likely.  :func:`solve` counts, exactly, the
consistent placements (``total``) and, for every closed cell, those with a
mine on it (``count``); the probability of a cell is ``count / total``.

How (see :mod:`setmine.solver.engine.components` for the first three steps, and
:mod:`setmine.solver.engine.enumeration` and :mod:`setmine.solver.engine.tables` for
the fourth and the sixth):

1. numbers become constraints on the unknown (closed, unflagged) cells;
   unknown cells seen by no number are *interior* (``U`` of them);
2. unknown cells seen by the same numbers are merged into groups;
3. groups split into independent components;
4. each component is counted by its number of mines: most have a few
   *solutions* (mines per group), listed by a search after propagation
   (:mod:`setmine.solver.engine.enumeration`); the others by a dynamic programme
   along the group order: the state is the vector of mines still
   needed by the *open* constraints (touched, not finished), the value a
   polynomial in the component's mine count (sparse: lowest degree and
   coefficients).
   Per-number bounds (``need - capacity_left <= j <= need``) prune, and a
   finished number must be met exactly.  Long chains cost time linear in
   their length, not exponential;
5. component tables are multiplied into the frontier table; a frontier
   total ``m`` has ``C(U, M - m)`` completions, ``M`` the mines left;
6. per-cell counts: the weight of a component's total ``k`` is fixed by
   the other components (the frontier table divided by the component's)
   and the interior.  A listed component sums it over its solutions; a
   programme pushes it back through its stored forward layers (an
   adjoint pass), so that each group's count is ``sum F_i[s][k] *
   C(size-1, j-1) * G_{i+1}[s'][k+j]`` -- one pass, no per-``k`` tables
   of products.

Only Python integers and :class:`fractions.Fraction` are used.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from math import comb
from operator import add, mul
from typing import Iterator, Mapping

from .components import Structure, analyse
from .enumeration import EnumeratedTable
from .position import Cell, InconsistentPosition, Position, derive_position
from .tables import (
    DEFAULT_STATE_LIMIT,
    ComponentTable,
    Siblings,
    SolverLimitExceeded,
    Tables,
    UniformTable,
    component_table,
    group_cells,
    uniform,
)

__all__ = ["ComponentTable", "DEFAULT_STATE_LIMIT", "GAME_TABLES", "Solution",
           "SolverLimitExceeded", "Tables", "exact", "outcomes", "solve"]


# ---------------------------------------------------------------------------
# Result


@dataclass(frozen=True)
class Solution:
    """Exact counts for a position.

    ``total``   number of consistent placements of all the mines
    ``count``   closed cell -> consistent placements with a mine on it
    ``frontier_table``  ``t[m]`` = consistent assignments of the frontier
                (cells next to a number) with ``m`` mines, for ``m`` up to the
                number of mines left
    ``interior``  closed, unflagged cells that no number sees
    """

    total: int
    count: Mapping[Cell, int]
    frontier_table: tuple[int, ...] = ()
    interior: tuple[Cell, ...] = ()
    mines_left: int = 0
    components: int = 0
    max_states: int = 0      # largest DP layer or list of solutions (diagnostics)
    closed: tuple[Cell, ...] = field(default=(), repr=False)   # closed cells, board order

    def probability(self, cell: Cell) -> Fraction:
        """Mine probability of a closed cell (KeyError for an open cell)."""
        try:
            return Fraction(self.count[cell], self.total)
        except KeyError:
            raise KeyError(f"{cell!r} is not a closed cell of the position") from None

    @property
    def probabilities(self) -> dict[Cell, Fraction]:
        return {c: Fraction(n, self.total) for c, n in self.count.items()}

    @property
    def safe(self) -> frozenset[Cell]:
        """Closed cells that hold no mine in any consistent placement."""
        return frozenset(c for c, n in self.count.items() if n == 0)

    @property
    def mines(self) -> frozenset[Cell]:
        """Closed cells that hold a mine in every consistent placement."""
        return frozenset(c for c, n in self.count.items() if n == self.total)

    @property
    def best(self) -> tuple[Cell, ...]:
        """Closed cells of least mine probability, sorted."""
        if not self.count:
            return ()
        low = min(self.count.values())
        return tuple(sorted(c for c, n in self.count.items() if n == low))

    @property
    def frontier_assignments(self) -> int:
        """Consistent frontier assignments that can be completed on the
        interior (frontier mines ``m`` with ``M - U <= m <= M``)."""
        lo = max(0, self.mines_left - len(self.interior))
        return sum(self.frontier_table[lo:])


# ---------------------------------------------------------------------------
# Whole position


def _convolve(a: list[int], b: list[int], length: int) -> list[int]:
    """The product of two polynomials (coefficient lists), cut to ``length``
    terms; only ``b``'s non-zero span is multiplied (a component counted by
    a binomial has one non-zero term)."""
    n = min(length, len(a) + len(b) - 1)
    out = [0] * n
    lo, hi = _support(b)
    for i, x in enumerate(a):
        start = i + lo
        if start >= n:
            break
        if x:
            seg = b[lo:min(hi, n - i)]
            out[start:start + len(seg)] = map(add, out[start:start + len(seg)],
                                              [x * y for y in seg])
    return out


def _support(poly: list[int]) -> tuple[int, int]:
    """``lo, hi``: the terms from ``lo`` to ``hi - 1`` hold all of ``poly``'s
    non-zero ones (the first and last are non-zero)."""
    lo = next((i for i, x in enumerate(poly) if x), len(poly))
    hi = len(poly)
    while hi > lo and not poly[hi - 1]:
        hi -= 1
    return lo, hi


def _divide(product: list[int], factor: list[int], shift: int, length: int) -> list[int]:
    """The first ``length`` terms of the quotient ``q`` of ``product = x^shift
    * factor * q``, from the first ``shift + length`` terms of ``product``
    (missing ones are 0), when ``factor``'s first term is not 0: solved from
    the lowest term up, ``q[t] = (product[shift + t] - sum_{i>0} factor[i] *
    q[t-i]) / factor[0]``, each division exact.  The table of all the
    components but one is the frontier table divided by that one's: a few
    products per term, as many as that one's non-zero terms."""
    lead, rest = factor[0], tuple(enumerate(factor[1:], 1))
    q: list[int] = []
    for t, x in enumerate(product[shift:shift + length]):
        for i, f in rest:
            if i > t:
                break
            x -= f * q[t - i]
        q.append(x // lead)
    return q


@lru_cache(maxsize=512)
def _completions(cells: int, mines: int, lo: int, hi: int) -> tuple[int, ...]:
    """``C(cells, mines - t)`` for ``t = 0 … mines``: the ways to place the
    rest of ``mines`` on ``cells`` cells seen by no number when the numbers'
    cells hold ``t``; only for ``lo <= t < hi`` (where the frontier table is
    not 0), 0 elsewhere.  (The "what if" positions of a cell ask for the
    same again and again.)"""
    return tuple(comb(cells, mines - t) if lo <= t < hi and mines - t <= cells else 0
                 for t in range(mines + 1))


def solve(position: Position, state_limit: int | None = DEFAULT_STATE_LIMIT,
          tables: Tables | None = None) -> Solution:
    """Exact counts of consistent placements for ``position``.

    Raises :class:`InconsistentPosition` if no placement agrees with it, and
    :class:`SolverLimitExceeded` if a component needs more than
    ``state_limit`` DP states (``None``: no limit) -- real positions need a
    few hundred at most.  With ``tables``, components already tabulated
    there (in earlier positions) are not tabulated again.
    """
    return _counted(position, analyse(position, order=False), state_limit, tables)


def outcomes(position: Position, cell: Cell, state_limit: int | None = DEFAULT_STATE_LIMIT,
             tables: Tables | Siblings | None = None) -> Iterator[tuple[int, Solution]]:
    """For each number ``v`` the closed ``cell`` can show, in increasing
    order: ``(v, solve(the position where cell shows v))``, for the ``v``
    that some placement allows (those whose position is inconsistent are
    left out).

    The positions differ only in that one number, so they have the same
    constraints, groups and components: the position is analysed once and
    only the need of the cell's own number changes from one ``v`` to the
    next.  The components the number does not touch are tabulated once for
    all of them (in ``tables``, or in a :class:`Siblings` of their own)."""
    nbrs = position.neighbours[cell]
    shown, flagged = position.shown, position.flagged
    base = len(nbrs & flagged)
    shown_base = derive_position(position, {**shown, cell: base})
    try:
        st = analyse(shown_base, order=False)
    except InconsistentPosition:   # another number, whatever the cell shows
        return
    at = next((i for i, con in enumerate(st.constraints) if con.cell == cell), None)
    if at is None:                 # no closed neighbour: it can only show its flags
        needs = [0]
    else:
        needs = range(sum(st.groups[g].size for g in st.constraints[at].groups) + 1)
    if tables is None:
        tables = Siblings()
    for need in needs:
        if at is not None:
            con = st.constraints[at]
            st = replace(st, constraints=st.constraints[:at]
                         + (con._replace(shown=base + need, need=need),)
                         + st.constraints[at + 1:])
        try:
            yield base + need, _counted(shown_base, st, state_limit, tables)
        except InconsistentPosition:
            continue


def _counted(position: Position, st: Structure, state_limit: int | None,
             tables: Tables | Siblings | None) -> Solution:
    """:func:`solve` of ``position`` from its structure ``st``."""
    M, U = st.mines_left, len(st.interior)
    if M < 0:
        raise InconsistentPosition(
            f"{len(position.flagged)} cells are flagged but the board has only "
            f"{position.total_mines} mines")
    groups = st.groups
    tabs: list[ComponentTable | EnumeratedTable | UniformTable] = []
    cells_of: list[dict[int, tuple]] = []  # per table: its group ids' cells
    for comp in st.components:
        cells = sum(groups[g].size for g in comp.groups)
        length = min(M, cells) + 1
        tab = uniform(comp, st, length)
        if tab is None and tables is not None:   # its ids may be another position's
            tab, where = tables.table(comp, st, length, state_limit)
        else:
            if tab is None:
                tab = component_table(comp, st, length, state_limit)
            where = group_cells(comp, st)
        if not any(tab.table):
            raise _dead(tab, st, M)
        tabs.append(tab)
        cells_of.append(where)

    # Frontier table: the product of the component tables.
    length = M + 1
    frontier = [1]
    for tab in tabs:
        frontier = _convolve(frontier, tab.table, length)
    # completions of a frontier with t mines: C(U, M - t), wherever a term
    # of the frontier table is not 0 (the weights below need no others: a
    # component's k and the others' t add up to such a term)
    first, end = _support(frontier)          # the frontier's non-zero terms
    completions = _completions(U, M, first, end)
    total = sum(map(mul, frontier, completions))
    if total == 0:
        if not any(frontier):
            raise InconsistentPosition(
                f"the numbers need more mines next to them than the {M} left to place")
        raise InconsistentPosition(
            f"the numbers allow {first} to {end - 1} mines next to them and there are {U} "
            f"other closed cells, but {M} mines are left to place")

    count: dict[Cell, int] = {}
    for idx, tab in enumerate(tabs):
        lo, hi = _support(tab.table)
        others = _divide(frontier, tab.table[lo:hi], lo, length - lo)
        weight = [0] * len(tab.table)
        for k in range(lo, hi):
            weight[k] = sum(map(mul, others[:length - k], completions[k:]))
        assert sum(map(mul, tab.table, weight)) == total
        for gid, n in tab.counts(weight).items():
            for c in cells_of[idx][gid]:
                count[c] = n
    if U:
        inner = sum(map(mul, frontier, _completions(U - 1, M - 1, first, end)))
        for c in st.interior:
            count[c] = inner
    for c in position.flagged:
        count[c] = total
    order = position.closed
    count = {c: count[c] for c in order}
    return Solution(
        total=total,
        count=count,
        frontier_table=tuple(frontier),
        interior=st.interior,
        mines_left=M,
        components=len(tabs),
        max_states=max((t.max_states for t in tabs), default=1),
        closed=order,
    )


# The last solution, shared by the game engine and the players asking about
# the same position
_LAST: list = [None]   # (position, its solution): one tuple, read and written whole

GAME_TABLES: Tables | None = None
"""Tables kept across the positions of games (``exact`` and the players'
"what if" positions), or None: every position solved from scratch.  None by
default, as measured (``bench/game_speed.py``): a move changes the large
frontier component, which is most of the work, and keying the small ones
costs more than listing their solutions, so games with kept tables took
7-26% longer than from scratch.  The "what if" positions of one cell share
their tables all the same (:class:`~setmine.solver.engine.tables.Siblings`)."""


def exact(position: Position) -> Solution:
    """``solve(position)``, remembered for the last position asked about, so
    that a player and the engine asking about the same position share one
    computation (with :data:`GAME_TABLES`, if set)."""
    last = _LAST[0]   # one read: another thread may replace it, never tear it
    if last is not None and last[0] is position:
        return last[1]
    sol = solve(position, tables=GAME_TABLES)
    _LAST[0] = (position, sol)
    return sol


def _dead(tab: ComponentTable, st: Structure, M: int) -> InconsistentPosition:
    if tab.blame is not None and not tab.truncated:
        con = st.constraints[tab.blame]
        return InconsistentPosition(
            f"the {con.shown} at {con.cell!r} cannot be satisfied together with "
            f"the numbers around it", con.cell)
    cells = sorted(c for ci in tab.component.constraints for c in [st.constraints[ci].cell])
    return InconsistentPosition(
        f"the numbers at {cells[:6]!r}{'...' if len(cells) > 6 else ''} need more "
        f"mines than the {M} left to place")
