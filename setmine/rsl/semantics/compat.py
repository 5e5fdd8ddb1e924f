"""Comparing types, and the traits of constant sets.

``compatible`` (equality up to ``R0``), ``merge`` (the more specific of two
compatible types) and ``unify`` (matching a parameter type with radicals
R1, R2… against the type of an argument, as in a call ``F1[a, b]``).  Each
takes the ``Traits`` of
the schema: which constant sets are *integral* (their elements are integers:
``+ − *`` apply and they mix with ``Z``) and which *ordered* (``< > ≤ ≥``
apply).  Traits belong to the schema, not to the types: ``C1`` is the same
type whatever its traits.  With traits, an integral ``C1`` is compatible
with ``Z`` and merges with it to ``C1``; two different constants stay
incompatible.  Without traits (the default) the comparisons are the plain
ones above.

    >>> from setmine.rsl.semantics.types import INTEGER, Element
    >>> compatible(Element("C1"), INTEGER)
    False
    >>> traits = Traits.of({"C1": ("integral", "ordered")})
    >>> compatible(Element("C1"), INTEGER, traits), merge(INTEGER, Element("C1"), traits)
    (True, Element('C1'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, MutableMapping

from .types import (
    INTEGER,
    AnyType,
    Element,
    FunctionType,
    Integer,
    Logic,
    SetType,
    TupleType,
    Type,
    is_radical,
)

INTEGRAL, ORDERED = "integral", "ordered"
TRAIT_NAMES = (INTEGRAL, ORDERED)
CONSTANT_TRAITS = frozenset(TRAIT_NAMES)
"""setmine's reading of the reference's defaults: a constant set ``C#`` is
integral and ordered unless its schema entry says otherwise; a basic set
``X#`` is neither and cannot be given traits; ``Z`` is both."""


@dataclass(frozen=True)
class Traits:
    """The constant sets of a schema that are integral and ordered (their
    aliases).  ``Z`` is always both, ``R0`` may stand for anything."""

    integral: frozenset[str] = frozenset()
    ordered: frozenset[str] = frozenset()

    @classmethod
    def of(cls, sets: Mapping[str, Iterable[str]]) -> "Traits":
        """From alias → its trait names (``"integral"``, ``"ordered"``)."""
        return cls(frozenset(a for a, names in sets.items() if INTEGRAL in names),
                   frozenset(a for a, names in sets.items() if ORDERED in names))

    def is_integral(self, t: Type) -> bool:
        """Whether ``+ − *`` apply to ``t``: Z, R0 or an integral constant."""
        return isinstance(t, (Integer, AnyType)) or (isinstance(t, Element)
                                                     and t.name in self.integral)

    def is_ordered(self, t: Type) -> bool:
        """Whether ``< > ≤ ≥`` apply to ``t``: Z, R0 or an ordered constant."""
        return isinstance(t, (Integer, AnyType)) or (isinstance(t, Element)
                                                     and t.name in self.ordered)

    def arithmetic(self, a: Type | None, b: Type) -> Type:
        """The type of ``a ∘ b`` (``∘`` one of ``+ − *``; ``a`` None for the
        first operand alone): a constant with itself or with Z is that
        constant, two different constants give Z, Z and R0 give Z."""
        b = INTEGER if isinstance(b, AnyType) else b
        if a is None or isinstance(a, Integer):
            return b
        return a if isinstance(b, Integer) or a == b else INTEGER

    def mixes(self, a: Type, b: Type) -> bool:
        """Whether one of ``a``, ``b`` is Z and the other an integral constant."""
        return {type(a), type(b)} == {Integer, Element} and self.is_integral(a) \
            and self.is_integral(b)


NO_TRAITS = Traits()


def compatible(a: Type, b: Type, traits: Traits = NO_TRAITS) -> bool:
    """Equal up to ``R0``: ``ℬ(R0)`` is compatible with every set type and
    ``R0`` with every type.  Radicals R1, R2… are rigid here (inside a
    function body ``ℬ(R1)`` and ``ℬ(X1)`` are not compatible).  With
    ``traits``, an integral constant is compatible with ``Z``."""
    if isinstance(a, AnyType) or isinstance(b, AnyType):
        return True
    if isinstance(a, Element) and isinstance(b, Element):
        return a.name == b.name
    if isinstance(a, SetType) and isinstance(b, SetType):
        return compatible(a.base, b.base, traits)
    if isinstance(a, TupleType) and isinstance(b, TupleType):
        return len(a.factors) == len(b.factors) and all(
            compatible(x, y, traits) for x, y in zip(a.factors, b.factors))
    if isinstance(a, FunctionType) and isinstance(b, FunctionType):
        return (len(a.params) == len(b.params) and compatible(a.result, b.result, traits)
                and all(compatible(x, y, traits) for x, y in zip(a.params, b.params)))
    if traits.mixes(a, b):
        return True
    return type(a) is type(b) and isinstance(a, (Integer, Logic))


def merge(a: Type, b: Type, traits: Traits = NO_TRAITS) -> Type:
    """The more specific of two compatible types: ``merge(ℬ(R0), ℬ(X1))`` is
    ``ℬ(X1)``; ``merge(ℬ(R0×X1), ℬ(X1×R0))`` is ``ℬ(X1×X1)``; with
    ``traits``, an integral ``C1`` and ``Z`` merge to ``C1``."""
    if isinstance(a, AnyType):
        return b
    if isinstance(b, AnyType):
        return a
    if isinstance(a, SetType) and isinstance(b, SetType):
        return SetType(merge(a.base, b.base, traits))
    if isinstance(a, TupleType) and isinstance(b, TupleType) and len(a.factors) == len(b.factors):
        return TupleType(tuple(merge(x, y, traits) for x, y in zip(a.factors, b.factors)))
    if not compatible(a, b, traits):
        raise ValueError(f"cannot merge incompatible types {a} and {b}")
    return b if isinstance(a, Integer) else a


def unify(pattern: Type, actual: Type, bindings: MutableMapping[str, Type],
          traits: Traits = NO_TRAITS) -> bool:
    """Match ``pattern`` (a parameter type that may contain radicals R1, R2…)
    against ``actual`` (the type of an argument), extending ``bindings``
    (radical name → type).  A radical bound twice must get compatible types
    (the binding becomes their merge).  ``R0`` on either side matches
    anything.  Returns False when the types do not match; ``bindings`` may
    then hold partial results."""
    if isinstance(pattern, AnyType):
        return True
    if isinstance(pattern, Element) and is_radical(pattern):
        name = pattern.name
        bound = bindings.get(name)
        if bound is None:
            bindings[name] = actual
            return True
        if not compatible(bound, actual, traits):
            return False
        bindings[name] = merge(bound, actual, traits)
        return True
    if isinstance(actual, AnyType):
        return True
    if isinstance(pattern, SetType) and isinstance(actual, SetType):
        return unify(pattern.base, actual.base, bindings, traits)
    if isinstance(pattern, TupleType) and isinstance(actual, TupleType):
        return (len(pattern.factors) == len(actual.factors)
                and all(unify(p, a, bindings, traits)
                        for p, a in zip(pattern.factors, actual.factors)))
    if isinstance(pattern, (SetType, TupleType)):
        return False
    return compatible(pattern, actual, traits)


__all__ = ["INTEGRAL", "ORDERED", "TRAIT_NAMES", "CONSTANT_TRAITS", "Traits", "NO_TRAITS",
           "compatible", "merge", "unify"]
