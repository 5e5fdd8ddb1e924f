"""What the typifier knows and tells: the ``GlobalInfo`` of each
constituent it reads, the ``Typed`` pair (type, value class) of each
sub-expression it types, and the ``Typification`` that ``typify`` returns.

Value classes.  ``Z`` and whatever ``ℬ`` builds is a *property*: members can
be tested but not listed.  ``×``, ``∪``, ``∆``, enumerations and tuples with
a property operand are properties; ``∩`` with a value operand is a value;
``\\`` takes its left operand's class, ``D{v∈S|…}`` and ``Fi[…](S)`` take
S's; a global takes ``GlobalInfo.value_class``; locals, numbers, ``∅`` and
formulas are values.  Listing the members of a property — ``card``,
``debool``, ``red``, ``Pr``, ``bool`` of it, or a quantifier or ``:∈``
domain that is a property — is an error in ConceptPortal; setmine's
evaluator can often do it, so the typifier only warns
(``invalidPropertyUsage``) and classes the result as a value.  The result of
``I{…}`` and of calls of functions with a value body is a value.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..syntax.errors import Diagnostic
from ..syntax.tree import Node
from .compat import CONSTANT_TRAITS
from .types import LOGIC, Type

VALUE = "value"
PROPERTY = "property"


@dataclass(frozen=True)
class GlobalInfo:
    """What the typifier knows of a constituent: its kind (``"basic"``,
    ``"constant"``, ``"structure"``, ``"term"``, ``"axiom"``, ``"theorem"``,
    ``"function"``, ``"predicate"``), its type (None when it could not be
    typed: using it is ``globalNotTyped``), its value class and, for a
    constant set, its traits (``"integral"``, ``"ordered"``; None: the
    default of its kind, both for a constant and none for anything else)."""

    kind: str
    type: Type | None
    value_class: str = VALUE
    traits: frozenset[str] | None = None

    @property
    def trait_names(self) -> frozenset[str]:
        """The traits of a constant set (``CONSTANT_TRAITS`` by default);
        empty for every other kind."""
        if self.kind != "constant":
            return frozenset()
        return CONSTANT_TRAITS if self.traits is None else frozenset(self.traits)


@dataclass
class Typification:
    """The result of ``typify``: the type, the value class, the warnings,
    and the tree as typed — the tree given, except that a ``*`` between sets
    is a ``Product`` there (``products.py``).  Evaluate this tree."""

    type: Type
    value_class: str
    warnings: list[Diagnostic] = field(default_factory=list)
    tree: Node | None = None


@dataclass(frozen=True)
class Typed:
    """The type and the value class of a sub-expression."""

    type: Type
    value_class: str = VALUE


FORMULA = Typed(LOGIC, VALUE)
