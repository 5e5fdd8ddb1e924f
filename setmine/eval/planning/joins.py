"""Pairs defined through a relation, in one pass over it.

A pair variable whose components are both defined by one ∃ generator,

    {a ∈ A×B | ∃b∈G (pr₁ a = h(b) & pr₂ a = f(b) & R(b))}

is the *join* {(h(b), f(b)) | b ∈ G, R(b)} within A×B; and a second
component defined as the image of the first under such a relation,

    {a ∈ A×B | pr₂ a = {c ∈ D | ∃b∈G (pr₁ a = h(b) & c = f(b) & R(b))}}

is a *group-by*: the f(b) of the b with h(b) = x, for every x at once.
Searching G once per first component gives the same pairs; going through G
once, by h(b), does it without the search.  Both need G listed (an explicit
set, or pairs with explicit fibers) — a product with a family is mapped by
set intervals per first component instead (``pairs.py``).  And the members
of a family that contain each first component,

    {a ∈ A×B | pr₂ a = {b ∈ G | pr₁ a ∈ b}}

come from G's counts when G is counted (the interval narrowed by x, as
the set-interval rule ``x ∈ b`` narrows it) or from an index of elements
to members when G is listed — without planning a comprehension per x.

Each b is taken as the per-component plan takes it: h(b) first, and only a
b whose h(b) is a first component in the domain has R(b) checked and f(b)
computed.  Part of the planner (``planner.py``).
"""

from __future__ import annotations

from ...rsl.syntax import tree as s
from ...rsl.syntax.errors import RSLError
from ..shapes.defining import pair_generator
from ..shapes.normal import normal
from ..shapes.terms import free_locals, remembered
from ..values.sets import Fibered, canonical, each, member
from ..values.subsets import Subsets
from .compiled import truth_code, value_code
from .intervals import narrowed


def joined(ev, first, second, domain, on_first, on_second, env, node):
    """The pairs when ``∃b∈G (first = h(b) & second = f(b) & R(b))`` is the
    only conjunct, as a union of dependent products; None when the shape
    does not fit or G is not listed."""
    if on_first or len(on_second) != 1:
        return None
    part = on_second[0]
    shape = _pair_generator(part, first, second)
    if shape is None:
        return None
    h, f, rest = shape
    heads = domain.index() if isinstance(domain, Fibered) else domain.factors[0]
    through = _through(ev, part, h, f, rest, heads, env, node)
    if through is None:
        return None
    ev.methods["pairs joined from a generator"] += 1
    fibers: dict = {}
    for x, y in through:
        if x not in fibers:
            fibers[x] = (domain.fiber(x) if isinstance(domain, Fibered) else domain.factors[1],
                         set())
        fiber_domain, values = fibers[x]
        if member(y, fiber_domain):
            values.add(y)
    return Fibered.build((x, frozenset(values)) for x, (_, values) in fibers.items())


def image_of_first(ev, first, second, on_second, heads: list, env, node):
    """The second component as a function of the first (``grouped`` or
    ``containing``), when the one conjunct on it has either shape; None
    otherwise.  ``heads``: the first components, in canonical order."""
    if len(on_second) != 1 or not heads:
        return None
    listed = frozenset(heads)
    return grouped(ev, first, second, on_second, listed, env, node) or \
        containing(ev, first, second, on_second, listed, env, node)


def grouped(ev, first, second, on_second, heads, env, node):
    """The second component of each first one when the only conjunct on it
    is ``second = {c ∈ D | ∃b∈G (first = h(b) & c = f(b) & R(b))}``: a
    function of the first component (its image within D), or None when the
    shape does not fit or G is not listed."""
    shape = _grouped_shape(on_second[0], first, second)
    if shape is None:
        return None
    inner, part, h, f, rest = shape
    within = ev._set(inner.domain, env)
    through = _through(ev, part, h, f, rest, heads, env, node)
    if through is None:
        return None
    groups: dict = {}
    inside = within.__contains__ if isinstance(within, frozenset) else \
        (lambda y: member(y, within))
    for x, y in through:
        if inside(y):
            groups.setdefault(x, set()).add(y)
    ev.methods["correlated comprehension grouped"] += 1
    empty = frozenset()
    return lambda x: frozenset(groups[x]) if x in groups else empty


def containing(ev, first, second, on_second, heads, env, node):
    """The second component of each first one x when the only conjunct on
    it is ``second = {b ∈ G | first ∈ b}``: the members of G that contain x —
    for a counted G the interval narrowed by x (counted from G's own counts),
    for a listed family an index from elements to members, built once.  A
    function of the first component, or None when the shape does not fit."""
    inner = _containing_shape(on_second[0], first, second)
    if inner is None:
        return None
    family = ev._set(inner.domain, env)
    if isinstance(family, Subsets) and isinstance(family.upper, frozenset):
        def members_with(x):
            return canonical(narrowed(family, family.lower | {x}, family.upper,
                                      family.lo, family.hi))
    elif isinstance(family, frozenset) and all(isinstance(m, frozenset) for m in family):
        index: dict = {}
        for m in family:
            for e in m:
                index.setdefault(e, set()).add(m)
        empty = frozenset()

        def members_with(x):
            return frozenset(index[x]) if x in index else empty
    else:
        return None
    ev.methods["members containing each first component"] += 1
    return members_with


def _defining_comprehension(part, first, second):
    """The comprehension {v ∈ D | …} when ``part`` is ``second = {v ∈ D | …}``
    (either side of the =), with D free of both components and of v."""
    if not (isinstance(part, s.Predicate) and part.op == "=" and isinstance(second, s.Local)
            and isinstance(first, s.Local)):
        return None
    inner = part.right if part.left == second else part.left if part.right == second else None
    if not (isinstance(inner, s.Declarative) and isinstance(inner.var, s.Local)):
        return None
    v = inner.var.name
    if v in (first.name, second.name) or free_locals(inner.domain) & {first.name, second.name, v}:
        return None
    return inner


@remembered
def _containing_shape(part, first, second):
    """The comprehension when ``part`` is ``second = {b ∈ G | first ∈ b}``
    (either side of the =), G free of both components and of b."""
    inner = _defining_comprehension(part, first, second)
    if inner is None:
        return None
    b, condition = inner.var, inner.condition
    if isinstance(condition, s.Predicate) and condition.op == "∈" and condition.left == first \
            and condition.right == b:
        return inner
    return None


def _through(ev, part, h, f, rest, heads, env, node):
    """(h(b), f(b)) for each b of the listed G = ``part``'s domain whose
    h(b) lies in ``heads`` and that satisfies R; None when G is not listed."""
    generators = ev.value(part.domain, env)
    if not _listed(generators):
        return None
    b = part.var.name
    head, tail = value_code(h), value_code(f)
    test = truth_code(rest) if rest is not None else None
    inside = heads.__contains__ if isinstance(heads, frozenset) else (lambda x: member(x, heads))

    def pairs():
        for g in each(generators, ev.budget, node, "pass over a relation"):
            scope = {**env, b: g}
            try:
                x = canonical(head(ev, scope))
            except RSLError:
                if test is not None and not test(ev, scope):
                    continue  # a b that R excludes: never an error of the term
                raise
            if inside(x) and (test is None or test(ev, scope)):
                yield x, canonical(tail(ev, scope))
    return pairs()


def _listed(value) -> bool:
    """An explicit set, or pairs with explicit fibers: as cheap to go through
    as the first components."""
    if isinstance(value, Fibered):
        return all(isinstance(f, frozenset) for _, f in value.fibers)
    return isinstance(value, frozenset)


@remembered
def _grouped_shape(part, first, second):
    """(the comprehension, its ∃, h, f, R or None) when ``part`` is
    ``second = {c ∈ D | ∃b∈G (first = h(b) & c = f(b) & R(b))}`` (either
    side of the outer =), D free of both components and of c."""
    inner = _defining_comprehension(part, first, second)
    if inner is None:
        return None
    body = normal(inner.condition)
    if len(body) != 1:
        return None
    q = body[0]
    shape = _pair_generator(q, first, inner.var)
    if shape is None:
        return None
    h, f, rest = shape
    if second.name in free_locals(q):
        return None
    return inner, q, h, f, rest


def _pair_generator(part, first, second):
    """(h, f, R or None) when ``part`` is ``∃b∈G (first = h(b) & second =
    f(b) & R(b))``, both components locals (``shapes.defining``)."""
    if not (isinstance(first, s.Local) and isinstance(second, s.Local)):
        return None
    return pair_generator(part, first.name, second.name)
