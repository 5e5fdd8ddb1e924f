"""The typing of atoms, integer and set expressions, and the walk that
every rule of the typifier goes through (``SetTyping``, the base of
``typifier.TypeAuditor``, which adds formulas and the constructs that bind
variables).

Typing rules (the table of ``rslang.md``), and where errors point; formulas
and the constructs that bind variables are in ``typifier.py``:

=====================  ==================================  ===================================
construct              rule → result                       error (span)
=====================  ==================================  ===================================
``7``, ``Z``, ``∅``    Z, ℬ(Z), ℬ(R0)
global                 its ``GlobalInfo.type``             globalNotTyped,
                                                           globalFuncWithoutArgs (the name)
``R1``                 ℬ(R1), only in parameter domains    radicalUsage (the radical)
``card(S)``            ℬ(H) → Z                            invalidCard (S)
``a+b a-b a*b``        Z, Z → Z; C, Z → C; C, C' → Z       arithmeticNotSupported (operand)
``∪ ∩ \\ ∆``            ℬ(H), ℬ(H) → ℬ(H)                   invalidTypeOperation (operand),
                                                           typesNotEqual (right)
``A×B×…``              ℬ(Hi)… → ℬ(H1×…×Hn)                 invalidDecart (factor)
``ℬ(S)``               ℬ(H) → ℬℬ(H)                        invalidBoolean (S)
``bool(a)``            H → ℬ(H)                            expectedSetexpr (a)
``debool(S)``          ℬ(H) → H                            invalidDebool (S)
``red(S)``             ℬℬ(H) → ℬ(H)                        invalidReduce (S)
``Pr i,j(S)``          ℬ(H1×…×Hn) → ℬ(Hi) / ℬ(Hi×Hj)       projectionSetArgumentNotSet,
                                                           …NotTupleSet,
                                                           projectionSetIndexOutOfRange (S)
``pr i,j(t)``          H1×…×Hn → Hi / Hi×Hj                projectionTupleArgumentNotTuple,
                                                           projectionTupleIndexOutOfRange (t)
``Fi i,j[A,B](S)``     S: ℬ(H1×…×Hn), A: ℬ(Hi), B: ℬ(Hj)   invalidFilterArity (the first
                       (or one A: ℬ(Hi×Hj)) → S's type     extra parameter), then
                                                           invalidFilterArgumentType (S not a
                                                           set of tuples), invalidFilterIndex
                                                           (S), then invalidFilterBooleanEchelon
                                                           (a parameter one ℬ short),
                                                           invalidFilterParameterType (another
                                                           parameter): the reference's order
``{a, b}``             members compatible → ℬ(T)           invalidEnumeration (member)
``(a, b)``             H1×…×Hn
=====================  ==================================  ===================================

C, C' are integral constant sets (``compat.Traits``): where the table says
"compatible" or "one type", an integral constant and ``Z`` are compatible
and merge to the constant (``{C1-term, 1}`` is ℬ(C1)).

``∅`` directly under card, debool, red, Pr, pr, ∪ ∩ \\ ∆ is
``invalidEmptySetUsage`` (the ``∅``); a formula where a set expression is
needed is ``expectedSetexpr`` and the converse ``expectedLogic``.  Value
classes: ``typification.py``.
"""

from __future__ import annotations

from typing import Mapping

from ...base import deadline
from ..syntax import tree as s
from ..syntax.errors import Diagnostic, RSLError
from .bindings import Scopes
from .compat import NO_TRAITS, Traits, compatible, merge
from .products import ProductRuns, continues_run
from .types import (
    ANY,
    EMPTY_SET,
    INTEGER,
    AnyType,
    Element,
    FunctionType,
    Logic,
    SetType,
    TupleType,
    Type,
    components_of,
    element_of,
)
from .typification import PROPERTY, VALUE, GlobalInfo, Typed


def integer_like(t: Type, traits: Traits = NO_TRAITS) -> bool:
    """Z, R0, or an integral constant set of ``traits``."""
    return traits.is_integral(t)


def _no_empty_set(node: s.Node, where: str) -> None:
    if isinstance(node, s.EmptySet):
        raise RSLError("invalidEmptySetUsage", f"'∅' cannot be the argument of {where}",
                       *node.span)


def _spine(node: s.Node) -> list:
    """A chain ``a∪b∪c…`` (or ``+``, ``&``…) from its innermost node out: the
    typifier walks chains in a loop, so their length is not bounded by the
    stack."""
    return s.chain(node)


class SetTyping:
    """The walk of the typifier over one expression and its rules for
    atoms, integer and set expressions (see the module doc)."""

    def __init__(self, env: Mapping[str, GlobalInfo]):
        self.env = env
        self.traits = Traits.of({alias: info.trait_names for alias, info in env.items()
                                 if info.kind == "constant"})
        self.scopes = Scopes()
        self.warnings: list[Diagnostic] = []
        self.radicals_allowed = False
        self.products = ProductRuns()  # the `*` that are Cartesian products
        self.visits = 0

    # -- dispatch and expectations

    def visit(self, node: s.Node) -> Typed:
        self.visits += 1
        if not self.visits & 0xFF:   # a request's deadline (``base.deadline``), now and then
            deadline.check(f"typing the expression (at character {node.span[0]:,})")
        method = getattr(self, "visit_" + type(node).__name__, None)
        if method is None:
            raise TypeError(f"cannot typify a {type(node).__name__} on its own")
        return method(node)

    def setexpr(self, node: s.Node) -> Typed:
        """Typify a sub-expression that must be a set (or integer)
        expression."""
        typed = self.visit(node)
        if isinstance(typed.type, (Logic, FunctionType)):
            raise RSLError("expectedSetexpr", "a set expression is expected here, not a formula",
                           *node.span)
        return typed

    def formula(self, node: s.Node) -> Typed:
        """Typify a sub-expression that must be a formula."""
        typed = self.visit(node)
        if not isinstance(typed.type, Logic):
            raise RSLError("expectedLogic",
                           f"a formula is expected here, not an expression of type {typed.type}",
                           *node.span)
        return typed

    def set_element(self, node: s.Node, typed: Typed, code: str, what: str) -> Type:
        """The element type of a set-typed operand, or ``code`` at the
        operand's span."""
        base = element_of(typed.type)
        if base is None:
            raise RSLError(code, f"{what} must be a set, not of type {typed.type}", *node.span)
        return base

    def listing(self, node: s.Node, typed: Typed, what: str) -> None:
        """Warn when the members of a property have to be listed."""
        if typed.value_class == PROPERTY:
            self.warnings.append(Diagnostic(
                "invalidPropertyUsage",
                f"{what} lists the members of a property (a set that can only be tested for "
                f"membership); ConceptPortal rejects this", *node.span))

    # -- atoms

    def visit_Integer(self, node: s.Integer) -> Typed:
        return Typed(INTEGER, VALUE)

    def visit_EmptySet(self, node: s.EmptySet) -> Typed:
        return Typed(EMPTY_SET, VALUE)

    def visit_IntegerSet(self, node: s.IntegerSet) -> Typed:
        return Typed(SetType(INTEGER), PROPERTY)

    def visit_Global(self, node: s.Global) -> Typed:
        info = self.env.get(node.name)
        if node.name[0] in "FP" or (info is not None and isinstance(info.type, FunctionType)):
            raise RSLError("globalFuncWithoutArgs",
                           f"{node.name} is a function: it needs arguments, {node.name}[…]",
                           *node.span)
        if info is None or info.type is None:
            raise RSLError("globalNotTyped", f"{node.name} is not defined or has no type",
                           *node.span)
        return Typed(info.type, info.value_class)

    def visit_Radical(self, node: s.Radical) -> Typed:
        if not self.radicals_allowed or node.name == "R0":
            raise RSLError("radicalUsage", f"the radical {node.name} can only be used in the "
                           f"domains of the parameters of a function", *node.span)
        return Typed(SetType(Element(node.name)), VALUE)

    def visit_Local(self, node: s.Local) -> Typed:
        return Typed(self.scopes.lookup(node), VALUE)

    # -- integer expressions

    def visit_Arithmetic(self, node: s.Arithmetic) -> Typed:
        """A chain of ``+ - *``, in a loop.  A ``*`` between two sets is the
        Cartesian product of the ASCII spelling (``products.py``); its
        factors are recorded in ``self.products``.  Any other ``*``
        multiplies (a set operand: arithmeticNotSupported)."""
        typed: Typed | None = None      # the chain so far
        factors: list[s.Node] | None = None  # when it is a product: its factors
        bases: list[Type] = []
        classes: list[str] = []
        for n in _spine(node):
            if typed is None:
                typed = self.setexpr(n.left)
            right = None
            if n.op == "*" and isinstance(typed.type, SetType):
                right = self.setexpr(n.right)
            if right is not None and isinstance(right.type, SetType):
                if factors is None or not continues_run(n):
                    factors = [n.left]
                    bases = [typed.type.base]
                    classes = [typed.value_class]
                bases.append(self.set_element(n.right, right, "invalidDecart",
                                              "a factor of a Cartesian product"))
                classes.append(right.value_class)
                factors = factors + [n.right]
                self.products.read(n, factors)
                typed = Typed(SetType(TupleType(tuple(bases))),
                              PROPERTY if PROPERTY in classes else VALUE)
                continue
            factors = None
            result = None
            for operand, operand_typed in ((n.left, typed), (n.right, right)):
                operand_typed = operand_typed or self.setexpr(operand)
                if not integer_like(operand_typed.type, self.traits):
                    raise RSLError("arithmeticNotSupported",
                                   f"'{n.op}' needs integers, not an operand of type "
                                   f"{operand_typed.type}", *operand.span)
                result = self.traits.arithmetic(result, operand_typed.type)
            typed = Typed(result or INTEGER, VALUE)
        assert typed is not None
        return typed

    # -- set expressions

    def visit_SetOperation(self, node: s.SetOperation) -> Typed:
        typed: Typed | None = None  # the chain so far, from its innermost operation out
        for n in _spine(node):
            _no_empty_set(n.left, f"'{n.op}'")
            _no_empty_set(n.right, f"'{n.op}'")
            left, right = self.set_pair(n.left, n.right, n.op, typed, n.span)
            if n.op == "∩":
                both_properties = PROPERTY == left.value_class == right.value_class
                value_class = PROPERTY if both_properties else VALUE
            elif n.op == "\\":
                value_class = left.value_class
            else:  # ∪ ∆
                value_class = PROPERTY if PROPERTY in (left.value_class, right.value_class) \
                    else VALUE
            typed = Typed(merge(left.type, right.type, self.traits), value_class)
        assert typed is not None
        return typed

    def set_pair(self, left_node: s.Node, right_node: s.Node, op: str,
                 left: Typed | None = None, span: s.Span | None = None,
                 right_first: bool = False) -> tuple[Typed, Typed]:
        """Two operands that must be sets of compatible types (∪ ∩ \\ ∆ and
        ⊆ ⊂ ⊄); ``left`` is the left one's typing when already known.  Each
        operand is checked as it is typed (the right one first for ⊆ ⊂ ⊄,
        as the reference does), and a mismatch is ``typesNotEqual`` over
        the whole operation (``span``)."""
        sides = [(right_node, "right", None), (left_node, "left", left)] if right_first \
            else [(left_node, "left", left), (right_node, "right", None)]
        typed = {}
        for node, which, known in sides:
            typed[which] = known or self.setexpr(node)
            self.set_element(node, typed[which], "invalidTypeOperation",
                             f"the {which} operand of '{op}'")
        left, right = typed["left"], typed["right"]
        if not compatible(left.type, right.type, self.traits):
            raise RSLError("typesNotEqual", f"'{op}' needs sets of one type: {left.type} and "
                           f"{right.type} differ", *(span or right_node.span))
        return left, right

    def visit_Product(self, node: s.Product) -> Typed:
        bases, classes = [], []
        for factor in node.factors:
            typed = self.setexpr(factor)
            bases.append(self.set_element(factor, typed, "invalidDecart",
                                          "a factor of a Cartesian product"))
            classes.append(typed.value_class)
        value_class = PROPERTY if PROPERTY in classes else VALUE
        return Typed(SetType(TupleType(tuple(bases))), value_class)

    def visit_Apply(self, node: s.Apply) -> Typed:
        return getattr(self, "apply_" + {"ℬ": "boolean"}.get(node.op, node.op))(node)

    def apply_boolean(self, node: s.Apply) -> Typed:
        typed = self.setexpr(node.arg)
        self.set_element(node.arg, typed, "invalidBoolean", "the argument of ℬ")
        return Typed(SetType(typed.type), PROPERTY)

    def apply_card(self, node: s.Apply) -> Typed:
        _no_empty_set(node.arg, "card")
        typed = self.setexpr(node.arg)
        self.set_element(node.arg, typed, "invalidCard", "the argument of card")
        self.listing(node.arg, typed, "card")
        return Typed(INTEGER, VALUE)

    def apply_bool(self, node: s.Apply) -> Typed:
        typed = self.setexpr(node.arg)
        self.listing(node.arg, typed, "bool")
        return Typed(SetType(typed.type), VALUE)

    def apply_debool(self, node: s.Apply) -> Typed:
        _no_empty_set(node.arg, "debool")
        typed = self.setexpr(node.arg)
        base = self.set_element(node.arg, typed, "invalidDebool", "the argument of debool")
        self.listing(node.arg, typed, "debool")
        return Typed(base, VALUE)

    def apply_red(self, node: s.Apply) -> Typed:
        _no_empty_set(node.arg, "red")
        typed = self.setexpr(node.arg)
        base = element_of(typed.type)
        inner = element_of(base) if base is not None else None
        if inner is None:
            raise RSLError("invalidReduce", f"red needs a set of sets, ℬℬ(H), not {typed.type}",
                           *node.arg.span)
        self.listing(node.arg, typed, "red")
        return Typed(SetType(inner), VALUE)

    def visit_Projection(self, node: s.Projection) -> Typed:
        name = ("Pr" if node.big else "pr") + ",".join(map(str, node.indices))
        _no_empty_set(node.arg, name)
        typed = self.setexpr(node.arg)
        if node.big:
            base = element_of(typed.type)
            if base is None:
                raise RSLError("projectionSetArgumentNotSet",
                               f"{name} needs a set of tuples, not {typed.type}", *node.arg.span)
            picked = self.pick(node, base, name, "projectionSetArgumentNotTupleSet",
                               "projectionSetIndexOutOfRange")
            self.listing(node.arg, typed, name)
            return Typed(SetType(picked), VALUE)
        picked = self.pick(node, typed.type, name, "projectionTupleArgumentNotTuple",
                           "projectionTupleIndexOutOfRange")
        return Typed(picked, typed.value_class)

    def pick(self, node: s.Projection, tuple_type: Type, name: str, not_tuple: str,
             out_of_range: str) -> Type:
        """The components ``node.indices`` (1-based) of a tuple type: one
        component, or a tuple of several."""
        if isinstance(tuple_type, AnyType):
            factors: tuple[Type, ...] = (ANY,) * max(node.indices)
        elif isinstance(tuple_type, TupleType):
            factors = tuple_type.factors
        else:
            what = "a set of tuples" if node.big else "a tuple"
            raise RSLError(not_tuple, f"{name} needs {what}; the argument's "
                           f"{'elements are' if node.big else 'type is'} {tuple_type}",
                           *node.arg.span)
        for index in node.indices:
            if not 1 <= index <= len(factors):
                raise RSLError(out_of_range, f"{name}: index {index} is out of range for "
                               f"{len(factors)} components", *node.arg.span)
        chosen = tuple(factors[i - 1] for i in node.indices)
        return chosen[0] if len(chosen) == 1 else TupleType(chosen)

    def visit_Filter(self, node: s.Filter) -> Typed:
        """``Fi i,j[A, B](S)``, checked in the reference's order: the number of
        parameters, then the filtered set S (a set of tuples with those
        components), then each parameter (a set of its component, or one set
        of tuples of them) — each fault at the operand it is about."""
        name = "Fi" + ",".join(map(str, node.indices))
        one_each = len(node.params) == len(node.indices)
        if not one_each and len(node.params) > 1:
            extra = node.params[min(len(node.indices), len(node.params) - 1)]
            raise RSLError("invalidFilterArity", f"{name} takes {len(node.indices)} parameters "
                           f"(or one set of tuples), not {len(node.params)}", *extra.span)
        typed = self.setexpr(node.arg)
        base = element_of(typed.type)
        if isinstance(base, AnyType) or typed.type == ANY:
            for param in node.params:
                self.setexpr(param)
            return Typed(EMPTY_SET, typed.value_class)
        factors = components_of(base) if base is not None else None
        if factors is None:
            raise RSLError("invalidFilterArgumentType", f"{name} filters a set of tuples, not "
                           f"{typed.type}", *node.arg.span)
        if any(not 1 <= i <= len(factors) for i in node.indices):
            raise RSLError("invalidFilterIndex", f"{name}: an index exceeds the "
                           f"{len(factors)} components of the argument's tuples", *node.arg.span)
        chosen = [factors[i - 1] for i in node.indices]
        expected = [SetType(t) for t in chosen] if one_each \
            else [SetType(TupleType(tuple(chosen)))]
        for param, want in zip(node.params, expected):
            got = self.setexpr(param).type
            if element_of(got) is None or not compatible(got, want, self.traits):
                if compatible(SetType(got), want, self.traits):
                    raise RSLError("invalidFilterBooleanEchelon", f"a parameter of {name} must "
                                   f"be a set of {want.base}, not one {got}", *param.span)
                raise RSLError("invalidFilterParameterType", f"a parameter of {name} must be "
                               f"of type {want}, not {got}", *param.span)
        return Typed(typed.type, typed.value_class)

    def visit_Enumeration(self, node: s.Enumeration) -> Typed:
        merged: Type | None = None
        classes = []
        for item in node.items:
            typed = self.setexpr(item)
            if merged is not None and not compatible(merged, typed.type, self.traits):
                raise RSLError("invalidEnumeration", f"the members of an enumeration must have "
                               f"one type: {typed.type} differs from {merged}", *item.span)
            merged = typed.type if merged is None else merge(merged, typed.type, self.traits)
            self.listing(item, typed, "a member of an enumeration")
            classes.append(typed.value_class)
        assert merged is not None
        return Typed(SetType(merged), PROPERTY if PROPERTY in classes else VALUE)

    def visit_Tuple(self, node: s.Tuple) -> Typed:
        items = [self.setexpr(item) for item in node.items]
        for item, typed in zip(node.items, items):
            self.listing(item, typed, "a part of a tuple")
        value_class = PROPERTY if any(t.value_class == PROPERTY for t in items) else VALUE
        return Typed(TupleType(tuple(t.type for t in items)), value_class)
