"""Semantic analysis of RSLang: the type and the value class of an expression.

``typify(tree, env)`` walks a syntax tree (``syntax.py``) with an
environment that maps the aliases of the schema (X1, S1, D15, F1…) to their
``GlobalInfo`` and returns a ``Typification``: the type (``types.py``), the
value class and the warnings.  It stops at the first error, raising
``RSLError(code, message, start, end)`` with the span of the offending
sub-expression; codes are ConceptPortal's (``rslang.md``).

    >>> from setmine.rsl.parser import parse_expression
    >>> env = {"X1": GlobalInfo("basic", parse_type("ℬ(X1)"), VALUE)}
    >>> str(typify(parse_expression("{a ∈ X1×ℬ(X1) | pr1(a) ∈ pr2(a)}"), env).type)
    'ℬ(X1×ℬ(X1))'

Typing rules (the table of ``rslang.md``), and where errors point:

=====================  ==================================  ===================================
construct              rule → result                       error (span)
=====================  ==================================  ===================================
``7``, ``Z``, ``∅``    Z, ℬ(Z), ℬ(R0)
global                 its ``GlobalInfo.type``             globalNotTyped,
                                                           globalFuncWithoutArgs (the name)
``R1``                 ℬ(R1), only in parameter domains    radicalUsage (the radical)
``card(S)``            ℬ(H) → Z                            invalidCard (S)
``a+b a-b a*b``        Z, Z → Z                            arithmeticNotSupported (operand)
``< > ≤ ≥``            Z, Z → Logic                        orderingNotSupported (operand)
``= ≠``                compatible → Logic                  typesNotCompatible (right)
``x ∈ S``, ``∉``       S: ℬ(H), x: H → Logic               invalidElementPredicate (S if not a
                                                           set, else x)
``⊆ ⊂ ⊄``              ℬ(H), ℬ(H) → Logic                  invalidTypeOperation (operand),
                                                           typesNotEqual (right)
``∪ ∩ \\ ∆``            ℬ(H), ℬ(H) → ℬ(H)                   same
``A×B×…``              ℬ(Hi)… → ℬ(H1×…×Hn)                 invalidDecart (factor)
``ℬ(S)``               ℬ(H) → ℬℬ(H)                        invalidBoolean (S)
``bool(a)``            H → ℬ(H)                            expectedSetexpr (a)
``debool(S)``          ℬ(H) → H                            invalidDebool (S)
``red(S)``             ℬℬ(H) → ℬ(H)                        invalidReduce (S)
``Pr i,j(S)``          ℬ(H1×…×Hn) → ℬ(Hi) / ℬ(Hi×Hj)       projectionSetArgumentNotSet,
                                                           …NotTupleSet (S),
                                                           projectionSetIndexOutOfRange (node)
``pr i,j(t)``          H1×…×Hn → Hi / Hi×Hj                projectionTupleArgumentNotTuple (t),
                                                           projectionTupleIndexOutOfRange (node)
``Fi i,j[A,B](S)``     S: ℬ(H1×…×Hn), A: ℬ(Hi), B: ℬ(Hj)   invalidFilterArgumentType (S or the
                       (or one A: ℬ(Hi×Hj)) → S's type     parameter), invalidFilterArity (node)
``{a, b}``             members compatible → ℬ(T)           invalidEnumeration (member)
``(a, b)``             H1×…×Hn
``D{v∈S | P}``         S: ℬ(H) → ℬ(H)                      invalidQuantifierDomain (S),
                                                           invalidCortegeDeclare (v)
``I{e | blocks}``      → ℬ(type of e)                      invalidQuantifierDomain (S of
                                                           ``v :∈ S``)
``R{v := a | P | b}``  a, b compatible → their type        typesNotEqual (b)
``∀v∈S P``, ``∃``      S: ℬ(H) → Logic                     invalidQuantifierDomain (S)
``F1[a, …]``           parameter types, radicals bound     invalidArgsArity (call),
                       consistently → substituted result   invalidArgumentType (argument)
``[a∈S, …] body``      → [H, …] → type of body             invalidQuantifierDomain (S)
=====================  ==================================  ===================================

``∅`` directly under card, debool, red, Pr, pr, ∪ ∩ \\ ∆ is
``invalidEmptySetUsage`` (the ``∅``); a formula where a set expression is
needed is ``expectedSetexpr`` and the converse ``expectedLogic``.  The rules
for locals are in ``scope.py``.

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
from typing import Mapping

from . import syntax as s
from .errors import Diagnostic, RSLError
from .scope import Scopes, destructure
from .types import (ANY, EMPTY_SET, INTEGER, LOGIC, AnyType, Element, FunctionType, Integer,
                    Logic, SetType, TupleType, Type, compatible, components_of, element_of,
                    merge, parse_type, substitute, unify)

VALUE = "value"
PROPERTY = "property"

@dataclass(frozen=True)
class GlobalInfo:
    """What the typifier knows of a constituent: its kind (``"basic"``,
    ``"constant"``, ``"structure"``, ``"term"``, ``"axiom"``, ``"theorem"``,
    ``"function"``, ``"predicate"``), its type (None when it could not be
    typed: using it is ``globalNotTyped``) and its value class."""

    kind: str
    type: Type | None
    value_class: str = VALUE


@dataclass
class Typification:
    """The result of ``typify``."""

    type: Type
    value_class: str
    warnings: list[Diagnostic] = field(default_factory=list)


@dataclass(frozen=True)
class Typed:
    """The type and the value class of a sub-expression."""

    type: Type
    value_class: str = VALUE


FORMULA = Typed(LOGIC, VALUE)


def _integer_like(t: Type) -> bool:
    return isinstance(t, (Integer, AnyType))


def _no_empty_set(node: s.Node, where: str) -> None:
    if isinstance(node, s.EmptySet):
        raise RSLError("invalidEmptySetUsage", f"'∅' cannot be the argument of {where}",
                       *node.span)


class TypeAuditor:
    """One run of the typifier over one expression (see the module doc)."""

    def __init__(self, env: Mapping[str, GlobalInfo]):
        self.env = env
        self.scopes = Scopes()
        self.warnings: list[Diagnostic] = []
        self.radicals_allowed = False

    def run(self, node: s.Node) -> Typification:
        typed = self.visit(node)
        warnings = sorted(self.warnings + self.scopes.warnings, key=lambda d: (d.start, d.end))
        return Typification(typed.type, typed.value_class, warnings)

    # -- dispatch and expectations

    def visit(self, node: s.Node) -> Typed:
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
        spine = _spine(node)
        for n in spine:
            for operand in (n.left, n.right) if n is spine[0] else (n.right,):
                typed = self.setexpr(operand)
                if not _integer_like(typed.type):
                    raise RSLError("arithmeticNotSupported",
                                   f"'{n.op}' needs integers, not an operand of type {typed.type}",
                                   *operand.span)
        return Typed(INTEGER, VALUE)

    # -- set expressions

    def visit_SetOperation(self, node: s.SetOperation) -> Typed:
        typed: Typed | None = None  # the chain so far, from its innermost operation out
        for n in _spine(node):
            _no_empty_set(n.left, f"'{n.op}'")
            _no_empty_set(n.right, f"'{n.op}'")
            left, right = self.set_pair(n.left, n.right, n.op, typed)
            if n.op == "∩":
                both_properties = PROPERTY == left.value_class == right.value_class
                value_class = PROPERTY if both_properties else VALUE
            elif n.op == "\\":
                value_class = left.value_class
            else:  # ∪ ∆
                value_class = PROPERTY if PROPERTY in (left.value_class, right.value_class) \
                    else VALUE
            typed = Typed(merge(left.type, right.type), value_class)
        assert typed is not None
        return typed

    def set_pair(self, left_node: s.Node, right_node: s.Node, op: str,
                 left: Typed | None = None) -> tuple[Typed, Typed]:
        """Two operands that must be sets of compatible types (∪ ∩ \\ ∆ and
        ⊆ ⊂ ⊄); ``left`` is the left one's typing when already known."""
        left = left or self.setexpr(left_node)
        self.set_element(left_node, left, "invalidTypeOperation", f"the left operand of '{op}'")
        right = self.setexpr(right_node)
        self.set_element(right_node, right, "invalidTypeOperation",
                         f"the right operand of '{op}'")
        if not compatible(left.type, right.type):
            raise RSLError("typesNotEqual", f"'{op}' needs sets of one type: {left.type} and "
                           f"{right.type} differ", *right_node.span)
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
                               f"{len(factors)} components", *node.span)
        chosen = tuple(factors[i - 1] for i in node.indices)
        return chosen[0] if len(chosen) == 1 else TupleType(chosen)

    def visit_Filter(self, node: s.Filter) -> Typed:
        name = "Fi" + ",".join(map(str, node.indices))
        params = [(p, self.setexpr(p)) for p in node.params]
        typed = self.setexpr(node.arg)
        base = element_of(typed.type)
        factors = components_of(base) if base is not None else None
        if isinstance(base, AnyType):
            factors = (ANY,) * max(node.indices)
        if factors is None:
            raise RSLError("invalidFilterArgumentType",
                           f"{name} needs a set of tuples, not {typed.type}", *node.arg.span)
        if any(not 1 <= i <= len(factors) for i in node.indices):
            raise RSLError("invalidFilterArity", f"{name}: an index exceeds the "
                           f"{len(factors)} components of the argument", *node.span)
        chosen = [factors[i - 1] for i in node.indices]
        if len(params) == len(chosen):
            expected = [SetType(t) for t in chosen]
        elif len(params) == 1:
            expected = [SetType(TupleType(tuple(chosen)))]
        else:
            raise RSLError("invalidFilterArity", f"{name} takes {len(chosen)} parameters "
                           f"(or one set of tuples), not {len(params)}", *node.span)
        for (param, param_typed), want in zip(params, expected):
            if not compatible(param_typed.type, want):
                raise RSLError("invalidFilterArgumentType", f"a parameter of {name} must be "
                               f"of type {want}, not {param_typed.type}", *param.span)
        return Typed(typed.type, typed.value_class)

    def visit_Enumeration(self, node: s.Enumeration) -> Typed:
        merged: Type | None = None
        classes = []
        for item in node.items:
            typed = self.setexpr(item)
            if merged is not None and not compatible(merged, typed.type):
                raise RSLError("invalidEnumeration", f"the members of an enumeration must have "
                               f"one type: {typed.type} differs from {merged}", *item.span)
            merged = typed.type if merged is None else merge(merged, typed.type)
            classes.append(typed.value_class)
        assert merged is not None
        return Typed(SetType(merged), PROPERTY if PROPERTY in classes else VALUE)

    def visit_Tuple(self, node: s.Tuple) -> Typed:
        items = [self.setexpr(item) for item in node.items]
        value_class = PROPERTY if any(t.value_class == PROPERTY for t in items) else VALUE
        return Typed(TupleType(tuple(t.type for t in items)), value_class)

    def domain(self, node: s.Node, what: str) -> tuple[Typed, Type]:
        """A domain of variables (``∀v ∈ S``, ``D{v ∈ S|…}``, ``v :∈ S``,
        ``[v ∈ S]``): its typing and its element type."""
        typed = self.setexpr(node)
        base = self.set_element(node, typed, "invalidQuantifierDomain", what)
        return typed, base

    def visit_Declarative(self, node: s.Declarative) -> Typed:
        typed, base = self.domain(node.domain, "the domain of a declarative set")
        self.scopes.open(destructure(node.var, base))
        self.formula(node.condition)
        self.scopes.close()
        return Typed(SetType(base), typed.value_class)

    def visit_Imperative(self, node: s.Imperative) -> Typed:
        self.scopes.open()
        for block in node.blocks:
            if isinstance(block, s.Iterate):
                typed, base = self.domain(block.domain, "the domain of ':∈'")
                self.listing(block.domain, typed, "':∈'")
                self.scopes.extend(destructure(block.var, base))
            elif isinstance(block, s.Assign):
                typed = self.setexpr(block.value)
                self.scopes.extend(destructure(block.var, typed.type))
            else:
                self.formula(block)
        result = self.setexpr(node.result)
        self.scopes.close()
        return Typed(SetType(result.type), VALUE)

    def visit_Recursive(self, node: s.Recursive) -> Typed:
        init = self.setexpr(node.init)
        self.scopes.open(destructure(node.var, init.type))
        if node.condition is not None:
            self.formula(node.condition)
        step = self.setexpr(node.step)
        if not compatible(init.type, step.type):
            raise RSLError("typesNotEqual", f"the step of R{{…}} must have the type of its "
                           f"start, {init.type}, not {step.type}", *node.step.span)
        self.scopes.close()
        value_class = PROPERTY if PROPERTY in (init.value_class, step.value_class) else VALUE
        return Typed(merge(init.type, step.type), value_class)

    def visit_Call(self, node: s.Call) -> Typed:
        name_span = (node.span[0], node.span[0] + len(node.name))
        info = self.env.get(node.name)
        if info is None or info.type is None:
            raise RSLError("globalNotTyped", f"{node.name} is not defined or has no type",
                           *name_span)
        signature = info.type
        if not isinstance(signature, FunctionType):
            raise RSLError("invalidArgsArity", f"{node.name} is not a function and takes no "
                           f"arguments", *node.span)
        if len(node.args) != len(signature.params):
            raise RSLError("invalidArgsArity", f"{node.name} takes {len(signature.params)} "
                           f"arguments, not {len(node.args)}", *node.span)
        bindings: dict[str, Type] = {}
        for arg, param in zip(node.args, signature.params):
            typed = self.setexpr(arg)
            if not unify(param, typed.type, bindings):
                raise RSLError("invalidArgumentType", f"an argument of {node.name} must be of "
                               f"type {substitute(param, bindings)}, not {typed.type}",
                               *arg.span)
        return Typed(substitute(signature.result, bindings, ANY), info.value_class)

    # -- formulas

    def visit_Predicate(self, node: s.Predicate) -> Typed:
        op = node.op
        if op in "∈∉":
            left = self.setexpr(node.left)
            right = self.setexpr(node.right)
            base = element_of(right.type)
            if base is None:
                raise RSLError("invalidElementPredicate", f"the right side of '{op}' must be a "
                               f"set, not of type {right.type}", *node.right.span)
            if not compatible(left.type, base):
                raise RSLError("invalidElementPredicate", f"an element of type {left.type} "
                               f"cannot belong to a set of type {right.type}", *node.left.span)
        elif op in "⊆⊂⊄":
            self.set_pair(node.left, node.right, op)
        elif op in "=≠":
            left = self.setexpr(node.left)
            right = self.setexpr(node.right)
            if not compatible(left.type, right.type):
                raise RSLError("typesNotCompatible", f"'{op}' compares {left.type} with "
                               f"{right.type}", *node.right.span)
        else:  # < > ≤ ≥
            for operand in (node.left, node.right):
                typed = self.setexpr(operand)
                if not _integer_like(typed.type):
                    raise RSLError("orderingNotSupported", f"'{op}' compares integers only, not "
                                   f"{typed.type}", *operand.span)
        return FORMULA

    def visit_Negation(self, node: s.Negation) -> Typed:
        return self.formula(node.arg)

    def visit_Connective(self, node: s.Connective) -> Typed:
        spine = _spine(node)
        self.formula(spine[0].left)
        for n in spine:
            self.formula(n.right)
        return FORMULA

    def visit_Quantifier(self, node: s.Quantifier) -> Typed:
        typed, base = self.domain(node.domain, f"the domain of '{node.op}'")
        self.listing(node.domain, typed, f"'{node.op}'")
        self.scopes.open(destructure(node.var, base))
        self.formula(node.body)
        self.scopes.close()
        return FORMULA

    # -- function definitions

    def visit_FunctionDef(self, node: s.FunctionDef) -> Typed:
        self.scopes.open()
        params = []
        for param in node.params:
            self.radicals_allowed = True
            try:
                _, base = self.domain(param.domain, "the domain of a parameter")
            finally:
                self.radicals_allowed = False
            self.scopes.extend([(param.var, base)])
            params.append(base)
        body = self.visit(node.body)
        if isinstance(body.type, FunctionType):
            raise RSLError("expectedSetexpr", "a function cannot return a function",
                           *node.body.span)
        self.scopes.close()
        return Typed(FunctionType(tuple(params), body.type), body.value_class)


# ----------------------------------------------------------------------------
# Entry points


def _spine(node: s.Node) -> list:
    """A chain ``a∪b∪c…`` (or ``+``, ``&``…) from its innermost node out: the
    typifier walks chains in a loop, so their length is not bounded by the
    stack."""
    return s.chain(node)


def typify(node: s.Node, env: Mapping[str, GlobalInfo]) -> Typification:
    """The type, value class and warnings of an expression, a formula or a
    function definition; raises RSLError at the first error."""
    try:
        return TypeAuditor(env).run(node)
    except RecursionError:  # nesting is bounded by the parser; trees built in code are not
        raise RSLError("unknownSyntax", "the expression is nested too deeply to typify",
                       *node.span) from None


__all__ = ["VALUE", "PROPERTY", "GlobalInfo", "Typification", "TypeAuditor", "typify"]
