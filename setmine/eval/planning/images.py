"""Images, bounds and supports: what the planner needs to know about a term
without enumerating the domain of its variable.

- ``image(f, v, D)`` = {f(v) | v ∈ D}: for ``pr1``/``pr2`` of a product or
  of ⋃ₓ{x}×Fₓ, for ``card`` of a set interval (an integer range), for
  ``f(v) ∩ C``, ``f(v) \\ C``, ``f(v) ∪ C`` of an interval (an interval
  again); otherwise enumerated under the budget.
- ``extremes(S)``: the least and greatest member of a set of integers.
- ``support(P, v)``: a set S such that P depends on the set variable v only
  through v ∩ S (None: through all of v).  Built from the *pointwise*
  sub-terms of P — those made of v and constants with ∪ ∩ \\ — whose
  membership of an element e depends only on whether e ∈ v.
"""

from __future__ import annotations

from ...rsl.syntax import tree as s
from ...rsl.syntax.errors import RSLError
from ..shapes.defining import generator as generator_shape
from ..shapes.terms import free_locals, long_chain, mentions
from ..values import algebra
from ..values.sets import (Fibered, IntRange, LazySet, Product, Union, canonical, card, each,
                           is_empty, members)
from ..values.subsets import Subsets
from .compiled import value_code

ALL = None  # "every element": no narrower support is known


def image(ev, f: s.Node, name: str, domain, env, node=None):
    """{f(v) | v ∈ domain} for the local ``name``."""
    if isinstance(f, s.Local) and f.name == name:
        return domain
    if not mentions(f, name):
        return frozenset() if is_empty(domain) else frozenset({canonical(ev.value(f, env))})
    shortcut = _image_shortcut(ev, f, name, domain, env, node)
    if shortcut is not None:
        ev.methods["image"] += 1
        return shortcut
    ev.methods["enumerated image"] += 1
    out = set()
    compute = value_code(f)
    for v in each(domain, ev.budget, node, "image"):
        out.add(canonical(compute(ev, {**env, name: v})))
    return frozenset(out)


def _image_shortcut(ev, f, name, domain, env, node):
    if isinstance(f, s.Projection) and not f.big and f.arg == s.Local(name) \
            and len(f.indices) == 1:
        i = f.indices[0]
        if isinstance(domain, Fibered):
            return domain.index() if i == 1 else algebra.project(domain, (2,), ev.budget, node)
        if isinstance(domain, Product):
            return domain.factors[i - 1]
        if isinstance(domain, frozenset) and all(isinstance(t, tuple) and len(t) >= i
                                                 for t in domain):
            return frozenset(t[i - 1] for t in domain)
        return None
    if isinstance(f, s.Apply) and f.op == "card":
        inner = image(ev, f.arg, name, domain, env, node)
        return _sizes(inner)
    if isinstance(f, s.SetOperation) and f.op in ("∩", "\\", "∪") and not long_chain(f):
        var_side, other = (f.left, f.right) if mentions(f.left, name) else (f.right, f.left)
        if mentions(other, name) or (f.op == "\\" and var_side is f.right):
            return None
        constant = ev.value(other, env)
        inner = image(ev, var_side, name, domain, env, node)
        return _map_intervals(inner, f.op, constant)
    return None


def _sizes(family):
    """{card(v) | v ∈ family} for interval-shaped families."""
    if isinstance(family, Subsets) and not family.constraints:
        top = card(family.upper)
        hi = top if family.hi is None else min(family.hi, top)
        return IntRange(max(family.lo, len(family.lower)), hi)
    if isinstance(family, Union) and all(isinstance(p, (Subsets, frozenset)) for p in family.parts):
        result = frozenset()
        for part in family.parts:
            result = _join_ranges(result, _sizes(part))
        return result
    if isinstance(family, frozenset) and all(isinstance(m, (frozenset, LazySet)) for m in family):
        return frozenset(card(m) for m in family)
    return None  # (card of a non-set: the interpreter's error, member by member)


def _join_ranges(a, b):
    if isinstance(a, frozenset) and not a:
        return b
    if isinstance(a, IntRange) and isinstance(b, IntRange) and \
            a.lo <= b.hi + 1 and b.lo <= a.hi + 1:
        return IntRange(min(a.lo, b.lo), max(a.hi, b.hi))
    return algebra.union(a, b)


def _map_intervals(family, op, constant):
    """{g(v) | v ∈ family} for g(v) = v ∩ C, v \\ C or v ∪ C, where family is
    made of set intervals without size bounds (an interval maps onto an
    interval)."""
    if isinstance(family, Subsets) and family.lo <= len(family.lower) and family.hi is None \
            and not family.constraints:
        if op == "∩":
            return algebra.interval(algebra.intersection(family.lower, constant),
                                    algebra.intersection(family.upper, constant))
        if op == "\\":
            return algebra.interval(algebra.difference(family.lower, constant),
                                    algebra.difference(family.upper, constant))
        return algebra.interval(algebra.union(family.lower, constant),
                                algebra.union(family.upper, constant))
    if isinstance(family, Union):
        parts = [_map_intervals(p, op, constant) for p in family.parts]
        if all(p is not None for p in parts):
            result = frozenset()
            for p in parts:
                result = algebra.union(result, p)
            return result
    if isinstance(family, frozenset) and all(isinstance(m, frozenset) for m in family):
        apply = {"∩": frozenset.__and__, "\\": frozenset.__sub__, "∪": frozenset.__or__}[op]
        if isinstance(constant, frozenset):
            return frozenset(apply(m, constant) for m in family)
    return None


def extremes(values, ev, node=None):
    """(least, greatest) of a non-empty set of integers."""
    if isinstance(values, IntRange):
        return values.lo, values.hi
    if isinstance(values, Union):
        pairs = [extremes(p, ev, node) for p in values.parts if not is_empty(p)]
        return min(p[0] for p in pairs), max(p[1] for p in pairs)
    items = list(members(values, ev.budget, node, "minimum and maximum"))
    if not all(isinstance(v, int) or getattr(v, "is_number", False) for v in items):
        raise TypeError("not a set of integers")  # (⊂ on sets is no total order)
    return min(items), max(items)


# ----------------------------------------------------------------------------
# Supports

def support(ev, formula: s.Node, name: str, env, bounds=None):
    """Elements through which ``formula`` may depend on the set variable
    ``name`` (a frozenset, or ALL)."""
    bounds = dict(bounds or {})
    if not mentions(formula, name):
        return frozenset()
    if _pointwise(formula, name):
        return _sensitive(ev, formula, name, env, bounds)
    if isinstance(formula, s.Quantifier):
        if mentions(formula.domain, name) or free_locals(formula.domain) & bounds.keys():
            return ALL
        domain = ev.value(formula.domain, env)
        if not isinstance(formula.var, s.Local):
            return ALL
        bounds[formula.var.name] = domain
        return support(ev, formula.body, name, env, bounds)
    if isinstance(formula, (s.Declarative, s.Imperative, s.Recursive, s.FunctionDef)):
        return ALL
    result = frozenset()
    for child in s.operands(formula) if isinstance(formula, s.CHAINS) else formula.children():
        part = support(ev, child, name, env, bounds)
        if part is ALL:
            return ALL
        result = algebra.union(result, part)
    return result


def _pointwise(node: s.Node, name: str) -> bool:
    if long_chain(node):
        return False
    if isinstance(node, s.Local):
        return node.name == name
    if isinstance(node, s.SetOperation) and node.op != "∆":
        return all(_pointwise(c, name) or not mentions(c, name) for c in (node.left, node.right))
    return False


def _sensitive(ev, node, name, env, bounds):
    """For a pointwise term: the elements whose membership can depend on
    the variable."""
    if not mentions(node, name):
        return frozenset()
    if isinstance(node, s.Local):
        return ALL
    left = _sensitive(ev, node.left, name, env, bounds)
    right = _sensitive(ev, node.right, name, env, bounds)
    if node.op == "∩":
        return _or(_and(left, upper(ev, node.right, env, bounds)),
                   _and(right, upper(ev, node.left, env, bounds)))
    if node.op == "\\":
        return _or(left, _and(right, upper(ev, node.left, env, bounds)))
    return _or(left, right)


def upper(ev, node, env, bounds):
    """A set containing every value of the term over the bound variables'
    domains (or ALL)."""
    names = free_locals(node)
    if not names & bounds.keys():
        try:
            value = ev.value(node, env)
        except RSLError:  # (the term's own evaluation meets the error, if it reaches it)
            return ALL  # an upper bound is only an optimisation
        return value if isinstance(value, (frozenset, LazySet)) else ALL
    if isinstance(node, s.Local) and node.name in bounds:
        return algebra.reduce(bounds[node.name], ev.budget, node)
    if isinstance(node, s.Projection) and not node.big and isinstance(node.arg, s.Local) \
            and node.arg.name in bounds and len(node.indices) == 1:
        column = algebra.project(bounds[node.arg.name], node.indices, ev.budget, node)
        return algebra.reduce(column, ev.budget, node)
    if isinstance(node, s.SetOperation) and not long_chain(node):
        a, b = upper(ev, node.left, env, bounds), upper(ev, node.right, env, bounds)
        if node.op == "∩":
            return b if a is ALL else a if b is ALL else algebra.intersection(a, b)
        if node.op == "\\":
            return a
        return ALL if a is ALL or b is ALL else algebra.union(a, b)
    return ALL


def _and(a, b):
    if a is ALL:
        return b
    if b is ALL:
        return a
    return algebra.intersection(a, b)


def _or(a, b):
    if a is ALL or b is ALL:
        return ALL
    return algebra.union(a, b)


def generator(ev, name, part, env):
    """``∃b∈G (… & name = f(b))`` → the image of f over {b∈G | …}; None
    when ``part`` does not define ``name`` so (``shapes.defining``)."""
    shape = generator_shape(part, name)
    if shape is None:
        return None
    f, rest = shape
    b = part.var
    selected = ev.comprehension(b, ev._set(part.domain, env), rest, env, part) \
        if rest is not None else ev._set(part.domain, env)
    ev.methods["generator"] += 1
    return image(ev, f, b.name, selected, env, part)
