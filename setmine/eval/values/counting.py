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
   per state of the constraints still open, a table "members taken → ways",
   and a backward pass that keeps the ways to finish from each state; the
   ways through a region's steps, weighed by the members taken there, give
   every element's count — two passes, each linear in the regions;
4. the components' tables are convolved, and the unconstrained region is
   weighed by C(u, t − m) for each total t and component total m.

Steps 1–3 read only the free elements and the constraints' areas, not what
they need: they are planned once (``_plan``) and the plan is kept, so the
intervals that differ only in what their constraints need count through
one plan, and a component met again with the same needs is not counted
again.

All arithmetic is on Python integers: exact at any size.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from math import comb
from typing import Callable, Iterator

from ...base import deadline
from .kept import Kept

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
    whose free part is ``free`` (U∖L, in canonical order); within a
    request's deadline (``base.deadline``), since one count may be long."""
    deadline.check(f"counting the members of a set of subsets of {len(free):,} elements")
    needs = []
    for a, k in constraints:
        need = k - len(a & lower) if lower else k
        if need < 0:
            return _none(free)
        needs.append(need)
    plan = _plan(free, constraints)
    if any(needs[c] for c in plan.idle):
        return _none(free)
    tables = []
    for part in plan.components:
        table = part.table(needs)
        if not table.ways:
            return _none(free)
        tables.append(table)
    base = len(lower)
    top = base + len(free) if hi is None else hi
    sizes = range(max(lo, base), top + 1)
    u = len(plan.open)

    def completions(poly: Poly, extra: int = 0) -> int:
        """Σ over totals and component totals, with the open region filled."""
        return sum(w * comb(u - extra, t - base - m - extra)
                   for t in sizes for m, w in poly.items()
                   if 0 <= t - base - m - extra <= u - extra)

    everything = _convolve([t.ways for t in tables])
    total = completions(everything)
    per: dict = {}
    for i, (part, table) in enumerate(zip(plan.components, tables)):
        others = _convolve([t.ways for j, t in enumerate(tables) if j != i])
        for elements, weighted in zip(part.elements, table.weighted):
            share = completions(_convolve([weighted, others])) if weighted else 0
            for e in elements:
                per[e] = share // len(elements)
    if plan.open:
        share = completions(everything, extra=1)
        for e in plan.open:
            per[e] = share
    return Counts(total, per)


def _none(free: list) -> Counts:
    return Counts(0, {e: 0 for e in free})


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
    weighted: list  # per region of the pass: Poly of ways × members taken there


@dataclass(eq=False)
class _Plan:
    """What counting an interval learns from its free elements and its
    constraints' areas alone, whatever the needs: the regions, the
    components and each component's passes.  Intervals that differ only in
    what their constraints need share one plan."""

    open: list        # the free elements in no area
    idle: tuple       # the constraints with no free element: they must need 0
    components: list  # of _Pass


_PLANS = Kept(size=1_024, most=250_000)
"""Plans by free elements and areas, weighed by their free elements and
area members."""
_TABLES = Kept(size=4_096)
"""Component tables by pass and needs."""


def _plan(free: list, constraints: tuple) -> _Plan:
    key = (tuple(free), tuple(a for a, _ in constraints))
    found = _PLANS.get(key)
    if found is not None:
        return found
    signature: dict = defaultdict(list)
    areas = [a for a, _ in constraints]
    within: dict = defaultdict(list)   # element → the areas it is in (the areas are explicit)
    for i, a in enumerate(areas):
        for e in a:
            within[e].append(i)
    for e in free:
        signature[frozenset(within.get(e, ()))].append(e)
    open_elements = signature.pop(frozenset(), [])
    regions = list(signature.items())
    touched = set().union(*(sig for sig, _ in regions))
    idle = tuple(i for i in range(len(areas)) if i not in touched)
    components = [_Pass(_order(comp)) for comp in _components(regions)]
    plan = _Plan(open_elements, idle, components)
    _PLANS.put(key, plan, len(free) + sum(len(a) for a in areas))
    return plan


class _Pass:
    """One component's regions in ``_order``, and the steps of its count.

    A state between two regions is the tuple of what the constraints still
    open there need, in a fixed order, so a step is tuple arithmetic.  Per
    region, a step is its size, the constraints it closes and the slots of
    the state after it: a slot is (where its need was in the state before,
    or None for a constraint the region opens; the constraint; whether the
    region takes from it; how many free elements it has after the region).
    A closing constraint is (where, constraint): it must need exactly what
    the region takes."""

    def __init__(self, order: list) -> None:
        self.elements = [tuple(elements) for _, elements in order]
        self.constraints = tuple(sorted(set().union(*(sig for sig, _ in order))))
        last, room = {}, defaultdict(int)
        for position, (sig, elements) in enumerate(order):
            for c in sig:
                last[c] = position
                room[c] += len(elements)
        self.steps, state = [], ()
        for position, (sig, elements) in enumerate(order):
            for c in sig:
                room[c] -= len(elements)
            where = {c: i for i, c in enumerate(state)}
            opened = sorted(c for c in sig if c not in where)
            closing = tuple((where.get(c), c) for c in sorted(sig) if last[c] == position)
            after = tuple(c for c in (*state, *opened) if last[c] > position)
            slots = tuple((where.get(c), c, c in sig, room[c]) for c in after)
            self.steps.append((len(elements), closing, slots))
            state = after

    def table(self, needs: list) -> _Table:
        key = (self, tuple(needs[c] for c in self.constraints))
        found = _TABLES.get(key)
        if found is None:
            found = self._count(needs)
            _TABLES.put(key, found)
        return found

    def _count(self, needs: list) -> _Table:
        """A forward pass keeps, per state, the ways to reach it by members
        taken; a backward pass, the ways to finish from it; a region's
        weighted ways are the ways through each of its steps, weighed by
        the members taken there.  Both passes are linear in the regions."""
        forward = [{(): {0: 1}}]
        moves = []  # per region: (state, taken, ways of taking, next state)
        for size, closing, slots in self.steps:
            after, made = {}, []
            for state, ways in forward[-1].items():
                for n, following in _moves(state, needs, size, closing, slots):
                    factor = comb(size, n)
                    made.append((state, n, factor, following))
                    _add_shifted(after.setdefault(following, {}), ways, n, factor)
            moves.append(made)
            forward.append(after)
        backward: dict = {(): {0: 1}}
        weighted = [{} for _ in self.steps]
        for position in range(len(self.steps) - 1, -1, -1):
            before, through = {}, {}
            for state, n, factor, following in moves[position]:
                rest = backward.get(following)
                if rest is None:
                    continue
                _add_shifted(before.setdefault(state, {}), rest, n, factor)
                if n:
                    _add_shifted(through.setdefault(state, {}), rest, n, factor * n)
            region = weighted[position]
            for state, poly in through.items():
                _add_convolved(region, forward[position][state], poly)
            backward = before
        return _Table(forward[-1].get((), {}), weighted)


def _moves(state: tuple, needs: list, size: int, closing: tuple, slots: tuple):
    """(members taken in the region, the state after) for each number the
    constraints allow."""
    low, high = 0, size
    for where, c, taking, room in slots:
        have = needs[c] if where is None else state[where]
        if taking:
            high = min(high, have)
            low = max(low, have - room)
        elif have > room:
            return
    for where, c in closing:
        have = needs[c] if where is None else state[where]
        low, high = max(low, have), min(high, have)
    for n in range(low, high + 1):
        yield n, tuple((needs[c] if where is None else state[where]) - (n if taking else 0)
                       for where, c, taking, _ in slots)


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


def _add_convolved(target: Poly, a: Poly, b: Poly) -> None:
    """``target`` += a · b."""
    for i, wa in a.items():
        for j, wb in b.items():
            target[i + j] = target.get(i + j, 0) + wa * wb


def _convolve(polys: list[Poly]) -> Poly:
    result: Poly = {0: 1}
    for poly in polys:
        out: Poly = {}
        _add_convolved(out, result, poly)
        result = out
    return result
