"""Exact mine probabilities for a Minesweeper position.

The model: every placement of the mines on the closed cells that agrees with
every shown number is equally likely.  :func:`solve` counts, exactly, the
consistent placements (``total``) and, for every closed cell, those with a
mine on it (``count``); the probability of a cell is ``count / total``.

How (see :mod:`setmine.solver.components` for the first three steps):

1. numbers become constraints on the unknown (closed, unflagged) cells;
   unknown cells seen by no number are *interior* (``U`` of them);
2. unknown cells seen by the same numbers are merged into groups;
3. groups split into independent components;
4. each component is tabulated by its number of mines with a dynamic
   programme along the group order: the state is the vector of mines still
   needed by the *open* constraints (touched, not finished), the value a
   polynomial in the component's mine count (sparse: lowest degree and
   coefficients).
   Per-number bounds (``need - capacity_left <= j <= need``) prune, and a
   finished number must be met exactly.  Long chains cost time linear in
   their length, not exponential;
5. component tables are convolved; a frontier total ``m`` has
   ``C(U, M - m)`` completions, ``M`` the mines left;
6. per-cell counts come from a backward (adjoint) pass per component: the
   weight of the component's total ``k`` is fixed by the other components
   and the interior, and is pushed back through the stored forward layers,
   so that each group's count is ``sum F_i[s][k] * C(size-1, j-1) *
   G_{i+1}[s'][k+j]`` -- one pass, no per-``k`` tables of products.

Only Python integers and :class:`fractions.Fraction` are used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from operator import add, itemgetter, mul, sub
from typing import Mapping

from .components import Component, Structure, analyse
from .position import Cell, InconsistentPosition, Position

__all__ = ["ComponentTable", "DEFAULT_STATE_LIMIT", "Solution", "SolverLimitExceeded", "exact",
           "solve"]


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
    max_states: int = 0                       # largest DP layer (diagnostics)
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
# One component


# A polynomial in the component's mine count is stored sparsely as
# ``(lo, coeffs)``: ``coeffs[i]`` placements with ``lo + i`` mines.  All
# coefficients are positive sums, so ``coeffs[0]`` is never 0 and supports only
# grow along the DP -- which lets the backward pass store its vectors on the
# same support as the forward ones.
Poly = tuple[int, list[int]]


@dataclass
class _Step:
    gid: int
    size: int
    # (index in the state before, or -1 if the constraint opens here,
    #  its initial need, the capacity its later groups still offer, its id)
    checks: tuple[tuple[int, int, int, int], ...]
    keep: tuple[int, ...]          # indices of the state before that stay open
    fresh: tuple[int, ...]         # needs of the constraints opened here (and kept)
    minus: tuple[tuple[int, ...], ...]   # minus[j]: what j mines take off the state after

    def __post_init__(self) -> None:
        keep, fresh = self.keep, self.fresh
        if not keep:
            self.base = lambda state: fresh
        elif len(keep) == 1:
            k = keep[0]
            self.base = lambda state: (state[k],) + fresh
        else:
            get = itemgetter(*keep)
            self.base = lambda state: get(state) + fresh
        # (the state after, before the group's own mines are subtracted)


@dataclass
class ComponentTable:
    """Forward tabulation of one component."""

    component: Component
    steps: list[_Step]
    layers: list[dict[tuple, Poly]]            # layers[i]: state -> poly, before step i
    moves: list[dict[tuple, list[tuple[int, tuple]]]]   # step i: state -> [(j, next state)]
    table: list[int]                           # table[k]: placements with k mines
    blame: int | None = None                   # constraint at which every state died
    truncated: bool = False                    # the mine cap removed something

    @property
    def max_states(self) -> int:
        return max(len(layer) for layer in self.layers)

    def counts(self, weight: list[int]) -> dict[int, int]:
        return group_counts(self, weight)


@dataclass
class UniformTable:
    """A component whose numbers all see the same cells — one number, or
    one group of cells seen by several numbers that all need ``mines``: its
    placements put ``mines`` mines anywhere among its ``cells`` cells, so
    its table and counts are binomials, with no programme to run."""

    component: Component
    cells: int
    mines: int
    table: list[int]
    max_states: int = 1

    def counts(self, weight: list[int]) -> dict[int, int]:
        """:func:`group_counts` for this component: each cell is mined in
        ``C(cells-1, mines-1)`` of the ``C(cells, mines)`` placements."""
        n = comb(self.cells - 1, self.mines - 1) * weight[self.mines] if self.mines else 0
        return dict.fromkeys(self.component.order, n)


def uniform(comp: Component, st: Structure, length: int) -> UniformTable | None:
    """The :class:`UniformTable` of ``comp`` when it is one (and consistent,
    with fewer than ``length`` mines); None otherwise (the programme then
    decides, and explains an inconsistency)."""
    if len(comp.constraints) != 1 and len(comp.order) != 1:
        return None
    needs = {st.constraints[ci].need for ci in comp.constraints}
    cells = sum(st.groups[g].size for g in comp.order)
    mines = needs.pop()
    if needs or mines > cells or mines >= length:
        return None
    table = [0] * length
    table[mines] = comb(cells, mines)
    return UniformTable(comp, cells, mines, table)


def _plan(comp: Component, st: Structure) -> list[_Step]:
    groups, constraints = st.groups, st.constraints
    last: dict[int, int] = {}      # constraint -> the step of its last group
    capacity: dict[int, int] = {}  # constraint -> the cells of its groups
    for i, gid in enumerate(comp.order):
        g = groups[gid]
        for ci in g.constraints:
            last[ci] = i
            capacity[ci] = capacity.get(ci, 0) + g.size
    active: list[int] = []
    steps = []
    for i, gid in enumerate(comp.order):
        g = groups[gid]
        index = {ci: a for a, ci in enumerate(active)}
        checks = []
        for ci in g.constraints:
            capacity[ci] -= g.size
            checks.append((index.get(ci, -1), constraints[ci].need, capacity[ci], ci))
        kept = [ci for ci in active if last[ci] != i]
        opened = [ci for ci in g.constraints if ci not in index and last[ci] != i]
        after = kept + opened
        mine = set(g.constraints)
        mask = [1 if ci in mine else 0 for ci in after]
        minus = tuple(tuple(j * m for m in mask) for j in range(g.size + 1))
        steps.append(_Step(gid, g.size, tuple(checks), tuple(index[ci] for ci in kept),
                           tuple(constraints[ci].need for ci in opened), minus))
        active = after
    return steps


def _add(a: Poly, b: Poly) -> Poly:
    """Sum of two sparse polynomials (new list; the inputs are not modified)."""
    if a[0] > b[0]:
        a, b = b, a
    (alo, ac), (blo, bc) = a, b
    off = blo - alo
    end = off + len(bc)
    out = ac + [0] * (end - len(ac)) if end > len(ac) else ac[:]
    out[off:end] = map(add, out[off:end], bc)
    return alo, out


class SolverLimitExceeded(RuntimeError):
    """The dynamic programme needed more states than allowed."""


DEFAULT_STATE_LIMIT = 3_000_000


def tabulate(comp: Component, st: Structure, length: int,
             state_limit: int | None = DEFAULT_STATE_LIMIT) -> ComponentTable:
    """Forward DP: placements of the component by number of mines ``< length``.

    Raises :class:`SolverLimitExceeded` when the layers (all kept for the
    backward pass) hold more than ``state_limit`` states in total.
    """
    steps = _plan(comp, st)
    layer: dict[tuple, Poly] = {(): (0, [1])}
    layers = [layer]
    moves = []
    blame = None
    truncated = False
    stored = 1
    for step in steps:
        size, checks, minus = step.size, step.checks, step.minus
        nxt: dict[tuple, Poly] = {}
        mv: dict[tuple, list[tuple[int, tuple]]] = {}
        culprit = None
        for state, (flo, poly) in layer.items():
            lo, hi = 0, size
            for bi, need0, cap, ci in checks:
                need = state[bi] if bi >= 0 else need0
                if need - cap > lo:
                    lo = need - cap
                if need < hi:
                    hi = need
                if lo > hi:
                    culprit = ci
                    break
            if lo > hi:
                continue
            base = step.base(state)
            out = []
            for j in range(lo, hi + 1):
                k0 = flo + j
                room = length - k0
                if room <= 0:
                    truncated = True
                    break
                coeffs = poly
                if len(coeffs) > room:
                    coeffs = coeffs[:room]
                    truncated = True
                w = comb(size, j)
                if w != 1:
                    coeffs = [w * x for x in coeffs]
                new = tuple(map(sub, base, minus[j])) if j else base
                tgt = nxt.get(new)
                nxt[new] = (k0, coeffs) if tgt is None else _add(tgt, (k0, coeffs))
                out.append((j, new))
            if out:
                mv[state] = out
        if not nxt and blame is None:
            blame = culprit
        stored += len(nxt)
        if state_limit is not None and stored > state_limit:
            cells = sorted(st.constraints[ci].cell for ci in comp.constraints)
            raise SolverLimitExceeded(
                f"counting the component of {len(cells)} numbers starting at {cells[0]!r} "
                f"needed more than {state_limit} DP states (limit: state_limit=)")
        moves.append(mv)
        layer = nxt
        layers.append(layer)
    table = [0] * length
    if () in layer:
        lo, coeffs = layer[()]
        table[lo:lo + len(coeffs)] = coeffs
    return ComponentTable(comp, steps, layers, moves, table, blame, truncated)


def group_counts(tab: ComponentTable, weight: list[int]) -> dict[int, int]:
    """Backward pass: for each group, the weighted number of placements with a
    mine on one given cell of the group, where a component placement with
    ``k`` mines weighs ``weight[k]``.

    ``G_i[s][k]`` is the total weight of the completions (steps ``i`` on) of a
    partial placement in state ``s`` with ``k`` mines so far; it is kept on
    the support of ``F_i[s]`` only.
    """
    counts: dict[int, int] = {}
    nxt: dict[tuple, list[int]] = {}
    if () in tab.layers[-1]:
        lo, coeffs = tab.layers[-1][()]
        nxt[()] = weight[lo:lo + len(coeffs)]
    for i in range(len(tab.steps) - 1, -1, -1):
        size = tab.steps[i].size
        layer, after = tab.layers[i], tab.layers[i + 1]
        cur: dict[tuple, list[int]] = {}
        total = 0
        for state, out in tab.moves[i].items():
            flo, f = layer[state]
            n = len(f)
            acc = None
            for j, new in out:
                g = nxt.get(new)
                if g is None:
                    continue
                start = flo + j - after[new][0]
                part = g[start:start + n]
                if j:
                    total += comb(size - 1, j - 1) * sum(map(mul, f, part))
                w = comb(size, j)
                if w != 1:
                    part = [w * x for x in part]
                if acc is None:
                    acc = part + [0] * (n - len(part))
                else:
                    acc[:len(part)] = map(add, acc, part)
            if acc is not None and any(acc):
                cur[state] = acc
        counts[tab.steps[i].gid] = total
        nxt = cur
    return counts


# ---------------------------------------------------------------------------
# Whole position


def _convolve(a: list[int], b: list[int], length: int) -> list[int]:
    out = [0] * min(length, len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[:len(out) - i]):
                out[i + j] += x * y
    return out


def solve(position: Position, state_limit: int | None = DEFAULT_STATE_LIMIT) -> Solution:
    """Exact counts of consistent placements for ``position``.

    Raises :class:`InconsistentPosition` if no placement agrees with it, and
    :class:`SolverLimitExceeded` if a component needs more than
    ``state_limit`` DP states (``None``: no limit) -- real positions need a
    few hundred at most.
    """
    st = analyse(position)
    M, U = st.mines_left, len(st.interior)
    if M < 0:
        raise InconsistentPosition(
            f"{len(position.flagged)} cells are flagged but the board has only "
            f"{position.total_mines} mines")
    groups = st.groups
    tabs: list[ComponentTable | UniformTable] = []
    for comp in st.components:
        cells = sum(groups[g].size for g in comp.order)
        length = min(M, cells) + 1
        tab = uniform(comp, st, length) or tabulate(comp, st, length, state_limit)
        if not any(tab.table):
            raise _dead(tab, st, M)
        tabs.append(tab)

    # Frontier table by convolution, with prefix/suffix products for the
    # "all other components" tables.
    length = M + 1
    prefix = [[1]]
    for tab in tabs:
        prefix.append(_convolve(prefix[-1], tab.table, length))
    suffix = [[1]]
    for tab in reversed(tabs):
        suffix.append(_convolve(suffix[-1], tab.table, length))
    suffix.reverse()
    frontier = prefix[-1]
    # completions of a frontier with t mines: C(U, M - t)
    completions = [comb(U, M - t) if 0 <= M - t <= U else 0 for t in range(length)]
    total = sum(map(mul, frontier, completions))
    if total == 0:
        if not any(frontier):
            raise InconsistentPosition(
                f"the numbers need more mines next to them than the {M} left to place")
        lo = next(t for t, x in enumerate(frontier) if x)
        hi = max(t for t, x in enumerate(frontier) if x)
        raise InconsistentPosition(
            f"the numbers allow {lo} to {hi} mines next to them and there are {U} "
            f"other closed cells, but {M} mines are left to place")

    count: dict[Cell, int] = {}
    for idx, tab in enumerate(tabs):
        others = _convolve(prefix[idx], suffix[idx + 1], length)
        weight = [sum(map(mul, others[:length - k], completions[k:]))
                  for k in range(len(tab.table))]
        assert sum(map(mul, tab.table, weight)) == total
        for gid, n in tab.counts(weight).items():
            for c in groups[gid].cells:
                count[c] = n
    if U:
        inner = sum(x * comb(U - 1, M - t - 1) for t, x in enumerate(frontier) if 0 <= M - t - 1)
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
_memo: list = [None, None]


def exact(position: Position) -> Solution:
    """``solve(position)``, remembered for the last position asked about, so
    that a player and the engine asking about the same position share one
    computation."""
    if _memo[0] is position:
        return _memo[1]
    sol = solve(position)
    _memo[0], _memo[1] = position, sol
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
