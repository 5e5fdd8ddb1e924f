"""Comprehensions and quantifiers, compiled: each bound variable narrowed
by its condition, the way the reference planner narrows it, over compact
values.

A binder ``{v ∈ D | P}``, ``∃v ∈ D P`` or ``∀v ∈ D P`` is planned by the
kind of its domain:

* a set of elements (a mask), a listed set (a relation, a family of
  masks): ``element_plans.py``;
* ``ℬ(M)``: a set variable, a counted family (``family_plans.py``);
* ``A × B``: a pair variable, built from what defines its components
  (``pair_plans.py``).
"""

from __future__ import annotations

from dataclasses import replace

from ...rsl.semantics import types as t
from ...rsl.syntax import tree as s
from .compiler import FAMILY, MASK, Closure, Compiler, Decline
from .element_plans import element_variable, listed_variable
from .family_plans import set_variable
from .pair_plans import pair_variable


def binder(c: Compiler, n: s.Declarative | s.Quantifier) -> Closure:
    """The closure of a comprehension or a quantifier (the compiler's hook
    for both)."""
    if isinstance(n, s.Declarative):
        return plan(c, "set", _single(n.var), n.domain, n.condition, n)
    return quantifier(c, n)


def quantifier(c: Compiler, n: s.Quantifier) -> Closure:
    if isinstance(n.var, s.DeclList):  # ∀a, b ∈ D P is ∀a ∈ D ∀b ∈ D P
        items = n.var.items
        body = n.body
        for item in reversed(items[1:]):
            body = c.typed(s.Quantifier(n.op, item, n.domain, body, span=n.span), t.LOGIC)
        n = c.typed(replace(n, var=items[0], body=body), t.LOGIC)
    return plan(c, n.op, _single(n.var), n.domain, n.body, n)


def _single(var: s.Node) -> str:
    if not isinstance(var, s.Local):
        raise Decline(var, "a tuple of bound variables")
    return var.name


def plan(c: Compiler, mode: str, var: str, domain: s.Node, cond: s.Node, node: s.Node) -> Closure:
    """The closure of ``{var ∈ domain | cond}`` (``mode`` "set"), or of the
    quantifier ``mode`` ("∀", "∃") over it."""
    if isinstance(domain, s.Apply) and domain.op == "ℬ" and c.rep(domain.arg) == MASK:
        return set_variable(c, mode, var, domain, cond, node)
    if isinstance(domain, s.Product) and len(domain.factors) == 2 and \
            c.rep(domain.factors[0]) == MASK and mode != "∀":
        found = pair_variable(c, mode, var, domain, cond, node)
        if found is not None:
            return found
    rep = c.rep(domain)
    dom = c.expr(domain)
    if rep == MASK:
        return element_variable(c, mode, var, dom, cond)
    return listed_variable(c, mode, var, dom, cond, family=rep == FAMILY)


