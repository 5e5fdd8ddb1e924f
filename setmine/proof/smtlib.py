"""The SMT-LIB vocabulary the translation writes: sorts of RSLang types,
numerals, connectives, tuple selectors, and what the translation needs to
know of a term (its type, whether it is finite, the locals in scope).

Terms are written as SMT-LIB text: the same text is what cvc5 reads and
what ``setmine prove --smt2`` writes, so a proof is reproduced from the file
alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..rsl.semantics.types import (AnyType, Element, Integer, SetType, TupleType, Type,
                                   substitute)
from ..rsl.syntax import tree as s
from ..rsl.syntax.language import construct_of
from ..rsl.syntax.printer import unicode

EMPTY_DEFAULT = Integer()
"""The element type given to an ∅ whose type nothing around it fixes (``∅ = ∅``)."""


class NoTranslation(Exception):
    """A construct this translation does not say: ``node`` is where, ``why``
    says why, in words for the schema's author."""

    def __init__(self, node, why: str):
        super().__init__(why)
        self.node, self.why = node, why

    @property
    def construct(self) -> str:
        row = construct_of(self.node) if self.node is not None else None
        return row.name if row else type(self.node).__name__

    def describe(self) -> str:
        text = unicode(self.node) if self.node is not None else ""
        if len(text) > 60:
            text = text[:57] + "…"
        return f"reads {text} ({self.construct}): {self.why}" if text else self.why


@dataclass
class Bound:
    """A local in scope: its SMT term (a variable or a let-bound symbol), its
    sort, and whether it is a variable a Skolem function must take."""

    term: str
    type: Type


@dataclass
class Partial:
    """A ``debool`` met (where it is defined is ``Translator.definedness``'s)."""

    node: s.Node
    argument: str


@dataclass
class Typing:
    """The types of one tree's nodes, and the radicals' bindings of the call
    being unfolded."""

    types: Mapping[int, Type]
    radicals: Mapping[str, Type] = field(default_factory=dict)
    integral: frozenset[str] = frozenset()

    def of(self, node: s.Node) -> Type | None:
        t = self.types.get(id(node))
        if t is None:
            return None
        return as_integers(substitute(t, self.radicals) if self.radicals else t, self.integral)


def as_integers(t: Type, integral) -> Type:
    """``t`` with the elements of each integral constant set (``integral``:
    their names) as integers: such a set is a finite set of integers, which
    add, compare and equal integers as RSLang's traits say."""
    if not integral:
        return t
    if isinstance(t, Element) and t.name in integral:
        return Integer()
    if isinstance(t, SetType):
        return SetType(as_integers(t.base, integral))
    if isinstance(t, TupleType):
        return TupleType(tuple(as_integers(f, integral) for f in t.factors))
    return t


def fill(t: Type | None, want: Type | None) -> Type:
    """``t`` with each ``R0`` (the type of ∅'s members) taken from ``want``
    where it says more; an ``R0`` left stands for Int."""
    if t is None or isinstance(t, AnyType):
        if want is None or isinstance(want, AnyType):
            return EMPTY_DEFAULT
        return fill(want, None)
    if isinstance(t, SetType):
        return SetType(fill(t.base, want.base if isinstance(want, SetType) else None))
    if isinstance(t, TupleType):
        wants = (want.factors if isinstance(want, TupleType)
                 and len(want.factors) == len(t.factors) else (None,) * len(t.factors))
        return TupleType(tuple(fill(f, w) for f, w in zip(t.factors, wants)))
    return t


def sort(t: Type) -> str:
    """The SMT-LIB sort of an RSLang type."""
    if isinstance(t, Element):
        return f"E_{t.name}"
    if isinstance(t, Integer):
        return "Int"
    if isinstance(t, SetType):
        return f"(Set {sort(t.base)})"
    if isinstance(t, TupleType):
        return "(Tuple " + " ".join(sort(f) for f in t.factors) + ")"
    if isinstance(t, AnyType):
        return sort(EMPTY_DEFAULT)
    raise TypeError(f"no sort for {t}")


def numeral(n: int) -> str:
    return str(n) if n >= 0 else f"(- {-n})"


def conj(parts) -> str:
    parts = [p for p in parts if p != "true"]
    if "false" in parts:
        return "false"
    return "true" if not parts else parts[0] if len(parts) == 1 else f"(and {' '.join(parts)})"


def disj(parts) -> str:
    parts = [p for p in parts if p != "false"]
    if "true" in parts:
        return "true"
    return "false" if not parts else parts[0] if len(parts) == 1 else f"(or {' '.join(parts)})"


def select(term: str, i: int) -> str:
    return f"((_ tuple.select {i}) {term})"


SET_OPS = {"∪": "set.union", "∩": "set.inter", "\\": "set.minus"}
ORDER = {"<": "<", ">": ">", "≤": "<=", "≥": ">="}
ARITHMETIC = {"+": "+", "-": "-", "*": "*"}



def let(lets: list, body: str) -> str:
    for name, value in reversed(lets):
        body = f"(let (({name} {value})) {body})"
    return body


def project(term: str, indices: tuple[int, ...]) -> str:
    if len(indices) == 1:
        return select(term, indices[0] - 1)
    return "(tuple " + " ".join(select(term, i - 1) for i in indices) + ")"


def element_type(t: Type) -> Type:
    if isinstance(t, SetType):
        return t.base
    return EMPTY_DEFAULT if isinstance(t, AnyType) else t


def same_sort(node, a: Type, b: Type) -> None:
    if sort(a) != sort(b):
        raise NoTranslation(node, f"compares {a} with {b} (a constant set's element with an "
                            "integer is not said here)")


def element_names(t: Type) -> set[str]:
    if isinstance(t, Element):
        return {t.name}
    if isinstance(t, SetType):
        return element_names(t.base)
    if isinstance(t, TupleType):
        return set().union(*(element_names(f) for f in t.factors))
    return set()


def finite(node: s.Node, functions: Mapping[str, s.Node]) -> bool:
    """Whether ``node``'s value is finite whatever the model (Z and what is
    built from it is not; every other RSLang value is).  A call is finite
    when its arguments and its function's body are (``functions``: alias →
    definition)."""
    if isinstance(node, s.IntegerSet):
        return False
    if isinstance(node, s.SetOperation):
        a, b = finite(node.left, functions), finite(node.right, functions)
        return {"∩": a or b, "\\": a}.get(node.op, a and b)
    if isinstance(node, s.Product):
        return all(finite(f, functions) for f in node.factors)
    if isinstance(node, s.Apply) and node.op in ("ℬ", "red"):
        return finite(node.arg, functions)
    if isinstance(node, s.Declarative):
        return finite(node.domain, functions)
    if isinstance(node, (s.Filter, s.Projection)):
        return finite(node.arg, functions)
    if isinstance(node, s.Call):
        body = functions.get(node.name)
        return (all(finite(a, functions) for a in node.args) and isinstance(body, s.FunctionDef)
                and finite(body.body, functions))
    return True


ITERATES_Z = ("iterates over Z (or a set built from it): the reference evaluator cannot list "
              "Z's members (iterateInfinity), so a statement reading this has no value to prove")
