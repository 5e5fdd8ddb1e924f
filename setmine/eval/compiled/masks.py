"""The compact representation, chosen by type.

| type | compact value |
| --- | --- |
| an element of a base set (``X``) | its index in the set's canonical order |
| ``Z`` | an int |
| ``Logic`` | a bool |
| ``H1×…×Hn`` | a tuple of compact values |
| ``ℬ(X)`` | an int bit mask: bit i is element i |
| ``ℬℬ(X)`` | a frozenset of masks, or a counted :class:`~.families.Family` |
| ``ℬ(H)``, any other H | a frozenset of compact values |

A :class:`Universe` numbers the elements of each base set of a structure;
:func:`encode` turns a value of the reference evaluator into its compact
form (raising :class:`Unrepresentable` for a lazy set it cannot list) and
:func:`decode` turns it back, so that every consumer of values sees the
reference's kinds of value.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ...rsl.semantics import types as t
from ..values.sets import Fibered, LazySet, sort
from ..values.subsets import Subsets
from .families import Family


DECODED = 100_000  # sets of elements a universe keeps decoded


class Unrepresentable(Exception):
    """A value the compact representation does not hold (a lazy set it
    cannot list, an element outside its base set)."""


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def base_of(typ: t.Type) -> str | None:
    """The base set a ``ℬ(X)`` type's elements belong to, or None."""
    if isinstance(typ, t.SetType) and isinstance(typ.base, t.Element):
        return typ.base.name
    return None


def is_family(typ: t.Type) -> bool:
    """``ℬℬ(X)``: a family of sets of elements of a base set."""
    return isinstance(typ, t.SetType) and base_of(typ.base) is not None


class Universe:
    """The elements of each base set of a structure, numbered in canonical
    order (or in the order given: ``ordered``): ``index[name][element]`` and
    ``elements[name][i]``."""

    def __init__(self, bases: Mapping[str, object], ordered: bool = False):
        self.elements = {name: tuple(value) if ordered else tuple(sort(value))
                         for name, value in bases.items()}
        self.index = {name: {e: i for i, e in enumerate(es)} for name, es in self.elements.items()}
        self._decoded: dict = {}

    def members(self, name: str, mask: int) -> frozenset:
        """The set of elements of ``mask`` (the same object for the same
        mask: a family's constraints are decoded once, not per member)."""
        key = (name, mask)
        found = self._decoded.get(key)
        if found is None:
            if len(self._decoded) > DECODED:
                self._decoded.clear()
            elements = self.elements[name]
            found = self._decoded[key] = frozenset(elements[i] for i in bits(mask))
        return found

    def family(self, name: str, value: Family):
        """A counted family as the reference's set interval (the same object
        for the same family; a family narrowed from another keeps it as its
        origin, so that it is counted from the other's counts)."""
        key = (name, value)
        found = self._decoded.get(key)
        if found is None:
            if value.size() == 0:
                found = frozenset()
            else:
                listed = lambda mask: self.members(name, mask)  # noqa: E731
                origin = value.origin
                if origin is not None:
                    parent, i, present = origin
                    origin = (self.family(name, parent), self.elements[name][i], present)
                found = Subsets(listed(value.lower), listed(value.upper), value.lo, value.hi,
                                self.constraints(name, value.constraints), origin)
            self._decoded[key] = found
        return found

    def constraints(self, name: str, constraints: tuple) -> tuple:
        """A family's constraints decoded, once per tuple: the families
        narrowed from one family share its tuple, so a relation from each
        element to its narrowed family decodes the constraints once, not
        once per element."""
        found = self._decoded.get(id(constraints))
        if found is None or found[0] is not constraints:
            decoded = tuple((self.members(name, a), k) for a, k in constraints)
            found = self._decoded[id(constraints)] = (constraints, decoded)
        return found[1]

    def mask(self, name: str, values) -> int:
        index = self.index[name]
        try:
            return sum(1 << index[v] for v in values)
        except (KeyError, TypeError):
            raise Unrepresentable(f"an element outside {name}") from None


def encode(universe: Universe, typ: t.Type, value):
    """The compact form of the reference value ``value`` of type ``typ``."""
    if isinstance(typ, t.Element):
        if typ.name not in universe.index or value not in universe.index[typ.name]:
            raise Unrepresentable(f"{value!r} is not an element of {typ.name}")
        return universe.index[typ.name][value]
    if isinstance(typ, (t.Integer, t.Logic)):
        return value
    if isinstance(typ, t.TupleType):
        if not isinstance(value, tuple) or len(value) != len(typ.factors):
            raise Unrepresentable(f"{value!r} is not a tuple of {typ}")
        return tuple(encode(universe, f, v) for f, v in zip(typ.factors, value))
    if not isinstance(typ, t.SetType):
        raise Unrepresentable(f"no compact form for the type {typ}")
    base = base_of(typ)
    if base is not None:
        if base not in universe.index or not isinstance(value, frozenset):
            raise Unrepresentable(f"a set of {base} that is not listed")
        return universe.mask(base, value)
    if isinstance(value, Subsets) and is_family(typ):
        return _family(universe, base_of(typ.base), value)
    if isinstance(value, Fibered):
        return frozenset(encode(universe, typ.base, (head, second))
                         for head, seconds in value.fibers for second in _listed(seconds))
    return frozenset(encode(universe, typ.base, v) for v in _listed(value))


def _listed(value) -> frozenset:
    if isinstance(value, frozenset):
        return value
    raise Unrepresentable(f"a lazy set ({type(value).__name__}) is not listed")


def _family(universe: Universe, base: str, value: Subsets) -> Family:
    if not isinstance(value.upper, frozenset) or value.hi is not None and value.hi < 0:
        raise Unrepresentable("a set interval whose upper bound is not listed")
    constraints = tuple((universe.mask(base, a), k) for a, k in value.constraints)
    return Family(universe.mask(base, value.lower), universe.mask(base, value.upper),
                  value.lo, value.hi, constraints)


def decode(universe: Universe, typ: t.Type, value):
    """The reference evaluator's form of the compact value ``value``."""
    if isinstance(typ, t.Element):
        return universe.elements[typ.name][value]
    if isinstance(typ, (t.Integer, t.Logic)):
        return value
    if isinstance(typ, t.TupleType):
        return tuple(decode(universe, f, v) for f, v in zip(typ.factors, value))
    base = base_of(typ)
    if base is not None:
        return universe.members(base, value)
    if isinstance(value, Family):
        return universe.family(base_of(typ.base), value)
    if isinstance(value, LazySet):  # (a fallback's value, never encoded)
        return value
    pair = typ.base
    if isinstance(pair, t.TupleType) and len(pair.factors) == 2 and \
            isinstance(pair.factors[0], t.Element) and not isinstance(pair.factors[1], t.Element):
        return _fibered(universe, pair, value)
    return frozenset(decode(universe, typ.base, v) for v in value)


def _fibered(universe: Universe, pair: t.TupleType, value) -> Fibered | frozenset:
    """A relation from elements to sets (or families) as the reference
    gives it: each element with its fiber, in canonical order."""
    first, second = pair.factors
    fibers: dict = {}
    for x, y in value:
        fibers.setdefault(x, []).append(decode(universe, second, y))
    return Fibered.build((universe.elements[first.name][x], frozenset(ys))
                         for x, ys in sorted(fibers.items()))
