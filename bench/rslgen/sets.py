"""Set, integer and element expressions: one method per construct."""

from __future__ import annotations

import math

from tests.conformance.answers import INTEGER, Ty, set_of, tuple_of

from .core import E
from .world import POWER_LIMIT


class SetMethods:
    """Gen's set, integer, element and tuple expressions (``set_*``, ``int_*``,
    ``elem_*``, ``tuple_*``): one method per construct."""

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
