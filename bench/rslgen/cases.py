"""Constituents added to a world, a world written as an rstool session, and
the cases the differential run compares."""

from __future__ import annotations

import random

from tests.conformance.answers import INTEGER, LOGIC, Ty, encode

from .broken import BrokenMethods
from .core import TEMPLATES, GenCore
from .formulas import FormulaMethods
from .sets import SetMethods
from .world import Case, GenExpr, Global, World, make_world


class Gen(GenCore, SetMethods, FormulaMethods, BrokenMethods):
    """Expressions over one world: ``GenCore`` and one method per construct."""


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
