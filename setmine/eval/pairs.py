"""Pair variables: ``a ∈ A×B`` or ``a ∈ ⋃ₓ{x}×Fₓ`` split into their two
components.  The first is enumerated — narrowed by the conjuncts on it
alone, and by what an ∃ generator of the second implies of it — and the
second is narrowed per first: fixed outright by one defining conjunct
(``second = E``, ``∃b∈G (… & second = f(b))``), otherwise planned like any
variable.  A generator that defines both components,
``∃b∈G (first = h(b) & second = f(b))`` with G listed, is a join: one
pass over G.  Part of the planner (``planner.py``)."""

from __future__ import annotations

from functools import lru_cache

from ..rsl import syntax as s
from ..rsl.errors import RSLError
from . import algebra
from .budget import BudgetExceeded
from .interp import bind
from .intervals import interval_shape
from .compiled import value_code
from .sets import Fibered, Product, canonical, each, is_empty, member, sort
from .terms import bound_names, conjunction, free_locals, remembered, split_pair


def pair_shape(var, domain):
    if isinstance(var, s.TupleDecl) and len(var.items) != 2:
        return None
    if isinstance(domain, Fibered) or (isinstance(domain, Product) and len(domain.factors) == 2):
        return domain
    return None


def split(ev, var, domain, pair, parts, env, node):
    """A pair variable: enumerate the first component, narrow the second."""
    first, second, on_first, on_second = _split_parts(var, tuple(parts))
    joined = _joined(ev, first, second, domain, on_first, on_second, env, node)
    if joined is not None:
        yield joined
        return
    ev.methods["split"] += 1
    heads = domain.index() if isinstance(domain, Fibered) else domain.factors[0]
    for part in on_second:
        implied = _implied_heads(ev, first, second, part, env)
        if implied is not None:
            ev.methods["first components implied"] += 1
            heads = algebra.intersection(heads, implied)
    # in canonical order: the first piece gives an ∃ its witness
    for x in sort(planner.elements(ev, first, heads, on_first, env, node)):
        fiber_domain = domain.fiber(x) if isinstance(domain, Fibered) else domain.factors[1]
        scope = {**env, **bind(first, x, node)}
        fiber = _fixed(ev, second, fiber_domain, on_second, scope)
        if fiber is None:
            fiber = planner.combine(list(planner.pieces(ev, second, fiber_domain, on_second,
                                                        scope, node)))
        if not is_empty(fiber):
            yield Fibered.build([(x, fiber)])


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
        values = planner.generator(ev, second.name, on_second[0], scope)
        if values is None:
            return None
    else:
        return None
    ev.methods["fixed second component"] += 1
    return algebra.intersection(values, fiber_domain)


def _joined(ev, first, second, domain, on_first, on_second, env, node):
    """``∃b∈G (first = h(b) & second = f(b) & R(b))`` as the only conjunct:
    the pairs are {(h(b), f(b)) | b ∈ G, R(b)} within the domain — one pass
    over G (a join), instead of a search of G per first component.  None
    when the shape does not fit."""
    if on_first or len(on_second) != 1:
        return None
    shape = _join_shape(on_second[0], first, second)
    if shape is None:
        return None
    h, f, rest = shape
    part = on_second[0]
    b = part.var.name
    generators = ev.value(part.domain, env)
    if not _listed(generators):
        return None  # (a product with a family, say: mapped by intervals per first component)
    if rest is not None:
        generators = planner.comprehension(ev, part.var, generators, rest, env, part)
    ev.methods["pairs joined from a generator"] += 1
    head, tail = value_code(h), value_code(f)
    heads = domain.index() if isinstance(domain, Fibered) else domain.factors[0]
    fibers: dict = {}
    for g in each(generators, ev.budget, node, "join"):
        scope = {**env, b: g}
        x = canonical(head(ev, scope))
        if x not in fibers:
            if not member(x, heads):
                continue
            fibers[x] = (domain.fiber(x) if isinstance(domain, Fibered) else domain.factors[1],
                         set())
        y = canonical(tail(ev, scope))
        fiber_domain, values = fibers[x]
        if member(y, fiber_domain):
            values.add(y)
    return Fibered.build((x, frozenset(values)) for x, (_, values) in fibers.items())


def _listed(value) -> bool:
    """An explicit set, or pairs with explicit fibers: as cheap to go through
    as the first components."""
    if isinstance(value, Fibered):
        return all(isinstance(f, frozenset) for _, f in value.fibers)
    return isinstance(value, frozenset)


@remembered
def _join_shape(part, first, second):
    """(h, f, R or None) when ``part`` is ``∃b∈G (first = h(b) & second = f(b)
    & R(b))``: one defining conjunct for each component (in either order of
    its sides), none of G, h, f, R mentioning the components."""
    if not (isinstance(part, s.Quantifier) and part.op == "∃" and isinstance(part.var, s.Local)
            and isinstance(first, s.Local) and isinstance(second, s.Local)):
        return None
    pair = {first.name, second.name}
    if len(pair) != 2 or part.var.name in pair or free_locals(part.domain) & pair:
        return None
    defined: dict = {}
    rest = []
    for p in planner.normal(part.body):
        side = None
        if isinstance(p, s.Predicate) and p.op == "=":
            for var_side, other in ((p.left, p.right), (p.right, p.left)):
                if var_side in (first, second) and not free_locals(other) & pair:
                    side = (var_side.name, other)
                    break
        if side is not None and side[0] not in defined:
            defined[side[0]] = side[1]
        elif free_locals(p) & pair:
            return None
        else:
            rest.append(p)
    if len(defined) != 2:
        return None
    return defined[first.name], defined[second.name], (conjunction(rest) if rest else None)


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
    shape = _heads_shape(part, first, second)
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


@remembered
def _heads_shape(part, first, second):
    """i when ``part`` is ``∃b∈G (… & first = pr i(b) & …)`` with G free of
    both components (which have distinct names)."""
    if not (isinstance(part, s.Quantifier) and part.op == "∃" and isinstance(part.var, s.Local)):
        return None
    names1, names2 = bound_names(first), bound_names(second)
    pair = names1 | names2
    if names1 & names2 or free_locals(part.domain) & pair or part.var.name in pair:
        return None
    b = s.Local(part.var.name)
    for p in planner.normal(part.body):
        if isinstance(p, s.Predicate) and p.op == "=":
            for var_side, h in ((p.left, p.right), (p.right, p.left)):
                if var_side == first and isinstance(h, s.Projection) and not h.big \
                        and len(h.indices) == 1 and h.arg == b:
                    return h.indices[0]
    return None


from . import planner  # noqa: E402  (the planner's pieces, elements and generators)
