"""Hypothesis strategies for the evaluator's differential tests: small
structures (X1, S1…S4) for the Saper schema, and small well-typed RSLang
formulas over a small universe, as text for ``parse_expression``."""

from __future__ import annotations

from itertools import combinations

from hypothesis import strategies as st

from setmine.board import grid_neighbours
from setmine.eval.values.budget import Budget
from setmine.eval.values.sets import LazySet, materialize, sort
from setmine.oracle.naive import NaiveEvaluator
from setmine.rsl.syntax import tree as s

# ----------------------------------------------------------------------------
# The two sides of a comparison

class Oracle(NaiveEvaluator):
    """The naive evaluator, enumerating every domain in the canonical order
    of values (``sets.order_key``; ℬ by increasing size) as the fast
    evaluator does, instead of Python's hash order (rslang.md leaves the
    order open).  Values are the same; only which of several failing
    candidates an ∃ or ∀ meets first can differ, and with it whether an
    error is reached at all."""

    def members(self, domain, env, counter):
        if isinstance(domain, s.Apply) and domain.op == "ℬ":
            base = self.ordered(self.a_set(domain.arg, env))
            elements = (frozenset(c) for k in range(len(base) + 1)
                        for c in combinations(base, k))
        else:
            elements = iter(self.ordered(self.a_set(domain, env)))
        for x in elements:
            self.tick(counter)
            yield x

    def ordered(self, values: frozenset) -> list:
        if len(values) <= 8:
            return sort(values)
        cache = self.__dict__.setdefault("_ordered", {})
        if len(cache) > 1000:
            cache.clear()
        hit = cache.get(id(values))
        if hit is None or hit[0] is not values:
            hit = cache[id(values)] = (values, sort(values))
        return hit[1]


def expand(value, budget: Budget | None = None):
    """A value of the fast evaluator with every lazy set listed, recursively:
    frozensets, tuples and integers only."""
    budget = budget or Budget(max_elements=10_000_000)
    if isinstance(value, LazySet):
        value = materialize(value, budget)
    if isinstance(value, frozenset):
        return frozenset(expand(v, budget) for v in value)
    if isinstance(value, tuple):
        return tuple(expand(v, budget) for v in value)
    return value


# ----------------------------------------------------------------------------
# Boards as structures

@st.composite
def relations(draw, cells: list) -> frozenset:
    """A random neighbour relation on ``cells`` (at least two): symmetric,
    irreflexive, every cell with a neighbour (axioms A1–A3)."""
    edges = {frozenset(e) for e in draw(st.sets(
        st.tuples(st.sampled_from(cells), st.sampled_from(cells)).filter(lambda e: e[0] != e[1]),
        max_size=2 * len(cells)))}
    for cell in cells:
        if not any(cell in e for e in edges):
            other = draw(st.sampled_from([c for c in cells if c != cell]))
            edges.add(frozenset({cell, other}))
    return frozenset((a, b) for e in edges for a in e for b in e if a != b)


@st.composite
def layouts(draw, min_cells: int = 2, max_cells: int = 9,
            kinds=("square", "torus", "hex", "graph")) -> tuple[str, list, frozenset]:
    """(kind, cells, S1): a grid of at most ``max_cells`` cells, or a random
    graph (whose cells are integers, to vary the elements' type)."""
    kind = draw(st.sampled_from(kinds))
    if kind == "graph":
        n = draw(st.integers(min_cells, max_cells))
        cells = list(range(n))
        return kind, cells, draw(relations(cells))
    shapes = [(r, c) for r in range(1, max_cells + 1) for c in range(1, max_cells + 1)
              if min_cells <= r * c <= max_cells]
    rows, cols = draw(st.sampled_from(shapes))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return f"{kind} {rows}×{cols}", cells, grid_neighbours(kind, rows, cols).pairs()


@st.composite
def positions(draw, cells: list, move=None) -> dict:
    """S2 (mines), S3 (open cells, never mines), S4 (a closed cell or ∅)."""
    mines = draw(st.sets(st.sampled_from(cells), max_size=len(cells)))
    safe = [c for c in cells if c not in mines]
    opened = draw(st.sets(st.sampled_from(safe), max_size=len(safe))) if safe else set()
    closed = [c for c in cells if c not in opened]
    if move is None:
        move = draw(st.booleans())
    chosen = draw(st.sampled_from(closed)) if move and closed else None
    return {"S2": frozenset(mines), "S3": frozenset(opened),
            "S4": frozenset() if chosen is None else frozenset({chosen})}


@st.composite
def structures(draw, min_cells: int = 2, max_cells: int = 9,
               kinds=("square", "torus", "hex", "graph"), move=None) -> dict:
    """A structure of the Saper schema: X1, S1, S2, S3, S4 (and ``name``,
    a description for failure reports, which no term uses)."""
    name, cells, pairs = draw(layouts(min_cells, max_cells, kinds))
    return {"name": name, "X1": frozenset(cells), "S1": pairs, **draw(positions(cells, move))}


# ----------------------------------------------------------------------------
# Random formulas over a small universe
#
# The universe: X1 = {1, …, n} (3 ≤ n ≤ 5), S1 ⊆ X1×X1, S2, S3 ⊆ X1.  Every
# generated text is well typed: element terms (E), subset terms (B),
# integer terms (Z), pair terms, formulas.  Locals are named by the depth at
# which they are bound, so they never shadow one another.

@st.composite
def universes(draw) -> dict:
    n = draw(st.integers(3, 5))
    cells = list(range(1, n + 1))
    pairs = st.tuples(st.sampled_from(cells), st.sampled_from(cells))
    return {"X1": frozenset(cells),
            "S1": frozenset(draw(st.sets(pairs, min_size=1, max_size=2 * n))),
            "S2": frozenset(draw(st.sets(st.sampled_from(cells), max_size=n))),
            "S3": frozenset(draw(st.sets(st.sampled_from(cells), min_size=1, max_size=n)))}


class Scope:
    """The locals in scope, by type: elements, subsets, pairs X1×ℬ(X1),
    pairs X1×X1."""

    def __init__(self, elements=(), subsets=(), pairs=(), edges=(), depth=0):
        self.elements, self.subsets = tuple(elements), tuple(subsets)
        self.pairs, self.edges = tuple(pairs), tuple(edges)
        self.depth = depth

    def add(self, kind: str, name: str) -> "Scope":
        lists = {k: getattr(self, k) for k in ("elements", "subsets", "pairs", "edges")}
        lists[kind] = lists[kind] + (name,)
        return Scope(**lists, depth=self.depth + 1)

    def deeper(self) -> "Scope":
        """The same locals, one level down: for the terms inside a binder
        that do not use its variable (so that their own binders never
        shadow it)."""
        return Scope(self.elements, self.subsets, self.pairs, self.edges, self.depth + 1)

    def name(self, letter: str) -> str:
        return f"{letter}{self.depth}"


def _choice(draw, options):
    """Draw one of several thunks and call it."""
    return draw(st.sampled_from(options))()


def element(draw, scope: Scope, depth: int) -> str:
    options = [lambda: str(draw(st.integers(1, 5)))]
    if scope.elements:
        options += [lambda: draw(st.sampled_from(scope.elements))] * 3
    if scope.pairs:
        options.append(lambda: f"pr1({draw(st.sampled_from(scope.pairs))})")
    if scope.edges:
        options.append(lambda: f"pr{draw(st.sampled_from('12'))}({draw(st.sampled_from(scope.edges))})")
    if depth > 0:
        options.append(lambda: f"debool({subset(draw, scope, depth - 1)})")
    return _choice(draw, options)


def subset(draw, scope: Scope, depth: int) -> str:
    """A term of type ℬ(X1)."""
    options = [lambda: draw(st.sampled_from(["X1", "S2", "S3", "∅", "{1}", "{1, 2}", "{2, 3}"]))]
    if scope.subsets:
        options += [lambda: draw(st.sampled_from(scope.subsets))] * 3
    if scope.pairs:
        options += [lambda: f"pr2({draw(st.sampled_from(scope.pairs))})"] * 2
    if depth > 0:
        options += [
            lambda: f"({subset(draw, scope, depth - 1)} {draw(st.sampled_from('∪∩∆'))} "
                    f"{subset(draw, scope, depth - 1)})",
            lambda: f"({subset(draw, scope, depth - 1)} \\ {subset(draw, scope, depth - 1)})",
            lambda: f"Pr{draw(st.sampled_from('12'))}(S1)",
            lambda: f"Pr1({family_of_pairs(draw, scope, depth - 1)})",
            lambda: f"red({family(draw, scope, depth - 1)})",
            lambda: f"bool({element(draw, scope, depth - 1)})",
            lambda: f"{{{element(draw, scope, depth - 1)}, {element(draw, scope, depth - 1)}}}",
            lambda: comprehension_of_elements(draw, scope, depth - 1),
            lambda: f"Pr2(Fi1[{subset(draw, scope, depth - 1)}](S1))",
            lambda: f"Pr{draw(st.sampled_from('12'))}({relation(draw, scope, depth - 1)})",
            lambda: closure(draw, scope, depth - 1),
        ]
    return _choice(draw, options)


def relation(draw, scope: Scope, depth: int) -> str:
    """A term of type ℬ(X1×X1)."""
    options = [lambda: "S1", lambda: "S1", lambda: "Pr2,1(S1)", lambda: "(X1×S3)"]
    if depth > 0:
        options += [
            lambda: f"Fi{draw(st.sampled_from(['1', '2']))}[{subset(draw, scope, depth - 1)}](S1)",
            lambda: f"Fi1,2[{subset(draw, scope, depth - 1)}, {subset(draw, scope, depth - 1)}]"
                    f"({relation(draw, scope, depth - 1)})",
            lambda: f"Fi2,1[{relation(draw, scope, depth - 1)}](S1)",
            lambda: f"({relation(draw, scope, depth - 1)} {draw(st.sampled_from('∪∩∆'))} "
                    f"{relation(draw, scope, depth - 1)})",
            lambda: _loops(draw, scope, depth - 1),
        ]
    return _choice(draw, options)


def _loops(draw, scope: Scope, depth: int) -> str:
    """I{…}: nested loops with an assignment and a filter."""
    x, y, z = scope.name("i"), scope.name("j"), scope.name("k") + "i"
    inner = scope.add("elements", x).add("elements", y).add("elements", z)
    domain = subset(draw, scope.deeper().deeper(), depth)
    return (f"I{{({x}, {z}) | {x} :∈ S3; {y} :∈ {domain}; {z} := {y}; "
            f"{formula(draw, inner, max(depth - 1, 0))}}}")


def closure(draw, scope: Scope, depth: int) -> str:
    """R{…}: the closure of a set under the neighbour relation."""
    v = scope.name("r")
    start = subset(draw, scope, depth)
    step = draw(st.sampled_from([f"{v} ∪ Pr2(Fi1[{v}](S1))", f"{v} ∩ Pr1(S1)"]))
    return f"R{{{v} := {start} | {step}}}"


def integer(draw, scope: Scope, depth: int) -> str:
    options = [lambda: str(draw(st.integers(0, 3))),
               lambda: f"card({subset(draw, scope, max(depth - 1, 0))})"]
    if depth > 0:
        options += [
            lambda: f"({integer(draw, scope, depth - 1)} {draw(st.sampled_from('+-'))} "
                    f"{integer(draw, scope, depth - 1)})",
            lambda: f"card({family(draw, scope, depth - 1)})",
            lambda: f"card({family_of_pairs(draw, scope, depth - 1)})",
            lambda: f"card({{{family(draw, scope, depth - 1)}, {family(draw, scope, depth - 1)}}})",
        ]
    return _choice(draw, options)


def family(draw, scope: Scope, depth: int) -> str:
    """A term of type ℬℬ(X1)."""
    options = [lambda: f"ℬ({subset(draw, scope, max(depth - 1, 0))})",
               lambda: f"{{{subset(draw, scope, max(depth - 1, 0))}}}"]
    if depth > 0:
        options += [
            lambda: subset_comprehension(draw, scope, depth - 1),
            lambda: subset_comprehension(draw, scope, depth - 1),
            lambda: f"Pr2({family_of_pairs(draw, scope, depth - 1)})",
            lambda: f"({family(draw, scope, depth - 1)} {draw(st.sampled_from('∪∩∆'))} "
                    f"{family(draw, scope, depth - 1)})",
            lambda: f"({family(draw, scope, depth - 1)} \\ {family(draw, scope, depth - 1)})",
            lambda: f"red(Pr2({family_pairs(draw, scope, depth - 1)}))",
        ]
    return _choice(draw, options)


SMALL = ["{1, 2}", "{1, 2, 3}", "(S2 ∩ {1, 2, 3})", "(S3 ∩ {2, 3})", "{3}"]


def family_pairs(draw, scope: Scope, depth: int) -> str:
    """A term of type ℬ(X1×ℬℬ(X1)), in the shape of D16/D17:
    {a ∈ X1×ℬ(ℬ(T)) | pr1 a ∈ E & ∀b∈pr2 a (b ∈ F & pr1 a ∈ b)}, T small
    (the oracle enumerates ℬ(ℬ(T)))."""
    a = scope.name("a") + "f"
    b = scope.name("b") + "f"
    scope.add("pairs", a)
    outer = scope.deeper()
    small = draw(st.sampled_from(SMALL))
    first = draw(st.sampled_from([
        lambda: f"pr1({a}) ∈ {subset(draw, outer, depth)}",
        lambda: f"pr1({a}) ∉ {subset(draw, outer, depth)}",
        lambda: f"{integer(draw, outer, depth)} ≤ card(pr2({a}))",
        lambda: f"card(pr2({a})) ≤ 1",
    ]))()
    body = draw(st.sampled_from([
        lambda: f"{b} ∈ {family(draw, outer, depth)} & pr1({a}) ∈ {b}",
        lambda: f"pr1({a}) ∈ {b}",
        lambda: f"{b} ∈ {family(draw, outer, depth)}",
        lambda: f"card({b}) = {integer(draw, outer, depth)} & pr1({a}) ∉ {b}",
    ]))()
    return f"{{{a} ∈ X1×ℬ(ℬ({small})) | {first} & ∀{b}∈pr2({a}) ({body})}}"


def family_of_pairs(draw, scope: Scope, depth: int) -> str:
    """A term of type ℬ(X1×ℬ(X1))."""
    options = [lambda: f"(X1×ℬ({subset(draw, scope, max(depth - 1, 0))}))"]
    if depth > 0:
        options += [
            lambda: pair_comprehension(draw, scope, depth - 1),
            lambda: pair_comprehension(draw, scope, depth - 1),
            lambda: pair_comprehension(draw, scope, depth - 1),
            lambda: f"({family_of_pairs(draw, scope, depth - 1)} {draw(st.sampled_from('∪∩'))} "
                    f"{family_of_pairs(draw, scope, depth - 1)})",
            lambda: f"({family_of_pairs(draw, scope, depth - 1)} \\ "
                    f"{family_of_pairs(draw, scope, depth - 1)})",
        ]
    return _choice(draw, options)


def comparison(draw, scope: Scope, depth: int) -> str:
    return (f"{integer(draw, scope, depth)} {draw(st.sampled_from(['=', '≠', '<', '>', '≤', '≥']))} "
            f"{integer(draw, scope, depth)}")


def formula(draw, scope: Scope, depth: int) -> str:
    """A formula: predicates over the terms in scope, connectives,
    quantifiers of every shape the planner knows."""
    options = [
        lambda: f"{element(draw, scope, depth)} {draw(st.sampled_from('∈∉'))} "
                f"{subset(draw, scope, depth)}",
        lambda: f"{subset(draw, scope, depth)} {draw(st.sampled_from(['⊆', '⊂', '⊄', '=', '≠']))} "
                f"{subset(draw, scope, depth)}",
        lambda: comparison(draw, scope, depth),
        lambda: f"{element(draw, scope, depth)} {draw(st.sampled_from('=≠'))} "
                f"{element(draw, scope, depth)}",
        lambda: f"{subset(draw, scope, depth)} ∩ {subset(draw, scope, depth)} = ∅",
        lambda: f"({element(draw, scope, depth)}, {element(draw, scope, depth)}) ∈ "
                f"{relation(draw, scope, max(depth - 1, 0))}",
    ]
    if depth > 0:
        options += [
            lambda: f"{family(draw, scope, depth - 1)} {draw(st.sampled_from(['⊆', '⊂', '⊄', '=', '≠']))} "
                    f"{family(draw, scope, depth - 1)}",
            lambda: f"({element(draw, scope, depth - 1)}, {{{subset(draw, scope, depth - 1)}}}) ∈ "
                    f"{family_pairs(draw, scope, depth - 1)}",
            lambda: f"{subset(draw, scope, depth - 1)} ∈ {family(draw, scope, depth - 1)}",
            lambda: f"{family(draw, scope, depth - 1)} ∈ {{{family(draw, scope, depth - 1)}, "
                    f"{family(draw, scope, depth - 1)}}}",
            lambda: f"bool({family(draw, scope, depth - 1)}) = {{{family(draw, scope, depth - 1)}}}",
        ]
    if scope.pairs:
        options.append(lambda: f"{draw(st.sampled_from(scope.pairs))} ∈ "
                               f"{family_of_pairs(draw, scope, max(depth - 1, 0))}")
    if scope.subsets:
        options.append(lambda: f"{draw(st.sampled_from(scope.subsets))} ∈ "
                               f"{family(draw, scope, max(depth - 1, 0))}")
    if depth > 0:
        options += [
            lambda: f"({formula(draw, scope, depth - 1)} {draw(st.sampled_from(['&', '∨', '⇒', '⇔']))} "
                    f"{formula(draw, scope, depth - 1)})",
            lambda: f"({formula(draw, scope, depth - 1)} & {formula(draw, scope, depth - 1)})",
            lambda: f"¬({formula(draw, scope, depth - 1)})",
            lambda: quantified(draw, scope, depth - 1),
            lambda: quantified(draw, scope, depth - 1),
            lambda: quantified(draw, scope, depth - 1),
        ]
    return _choice(draw, options)


def quantified(draw, scope: Scope, depth: int) -> str:
    """∀/∃ over elements, subsets, pairs; ∃-chains; ∀ with a min/max
    comparison; generators ∃b∈G (… & v = f(b))."""
    q = draw(st.sampled_from("∀∃"))
    kind = draw(st.sampled_from(["element", "element", "subset", "pair", "edge", "minmax",
                                 "chain", "within"]))
    if kind == "element":
        v = scope.name("x")
        inner = scope.add("elements", v)
        dom = draw(st.sampled_from(["X1", "S2", "S3", "Pr1(S1)", subset(draw, scope, depth)]))
        return f"{q}{v}∈{dom} ({formula(draw, inner, depth)})"
    if kind == "subset":
        v = scope.name("b")
        inner = scope.add("subsets", v)
        return f"{q}{v}∈{family(draw, scope, depth)} ({formula(draw, inner, depth)})"
    if kind == "within":  # ∀c∈v Q(c), over a subset in scope
        if not scope.subsets and not scope.pairs:
            return formula(draw, scope, depth)
        over = draw(st.sampled_from(scope.subsets + tuple(f"pr2({p})" for p in scope.pairs)))
        v = scope.name("c")
        inner = scope.add("elements", v)
        return f"{q}{v}∈{over} ({formula(draw, inner, depth)})"
    if kind == "pair":
        v = scope.name("p")
        inner = scope.add("pairs", v)
        return f"{q}{v}∈{family_of_pairs(draw, scope, depth)} ({formula(draw, inner, depth)})"
    if kind == "edge":
        v = scope.name("e")
        inner = scope.add("edges", v)
        extra = formula(draw, inner, depth)
        if scope.elements and draw(st.booleans()):
            x = draw(st.sampled_from(scope.elements))
            extra = f"pr1({v}) = {x} & {extra}"
        return f"{q}{v}∈{relation(draw, scope, depth)} ({extra})"
    if kind == "minmax":  # ∀d∈D (e op card(pr2 d)) with e free of d
        v = scope.name("d")
        op = draw(st.sampled_from(["≤", "<", "≥", ">", "="]))
        e = integer(draw, scope.deeper(), depth)
        return f"{q}{v}∈{family_of_pairs(draw, scope, depth)} ({e} {op} card(pr2({v})))"
    # an ∃-chain: ∃b∈D1, ∃c∈D2 (pr1 b = pr1 c & …)
    b, c = scope.name("p"), scope.name("q") + "x"
    inner = scope.add("pairs", b).add("pairs", c)
    d1, d2 = family_of_pairs(draw, scope, depth), family_of_pairs(draw, scope.deeper(), depth)
    return (f"∃{b}∈{d1}, ∃{c}∈{d2} (pr1({b}) = pr1({c}) & "
            f"card(pr2({b})) {draw(st.sampled_from(['=', '≤']))} card(pr2({c})) & "
            f"{formula(draw, inner, max(depth - 1, 0))})")


def comprehension_of_elements(draw, scope: Scope, depth: int) -> str:
    v = scope.name("x")
    inner = scope.add("elements", v)
    dom = draw(st.sampled_from(["X1", "S3", subset(draw, scope, depth)]))
    return f"{{{v} ∈ {dom} | {formula(draw, inner, depth)}}}"


def _subset_conjunct(draw, v: str, scope: Scope, inner: Scope, depth: int) -> str:
    """One conjunct of a condition on the set variable ``v``: the shapes the
    set-interval rules consume, or anything."""
    shapes = [
        lambda: f"card({v}) {draw(st.sampled_from(['=', '≤', '≥', '<', '>']))} {integer(draw, scope, depth)}",
        lambda: f"{v} ∩ {subset(draw, scope, depth)} = ∅",
        lambda: f"∅ = {subset(draw, scope, depth)} ∩ {v}",
        lambda: f"{element(draw, scope, depth)} ∈ {v}",
        lambda: f"{element(draw, scope, depth)} ∉ {v}",
        lambda: f"{v} ⊆ {subset(draw, scope, depth)}",
        lambda: f"{subset(draw, scope, depth)} ⊆ {v}",
        lambda: f"{v} = {subset(draw, scope, depth)}",
        lambda: f"{v} ∈ {family(draw, scope, depth)}",
        lambda: f"card({v} ∩ {subset(draw, scope, depth)}) = {integer(draw, scope, depth)}",
        lambda: _all_in(draw, v, scope, depth),
        lambda: _generated(draw, v, scope, depth),
        lambda: _minmax_on(draw, f"card({v})", scope, depth),
        lambda: _counted(draw, v, scope, depth),
        lambda: formula(draw, inner, depth),
    ]
    return _choice(draw, shapes)


def _counted(draw, v: str, scope: Scope, depth: int) -> str:
    """∀x∈D (card(v ∩ N(x)) = k): linear constraints, one per x (D15's shape)."""
    x = scope.name("x") + "c"
    inner = scope.add("elements", x).deeper()
    around = draw(st.sampled_from([f"Pr2(Fi1[{{{x}}}](S1))", f"(Pr2(Fi1[{{{x}}}](S1)) ∪ {{{x}}})",
                                   f"({v} ∩ Pr2(Fi1[{{{x}}}](S1)) ∪ S2)"]))
    counted = f"{v} ∩ {around}" if not around.startswith(f"({v}") else around
    k = draw(st.sampled_from(["1", "card(Pr2(Fi1[{%s}](S1)) ∩ S2)" % x, integer(draw, inner, 0)]))
    domain = draw(st.sampled_from(["S3", "X1", subset(draw, scope, depth)]))
    return f"∀{x}∈{domain} (card({counted}) = {k})"


def _all_in(draw, v: str, scope: Scope, depth: int) -> str:
    """∀c∈v Q(c), Q not mentioning v."""
    c = scope.name("c") + "v"
    inner = scope.add("elements", c)
    scope = scope.deeper()
    body = draw(st.sampled_from([
        lambda: f"{c} ∈ {subset(draw, scope, depth)}",
        lambda: f"∃e{scope.depth}∈S1 (pr1(e{scope.depth}) = {c} & pr2(e{scope.depth}) ∈ "
                f"{subset(draw, scope, depth)})",
        lambda: formula(draw, inner, depth),
    ]))()
    return f"∀{c}∈{v} ({body})"


def _generated(draw, v: str, scope: Scope, depth: int) -> str:
    """∃x∈G (… & v = f(x)): v generated as an image."""
    x = scope.name("g")
    inner = scope.add("elements", x)
    scope = scope.deeper()
    f = draw(st.sampled_from([
        lambda: f"Pr2(Fi1[{{{x}}}](S1))",
        lambda: f"(Pr2(Fi1[{{{x}}}](S1)) ∩ {subset(draw, scope, depth)})",
        lambda: f"bool({x})",
        lambda: f"({subset(draw, scope, depth)} \\ {{{x}}})",
    ]))()
    rest = formula(draw, inner, depth) if draw(st.booleans()) else f"{x} ∈ X1"
    return f"∃{x}∈{draw(st.sampled_from(['X1', 'S3', 'Pr1(S1)']))} ({rest} & {v} = {f})"


def _minmax_on(draw, e: str, scope: Scope, depth: int) -> str:
    d = scope.name("d") + "m"
    op = draw(st.sampled_from(["≤", "<", "≥", ">", "="]))
    if draw(st.booleans()):
        return f"∀{d}∈{family_of_pairs(draw, scope, depth)} ({e} {op} card(pr2({d})))"
    return f"∀{d}∈{family_of_pairs(draw, scope, depth)} (card(pr2({d})) {op} {e})"


def subset_comprehension(draw, scope: Scope, depth: int) -> str:
    """{b ∈ ℬ(T) | conjunct & conjunct & …} — most conjuncts in the shapes
    the set-interval rules consume."""
    v = scope.name("b")
    inner = scope.add("subsets", v)
    n = draw(st.integers(1, 3))
    parts = [_subset_conjunct(draw, v, scope.deeper(), inner, depth) for _ in range(n)]
    base = draw(st.sampled_from(["X1", "X1", subset(draw, scope, depth)]))
    return f"{{{v} ∈ ℬ({base}) | {' & '.join(parts)}}}"


def _grouped_image(draw, a: str, b: str, scope: Scope, depth: int) -> str:
    """D2's shape: pr2 a = {c ∈ D | ∃b∈G (pr1 b = pr1 a & c = f(b) & R(b))}."""
    c = f"c{scope.depth}g"
    relation = draw(st.sampled_from(["S1", family_of_pairs(draw, scope, max(depth - 1, 0))]))
    f = draw(st.sampled_from([f"pr2({b})", f"pr1({b})"] +
                             ([f"card(pr2({b}))"] if relation != "S1" else [])))
    rest = f" & {formula(draw, scope.add('pairs', b), 0)}" if draw(st.booleans()) else ""
    return (f"pr2({a}) = {{{c} ∈ {subset(draw, scope, depth)} | "
            f"∃{b}∈{relation} (pr1({b}) = pr1({a}) & {c} = {f}{rest})}}")


def pair_comprehension(draw, scope: Scope, depth: int) -> str:
    """{a ∈ X1×ℬ(X1) | …}: the split-pair shape, with the D2/D3 conditions
    (∀c∈pr2 a ∃b∈S1 (pr1 a = pr1 b & c = pr2 b)), ∃ generators with pr1/pr2
    equalities, and plain conditions."""
    a = scope.name("a")
    inner = scope.add("pairs", a)
    scope, outer = scope.deeper(), scope
    b = scope.name("k")
    shapes = [
        lambda: f"∀c{scope.depth}∈pr2({a}) ∃{b}∈S1 (pr1({a}) = pr1({b}) & c{scope.depth} = pr2({b}))",
        lambda: f"∃{b}∈{family_of_pairs(draw, scope, max(depth - 1, 0))} (pr1({a}) = pr1({b}) & "
                f"pr2({a}) = pr2({b}) {draw(st.sampled_from('∩∪'))} {subset(draw, scope, depth)})",
        lambda: f"∃{b}∈{family_of_pairs(draw, scope, max(depth - 1, 0))} (pr1({a}) = pr1({b}) & "
                f"pr2({a}) = pr2({b}) \\ {subset(draw, scope, depth)})",
        lambda: _grouped_image(draw, a, b, scope, depth),
        lambda: f"pr1({a}) ∈ {subset(draw, scope, depth)}",
        lambda: f"card(pr2({a})) {draw(st.sampled_from(['=', '≤', '≥']))} {integer(draw, scope, depth)}",
        lambda: f"pr1({a}) ∈ pr2({a})",
        lambda: f"pr2({a}) ⊆ {subset(draw, scope, depth)}",
        lambda: f"pr2({a}) ∩ {subset(draw, scope, depth)} = ∅",
        lambda: _minmax_on(draw, f"card(pr2({a}))", scope, depth),
        lambda: formula(draw, inner, depth),
    ]
    n = draw(st.integers(1, 3))
    parts = [_choice(draw, shapes) for _ in range(n)]
    domain = draw(st.sampled_from(["X1×ℬ(X1)", "X1×ℬ(X1)", f"S3×ℬ({subset(draw, outer, depth)})"]))
    return f"{{{a} ∈ {domain} | {' & '.join(f'({p})' for p in parts)}}}"


@st.composite
def expressions(draw, depth: int = 2) -> str:
    """A well-typed set expression or formula over the universe."""
    scope = Scope()
    return draw(st.sampled_from([
        lambda: subset_comprehension(draw, scope, depth),
        lambda: subset_comprehension(draw, scope, depth),
        lambda: pair_comprehension(draw, scope, depth),
        lambda: pair_comprehension(draw, scope, depth),
        lambda: formula(draw, scope, depth),
        lambda: quantified(draw, scope, depth),
        lambda: subset(draw, scope, depth),
        lambda: family(draw, scope, depth),
        lambda: integer(draw, scope, depth),
        lambda: f"card({family_pairs(draw, scope, depth)})",
        lambda: least_probability(draw, scope, depth),
        lambda: sure_members(draw, scope, depth),
        lambda: families_containing(draw, scope, depth),
    ]))()


def families_containing(draw, scope: Scope, depth: int) -> str:
    """D16's shape: {a ∈ X1×ℬ(ℬ(T)) | pr2 a = {b ∈ F | pr1 a ∈ b}}, T of
    at most two elements (the oracle lists ℬ(ℬ(T)))."""
    a, b = scope.name("a") + "f", scope.name("b") + "f"
    small = draw(st.sampled_from(["{1, 2}", "{2, 3}", "{1}"]))
    family_term = draw(st.sampled_from([
        lambda: subset_comprehension(draw, scope.deeper(), max(depth - 1, 0)),
        lambda: family(draw, scope.deeper(), max(depth - 1, 0)),
        lambda: f"ℬ({small})",
    ]))()
    extra = draw(st.sampled_from(["", f" & pr1({a}) ∈ {subset(draw, scope, depth)}"]))
    return (f"{{{a} ∈ X1×ℬ(ℬ({small})) | pr2({a}) = {{{b} ∈ {family_term} | pr1({a}) ∈ {b}}}"
            f"{extra}}}")


def sure_members(draw, scope: Scope, depth: int) -> str:
    """D8's and D11's shape: {x ∈ D | ∀b∈ℬ(T) (P(b) ⇒ x ∈ b)} (or x ∉ b),
    P made of the conjuncts the set-interval rules consume."""
    x, b = scope.name("x") + "s", scope.name("b") + "s"
    inner = scope.add("subsets", b)
    n = draw(st.integers(1, 3))
    parts = [_subset_conjunct(draw, b, scope.deeper(), inner, depth) for _ in range(n)]
    base = draw(st.sampled_from(["X1", subset(draw, scope, depth)]))
    domain = draw(st.sampled_from(["X1", "X1 \\ S3", subset(draw, scope, depth)]))
    body = f"{x} {draw(st.sampled_from(['∈', '∉']))} {b}"
    if draw(st.booleans()):
        body = f"{' & '.join(parts)} ⇒ {body}"
    return f"{{{x} ∈ {domain} | ∀{b}∈ℬ({base}) ({body})}}"


def least_probability(draw, scope: Scope, depth: int) -> str:
    """D18's shape: {x ∈ X1 | ∃c∈P (pr1 c = x & ∀d∈P card(pr2 c) ≤ card(pr2 d))}."""
    x, c, d = scope.name("x") + "l", scope.name("c") + "l", scope.name("d") + "l"
    pairs = draw(st.sampled_from([lambda: family_pairs(draw, scope.deeper(), depth),
                                  lambda: family_of_pairs(draw, scope.deeper(), depth)]))()
    op = draw(st.sampled_from(["≤", "≥", "<"]))
    return (f"{{{x} ∈ X1 | ∃{c}∈{pairs} (pr1({c}) = {x} & "
            f"∀{d}∈{pairs} (card(pr2({c})) {op} card(pr2({d}))))}}")
