"""A component counted by listing its solutions, when they are few.

A *solution* of a component gives each of its groups a number of mines
that meets every number.  Most components of real positions have very
few: on random positions of the three levels, half have at most 1 to 3,
and nine in ten at most a few dozen.  For those, a depth-first search
finds them all in a few node visits per group, with nothing to plan or
keep, where the dynamic programme of :mod:`setmine.solver.engine.tables` (which
pays off when solutions are many) spends most of its time planning.  So
:func:`enumerate_component`:

1. *propagates*: a number that needs no more mines, or as many as its
   groups still hold, fixes them all (empty or full), and so on until
   nothing changes -- this alone settles most groups of a real frontier,
   and tightens the others' bounds from the start;
2. *searches* the groups left, in board order: a group gets every number
   of mines from ``max(need - capacity after it)`` to ``min(need)`` over
   its numbers, so a number is met exactly when its last group is given;
3. gives up after ``PER_GROUP`` node visits per group searched (or before
   searching more than ``DEEPEST`` groups), and leaves the component to the
   dynamic programme -- as it does when there is no solution, which the
   programme explains.

A solution ``j`` (``j_g`` mines in group ``g`` of ``s_g`` cells) stands for
``w = prod_g C(s_g, j_g)`` placements with ``k = sum_g j_g`` mines, of which
``w * j_g / s_g = C(s_g - 1, j_g - 1) * prod_{h != g} C(s_h, j_h)`` put a
mine on a given cell of ``g``.  So the component's table is ``table[k] =
sum w``, and the weighted count of a cell of ``g`` is ``sum weight[k] * w *
j_g / s_g`` over the solutions: exact integers, each term divisible by
``s_g``.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from .components import Component, Structure

__all__ = ["DEEPEST", "EnumeratedTable", "PER_GROUP", "enumerate_component"]

PER_GROUP = 30
"""Node visits per searched group after which the search gives up."""

DEEPEST = 400
"""More groups left to search than this: leave the component to the
programme (the search recurses once per group)."""

Solution = tuple[int, int, tuple[int, ...]]   # (mines k, placements w, mines per group)


class EnumeratedTable:
    """The solutions of one component (:func:`enumerate_component`), with
    the ``table`` and ``counts`` of a
    :class:`~setmine.solver.engine.tables.ComponentTable`."""

    __slots__ = ("component", "groups", "sizes", "solutions", "table")

    def __init__(self, component: Component, groups: tuple[int, ...], sizes: tuple[int, ...],
                 solutions: list[Solution], length: int) -> None:
        self.component = component
        self.groups, self.sizes = groups, sizes
        self.solutions = solutions
        table = [0] * length
        for k, w, _ in solutions:
            table[k] += w
        self.table = table

    @property
    def max_states(self) -> int:
        """The solutions kept (the largest layer, for a programme)."""
        return len(self.solutions)

    states = max_states

    def counts(self, weight: list[int]) -> dict[int, int]:
        """For each group, the weighted number of placements with a mine on
        one given cell of the group (a placement with ``k`` mines weighs
        ``weight[k]``)."""
        totals = [0] * len(self.groups)
        for k, w, js in self.solutions:
            wk = weight[k] * w
            if wk:
                for i, j in enumerate(js):
                    if j:
                        totals[i] += wk * j
        return {g: t // s for g, s, t in zip(self.groups, self.sizes, totals)}


@lru_cache(maxsize=64)
def _binomials(size: int) -> tuple[int, ...]:
    return tuple(comb(size, j) for j in range(size + 1))


class _GiveUp(Exception):
    pass


def enumerate_component(comp: Component, st: Structure, length: int,
                        per_group: int = PER_GROUP) -> EnumeratedTable | None:
    """The solutions of ``comp`` with fewer than ``length`` mines; None if
    there is none, or if the search takes more than ``per_group`` node
    visits per group it searches."""
    groups = st.groups
    order = comp.groups
    local = {ci: i for i, ci in enumerate(comp.constraints)}
    need = [st.constraints[ci].need for ci in comp.constraints]
    capacity = [0] * len(need)             # cells of the number's groups not yet given mines
    members: list[list[int]] = [[] for _ in need]
    sizes = tuple(groups[g].size for g in order)
    seen = []                              # per group (by place): its numbers
    for i, g in enumerate(order):
        cs = tuple(map(local.__getitem__, groups[g].constraints))
        seen.append(cs)
        for c in cs:
            capacity[c] += sizes[i]
            members[c].append(i)

    js = [-1] * len(order)                 # mines per group; -1: not given yet
    todo = list(range(len(need)))
    while todo:                            # 1. propagate
        c = todo.pop()
        n, cap = need[c], capacity[c]
        if n < 0 or n > cap:
            return None
        if cap and (n == 0 or n == cap):
            for i in members[c]:
                if js[i] < 0:
                    j = js[i] = sizes[i] if n else 0
                    for d in seen[i]:
                        need[d] -= j
                        capacity[d] -= sizes[i]
                        todo.append(d)
    k0, w0 = 0, 1
    for i, j in enumerate(js):
        if j >= 0:
            k0 += j
            w0 *= _binomials(sizes[i])[j]
    if k0 >= length:
        return None
    steps = []   # per group searched: its place, size, (number, capacity after it), binomials
    for i, j in enumerate(js):
        if j < 0:
            after = []
            for c in seen[i]:
                capacity[c] -= sizes[i]
                after.append((c, capacity[c]))
            steps.append((i, sizes[i], tuple(after), _binomials(sizes[i])))
    last = len(steps)
    if last > DEEPEST:
        return None
    solutions: list[Solution] = []
    budget = [per_group * last + 1]

    def search(s: int, k: int, w: int) -> None:   # 2. search from step s
        if s == last:
            solutions.append((k, w, tuple(js)))
            return
        budget[0] -= 1
        if not budget[0]:
            raise _GiveUp                          # 3. give up
        at, size, after, binomials = steps[s]
        lo, hi = 0, min(size, length - 1 - k)
        for c, rest in after:
            n = need[c]
            if n < hi:
                hi = n
            if n - rest > lo:
                lo = n - rest
        for j in range(lo, hi + 1):
            for c, _ in after:
                need[c] -= j
            js[at] = j
            search(s + 1, k + j, w * binomials[j])
            for c, _ in after:
                need[c] += j

    try:
        search(0, k0, w0)
    except _GiveUp:
        return None
    if not solutions:
        return None
    return EnumeratedTable(comp, order, sizes, solutions, length)
