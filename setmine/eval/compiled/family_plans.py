"""Set variables over ``ℬ(M)``: a condition read as a counted family.

``{b ∈ ℬ(M) | P}`` is the family of masks {b | L ⊆ b ⊆ U, lo ≤ |b| ≤ hi,
|b ∩ A| = k, …} (``families.Family``) when P's conjuncts each say one of

| conjunct (either side of the comparison) | narrows |
| --- | --- |
| ``card(b) = e``, ``≤``, ``<``, ``≥``, ``>`` | lo, hi |
| ``e ∈ b``, ``e ∉ b``, ``W ⊆ b``, ``b ⊆ W``, ``b = W``, ``b ∩ W = ∅`` | L, U |
| ``card(A ∩ b) = k``, ``card(A ∩ (W ∪ b)) = k`` | a constraint \\|(A∖W) ∩ b\\| = k − \\|A ∩ W\\| |
| ``∀c ∈ D Q`` with D free of b, each conjunct of Q one of the above | one of each per c |
| a conjunct free of b | nothing, or the family is empty |

Anything else about b is tested on the members, listed by counting, when
they are few (``compiler.LIST_LIMIT``); else the reference takes over.  A
∀ reads ``∀b ∈ ℬ(M) (P ⇒ e ∈ b)`` as "e is in every member of P's family",
and ``⇒ e ∉ b`` as "in none"; an ∃ asks whether the family has a member.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...rsl.syntax import tree as s
from ..shapes.terms import conjuncts, free_locals
from .compiler import LIST_LIMIT, Closure, Compiler, Fallback
from .element_plans import split_implication
from .families import Family
from .masks import bits

FLIP = {"=": "=", "≤": "≥", "<": ">", "≥": "≤", ">": "<"}
EMPTY = Family(0, 0, 1, 0)  # no member: lo > hi


@dataclass
class Bounds:
    """The family being built."""

    lower: int
    upper: int
    lo: int = 0
    hi: int | None = None
    linear: list = field(default_factory=list)  # (A, W, k): |A ∩ (W ∪ b)| = k
    empty: bool = False

    def size(self, op: str, k: int) -> None:
        if op in ("=", "≥", ">"):
            self.lo = max(self.lo, k + (op == ">"))
        if op in ("=", "≤", "<"):
            top = k - (op == "<")
            self.hi = top if self.hi is None else min(self.hi, top)

    def family(self) -> Family:
        if self.empty:
            return EMPTY
        upper, lower = self.upper, self.lower
        constraints = set()
        for a, w, k in self.linear:
            k -= (a & w).bit_count()
            a &= ~w & upper
            if not a & ~lower:
                if k != (a & lower).bit_count():
                    return EMPTY
                continue
            constraints.add((a, k))
        return Family(lower, upper, self.lo, self.hi, tuple(sorted(constraints)))


def set_variable(c: Compiler, mode: str, var: str, domain: s.Apply, cond: s.Node,
                 node: s.Node) -> Closure:
    top = c.expr(domain.arg)
    premise, conclusion = split_implication(mode, cond)
    frame = c.push({var})
    try:
        parts = conjuncts(premise) if premise is not None else \
            (conjuncts(cond) if mode != "∀" else ())
        steps, residual = [], []
        for part in parts:
            step = _step(c, var, part) if not residual else None   # (in the reference's
            if step is None:                                        # order: see element_plans)
                residual.append(c.truth(part))
            else:
                steps.append(step)
        member_test = _member_test(c, var, conclusion) if mode == "∀" else None
        then = c.truth(conclusion) if mode == "∀" and member_test is None else None
    finally:
        c.pop()
    c.plans.append(f"set {var}: a counted family from {len(steps)} conjuncts, "
                   f"{len(residual)} tested on its members")

    def family(env):
        frame.start(env)
        bounds = Bounds(0, top(env))
        for step in steps:
            step(env, bounds)
            if bounds.empty:
                break
        found = bounds.family()
        if not residual:
            return found
        if found.size() > LIST_LIMIT:
            raise Fallback("a family with a residual condition too large to list")
        c.meter.charge(found.size())
        kept = []
        for b in found.members():
            env[var] = b
            if all(r(env) for r in residual):
                kept.append(b)
        return frozenset(kept)

    if mode == "set":
        return family
    if mode == "∃":
        return lambda env: _size(family(env)) > 0

    def forall(env):
        f = family(env)
        if member_test is not None:
            inside, element = member_test
            e = element(env)
            if isinstance(f, Family):
                return bool(f.common() >> e & 1) if inside else not f.touched() >> e & 1
            return all(bool(b >> e & 1) == inside for b in f)
        if _size(f) > LIST_LIMIT:
            raise Fallback("a ∀ over a family too large to list")
        c.meter.charge(_size(f))
        for b in (f.members() if isinstance(f, Family) else f):
            env[var] = b
            if not then(env):
                return False
        return True
    return forall


def _size(f) -> int:
    return f.size() if isinstance(f, Family) else len(f)


def _member_test(c: Compiler, var: str, conclusion: s.Node):
    """``e ∈ b`` / ``e ∉ b`` with e free of b: (inside, e's closure)."""
    if isinstance(conclusion, s.Predicate) and conclusion.op in ("∈", "∉") and \
            isinstance(conclusion.right, s.Local) and conclusion.right.name == var and \
            var not in free_locals(conclusion.left):
        return conclusion.op == "∈", c.expr(conclusion.left)
    return None


def _is(node: s.Node, var: str) -> bool:
    return isinstance(node, s.Local) and node.name == var


def _step(c: Compiler | None, var: str, part: s.Node):
    """The closure ``step(env, bounds)`` that narrows the family by ``part``,
    or None when ``part`` is not of a shape that narrows.  With ``c`` None,
    only whether it is (True or None), compiling nothing."""
    if var not in free_locals(part):
        if c is None:
            return True
        guard = c.truth(part)

        def check(env, bounds):
            if not guard(env):
                bounds.empty = True
        return check
    if isinstance(part, s.Quantifier) and part.op == "∀" and isinstance(part.var, s.Local) \
            and var not in free_locals(part.domain) and part.var.name != var:
        if not all(_step(None, var, p) for p in conjuncts(part.body)):
            return None
        return True if c is None else _each(c, var, part)
    if not isinstance(part, s.Predicate):
        return None
    op, left, right = part.op, part.left, part.right
    for a, b, o in ((left, right, op), (right, left, FLIP.get(op))):
        if o not in FLIP or var in free_locals(b) or not (isinstance(a, s.Apply) and a.op == "card"):
            continue
        if _is(a.arg, var):
            if c is None:
                return True
            k = c.expr(b)
            return lambda env, bounds, o=o: bounds.size(o, k(env))
        if o == "=" and _linear(None, var, a.arg):
            if c is None:
                return True
            (area, within), k = _linear(c, var, a.arg), c.expr(b)
            return lambda env, bounds: bounds.linear.append((area(env), within(env), k(env)))
    if op in ("∈", "∉") and _is(right, var) and var not in free_locals(left):
        if c is None:
            return True
        e = c.expr(left)
        if op == "∈":
            return lambda env, bounds: setattr(bounds, "lower", bounds.lower | 1 << e(env))
        return lambda env, bounds: setattr(bounds, "upper", bounds.upper & ~(1 << e(env)))
    if op == "=" and isinstance(right, s.EmptySet) and isinstance(left, s.SetOperation) and \
            left.op == "∩" and not isinstance(left.left, s.SetOperation):
        for own, other in ((left.left, left.right), (left.right, left.left)):
            if _is(own, var) and var not in free_locals(other):
                if c is None:
                    return True
                w = c.expr(other)
                return lambda env, bounds: setattr(bounds, "upper", bounds.upper & ~w(env))
    for a, b, o in ((left, right, op), (right, left, {"⊆": "⊇", "=": "="}.get(op))):
        if _is(a, var) and var not in free_locals(b) and o in ("⊆", "⊇", "="):
            if c is None:
                return True
            w = c.expr(b)
            if o == "⊆":
                return lambda env, bounds: setattr(bounds, "upper", bounds.upper & w(env))
            if o == "⊇":
                return lambda env, bounds: setattr(bounds, "lower", bounds.lower | w(env))

            def equal(env, bounds):
                value = w(env)
                bounds.lower |= value
                bounds.upper &= value
            return equal
    return None


def _linear(c: Compiler | None, var: str, node: s.Node):
    """``A ∩ b`` or ``A ∩ (W ∪ b)`` (either order of each operation), A and
    W free of b: (A, W) as closures (W = ∅ for the first); with ``c`` None,
    whether it is (True or None)."""
    if not (isinstance(node, s.SetOperation) and node.op == "∩") or \
            isinstance(node.left, s.SetOperation) and node.left.op == "∩":
        return None
    for area, other in ((node.left, node.right), (node.right, node.left)):
        if var in free_locals(area):
            continue
        if _is(other, var):
            return True if c is None else (c.expr(area), lambda env: 0)
        if isinstance(other, s.SetOperation) and other.op == "∪" and \
                not isinstance(other.left, s.SetOperation):
            for w, b in ((other.left, other.right), (other.right, other.left)):
                if _is(b, var) and var not in free_locals(w):
                    return True if c is None else (c.expr(area), c.expr(w))
    return None


def _each(c: Compiler, var: str, part: s.Quantifier):
    """``∀d ∈ D Q`` with D free of b: Q's narrowing for every d of D."""
    inner = part.var.name
    is_mask = c.rep(part.domain) == "mask"
    dom = c.expr(part.domain)
    frame = c.push({inner})
    try:
        steps = [_step(c, var, p) for p in conjuncts(part.body)]
    finally:
        c.pop()

    def each(env, bounds):
        domain = dom(env)
        frame.start(env)
        if not is_mask and not isinstance(domain, frozenset):
            raise Fallback("a ∀ over a set that is not listed")
        for d in (bits(domain) if is_mask else domain):
            env[inner] = d
            for step in steps:
                step(env, bounds)
                if bounds.empty:
                    return
    return each
