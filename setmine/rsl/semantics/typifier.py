"""Semantic analysis of RSLang: the type and the value class of an expression.

``typify(tree, env)`` walks a syntax tree (``rsl/syntax/tree.py``) with an
environment that maps the aliases of the schema (X1, S1, D15, F1…) to their
``GlobalInfo`` and returns a ``Typification`` (both in ``typification.py``):
the type (``types.py``), the value class and the warnings.  It stops at the
first error, raising ``RSLError(code, message, start, end)`` with the span of
the offending sub-expression; codes are ConceptPortal's (``rslang.md``).

    >>> from setmine.rsl.syntax.parser import parse_expression
    >>> from setmine.rsl.semantics.types import parse_type
    >>> env = {"X1": GlobalInfo("basic", parse_type("ℬ(X1)"), VALUE)}
    >>> str(typify(parse_expression("{a ∈ X1×ℬ(X1) | pr1(a) ∈ pr2(a)}"), env).type)
    'ℬ(X1×ℬ(X1))'

The typifier is ``TypeAuditor``: the rules for atoms, integer and set
expressions are those of its base, ``set_typing.SetTyping``; this module adds
formulas, the constructs that bind variables (their scopes are checked by
``bindings.py``), calls and function definitions.  Typing rules (the table of
``rslang.md``), and where errors point:

=====================  ==================================  ===================================
construct              rule → result                       error (span)
=====================  ==================================  ===================================
``< > ≤ ≥``            Z, Z → Logic (or ordered C, see     orderingNotSupported (operand),
                       below)                              typesNotCompatible (the whole)
``= ≠``                compatible → Logic                  typesNotCompatible (the whole)
``x ∈ S``, ``∉``       S: ℬ(H), x: H → Logic               invalidTypeOperation (S, checked
                                                           first), invalidElementPredicate
                                                           (the whole)
``⊆ ⊂ ⊄``              ℬ(H), ℬ(H) → Logic                  invalidTypeOperation (operand, the
                                                           right first), typesNotEqual (the
                                                           whole)
``∀v∈S P``, ``∃``      S: ℬ(H) → Logic                     invalidQuantifierDomain (S, a formula
                                                           too)
``D{v∈S | P}``         S: ℬ(H) → ℬ(H)                      invalidTypeOperation (S; a formula:
                                                           expectedSetexpr),
                                                           invalidCortegeDeclare (v)
``I{e | blocks}``      → ℬ(type of e)                      invalidQuantifierDomain (S of
                                                           ``v :∈ S``)
``R{v := a | P | b}``  a, b compatible → their type        typesNotEqual (b)
``F1[a, …]``           parameter types, radicals bound     invalidArgsArity (call),
                       consistently → substituted result   invalidArgumentType (argument)
``[a∈S, …] body``      → [H, …] → type of body             invalidQuantifierDomain (S),
                                                           invalidArgumentCortegeDeclare (a tuple)
``D1 :== body``        → type of body
``S1 ::= domain``      → the element type of domain         globalStructure (see constituents.py)
=====================  ==================================  ===================================

With the schema's ``Traits``, compatibility takes an integral constant set
as compatible with ``Z`` (so ``c ∈ Z`` and ``c = 1`` type).  ``< > ≤ ≥``
take two ordered operands (Z or ordered constants) of compatible types, or
two integral ones (``C1 < C2`` compares integers); anything else is
``typesNotCompatible`` at the right operand.
"""

from __future__ import annotations

import dataclasses

from typing import Mapping

from ..syntax import tree as s
from ..syntax.errors import RSLError
from .bindings import destructure
from .compat import compatible, merge, unify
from .domains import built_from_sets
from .products import as_products
from .set_typing import SetTyping, integer_like
from .types import ANY, FunctionType, Logic, SetType, Type, element_of, substitute
from .typification import FORMULA, PROPERTY, VALUE, GlobalInfo, Typed, Typification


class TypeAuditor(SetTyping):
    """One run of the typifier over one expression (see the module doc)."""

    def run(self, node: s.Node) -> Typification:
        self.scopes.survey(node)
        typed = self.visit(node)
        warnings = sorted(self.warnings + self.scopes.warnings, key=lambda d: (d.start, d.end))
        return Typification(typed.type, typed.value_class, warnings,
                            as_products(node, self.products))

    # -- the constructs that bind variables

    def domain(self, node: s.Node, what: str,
               code: str = "invalidQuantifierDomain") -> tuple[Typed, Type]:
        """A domain of variables (``∀v ∈ S``, ``D{v ∈ S|…}``, ``v :∈ S``,
        ``[v ∈ S]``): its typing and its element type; ``code`` when it is
        no set (the reference's: a quantifier's is ``invalidQuantifierDomain``, any
        other's ``invalidTypeOperation``, ``expectedSetexpr`` for a formula)."""
        typed = self.visit(node)  # a formula is not a domain either (the reference's code)
        if code == "invalidTypeOperation" and isinstance(typed.type, Logic):
            code = "expectedSetexpr"  # the reference's, for a formula as a D{…}'s domain
        base = self.set_element(node, typed, code, what)
        return typed, base

    def visit_Declarative(self, node: s.Declarative) -> Typed:
        typed, base = self.domain(node.domain, "the domain of a declarative set",
                                  "invalidTypeOperation")
        self.scopes.open(destructure(node.var, base), "declarative set", node)
        self.formula(node.condition)
        self.scopes.close()
        return Typed(SetType(base), typed.value_class)

    def visit_Imperative(self, node: s.Imperative) -> Typed:
        self.scopes.open((), "imperative set", node)
        for block in node.blocks:
            if isinstance(block, s.Iterate):
                typed, base = self.domain(block.domain, "the domain of ':∈'",
                                          "invalidTypeOperation")
                self.listing(block.domain, typed, "':∈'")
                self.scopes.extend(destructure(block.var, base))
            elif isinstance(block, s.Assign):
                typed = self.setexpr(block.value)
                self.listing(block.value, typed, "':='")
                self.scopes.extend(destructure(block.var, typed.type))
            else:
                self.formula(block)
        result = self.setexpr(node.result)
        self.listing(node.result, result, "the result of I{…}")
        self.scopes.close()
        return Typed(SetType(result.type), VALUE)

    def visit_Recursive(self, node: s.Recursive) -> Typed:
        init = self.setexpr(node.init)
        self.listing(node.init, init, "the start of R{…}")
        self.scopes.open(destructure(node.var, init.type), "recursive set", node)
        if node.condition is not None:
            self.formula(node.condition)
        step = self.setexpr(node.step)
        self.listing(node.step, step, "the step of R{…}")
        if not compatible(init.type, step.type, self.traits):
            raise RSLError("typesNotEqual", f"the step of R{{…}} must have the type of its "
                           f"start, {init.type}, not {step.type}", *node.step.span)
        self.scopes.close()
        value_class = PROPERTY if PROPERTY in (init.value_class, step.value_class) else VALUE
        return Typed(merge(init.type, step.type, self.traits), value_class)

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
            if not unify(param, typed.type, bindings, self.traits):
                raise RSLError("invalidArgumentType", f"an argument of {node.name} must be of "
                               f"type {substitute(param, bindings)}, not {typed.type}",
                               *arg.span)
            self.listing(arg, typed, f"an argument of {node.name}")
        return Typed(substitute(signature.result, bindings, ANY), info.value_class)

    # -- formulas

    def visit_Predicate(self, node: s.Predicate) -> Typed:
        op = node.op
        if op in "∈∉":  # the set first, then the element, as the reference checks them
            right = self.setexpr(node.right)
            base = element_of(right.type)
            if base is None:
                raise RSLError("invalidTypeOperation", f"the right side of '{op}' must be a "
                               f"set, not of type {right.type}", *node.right.span)
            left = self.setexpr(node.left)
            if not compatible(left.type, base, self.traits):
                raise RSLError("invalidElementPredicate", f"an element of type {left.type} "
                               f"cannot belong to a set of type {right.type}", *node.span)
            self.listing(node.left, left, f"the element of '{op}'")
        elif op in "⊆⊂⊄":
            left, right = self.set_pair(node.left, node.right, op, span=node.span,
                                        right_first=True)
            self.listing(node.left, left, f"'{op}'")
            if op != "⊆":  # a strict inclusion lists both sides
                self.listing(node.right, right, f"'{op}'")
        elif op in "=≠":
            left = self.setexpr(node.left)
            right = self.setexpr(node.right)
            if not compatible(left.type, right.type, self.traits):
                raise RSLError("typesNotCompatible", f"'{op}' compares {left.type} with "
                               f"{right.type}", *node.span)
            self.listing(node.left, left, f"'{op}'")
            self.listing(node.right, right, f"'{op}'")
        else:  # < > ≤ ≥
            sides = []
            for operand in (node.left, node.right):
                typed = self.setexpr(operand)
                if not self.traits.is_ordered(typed.type):
                    raise RSLError("orderingNotSupported", f"'{op}' compares integers and "
                                   f"ordered constant sets only, not {typed.type}",
                                   *operand.span)
                sides.append(typed.type)
            if not (compatible(*sides, self.traits)
                    or all(integer_like(t, self.traits) for t in sides)):
                raise RSLError("typesNotCompatible", f"'{op}' compares {sides[0]} with "
                               f"{sides[1]}", *node.span)
        return FORMULA

    def visit_Negation(self, node: s.Negation) -> Typed:
        return self.formula(node.arg)

    def visit_Connective(self, node: s.Connective) -> Typed:
        spine = s.chain(node)  # a chain P & Q & …, in a loop
        self.formula(spine[0].left)
        for n in spine:
            self.formula(n.right)
        return FORMULA

    def visit_Quantifier(self, node: s.Quantifier) -> Typed:
        typed, base = self.domain(node.domain, f"the domain of '{node.op}'")
        self.listing(node.domain, typed, f"'{node.op}'")
        self.scopes.open(destructure(node.var, base), "quantifier", node)
        self.formula(node.body)
        self.scopes.close()
        return FORMULA

    # -- function definitions

    def visit_FunctionDef(self, node: s.FunctionDef) -> Typed:
        self.scopes.open((), "function definition", node)
        params = []
        for param in node.params:
            if not isinstance(param.var, s.Local):
                raise RSLError("invalidArgumentCortegeDeclare", "a parameter of a function is "
                               "one variable, not a tuple", *param.var.span)
            self.radicals_allowed = True
            try:
                _, base = self.domain(param.domain, "the domain of a parameter",
                                      "invalidTypeOperation")
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

    # -- declarations of constituents

    def visit_GlobalDefinition(self, node: s.GlobalDefinition) -> Typed:
        """``D1 :== body``: the body's type (a function's signature);
        ``S1 ::= domain``: the structure's type, the domain's element type."""
        if node.op == "::=":
            built_from_sets(node.body, self.env, allow_star=True)
            typed = self.setexpr(node.body)
            built_from_sets(as_products(node.body, self.products), self.env, allow_star=False)
            base = element_of(typed.type)
            assert base is not None  # every allowed domain is a set
            return Typed(base, VALUE)
        return self.visit(node.body)


# ----------------------------------------------------------------------------
# Entry point

def typify(node: s.Node, env: Mapping[str, GlobalInfo]) -> Typification:
    """The type, value class and warnings of an expression, a formula or a
    function definition; raises RSLError at the first error.  A span that
    is a parenthesised operand's takes in its parentheses, as ConceptPortal's."""
    try:
        result = TypeAuditor(env).run(node)
    except RecursionError:  # nesting is bounded by the parser; trees built in code are not
        raise RSLError("unknownSyntax", "the expression is nested too deeply to typify",
                       *node.span) from None
    except RSLError as error:
        widened = s.widened_error(error, node)
        if widened is error:
            raise
        raise widened from None
    warnings = [w if (span := s.widened(w.span, node)) == w.span
                else dataclasses.replace(w, start=span[0], end=span[1])
                for w in result.warnings]
    return dataclasses.replace(result, warnings=warnings)


__all__ = ["TypeAuditor", "typify"]
