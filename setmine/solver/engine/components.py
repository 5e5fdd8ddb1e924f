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
  programme in :mod:`setmine.solver.engine.probability`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import filterfalse
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
    cells = position.cells
    is_shown = shown.__contains__
    unknown = tuple(c for c in filterfalse(is_shown, cells) if c not in flagged) if flagged \
        else tuple(filterfalse(is_shown, cells))
    unknown_set = frozenset(unknown)

    # Constraints: one per open number that still sees an unknown cell.
    raw: list[tuple[Cell, int, int, frozenset[Cell]]] = []
    for cell in filter(is_shown, cells):           # board order: deterministic output
        n = shown[cell]
        free = nbrs[cell] & unknown_set
        if not flagged and n <= len(free):         # the usual case, checked at once
            if free:
                raw.append((cell, n, n, free))
            continue
        need = n - len(nbrs[cell] & flagged)
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
    by_key: dict[tuple[int, ...], list[Cell]] = {}    # in board order of the first cell
    for c in filter(seen_by.__contains__, unknown):
        by_key.setdefault(tuple(seen_by[c]), []).append(c)
    groups = tuple(Group(tuple(cells), key, len(cells)) for key, cells in by_key.items())
    con_groups: list[list[int]] = [[] for _ in raw]
    for gi, g in enumerate(groups):
        for ci in g.constraints:
            con_groups[ci].append(gi)
    constraints = tuple(Constraint(cell, n, need, tuple(con_groups[ci]))
                        for ci, (cell, n, need, _) in enumerate(raw))

    interior = tuple(filterfalse(seen_by.__contains__, unknown))
    components = tuple(_components(constraints, groups))
    st = Structure(unknown, interior, position.total_mines - len(flagged),
                   constraints, groups, components)
    if order:
        st = replace(st, components=tuple(ordered(c, st) for c in components))
    return st


def _components(constraints: tuple[Constraint, ...], groups: tuple[Group, ...]):
    """The connected parts of the numbers-and-groups graph, each group and
    each number visited once."""
    taken = [False] * len(constraints)
    for start, first in enumerate(constraints):
        if taken[start]:
            continue
        taken[start] = True
        if all(len(groups[gi].constraints) == 1 for gi in first.groups):  # a number alone
            yield Component((start,), first.groups)
            continue
        members = [start]
        found: set[int] = set()
        for ci in members:                  # members grows as the search goes
            for gi in constraints[ci].groups:
                if gi not in found:
                    found.add(gi)
                    for cj in groups[gi].constraints:
                        if not taken[cj]:
                            taken[cj] = True
                            members.append(cj)
        members.sort()
        yield Component(tuple(members), tuple(sorted(found)))


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
    seen_by = {gi: groups[gi].constraints for gi in todo}
    last_rank = {gi: max(map(rank.__getitem__, cs)) for gi, cs in seen_by.items()}
    active: set[int] = set()
    order: list[int] = []

    def opens(ci: int) -> int:  # the constraints ci's remaining groups would open
        new: set[int] = set()
        for gi in constraints[ci].groups:
            if gi in todo:
                new.update(seen_by[gi])
        return len(new - active)

    def batch_key(gi: int) -> tuple[int, int, int]:
        return (sum(1 for c in seen_by[gi] if c not in active), last_rank[gi], gi)

    while todo:
        if active:
            if greedy:
                target = min(active, key=lambda ci: (opens(ci), rank[ci]))
            else:
                target = min(active, key=rank.__getitem__)
        else:
            target = min((ci for ci in members if remaining[ci]), key=rank.__getitem__)
        batch = sorted((g for g in constraints[target].groups if g in todo), key=batch_key)
        for gi in batch:
            order.append(gi)
            todo.discard(gi)
            for ci in seen_by[gi]:
                remaining[ci] -= 1
                if remaining[ci]:
                    active.add(ci)
                else:
                    active.discard(ci)
    return order


def estimated_cost(order: list[int], constraints: tuple[Constraint, ...],
                   groups: tuple[Group, ...], bound: int | None = None) -> int:
    """An upper bound on the DP's work: the sum over steps of the number of
    possible states, each open constraint contributing ``min(need, capacity
    left) + 1`` values.  Past ``bound`` (if given) the sum stops there: the
    order is no better than one already known."""
    left: dict[int, int] = {}
    for gi in order:
        size = groups[gi].size
        for ci in groups[gi].constraints:
            left[ci] = left.get(ci, 0) + size
    active: dict[int, int] = {}
    states = 1          # the product of active's values
    cost = 0
    for gi in order:
        size = groups[gi].size
        for ci in groups[gi].constraints:
            rest = left[ci] - size
            left[ci] = rest
            old = active.pop(ci, 1)
            if rest:
                new = min(constraints[ci].need, rest) + 1
                active[ci] = new
                states = states // old * new
            else:
                states //= old
        cost += states * (size + 1)
        if bound is not None and cost > bound:
            return cost
    return cost


def order_groups(members: list[int], constraints: tuple[Constraint, ...],
                 groups: tuple[Group, ...]) -> list[int]:
    """Order a component's groups so that few constraints are open at once.

    A component of at most ``FEW`` groups is taken in board order (the
    groups' ids).  Else the frontier is usually a band of a few cells'
    width, and a sweep along it keeps few constraints open: the groups in
    board order (row by row) or across it (column by column, when cells are
    ``(row, column)`` pairs), whichever has the smaller
    :func:`estimated_cost`.  Measured on the positions of expert games, this
    takes 40% less time, ordering and DP together, than sweeping the
    constraint graph, which costs more to compute than it saves.

    Only a frontier that is no band -- estimated past ``WIDE``, such as a 2-D
    lattice of numbers -- is swept: the constraints are closed one by one,
    oldest open first or (greedy) the one whose closing opens the fewest new
    ones, in Cuthill-McKee ranks from either end of a pseudo-peripheral pair
    (the last number of a breadth-first search from the first number, and
    the last of one from there); the cheapest estimate wins.
    """
    if len(members) == 1:  # one number: its groups in any order, one state per step
        return list(constraints[members[0]].groups)
    first = constraints[members[0]].groups
    if len(first) == 1 and all(constraints[ci].groups == first for ci in members):
        return list(first)  # one group under several numbers
    natural = sorted({g for ci in members for g in constraints[ci].groups})
    if len(natural) <= FEW:
        return natural
    best = (estimated_cost(natural, constraints, groups), natural)
    across = _across(natural, groups)
    if across is not None:
        other = (estimated_cost(across, constraints, groups, bound=best[0]), across)
        if other[0] < best[0]:
            best = other
    if best[0] <= WIDE:
        return best[1]
    adjacency = {ci: _adjacent(ci, constraints, groups) for ci in members}
    from_a = _bfs_order(_bfs_order(members[0], adjacency)[-1], adjacency)
    from_b = _bfs_order(from_a[-1], adjacency)
    for bfs in (from_a, from_b):
        for greedy in (False, True):
            other = _candidate(members, bfs, greedy, constraints, groups, bound=best[0])
            if other[0] < best[0]:
                best = other
    return best[1]


def _across(order: list[int], groups: tuple[Group, ...]) -> list[int] | None:
    """The groups column by column (by their first cell), when cells are
    ``(row, column)`` pairs; else None."""
    try:
        return sorted(order, key=lambda g: groups[g].cells[0][::-1])
    except TypeError:      # cells that are not pairs of comparable coordinates
        return None


def _candidate(members: list[int], bfs: list[int], greedy: bool,
               constraints: tuple[Constraint, ...],
               groups: tuple[Group, ...], bound: int | None = None) -> tuple[int, list[int]]:
    """The sweep ranked by ``bfs``, and its estimated cost (or a cost past
    ``bound``, if given)."""
    order = _sweep(members, {ci: r for r, ci in enumerate(bfs)}, greedy, constraints, groups)
    return estimated_cost(order, constraints, groups, bound), order


FEW = 8
"""A component of at most this many groups is taken in board order at once."""

WIDE = 1 << 32
"""A board order whose estimated DP work is past this is compared with sweeps."""
