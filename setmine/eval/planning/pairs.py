"""Pair variables: ``a ∈ A×B`` or ``a ∈ ⋃ₓ{x}×Fₓ`` split into their two
components.  The first is enumerated — narrowed by the conjuncts on it
alone, and by what an ∃ generator of the second implies of it — and the
second is narrowed per first: fixed outright by one defining conjunct
(``second = E``, ``∃b∈G (… & second = f(b))``), otherwise planned like any
variable.  Where both components are defined through a listed relation,
the pairs come from one pass over it (``joins.py``).  Part of the planner
(``planner.py``)."""

from __future__ import annotations

from functools import lru_cache

from ...rsl.syntax import tree as s
from ...rsl.syntax.errors import RSLError
from ..shapes.defining import projection_index
from ..shapes.terms import bind, bound_names, free_locals, remembered, split_pair
from ..values import algebra
from ..values.budget import BudgetExceeded
from ..values.sets import Fibered, Product, canonical, is_empty, sort
from .elements import elements
from .images import generator
from .intervals import interval_shape
from .joins import image_of_first, joined
from .quantifiers import compare_with_all


def pair_shape(var, domain):
    if isinstance(var, s.TupleDecl) and len(var.items) != 2:
        return None
    if isinstance(domain, Fibered) or (isinstance(domain, Product) and len(domain.factors) == 2):
        return domain
    return None


def split(ev, var, domain, pair, parts, env, node):
    """A pair variable: enumerate the first component, narrow the second."""
    first, second, on_first, on_second = _split_parts(var, tuple(parts))
    pairs = joined(ev, first, second, domain, on_first, on_second, env, node)
    if pairs is not None:
        yield pairs
        return
    ev.methods["split"] += 1
    heads = domain.index() if isinstance(domain, Fibered) else domain.factors[0]
    for part in on_second:
        implied = _implied_heads(ev, first, second, part, env)
        if implied is not None:
            ev.methods["first components implied"] += 1
            heads = algebra.intersection(heads, implied)
    heads = sort(elements(ev, first, heads, on_first, env, node))
    on_second = _bounded(ev, first, second, on_second, env) if heads else on_second
    image = image_of_first(ev, first, second, on_second, heads, env, node)
    # in canonical order: the first piece gives an ∃ its witness
    for x in heads:
        fiber_domain = domain.fiber(x) if isinstance(domain, Fibered) else domain.factors[1]
        if image is not None:
            fiber = algebra.intersection(frozenset({image(x)}), fiber_domain)
            if not is_empty(fiber):
                yield Fibered(((x, fiber),))  # (fiber not empty)
            continue
        scope = {**env, **bind(first, x, node)}
        fiber = _fixed(ev, second, fiber_domain, on_second, scope)
        if fiber is None:
            fiber = ev.planned(second, fiber_domain, on_second, scope, node)
        if not is_empty(fiber):
            yield Fibered(((x, fiber),))  # (fiber not empty)


def _bounded(ev, first, second, on_second, env) -> tuple:
    """``∀d∈D (e op g(d))`` where e alone mentions the second component (and
    nothing mentions the first) as ``e op m``, m the least or greatest g over
    D: decided once for every first component, not searched per candidate."""
    if not isinstance(second, s.Local):
        return on_second
    names = bound_names(first)
    out = []
    for part in on_second:
        try:
            rewritten = None if free_locals(part) & names else \
                compare_with_all(ev, second.name, part, env)
        except BudgetExceeded:
            raise
        except RSLError:
            rewritten = None  # left to each candidate, where a conjunct before it may decide
        out.append(part if rewritten is None else rewritten)
    return tuple(out)


def _fixed(ev, second, fiber_domain, on_second, scope):
    """The second components when one conjunct fixes them — ``second = E``
    or ``∃b∈G (… & second = f(b))`` — without the set-interval machinery:
    {E} or f[{b∈G | …}], within the fiber's domain.  None otherwise."""
    if len(on_second) != 1 or not isinstance(second, s.Local):
        return None
    shape = interval_shape(on_second[0], second.name)
    if shape is None:
        return None
    kind, operand = shape
    if kind in ("v = E", "E = v"):
        values = frozenset({canonical(ev.value(operand, scope))})
    elif kind == "generator":
        values = generator(ev, second.name, on_second[0], scope)
        if values is None:
            return None
    else:
        return None
    ev.methods["fixed second component"] += 1
    return algebra.intersection(values, fiber_domain)


@remembered
def _split_parts(var, parts: tuple):
    """The two component variables, and the conjuncts (rewritten with them)
    that constrain the first component alone and those that involve the
    second."""
    if isinstance(var, s.TupleDecl):
        first, second = var.items
    else:
        first, second = _components(var.name)
        parts = tuple(split_pair(p, var.name, first.name, second.name) for p in parts)
    names2 = bound_names(second)
    return (first, second, tuple(p for p in parts if not free_locals(p) & names2),
            tuple(p for p in parts if free_locals(p) & names2))


@lru_cache(maxsize=4096)
def _components(name: str) -> tuple[s.Local, s.Local]:
    """The variables of a pair variable's two components ('·' cannot occur
    in a parsed name); the same two nodes each time, so that what is
    remembered of the rewritten condition is found again."""
    return s.Local(name + "·1"), s.Local(name + "·2")


def _implied_heads(ev, first, second, part, env):
    """``∃b∈G (… & first = pr i(b) & …)``: the first component lies in
    Pr i(G) — a necessary condition, computed once, so the first components
    that no b matches are not visited.  Only projections, computed without
    evaluating anything per b (so no b that the ∃'s other conjuncts would
    have excluded can raise an error here).  None when the shape does not
    fit or G is not listed."""
    shape = _projection_index(part, first, second)
    if shape is None:
        return None
    try:
        generators = ev.value(part.domain, env)
    except BudgetExceeded:
        raise
    except RSLError:
        return None  # the ∃ itself will meet (or never reach) this error
    i = shape
    if isinstance(generators, Fibered) and i in (1, 2):
        return generators.index() if i == 1 else algebra.project(generators, (2,), ev.budget, part)
    if isinstance(generators, Product) and i <= len(generators.factors):
        return generators.factors[i - 1]
    if isinstance(generators, frozenset) and all(isinstance(g, tuple) and len(g) >= i
                                                 for g in generators):
        return frozenset(g[i - 1] for g in generators)
    return None


def _projection_index(part, first, second):
    """i when ``part`` is ``∃b∈G (… & first = pr i(b) & …)`` (the first
    component a local, the names of both distinct and free in G)."""
    if not isinstance(first, s.Local):
        return None
    names = tuple(sorted(bound_names(first))) + tuple(sorted(bound_names(second)))
    return projection_index(part, first.name, names)
