"""Element and listed variables, compiled: the candidates of a bound
variable narrowed by its condition before any is tried.

* over a set of elements (a mask) — the conjuncts that say ``v ∈ E``,
  ``v ∉ E``, ``v = e``, ``(e, v) ∈ R``, ``∀b∈B (P(b) ⇒ v ∈ b)`` (v in every
  member) or ``∃g∈G (… & v = f(g))`` (v in an image) narrow the mask;
* over a listed set (a relation, a family of masks) — ``pr i(v) = e`` looks
  the candidates up in an index of the set, built once per set;
  ``∀d∈D (e ≤ g(d))`` compares e with the least g once; over a counted
  family, ``e ∈ v`` and ``e ∉ v`` narrow it to a family.

Conjuncts without the variable are computed once before the candidates
(``compiler.py`` moves them out of the loop); the rest are tested per
candidate.  A ∀ reads ``P ⇒ Q`` as "over the candidates of P, Q".
"""

from __future__ import annotations

from ...rsl.semantics import types as t
from ...rsl.syntax import tree as s
from ..shapes.terms import conjunction, conjuncts, free_locals
from .compiler import FAMILY, MASK, Closure, Compiler, Fallback, listing
from .families import Family
from .masks import bits

INDEXED = 64  # the sets whose indexes a binder keeps


def parts_of(cond: s.Node | None) -> tuple:
    """The conjuncts of a condition (none for no condition)."""
    return conjuncts(cond) if cond is not None else ()


def split_implication(mode: str, cond: s.Node) -> tuple[s.Node | None, s.Node]:
    """A ∀'s body as (premise, conclusion): ``P ⇒ Q`` → (P, Q)."""
    if mode == "∀" and isinstance(cond, s.Connective) and cond.op == "⇒":
        return cond.left, cond.right
    return None, cond


def element_variable(c: Compiler, mode: str, var: str, dom: Closure, cond: s.Node,
                     value: s.Node | None = None) -> Closure:
    """``mode``: "set", "∃", "∀", or "image" (the mask of ``value`` over the
    candidates)."""
    frame = c.push({var})
    try:
        collect = c.expr(value) if value is not None else None
        premise, conclusion = split_implication(mode, cond)
        parts = parts_of(premise if premise is not None else cond)
        guards, narrowing, rest = [], [], []
        for part in parts:
            if var not in free_locals(part):
                guards.append(c.truth(part))
                continue
            # a conjunct narrows only before any is left to the candidates: the
            # reference tests them in order, and one left earlier may fail (an
            # error) on a candidate the narrowing would take away
            found = narrow_element(c, var, part) if not rest else None
            if found is not None:
                narrowing.append(found)
            else:
                rest.append(c.truth(part))
        then = c.truth(conclusion) if premise is not None else None
    finally:
        c.pop()
    c.plans.append(f"element {var}: {len(narrowing)} narrowing, {len(rest)} tested")
    every = mode == "∀" and premise is None  # ∀v∈D (N & R): D within N, R for all
    charge = c.meter.charge

    def run(env):
        domain = dom(env)
        frame.start(env)
        if guards and not all(g(env) for g in guards):
            return False if mode == "∃" else (not domain if every else (True if mode == "∀"
                                                                       else 0))
        narrow = -1
        for fn in narrowing:
            narrow &= fn(env)
        charge((domain if every else domain & narrow).bit_count())
        if every:
            if domain & ~narrow:
                return False
            for i in bits(domain):
                env[var] = i
                if not all(r(env) for r in rest):
                    return False
            return True
        out = 0
        if mode == "set" and not rest:  # narrowed, nothing left to test
            return domain & narrow
        for i in bits(domain & narrow):
            env[var] = i
            if not rest or all(r(env) for r in rest):
                if mode == "set":
                    out |= 1 << i
                elif mode == "image":
                    out |= 1 << collect(env)
                elif mode == "∃":
                    return True
                elif not then(env):
                    return False
        return out if mode in ("set", "image") else mode == "∀"
    return run


def narrow_element(c: Compiler, var: str, part: s.Node) -> Closure | None:
    """A closure giving the mask of the values of ``var`` that satisfy
    ``part`` (one of its conjuncts), or None when ``part`` is not of a
    shape that narrows."""
    free = lambda node: var not in free_locals(node)  # noqa: E731
    if isinstance(part, s.Predicate):
        left, right, op = part.left, part.right, part.op
        is_var = lambda node: isinstance(node, s.Local) and node.name == var  # noqa: E731
        if op in ("∈", "∉") and is_var(left) and free(right) and c.rep(right) == MASK:
            fn = c.expr(right)
            return fn if op == "∈" else (lambda env: ~fn(env))
        if op == "=" and (is_var(left) and free(right) or is_var(right) and free(left)):
            other = c.expr(right if is_var(left) else left)
            return lambda env: 1 << other(env)
        if op == "∈" and isinstance(left, s.Tuple) and len(left.items) == 2 and free(right):
            return _fibre(c, var, left.items, right)
    if isinstance(part, s.Quantifier) and part.op == "∀" and isinstance(part.var, s.Local) \
            and free(part.domain):
        return _in_every_member(c, var, part)
    if isinstance(part, s.Quantifier) and part.op == "∃" and isinstance(part.var, s.Local) \
            and free(part.domain):
        return _image(c, var, part)
    return None


def _fibre(c: Compiler, var: str, items, relation: s.Node) -> Closure | None:
    """``(e, v) ∈ R`` or ``(v, e) ∈ R``: the v paired with e in R, from an
    index of R by the other component."""
    for k in (0, 1):
        own, other = items[k], items[1 - k]
        if isinstance(own, s.Local) and own.name == var and var not in free_locals(other):
            rel, key = c.expr(relation), c.expr(other)
            indexes: dict = {}

            def fibre(env, k=k):
                pairs = _index(indexes, rel(env), 1 - k).get(key(env), ())
                out = 0
                for pair in pairs:
                    out |= 1 << pair[k]
                return out
            return fibre
    return None


def _in_every_member(c: Compiler, var: str, part: s.Quantifier) -> Closure | None:
    """``∀b∈B (P(b) ⇒ v ∈ b)``: v is in every member of {b ∈ B | P(b)};
    ``⇒ v ∉ b``: in none."""
    body = part.body
    premise, conclusion = (body.left, body.right) if isinstance(body, s.Connective) and \
        body.op == "⇒" else (None, body)
    if not (isinstance(conclusion, s.Predicate) and conclusion.op in ("∈", "∉")
            and isinstance(conclusion.left, s.Local) and conclusion.left.name == var
            and isinstance(conclusion.right, s.Local) and conclusion.right.name == part.var.name):
        return None
    if premise is not None and var in free_locals(premise):
        return None
    typ = c.type(part.domain)
    members = part.domain if premise is None else c.typed(
        s.Declarative(part.var, part.domain, premise, span=part.span), typ)
    if c.rep(members) not in (FAMILY,):
        return None
    family = c.expr(members)
    inside = conclusion.op == "∈"

    def every(env):
        f = family(env)
        if isinstance(f, Family):
            return f.common() if inside else ~f.touched()
        common, touched = -1, 0
        for m in f:
            common &= m
            touched |= m
        return common if inside else ~touched
    return every


def _image(c: Compiler, var: str, part: s.Quantifier) -> Closure | None:
    """``∃g∈G (… & v = f(g) & …)``, every other conjunct without v: v is
    in the image {f(g) | g ∈ G, the rest}, found as a listed binder finds
    its members (an index for ``pr i(g) = e``)."""
    defining, others = None, []
    for p in conjuncts(part.body):
        if defining is None and isinstance(p, s.Predicate) and p.op == "=":
            for a, b in ((p.left, p.right), (p.right, p.left)):
                if isinstance(a, s.Local) and a.name == var and var not in free_locals(b):
                    defining = b
                    break
            if defining is not None:
                continue
        if var in free_locals(p):
            return None
        others.append(p)
    if defining is None:
        return None
    rest = c.typed(conjunction(others), t.LOGIC) if others else None
    dom = c.expr(part.domain)
    if c.rep(part.domain) == MASK:
        return element_variable(c, "image", part.var.name, dom, rest, value=defining)
    return listed_variable(c, "image", part.var.name, dom, rest, family=False, value=defining)


def _index(cache: dict, collection, component: int) -> dict:
    """``collection`` indexed by a component of its members: key → the
    members with it; built once per set (kept while the set is)."""
    found = cache.get(id(collection))
    if found is not None and found[0] is collection:
        return found[1]
    index: dict = {}
    for x in listing(collection):
        index.setdefault(x[component], []).append(x)
    if len(cache) >= INDEXED:
        cache.clear()
    cache[id(collection)] = (collection, index)
    return index


# ----------------------------------------------------------------------------
# Listed variables: the domain is a frozenset (or a family of masks)

def listed_variable(c: Compiler, mode: str, var: str, dom: Closure, cond: s.Node,
                    family: bool, value: s.Node | None = None) -> Closure:
    """``mode``: "set", "∃", "∀", or "image" (the mask of ``value`` over the
    candidates)."""
    frame = c.push({var})
    try:
        collect = c.expr(value) if value is not None else None
        premise, conclusion = split_implication(mode, cond)
        extreme = _compare_with_all(c, var, cond) if mode == "∀" and cond is not None else None
        parts = parts_of(premise if premise is not None else cond) if extreme is None else ()
        every = mode == "∀" and premise is None  # all of them: nothing narrows
        guards, keys, narrowing, rest = [], [], [], []
        for part in parts:
            if var not in free_locals(part):
                guards.append(c.truth(part))
            elif every:
                rest.append(c.truth(part))
            elif (key := _key(c, var, part)) is not None:
                keys.append(key)
            elif family and (found := _narrow_family(c, var, part)) is not None:
                narrowing.append(found)
            else:
                rest.append(c.truth(part))
        then = c.truth(conclusion) if premise is not None else None
    finally:
        c.pop()
    if extreme is not None:
        c.plans.append(f"listed {var}: compared with the extreme once")
        return _extreme_closure(c, var, dom, frame, extreme)
    c.plans.append(f"listed {var}: {len(keys)} index lookups, {len(rest)} tested")
    indexes: dict = {}
    charge = c.meter.charge

    def candidates(env, domain):
        if narrowing:
            if not isinstance(domain, Family):
                raise Fallback("a family narrowed that is not counted")
            for fn in narrowing:
                domain = fn(env, domain)
            if mode == "set" and not keys and not rest:
                return domain
        if keys:
            component, key = keys[0]
            found = _index(indexes, domain, component).get(key(env), ())
            if len(keys) == 1:
                return found
            return [x for x in found if all(x[i] == k(env) for i, k in keys[1:])]
        return listing(domain) if not isinstance(domain, frozenset) else domain

    def run(env):
        domain = dom(env)
        frame.start(env)
        if not all(g(env) for g in guards):
            if every:
                return not listing(domain)
            return False if mode == "∃" else (True if mode == "∀" else
                                              0 if mode == "image" else frozenset())
        pool = candidates(env, domain)
        if not isinstance(pool, Family):
            charge(len(pool))
        if isinstance(pool, Family):  # narrowed, nothing left to test
            if mode == "set":
                return pool
            if mode == "∃":
                return pool.size() > 0
            pool = listing(pool)
        if every:
            for x in pool:
                env[var] = x
                if not all(r(env) for r in rest):
                    return False
            return True
        if mode == "image":
            mask = 0
            for x in pool:
                env[var] = x
                if not rest or all(r(env) for r in rest):
                    mask |= 1 << collect(env)
            return mask
        out = []
        for x in pool:
            env[var] = x
            if all(r(env) for r in rest):
                if mode == "set":
                    out.append(x)
                elif mode == "∃":
                    return True
                elif not then(env):
                    return False
        return frozenset(out) if mode == "set" else mode == "∀"
    return run


def _key(c: Compiler, var: str, part: s.Node):
    """``pr i(v) = e`` (either side): (i − 1, the closure of e)."""
    if not (isinstance(part, s.Predicate) and part.op == "="):
        return None
    for a, b in ((part.left, part.right), (part.right, part.left)):
        if isinstance(a, s.Projection) and not a.big and len(a.indices) == 1 and \
                isinstance(a.arg, s.Local) and a.arg.name == var and var not in free_locals(b):
            return a.indices[0] - 1, c.expr(b)
    return None


def _narrow_family(c: Compiler, var: str, part: s.Node):
    """Over a counted family: ``e ∈ v``, ``e ∉ v`` narrow it to a family."""
    if isinstance(part, s.Predicate) and part.op in ("∈", "∉") and \
            isinstance(part.right, s.Local) and part.right.name == var and \
            var not in free_locals(part.left):
        element = c.expr(part.left)
        if part.op == "∈":
            return lambda env, f: f.containing(element(env))
        return lambda env, f: f.lacking(element(env))
    return None


def _compare_with_all(c: Compiler, var: str, cond: s.Node):
    """``∀d∈D (e op g(d))`` with g reading d only: (op, e, g) as closures,
    e on the left."""
    if not (isinstance(cond, s.Predicate) and cond.op in ("≤", "<", "≥", ">")):
        return None
    flip = {"≤": "≥", "<": ">", "≥": "≤", ">": "<"}
    left, right, op = cond.left, cond.right, cond.op
    if var in free_locals(left) and var not in free_locals(right):
        left, right, op = right, left, flip[op]
    if var in free_locals(left) or free_locals(right) != {var}:
        return None
    return op, c.expr(left), c.expr(right)


def _extreme_closure(c: Compiler, var: str, dom: Closure, frame, extreme) -> Closure:
    """e op g(d) for every d: e against the least (or greatest) g, found
    once per domain value."""
    op, e, g = extreme
    lowest = op in ("≤", "<")
    remembered: dict = {}  # g may read the structure: kept for one evaluation
    c.caches.append(remembered)

    def run(env):
        domain = dom(env)
        frame.start(env)
        hit = remembered.get(id(domain))
        if hit is None or hit[0] is not domain:
            values = []
            for x in listing(domain):
                env[var] = x
                values.append(g(env))
            bound = (min(values) if lowest else max(values)) if values else None
            if len(remembered) >= INDEXED:
                remembered.clear()
            hit = remembered[id(domain)] = (domain, bound)
        bound = hit[1]
        if bound is None:
            return True  # ∀ over nothing
        here = e(env)
        return {"≤": here <= bound, "<": here < bound, "≥": here >= bound, ">": here > bound}[op]
    return run
