"""Counting the members of a constrained set interval without listing them.

    {v | L ⊆ v ⊆ U, lo ≤ |v| ≤ hi, |v ∩ A₁| = k₁, …, |v ∩ Aₙ| = kₙ}

is counted from the constraints alone, the way constraint solvers count
the solutions of such a system:

1. the free elements U∖L fall into *regions*: elements that lie in the same
   A's are interchangeable, so a region of s elements taking n of them
   contributes C(s, n) ways;
2. regions linked by a shared constraint form a *component*; components are
   independent except through the total size;
3. each component is counted by a forward pass over its regions that keeps,
   per state of the constraints still open, a table "members taken → ways";
   the same pass carries, per region, the ways weighted by the members taken
   there, so that every element's count comes out of one pass;
4. the components' tables are convolved, and the unconstrained region is
   weighed by C(u, t − m) for each total t and component total m.

All arithmetic is on Python integers: exact at any size.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from math import comb
from typing import Callable, Iterator

Poly = dict  # members taken → ways


@dataclass(frozen=True)
class Counts:
    """The number of members, and for every free element the number of
    members containing it."""

    total: int
    per_element: dict


def count(lower: frozenset, free: list, lo: int, hi: int | None,
          constraints: tuple[tuple[frozenset, int], ...]) -> Counts:
    """Count the members (and per free element) of the constrained interval
    whose free part is ``free`` (U∖L, in canonical order)."""
    needs = []
    for a, k in constraints:
        need = k - len(a & lower)
        if need < 0:
            return Counts(0, {e: 0 for e in free})
        needs.append((a, need))
    signature: dict = defaultdict(list)
    for e in free:
        signature[frozenset(i for i, (a, _) in enumerate(needs) if e in a)].append(e)
    open_regions = signature.pop(frozenset(), [])
    regions = list(signature.items())
    for i, (a, need) in enumerate(needs):
        if not any(i in sig for sig, _ in regions) and need != 0:
            return Counts(0, {e: 0 for e in free})
    components = _components(regions)
    tables = [_component(comp, needs) for comp in components]
    if any(not t.ways for t in tables):
        return Counts(0, {e: 0 for e in free})
    base = len(lower)
    top = base + len(free) if hi is None else hi
    sizes = range(max(lo, base), top + 1)
    u = len(open_regions)

    def completions(poly: Poly, extra: int = 0) -> int:
        """Σ over totals and component totals, with the open region filled."""
        return sum(w * comb(u - extra, t - base - m - extra)
                   for t in sizes for m, w in poly.items()
                   if 0 <= t - base - m - extra <= u - extra)

    everything = _convolve([t.ways for t in tables])
    total = completions(everything)
    per: dict = {}
    for i, table in enumerate(tables):
        others = _convolve([t.ways for j, t in enumerate(tables) if j != i])
        for (sig, elements), weighted in table.weighted.items():
            share = completions(_convolve([weighted, others]))
            for e in elements:
                per[e] = share // len(elements)
    if open_regions:
        share = completions(everything, extra=1)
        for e in open_regions:
            per[e] = share
    return Counts(total, per)


def guided(lower: frozenset, free: list, size: int,
           constraints: tuple[tuple[frozenset, int], ...],
           charge: Callable[[int], None]) -> Iterator[frozenset]:
    """The members of size ``size`` in canonical order (a set with the
    earlier element first), found by counting instead of by trying
    candidates.  One count of a branch gives every open element's count:
    an element in none of the branch's members is left out, one in all of
    them is taken, and the first element in some but not all of them
    splits the branch in two (with it first, then without it), each
    counted again.  So no branch without a member is entered, and a member
    costs a count per element on which the members differ.  Each count is
    work on the elements still open, and is ``charge``d so."""
    stack = [(lower, 0)]
    while stack:
        chosen, i = stack.pop()
        charge(max(len(free) - i, 1))
        counts = count(chosen, free[i:], size, size, constraints)
        if counts.total == 0:
            continue
        taken = set(chosen)
        for j in range(i, len(free)):
            e = free[j]
            with_e = counts.per_element.get(e, 0)
            if with_e == counts.total:
                taken.add(e)
            elif with_e:
                stack.append((frozenset(taken), j + 1))       # without e: after those with it
                stack.append((frozenset(taken | {e}), j + 1))
                break
        else:
            yield frozenset(taken)  # every element decided: the branch is one member


@dataclass
class _Table:
    ways: Poly
    weighted: dict  # region → Poly of ways × members taken in the region


def _components(regions: list) -> list[list]:
    """Regions linked by a shared constraint, in a stable order."""
    parent = list(range(len(regions)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    by_constraint: dict = defaultdict(list)
    for i, (sig, _) in enumerate(regions):
        for c in sig:
            by_constraint[c].append(i)
    for members in by_constraint.values():
        for i in members[1:]:
            parent[find(i)] = find(members[0])
    groups: dict = defaultdict(list)
    for i in range(len(regions)):
        groups[find(i)].append(regions[i])
    return list(groups.values())


def _component(regions: list, needs: list) -> _Table:
    """The forward pass over one component's regions."""
    order = _order(regions)
    last: dict = {}
    capacity: dict = defaultdict(int)  # free elements of each constraint not yet placed
    for position, (sig, elements) in enumerate(order):
        for c in sig:
            last[c] = position
            capacity[c] += len(elements)
    # state: sorted tuple of (constraint, still needed) for the open constraints
    states: dict = {(): ({0: 1}, {})}
    for position, (sig, elements) in enumerate(order):
        size = len(elements)
        for c in sig:
            capacity[c] -= size
        key_region = (sig, tuple(elements))
        following: dict = {}
        for state, (ways, weighted) in states.items():
            needed = dict(state)
            for n in range(size + 1):
                remaining = {}
                feasible = True
                for c, need in needed.items():
                    remaining[c] = need - n if c in sig else need
                for c in sig:
                    if c not in needed:
                        remaining[c] = needs[c][1] - n
                for c in sig:
                    r = remaining[c]
                    if r < 0 or r > capacity[c]:
                        feasible = False
                        break
                    if last[c] == position:
                        if r != 0:
                            feasible = False
                            break
                        del remaining[c]
                if not feasible:
                    continue
                factor = comb(size, n)
                key = tuple(sorted(remaining.items()))
                target = following.setdefault(key, ({}, {}))
                _add_shifted(target[0], ways, n, factor)
                for region, poly in weighted.items():
                    _add_shifted(target[1].setdefault(region, {}), poly, n, factor)
                if n:
                    _add_shifted(target[1].setdefault(key_region, {}), ways, n, factor * n)
        states = following
    ways, weighted = states.get((), ({}, {}))
    return _Table(ways, weighted)


def _order(regions: list) -> list:
    """Regions in an order that closes constraints early: breadth first
    through shared constraints, from the region with the fewest."""
    remaining = sorted(regions, key=lambda r: (len(r[0]), sorted(map(str, r[1]))))
    ordered = []
    seen_constraints: set = set()
    while remaining:
        pick = max(remaining, key=lambda r: (len(r[0] & seen_constraints), -len(r[0])))
        if not ordered:
            pick = remaining[0]
        remaining.remove(pick)
        ordered.append(pick)
        seen_constraints |= pick[0]
    return ordered


def _add_shifted(target: Poly, source: Poly, shift: int, factor: int) -> None:
    for m, w in source.items():
        target[m + shift] = target.get(m + shift, 0) + w * factor


def _convolve(polys: list[Poly]) -> Poly:
    result: Poly = {0: 1}
    for poly in polys:
        out: Poly = {}
        for a, wa in result.items():
            for b, wb in poly.items():
                out[a + b] = out.get(a + b, 0) + wa * wb
        result = out
    return result
