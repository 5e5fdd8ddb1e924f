"""Exact endgame search: the move with the highest chance of winning.

When few consistent placements of the mines remain, they can be listed
(:func:`enumerate_placements`, each a bit mask over the unknown cells) and
the game tree searched exactly over them (:class:`Endgame`): every placement
equally likely, optimal play afterwards.  :func:`endgame_search` gives the
best move and its chance, :func:`endgame_move` the move alone; both give up
(``None``) past a node budget.  The ``best`` policy
(:mod:`setmine.solver.policies`) uses it.
"""

from __future__ import annotations

from itertools import combinations

from .position import Cell, Position
from .probability import Solution, exact

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
    distinct sets."""

    def __init__(self, position: Position, sol: Solution | None = None,
                 budget: int = 40_000) -> None:
        if sol is None:
            sol = exact(position)
        got = enumerate_placements(position, sol, 10 ** 9)
        assert got is not None
        self.free, placements = got
        self.index = {c: i for i, c in enumerate(self.free)}
        self.nmask = []
        for c in self.free:
            m = 0
            for x in position.neighbours[c]:
                j = self.index.get(x)
                if j is not None:
                    m |= 1 << j
            self.nmask.append(m)
        self.root = tuple(sorted(placements))
        self.budget = budget
        self.memo: dict[tuple[int, ...], float] = {}

    def split(self, P: tuple[int, ...], i: int) -> list[tuple[int, ...]]:
        parts: dict[int, list[int]] = {}
        bit = 1 << i
        nm = self.nmask[i]
        for p in P:
            if not p & bit:
                parts.setdefault((p & nm).bit_count(), []).append(p)
        return [tuple(q) for q in parts.values()]

    def after(self, P: tuple[int, ...], i: int) -> float:
        """The chance of winning when cell ``i`` is opened next."""
        return sum(len(q) * self.value(q) for q in self.split(P, i)) / len(P)

    def moves(self, P: tuple[int, ...]) -> tuple[list[int], list[tuple[int, int]]]:
        """(informative sure-safe cells, [(safe placements, cell)] of the
        risky ones, safest first)"""
        anyset, allset = 0, -1
        for p in P:
            anyset |= p
            allset &= p
        safe, risky = [], []
        for i, nm in enumerate(self.nmask):
            bit = 1 << i
            if not anyset & bit:
                first = (P[0] & nm).bit_count()
                if any((p & nm).bit_count() != first for p in P):
                    safe.append(i)
            elif not allset & bit:
                risky.append((sum(1 for p in P if not p & bit), i))
        risky.sort(key=lambda t: (-t[0], t[1]))
        return safe, risky

    def value(self, P: tuple[int, ...]) -> float:
        """The chance of winning from the placements ``P`` with optimal play."""
        if len(P) == 1:
            return 1.0
        got = self.memo.get(P)
        if got is not None:
            return got
        if len(self.memo) >= self.budget:
            raise _OverBudget
        safe, risky = self.moves(P)
        if safe:
            v = self.after(P, safe[0])
        else:
            v = 0.0
            for count, i in risky:
                if count <= v * len(P):
                    break                   # cannot beat v: it is lost with the mine
                v = max(v, self.after(P, i))
        self.memo[P] = v
        return v

    def best(self) -> tuple[Cell, float] | None:
        """The first (row-major) of the moves with the highest chance, and
        that chance; ``None`` if no cell can be opened."""
        P = self.root
        if len(P) == 1:
            safe_cells = [c for i, c in enumerate(self.free) if not (P[0] >> i) & 1]
            return (safe_cells[0], 1.0) if safe_cells else None
        safe, risky = self.moves(P)
        if safe:
            return self.free[safe[0]], self.after(P, safe[0])
        best_v, best_i = -1.0, None
        for count, i in risky:
            if count < (best_v - 1e-12) * len(P):
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
