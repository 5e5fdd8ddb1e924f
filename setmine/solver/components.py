"""From a position to independent counting problems.

* every open number becomes a *constraint*: the number of mines among its
  unknown (closed, unflagged) neighbours must equal the number minus its
  flagged neighbours;
* unknown cells that see exactly the same constraints form a *group* (a group
  of ``s`` cells holding ``j`` mines contributes ``C(s, j)`` placements);
* groups linked through shared constraints form a *component*; components are
  independent apart from the global mine count;
* the groups of each component are put in an order that keeps the set of
  "open" constraints (touched but not finished) small, for the dynamic
  programme in :mod:`setmine.solver.probability`.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import NamedTuple

from .position import Cell, InconsistentPosition, Position


class Constraint(NamedTuple):
    cell: Cell                 # the open cell showing the number
    shown: int                 # the number it shows
    need: int                  # mines still needed among its unknown neighbours
    groups: tuple[int, ...]    # groups it sees


class Group(NamedTuple):
    cells: tuple[Cell, ...]
    constraints: tuple[int, ...]   # constraints that see (all of) these cells
    size: int                      # len(cells)


@dataclass(frozen=True)
class Component:
    constraints: tuple[int, ...]   # its numbers (constraint ids, ascending)
    groups: tuple[int, ...]        # its groups (ascending)
    order: tuple[int, ...] = ()    # the groups in the order the DP takes them (once ordered)


@dataclass(frozen=True)
class Structure:
    unknown: tuple[Cell, ...]      # closed, unflagged cells
    interior: tuple[Cell, ...]     # unknown cells seen by no number
    mines_left: int                # total mines minus flags
    constraints: tuple[Constraint, ...]
    groups: tuple[Group, ...]
    components: tuple[Component, ...]


def _describe(cell: Cell, shown: int) -> str:
    return f"the {shown} at {cell!r}"


def analyse(position: Position, order: bool = True) -> Structure:
    """Split a position into constraints, groups and components (with their
    groups in the DP's order, unless ``order`` is false: :func:`ordered`
    then orders one when it is needed).

    Raises :class:`InconsistentPosition` for contradictions visible from one
    number alone (more flags around it than it shows, or fewer closed cells
    than it needs).
    """
    shown = position.shown
    flagged = position.flagged
    nbrs = position.neighbours
    unknown = tuple(c for c in position.cells if c not in shown and c not in flagged)
    unknown_set = frozenset(unknown)

    # Constraints: one per open number that still sees an unknown cell.
    raw: list[tuple[Cell, int, int, frozenset[Cell]]] = []
    for cell in position.cells:
        if cell not in shown:
            continue
        n = shown[cell]
        around = nbrs[cell]
        need = n - len(around & flagged)
        free = around & unknown_set
        if need < 0:
            raise InconsistentPosition(
                f"{_describe(cell, n)} has {n - need} flagged neighbours", cell)
        if need > len(free):
            raise InconsistentPosition(
                f"{_describe(cell, n)} needs {need} more mines but has only "
                f"{len(free)} closed neighbours", cell)
        if free:
            raw.append((cell, n, need, free))

    # Groups: unknown cells keyed by the set of constraints that see them.
    seen_by: dict[Cell, list[int]] = {}
    for ci, (_, _, _, free) in enumerate(raw):
        for c in free:
            seen_by.setdefault(c, []).append(ci)
    group_index: dict[tuple[int, ...], int] = {}
    group_cells: list[list[Cell]] = []
    for c in unknown:                      # board order: deterministic output
        key = tuple(seen_by.get(c, ()))
        if not key:
            continue
        gi = group_index.setdefault(key, len(group_cells))
        if gi == len(group_cells):
            group_cells.append([])
        group_cells[gi].append(c)
    groups = tuple(Group(tuple(group_cells[gi]), key, len(group_cells[gi]))
                   for key, gi in group_index.items())
    con_groups: list[list[int]] = [[] for _ in raw]
    for gi, g in enumerate(groups):
        for ci in g.constraints:
            con_groups[ci].append(gi)
    constraints = tuple(Constraint(cell, n, need, tuple(con_groups[ci]))
                        for ci, (cell, n, need, _) in enumerate(raw))

    interior = tuple(c for c in unknown if c not in seen_by)
    components = tuple(_components(constraints, groups))
    st = Structure(unknown, interior, position.total_mines - len(flagged),
                   constraints, groups, components)
    if order:
        st = replace(st, components=tuple(ordered(c, st) for c in components))
    return st


def _components(constraints: tuple[Constraint, ...], groups: tuple[Group, ...]):
    seen = [False] * len(constraints)
    for start in range(len(constraints)):
        if seen[start]:
            continue
        members: list[int] = []
        queue = deque([start])
        seen[start] = True
        while queue:
            ci = queue.popleft()
            members.append(ci)
            for gi in constraints[ci].groups:
                for cj in groups[gi].constraints:
                    if not seen[cj]:
                        seen[cj] = True
                        queue.append(cj)
        members.sort()
        yield Component(tuple(members),
                        tuple(sorted({g for ci in members for g in constraints[ci].groups})))


def ordered(comp: Component, st: Structure) -> Component:
    """``comp`` with its groups in the DP's order (:func:`order_groups`)."""
    if comp.order:
        return comp
    return replace(comp, order=tuple(order_groups(list(comp.constraints), st.constraints,
                                                  st.groups)))


def _adjacent(ci: int, constraints, groups) -> set[int]:
    return {cj for gi in constraints[ci].groups for cj in groups[gi].constraints} - {ci}


def _bfs_order(start: int, adjacency: dict[int, set[int]]) -> list[int]:
    """Cuthill-McKee order: breadth first, low-degree neighbours first."""
    order = [start]
    seen = {start}
    i = 0
    while i < len(order):
        nxt = sorted(adjacency[order[i]] - seen, key=lambda c: (len(adjacency[c]), c))
        seen.update(nxt)
        order.extend(nxt)
        i += 1
    return order


def _sweep(members: list[int], rank: dict[int, int], greedy: bool,
           constraints: tuple[Constraint, ...], groups: tuple[Group, ...]) -> list[int]:
    """Close constraints one at a time: pick an open constraint (the oldest in
    ``rank``, or -- if ``greedy`` -- the one whose remaining groups open the
    fewest new constraints), and take all its remaining groups."""
    remaining = {ci: len(constraints[ci].groups) for ci in members}
    todo = {gi for ci in members for gi in constraints[ci].groups}
    active: set[int] = set()
    order: list[int] = []

    def opens(gis) -> int:
        return len({cj for gi in gis for cj in groups[gi].constraints} - active)

    while todo:
        if active:
            if greedy:
                def key(ci: int) -> tuple[int, int]:
                    return (opens([g for g in constraints[ci].groups if g in todo]), rank[ci])
                target = min(active, key=key)
            else:
                target = min(active, key=rank.__getitem__)
        else:
            target = min((ci for ci in members if remaining[ci]), key=rank.__getitem__)
        batch = sorted((g for g in constraints[target].groups if g in todo),
                       key=lambda g: (opens([g]), max(rank[c] for c in groups[g].constraints), g))
        for gi in batch:
            order.append(gi)
            todo.discard(gi)
            for ci in groups[gi].constraints:
                remaining[ci] -= 1
                if remaining[ci]:
                    active.add(ci)
                else:
                    active.discard(ci)
    return order


def estimated_cost(order: list[int], constraints: tuple[Constraint, ...],
                   groups: tuple[Group, ...]) -> int:
    """An upper bound on the DP's work: the sum over steps of the number of
    possible states, each open constraint contributing ``min(need, capacity
    left) + 1`` values."""
    left = {}
    for gi in order:
        for ci in groups[gi].constraints:
            left[ci] = left.get(ci, 0) + groups[gi].size
    active: dict[int, int] = {}
    cost = 0
    for gi in order:
        size = groups[gi].size
        for ci in groups[gi].constraints:
            left[ci] -= size
            if left[ci]:
                active[ci] = min(constraints[ci].need, left[ci]) + 1
            else:
                active.pop(ci, None)
        states = 1
        for v in active.values():
            states *= v
        cost += states * (size + 1)
    return cost


def order_groups(members: list[int], constraints: tuple[Constraint, ...],
                 groups: tuple[Group, ...]) -> list[int]:
    """Order a component's groups so that few constraints are open at once.

    Candidate orders close the constraints one by one, sweeping in
    Cuthill-McKee ranks from the first number or from either end of a
    pseudo-peripheral pair, taking either the oldest open constraint or the
    one whose closing opens the fewest new ones.  The first candidate is kept
    when its :func:`estimated_cost` is at most ``CHEAP``; else the candidate
    with the smallest cost wins.  On a
    chain of width ``w`` every candidate keeps about ``w`` constraints open,
    so the DP costs time linear in the chain's length.
    """
    if len(members) == 1:  # one number: its groups in any order, one state per step
        return list(constraints[members[0]].groups)
    first = constraints[members[0]].groups
    if len(first) == 1 and all(constraints[ci].groups == first for ci in members):
        return list(first)  # one group under several numbers
    adjacency = {ci: _adjacent(ci, constraints, groups) for ci in members}
    # First the sweep from the first number, in board order: when it is
    # cheap (as on most positions) searching further costs more than it saves.
    from_first = _bfs_order(members[0], adjacency)
    best = _candidate(members, from_first, False, constraints, groups)
    if best[0] <= CHEAP:
        return best[1]
    # Else from either end of a pseudo-peripheral pair (the last constraint of
    # a BFS, twice), oldest-first and greedy.
    from_a = _bfs_order(from_first[-1], adjacency)
    from_b = _bfs_order(from_a[-1], adjacency)
    for bfs in (from_a, from_b):
        for greedy in (False, True):
            best = min(best, _candidate(members, bfs, greedy, constraints, groups),
                       key=lambda c: c[0])
    return best[1]


def _candidate(members: list[int], bfs: list[int], greedy: bool,
               constraints: tuple[Constraint, ...],
               groups: tuple[Group, ...]) -> tuple[int, list[int]]:
    """The sweep ranked by ``bfs``, and its estimated cost."""
    order = _sweep(members, {ci: r for r, ci in enumerate(bfs)}, greedy, constraints, groups)
    return estimated_cost(order, constraints, groups), order


CHEAP = 4096
"""An order whose estimated DP work is at most this is taken at once."""
