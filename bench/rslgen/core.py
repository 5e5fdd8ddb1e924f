"""The generator's core: generated expressions and formulas, the
bookkeeping of locals and work, and the dispatch to one method per construct."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from tests.conformance.answers import INTEGER, LOGIC, Ty, set_of, tuple_of

from .world import INF, LOCAL_NAMES, POWER_LIMIT, WORK_LIMIT, World



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


class GenCore:
    """What every construct's method of ``Gen`` uses: the world, the locals in
    scope, the work bound, and the choice of a method for a wanted type."""

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
