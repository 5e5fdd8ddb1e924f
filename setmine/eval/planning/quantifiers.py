"""The quantifier rules of the planner: what decides a ∀ (or an ∃ over
several variables) without a search through its domain.

- ``∀a,b∈D ((a, b) ∈ R ⇒ Q)`` and ``∃a,b∈D ((a, b) ∈ R & Q)`` range over
  the tuples of R;
- ``∀d∈D (e op g(d))`` with e free of d is decided from the least and
  greatest value of g[D] (remembered: the same for every candidate of an
  outer variable);
- ``∀v∈D (P(v) ⇒ Q)`` ranges over {v∈D | P(v)}, computed once;
- ``∀v∈D (e ∈ v)`` over a counted family is decided from its counts;
- ``{e ∈ E | ∀v∈D (P(v) ⇒ e ∈ v)}`` is E ∩ the elements common to the
  members of {v∈D | P(v)} (and ``e ∉ v``: E minus those in some member),
  from the family's counts, for every candidate e at once;
- a ∀ whose body uses its variable only through f(v) ranges over f[D];
- anything else is the absence of a counterexample: ∃ of the negation.

Part of the planner (``planner.py``)."""

from __future__ import annotations

from ...rsl.syntax import tree as s
from ...rsl.syntax.errors import RSLError
from ..shapes.normal import normal
from ..shapes.terms import (bound_names, conjunction, free_locals, mentions, negate,
                            occurrences_only_inside, remembered, rename)
from ..values import algebra
from ..values.budget import BudgetExceeded
from ..values.sets import Filtered, Union, each, is_empty, member, members
from ..values.subsets import Subsets
from .compiled import truth_code
from .images import extremes, image


def over_relation(ev, op, var, domain, body, env, node):
    """``∀a,b∈D ((a, b) ∈ R ⇒ Q)`` and ``∃a,b∈D ((a, b) ∈ R & Q)``, R listed:
    the variables range over the tuples of R whose components lie in D —
    one pass over R instead of a search per value of a.  (truth, the
    deciding bindings) as ``forall``/``exists`` give them; None when the
    shape does not fit."""
    shape = _relation_shape(var, body, op)
    if shape is None:
        return None
    relation_node, rest = shape
    relation = ev.value(relation_node, env)
    if not isinstance(relation, frozenset):
        return None
    names = [item.name for item in var.items]
    test = truth_code(rest) if rest is not None else None
    decisive = op == "∃"
    ev.methods[f"{op} over a relation"] += 1
    inside = domain.__contains__ if isinstance(domain, frozenset) else \
        (lambda c: member(c, domain))

    def deciding(tuples):
        arity = len(names)
        for t in tuples:
            if not (type(t) is tuple and len(t) == arity and all(map(inside, t))):
                continue
            scope = dict(env)
            scope.update(zip(names, t))
            if test is None or test(ev, scope) == decisive:
                return dict(zip(names, t))
        return None
    # a first pass in any order; only a decided quantifier needs its first
    # deciding tuple in canonical order (the witness), found by a second pass
    try:
        if deciding(each(relation, ev.budget, node, f"{op} over a relation")) is None:
            return (not decisive), None
    except BudgetExceeded:
        raise
    except RSLError:
        pass  # perhaps after the deciding tuple: the canonical pass says which comes first
    return decisive, deciding(members(relation, ev.budget, node, f"{op} over a relation"))


@remembered
def _relation_shape(var, body, op):
    """(R, Q or None) when ``body`` is ``(a, b, …) ∈ R ⇒ Q`` (for ∀) or
    ``(a, b, …) ∈ R & Q`` (for ∃), the tuple being the declared variables
    in order and R free of them."""
    if not all(isinstance(item, s.Local) for item in var.items):
        return None
    names = bound_names(var)
    if len(names) != len(var.items):
        return None  # a name declared twice: the inner one is meant
    if op == "∀":
        if not (isinstance(body, s.Connective) and body.op == "⇒"):
            return None
        premise, rest = (body.left,), body.right
    else:
        premise = normal(body)
        rest = None
    pattern = s.Tuple(tuple(var.items))
    found = [p for p in premise if isinstance(p, s.Predicate) and p.op == "∈"
             and isinstance(p.left, s.Tuple) and p.left.items == pattern.items
             and not free_locals(p.right) & names]
    if len(found) != 1:
        return None
    if op == "∃":
        others = [p for p in premise if p is not found[0]]
        rest = conjunction(others) if others else None
    return found[0].right, rest


def compare_with_all(ev, name, part, env):
    """``∀d∈D (e op g(d))`` where only e mentions ``name``: the predicate
    ``e op' m`` with m the least or greatest value of g over D (True when D is
    empty).  None when the shape does not fit."""
    if not (isinstance(part, s.Quantifier) and part.op == "∀" and isinstance(part.var, s.Local)
            and isinstance(part.body, s.Predicate)):
        return None
    d = part.var.name
    if mentions(part.domain, name):
        return None
    body = part.body
    e_side, g_side, flipped = _split_comparison(body, d, name)
    if e_side is None or body.op not in ("=", "≤", "≥", "<", ">"):
        return None
    domain = ev._set(part.domain, env)
    if is_empty(domain):
        return s.Predicate("=", s.Integer(0), s.Integer(0), span=part.span)
    op = body.op if not flipped else {"≤": "≥", "≥": "≤", "<": ">", ">": "<"}.get(body.op, body.op)
    bounds = _image_extremes(ev, g_side, d, domain, env, part)
    if bounds is None:
        return None
    least, greatest = bounds
    ev.methods["∀ as min/max"] += 1
    if op == "=":
        if least != greatest:
            return s.Predicate("=", s.Integer(0), s.Integer(1), span=part.span)
        return s.Predicate("=", e_side, s.Integer(least), span=part.span)
    bound = least if op in ("≤", "<") else greatest
    return s.Predicate(op, e_side, s.Integer(bound), span=part.span)


def _split_comparison(body, d, name):
    left_d, right_d = mentions(body.left, d), mentions(body.right, d)
    if right_d and not left_d and mentions(body.left, name) and not mentions(body.right, name):
        return body.left, body.right, False
    if left_d and not right_d and mentions(body.right, name) and not mentions(body.left, name):
        return body.right, body.left, True
    return None, None, False


def forall_one(ev, var, domain, part, env, node):
    names = bound_names(var)
    if not free_locals(part) & names:
        return ev.truth(part, env), None
    if isinstance(var, s.Local):
        decided = _in_every(ev, var.name, domain, part, env)
        if decided is not None:
            return decided, None
        if isinstance(part, s.Connective) and part.op == "⇒" and mentions(part.left, var.name) \
                and not free_locals(part.left) - {var.name}:
            # ∀v∈D (P(v) ⇒ Q) = ∀v ∈ {v∈D | P(v)} Q, the restricted domain computed once
            restricted = _restricted(ev, var, domain, part.left, env, node)
            ev.methods["∀ over a restricted domain"] += 1
            return ev.forall(var, restricted, part.right, env, node)
    if isinstance(var, s.Local) and isinstance(part, s.Predicate):
        decided = _forall_comparison(ev, var.name, domain, part, env, node)
        if decided is not None:
            return decided, None
    if isinstance(var, s.Local):
        through = occurrences_only_inside(part, var.name)
        if through is not None:
            values = image(ev, through, var.name, domain, env, node)
            if not isinstance(values, Filtered):
                ev.methods["∀ over an image"] += 1
                name = var.name + "·f"  # f(v) as a variable of its own
                ok, _ = ev.forall(s.Local(name), values, rename(part, through, name), env, node)
                if ok:
                    return True, None
    found, witness = ev.exists(var, domain, negate(part), env, node)
    return (not found), witness


def _forall_comparison(ev, name, domain, predicate, env, node):
    """``∀v∈D (e op g(v))`` with e free of v, decided from the extremes of
    g[D]; None when it does not apply."""
    if predicate.op not in ("=", "≤", "≥", "<", ">"):
        return None
    left, right = mentions(predicate.left, name), mentions(predicate.right, name)
    if left == right:
        return None
    g_side, e_side = (predicate.left, predicate.right) if left else \
        (predicate.right, predicate.left)
    e = ev.value(e_side, env)
    if predicate.op == "=":
        values = image(ev, g_side, name, domain, env, node)
        if isinstance(values, frozenset):
            return all(algebra.equal(v, e, ev.budget, node) for v in values)
        return None
    if not isinstance(e, int):
        return None
    bounds = _image_extremes(ev, g_side, name, domain, env, node)
    if bounds is None:
        return None
    least, greatest = bounds
    op = predicate.op if not left else {"≤": "≥", "≥": "≤", "<": ">", ">": "<"}[predicate.op]
    # the predicate reads e op g(v) for all v
    return {"≤": e <= least, "<": e < least, "≥": e >= greatest, ">": e > greatest}[op]


def _image_extremes(ev, g, name, domain, env, node):
    """(least, greatest) of g[D], remembered when g mentions no other local
    (the same for every candidate of an outer variable); None when g[D] is
    not a set of integers."""
    key = ("extremes", id(g), _domain_key(domain))
    hit = ev.memo.get(key) if not free_locals(g) - {name} else None
    if hit is not None and hit[0] is g:
        return hit[1]
    try:
        bounds = extremes(image(ev, g, name, domain, env, node), ev, node)
    except (TypeError, ValueError):
        bounds = None
    ev.memo[key] = (g, bounds)
    return bounds


def _restricted(ev, var, domain, condition, env, node):
    key = (id(condition), _domain_key(domain))
    hit = ev.memo.get(key)
    if hit is not None and hit[0] is condition:
        return hit[1]
    result = ev.comprehension(var, domain, condition, env, node)
    ev.memo[key] = (condition, result)
    return result


def _domain_key(domain):
    try:
        hash(domain)
        return domain
    except TypeError:
        return id(domain)


def _in_every(ev, name, domain, part, env):
    """``∀v∈D (e ∈ v)`` / ``(e ∉ v)``: e lies in every member of D (or in
    none), decided from D's counts; None when the shape does not fit."""
    if not (isinstance(part, s.Predicate) and part.op in ("∈", "∉")
            and part.right == s.Local(name) and not mentions(part.left, name)):
        return None
    parts = domain.parts if isinstance(domain, Union) else (domain,)
    if not all(isinstance(p, Subsets) for p in parts):
        return None
    e = ev.value(part.left, env)
    ev.methods["∀ by counting"] += 1
    for p in parts:
        total, with_e = p.cardinality(), p.element_count(e)
        if part.op == "∈" and with_e != total:
            return False
        if part.op == "∉" and with_e != 0:
            return False
    return True


def in_every_member(ev, name, domain, part, env):
    """The candidates of ``domain`` for which ``part`` — ``∀b∈B (P(b) ⇒ v ∈ b)``
    or ``… v ∉ b``, with B and P free of v and P of any other variable —
    holds: those in every member of the family {b∈B | P(b)} (in no member),
    all of them when the family is empty.  One count of the family decides
    every candidate.  None when the shape does not fit or the family is not
    a counted or listed set of sets."""
    shape = _membership_shape(part, name)
    if shape is None:
        return None
    condition, op = shape
    family = ev._set(part.domain, env)
    if condition is not None:
        family = _restricted(ev, part.var, family, condition, env, part)
    if is_empty(family):
        return domain
    found = _common(family) if op == "∈" else _touched(family)
    if found is None:
        return None
    ev.methods["∀ by counting, every candidate at once"] += 1
    return algebra.intersection(domain, found) if op == "∈" else \
        algebra.difference(domain, found)


@remembered
def _membership_shape(part, name):
    """(P or None, op) when ``part`` is ``∀b∈B (P ⇒ v op b)`` or
    ``∀b∈B (v op b)``, op ∈ {∈, ∉}, v the local ``name``, with B free of v
    and P mentioning b alone."""
    if not (isinstance(part, s.Quantifier) and part.op == "∀" and isinstance(part.var, s.Local)):
        return None
    b = part.var.name
    if b == name or mentions(part.domain, name):
        return None
    body, condition = part.body, None
    if isinstance(body, s.Connective) and body.op == "⇒":
        body, condition = body.right, body.left
        if free_locals(condition) - {b}:
            return None
    if isinstance(body, s.Predicate) and body.op in ("∈", "∉") and body.left == s.Local(name) \
            and body.right == s.Local(b):
        return condition, body.op
    return None


def _common(family):
    """The elements in every member of a non-empty family, or None."""
    if isinstance(family, Subsets):
        return family.common()
    if isinstance(family, frozenset) and all(isinstance(m, frozenset) for m in family):
        return frozenset.intersection(*family)
    if isinstance(family, Union):
        found = [_common(p) for p in family.parts if not is_empty(p)]
        return None if any(f is None for f in found) else frozenset.intersection(*found)
    return None


def _touched(family):
    """The elements in some member of a family, or None."""
    if isinstance(family, Subsets):
        return family.touched() if not is_empty(family) else frozenset()
    if isinstance(family, frozenset) and all(isinstance(m, frozenset) for m in family):
        return frozenset().union(*family)
    if isinstance(family, Union):
        found = [_touched(p) for p in family.parts]
        return None if any(f is None for f in found) else frozenset().union(*found)
    return None
