"""Random RSLang schemas, models and expressions, for bench/differential.py.

A *world* is a schema with a model: 1–3 basic sets of 0–4 elements, an
optional constant set of a few integers, 1–5 structures (``ℬ(X1)``,
``ℬ(X1×X2)``, ``ℬ(X1×X1×X2)``, ``X1``, ``Z``, ``ℬ(Z×X1)``, ``ℬℬ(X1)``,
``ℬ(C1×X1)``, and ones built on other structures: ``ℬ(S1×S2)``,
``ℬ(S1)``, ``S1``, their values inside), a few terms, functions (some of
them templates over radicals), predicates and an axiom.

``Gen`` writes expressions of a wanted typification, one method per
construct of the grammar (``set_*`` for set expressions, ``int_*``,
``elem_*``, ``tuple_*`` for elements, ``f_*`` for formulas, ``broken_*``
for expressions wrong on purpose).  It knows the typing rules well enough
to write mostly well-typed text, and bounds the work an expression asks
for (quantifier and comprehension domains, ℬ of small sets only), so that
both engines answer in milliseconds.  Locals get fresh names within an
expression (the reference refuses one name declared in two sibling
scopes), and compound operands are always parenthesised (the reference
tools disagree on unparenthesised mixes: docs/conformance.md).
"""

from __future__ import annotations

import math
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.conformance.answers import (INTEGER, LOGIC, Ty, element, encode,  # noqa: E402
                                       set_of, show_value, tuple_of)

INF = math.inf
WORK_LIMIT = 1500          # the product of the domains an expression iterates, nested
POWER_LIMIT = 5            # ℬ(A) only for sets A of at most this many members
MAX_DEPTH = 3

LOCAL_NAMES = ["a", "b", "c", "d", "x", "y", "z", "u", "v", "w", "p", "q", "r", "t", "α", "β",
               "γ", "σ"]


# ---------------------------------------------------------------------------
# Worlds: a schema and its model

@dataclass
class Global:
    alias: str
    kind: str                   # basic, constant, structure, term, axiom, function, predicate
    ty: Ty | None               # a set's or element's type; the result for functions
    formal: str = ""
    size: float = 0             # a set's members, at most
    params: tuple = ()          # a function's parameter types
    template: str = ""          # a template function's name (see TEMPLATES)
    value: object = None        # a given value (basic, constant, structure)


@dataclass
class World:
    globals: dict = field(default_factory=dict)   # alias → Global, in the schema's order
    counts: dict = field(default_factory=dict)    # X1/C1 → number of elements

    def universe(self, ty: Ty) -> float:
        """How many values ``ty`` has in this model (INF for Z)."""
        if ty.kind == "element":
            return self.counts.get(ty.name, INF) if ty.name != "Z" else INF
        if ty.kind == "logic":
            return 2
        if ty.kind == "tuple":
            return math.prod(self.universe(p) for p in ty.parts)
        u = self.universe(ty.base)
        return INF if u > 60 else 2 ** u

    def element_types(self) -> list[Ty]:
        return [element(a) for a, g in self.globals.items() if g.kind in ("basic", "constant")]

    def of_kind(self, *kinds) -> list[Global]:
        return [g for g in self.globals.values() if g.kind in kinds]


@dataclass
class GenExpr:
    text: str
    intent: str                 # "typed" or "broken:<how>"
    constructs: tuple


@dataclass
class Case:
    number: int
    world: World
    session: dict
    expressions: list

    def used(self, expression: str | None) -> list[Global]:
        """The constituents ``expression`` reads, directly or through the
        definitions and domains of others (every one when it is None)."""
        if expression is None:
            return list(self.world.globals.values())
        names = set()
        todo = [expression]
        while todo:
            text = todo.pop()
            for alias in re.findall(r"[XCSDAFPT][0-9]+", text):
                g = self.world.globals.get(alias)
                if g is not None and alias not in names:
                    names.add(alias)
                    todo.append(g.formal)
        return [g for a, g in self.world.globals.items() if a in names]

    def summary(self, expression: str | None = None) -> str:
        parts = []
        for g in self.used(expression):
            if g.kind in ("basic", "constant"):
                parts.append(f"{g.alias} ({g.kind})")
            else:
                op = "::=" if g.kind == "structure" else ":=="
                parts.append(f"{g.alias} {op} {g.formal}")
        return "; ".join(parts) or "—"

    def model_summary(self, expression: str | None = None) -> str:
        parts = []
        for g in self.used(expression):
            if g.kind in ("basic", "constant", "structure"):
                parts.append(f"{g.alias} = {show_value(g.value)}" if g.value is not None
                             else f"{g.alias} = (none)")
        return "; ".join(parts) or "—"


def make_world(rng: random.Random) -> World:
    world = World()
    for i in range(1, rng.choice([1, 1, 2, 2, 2, 3]) + 1):
        n = rng.choice([0, 1, 2, 2, 3, 3, 3, 4, 4])
        world.globals[f"X{i}"] = Global(f"X{i}", "basic", set_of(element(f"X{i}")), size=n,
                                        value=frozenset(range(n)))
        world.counts[f"X{i}"] = n
    if rng.random() < 0.35:
        values = frozenset(rng.sample(range(0, 9), rng.choice([0, 1, 2, 3, 3, 4])))
        world.globals["C1"] = Global("C1", "constant", set_of(element("C1")), size=len(values),
                                     value=values)
        world.counts["C1"] = len(values)
    for i in range(1, rng.randint(1, 5) + 1):
        structure(rng, world, f"S{i}")
    return world


def _values_of(rng: random.Random, world: World, ty: Ty, limit: int = 64) -> list:
    """The values of ``ty`` in the model (for sets, some of them)."""
    if ty.kind == "element":
        if ty.name == "Z":
            return list(range(0, 6))
        return sorted(world.globals[ty.name].value)
    if ty.kind == "tuple":
        out = [()]
        for p in ty.parts:
            out = [t + (v,) for t in out for v in _values_of(rng, world, p, limit)]
            if len(out) > 4096:
                out = out[:4096]
        return out
    base = _values_of(rng, world, ty.base, limit)
    subsets = [frozenset()]
    for _ in range(min(limit, 2 ** min(len(base), 12))):
        subsets.append(frozenset(v for v in base if rng.random() < 0.5))
    return list(dict.fromkeys(subsets))


def _subset(rng: random.Random, pool: list, most: int = 6) -> frozenset:
    pool = list(pool)
    k = rng.randint(0, min(len(pool), most))
    return frozenset(rng.sample(pool, k))


STRUCTURES = ["ℬ(X)", "ℬ(X×Y)", "ℬ(X×X×Y)", "X", "Z", "ℬ(Z×X)", "ℬℬ(X)", "ℬ(C×X)", "C",
              "ℬ(S×S)", "ℬ(S)", "S", "ℬ(S×X)"]


def structure(rng: random.Random, world: World, alias: str) -> None:
    """A structure of a random kind, with its value."""
    basics = [a for a, g in world.globals.items() if g.kind == "basic"]
    sets = [g for g in world.of_kind("structure") if g.ty.kind == "set" and g.value]
    kinds = [k for k in STRUCTURES
             if ("C" not in k or "C1" in world.globals) and ("S" not in k or sets)]
    kind = rng.choice(kinds)
    x, y = rng.choice(basics), rng.choice(basics)
    X, Y = element(x), element(y)
    if kind == "ℬ(X)":
        formal, ty, domain = f"ℬ({x})", set_of(X), list(world.globals[x].value)
    elif kind == "ℬ(X×Y)":
        ty = set_of(tuple_of(X, Y))
        formal, domain = f"ℬ({x}×{y})", _values_of(rng, world, ty.base)
    elif kind == "ℬ(X×X×Y)":
        ty = set_of(tuple_of(X, X, Y))
        formal, domain = f"ℬ({x}×{x}×{y})", _values_of(rng, world, ty.base)
    elif kind == "X":
        formal, ty, domain = x, X, None
        value = rng.choice(sorted(world.globals[x].value)) if world.globals[x].value else None
    elif kind == "Z":
        formal, ty, domain, value = "Z", INTEGER, None, rng.randint(0, 5)
    elif kind == "ℬ(Z×X)":
        ty = set_of(tuple_of(INTEGER, X))
        formal, domain = f"ℬ(Z×{x})", _values_of(rng, world, ty.base)
    elif kind == "ℬℬ(X)":
        ty = set_of(set_of(X))
        formal, domain = f"ℬ(ℬ({x}))", _values_of(rng, world, ty.base)
    elif kind == "ℬ(C×X)":
        ty = set_of(tuple_of(element("C1"), X))
        formal, domain = f"ℬ(C1×{x})", _values_of(rng, world, ty.base)
    elif kind == "C":
        formal, ty, domain = "C1", element("C1"), None
        value = rng.choice(sorted(world.globals["C1"].value)) if world.globals["C1"].value else None
    else:
        a, b = rng.choice(sets), rng.choice(sets)
        if kind == "ℬ(S×S)":
            ty = set_of(tuple_of(a.ty.base, b.ty.base))
            formal = f"ℬ({a.alias}×{b.alias})"
            domain = [(u, v) for u in a.value for v in b.value]
        elif kind == "ℬ(S×X)":
            ty = set_of(tuple_of(a.ty.base, X))
            formal = f"ℬ({a.alias}×{x})"
            domain = [(u, v) for u in a.value for v in world.globals[x].value]
        elif kind == "ℬ(S)":
            ty, formal, domain = a.ty, f"ℬ({a.alias})", list(a.value)
        else:  # "S": one element of another structure
            formal, ty, domain = a.alias, a.ty.base, None
            value = rng.choice(sorted(a.value, key=repr))
    if domain is not None:
        value = _subset(rng, domain)
        size = len(value)
    else:
        size = 0
    world.globals[alias] = Global(alias, "structure", ty, formal, size=size, value=value)


# ---------------------------------------------------------------------------
# Expressions

@dataclass
class E:
    """A generated expression: its text, the type the generator believes
    it has, a bound on its members (sets) and whether it needs no
    parentheses as an operand."""

    text: str
    ty: Ty
    size: float = 0
    atom: bool = True

    def operand(self) -> str:
        return self.text if self.atom else f"({self.text})"


@dataclass
class F:
    """A generated formula and whether it is a plain predicate (an operand
    of a connective without parentheses)."""

    text: str
    atom: bool = False

    def operand(self) -> str:
        return self.text if self.atom else f"({self.text})"


# Template functions over radicals: (formal, parameter patterns, result from the argument types)
TEMPLATES = {
    "card": ("[a∈ℬ(R1)] card(a)", lambda args: INTEGER),
    "add": ("[a∈R1, b∈ℬ(R1)] {a} ∪ b", lambda args: args[1]),
    "swap": ("[a∈ℬ(R1×R2)] Pr2,1(a)",
             lambda args: set_of(tuple_of(args[0].base.parts[1], args[0].base.parts[0]))),
    "has": ("[a∈R1, b∈ℬ(R1)] a∈b", lambda args: LOGIC),
}


class Gen:
    """Expressions over one world."""

    def __init__(self, rng: random.Random, world: World):
        self.rng = rng
        self.world = world
        self.scope: list[tuple[str, Ty, float]] = []
        self.names: list[str] = []
        self.work = 1.0
        self.tags: set[str] = set()

    # -- bookkeeping
    def start(self) -> None:
        self.scope = []
        self.names = list(LOCAL_NAMES)
        self.rng.shuffle(self.names)
        self.work = 1.0
        self.tags = set()

    def fresh(self) -> str:
        if self.names:
            return self.names.pop()
        return f"v{self.rng.randint(10, 99)}{len(self.scope)}"

    def tag(self, name: str) -> None:
        self.tags.add(name)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def bind(self, names_types: list, size: float):
        """A context in which locals are declared over a domain of ``size``."""
        gen = self

        class _Bound:
            def __enter__(self):
                self.saved = (len(gen.scope), gen.work)
                gen.scope.extend((n, t, 0) for n, t in names_types)
                gen.work *= max(size, 1)

            def __exit__(self, *exc):
                del gen.scope[self.saved[0]:]
                gen.work = self.saved[1]
        return _Bound()

    def affordable(self, size: float, factor: int = 1) -> bool:
        return size != INF and self.work * max(size, 1) ** factor <= WORK_LIMIT

    def dispatch(self, methods: list, ty: Ty | None, depth: int):
        """The first of the weighted methods (in random order) that can build ``ty``."""
        pool = list(methods)
        while pool:
            weights = [w for _, w in pool]
            k = self.rng.choices(range(len(pool)), weights)[0]
            method, _ = pool.pop(k)
            got = method(ty, depth) if ty is not None else method(depth)
            if got is not None:
                return got
        return None

    # -- types to ask for
    def available(self, ty: Ty) -> bool:
        """Can an expression of ``ty`` be written without ``debool`` of a
        whole set?  (An element of a basic set has no literal: it needs a
        local or a structure.)"""
        if ty.kind == "element":
            return ty.name in ("Z", "C1") or bool(self.named(ty))
        if ty.kind == "tuple":
            return all(self.available(p) for p in ty.parts)
        return True

    def element_type(self) -> Ty:
        """A type of elements: often a local's, else an element type of the
        model, a pair of them, or a set."""
        local = [t for _, t, _ in self.scope]
        if local and self.chance(0.6):
            return self.rng.choice(local)
        elements = self.world.element_types() + [INTEGER]
        for _ in range(6):
            r = self.rng.random()
            if r < 0.55:
                ty = self.rng.choice(elements)
            elif r < 0.8:
                ty = tuple_of(self.rng.choice(elements), self.rng.choice(elements))
            elif r < 0.9:
                candidates = [g.ty.base for g in self.world.of_kind("structure", "term")
                              if g.ty is not None and g.ty.kind == "set"]
                ty = self.rng.choice(candidates) if candidates else INTEGER
            else:
                ty = set_of(self.rng.choice(self.world.element_types()))
            if self.available(ty):
                return ty
        return INTEGER if self.chance(0.5) else set_of(self.rng.choice(self.world.element_types()))

    def set_type(self) -> Ty:
        local = [t for _, t, _ in self.scope if t.kind == "set"]
        if local and self.chance(0.3):
            return self.rng.choice(local)
        candidates = [g.ty for g in self.world.globals.values()
                      if g.kind in ("basic", "constant", "structure", "term")
                      and g.ty is not None and g.ty.kind == "set"]
        if candidates and self.chance(0.6):
            return self.rng.choice(candidates)
        return set_of(self.element_type())

    # -- the entry points
    def expr(self, ty: Ty, depth: int) -> E:
        """An expression of type ``ty``."""
        if ty.kind == "set":
            methods = self.set_methods(depth)
        elif ty == INTEGER:
            methods = self.int_methods(depth)
        elif ty.kind == "tuple":
            methods = self.tuple_methods(depth)
        else:
            methods = self.elem_methods(depth)
        got = self.dispatch(methods, ty, depth) if depth > 0 else None
        return got or self.leaf(ty)

    def formula(self, depth: int) -> F:
        if depth <= 0:
            return self.dispatch([(self.f_in, 3), (self.f_equal, 2), (self.f_compare, 1),
                                  (self.f_subset, 1)], None, 0) or F("1=1", True)
        methods = [(self.f_in, 4), (self.f_subset, 2), (self.f_equal, 3), (self.f_compare, 2),
                   (self.f_not, 1.5), (self.f_binary, 3), (self.f_quantifier, 4),
                   (self.f_quantifier_tuple, 1), (self.f_quantifier_many, 1),
                   (self.f_predicate, 1.5), (self.f_axiom, 0.3), (self.f_empty, 0.5)]
        return self.dispatch(methods, None, depth) or F("1=1", True)

    # -- leaves: always something of the type
    def named(self, ty: Ty) -> list[E]:
        out = [E(n, t, s) for n, t, s in self.scope if t == ty]
        for g in self.world.globals.values():
            if g.kind in ("basic", "constant", "structure", "term") and g.ty == ty:
                out.append(E(g.alias, ty, g.size if ty.kind == "set" else 0))
        return out

    def leaf(self, ty: Ty) -> E:
        named = self.named(ty)
        if named and (self.chance(0.85) or ty.kind == "element"):
            return self.rng.choice(named)
        if ty == INTEGER:
            return E(str(self.rng.randint(0, 4)), ty)
        if ty.kind == "element":
            if ty.name == "C1":
                return E(str(self.rng.choice(sorted(self.world.globals["C1"].value) or [1])), ty)
            self.tag("debool(leaf)")
            return E(f"debool({ty.name})", ty)
        if ty.kind == "tuple":
            parts = [self.leaf(p) for p in ty.parts]
            return E("(" + ", ".join(p.text for p in parts) + ")", ty)
        base = ty.base
        if base.kind == "element":
            if base.name == "Z":
                k = self.rng.randint(1, 3)
                items = sorted(self.rng.sample(range(0, 6), k))
                return E("{" + ", ".join(map(str, items)) + "}", ty, k)
            return E(base.name, ty, self.world.counts.get(base.name, 0))
        if base.kind == "tuple":
            parts = [self.leaf(set_of(p)) for p in base.parts]
            return E("×".join(p.operand() for p in parts), ty,
                     math.prod(p.size for p in parts), atom=False)
        inner = self.leaf(base)
        if inner.size <= POWER_LIMIT and self.chance(0.2):
            self.tag("ℬ")
            return E(f"ℬ({inner.text})", ty, 2 ** inner.size)
        if self.chance(0.5):
            return E("{" + inner.text + "}", ty, 1)
        other = self.leaf(base)
        return E("{" + inner.text + ", " + other.text + "}", ty, 2)

    # =======================================================================
    # Set expressions: ℬ(T)

    def set_methods(self, depth):
        return [(self.set_named, 3), (self.set_binary, 3), (self.set_product, 1.5),
                (self.set_boolean, 0.4), (self.set_projection, 2), (self.set_filter, 2),
                (self.set_reduce, 0.7), (self.set_bool, 0.7), (self.set_debool, 0.4),
                (self.set_declarative, 2.5), (self.set_imperative, 1.5),
                (self.set_recursive, 0.8), (self.set_enumeration, 1.5), (self.set_call, 1.2)]

    def set_named(self, ty, depth):
        named = self.named(ty)
        return self.rng.choice(named) if named else None

    def set_binary(self, ty, depth):
        op = self.rng.choice("∪∩\\∆")
        self.tag(f"set {op}")
        a, b = self.expr(ty, depth - 1), self.expr(ty, depth - 1)
        size = {"∪": a.size + b.size, "∆": a.size + b.size, "∩": min(a.size, b.size),
                "\\": a.size}[op]
        return E(f"{a.operand()} {op} {b.operand()}", ty, size, atom=False)

    def set_product(self, ty, depth):
        if ty.base.kind != "tuple":
            return None
        self.tag("×")
        parts = [self.expr(set_of(p), depth - 1) for p in ty.base.parts]
        return E("×".join(p.operand() for p in parts), ty, math.prod(p.size for p in parts),
                 atom=False)

    def set_boolean(self, ty, depth):
        if ty.base.kind != "set":
            return None
        inner = self.expr(ty.base, depth - 1)
        if inner.size > POWER_LIMIT:
            return None
        self.tag("ℬ")
        return E(f"ℬ({inner.text})", ty, 2 ** inner.size)

    def _tuple_around(self, wanted: list[Ty]) -> tuple[Ty, list[int]]:
        """A tuple type holding the ``wanted`` types at random distinct
        places (1-based), other places random element types."""
        n = self.rng.choice([2, 2, 3]) if len(wanted) == 1 else self.rng.choice([2, 3])
        n = max(n, len(wanted))
        places = self.rng.sample(range(1, n + 1), len(wanted))
        parts = [None] * n
        for place, t in zip(places, wanted):
            parts[place - 1] = t
        fillers = [t for t in self.world.element_types() + [INTEGER] if self.available(t)]
        for i in range(n):
            if parts[i] is None:
                parts[i] = self.rng.choice(fillers)
        return tuple_of(*parts), places

    def set_projection(self, ty, depth):
        many = ty.base.kind == "tuple" and len(ty.base.parts) == 2 and self.chance(0.4)
        wanted = list(ty.base.parts) if many else [ty.base]
        source_ty, places = self._tuple_around(wanted)
        source = self.expr(set_of(source_ty), depth - 1)
        self.tag("Pr multi" if many else "Pr")
        return E(f"Pr{','.join(map(str, places))}({source.text})", ty, source.size)

    def set_filter(self, ty, depth):
        if ty.base.kind != "tuple":
            return None
        parts = ty.base.parts
        source = self.expr(ty, depth - 1)
        n = self.rng.choice([1, 1, 2]) if len(parts) >= 2 else 1
        places = self.rng.sample(range(1, len(parts) + 1), n)
        if n == 1:
            self.tag("Fi")
            param = self.expr(set_of(parts[places[0] - 1]), depth - 1)
            params = [param.text]
        elif self.chance(0.5):
            self.tag("Fi multi, one parameter")
            param = self.expr(set_of(tuple_of(*(parts[p - 1] for p in places))), depth - 1)
            params = [param.text]
        else:
            self.tag("Fi multi")
            params = [self.expr(set_of(parts[p - 1]), depth - 1).text for p in places]
        return E(f"Fi{','.join(map(str, places))}[{', '.join(params)}]({source.text})", ty,
                 source.size)

    def set_reduce(self, ty, depth):
        inner = self.expr(set_of(ty), depth - 1)
        self.tag("red")
        return E(f"red({inner.text})", ty, min(self.world.universe(ty.base), 64))

    def set_bool(self, ty, depth):
        if not self.available(ty.base):
            return None
        self.tag("bool")
        return E(f"bool({self.expr(ty.base, depth - 1).text})", ty, 1)

    def set_debool(self, ty, depth):
        self.tag("debool")
        inner = self.expr(ty, depth - 1)
        if self.chance(0.6):
            return E(f"debool({{{inner.text}}})", ty, inner.size)
        return E(f"debool({self.expr(set_of(ty), depth - 1).text})", ty,
                 min(self.world.universe(ty.base), 64))

    def set_declarative(self, ty, depth):
        domain = self.expr(ty, depth - 1)
        if not self.affordable(domain.size):
            return None
        base = ty.base
        if base.kind == "tuple" and len(base.parts) == 2 and self.chance(0.4):
            names = [self.fresh(), self.fresh()]
            declared = list(zip(names, base.parts))
            head = f"({names[0]}, {names[1]})"
            self.tag("D{} tuple")
        else:
            name = self.fresh()
            declared = [(name, base)]
            head = name
            self.tag("D{}")
        with self.bind(declared, domain.size):
            condition = self.formula(depth - 1)
        return E(f"D{{{head}∈{domain.operand()} | {condition.text}}}", ty, domain.size)

    def set_imperative(self, ty, depth):
        """I{e | x :∈ S; y := …; φ}: one or two :∈, an optional := and a condition."""
        blocks = []
        declared = []
        total = 1.0
        self.tag("I{}")
        with self.bind([], 1):
            for _ in range(self.rng.choice([1, 1, 2])):
                domain = self.expr(self.set_type() if declared or self.chance(0.3) else ty,
                                   depth - 1)
                if not self.affordable(total * max(domain.size, 1)):
                    break
                name = self.fresh()
                blocks.append(f"{name} :∈ {domain.text}")
                self.scope.append((name, domain.ty.base, 0))
                declared.append((name, domain.ty.base))
                total *= max(domain.size, 1)
            if not blocks:
                return None
            self.work *= total
            if self.chance(0.4):
                name, t = self.rng.choice(declared)
                value = self.expr(t if self.chance(0.5) else self.element_type(), depth - 2)
                assigned = self.fresh()
                blocks.append(f"{assigned} := {value.text}")
                self.scope.append((assigned, value.ty, 0))
                self.tag("I{} :=")
            if self.chance(0.7):
                blocks.append(self.formula(depth - 1).text)
            head = self.expr(ty.base, depth - 1)
        return E(f"I{{{head.text} | {'; '.join(blocks)}}}", ty, total)

    def set_recursive(self, ty, depth):
        """R{a := S | a ∪ G(a)}: a set growing to a fixed point; the full form stops
        on a condition."""
        start = self.expr(ty, depth - 1)
        u = self.world.universe(ty.base)
        if not self.affordable(min(u, 16)):
            return None
        name = self.fresh()
        with self.bind([(name, ty)], min(u, 16)):
            step = self.expr(ty, depth - 1)
            full = self.chance(0.5)
            condition = self.formula(depth - 2) if full else None
        grow = f"{name} ∪ {step.operand()}"
        if full:
            self.tag("R{} full")
            return E(f"R{{{name} := {start.text} | {condition.text} | {grow}}}", ty, u)
        self.tag("R{} short")
        return E(f"R{{{name} := {start.text} | {grow}}}", ty, u)

    def set_enumeration(self, ty, depth):
        if not self.available(ty.base):
            return None
        self.tag("{…}")
        k = self.rng.choice([1, 1, 2, 3])
        items = [self.expr(ty.base, depth - 1) for _ in range(k)]
        return E("{" + ", ".join(i.text for i in items) + "}", ty, k)

    def set_call(self, ty, depth):
        return self._call(ty, depth)

    def _call(self, ty, depth):
        """A call of a function (or a template) whose result is ``ty``."""
        options = []
        for g in self.world.of_kind("function"):
            if g.template:
                args = self._template_args(g.template, ty)
                if args is not None:
                    options.append((g, args))
            elif g.ty == ty:
                options.append((g, list(g.params)))
        if not options:
            return None
        g, params = self.rng.choice(options)
        self.tag("F[…] template" if g.template else "F[…]")
        args = [self.expr(p, depth - 1).text for p in params]
        size = self.world.universe(ty.base) if ty.kind == "set" else 0
        return E(f"{g.alias}[{', '.join(args)}]", ty, min(size, 64))

    def _template_args(self, template: str, ty: Ty):
        if template == "card" and ty == INTEGER:
            return [self.set_type()]
        if template == "add" and ty.kind == "set":
            return [ty.base, ty]
        if template == "swap" and ty.kind == "set" and ty.base.kind == "tuple" \
                and len(ty.base.parts) == 2:
            return [set_of(tuple_of(ty.base.parts[1], ty.base.parts[0]))]
        return None

    # =======================================================================
    # Integers: Z

    def int_methods(self, depth):
        return [(self.int_literal, 1), (self.int_named, 1.5), (self.int_card, 3),
                (self.int_arithmetic, 2.5), (self.elem_small_projection, 1),
                (self.elem_debool, 0.5), (self.int_recursive, 0.6), (self.set_call, 0.8)]

    def int_literal(self, ty, depth):
        return E(str(self.rng.choice([0, 1, 1, 2, 2, 3, 4, 5, 10])), ty)

    def int_named(self, ty, depth):
        named = self.named(ty)
        return self.rng.choice(named) if named else None

    def int_card(self, ty, depth):
        self.tag("card")
        return E(f"card({self.expr(self.set_type(), depth - 1).text})", ty)

    def int_arithmetic(self, ty, depth):
        op = self.rng.choice("+-*")
        self.tag(f"int {op}")
        left = self.expr(ty, depth - 1)
        right = self.expr(ty, depth - 1)
        return E(f"{left.operand()} {op} {right.operand()}", ty, atom=False)

    def int_recursive(self, ty, depth):
        name = self.fresh()
        start = self.expr(ty, depth - 1)
        limit = self.rng.randint(0, 6)
        step = self.rng.randint(1, 2)
        self.tag("R{} integer")
        with self.bind([(name, ty)], 10):
            return E(f"R{{{name} := {start.text} | {name} < {limit} | {name} + {step}}}", ty)

    # =======================================================================
    # Elements of basic and constant sets, and tuples

    def elem_methods(self, depth):
        methods = [(self.elem_named, 4), (self.elem_small_projection, 1.5),
                   (self.elem_debool, 0.8), (self.set_call, 0.5)]
        return methods + [(self.const_arithmetic, 0.8)]

    def tuple_methods(self, depth):
        return [(self.elem_named, 2), (self.tuple_literal, 4), (self.elem_small_projection, 1),
                (self.elem_debool, 0.5), (self.set_call, 0.5)]

    def elem_named(self, ty, depth):
        named = self.named(ty)
        return self.rng.choice(named) if named else None

    def const_arithmetic(self, ty, depth):
        if ty.name != "C1":
            return None
        self.tag("constant arithmetic")
        left = self.expr(ty, depth - 1)
        return E(f"{left.operand()} {self.rng.choice('+-')} {self.rng.randint(0, 2)}", ty,
                 atom=False)

    def tuple_literal(self, ty, depth):
        self.tag("(…)")
        parts = [self.expr(p, depth - 1) for p in ty.parts]
        return E("(" + ", ".join(p.text for p in parts) + ")", ty)

    def elem_small_projection(self, ty, depth):
        many = ty.kind == "tuple" and len(ty.parts) == 2 and self.chance(0.5)
        wanted = list(ty.parts) if many else [ty]
        source_ty, places = self._tuple_around(wanted)
        source = self.expr(source_ty, depth - 1)
        self.tag("pr multi" if many else "pr")
        return E(f"pr{','.join(map(str, places))}({source.text})", ty)

    def elem_debool(self, ty, depth):
        self.tag("debool")
        if self.chance(0.4):
            return E(f"debool({{{self.expr(ty, depth - 1).text}}})", ty)
        return E(f"debool({self.expr(set_of(ty), depth - 1).text})", ty)

    # =======================================================================
    # Formulas

    def f_in(self, depth):
        ty = self.element_type()
        whole = self.expr(set_of(ty), depth - 1)
        item = self.expr(ty, depth - 1)
        op = self.rng.choice(["∈", "∈", "∉"])
        self.tag(op)
        return F(f"{item.operand()}{op}{whole.operand()}", True)

    def f_subset(self, depth):
        ty = self.set_type()
        op = self.rng.choice(["⊆", "⊂", "⊄"])
        self.tag(op)
        a, b = self.expr(ty, depth - 1), self.expr(ty, depth - 1)
        return F(f"{a.operand()} {op} {b.operand()}", True)

    def f_equal(self, depth):
        ty = self.rng.choice([self.element_type(), self.set_type(), INTEGER])
        op = self.rng.choice(["=", "=", "≠"])
        self.tag(op)
        a, b = self.expr(ty, depth - 1), self.expr(ty, depth - 1)
        return F(f"{a.operand()}{op}{b.operand()}", True)

    def f_compare(self, depth):
        op = self.rng.choice(["<", ">", "≤", "≥"])
        self.tag(op)
        ty = element("C1") if "C1" in self.world.globals and self.chance(0.2) else INTEGER
        a, b = self.expr(ty, depth - 1), self.expr(INTEGER, depth - 1)
        if self.chance(0.5):
            a, b = b, a
        return F(f"{a.operand()} {op} {b.operand()}", True)

    def f_not(self, depth):
        self.tag("¬")
        inner = self.formula(depth - 1)
        if inner.atom and self.chance(0.5):
            return F(f"¬{inner.text}", False)
        return F(f"¬({inner.text})", False)

    def f_binary(self, depth):
        op = self.rng.choice(["&", "&", "∨", "∨", "⇒", "⇔"])
        self.tag(op)
        a, b = self.formula(depth - 1), self.formula(depth - 1)
        return F(f"{a.operand()} {op} {b.operand()}")

    def _quantified(self, heads: str, declared: list, domain: E, depth: int, factor: int = 1):
        q = self.rng.choice("∀∃")
        with self.bind(declared, domain.size ** factor):
            body = self.formula(depth - 1)
        text = body.text if body.atom or body.text.startswith(("∀", "∃", "¬")) \
            else f"({body.text})"
        return F(f"{q}{heads}∈{domain.operand()} {text}")

    def f_quantifier(self, depth):
        domain = self.expr(self.set_type(), depth - 1)
        if not self.affordable(domain.size):
            return None
        self.tag("∀∃")
        name = self.fresh()
        return self._quantified(name, [(name, domain.ty.base)], domain, depth)

    def f_quantifier_tuple(self, depth):
        ty = set_of(tuple_of(*(self.rng.choice(self.world.element_types() + [INTEGER])
                               for _ in range(self.rng.choice([2, 2, 3])))))
        candidates = [g.ty for g in self.world.globals.values() if g.ty is not None
                      and g.ty.kind == "set" and g.ty.base.kind == "tuple"]
        if candidates and self.chance(0.7):
            ty = self.rng.choice(candidates)
        domain = self.expr(ty, depth - 1)
        if not self.affordable(domain.size):
            return None
        self.tag("∀∃ tuple")
        names = [self.fresh() for _ in ty.base.parts]
        return self._quantified("(" + ", ".join(names) + ")", list(zip(names, ty.base.parts)),
                                domain, depth)

    def f_quantifier_many(self, depth):
        domain = self.expr(self.set_type(), depth - 1)
        if not self.affordable(domain.size, 2):
            return None
        self.tag("∀∃ a, b")
        names = [self.fresh(), self.fresh()]
        return self._quantified(", ".join(names), [(n, domain.ty.base) for n in names], domain,
                                depth, 2)

    def f_predicate(self, depth):
        options = []
        for g in self.world.of_kind("predicate"):
            if g.template == "has":
                t = self.element_type()
                options.append((g, [t, set_of(t)]))
            else:
                options.append((g, list(g.params)))
        if not options:
            return None
        g, params = self.rng.choice(options)
        self.tag("P[…] template" if g.template else "P[…]")
        args = [self.expr(p, depth - 1).text for p in params]
        return F(f"{g.alias}[{', '.join(args)}]", True)

    def f_axiom(self, depth):
        axioms = self.world.of_kind("axiom")
        if not axioms:
            return None
        self.tag("axiom as a formula")
        return F(self.rng.choice(axioms).alias, True)

    def f_empty(self, depth):
        ty = self.set_type()
        a = self.expr(ty, depth - 1)
        form = self.rng.choice(["{} = ∅", "{} ≠ ∅", "∅ ⊆ {}", "∅ ∈ ℬ({})"])
        self.tag("∅")
        if form.startswith("∅ ∈") and a.size > POWER_LIMIT:
            form = "{} ≠ ∅"
        return F(form.format(a.operand() if not form.startswith("∅ ∈") else a.text), True)

    # =======================================================================
    # Broken on purpose: each returns (text, how)

    BROKEN = ["broken_mixed_sets", "broken_element_type", "broken_undeclared",
              "broken_shadowing", "broken_double_declare", "broken_out_of_scope",
              "broken_filter_index", "broken_filter_arity", "broken_filter_parameter",
              "broken_projection_index", "broken_projection_not_set", "broken_call_arity",
              "broken_call_argument", "broken_card", "broken_arithmetic", "broken_ordering",
              "broken_debool", "broken_red", "broken_boolean", "broken_enumeration",
              "broken_tuple_declaration", "broken_quantifier_domain", "broken_expected_logic",
              "broken_expected_set", "broken_unknown_global", "broken_function_alone",
              "broken_empty_set", "broken_syntax", "broken_radical", "broken_evaluation",
              "broken_global_definition", "broken_evaluation", "broken_large"]

    def broken(self) -> tuple[str, str]:
        name = self.rng.choice(self.BROKEN)
        self.start()
        text = getattr(self, name)()
        self.tag(name.replace("_", " "))
        return text, name.removeprefix("broken_")

    def _other_type(self, ty: Ty) -> Ty:
        for _ in range(10):
            other = self.set_type()
            if other != ty:
                return other
        return set_of(INTEGER) if ty != set_of(INTEGER) else set_of(set_of(INTEGER))

    def _in_context(self, piece: str) -> str:
        """A broken formula, alone or inside a quantifier or a connective."""
        r = self.rng.random()
        if r < 0.5:
            return piece
        if r < 0.75:
            return f"{self.formula(1).operand()} & ({piece})"
        domain = self.expr(self.set_type(), 1)
        return f"∃{self.fresh()}∈{domain.operand()} ({piece})"

    def broken_mixed_sets(self):
        a = self.expr(self.set_type(), 1)
        b = self.expr(self._other_type(a.ty), 1)
        op = self.rng.choice(["∪", "∩", "\\", "∆", "=", "⊆"])
        if op in "=⊆":
            return self._in_context(f"{a.operand()} {op} {b.operand()}")
        return f"card({a.operand()} {op} {b.operand()}) ≥ 0"

    def broken_element_type(self):
        ty = self.set_type()
        other = self._other_type(ty)
        item = self.expr(other.base, 1)
        return self._in_context(f"{item.operand()} ∈ {self.expr(ty, 1).operand()}")

    def broken_undeclared(self):
        name = self.fresh()
        return self._in_context(f"{name} ∈ {self.expr(self.set_type(), 1).operand()}") \
            if self.chance(0.5) else f"card({name}) = 1"

    def broken_shadowing(self):
        domain = self.expr(self.set_type(), 0)
        other = self.expr(self.set_type(), 0)
        a = self.fresh()
        form = self.rng.choice([f"∀{a}∈{domain.operand()} ∃{a}∈{other.operand()} {a}={a}",
                                f"∀{a}, {a}∈{domain.operand()} {a}={a}",
                                f"D{{{a}∈{domain.operand()} | ∃{a}∈{other.operand()} {a}={a}}}"
                                f" = ∅"])
        return form

    def broken_double_declare(self):
        domain = self.expr(self.set_type(), 0)
        a = self.fresh()
        return (f"(∀{a}∈{domain.operand()} {a}={a}) & (∃{a}∈{domain.operand()} {a}={a})"
                if self.chance(0.5) else
                f"card(D{{{a}∈{domain.operand()} | {a}={a}}} ∪ D{{{a}∈{domain.operand()} | "
                f"{a}={a}}}) ≥ 0")

    def broken_out_of_scope(self):
        domain = self.expr(self.set_type(), 0)
        a = self.fresh()
        return self.rng.choice([f"∀{a}∈{domain.operand()} {a}={a} & {a}={a}",
                                f"(∀{a}∈{domain.operand()} {a}={a}) & {a}={a}",
                                f"{a}={a} & ∀{a}∈{domain.operand()} {a}={a}",
                                f"D{{{a}∈{domain.operand()} | 1=1}} = {{{a}}}"])

    def _tuple_set(self, depth=1) -> E:
        return self.expr(set_of(self._tuple_around([self.element_type()])[0]), depth)

    def broken_filter_index(self):
        s = self._tuple_set()
        k = len(s.ty.base.parts) + self.rng.randint(1, 2)
        param = self.expr(set_of(self.element_type()), 0)
        return f"Fi{k}[{param.text}]({s.text}) = ∅" if self.chance(0.5) \
            else f"Fi{self.rng.choice(['0', str(k)])}[{param.text}]({s.text})"

    def broken_filter_arity(self):
        s = self._tuple_set()
        params = [self.expr(set_of(p), 0).text for p in s.ty.base.parts]
        return f"Fi1,2[{', '.join(params + params[:1])}]({s.text})"

    def broken_filter_parameter(self):
        s = self._tuple_set()
        wrong = self.rng.choice(["1", self.expr(self._other_type(set_of(s.ty.base.parts[0])),
                                                0).text, s.text])
        if self.chance(0.7):
            return f"Fi1[{wrong}]({s.text})"
        not_tuples = self.expr(set_of(self.world.element_types()[0]), 0)
        return f"Fi1[{wrong}]({not_tuples.text})"

    def broken_projection_index(self):
        s = self._tuple_set()
        k = len(s.ty.base.parts) + 1
        if self.chance(0.5):
            return f"Pr{k}({s.text})"
        t = self.expr(s.ty.base, 1)
        return f"pr{self.rng.choice([k, 0])}({t.text})"

    def broken_projection_not_set(self):
        return self.rng.choice([f"Pr1({self.expr(INTEGER, 1).text})",
                                f"Pr1({self.expr(set_of(self.world.element_types()[0]), 1).text})",
                                f"pr1({self.expr(self.set_type(), 1).text})",
                                f"pr1({self.expr(INTEGER, 1).text})"])

    def broken_call_arity(self):
        functions = self.world.of_kind("function", "predicate")
        if not functions:
            return self.broken_unknown_global()
        g = self.rng.choice(functions)
        params = list(g.params) if not g.template else [set_of(INTEGER)]
        args = [self.expr(p, 0).text for p in params]
        args = args + [args[0]] if self.chance(0.6) or len(args) == 1 else args[:-1]
        call = f"{g.alias}[{', '.join(args)}]"
        return call if g.kind == "function" else self._in_context(call)

    def broken_call_argument(self):
        functions = [g for g in self.world.of_kind("function", "predicate") if not g.template]
        if not functions:
            return self.broken_element_type()
        g = self.rng.choice(functions)
        args = [self.expr(p, 0).text for p in g.params]
        k = self.rng.randrange(len(args))
        wrong_ty = (self._other_type(g.params[k]) if g.params[k].kind == "set"
                    else set_of(g.params[k]))
        args[k] = self.expr(wrong_ty, 0).text
        call = f"{g.alias}[{', '.join(args)}]"
        return call if g.kind == "function" else self._in_context(call)

    def broken_card(self):
        return f"card({self.expr(self.rng.choice([INTEGER, self.element_type()]), 1).text})"

    def broken_arithmetic(self):
        ty = self.rng.choice([self.set_type(), tuple_of(INTEGER, INTEGER)]
                             + [t for t in self.world.element_types() if t.name != "C1"])
        return f"{self.expr(ty, 1).operand()} {self.rng.choice('+-*')} 1"

    def broken_ordering(self):
        ty = self.rng.choice([self.set_type()] + [t for t in self.world.element_types()
                                                  if t.name != "C1"])
        a, b = self.expr(ty, 1), self.expr(ty, 1)
        return self._in_context(f"{a.operand()} {self.rng.choice(['<', '≥'])} {b.operand()}")

    def broken_debool(self):
        return f"debool({self.expr(self.rng.choice([INTEGER, self.element_type()]), 1).text})"

    def broken_red(self):
        flat = set_of(self.rng.choice(self.world.element_types() + [INTEGER]))
        return f"red({self.expr(flat, 1).text})"

    def broken_boolean(self):
        return self.rng.choice([f"ℬ({self.expr(INTEGER, 1).text})",
                                f"card(ℬ({self.expr(self.element_type(), 0).text}))",
                                f"bool({self.formula(0).text})"])

    def broken_enumeration(self):
        a = self.expr(self.element_type(), 1)
        b = self.expr(self._other_type(set_of(a.ty)).base, 1)
        return "{" + f"{a.text}, {b.text}" + "}"

    def broken_tuple_declaration(self):
        domain = self.expr(set_of(self.rng.choice(self.world.element_types())), 0)
        a, b = self.fresh(), self.fresh()
        return self.rng.choice([f"∀({a}, {b})∈{domain.operand()} {a}={b}",
                                f"D{{({a}, {b})∈{domain.operand()} | {a}={b}}}",
                                f"[({a}, {b})∈{domain.operand()}] {a}"])

    def broken_quantifier_domain(self):
        a = self.fresh()
        return self.rng.choice([f"∀{a}∈{self.expr(INTEGER, 1).operand()} {a}={a}",
                                f"∃{a}∈({self.formula(0).text}) {a}={a}",
                                f"D{{{a}∈{self.expr(INTEGER, 0).operand()} | {a}={a}}}"])

    def broken_expected_logic(self):
        s = self.expr(self.set_type(), 1)
        return self.rng.choice([f"{s.operand()} & 1=1", f"¬{s.operand()}",
                                f"∀{self.fresh()}∈{s.operand()} {s.operand()}",
                                f"D{{{self.fresh()}∈{s.operand()} | {s.operand()}}}"])

    def broken_expected_set(self):
        f = self.formula(0)
        return self.rng.choice([f"card({f.text})", f"({f.text}) ∪ X1",
                                f"{self.expr(INTEGER, 0).text} ∈ ({f.text})"])

    def broken_unknown_global(self):
        return self.rng.choice(["S9", "D9 ∪ X1", "card(X7)", "F9[X1]", "P9[X1]", "C5",
                                "A9 & 1=1", "T9"])

    def broken_function_alone(self):
        functions = self.world.of_kind("function", "predicate")
        if not functions:
            return self.broken_unknown_global()
        g = self.rng.choice(functions)
        return self.rng.choice([g.alias, f"card({g.alias})", f"{g.alias} = ∅"])

    def broken_empty_set(self):
        s = self.expr(self.set_type(), 1)
        return self.rng.choice([f"{s.operand()} ∪ ∅", f"∅ \\ {s.operand()}", "card(∅)",
                                "debool(∅)", "Pr1(∅)", "red(∅)", "∅ ∩ ∅"])

    def broken_syntax(self):
        text = self.formula(2).text
        r = self.rng.random()
        if r < 0.3 and len(text) > 3:
            k = self.rng.randrange(len(text))
            return text[:k] + text[k + 1:]
        if r < 0.5:
            return text + self.rng.choice([")", " &", " ∪", "}", ","])
        if r < 0.7:
            return self.rng.choice(["{a=b}", "∀a∈X1", "a=b=c", "(1=1, 2)", "X1 ∪", "{}",
                                    "card()", "Fi[X1](X1)", "F1[]", "1 ++ 2", "¬", "Pr(X1)"])
        k = self.rng.randrange(len(text) + 1)
        return text[:k] + self.rng.choice(["#", "@", "$", "!", "?"]) + text[k:]

    def broken_radical(self):
        return self.rng.choice(["R1", "card(R1)", "[a∈R1] a", "∀a∈R1 a=a", "X1 ∪ R2"])

    def broken_global_definition(self):
        """A constituent's declaration as an expression (``D9 :== …``)."""
        ty = self.set_type()
        return self.rng.choice([f"D9 :== {self.expr(ty, 1).text}",
                                f"S9 ::= ℬ({self.rng.choice(self.world.element_types()).name})",
                                f"F9 :== [a∈{self.rng.choice(self.world.element_types()).name}] "
                                f"{{a}}"])

    def broken_large(self):
        """Well typed, with large values: a power set of a power set, big integers."""
        four = [t.name for t in self.world.element_types() if self.world.counts[t.name] >= 3]
        pick = self.rng.choice(four) if four else self.world.element_types()[0].name
        return self.rng.choice([f"ℬ(ℬ({pick}))", f"card(ℬ(ℬ({pick})))",
                                f"ℬ({pick}×{pick})", f"card(ℬ({pick}×{pick}×{pick}))",
                                "99999999999 * 99999999999", "9007199254740993 - 1",
                                "4294967296 * 4294967296", "123456789 * 1000"])

    def broken_evaluation(self):
        """Well typed, failing when evaluated."""
        return self.rng.choice([
            f"debool({self.expr(set_of(self.element_type()), 1).text})",
            f"card(Z)", "Z", f"{self.expr(INTEGER, 0).text} ∈ Z",
            f"{self.expr(set_of(INTEGER), 0).operand()} ⊆ Z",
            "Z ∩ {1, 2}", "R{a := 0 | a + 1}", "ℬ(Z)",
            f"card(ℬ(ℬ({self.rng.choice(self.world.element_types()).name})))",
            f"{self.rng.choice(self.world.element_types()).name} × Z"])


# ---------------------------------------------------------------------------
# Constituents and the case

def add_constituents(rng: random.Random, world: World) -> None:
    """Terms, functions, predicates and an axiom, typed as the generator
    believes them to be."""
    gen = Gen(rng, world)
    for i in range(1, rng.choice([0, 1, 1, 2, 3]) + 1):
        gen.start()
        ty = gen.set_type() if rng.random() < 0.8 else INTEGER
        e = gen.expr(ty, 2)
        world.globals[f"D{i}"] = Global(f"D{i}", "term", ty, e.text,
                                        size=min(e.size, world.universe(ty.base))
                                        if ty.kind == "set" else 0)
    number = 1
    for _ in range(rng.choice([0, 1, 1, 2])):
        gen.start()
        params = [gen.rng.choice([gen.element_type(), gen.set_type()])
                  for _ in range(rng.choice([1, 1, 2]))]
        names = [gen.fresh() for _ in params]
        decl = ", ".join(f"{n}∈{_domain_text(gen, t)}" for n, t in zip(names, params))
        with gen.bind(list(zip(names, params)), 1):
            ty = gen.set_type() if rng.random() < 0.7 else gen.element_type()
            body = gen.expr(ty, 2)
        world.globals[f"F{number}"] = Global(f"F{number}", "function", ty, f"[{decl}] {body.text}",
                                             params=tuple(params))
        number += 1
    if rng.random() < 0.35:
        name = rng.choice(["card", "add", "swap"])
        world.globals[f"F{number}"] = Global(f"F{number}", "function", None, TEMPLATES[name][0],
                                             template=name)
    number = 1
    for _ in range(rng.choice([0, 1, 1, 2])):
        gen.start()
        params = [gen.rng.choice([gen.element_type(), gen.set_type()])
                  for _ in range(rng.choice([1, 1, 2]))]
        names = [gen.fresh() for _ in params]
        decl = ", ".join(f"{n}∈{_domain_text(gen, t)}" for n, t in zip(names, params))
        with gen.bind(list(zip(names, params)), 1):
            body = gen.formula(2)
        world.globals[f"P{number}"] = Global(f"P{number}", "predicate", LOGIC,
                                             f"[{decl}] {body.text}", params=tuple(params))
        number += 1
    if rng.random() < 0.2:
        world.globals[f"P{number}"] = Global(f"P{number}", "predicate", LOGIC,
                                             TEMPLATES["has"][0], template="has")
    if rng.random() < 0.4:
        gen.start()
        world.globals["A1"] = Global("A1", "axiom", LOGIC, gen.formula(2).text)


def _domain_text(gen: Gen, ty: Ty) -> str:
    """A parameter's domain: the type written as a set expression (ℬ(X1×Z), X1, …)."""
    if ty.kind == "element":
        return ty.name
    if ty.kind == "tuple":
        return "×".join(f"({_domain_text(gen, p)})" if p.kind == "tuple" else _domain_text(gen, p)
                        for p in ty.parts)
    return f"ℬ({_domain_text(gen, ty.base)})"


def session_of(world: World, title: str) -> dict:
    items, model = [], []
    for n, g in enumerate(world.globals.values(), start=1):
        kind = {"theorem": "statement"}.get(g.kind, g.kind)
        items.append({"id": n, "alias": g.alias, "cstType": kind, "definitionFormal": g.formal})
        if g.kind == "basic":
            model.append({"id": n, "value": {str(i): f"{g.alias.lower()}{i}"
                                             for i in sorted(g.value)}})
        elif g.kind == "constant":
            model.append({"id": n, "value": {str(i): str(i) for i in sorted(g.value)}})
        elif g.kind == "structure" and g.value is not None:
            model.append({"id": n, "value": encode(g.value)})
    return {"contractVersion": "2.1.0",
            "state": {"sessionId": title, "alias": title, "title": title, "items": items,
                      "model": {"items": model}}}


def make_case(rng: random.Random, number: int, count: int, broken_share: float) -> Case:
    """A world and ``count`` expressions over it (and the aliases of its
    terms and axiom, and its functions' definitions)."""
    world = make_world(rng)
    add_constituents(rng, world)
    gen = Gen(rng, world)
    expressions: list[GenExpr] = []
    for g in world.globals.values():
        if g.kind in ("term", "axiom"):
            expressions.append(GenExpr(g.alias, "typed", ("alias of a " + g.kind,)))
    expressions = expressions[:count]
    seen = {e.text for e in expressions}
    tries = 0
    while len(expressions) < count and tries < count * 20:
        tries += 1
        if rng.random() < broken_share:
            text, how = gen.broken()
            intent = f"broken:{how}"
        else:
            gen.start()
            r = rng.random()
            if r < 0.25:
                text = gen.dispatch([(gen.f_quantifier, 3), (gen.f_quantifier_tuple, 1),
                                     (gen.f_quantifier_many, 1)], None, rng.choice([2, 3, 3]))
                text = (text or gen.formula(2)).text
            elif r < 0.5:
                text = gen.formula(rng.choice([1, 2, 2, 3])).text
            else:
                ty = gen.set_type() if r < 0.85 else rng.choice([INTEGER, gen.element_type()])
                text = gen.expr(ty, rng.choice([1, 2, 2, 3])).text
            intent = "typed"
        if text in seen or len(text) > 400:
            continue
        seen.add(text)
        expressions.append(GenExpr(text, intent, tuple(sorted(gen.tags))))
    expressions += domain_function(rng, world)
    world_title = f"diff{number:04d}"
    return Case(number, world, session_of(world, world_title), expressions)


def domain_function(rng: random.Random, world: World) -> list[GenExpr]:
    """Sometimes a function whose parameter ranges over a structure's or a
    term's value (``[p∈S2] {p}``), and calls of it inside and outside that
    value.  Drawn after everything else of the case, so that the case's
    other expressions stay what they were."""
    if rng.random() >= 0.4:
        return []
    sets = [g for g in world.of_kind("structure", "term") if g.ty is not None
            and g.ty.kind == "set" and g.ty.base.kind in ("element", "tuple")]
    if not sets:
        return []
    domain = rng.choice(sets)
    number = 1 + max((int(a[1:]) for a in world.globals if a.startswith("F")), default=0)
    alias = f"F{number}"
    body = rng.choice(["{p}", "bool(p)"])
    world.globals[alias] = Global(alias, "function", domain.ty, f"[p∈{domain.alias}] {body}",
                                  params=(domain.ty.base,))
    gen = Gen(rng, world)
    gen.start()
    ambient = gen.leaf(domain.ty)  # the type's whole universe: X1, X1×X1, C1, …
    calls = [f"∀x∈{domain.alias} {alias}[x]={{x}}",
             f"D{{x∈{ambient.operand()} | card({alias}[x]) = 1}}",
             f"∃x∈{ambient.operand()} {alias}[x]≠{{x}}"]
    return [GenExpr(text, "typed", ("F[…] over a value domain",))
            for text in rng.sample(calls, 2)]
