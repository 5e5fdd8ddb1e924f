"""Counted families of bit masks: ``{v | L ⊆ v ⊆ U, lo ≤ |v| ≤ hi,
|v ∩ A| = k for each (A, k)}`` with L, U and the A's masks.

The compact twin of the reference's set interval (``values/subsets.py``),
counted by the same counting (``values/counting.py``: regions, components,
two passes for every element's count), never listed unless asked for its
members.  Counts are remembered per family, and across families by their
bounds and constraints: two terms that build the same interval count it
once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import Iterator

from ..values.counting import Counts, count, guided
from ..values.kept import Kept

_COUNTS = Kept(size=4_096, most=2_000_000)
"""The counts of families by bounds and constraints, kept across
evaluations, weighed by the elements they count."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True)
class Family:
    """The masks v with ``lower ⊆ v ⊆ upper``, ``lo ≤ |v| ≤ hi`` (``hi``
    None: no bound) and ``|v ∩ a| = k`` for each ``(a, k)`` of
    ``constraints``."""

    lower: int
    upper: int
    lo: int = 0
    hi: int | None = None
    constraints: tuple = ()
    _memo: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    def __hash__(self) -> int:  # remembered: the constraints of a large family are many masks
        found = self._memo.get("hash")
        if found is None:
            found = self._memo["hash"] = hash((self.lower, self.upper, self.lo, self.hi,
                                               self.constraints))
        return found

    @property
    def proper(self) -> bool:
        return self.lower & ~self.upper == 0 and (self.hi is None or self.lo <= self.hi)

    # -- counting
    def counts(self) -> Counts:
        """The number of members and, per free element index, the number of
        members containing it."""
        found = self._memo.get("counts")
        if found is None:
            found = self._memo["counts"] = self._count()
        return found

    def _count(self) -> Counts:
        if not self.proper:
            return Counts(0, {})
        key = (self.lower, self.upper, self.lo, self.hi, self.constraints)
        found = _COUNTS.get(key)
        if found is not None:
            return found
        if not self.constraints:
            found = self._plain()
        else:
            lower = frozenset(_bits(self.lower))
            found = count(lower, _bits(self.upper & ~self.lower), self.lo, self.hi,
                          tuple((frozenset(_bits(a)), k) for a, k in self.constraints))
        _COUNTS.put(key, found, 1 + len(found.per_element))
        return found

    def _plain(self) -> Counts:
        """Without constraints: binomial sums."""
        base, free = self.lower.bit_count(), (self.upper & ~self.lower).bit_count()
        top = free if self.hi is None else min(self.hi - base, free)
        low = max(self.lo - base, 0)
        total = sum(comb(free, j) for j in range(low, top + 1))
        each = sum(comb(free - 1, j - 1) for j in range(max(low, 1), top + 1)) if free else 0
        return Counts(total, {e: each for e in _bits(self.upper & ~self.lower)})

    def size(self) -> int:
        """The number of members (from the parent's counts, for a family
        narrowed from one)."""
        found = self._memo.get("total")
        return found if found is not None else self.counts().total

    def element_count(self, i: int) -> int:
        """How many members contain element ``i``."""
        if self.lower >> i & 1:
            return self.size()
        return self.counts().per_element.get(i, 0)

    def common(self) -> int:
        """The elements in every member: every element (-1, all bits) when
        there is no member, as ∀ over nothing holds."""
        counts = self.counts()
        if counts.total == 0:
            return -1
        return self.lower | sum(1 << e for e, n in counts.per_element.items()
                                if n == counts.total)

    def touched(self) -> int:
        """The elements in some member."""
        counts = self.counts()
        if counts.total == 0:
            return 0
        return self.lower | sum(1 << e for e, n in counts.per_element.items() if n)

    # -- membership and narrowing
    def contains(self, v: int) -> bool:
        if v & ~self.upper or self.lower & ~v:
            return False
        size = v.bit_count()
        if size < self.lo or (self.hi is not None and size > self.hi):
            return False
        return all((v & a).bit_count() == k for a, k in self.constraints)

    __contains__ = contains

    def containing(self, i: int) -> "Family":
        """The members that contain element ``i``, counted from this
        family's counts."""
        child = Family(self.lower | 1 << i, self.upper, self.lo, self.hi, self.constraints)
        child._memo["total"] = self.element_count(i) if self.upper >> i & 1 else 0
        child._memo["origin"] = (self, i, True)
        return child

    def lacking(self, i: int) -> "Family":
        """The members without element ``i``."""
        child = Family(self.lower, self.upper & ~(1 << i), self.lo, self.hi, self.constraints)
        child._memo["total"] = 0 if self.lower >> i & 1 else self.size() - self.element_count(i)
        child._memo["origin"] = (self, i, False)
        return child

    @property
    def origin(self) -> tuple | None:
        """(parent, element, present) for a family narrowed from ``parent``
        to the members with (or without) ``element``: counted from it."""
        return self._memo.get("origin")

    def sized(self, lo: int, hi: int | None) -> "Family":
        """The members of ``lo ≤ |v| ≤ hi`` too."""
        new_hi = hi if self.hi is None else (self.hi if hi is None else min(hi, self.hi))
        return Family(self.lower, self.upper, max(lo, self.lo), new_hi, self.constraints)

    # -- listing
    def members(self) -> Iterator[int]:
        """The members, smallest first, each size in canonical order, found
        by counting (``counting.guided``), never by trying candidates."""
        if not self.proper:
            return
        free = _bits(self.upper & ~self.lower)
        lower = frozenset(_bits(self.lower))
        constraints = tuple((frozenset(_bits(a)), k) for a, k in self.constraints)
        top = len(lower) + len(free) if self.hi is None else self.hi
        for size in range(max(self.lo, len(lower)), top + 1):
            for chosen in guided(lower, free, size, constraints, lambda n: None):
                yield sum(1 << e for e in chosen)
