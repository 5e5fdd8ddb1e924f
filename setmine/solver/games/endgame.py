"""Exact endgame search: the move with the highest chance of winning.

When few consistent placements of the mines remain, they can be listed
(:func:`enumerate_placements`, each a bit mask over the unknown cells) and
the game tree searched exactly over them (:class:`Endgame`): every placement
equally likely, optimal play afterwards.  :func:`endgame_search` gives the
best move and its chance, :func:`endgame_move` the move alone; both give up
(``None``) past a node budget.  The ``best`` policy
(:mod:`setmine.solver.games.policies`) uses it.
"""

from __future__ import annotations

from itertools import combinations

from ..engine.position import Cell, Position
from ..engine.probability import Solution, exact

__all__ = ["Endgame", "endgame_move", "endgame_search", "enumerate_placements"]


class _OverBudget(Exception):
    pass


def enumerate_placements(position: Position, sol: Solution, limit: int):
    """All consistent placements as bit masks over the free closed cells
    (returned too), or ``None`` if there are more than ``limit``."""
    if sol.total > limit:
        return None
    shown, flagged, nbrs = position.shown, position.flagged, position.neighbours
    free = position.unknown
    index = {c: i for i, c in enumerate(free)}
    interior = [index[c] for c in sol.interior]
    inner = set(interior)
    frontier = [i for i in range(len(free)) if i not in inner]
    cons = []  # (need, mask of free cells)
    touch: dict[int, list[int]] = {}
    for o, n in shown.items():
        around = [index[x] for x in nbrs[o] if x in index]
        if not around:
            continue
        need = n - len(nbrs[o] & flagged)
        ci = len(cons)
        cons.append(need)
        for i in around:
            touch.setdefault(i, []).append(ci)
    left = [0] * len(cons)
    for i in frontier:
        for ci in touch.get(i, ()):
            left[ci] += 1
    need = cons[:]
    M = sol.mines_left
    U = len(interior)
    out: list[int] = []

    def dfs(k: int, mask: int, mines: int) -> None:
        if k == len(frontier):
            rest = M - mines
            if 0 <= rest <= U:
                for combo in combinations(interior, rest):
                    m = mask
                    for i in combo:
                        m |= 1 << i
                    out.append(m)
            return
        i = frontier[k]
        ts = touch.get(i, ())
        for ci in ts:
            left[ci] -= 1
        # safe
        if all(need[ci] <= left[ci] for ci in ts):
            dfs(k + 1, mask, mines)
        # mine
        if mines < M and all(need[ci] > 0 for ci in ts):
            for ci in ts:
                need[ci] -= 1
            if all(need[ci] <= left[ci] for ci in ts):
                dfs(k + 1, mask | (1 << i), mines + 1)
            for ci in ts:
                need[ci] += 1
        for ci in ts:
            left[ci] += 1

    dfs(0, 0, 0)
    assert len(out) == sol.total, (len(out), sol.total)
    return free, out


def endgame_move(position: Position, sol: Solution | None = None,
                 budget: int = 40_000) -> Cell | None:
    """The move that maximises the chance of winning (:func:`endgame_search`),
    or ``None`` if the search would need more than ``budget`` nodes."""
    found = endgame_search(position, sol, budget)
    return None if found is None else found[0]


class Endgame:
    """Exact play over the explicit list of consistent placements.

    A move splits the placements by what it shows: a mine, or its number (a
    cascade only opens cells that the number has made sure-safe, so the
    number alone is the information).  The chance of winning from a set of
    placements is 1 when one is left; otherwise a sure-safe cell that tells
    something is opened before any risk is taken (free information never
    lowers the chance), else the best risky move is taken.  Every placement
    is equally likely.  :class:`_OverBudget` is raised past ``budget``
    distinct sets.

    A set of placements is a bit mask over the sorted list of them, and each
    cell has its *column*: the placements with a mine there.  So a cell's
    safe placements within a set are one AND, and the numbers a cell shows
    across a set are summed for all placements at once, bit-sliced over its
    neighbours' columns (the work of a move no longer grows with the number
    of placements, one by one)."""

    def __init__(self, position: Position, sol: Solution | None = None,
                 budget: int = 40_000) -> None:
        if sol is None:
            sol = exact(position)
        got = enumerate_placements(position, sol, 10 ** 9)
        assert got is not None
        self.free, placements = got
        self.index = {c: i for i, c in enumerate(self.free)}
        self.neighbours = [[j for j in map(self.index.get, position.neighbours[c])
                            if j is not None] for c in self.free]
        self.root = tuple(sorted(placements))
        self.columns = [0] * len(self.free)
        for k, p in enumerate(self.root):
            while p:
                low = p & -p
                self.columns[low.bit_length() - 1] |= 1 << k
                p ^= low
        self.all = (1 << len(self.root)) - 1
        self.budget = budget
        self.memo: dict[int, float] = {}

    def _counts(self, P: int, i: int) -> list[int]:
        """Bit-sliced: ``planes[b]`` holds the placements of ``P`` in which
        bit ``b`` of the number of mines next to cell ``i`` is 1."""
        planes: list[int] = []
        columns = self.columns
        for j in self.neighbours[i]:
            carry = columns[j] & P
            b = 0
            while carry:
                if b == len(planes):
                    planes.append(0)
                planes[b], carry = planes[b] ^ carry, planes[b] & carry
                b += 1
        return planes

    def split(self, P: int, i: int) -> list[int]:
        """The placements of ``P`` with cell ``i`` safe, by the number it
        shows; the parts in the order of their first placement."""
        rest = P & ~self.columns[i]
        planes = self._counts(rest, i)
        parts = []
        while rest:
            low = rest & -rest            # the first placement left: its number's part
            part = rest
            for plane in planes:
                part &= plane if plane & low else ~plane
            parts.append(part)
            rest &= ~part
        return parts

    def after(self, P: int, i: int) -> float:
        """The chance of winning when cell ``i`` is opened next."""
        return sum(q.bit_count() * self.value(q) for q in self.split(P, i)) / P.bit_count()

    def _informative(self, P: int, i: int) -> bool:
        """Does the sure-safe cell ``i`` show different numbers across ``P``?
        (Two numbers differ where one of their binary digits does.)"""
        columns = self.columns
        if all(columns[j] & P in (0, P) for j in self.neighbours[i]):
            return False                   # every neighbour the same in every placement
        return any(plane not in (0, P) for plane in self._counts(P, i))

    def moves(self, P: int) -> tuple[list[int], list[tuple[int, int]]]:
        """([the first informative sure-safe cell], []) if there is one
        (it is opened before any risk is taken); else ([], [(safe
        placements, cell)] of the risky cells, safest first)."""
        columns = self.columns
        for i, column in enumerate(columns):
            if not column & P and self._informative(P, i):
                return [i], []
        size = P.bit_count()
        risky = []
        for i, column in enumerate(columns):
            mined = column & P
            if mined and mined != P:
                risky.append((size - mined.bit_count(), i))
        risky.sort(key=lambda t: (-t[0], t[1]))
        return [], risky

    def value(self, P: int) -> float:
        """The chance of winning from the placements ``P`` with optimal play."""
        if not P & (P - 1):                # one placement left
            return 1.0
        got = self.memo.get(P)
        if got is not None:
            return got
        if len(self.memo) >= self.budget:
            raise _OverBudget
        safe, risky = self.moves(P)
        size = P.bit_count()
        if safe:
            v = self.after(P, safe[0])
        else:
            v = 0.0
            for count, i in risky:
                if count <= v * size:
                    break                   # cannot beat v: it is lost with the mine
                v = max(v, self.after(P, i))
        self.memo[P] = v
        return v

    def best(self) -> tuple[Cell, float] | None:
        """The first (row-major) of the moves with the highest chance, and
        that chance; ``None`` if no cell can be opened."""
        P = self.all
        if len(self.root) == 1:
            safe_cells = [c for i, c in enumerate(self.free) if not (self.root[0] >> i) & 1]
            return (safe_cells[0], 1.0) if safe_cells else None
        safe, risky = self.moves(P)
        if safe:
            return self.free[safe[0]], self.after(P, safe[0])
        size = P.bit_count()
        best_v, best_i = -1.0, None
        for count, i in risky:
            if count < (best_v - 1e-12) * size:
                break
            v = self.after(P, i)
            if v > best_v + 1e-12 or (abs(v - best_v) <= 1e-12 and best_i is not None
                                      and i < best_i):
                best_v, best_i = v, i
        return None if best_i is None else (self.free[best_i], best_v)


def endgame_search(position: Position, sol: Solution | None = None,
                   budget: int = 40_000) -> tuple[Cell, float] | None:
    """Exact play from ``position`` (:class:`Endgame`): the move with the
    highest chance of winning the game -- the first in row-major order among
    equals; a sure-safe one that tells something if there is one -- and that
    chance, assuming optimal play afterwards and every consistent placement
    equally likely.  ``None`` when the search needs more than ``budget``
    nodes."""
    try:
        return Endgame(position, sol, budget).best()
    except _OverBudget:
        return None
