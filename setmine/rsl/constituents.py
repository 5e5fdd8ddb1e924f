"""Semantic analysis of a schema's constituents, one at a time: the kind of
a constituent from its alias, the type of a structure from its domain, the
signature of a function, and the checks that a term is a set expression and
an axiom a formula.  The rules for expressions are in ``typifier.py`` and
``set_typing.py``."""

from __future__ import annotations

from typing import Mapping, NamedTuple

from .schemafile import KINDS
from .semantics.domains import STRUCTURE_BASES, built_from_sets
from .semantics.types import Element, FunctionType, Logic, SetType, Type, element_of
from .semantics.typification import VALUE, GlobalInfo
from .semantics.typifier import typify
from .syntax import tree as s
from .syntax.errors import Diagnostic, RSLError

# The kinds of constituents, by the first letter of the alias.
KIND_BY_PREFIX = KINDS


class ConstituentTyping(NamedTuple):
    """The result of ``analyse_constituent``: the constituent's entry for
    the environment and the warnings of its definition."""

    info: GlobalInfo
    warnings: list[Diagnostic]
    tree: s.Node | None = None  # the definition as typed (``Typification.tree``)


def function_type(node: s.FunctionDef, env: Mapping[str, GlobalInfo]) -> FunctionType:
    """The signature of a function or predicate definition,
    ``[ℬ(R1), ℬ(R1×R2)] → ℬ(R1)``."""
    if not isinstance(node, s.FunctionDef):
        raise TypeError(f"not a function definition: {type(node).__name__}")
    result = typify(node, env).type
    assert isinstance(result, FunctionType)
    return result


def structure_domain(node: s.Node, env: Mapping[str, GlobalInfo]) -> tuple[Type, s.Node]:
    """The type of a structure from its domain (``S1 ::= ℬ(X1×X1)`` gives
    ``ℬ(X1×X1)``: debool of the domain's type), and the domain as typed
    (``X1*X1`` read as ``X1×X1``).  The domain must be built only from basic
    and constant sets, ``Z``, ``ℬ`` and ``×``; anything else is
    ``globalStructure`` with the span of the offending part."""
    built_from_sets(node, env, allow_star=True)  # before typing: its errors come first
    typed = typify(node, env)
    domain = typed.tree or node
    built_from_sets(domain, env, allow_star=False)  # a `*` left is a multiplication
    base = element_of(typed.type)
    assert base is not None  # every allowed domain is a set
    return base, domain


def structure_domain_type(node: s.Node, env: Mapping[str, GlobalInfo]) -> Type:
    """The type of a structure from its domain (see :func:`structure_domain`)."""
    return structure_domain(node, env)[0]


def analyse_constituent(alias: str, node: s.Node | None, env: Mapping[str, GlobalInfo],
                        traits: frozenset[str] | None = None,
                        kind: str | None = None) -> ConstituentTyping:
    """Type one constituent of a schema given the constituents before it:
    ``X1``/``C1`` (``node`` None) have type ℬ(X1), and a constant set its
    ``traits`` (None: integral and ordered); a structure's ``node`` is
    its domain; terms (and nominals that have a definition) must be set
    expressions, axioms and theorems formulas, functions and predicates
    function definitions whose bodies are a set expression or a formula
    (else ``expectedType`` over the definition, as ConceptPortal).  ``kind`` is the
    constituent's kind (default: the one its alias's letter names)."""
    kind = kind or KIND_BY_PREFIX.get(alias[:1])
    if kind is None:
        raise ValueError(f"not the alias of a constituent: {alias!r}")
    if kind in STRUCTURE_BASES:
        return ConstituentTyping(GlobalInfo(kind, SetType(Element(alias)), VALUE,
                                            traits if kind == "constant" else None), [])
    if node is None:
        raise ValueError(f"{alias} needs a formal definition")
    if kind == "structure":
        type_, domain = structure_domain(node, env)
        return ConstituentTyping(GlobalInfo(kind, type_, VALUE), [], domain)
    if kind in ("function", "predicate"):
        if not isinstance(node, s.FunctionDef):
            raise RSLError("expectedType", f"{alias} is a {kind}: it must be defined as "
                           f"[parameters] body", *node.span)
        result = typify(node, env)
        signature = result.type
        assert isinstance(signature, FunctionType)
        if kind == "function" and isinstance(signature.result, Logic):
            raise RSLError("expectedType", f"the body of the function {alias} is a formula; "
                           f"a function's body is a set expression (a predicate's is a "
                           f"formula)", *node.span)
        if kind == "predicate" and not isinstance(signature.result, Logic):
            raise RSLError("expectedType", f"the body of the predicate {alias} is of type "
                           f"{signature.result}; a predicate's body is a formula", *node.span)
        return ConstituentTyping(GlobalInfo(kind, signature, result.value_class),
                                 result.warnings, result.tree)
    if isinstance(node, s.FunctionDef):
        typify(node, env)  # an error inside it comes first
        raise RSLError("expectedType", f"the {kind} {alias} cannot be a function definition "
                       f"(that is a function's or a predicate's)", *node.span)
    result = typify(node, env)
    if kind in ("term", "nominal") and isinstance(result.type, Logic):
        raise RSLError("expectedType", f"the {kind} {alias} is a formula; a term is a set "
                       f"expression", *node.span)
    if kind in ("axiom", "theorem") and not isinstance(result.type, Logic):
        raise RSLError("expectedType", f"the {kind} {alias} is of type {result.type}; "
                       f"an {kind} is a formula", *node.span)
    return ConstituentTyping(GlobalInfo(kind, result.type, result.value_class), result.warnings,
                             result.tree)


__all__ = ["KIND_BY_PREFIX", "ConstituentTyping", "function_type", "structure_domain",
           "structure_domain_type",
           "analyse_constituent"]
