"""Set intervals: {v | L ⊆ v ⊆ U, lo ≤ |v| ≤ hi, |v ∩ A| = k, …} — ℬ(U),
the k-subsets of U, and the intervals that narrowing produces, with the
cardinality constraints that counting turns into regions (``counting.py``):
counted exactly, each element's count with them, members listed by counting
when trying every candidate would be too many.  One kind of lazy set
(``sets.py``)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Iterator

from ...rsl.syntax.errors import RSLError
from . import cardinal
from .budget import ELEMENTS, Budget, within
from .counting import Counts, count, guided
from .sets import (CURRENT_BUDGET, Difference, Fibered, Filtered, Integers, LazySet, Union,
                   _remembered_hash, card, current_budget, materialize, member, members, sort)


@dataclass(frozen=True, eq=True)
class Subsets(LazySet):
    """{v | lower ⊆ v ⊆ upper, lo ≤ |v| ≤ hi, |v ∩ A| = k for each (A, k) of
    ``constraints``}; ``upper`` may itself be lazy (a family) when there are
    no constraints; ``hi`` None for no bound.  With constraints the set is
    counted by regions and components (``counting.py``), never listed."""

    lower: frozenset
    upper: object
    lo: int = 0
    hi: int | None = None
    constraints: tuple = ()
    # (parent, element, present): this set is the parent's members that
    # contain (or lack) one element — counted from the parent's counts
    origin: tuple | None = field(default=None, compare=False, repr=False)
    kind = "set interval"
    __hash__ = _remembered_hash

    def free_count(self) -> cardinal.Cardinal:
        return cardinal.subtract(card(self.upper), len(self.lower))

    def proper(self) -> bool:
        """L ⊆ U; else the interval is empty (a restricted child may be)."""
        cached = self.__dict__.get("_proper")
        if cached is None:
            cached = self.lower <= self.upper if isinstance(self.upper, frozenset) \
                else all(member(e, self.upper) for e in self.lower)
            object.__setattr__(self, "_proper", cached)
        return cached

    def contains(self, x) -> bool:
        if isinstance(x, LazySet):
            return self._contains_lazy(x)
        if not isinstance(x, frozenset) or not self.lower <= x:
            return False
        if len(x) < self.lo or (self.hi is not None and len(x) > self.hi):
            return False
        inside = x <= self.upper if isinstance(self.upper, frozenset) else \
            all(member(e, self.upper) for e in x)
        return inside and (not self.constraints
                           or all(len(x & a) == k for a, k in self.constraints))

    def _contains_lazy(self, x: LazySet) -> bool:
        """A lazy set as a candidate member (a family of sets, say)."""
        if self.lower and not all(member(e, x) for e in self.lower):
            return False
        if self.lo > len(self.lower) or self.hi is not None:
            size = card(x)
            if size < self.lo or (self.hi is not None and size > self.hi):
                return False
        if self.constraints and \
                any(sum(1 for e in a if member(e, x)) != k for a, k in self.constraints):
            return False  # (the sets A of the constraints are explicit)
        return subset(x, self.upper, current_budget())

    # -- counting
    def counts(self):
        """The number of members and each free element's number of members
        containing it (computed once)."""
        cached = self.__dict__.get("_counts")
        if cached is None:
            if not self.proper():
                object.__setattr__(self, "_counts", Counts(0, {}))
                return self.__dict__["_counts"]
            free = sort(e for e in members(self.upper, current_budget(), None, "counting")
                        if e not in self.lower)
            cached = count(self.lower, free, self.lo, self.hi, self.constraints)
            object.__setattr__(self, "_counts", cached)
        return cached

    def element_count(self, e) -> cardinal.Cardinal:
        """How many members contain ``e``."""
        if not self.proper():
            return 0
        if e in self.lower:
            return self.cardinality()
        if not member(e, self.upper):
            return 0
        if not self.constraints:
            n = self.free_count()
            if isinstance(n, int):
                return Subsets(self.lower | {e}, self.upper, self.lo, self.hi).cardinality()
        return self.counts().per_element.get(e, 0)

    def common(self) -> frozenset | None:
        """The elements in every member (None when the upper bound is not
        listed); the interval must not be empty."""
        return self._by_counts(lambda with_e, total: with_e == total)

    def touched(self) -> frozenset | None:
        """The elements in some member (None when the upper bound is not
        listed)."""
        return self._by_counts(lambda with_e, total: with_e > 0)

    def _by_counts(self, keep) -> frozenset | None:
        if not isinstance(self.upper, frozenset):
            return None
        counts = self.counts()
        return self.lower | {e for e, n in counts.per_element.items() if keep(n, counts.total)}

    def restricted(self, e, present: bool) -> "Subsets":
        """The members that contain ``e`` (present) or lack it."""
        if present:
            child = Subsets(self.lower | {e}, self.upper, self.lo, self.hi, self.constraints,
                            (self, e, True))
        else:
            upper = self.upper - {e} if isinstance(self.upper, frozenset) else \
                Difference(self.upper, frozenset({e}))
            child = Subsets(self.lower, upper, self.lo, self.hi,
                            self.constraints, (self, e, False))
        return child

    def cardinality(self) -> cardinal.Cardinal:
        if self.origin is not None:
            parent, e, present = self.origin
            with_e = parent.element_count(e)
            return with_e if present else cardinal.subtract(parent.cardinality(), with_e)
        if not self.proper():
            return 0
        if self.constraints:
            return self.counts().total
        n = self.free_count()
        base = len(self.lower)
        lo, hi = max(self.lo - base, 0), None if self.hi is None else self.hi - base
        if hi is not None and hi < lo:
            return 0
        if isinstance(n, int):
            if hi is None or hi >= n:
                if lo == 0:
                    return cardinal.power_of_two(n)
                if lo <= 64:  # never n − Σ… on a symbolic 2^n: sympy would expand it
                    return cardinal.subtract(cardinal.power_of_two(n),
                                             sum(cardinal.binomial(n, k) for k in range(lo)))
            elif hi - lo <= 10_000 or hi <= 64:
                return sum(cardinal.binomial(n, k) for k in range(lo, min(hi, n) + 1))
        elif lo == 0 and hi is None:
            return cardinal.power_of_two(n)
        raise RSLError("calculationNotSupported",
                       f"cannot count the subsets of sizes {self.lo}..{self.hi} of a set of "
                       f"{cardinal.show(n)} members")

    def is_empty(self) -> bool:
        if not self.proper():
            return True
        n = self.free_count()
        base = len(self.lower)
        if self.hi is not None and self.hi < max(self.lo, base):
            return True
        if isinstance(n, int) and base + n < self.lo:
            return True
        if self.constraints or self.origin is not None:
            return self.cardinality() == 0
        return False

    def members(self, budget: Budget, node=None, construct: str = "enumeration") -> Iterator:
        if not self.proper():
            return
        # every element of the upper bound is visited (sorted), so a bound too large
        # for what is left of the budget fails now rather than after spending it all
        budget.require(self._upper_size(), within(node, ELEMENTS), construct)
        free = sort(e for e in members(self.upper, budget, within(node, ELEMENTS), construct)
                    if e not in self.lower)
        top = len(free) if self.hi is None else min(self.hi - len(self.lower), len(free))
        if self.constraints and not budget.admits(self.candidates()):
            # too many candidates to try: listed by counting, each count charged for the
            # elements it weighs, and no candidate that fails is visited
            size = self.cardinality_or_none()

            def charge(n: int) -> None:
                budget.charge(n, node, construct, size)
            for k in range(max(self.lo - len(self.lower), 0), top + 1):
                yield from guided(self.lower, free, len(self.lower) + k, self.constraints, charge)
            return
        size = self.cardinality_or_none()
        for k in range(max(self.lo - len(self.lower), 0), top + 1):
            for combo in itertools.combinations(free, k):
                budget.charge(1, node, construct, size)
                candidate = self.lower.union(combo)
                if all(len(candidate & a) == need for a, need in self.constraints):
                    yield candidate

    def _upper_size(self) -> cardinal.Cardinal:
        """The upper bound's cardinality, or 0 when counting it fails (its
        enumeration then meets the failure, as before)."""
        try:
            return card(self.upper)
        except RSLError:
            return 0

    def candidates(self) -> cardinal.Cardinal:
        """How many sets a listing that tries every candidate would try: the
        subsets of the free part of the allowed sizes (constraints aside)."""
        return Subsets(self.lower, self.upper, self.lo, self.hi).cardinality()

    def cardinality_or_none(self):
        try:
            return self.cardinality()
        except RSLError:
            return None

    def counted_size(self):
        return self.cardinality()

    def listable(self, limit: int) -> bool:
        """Counted within ``limit``, and (with constraints) listed by trying
        at most ``limit`` candidates."""
        size = self.cardinality_or_none()
        if not isinstance(size, int) or size > limit:
            return False
        if self.constraints:
            tried = self.candidates()  # listed only when it is cheap: by trying candidates
            return isinstance(tried, int) and tried <= limit
        return True


def powerset(base) -> "Subsets | frozenset":
    return Subsets(frozenset(), base)


# ----------------------------------------------------------------------------
# ⊆, for every kind of set value (set intervals compare by their bounds)

def subset(a, b, budget: Budget, node=None) -> bool:
    if isinstance(a, frozenset):
        if isinstance(b, frozenset):
            return _included(a, b)
        return all(member(x, b) for x in a)
    if isinstance(a, Subsets) and isinstance(b, Subsets) and \
            (not b.constraints or set(b.constraints) <= set(a.constraints)):
        if a.is_empty():
            return True
        if interval_within(a, b, budget, node):
            return True
        if not a.constraints:
            return False  # interval_within is exact for an unconstrained a
    if isinstance(a, Fibered) and isinstance(b, Fibered):
        fb = b.as_dict()
        return all(x in fb and subset(f, fb[x], budget, node) for x, f in a.fibers)
    if isinstance(b, Integers):
        return True
    if isinstance(a, Filtered) and subset(a.domain, b, budget, node):
        return True  # a filtered set lies within its domain
    if isinstance(a, Union) and all(subset(p, b, budget, node) for p in a.parts):
        return True
    return all(member(x, b) for x in members(a, budget, node, "inclusion"))


def _included(a: frozenset, b: frozenset) -> bool:
    """a ⊆ b (the elements of explicit sets are canonical); remembered for
    large sets by the current budget — the intervals narrowed from one set
    share its upper bound, and each is checked against the same bound."""
    if len(a) < 64:
        return a <= b
    budget = CURRENT_BUDGET.get()
    if budget is None:
        return a <= b
    return budget.remembered("included", (a, b), lambda: a <= b, 512)


def interval_within(a: Subsets, b: Subsets, budget: Budget, node) -> bool:
    """Every member of the non-empty interval a (its constraints aside) lies
    in the interval b (whose constraints a has).  The members of a have
    every size from lo to hi (the effective bounds); a free element is in
    some member when hi > |L|, and in all of them when lo = |U|."""
    n = card(a.upper)
    lo = max(a.lo, len(a.lower))
    hi = n if a.hi is None else a.hi if not isinstance(n, int) else min(a.hi, n)
    if b.lo > lo or (b.hi is not None and (not isinstance(hi, int) or hi > b.hi)):
        return False
    everywhere = materialize(a.upper, budget, node, "inclusion") \
        if isinstance(n, int) and lo >= n else a.lower  # lo = |U|: a = {U}
    if not b.lower <= everywhere:
        return False
    grows = not isinstance(hi, int) or hi > len(a.lower)
    return subset(a.upper if grows else a.lower, b.upper, budget, node)
