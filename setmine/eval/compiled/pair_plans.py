"""Pair variables over ``A × B``: the pairs built from what defines them,
never from the product.

``{a ∈ A×B | P}`` (or ``∃a ∈ A×B P``) with A a set of elements is built
by the first of these that P's conjuncts allow:

* a *join*: the first conjunct ``∃g ∈ G (… pr1 a = h(g) & … pr2 a = f(g) …)``
  (several variables ``∃g ∈ G, ∃h ∈ H (…)`` too): the pairs (h(g), f(g))
  of the bindings that satisfy the rest, where ``pr1 a`` and ``pr2 a``
  elsewhere in it read as h(g) and f(g);
* a *fibre*: ``pr2 a = E`` with E reading a only through ``pr1 a``: for
  each first component x (narrowed by the conjuncts about ``pr1 a`` alone,
  as an element variable is), the one pair (x, E(x));
* *subsets*: ``∀c ∈ pr2 a Q`` with Q reading a only through ``pr1 a``, B
  = ℬ(M): for each x, every subset of {c ∈ M | Q(x, c)} (listed; a few).

Each pair is kept when it lies in A×B and satisfies the other conjuncts.
"""

from __future__ import annotations

from typing import Callable

from ...rsl.syntax import tree as s
from ..shapes.terms import conjuncts, free_locals, transform
from .compiler import LIST_LIMIT, MASK, Closure, Compiler, Decline, Fallback, has, listing
from .element_plans import narrow_element
from .families import Family
from .masks import bits

HEAD = "#head"
"""The first component, as an element variable of the fibre plan: each plan
numbers its own (``#head3``), so that a pair plan computed inside another's
loop — a hoisted domain, say — cannot overwrite the outer one's first
component."""


def _component(node: s.Node, var: str) -> int | None:
    """1 or 2 when ``node`` is ``pr1 a`` or ``pr2 a`` of the variable."""
    if isinstance(node, s.Projection) and not node.big and len(node.indices) == 1 and \
            isinstance(node.arg, s.Local) and node.arg.name == var:
        return node.indices[0]
    return None


def _only_heads(node: s.Node, var: str) -> bool:
    """Whether ``node`` reads the variable only as ``pr1 a``."""
    if var not in free_locals(node):
        return True
    if _component(node, var) == 1:
        return True
    if isinstance(node, s.Local):
        return node.name != var
    children = [getattr(node, f) for f in node.__dataclass_fields__ if f != "span"]
    out = True
    for child in children:
        for item in (child if isinstance(child, tuple) else (child,)):
            if isinstance(item, s.Node) and not _only_heads(item, var):
                out = False
    return out


def _substitute(c: Compiler, node: s.Node, var: str, heads: s.Node, seconds: s.Node | None):
    """``node`` with ``pr1 a`` replaced by ``heads`` (and ``pr2 a`` by
    ``seconds``), the types of the new nodes noted."""
    def swap(sub):
        k = _component(sub, var)
        if k == 1:
            return heads
        if k == 2 and seconds is not None:
            return seconds
        return None
    out = transform(node, swap)
    _note_types(c, node, out)
    return out


def _note_types(c: Compiler, old: s.Node, new: s.Node) -> None:
    """Copy the types of ``old``'s nodes onto the rebuilt ``new`` (same shape
    except where substituted)."""
    if id(new) in c.types or type(old) is not type(new):
        return
    if id(old) in c.types:
        c.types[id(new)] = c.types[id(old)]
    for f in old.__dataclass_fields__:
        if f == "span":
            continue
        a, b = getattr(old, f), getattr(new, f)
        if isinstance(a, tuple) and isinstance(b, tuple):
            for x, y in zip(a, b):
                if isinstance(x, s.Node) and isinstance(y, s.Node):
                    _note_types(c, x, y)
        elif isinstance(a, s.Node) and isinstance(b, s.Node):
            _note_types(c, a, b)


def pair_variable(c: Compiler, mode: str, var: str, domain: s.Product, cond: s.Node,
                  node: s.Node) -> Closure | None:
    """The closure of the binder, or None when no plan applies."""
    parts = conjuncts(cond)
    first, second = domain.factors
    head_type = c.type(first).base
    name = f"{HEAD}{c.slots}"
    c.slots += 1
    head = c.typed(s.Local(name, span=node.span), head_type)
    # a join builds the pairs from its own ∃: only as the first conjunct, as
    # the reference tests them in order — a conjunct before it is tested on
    # every candidate of A×B (and may fail there), not only on the join's
    if isinstance(parts[0], s.Quantifier) and parts[0].op == "∃" \
            and _defines_both(parts[0], var):
        return _join(c, mode, var, domain, parts[0], parts[1:])
    fibre = next((p for p in parts if isinstance(p, s.Predicate) and p.op == "="
                  and _fibre_side(p, var) is not None), None)
    subsets = next((p for p in parts if _subsets_shape(p, var)), None) \
        if fibre is None and isinstance(second, s.Apply) and second.op == "ℬ" else None
    if fibre is None and subsets is None:
        return None
    chosen = fibre if fibre is not None else subsets
    heads_parts = [p for p in parts if p is not chosen and _only_heads(p, var)]
    others = [p for p in parts if p is not chosen and not _only_heads(p, var)]
    heads = _heads(c, domain, [_substitute(c, p, var, head, None) for p in heads_parts], name)
    frame = c.push({name})
    try:
        if fibre is not None:
            seconds = _fibre_values(c, var, fibre, head)
        else:
            seconds = _subset_values(c, var, subsets, head, second)
    finally:
        c.pop()
    inside = _member_test(c, second)
    keep = _tests(c, var, others)
    c.plans.append(f"pair {var}: {'fibre' if fibre is not None else 'subsets'} per first "
                   f"component, {len(others)} tested")

    def run(env):
        out, ready = [], []
        for x in heads(env, lambda e: ready.append(inside(e))):   # the domain: A, then B
            env[name] = x
            frame.start(env)
            for y in seconds(env):
                if ready[0](y) and keep(env, (x, y)):
                    if mode == "∃":
                        return True
                    out.append((x, y))
        return frozenset(out) if mode == "set" else False
    return run


def _defines_both(q: s.Quantifier, var: str) -> bool:
    body = q
    while isinstance(body, s.Quantifier) and body.op == "∃":
        body = body.body
    found = set()
    for p in conjuncts(body):
        if isinstance(p, s.Predicate) and p.op == "=":
            for a, b in ((p.left, p.right), (p.right, p.left)):
                k = _component(a, var)
                if k is not None and var not in free_locals(b):
                    found.add(k)
    return found == {1, 2}


def _fibre_side(p: s.Predicate, var: str):
    for a, b in ((p.left, p.right), (p.right, p.left)):
        if _component(a, var) == 2 and _only_heads(b, var):
            return b
    return None


def _subsets_shape(p: s.Node, var: str) -> bool:
    return isinstance(p, s.Quantifier) and p.op == "∀" and isinstance(p.var, s.Local) and \
        _component(p.domain, var) == 2 and _only_heads(p.body, var)


def _heads(c: Compiler, domain: s.Product, parts: list, name: str) -> Closure:
    """The first components: the first factor narrowed by the conjuncts
    about ``pr1 a`` alone."""
    first = c.expr(domain.factors[0])
    frame = c.push({name})
    try:
        narrowing, rest = [], []
        for p in parts:
            found = narrow_element(c, name, p) if name in free_locals(p) else None
            if found is not None:
                narrowing.append(found)
            else:
                rest.append(c.truth(p))
    finally:
        c.pop()

    def heads(env, then=None):
        candidates = first(env)
        if then is not None:   # (the second factor, computed after the first)
            then(env)
        frame.start(env)
        for fn in narrowing:
            candidates &= fn(env)
        c.meter.charge(candidates.bit_count())
        out = []
        for x in bits(candidates):
            env[name] = x
            if all(r(env) for r in rest):
                out.append(x)
        return out
    return heads


def _fibre_values(c: Compiler, var: str, fibre: s.Predicate, head: s.Node) -> Closure:
    value = c.expr(_substitute(c, _fibre_side(fibre, var), var, head, None))
    return lambda env: (value(env),)


def _subset_values(c: Compiler, var: str, q: s.Quantifier, head: s.Node,
                   second: s.Apply) -> Closure:
    """Every subset of {c ∈ M | Q(x, c)}."""
    if c.rep(second.arg) != MASK:
        raise Decline(q, "subsets of a set that is not of elements in")
    body = _substitute(c, q.body, var, head, None)
    allowed = c.typed(s.Declarative(q.var, second.arg, body, span=q.span), c.type(second.arg))
    fn = c.expr(allowed)

    def subsets(env):
        mask = fn(env)
        if 1 << mask.bit_count() > LIST_LIMIT:
            raise Fallback("too many subsets to list")
        c.meter.charge(1 << mask.bit_count())
        elements = list(bits(mask))
        out = []
        for k in range(1 << len(elements)):
            out.append(sum(1 << e for j, e in enumerate(elements) if k >> j & 1))
        return out
    return subsets


def _member_test(c: Compiler, factor: s.Node):
    """env → (y → whether y lies in the second factor): the factor computed
    once, when the domain is (before any pair is tried, as the reference
    computes a binder's domain first — an error in it stands even when no
    pair is made)."""
    if isinstance(factor, s.Apply) and factor.op == "ℬ":
        inner = factor.arg
        if c.rep(inner) == MASK:
            m = c.expr(inner)

            def subsets(env):
                top = m(env)
                return lambda y: not y & ~top
            return subsets
        if isinstance(inner, s.Apply) and inner.op == "ℬ" and c.rep(inner.arg) == MASK:
            m = c.expr(inner.arg)

            def families(env):
                top = m(env)

                def test(y):
                    if isinstance(y, Family):  # its members' elements within the top
                        return not y.upper & ~top or not y.touched() & ~top
                    return all(not b & ~top for b in y)
                return test
            return families
    value = c.expr(factor)
    if c.rep(factor) == MASK:
        def bits_of(env):
            v = value(env)
            return lambda y: bool(v >> y & 1)
        return bits_of

    def members(env):
        v = value(env)
        return lambda y: has(v, y)
    return members


def _tests(c: Compiler, var: str, others: list) -> Callable:
    frame = c.push({var})
    try:
        tests = [c.truth(p) for p in others]
    finally:
        c.pop()

    def keep(env, pair):
        if not tests:
            return True
        env[var] = pair
        frame.start(env)
        return all(test(env) for test in tests)
    return keep


def _join(c: Compiler, mode: str, var: str, domain: s.Product, q: s.Quantifier,
          others: list) -> Closure:
    """{(h, f) | the bindings of the ∃ that satisfy the rest}."""
    chain, body = [], q
    while isinstance(body, s.Quantifier) and body.op == "∃":
        if not isinstance(body.var, s.Local):
            raise Decline(body, "a tuple of bound variables in")
        chain.append(body)
        body = body.body
    h = f = None
    rest = []
    for p in conjuncts(body):
        if isinstance(p, s.Predicate) and p.op == "=":
            side = next(((k, b) for a, b in ((p.left, p.right), (p.right, p.left))
                         if (k := _component(a, var)) is not None and var not in free_locals(b)),
                        None)
            if side is not None and (h if side[0] == 1 else f) is None:
                if side[0] == 1:
                    h = side[1]
                else:
                    f = side[1]
                continue
        rest.append(p)
    rest = [_substitute(c, p, var, h, f) for p in rest]
    inner = s.Tuple((h, f), span=q.span)
    c.typed(inner, c.type(domain).base)
    pairs = _bindings(c, chain, rest, inner)
    first, inside = c.expr(domain.factors[0]), _member_test(c, domain.factors[1])
    keep = _tests(c, var, others)
    c.plans.append(f"pair {var}: a join over {len(chain)} variables, {len(others)} tested")

    def run(env):
        heads = first(env)
        in_second = inside(env)   # the domain's factors, before any binding
        out = set()
        for x, y in pairs(env):
            if heads >> x & 1 and in_second(y) and keep(env, (x, y)):
                if mode == "∃":
                    return True
                out.add((x, y))
        return frozenset(out) if mode == "set" else False
    return run


def _bindings(c: Compiler, chain: list, rest: list, result: s.Node) -> Closure:
    """The values of ``result`` over the bindings of the ∃ chain that satisfy
    ``rest``: nested loops, each variable narrowed as a binder narrows it."""
    names = [q.var.name for q in chain]
    frames, doms, tests = [], [], []
    # each variable's own conjuncts: those whose last variable (in chain order) it is
    levels: list[list] = [[] for _ in chain]
    for p in rest:
        used = [i for i, n in enumerate(names) if n in free_locals(p)]
        levels[max(used) if used else 0].append(p)
    for i, q in enumerate(chain):
        doms.append((c.rep(q.domain), c.expr(q.domain)))
        frames.append(c.push({names[i]}))
        tests.append([c.truth(p) for p in levels[i]])
    value = c.expr(result)
    for _ in chain:
        c.pop()

    def walk(env, i, out):
        rep, dom = doms[i]
        domain = dom(env)
        frames[i].start(env)
        listed = list(bits(domain)) if rep == MASK else listing(domain)
        c.meter.charge(len(listed))
        for x in listed:
            env[names[i]] = x
            if all(test(env) for test in tests[i]):
                if i + 1 == len(names):
                    out.append(value(env))
                else:
                    walk(env, i + 1, out)

    def bindings(env):
        out: list = []
        walk(env, 0, out)
        return out
    return bindings

