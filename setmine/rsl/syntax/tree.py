"""Syntax trees of RSLang: plain, immutable dataclasses.

One class per construct of the language.  Operators are kept as their
canonical Unicode symbols (``'∪'``, ``'≤'``, ``'ℬ'``...), names without
subscripts (``'X1'``, ``'D15'``).  Every node carries ``span``, the half-open
range ``[start, end)`` in code points of the text it was parsed from; spans do
not take part in equality, so two spellings of one formula give equal trees.

``str(node)`` is the tree string of the reference tools,
``[∀[a][X1][=[a][a]]]`` (:func:`bracket_tree`).  The grammar that builds
these trees is ``grammar.lark`` (with ``parser.py``); the printers of RSLang
text are in ``printer.py``; types are assigned by ``typifier.py``.
"""

from __future__ import annotations

from typing import Union

from . import nodes
from .nodes import BaseNode, node_class as _node

Span = nodes.Span  # a node's [start, end) in code points


@_node
class Node(BaseNode):
    """A node of an RSLang syntax tree (equality, hashing and walking are
    ``nodes.BaseNode``'s)."""

    def __str__(self) -> str:
        """The reference tools' bracket tree (see :func:`bracket_tree`)."""
        return bracket_tree(self)


# --------------------------------------------------------------------------
# Atoms

@_node
class Integer(Node):
    value: int


@_node
class EmptySet(Node):
    """``∅`` (ASCII ``{}``)."""


@_node
class IntegerSet(Node):
    """``Z``, the set of integers."""


@_node
class Global(Node):
    """A constituent of the schema: X1, C1, S1, D1, A1, T1, or a function or
    predicate name F1/P1 used without arguments (a semantic error)."""

    name: str


@_node
class Radical(Node):
    """A template radical R1, R2... (the type parameters of functions)."""

    name: str


@_node
class Local(Node):
    """A bound variable: a, b1, ξ."""

    name: str


# --------------------------------------------------------------------------
# Declarations of bound variables

@_node
class TupleDecl(Node):
    """``(a, b)`` on the left of ``∈``: binds the components of a tuple."""

    items: tuple["Declaration", ...]


Declaration = Union[Local, TupleDecl]


@_node
class DeclList(Node):
    """``a, b`` in ``∀a, b ∈ X1 …``: several variables over one domain."""

    items: tuple[Declaration, ...]


# --------------------------------------------------------------------------
# Set (and integer) expressions

@_node
class Arithmetic(Node):
    """``a + b``, ``a - b``, ``a * b`` on integers."""

    op: str
    left: "Expr"
    right: "Expr"


@_node
class SetOperation(Node):
    """``a ∪ b``, ``a ∩ b``, ``a \\ b``, ``a ∆ b``."""

    op: str
    left: "Expr"
    right: "Expr"


@_node
class Product(Node):
    """``A × B × …``: an n-ary Cartesian product (``a×b×c`` ≠ ``(a×b)×c``)."""

    factors: tuple["Expr", ...]


@_node
class Apply(Node):
    """A one-argument set function: ``ℬ``, ``card``, ``bool``, ``debool``,
    ``red``."""

    op: str
    arg: "Expr"


@_node
class Projection(Node):
    """``Pr1,2(S)`` on a set of tuples (``big``) or ``pr1(t)`` on a tuple."""

    big: bool
    indices: tuple[int, ...]
    arg: "Expr"


@_node
class Filter(Node):
    """``Fi1,2[A, B](S)``: the tuples of S whose chosen components lie in the
    parameters."""

    indices: tuple[int, ...]
    params: tuple["Expr", ...]
    arg: "Expr"


@_node
class Enumeration(Node):
    """``{a, b, …}``."""

    items: tuple["Expr", ...]


@_node
class Tuple(Node):
    """``(a, b, …)``, at least two components."""

    items: tuple["Expr", ...]


@_node
class Declarative(Node):
    """``D{v ∈ S | P}``, also written ``{v ∈ S | P}``."""

    var: Declaration
    domain: "Expr"
    condition: "Formula"


@_node
class Iterate(Node):
    """``v :∈ S`` inside ``I{…}``."""

    var: Declaration
    domain: "Expr"


@_node
class Assign(Node):
    """``v := e`` inside ``I{…}``."""

    var: Declaration
    value: "Expr"


Block = Union[Iterate, Assign, "Formula"]


@_node
class Imperative(Node):
    """``I{e | block; block; …}``."""

    result: "Expr"
    blocks: tuple[Block, ...]


@_node
class Recursive(Node):
    """``R{v := init | cond | step}``; ``cond`` is None in the short form
    ``R{v := init | step}``."""

    var: Declaration
    init: "Expr"
    condition: "Formula | None"
    step: "Expr"


@_node
class Call(Node):
    """``F1[a, b]`` (a set expression) or ``P1[a, b]`` (a formula)."""

    name: str
    args: tuple["Expr", ...]


# --------------------------------------------------------------------------
# Formulas

@_node
class Predicate(Node):
    """``a ∈ b`` and the other binary predicates: ∈ ∉ ⊆ ⊂ ⊄ = ≠ < > ≤ ≥."""

    op: str
    left: "Expr"
    right: "Expr"


@_node
class Negation(Node):
    arg: "Formula"


@_node
class Connective(Node):
    """``P & Q``, ``P ∨ Q``, ``P ⇒ Q``, ``P ⇔ Q``."""

    op: str
    left: "Formula"
    right: "Formula"


@_node
class Quantifier(Node):
    """``∀v ∈ S P`` / ``∃v ∈ S P``; ``var`` may be a ``DeclList``."""

    op: str
    var: Declaration | DeclList
    domain: "Expr"
    body: "Formula"


# --------------------------------------------------------------------------
# Functions

@_node
class Parameter(Node):
    """``a ∈ ℬ(R1)`` in the argument list of a function definition (the
    parser also reads a tuple ``(a, b)``, which the typifier rejects:
    invalidArgumentCortegeDeclare)."""

    var: Declaration
    domain: "Expr"


@_node
class FunctionDef(Node):
    """``[a ∈ ℬ(R1), b ∈ ℬ(R1×R2)] body``."""

    params: tuple[Parameter, ...]
    body: "Expr | Formula"


# --------------------------------------------------------------------------
# Declarations of constituents

@_node
class GlobalDefinition(Node):
    """``D1 :== X1\\S3``, ``S1 ::= ℬ(X1×X1)``, ``F1 :== [a∈ℬ(R1)] a`` (ASCII
    ``\\defexpr``, ``\\deftype``): a constituent's declaration, the
    reference's global declaration.  ``op`` is ``':=='`` or ``'::='``."""

    alias: Global
    op: str
    body: "Expr | Formula | FunctionDef"


Expr = Union[
    Integer, EmptySet, IntegerSet, Global, Radical, Local, Arithmetic,
    SetOperation, Product, Apply, Projection, Filter, Enumeration, Tuple,
    Declarative, Imperative, Recursive, Call,
]
Formula = Union[Predicate, Negation, Connective, Quantifier, Call]

FORMULA_NODES = (Predicate, Negation, Connective, Quantifier)


CHAINS = (SetOperation, Arithmetic, Connective)
"""The binary nodes that chain: the grammar makes ``a∪b∩c…``, ``1+2*3…``
and ``P & Q ∨ R…`` left-deep trees, each link's left operand the chain so
far."""


def continues_chain(parent: Node, child: Node) -> bool:
    """Whether ``child`` is the left operand of ``parent`` in one chain (a
    node of the same class: the operators may differ)."""
    return isinstance(parent, CHAINS) and type(child) is type(parent) and child is parent.left


def chain(node: Node, op: str | None = None) -> list:
    """The links of the chain ending at ``node``, innermost first:
    ``chain(a∪b∪c)`` is ``[a∪b, a∪b∪c]``.  Its operands are ``[0].left``
    then each link's ``.right``; a fold over the links evaluates the chain
    in a loop, whatever its length.  With ``op``, only links of that
    operator continue the chain (``a∨b & c & d`` by ``&``: ``a∨b`` is the
    first operand).  A node that is not a link is a chain of one link."""
    links = [node]
    left = node.left
    while type(left) is type(node) and (op is None or left.op == op):
        links.append(left)
        left = left.left
    links.reverse()
    return links


def operands(node: Node, op: str | None = None) -> list:
    """The operands of the chain ending at ``node``, left to right."""
    links = chain(node, op)
    return [links[0].left] + [link.right for link in links]


def associative_operands(node: Node, op: str) -> list:
    """The operands of a chain of one associative operator (``∪``, ``&`` …)
    nested either way — ``(a∪b)∪c`` and ``a∪(b∪c)`` both give ``[a, b, c]``
    — left to right, in a loop whatever its length."""
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (SetOperation, Connective)) and n.op == op:
            stack += (n.right, n.left)
        else:
            out.append(n)
    return out


def unparenthesised(parent: Node, child: Node, at: str) -> bool:
    """Whether ``child``, the operand at the ``"start"`` or the ``"end"`` of
    ``parent``, was written without parentheses.  The parser keeps no
    parentheses, but a parenthesised operand's span excludes them while its
    parent's includes them, so the two spans part there (trees built in code,
    with no spans, read as unparenthesised)."""
    side = 0 if at == "start" else 1
    return parent.span[side] == child.span[side]


def mark_parenthesised(node: Node, span: Span) -> None:
    """Record that ``node`` was written in parentheses spanning ``span``
    (innermost first).  The marks are no field: trees compare without them."""
    node.__dict__.setdefault("_parens", []).append(span)   # (a tuple grown: n² for n pairs)


def unmark_argument_parentheses(node: Node, end: int) -> None:
    """Forget the outermost parentheses of ``node`` if they close at ``end``:
    they are a prefix function's (``card(…)``, ``pr1(…)``), not the
    argument's own."""
    marks = node.__dict__.get("_parens")
    if marks and marks[-1][1] == end:
        marks.pop()


def outer_span(node: Node) -> Span:
    """``node``'s span with the parentheses written around it, as
    ConceptPortal spans a parenthesised operand."""
    marks = node.__dict__.get("_parens", ())
    return marks[-1] if marks else node.span


def widened(span: Span, tree: Node) -> Span:
    """``span`` widened to the parentheses around the node of ``tree`` it
    is the span of (the node found is the outermost with that span)."""
    for node in tree.walk():
        if node.span == span:
            return outer_span(node)
    return span


def widened_error(error, tree: Node):
    """``error`` (an RSLError) with its span widened as :func:`widened`
    widens it; the same error when nothing changes."""
    span = widened(error.span, tree)
    if span == error.span:
        return error
    return type(error)(error.code, error.message, *span, source=error.source,
                       location=error.location)


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


# --------------------------------------------------------------------------
# The bracket tree

_LABELS: dict[type, str] = {
    EmptySet: "∅", IntegerSet: "Z", Product: "×", Negation: "¬",
    Enumeration: "ENUMERATION", Tuple: "TUPLE", TupleDecl: "TUPLE_DECLARATION",
    DeclList: "ENUM_DECLARATION", Declarative: "DECLARATIVE", Imperative: "IMPERATIVE",
    Iterate: ":∈", Assign: ":=", Recursive: "RECURSIVE", Parameter: "ARGUMENT",
    FunctionDef: "FUNCTION_DEFINITION",
}


def bracket_label(node: Node) -> str:
    """A node's label in the bracket tree: its operator, its name, or the
    reference tools' name of its construct."""
    label = _LABELS.get(type(node))
    if label is not None:
        return label
    if isinstance(node, Integer):
        return str(node.value)
    if isinstance(node, Projection):
        return ("Pr" if node.big else "pr") + ",".join(map(str, node.indices))
    if isinstance(node, Filter):
        return "Fi" + ",".join(map(str, node.indices))
    if isinstance(node, (Global, Radical, Local, Call)):
        return node.name
    if isinstance(node, (Arithmetic, SetOperation, Predicate, Connective, Apply, Quantifier,
                         GlobalDefinition)):
        return node.op
    raise TypeError(f"no bracket label for {type(node).__name__}")


def bracket_tree(node: Node) -> str:
    """The reference tools' tree string, ``[label[child]…]`` with the
    children in source order (built without recursion, so that chains of
    any length print)."""
    parts: list[str] = []
    todo: list[Node | str] = [node]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            parts.append(item)
            continue
        parts.append("[" + bracket_label(item))
        todo.append("]")
        todo.extend(reversed(list(item.children())))
    return "".join(parts)
