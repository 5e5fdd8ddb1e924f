"""Formulas: one method per construct."""

from __future__ import annotations

from tests.conformance.answers import INTEGER, element, set_of, tuple_of

from .core import E, F
from .world import POWER_LIMIT


class FormulaMethods:
    """Gen's formulas (``f_*``): one method per construct."""

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
