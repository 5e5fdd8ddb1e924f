"""Types of RSLang: echelons, ``Logic`` and the signatures of functions.

A *type* (typification, "ступень") says what kind of object an expression
denotes.  The echelons are built from

* ``Element("X1")`` — an element of a basic set X1 or a constant set C1, or
  of a template radical R1 (a type parameter of a function);
* ``Integer()`` — an integer, printed ``Z``;
* ``TupleType((H1, …, Hn))`` — a tuple, n ≥ 2, printed ``H1×…×Hn``;
* ``SetType(H)`` — a set of elements of type H, printed ``ℬ(H)``;

and two special types: ``AnyType()`` (the radical ``R0``: the element type
of ``∅``, whose type is ``ℬ(R0)``; it is compatible with anything) and
``Logic()``, the type of formulas.  A function or predicate constituent has
a ``FunctionType``: ``[ℬ(R1), ℬ(R1×R2)] → ℬ(R1)``, ``[X1] → Logic``.

``str(t)`` prints the canonical form of ``rslang.md`` and ``parse_type``
reads it back::

    >>> str(SetType(SetType(Element("X1"))))
    'ℬℬ(X1)'
    >>> parse_type("ℬ((X1×X1)×X1)") == SetType(TupleType((
    ...     TupleType((Element("X1"), Element("X1"))), Element("X1"))))
    True

Comparing types (``compatible``, ``merge``, ``unify``) and the traits of
constant sets are in ``compat.py``; ``substitute`` replaces the radicals of
a type by their bindings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Mapping

from ..syntax.spelling import SUBSCRIPTS

# ----------------------------------------------------------------------------
# The types


@dataclass(frozen=True)
class Type:
    """The base class of all types."""

    def __str__(self) -> str:
        return show_type(self)


@dataclass(frozen=True, repr=False)
class Element(Type):
    """An element of a basic set (``X1``), a constant set (``C1``) or a
    template radical (``R1``, ``R2``…; ``R0`` is ``AnyType``)."""

    name: str

    def __post_init__(self) -> None:
        if self.name == "R0":
            raise ValueError("R0 is AnyType(), not an element type")

    def __repr__(self) -> str:
        return f"Element({self.name!r})"


@dataclass(frozen=True, repr=False)
class Integer(Type):
    """The type of integers, printed ``Z``."""

    def __repr__(self) -> str:
        return "Integer()"


@dataclass(frozen=True, repr=False)
class TupleType(Type):
    """``H1×…×Hn`` with n ≥ 2 factors."""

    factors: tuple[Type, ...]

    def __post_init__(self) -> None:
        if len(self.factors) < 2:
            raise ValueError("a tuple type has at least two factors")

    def __repr__(self) -> str:
        return f"TupleType({self.factors!r})"


@dataclass(frozen=True, repr=False)
class SetType(Type):
    """``ℬ(H)``: sets of elements of type ``base``."""

    base: Type

    def __repr__(self) -> str:
        return f"SetType({self.base!r})"


@dataclass(frozen=True, repr=False)
class Logic(Type):
    """The type of formulas (axioms, theorems, bodies of predicates)."""

    def __repr__(self) -> str:
        return "Logic()"


@dataclass(frozen=True, repr=False)
class AnyType(Type):
    """``R0``: the base of the type ``ℬ(R0)`` of ``∅``; compatible with any
    type."""

    def __repr__(self) -> str:
        return "AnyType()"


@dataclass(frozen=True, repr=False)
class FunctionType(Type):
    """The signature of a function (``result`` an echelon) or of a predicate
    (``result`` is ``Logic``)."""

    params: tuple[Type, ...]
    result: Type

    def __repr__(self) -> str:
        return f"FunctionType({self.params!r}, {self.result!r})"


INTEGER = Integer()
LOGIC = Logic()
ANY = AnyType()
EMPTY_SET = SetType(ANY)  # the type of ∅

RADICAL_NAME = re.compile(r"R[0-9]+")


def is_radical(t: Type) -> bool:
    """True for a template radical ``R1``, ``R2``… (not for ``R0``)."""
    return isinstance(t, Element) and RADICAL_NAME.fullmatch(t.name) is not None


def is_echelon(t: Type) -> bool:
    """True for the types of set (and integer) expressions: everything but
    ``Logic`` and function types."""
    if isinstance(t, (Element, Integer, AnyType)):
        return True
    if isinstance(t, SetType):
        return is_echelon(t.base)
    if isinstance(t, TupleType):
        return all(is_echelon(f) for f in t.factors)
    return False


def element_of(t: Type) -> Type | None:
    """The element type of a set type: ``ℬ(H)`` → ``H``; ``R0`` (which may
    stand for a set) → ``R0``; anything else → None."""
    if isinstance(t, SetType):
        return t.base
    if isinstance(t, AnyType):
        return ANY
    return None


def components_of(t: Type, arity: int | None = None) -> tuple[Type, ...] | None:
    """The factors of a tuple type (of the given arity, if any).  ``R0``
    stands for a tuple of ``arity`` factors ``R0`` when an arity is given."""
    if isinstance(t, TupleType):
        if arity is None or len(t.factors) == arity:
            return t.factors
        return None
    if isinstance(t, AnyType) and arity is not None:
        return (ANY,) * arity
    return None


def radicals(t: Type) -> set[str]:
    """The names of the radicals R1, R2… in ``t``."""
    return {sub.name for sub in walk_type(t) if is_radical(sub)}


def walk_type(t: Type) -> Iterator[Type]:
    """``t`` and all the types it is built from, pre-order."""
    yield t
    if isinstance(t, SetType):
        yield from walk_type(t.base)
    elif isinstance(t, TupleType):
        for f in t.factors:
            yield from walk_type(f)
    elif isinstance(t, FunctionType):
        for p in t.params:
            yield from walk_type(p)
        yield from walk_type(t.result)


# ----------------------------------------------------------------------------
# Printing


def show_type(t: Type) -> str:
    """The canonical text of a type (see the module doc)."""
    if isinstance(t, Element):
        return t.name
    if isinstance(t, Integer):
        return "Z"
    if isinstance(t, AnyType):
        return "R0"
    if isinstance(t, Logic):
        return "Logic"
    if isinstance(t, SetType):
        if isinstance(t.base, SetType):
            return "ℬ" + show_type(t.base)
        return f"ℬ({show_type(t.base)})"
    if isinstance(t, TupleType):
        return "×".join(f"({show_type(f)})" if isinstance(f, TupleType) else show_type(f)
                        for f in t.factors)
    if isinstance(t, FunctionType):
        params = ", ".join(show_type(p) for p in t.params)
        return f"[{params}] → {show_type(t.result)}"
    raise TypeError(f"not a type: {t!r}")


# ----------------------------------------------------------------------------
# Parsing the printed form

_TOKEN = re.compile(r"\s*(?:(?P<name>[A-Z][0-9₀-₉]+)|(?P<logic>Logic)|(?P<word>[A-Za-z]+)"
                    r"|(?P<arrow>→|->)|(?P<sym>[ℬ()×*\[\],]))")


def _tokens(text: str) -> list[tuple[str, str, int]]:
    tokens: list[tuple[str, str, int]] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        match = _TOKEN.match(text, pos)
        if match is None:
            raise ValueError(f"unexpected {text[pos:].strip()[0]!r} at {pos} in {text!r}")
        kind = match.lastgroup or ""
        value, start = match.group(kind), match.start(kind)
        if kind == "word":
            if value == "B":
                kind, value = "sym", "ℬ"
            elif value == "Z":
                kind = "Z"
            else:
                raise ValueError(f"unexpected {value!r} at {pos} in {text!r}")
        elif kind == "sym" and value == "*":
            value = "×"
        elif kind == "name":
            value = value.translate(SUBSCRIPTS)
        tokens.append((kind, value, start))
        pos = match.end()
    return tokens


class _TypeParser:
    """Recursive descent over the printed form::

        type     := '[' echelon (',' echelon)* ']' '→' (echelon | 'Logic')
                  | echelon | 'Logic'
        echelon  := factor ('×' factor)*
        factor   := 'ℬ' factor | '(' echelon ')' | 'Z' | 'R0' | X1 | C1 | R1 …
    """

    def __init__(self, text: str):
        self.text = text
        self.tokens = _tokens(text)
        self.pos = 0

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def at(self, value: str) -> bool:
        """Whether the next token is ``value``."""
        token = self.peek()
        return token is not None and token[1] == value

    def take(self, value: str | None = None) -> tuple[str, str, int]:
        token = self.peek()
        if token is None:
            raise ValueError(f"unexpected end of {self.text!r}")
        if value is not None and token[1] != value:
            raise ValueError(f"expected {value!r} at {token[2]} in {self.text!r}")
        self.pos += 1
        return token

    def parse(self) -> Type:
        token = self.peek()
        if self.at("["):
            result: Type = self.function()
        elif token is not None and token[0] == "logic":
            self.take()
            result = LOGIC
        else:
            result = self.echelon()
        rest = self.peek()
        if rest is not None:
            raise ValueError(f"unexpected {rest[1]!r} at {rest[2]} in {self.text!r}")
        return result

    def function(self) -> FunctionType:
        self.take("[")
        params = [self.echelon()]
        while self.at(","):
            self.take(",")
            params.append(self.echelon())
        self.take("]")
        arrow = self.take()
        if arrow[0] != "arrow":
            raise ValueError(f"expected '→' at {arrow[2]} in {self.text!r}")
        token = self.peek()
        if token is not None and token[0] == "logic":
            self.take()
            return FunctionType(tuple(params), LOGIC)
        return FunctionType(tuple(params), self.echelon())

    def echelon(self) -> Type:
        factors = [self.factor()]
        while self.at("×"):
            self.take("×")
            factors.append(self.factor())
        return factors[0] if len(factors) == 1 else TupleType(tuple(factors))

    def factor(self) -> Type:
        kind, value, at = self.take()
        if value == "ℬ":
            return SetType(self.factor())
        if value == "(":
            inner = self.echelon()
            self.take(")")
            return inner
        if kind == "Z":
            return INTEGER
        if kind == "name":
            return ANY if value == "R0" else Element(value)
        raise ValueError(f"unexpected {value!r} at {at} in {self.text!r}")


def parse_type(text: str) -> Type:
    """Read a type in the printed form (``ℬ(X1×ℬ(X1))``, ``Z``, ``Logic``,
    ``[ℬ(R1)] → ℬ(R1)``; ASCII ``B`` and ``*`` and subscript digits are also
    understood).  Raises ValueError on a malformed text."""
    return _TypeParser(text).parse()


# ----------------------------------------------------------------------------
# Substituting radicals


def substitute(t: Type, bindings: Mapping[str, Type], default: Type | None = None) -> Type:
    """``t`` with its radicals replaced by their bindings; an unbound radical
    becomes ``default`` (or is kept when ``default`` is None)."""
    if isinstance(t, Element) and is_radical(t):
        bound = bindings.get(t.name)
        if bound is not None:
            return bound
        return t if default is None else default
    if isinstance(t, SetType):
        return SetType(substitute(t.base, bindings, default))
    if isinstance(t, TupleType):
        return TupleType(tuple(substitute(f, bindings, default) for f in t.factors))
    if isinstance(t, FunctionType):
        return FunctionType(tuple(substitute(p, bindings, default) for p in t.params),
                            substitute(t.result, bindings, default))
    return t


__all__ = [
    "Type", "Element", "Integer", "TupleType", "SetType", "Logic", "AnyType", "FunctionType",
    "INTEGER", "LOGIC", "ANY", "EMPTY_SET", "is_radical", "is_echelon", "element_of",
    "components_of", "radicals", "walk_type", "show_type", "parse_type", "substitute",
]
