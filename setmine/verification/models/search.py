"""The models of a schema within a scope, pruned by the axioms.

The same models as ``naive.py``'s enumeration, in the same order, found
with less work: the structures are chosen one after another (each after
those its domain reads), and an axiom is evaluated as soon as every
structure it reads — directly or through terms — has its value.  A false
axiom cuts the branch: none of the values of the structures still to choose
is tried.  An axiom that reads no structure is decided once per size
vector.  An axiom that reads no term is evaluated straight from its tree
(``Axioms``), without the schema's ordering of terms.
``tests/verification/test_models_search.py`` holds this search to the
plain enumeration on schemas of several structures.
"""

from __future__ import annotations

from typing import Iterator

from ...eval.interpret.evaluator import Evaluator
from ...eval.interpret.model import functions, run_tree
from ...eval.values.budget import Budget
from ...eval.values.sets import order_key
from .isomorphism import relabel
from .naive import (Census, Interpretation, check_classes, domain_values, holds,
                    structure_order, structure_types)
from .scope import ModelScope


class Axioms:
    """The truth of axioms on an interpretation, each evaluated straight
    from its tree when it reads no term (the schema's evaluation, with its
    order of terms, otherwise: ``naive.holds``)."""

    def __init__(self, schema, budget: Budget):
        self.schema, self.budget = schema, budget
        self.functions = functions(schema)
        self.direct = {c.alias: not any(schema[n].kind == "term" for n in schema.closure(c.alias)
                                        if n in schema)
                       for c in schema if c.kind == "axiom"}

    def hold(self, values, aliases: list[str]) -> bool:
        if not all(self.direct[a] for a in aliases):
            return holds(self.schema, values, aliases, self.budget)
        evaluator = Evaluator(values, self.functions, self.budget)
        for alias in aliases:
            result = run_tree(evaluator, self.schema.tree(alias), True, self.budget, alias)
            if result.error is not None or result.value is not True:
                return False
        return True


def axiom_stages(schema, order: list[str]) -> list[list[str]]:
    """For each number k of structures chosen (0…len(order)), the axioms
    decided once the first k are: those whose structures are all among them
    and not among the first k − 1."""
    structures = set(order)
    stages: list[list[str]] = [[] for _ in range(len(order) + 1)]
    for c in schema:
        if c.kind != "axiom":
            continue
        reads = (schema.closure(c.alias) | set(schema.uses(c.alias))) & structures
        k = max((order.index(a) + 1 for a in reads), default=0)
        stages[k].append(c.alias)
    return stages


def first_leader(schema, first: str):
    """Symmetry breaking on the first structure chosen: a test that keeps a
    value only if no swap of two consecutive elements of a basic set makes
    it smaller (``order_key``).  Sound: the least form of a class over
    every renaming (``isomorphism.canonical``, whose first part is this
    structure) passes it, so every class keeps a model."""
    type_ = structure_types(schema)[first]
    basic = [c.alias for c in schema if c.kind == "basic"]

    def keep(value, sizes) -> bool:
        key = order_key(value)
        for alias in basic:
            n = sizes.get(alias, 0)
            for i in range(n - 1):
                swap = list(range(n))
                swap[i], swap[i + 1] = i + 1, i
                if order_key(relabel(value, type_, {alias: tuple(swap)})) < key:
                    return False
        return True
    return keep


def models(schema, scope: ModelScope, budget: Budget | None = None,
           tried: list[int] | None = None, symmetry: bool = False) -> Iterator[Interpretation]:
    """Every model of ``schema``'s axioms in ``scope``, in the order of
    ``naive.interpretations``; ``tried[0]`` counts the partial and whole
    interpretations looked at.  With ``symmetry``, at least one model of
    every class up to isomorphism, not every model (``first_leader``)."""
    budget = budget or Budget()
    order = structure_order(schema)
    stages = axiom_stages(schema, order)
    axioms = Axioms(schema, budget)
    leader = first_leader(schema, order[0]) if symmetry and order else None
    counter = tried if tried is not None else [0]
    for sizes in scope.size_vectors():
        data = {alias: frozenset(range(n)) for alias, n in sizes.items()}
        counter[0] += 1
        if axioms.hold(data, stages[0]):
            yield from _choose(schema, scope, order, stages, axioms, leader, 0, data, sizes,
                               budget, counter)


def _choose(schema, scope, order, stages, axioms, leader, k, data, sizes, budget, counter):
    if k == len(order):
        yield Interpretation(dict(sizes), dict(data))
        return
    alias = order[k]
    for value in domain_values(schema, alias, data, scope, budget):
        if k == 0 and leader is not None and not leader(value, sizes):
            continue
        counter[0] += 1
        chosen = {**data, alias: value}
        if axioms.hold(chosen, stages[k + 1]):
            yield from _choose(schema, scope, order, stages, axioms, leader, k + 1, chosen,
                               sizes, budget, counter)


def census(schema, scope: ModelScope, budget: Budget | None = None,
           symmetry: bool = False) -> Census:
    """``naive.census``'s counts, by this search (``interpretations``: the
    partial and whole ones looked at); with ``symmetry`` the labelled
    models are counted from the classes (Σ Π nᵢ!/|Aut|)."""
    found, tried = Census(), [0]
    for model in models(schema, scope, budget, tried, symmetry):
        found.add(schema, model)
    found.interpretations = tried[0]
    if symmetry:
        found.labelled = check_classes(found, schema)
    return found


__all__ = ["Axioms", "axiom_stages", "census", "first_leader", "models"]
