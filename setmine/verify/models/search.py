"""The models of a schema within a scope, pruned by the axioms.

The same models as ``naive.py``'s enumeration, in the same order, found
with less work: the structures are chosen one after another (each after
those its domain reads), and an axiom is evaluated as soon as every
structure it reads — directly or through terms — has its value.  A false
axiom cuts the branch: none of the values of the structures still to choose
is tried.  An axiom that reads no structure is decided once per size
vector.  An axiom that reads no term is evaluated straight from its tree
(``Axioms``), without the schema's ordering of terms.
``tests/verify/test_models_search.py`` holds this search to the
plain enumeration on schemas of several structures.
"""

from __future__ import annotations

from typing import Iterator

from ...eval.interpret.evaluator import Evaluator
from ...eval.interpret.model import functions, run_tree
from ...eval.values.budget import Budget
from .naive import Census, Interpretation, domain_values, holds, structure_order
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


def models(schema, scope: ModelScope, budget: Budget | None = None,
           tried: list[int] | None = None) -> Iterator[Interpretation]:
    """Every model of ``schema``'s axioms in ``scope``, in the order of
    ``naive.interpretations``; ``tried[0]`` counts the partial and whole
    interpretations looked at."""
    budget = budget or Budget()
    order = structure_order(schema)
    stages = axiom_stages(schema, order)
    axioms = Axioms(schema, budget)
    counter = tried if tried is not None else [0]
    for sizes in scope.size_vectors():
        data = {alias: frozenset(range(n)) for alias, n in sizes.items()}
        counter[0] += 1
        if axioms.hold(data, stages[0]):
            yield from _choose(schema, scope, order, stages, axioms, 0, data, sizes, budget,
                               counter)


def _choose(schema, scope, order, stages, axioms, k, data, sizes, budget, counter):
    if k == len(order):
        yield Interpretation(dict(sizes), dict(data))
        return
    alias = order[k]
    for value in domain_values(schema, alias, data, scope, budget):
        counter[0] += 1
        chosen = {**data, alias: value}
        if axioms.hold(chosen, stages[k + 1]):
            yield from _choose(schema, scope, order, stages, axioms, k + 1, chosen, sizes,
                               budget, counter)


def census(schema, scope: ModelScope, budget: Budget | None = None) -> Census:
    """``naive.census``'s counts, by this search (``interpretations``: the
    partial and whole ones looked at)."""
    found, tried = Census(), [0]
    for model in models(schema, scope, budget, tried):
        found.add(schema, model)
    found.interpretations = tried[0]
    return found


__all__ = ["Axioms", "axiom_stages", "census", "models"]
