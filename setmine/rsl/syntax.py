"""Syntax trees of RSLang: plain, immutable dataclasses.

One class per construct of the language.  Operators are kept as their
canonical Unicode symbols (``'∪'``, ``'≤'``, ``'ℬ'``...), names without
subscripts (``'X1'``, ``'D15'``).  Every node carries ``span``, the half-open
range ``[start, end)`` in code points of the text it was parsed from; spans do
not take part in equality, so two spellings of one formula give equal trees.

The grammar that builds these trees is ``grammar.lark``; the printers are in
``printer.py``; types are assigned by ``typifier.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Iterator, Union

Span = tuple[int, int]


@dataclass(frozen=True)
class Node:
    span: Span = field(default=(0, 0), compare=False, repr=False, kw_only=True)

    def children(self) -> Iterator["Node"]:
        """The direct sub-nodes, in source order."""
        for f in fields(self):
            if f.name == "span":
                continue
            value = getattr(self, f.name)
            if isinstance(value, Node):
                yield value
            elif isinstance(value, tuple):
                for item in value:
                    if isinstance(item, Node):
                        yield item

    def walk(self) -> Iterator["Node"]:
        """This node and all its descendants, pre-order (without recursion,
        so that long chains ``a∪b∪…`` are walked whatever their length)."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(list(node.children())))

    def __str__(self) -> str:  # the reference tools' bracket tree
        from .printer import bracket_tree

        return bracket_tree(self)


# --------------------------------------------------------------------------
# Atoms

@dataclass(frozen=True)
class Integer(Node):
    value: int


@dataclass(frozen=True)
class EmptySet(Node):
    """``∅`` (ASCII ``{}``)."""


@dataclass(frozen=True)
class IntegerSet(Node):
    """``Z``, the set of integers."""


@dataclass(frozen=True)
class Global(Node):
    """A constituent of the schema: X1, C1, S1, D1, A1, T1, or a function or
    predicate name F1/P1 used without arguments (a semantic error)."""

    name: str


@dataclass(frozen=True)
class Radical(Node):
    """A template radical R1, R2... (the type parameters of functions)."""

    name: str


@dataclass(frozen=True)
class Local(Node):
    """A bound variable: a, b1, ξ."""

    name: str


# --------------------------------------------------------------------------
# Declarations of bound variables

@dataclass(frozen=True)
class TupleDecl(Node):
    """``(a, b)`` on the left of ``∈``: binds the components of a tuple."""

    items: tuple["Declaration", ...]


Declaration = Union[Local, TupleDecl]


@dataclass(frozen=True)
class DeclList(Node):
    """``a, b`` in ``∀a, b ∈ X1 …``: several variables over one domain."""

    items: tuple[Declaration, ...]


# --------------------------------------------------------------------------
# Set (and integer) expressions

@dataclass(frozen=True)
class Arithmetic(Node):
    """``a + b``, ``a - b``, ``a * b`` on integers."""

    op: str
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class SetOperation(Node):
    """``a ∪ b``, ``a ∩ b``, ``a \\ b``, ``a ∆ b``."""

    op: str
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class Product(Node):
    """``A × B × …``: an n-ary Cartesian product (``a×b×c`` ≠ ``(a×b)×c``)."""

    factors: tuple["Expr", ...]


@dataclass(frozen=True)
class Apply(Node):
    """A one-argument set function: ``ℬ``, ``card``, ``bool``, ``debool``,
    ``red``."""

    op: str
    arg: "Expr"


@dataclass(frozen=True)
class Projection(Node):
    """``Pr1,2(S)`` on a set of tuples (``big``) or ``pr1(t)`` on a tuple."""

    big: bool
    indices: tuple[int, ...]
    arg: "Expr"


@dataclass(frozen=True)
class Filter(Node):
    """``Fi1,2[A, B](S)``: the tuples of S whose chosen components lie in the
    parameters."""

    indices: tuple[int, ...]
    params: tuple["Expr", ...]
    arg: "Expr"


@dataclass(frozen=True)
class Enumeration(Node):
    """``{a, b, …}``."""

    items: tuple["Expr", ...]


@dataclass(frozen=True)
class Tuple(Node):
    """``(a, b, …)``, at least two components."""

    items: tuple["Expr", ...]


@dataclass(frozen=True)
class Declarative(Node):
    """``D{v ∈ S | P}``, also written ``{v ∈ S | P}``."""

    var: Declaration
    domain: "Expr"
    condition: "Formula"


@dataclass(frozen=True)
class Iterate(Node):
    """``v :∈ S`` inside ``I{…}``."""

    var: Declaration
    domain: "Expr"


@dataclass(frozen=True)
class Assign(Node):
    """``v := e`` inside ``I{…}``."""

    var: Declaration
    value: "Expr"


Block = Union[Iterate, Assign, "Formula"]


@dataclass(frozen=True)
class Imperative(Node):
    """``I{e | block; block; …}``."""

    result: "Expr"
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Recursive(Node):
    """``R{v := init | cond | step}``; ``cond`` is None in the short form
    ``R{v := init | step}``."""

    var: Declaration
    init: "Expr"
    condition: "Formula | None"
    step: "Expr"


@dataclass(frozen=True)
class Call(Node):
    """``F1[a, b]`` (a set expression) or ``P1[a, b]`` (a formula)."""

    name: str
    args: tuple["Expr", ...]


# --------------------------------------------------------------------------
# Formulas

@dataclass(frozen=True)
class Predicate(Node):
    """``a ∈ b`` and the other binary predicates: ∈ ∉ ⊆ ⊂ ⊄ = ≠ < > ≤ ≥."""

    op: str
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class Negation(Node):
    arg: "Formula"


@dataclass(frozen=True)
class Connective(Node):
    """``P & Q``, ``P ∨ Q``, ``P ⇒ Q``, ``P ⇔ Q``."""

    op: str
    left: "Formula"
    right: "Formula"


@dataclass(frozen=True)
class Quantifier(Node):
    """``∀v ∈ S P`` / ``∃v ∈ S P``; ``var`` may be a ``DeclList``."""

    op: str
    var: Declaration | DeclList
    domain: "Expr"
    body: "Formula"


# --------------------------------------------------------------------------
# Functions

@dataclass(frozen=True)
class Parameter(Node):
    """``a ∈ ℬ(R1)`` in the argument list of a function definition."""

    var: Local
    domain: "Expr"


@dataclass(frozen=True)
class FunctionDef(Node):
    """``[a ∈ ℬ(R1), b ∈ ℬ(R1×R2)] body``."""

    params: tuple[Parameter, ...]
    body: "Expr | Formula"


Expr = Union[
    Integer, EmptySet, IntegerSet, Global, Radical, Local, Arithmetic,
    SetOperation, Product, Apply, Projection, Filter, Enumeration, Tuple,
    Declarative, Imperative, Recursive, Call,
]
Formula = Union[Predicate, Negation, Connective, Quantifier, Call]

FORMULA_NODES = (Predicate, Negation, Connective, Quantifier)


def is_formula(node: Node) -> bool:
    """True for a logical formula (a predicate call ``P1[…]`` included)."""
    if isinstance(node, Call):
        return node.name.startswith("P")
    return isinstance(node, FORMULA_NODES)


def declared_names(decl: Node) -> list[Local]:
    """The locals a declaration binds, left to right."""
    if isinstance(decl, Local):
        return [decl]
    if isinstance(decl, (TupleDecl, DeclList)):
        return [name for item in decl.items for name in declared_names(item)]
    raise TypeError(f"not a declaration: {decl!r}")
