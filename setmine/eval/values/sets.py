"""Lazy sets: sets known by their membership test and their cardinality,
whose members are listed only on demand, under a budget, in canonical order.

The tiers of evaluation.md: small sets are ``frozenset``; the sets RSLang
builds over ℬ(A) for a base set A are these classes:

- ``Subsets(L, U, lo, hi)``: {v | L ⊆ v ⊆ U, lo ≤ |v| ≤ hi} — ℬ(U), the
  k-subsets of U and the set intervals that narrowing produces (in
  ``subsets.py``, with the counting of constrained ones);
- ``Product(A, B, …)``: tuples;
- ``Fibered({x: Fₓ})``: the union of dependent products ⋃ₓ {x}×Fₓ;
- ``Union``, ``Intersection``, ``Difference``, ``Filtered``: the rest,
  exact in membership, enumerated for cardinality;
- ``Integers``: Z.

Every set value — frozenset or lazy — answers ``member``, ``card`` and
``members`` (the functions at the end).  Members of ℬ(…) are frozensets.
"""

from __future__ import annotations

import heapq
import itertools
from contextvars import ContextVar
from dataclasses import dataclass, field, fields
from typing import Callable, Iterable, Iterator

from ...rsl.syntax.errors import RSLError
from . import cardinal
from .budget import Budget


def order_key(value) -> tuple:
    """The canonical order of values: integers, then tuples
    lexicographically, then sets by size and then by members."""
    if isinstance(value, int):
        return (0, value)
    if isinstance(value, tuple):
        return (1, tuple(order_key(v) for v in value))
    if isinstance(value, frozenset):
        return (2, len(value), tuple(sorted(order_key(v) for v in value)))
    if isinstance(value, LazySet):
        return (3, repr(value))
    return (4, repr(value))


def sort(values: Iterable, key: Callable | None = None) -> list:
    """In canonical order (of ``key(v)``, when a key is given)."""
    values = list(values)
    if key is None and len(values) < 2:
        return values   # (a lazy set's order key is its text: not written for nothing)
    if all(map(_plain, values if key is None else map(key, values))):
        try:  # Python's own order of ints and int tuples is order_key's …
            return sorted(values, key=key)
        except TypeError:  # … where it is defined (not between an int and a tuple)
            pass
    return sorted(values, key=order_key if key is None else lambda v: order_key(key(v)))


def _plain(value) -> bool:
    """An int, or a tuple of plain values (an element of a base set, a pair of them)."""
    kind = type(value)
    if kind is not tuple:
        return kind is int
    for v in value:   # (a loop, not all(…): sorting asks it of every member)
        kind = type(v)
        if kind is not int and (kind is not tuple or not _plain(v)):
            return False
    return True


def _remembered_hash(self) -> int:
    """The hash of a lazy set, computed once: a set interval's constraints,
    a union of dependent products' fibers are long tuples, and lazy sets
    are hashed again and again as keys of the evaluator's memory."""
    cached = self.__dict__.get("_hash")
    if cached is None:
        names = _COMPARED.get(type(self))
        if names is None:
            names = _COMPARED[type(self)] = tuple(f.name for f in fields(self) if f.compare)
        cached = hash((type(self).__name__,) + tuple(_hash_of(getattr(self, n)) for n in names))
        object.__setattr__(self, "_hash", cached)
    return cached


_COMPARED: dict = {}  # class → the names of its fields that equality compares


def _hash_of(value):
    """A field as it enters a hash: a long tuple by its hash, remembered by
    identity — the set intervals narrowed from one set share its tuple of
    constraints, hundreds long on a large structure.  (Equal tuples have
    equal hashes, so equal sets still hash alike.)"""
    if type(value) is not tuple or len(value) < 16:
        return value
    budget = CURRENT_BUDGET.get()
    if budget is None:
        return hash(value)
    return budget.remembered("tuple hash", (value,), lambda: hash(value), 1_000)


class LazySet:
    """A set that lists its members only when asked.  Subclasses define
    ``contains``, ``cardinality`` and ``members``."""

    kind = "lazy set"

    def contains(self, x) -> bool:
        raise NotImplementedError

    def cardinality(self) -> cardinal.Cardinal:
        raise NotImplementedError

    def members(self, budget: Budget, node=None, construct: str = "enumeration") -> Iterator:
        raise NotImplementedError

    def counted_size(self):
        """The number of members when it is counted, not listed (None: the
        set is listed to know it)."""
        return None

    def listable(self, limit: int) -> bool | None:
        """Whether listing this set goes through at most ``limit`` members,
        when that is known without listing (None: list it within a budget)."""
        return None

    def is_empty(self) -> bool:
        return self.cardinality() == 0

    def __contains__(self, x) -> bool:
        return self.contains(x)

    def __iter__(self) -> Iterator:
        return self.members(Budget())

    def __len__(self) -> int:
        raise TypeError("the size of a lazy set is .cardinality(), exact and possibly symbolic")

    def __bool__(self) -> bool:
        return not self.is_empty()


# ----------------------------------------------------------------------------
# Products and unions of dependent products

class Counted(LazySet):
    """A lazy set that counts its members by a formula: what listing it
    costs is known before listing."""

    def counted_size(self):
        return self.cardinality()

    def listable(self, limit: int) -> bool:
        size = self.cardinality()
        return isinstance(size, int) and size <= limit


@dataclass(frozen=True)
class Product(Counted):
    factors: tuple
    kind = "product"
    __hash__ = _remembered_hash

    def contains(self, x) -> bool:
        return (isinstance(x, tuple) and len(x) == len(self.factors)
                and all(member(c, f) for c, f in zip(x, self.factors)))

    def cardinality(self) -> cardinal.Cardinal:
        return cardinal.product(card(f) for f in self.factors)

    def members(self, budget: Budget, node=None, construct: str = "enumeration") -> Iterator:
        first, *rest = self.factors
        rest_members = [list(members(f, budget, node, construct)) for f in rest]
        size = self.cardinality()
        for head in members(first, budget, node, construct):
            for tail in itertools.product(*rest_members):
                budget.charge(1, node, construct, size)
                yield (head, *tail)


def _head(pair):
    return pair[0]


@dataclass(frozen=True)
class Fibered(Counted):
    """⋃ₓ {x}×Fₓ: pairs (x, y) with y ∈ Fₓ; ``fibers`` maps each x with a
    non-empty fiber to Fₓ (a tuple of pairs, in canonical order of x)."""

    fibers: tuple
    kind = "union of dependent products"
    __hash__ = _remembered_hash

    @staticmethod
    def build(pairs: Iterable[tuple]) -> "Fibered | frozenset":
        kept = sort(((x, f) for x, f in pairs if not is_empty(f)), key=_head)
        return Fibered(tuple(kept)) if kept else frozenset()

    def fiber(self, x):
        return self.as_dict().get(x, frozenset())

    def as_dict(self) -> dict:
        cached = self.__dict__.get("_dict")
        if cached is None:
            cached = dict(self.fibers)
            object.__setattr__(self, "_dict", cached)
        return cached

    def index(self) -> frozenset:
        cached = self.__dict__.get("_index")
        if cached is None:
            cached = frozenset(x for x, _ in self.fibers)
            object.__setattr__(self, "_index", cached)
        return cached

    def contains(self, x) -> bool:
        if not isinstance(x, tuple) or len(x) != 2:
            return False
        fiber = self.as_dict().get(x[0])
        return fiber is not None and member(x[1], fiber)

    def cardinality(self) -> cardinal.Cardinal:
        return cardinal.total(card(f) for _, f in self.fibers)

    def is_empty(self) -> bool:
        return not self.fibers

    def members(self, budget: Budget, node=None, construct: str = "enumeration") -> Iterator:
        for x, fiber in self.fibers:
            for y in members(fiber, budget, node, construct):
                yield (x, y)


# ----------------------------------------------------------------------------
# Generic combinations: exact membership, enumerated cardinality

@dataclass(frozen=True)
class Union(LazySet):
    parts: tuple
    disjoint: bool = False
    kind = "union"
    __hash__ = _remembered_hash

    def contains(self, x) -> bool:
        return any(member(x, p) for p in self.parts)

    def cardinality(self) -> cardinal.Cardinal:
        if self.disjoint:
            return cardinal.total(card(p) for p in self.parts)
        return _count(self)

    def is_empty(self) -> bool:
        return all(is_empty(p) for p in self.parts)

    def members(self, budget: Budget, node=None, construct: str = "enumeration") -> Iterator:
        streams = [((order_key(m), i, m) for m in members(p, budget, node, construct))
                   for i, p in enumerate(self.parts)]
        previous = object()
        for _, _, m in heapq.merge(*streams):
            if m != previous:
                previous = m
                yield m


class Searched(LazySet):
    """A lazy set known only by its members and a membership test (an
    intersection, a difference, a filtered set): counted member by member,
    and empty when a search finds no member."""

    def cardinality(self) -> cardinal.Cardinal:
        return _count(self)

    def is_empty(self) -> bool:
        return next(self.members(current_budget(), getattr(self, "node", None),
                                 "the search for a member"), _NONE) is _NONE


@dataclass(frozen=True)
class Intersection(Searched):
    parts: tuple
    kind = "intersection"
    __hash__ = _remembered_hash

    def contains(self, x) -> bool:
        return all(member(x, p) for p in self.parts)

    def members(self, budget: Budget, node=None, construct: str = "enumeration") -> Iterator:
        first, *rest = self.parts
        for m in members(first, budget, node, construct):
            if all(member(m, p) for p in rest):
                yield m


@dataclass(frozen=True)
class Difference(Searched):
    left: object
    right: object
    kind = "difference"
    __hash__ = _remembered_hash

    def contains(self, x) -> bool:
        return member(x, self.left) and not member(x, self.right)

    def members(self, budget: Budget, node=None, construct: str = "enumeration") -> Iterator:
        for m in members(self.left, budget, node, construct):
            if not member(m, self.right):
                yield m


@dataclass(frozen=True, eq=False)
class Filtered(Searched):
    """{v ∈ domain | test(v)}: the residue of narrowing."""

    domain: object
    test: Callable = field(compare=False)
    description: str = ""
    node: object = field(default=None, compare=False)
    kind = "filtered set"

    def contains(self, x) -> bool:
        return member(x, self.domain) and self.test(x)

    def members(self, budget: Budget, node=None, construct: str = "enumeration") -> Iterator:
        for m in members(self.domain, budget, node, construct):
            if self.test(m):
                yield m


@dataclass(frozen=True)
class IntRange(Counted):
    """{lo, lo+1, …, hi}: the values of ``card`` over a set interval."""

    lo: int
    hi: object  # an int, possibly a huge one
    kind = "integer range"
    __hash__ = _remembered_hash

    def contains(self, x) -> bool:
        return isinstance(x, int) and not isinstance(x, bool) and self.lo <= x <= self.hi

    def cardinality(self) -> cardinal.Cardinal:
        return max(self.hi - self.lo + 1, 0)

    def is_empty(self) -> bool:
        return self.hi < self.lo

    def members(self, budget, node=None, construct="enumeration"):
        for k in itertools.count(self.lo):
            if k > self.hi:
                return
            budget.charge(1, node, construct, self.cardinality())
            yield k


@dataclass(frozen=True)
class Integers(LazySet):
    """Z: membership only; listing or counting it is an error
    (iterateInfinity) at ``span``, where the text wrote it."""

    span: tuple[int, int] = field(default=(0, 0), compare=False)
    kind = "integers"

    def contains(self, x) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    def cardinality(self):
        raise RSLError("iterateInfinity", "Z is infinite: it has no cardinality to compute",
                       *self.span)

    def is_empty(self) -> bool:
        return False

    def members(self, budget, node=None, construct="enumeration"):
        raise RSLError("iterateInfinity", "Z is infinite: its members cannot be listed",
                       *self.span)


_NONE = object()

# The budget that counting and emptiness tests of lazy sets are charged to:
# the evaluator's while it runs (see ``charged_to``), a fresh default one else.
CURRENT_BUDGET: ContextVar[Budget | None] = ContextVar("CURRENT_BUDGET", default=None)


def current_budget() -> Budget:
    return CURRENT_BUDGET.get() or Budget()


def _count(s: LazySet) -> int:
    node = getattr(s, "node", None)
    return sum(1 for _ in s.members(current_budget(), node, "counting the members"))


# ----------------------------------------------------------------------------
# The same questions of any set value

def member(x, s) -> bool:
    if isinstance(s, frozenset):
        if isinstance(x, LazySet):
            x = canonical(x)  # an explicit set holds its sets listed
        try:
            return x in s
        except TypeError:  # an unhashable candidate is in no explicit set
            return False
    return s.contains(x)


def card(s) -> cardinal.Cardinal:
    return len(s) if isinstance(s, frozenset) else s.cardinality()


def is_empty(s) -> bool:
    return not s if isinstance(s, frozenset) else s.is_empty()


def members(s, budget: Budget, node=None, construct: str = "enumeration") -> Iterator:
    """The members of a set value, in canonical order, charged to ``budget``."""
    if isinstance(s, frozenset):
        budget.charge(len(s), node, construct, len(s))
        return iter(_sorted(s))
    return s.members(budget, node if node is not None else getattr(s, "node", None), construct)


def each(s, budget: Budget, node=None, construct: str = "enumeration") -> Iterator:
    """The members of a set value in any order (an explicit set as it is
    stored), charged to ``budget``: for loops whose result is a set."""
    if isinstance(s, frozenset):
        budget.charge(len(s), node, construct, len(s))
        return iter(s)
    return s.members(budget, node, construct)


def _sorted(s: frozenset) -> list:
    """The canonical order of an explicit set, remembered by the current
    budget (sets are immutable, and the same ones are listed again and
    again while a command or a request runs)."""
    if len(s) < 2:
        return list(s)
    if len(s) < 8:
        return sort(s)
    budget = CURRENT_BUDGET.get()
    if budget is None:
        return sort(s)
    return budget.remembered("sorted", (s,), lambda: sort(s), 20_000)


ELEMENT_LIMIT = 10_000


def canonical(value):
    """A value about to become an element of a set (or a component of a
    tuple): a lazy set of at most ``ELEMENT_LIMIT`` members is listed, so
    that equal sets are equal elements whatever their spelling ({T} for a
    term T and {{…}, {…}} alike); a larger one stays lazy, and as an
    element it is then told apart from others by its spelling."""
    kind = type(value)
    if kind is int or kind is frozenset:
        return value
    if kind is tuple:
        for v in value:
            if type(v) is not int and type(v) is not frozenset:
                break
        else:
            return value  # plain elements and tuples of them: nothing lazy in it
        items = tuple(canonical(v) for v in value)
        return items if any(a is not b for a, b in zip(items, value)) else value
    if not isinstance(value, LazySet) or isinstance(value, Integers):
        return value
    if value.listable(ELEMENT_LIMIT) is False:
        return value
    budget = Budget(max_elements=ELEMENT_LIMIT)
    try:
        return frozenset(canonical(m) for m in value.members(budget, None, "an element"))
    except RSLError as exc:
        if exc.code in ("setOverflow", "timeLimit"):
            return value
        raise


def materialize(s, budget: Budget, node=None, construct: str = "enumeration") -> frozenset:
    if isinstance(s, frozenset):
        return s
    size = s.counted_size()
    if size is not None:
        budget.require(size, node, construct)
    return frozenset(s.members(budget, node, construct))

