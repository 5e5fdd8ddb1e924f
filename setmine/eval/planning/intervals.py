"""Set variables: a bound variable ranging over a set interval L ⊆ v ⊆ U
(ℬ(U), k-subsets, the families the planner meets), narrowed by the
set-interval rules of evaluation.md, with what remains counted (as
|v ∩ A| = k constraints), checked once (when its support misses the free
part of the interval) or filtered.  Part of the planner (``planner.py``).
"""

from __future__ import annotations

from ...rsl.syntax import tree as s
from ..shapes.terms import conjunction, long_chain, mentions, remembered
from ..values import algebra
from ..values.sets import Filtered, canonical, card, is_empty, members
from ..values.subsets import Subsets
from .images import ALL, generator, support
from .quantifiers import compare_with_all


def set_interval(ev, name, domain: Subsets, parts, env, node):
    lower, upper, lo, hi = domain.lower, domain.upper, domain.lo, domain.hi
    restricts, residual = [], []
    queue = list(parts)
    while queue:
        part = queue.pop(0)
        rule = _interval_rule(ev, name, part, env)
        if rule is None:
            rewritten = compare_with_all(ev, name, part, env)
            if rewritten is not None:
                queue.insert(0, rewritten)
                continue
            residual.append(part)
            continue
        ev.methods["narrowed"] += 1
        kind, value = rule
        if kind == "upper":
            upper = algebra.intersection(upper, value)
        elif kind == "filter-upper":
            upper = ev.comprehension(value.var, upper, value.body, env, value)
        elif kind == "without":
            upper = algebra.difference(upper, value)
        elif kind == "lower":
            lower = lower | algebra.materialize(value, ev.budget, part, "lower bound")
        elif kind == "exact":
            lower = lower | algebra.materialize(value, ev.budget, part, "equation")
            upper = algebra.intersection(upper, value)
        elif kind == "size":
            lo, hi = max(lo, value[0]), value[1] if hi is None else \
                (hi if value[1] is None else min(hi, value[1]))
        elif kind == "within":
            restricts.append(value)
        elif kind == "empty":
            return frozenset()
        elif kind == "the one":
            restricts.append(frozenset({canonical(value)}))  # v = E, E lazy: {E} or ∅
    result = narrowed(domain, lower, upper, lo, hi)
    for r in restricts:
        result = algebra.intersection(result, r)
    if not residual or is_empty(result):
        return result
    return _residual(ev, name, result, residual, env, node)


def narrowed(domain: Subsets, lower, upper, lo, hi):
    """The domain narrowed to [lower, upper] and sizes lo..hi, keeping its
    constraints; one element added or removed is a child counted from the
    domain's own counts."""
    if domain.constraints and (lo, hi) == (domain.lo, domain.hi) \
            and isinstance(upper, frozenset) and isinstance(domain.upper, frozenset):
        added = lower - domain.lower
        removed = frozenset() if upper is domain.upper else domain.upper - upper
        if len(added) + len(removed) == 1 and domain.lower <= lower and \
                (upper is domain.upper or upper <= domain.upper):
            e, present = (next(iter(added)), True) if added else (next(iter(removed)), False)
            return domain.restricted(e, present)
    return algebra.interval(lower, upper, lo, hi, domain.constraints)


def _interval_rule(ev, name, part, env):
    """(kind, value) of a set-interval rule that consumes ``part``, or None."""
    shape = interval_shape(part, name)
    if shape is None:
        return None
    kind, operand = shape
    if kind == "size":
        return _size_rule(ev, name, part, env)
    if kind == "filter-upper":
        return kind, part  # ∀c ∈ v Q(c): v ⊆ {c | Q(c)}
    if kind == "generator":
        generated = generator(ev, name, part, env)
        return None if generated is None else ("within", generated)
    value = ev.value(operand, env)
    if kind in ("v = E", "E = v"):
        return ("exact", value) if isinstance(value, frozenset) else ("the one", value)
    if kind == "E ∈ v":
        return "lower", frozenset({value})
    if kind == "E ∉ v":
        return "without", frozenset({value})
    return kind, value


@remembered
def interval_shape(part, name):
    """Which rule may consume ``part`` for the set variable ``name``, from
    its syntax alone: (kind, the operand to evaluate) or None."""
    var = s.Local(name)
    if isinstance(part, s.Predicate):
        op, left, right = part.op, part.left, part.right
        if op == "=" and _is_empty_literal(right) and _intersects_var(left, name):
            return "without", (left.right if left.left == var else left.left)
        if op == "=" and _is_empty_literal(left) and _intersects_var(right, name):
            return "without", (right.right if right.left == var else right.left)
        if mentions(left, name) and mentions(right, name):
            return None
        if left == var and not mentions(right, name):
            kind = {"⊆": "upper", "∈": "within", "=": "v = E"}.get(op)
            return None if kind is None else (kind, right)
        if right == var and not mentions(left, name):
            kind = {"⊆": "lower", "∈": "E ∈ v", "∉": "E ∉ v", "=": "E = v"}.get(op)
            return None if kind is None else (kind, left)
        return "size", None
    if isinstance(part, s.Quantifier) and part.op == "∀" and part.domain == var \
            and isinstance(part.var, s.Local) and not mentions(part.body, name):
        return "filter-upper", None
    return "generator", None


def _is_empty_literal(node) -> bool:
    return isinstance(node, s.EmptySet)


def _intersects_var(node, name) -> bool:
    return (isinstance(node, s.SetOperation) and node.op == "∩"
            and (node.left == s.Local(name)) != (node.right == s.Local(name))
            and not mentions(node.right if node.left == s.Local(name) else node.left, name))


def _size_rule(ev, name, part, env):
    left_card = isinstance(part.left, s.Apply) and part.left.op == "card" \
        and part.left.arg == s.Local(name) and not mentions(part.right, name)
    right_card = isinstance(part.right, s.Apply) and part.right.op == "card" \
        and part.right.arg == s.Local(name) and not mentions(part.left, name)
    if not (left_card or right_card):
        return None
    k = ev.value(part.right if left_card else part.left, env)
    if not isinstance(k, int):
        return None
    op = part.op if left_card else {"<": ">", ">": "<", "≤": "≥", "≥": "≤"}.get(part.op, part.op)
    bounds = {"=": (k, k), "≤": (0, k), "<": (0, k - 1), "≥": (k, None), ">": (k + 1, None)}
    if op not in bounds:
        return None
    lo, hi = bounds[op]
    if hi is not None and hi < 0:
        return "empty", None
    return "size", (max(lo, 0), hi)


def _residual(ev, name, narrowed, residual, env, node):
    """What narrowing could not consume: checked once when it cannot depend
    on the free part of the interval, else filtered member by member."""
    condition = conjunction(residual)
    if isinstance(narrowed, Subsets):
        sup = support(ev, condition, name, env)
        free = algebra.difference(narrowed.upper, narrowed.lower)
        if sup is not ALL and is_empty(algebra.intersection(free, sup)):
            # every member meets the support in the same elements as L does
            ev.methods["checked once"] += 1
            if narrowed.is_empty():
                return frozenset()
            return narrowed if ev.truth(condition, {**env, name: narrowed.lower}) else frozenset()
        linear = _linearize(ev, name, narrowed, residual, env)
        if linear is not None:
            ev.methods["counted"] += 1
            return algebra.interval(narrowed.lower, narrowed.upper, narrowed.lo, narrowed.hi,
                                    narrowed.constraints + linear)
    ev.methods["filtered"] += 1
    if isinstance(narrowed, frozenset):
        return frozenset(v for v in members(narrowed, ev.budget, node, "filter")
                         if ev.truth(condition, {**env, name: v}))
    return Filtered(narrowed, lambda v: ev.truth(condition, {**env, name: v}),
                    f"{{{name} | …}}", node)


def _linearize(ev, name, narrowed: Subsets, parts, env):
    """The conjuncts as constraints |v ∩ A| = k, or None: ``card(E(v)) = k``
    with E made of v and constants by ∪ ∩ ∖ (E(v) = (v ∩ P) ∪ Q, so
    card = |Q| + |v ∩ P∖Q|), and ``∀c∈D`` of such, D listed."""
    if not isinstance(narrowed.upper, frozenset):
        return None
    out: list = []
    for part in parts:
        found = _linear_part(ev, name, narrowed.upper, part, env)
        if found is None:
            return None
        out.extend(found)
    return tuple(out)


def _linear_part(ev, name, universe, part, env):
    if isinstance(part, s.Quantifier) and part.op == "∀" and isinstance(part.var, s.Local) \
            and not mentions(part.domain, name):
        domain = ev.value(part.domain, env)
        size = card(domain)
        if not ev.budget.admits(size):
            return None
        out: list = []
        for c in members(domain, ev.budget, part.domain, "instances of ∀"):
            found = _linear_part(ev, name, universe, part.body, {**env, part.var.name: c})
            if found is None:
                return None
            out.extend(found)
        return out
    if not (isinstance(part, s.Predicate) and part.op == "="):
        return None
    for counted, other in ((part.left, part.right), (part.right, part.left)):
        if isinstance(counted, s.Apply) and counted.op == "card" and mentions(counted, name) \
                and not mentions(other, name):
            form = _pointwise_form(ev, name, universe, counted.arg, env)
            k = ev.value(other, env)
            if form is None or not isinstance(k, int):
                return None
            p, q = form
            return [(p - q, k - len(q))]
    return None


def _pointwise_form(ev, name, universe, node, env):
    """(P, Q) with node(v) = (v ∩ P) ∪ Q for every v ⊆ universe, or None."""
    if not mentions(node, name):
        value = ev.value(node, env)
        return (frozenset(), value) if isinstance(value, frozenset) else None
    if node == s.Local(name):
        return universe, frozenset()
    if not isinstance(node, s.SetOperation) or long_chain(node):
        return None
    a = _pointwise_form(ev, name, universe, node.left, env)
    b = _pointwise_form(ev, name, universe, node.right, env)
    if a is None or b is None:
        return None
    (pa, qa), (pb, qb) = a, b
    if node.op == "∪":
        return pa | pb, qa | qb
    if node.op == "∩":
        return (pa & pb) | (pa & qb) | (qa & pb), qa & qb
    if node.op == "\\" and not pb:
        return pa - qb, qa - qb
    return None
