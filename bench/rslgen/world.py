"""Worlds: a random schema with a model (basic and constant sets, structures)."""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field

from tests.conformance.answers import INTEGER, Ty, element, set_of, show_value, tuple_of


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
