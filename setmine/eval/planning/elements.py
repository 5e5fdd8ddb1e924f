"""Element variables: a bound variable of a comprehension or an ∃ that
ranges over a set of elements, narrowed by its conjuncts before any
candidate is tried.

- ``v = E`` fixes it; ``v ≠ E`` (E a variable) takes one member out;
  ``pr i(v) = E`` looks it up in an index of the domain (built once per
  set); ``(…, v, …) ∈ E`` reads it off the tuples of E that agree with the
  other components;
- ``v ∈ E`` and ``v ∉ E`` intersect and subtract;
- ``∃b∈G (… & v = f(b))`` generates it as the image of f (``images``);
- ``∀b∈B (P(b) ⇒ v ∈ b)`` keeps the elements common to a family
  (``quantifiers.in_every_member``).

What no rule consumes is tested per candidate, through compiled code.
Part of the planner (``planner.py``)."""

from __future__ import annotations

from ...rsl.syntax import tree as s
from ..shapes.defining import generator as generator_shape
from ..shapes.terms import bind, mentions, remembered
from ..values import algebra
from ..values.sets import each, is_empty, member
from .compiled import plain, truth_code
from .images import generator
from .quantifiers import in_every_member


def elements(ev, var, domain, parts, env, node):
    """The members of ``domain`` satisfying ``parts``, narrowed first."""
    residual = []
    if isinstance(var, s.Local):
        name = var.name
        for kind, part, operand in _element_plan(name, tuple(parts)):
            # a conjunct is consumed only before any is left to the candidates: the
            # reference tests them in order, and one left earlier may fail (an
            # error) on a candidate that a later narrowing would take away
            narrowed = None if kind is None or residual else \
                _narrow_element(ev, kind, name, domain, part, operand, env)
            if narrowed is None:
                residual.append(part)
            else:
                domain = narrowed
                ev.methods["narrowed"] += 1
                if is_empty(domain):
                    return  # (what is left is never evaluated: there is no candidate)
    else:
        residual = list(parts)
    candidates = each(domain, ev.budget, node, "enumeration of candidates")
    if not residual:
        yield from candidates
        return
    tests = [truth_code(p) for p in residual]
    test = tests[0] if len(tests) == 1 else (lambda ev, scope: all(t(ev, scope) for t in tests))
    if isinstance(var, s.Local):
        name = var.name
        for v in candidates:
            if test(ev, {**env, name: v}):
                yield v
        return
    for v in candidates:
        if test(ev, {**env, **bind(var, v, node)}):
            yield v


@remembered
def _element_plan(name, parts: tuple) -> tuple:
    """(kind, conjunct, operand) per conjunct: which narrowing may consume
    it, decided from its syntax once per condition (kind None: none)."""
    return tuple(_element_rule(name, part) for part in parts)


def _element_rule(name, part):
    var = s.Local(name)
    if isinstance(part, s.Predicate):
        var_side, other = _sides(part, name)
        if var_side is None:
            return None, part, None
        if part.op == "=" and var_side == var:
            return "v = E", part, other
        if part.op == "≠" and var_side == var and isinstance(other, s.Local) \
                and not mentions(other, name):
            return "v ≠ E", part, other
        if part.op == "=" and _is_projection_of(var_side, name):
            return "pr i(v) = E", part, (var_side.indices[0], other)
        if part.op in ("∈", "∉") and part.left == var and not mentions(part.right, name):
            return "v " + part.op + " E", part, part.right
        if part.op == "∈" and isinstance(part.left, s.Tuple) and not mentions(part.right, name):
            return "(…, v, …) ∈ E", part, part.right
        return None, part, None
    if isinstance(part, s.Quantifier) and part.op == "∀":
        return "∀ family", part, None
    if generator_shape(part, name) is not None:
        return "generator", part, None
    return None, part, None


def _narrow_element(ev, kind, name, domain, part, operand, env):
    """A smaller domain implied by one conjunct, or None."""
    if kind == "v = E":
        value = ev.value(operand, env)
        return frozenset({value}) if member(value, domain) else frozenset()
    if kind == "v ≠ E":
        return _all_but(ev, domain, ev.value(operand, env))
    if kind == "pr i(v) = E":
        if not isinstance(domain, frozenset):
            return None
        i, other = operand
        return _lookup(ev, domain, i, ev.value(other, env))
    if kind == "v ∈ E":
        return algebra.intersection(domain, ev._set(operand, env))
    if kind == "v ∉ E":
        return algebra.difference(domain, ev._set(operand, env))
    if kind == "(…, v, …) ∈ E":
        return _tuple_member(ev, name, domain, part.left, operand, env)
    if kind == "∀ family":
        return in_every_member(ev, name, domain, part, env)
    generated = generator(ev, name, part, env)
    return None if generated is None else algebra.intersection(domain, generated)


def _all_but(ev, domain, value):
    """An explicit domain without ``value`` — where equality is Python's
    (plain values, ``compiled.plain``), else None: left to each candidate."""
    if not isinstance(domain, frozenset) or not plain(value) or not _all_plain(ev, domain):
        return None
    return domain - {value} if value in domain else domain


def _all_plain(ev, domain: frozenset) -> bool:
    """Whether every member of an explicit set is plain, remembered by the
    evaluator (a domain is narrowed once per outer candidate)."""
    key = ("plain", id(domain))
    hit = ev.memo.get(key)
    if hit is None or hit[0] is not domain:
        hit = ev.memo[key] = (domain, all(map(plain, domain)))
    return hit[1]


def _sides(predicate, name):
    left, right = mentions(predicate.left, name), mentions(predicate.right, name)
    if left and not right:
        return predicate.left, predicate.right
    if right and not left:
        return predicate.right, predicate.left
    return None, None


def _is_projection_of(node, name) -> bool:
    return (isinstance(node, s.Projection) and not node.big and len(node.indices) == 1
            and node.arg == s.Local(name))


def _tuple_member(ev, name, domain, pattern: s.Tuple, right, env):
    """``(e1, …, v, …, en) ∈ E`` with E explicit: v ranges over the i-th
    components of the tuples of E that agree with the other e's."""
    positions = [i for i, item in enumerate(pattern.items) if item == s.Local(name)]
    others = [i for i, item in enumerate(pattern.items) if not mentions(item, name)]
    if len(positions) != 1 or len(others) != len(pattern.items) - 1:
        return None
    relation = ev.value(right, env)
    if not isinstance(relation, frozenset):
        return None
    rows = relation
    for i in others:
        rows = rows & _lookup(ev, relation, i + 1, ev.value(pattern.items[i], env))
    column = frozenset(t[positions[0]] for t in rows if len(t) == len(pattern.items))
    return algebra.intersection(domain, column)


def _lookup(ev, domain: frozenset, i: int, value) -> frozenset:
    """The tuples of an explicit set whose i-th component is ``value``
    (through an index built once per set, kept by the evaluator)."""
    key = ("index", id(domain), i)
    hit = ev.memo.get(key)
    if hit is None or hit[0] is not domain:
        index: dict = {}
        for t in domain:
            if isinstance(t, tuple) and len(t) >= i:
                index.setdefault(t[i - 1], set()).add(t)
        hit = ev.memo[key] = (domain, {k: frozenset(v) for k, v in index.items()})
    ev.methods["index"] += 1
    return hit[1].get(value, frozenset())
