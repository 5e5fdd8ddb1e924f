"""Expressions wrong on purpose, each in its own way."""

from __future__ import annotations

from tests.conformance.answers import INTEGER, Ty, set_of, tuple_of

from .core import E


class BrokenMethods:
    """Gen's expressions wrong on purpose (``broken_*``), each returning its
    text and how it is broken."""

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
            "card(Z)", "Z", f"{self.expr(INTEGER, 0).text} ∈ Z",
            f"{self.expr(set_of(INTEGER), 0).operand()} ⊆ Z",
            "Z ∩ {1, 2}", "R{a := 0 | a + 1}", "ℬ(Z)",
            f"card(ℬ(ℬ({self.rng.choice(self.world.element_types()).name})))",
            f"{self.rng.choice(self.world.element_types()).name} × Z"])
