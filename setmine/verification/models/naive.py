"""Every model of a schema within a scope, by the definition.

An *interpretation* gives each basic set ``X`` of size n the elements
0…n−1, each constant set of size n the integers 0…n−1, and each structure a
value of its domain — ``S1 ::= ℬ(X1×X1)`` any set of pairs, ``S2 ::= X1``
any element, ``S3 ::= ℬ(S1)`` any subset of S1's value — where a ``Z`` in a
domain stands for the integers of the scope.  A *model* is an
interpretation in which every axiom is true.

This module goes through every interpretation, structure after structure
(a domain that reads other structures or terms after them), and evaluates
the axioms on each: exponential in the size of every domain, so it is
usable on the smallest scopes only — and that is its job: it is the oracle
the searches that prune and break symmetry are checked against, simple
enough to trust.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterator, Mapping

from ...eval.interpret.evaluator import Evaluator
from ...eval.interpret.model import evaluate_schema, functions
from ...eval.values.budget import Budget
from ...eval.values.sets import CURRENT_BUDGET, members
from ...rsl.semantics.domains import reads_values
from ...rsl.semantics.types import Type
from .isomorphism import canonical, class_size
from .scope import ModelScope


@dataclass
class Interpretation:
    """The sizes of the basic and constant sets and the value of every basic
    set, constant set and structure (alias → Python value)."""

    sizes: dict[str, int]
    values: dict[str, object]


@dataclass
class Census:
    """What a scope holds: ``labelled`` models, ``classes`` of them up to
    isomorphism (one representative each, the first found), and how many
    interpretations were tried."""

    labelled: int = 0
    interpretations: int = 0
    classes: dict[tuple, Interpretation] = field(default_factory=dict)

    @property
    def models(self) -> int:
        return len(self.classes)

    def add(self, schema, model: Interpretation) -> bool:
        """Count a model; True when it opens a new class."""
        self.labelled += 1
        key = class_key(schema, model)
        if key in self.classes:
            return False
        self.classes[key] = model
        return True


def class_key(schema, model: Interpretation) -> tuple:
    """The isomorphism class of a model: its sizes and canonical form
    (only the basic sets are renamed)."""
    return (tuple(sorted(model.sizes.items())),
            canonical(model.values, structure_types(schema), renamed(schema, model)))


def renamed(schema, model: Interpretation) -> dict[str, int]:
    """The sizes of the sets a renaming permutes: the basic ones."""
    return {a: n for a, n in model.sizes.items() if schema[a].kind == "basic"}


@lru_cache(maxsize=16)
def structure_types(schema) -> dict[str, Type]:
    """Each structure's type, in the order the structures are chosen (the
    order of a canonical form's parts); computed once per schema."""
    env = schema.environment()
    return {a: env[a].type for a in structure_order(schema)}


@lru_cache(maxsize=16)
def _domain_terms(schema, alias: str) -> tuple[str, ...]:
    """The terms the domain of ``alias`` reads; computed once per schema."""
    return tuple(n for n in reads_values(schema.analysis[alias].tree, schema.environment())
                 if schema[n].kind == "term")


class _BoundedZ(Evaluator):
    """The evaluator with ``Z`` standing for the scope's integers."""

    def __init__(self, data, functions_, budget, integers: tuple[int, int] | None):
        super().__init__(data, functions_, budget)
        self.integers = integers

    def value_IntegerSet(self, n, env):
        if self.integers is None:
            return super().value_IntegerSet(n, env)
        low, high = self.integers
        return frozenset(range(low, high + 1))


def structure_order(schema) -> list[str]:
    """The structures, each after the structures its domain reads (directly
    or through terms)."""
    structures = [c.alias for c in schema if c.kind == "structure"]
    done: list[str] = []
    pending = list(structures)
    while pending:
        ready = [a for a in pending
                 if not (schema.closure(a) & set(structures)) - set(done) - {a}]
        if not ready:  # a cycle: the schema's analysis has refused it already
            ready = pending[:1]
        done.append(ready[0])
        pending.remove(ready[0])
    return done


def domain_values(schema, alias: str, data: Mapping[str, object], scope: ModelScope,
                  budget: Budget) -> Iterator:
    """Every value ``alias`` may take given ``data`` (the sets and the
    structures before it)."""
    domain = schema.analysis[alias].tree
    values = dict(data)
    needed = list(_domain_terms(schema, alias))
    if needed:
        for name, result in evaluate_schema(schema, values, budget, only=needed).items():
            if result.ok and result.kind == "term":
                values[name] = result.value
    evaluator = _BoundedZ(values, functions(schema), budget, scope.integers)
    token = CURRENT_BUDGET.set(budget)
    try:
        budget.restart(f"the domain of {alias}")
        listed = list(members(evaluator.value(domain), budget))
    finally:
        CURRENT_BUDGET.reset(token)
    return iter(listed)


def interpretations(schema, scope: ModelScope,
                    budget: Budget | None = None) -> Iterator[Interpretation]:
    """Every interpretation of ``schema`` in ``scope``, smallest sizes first."""
    budget = budget or Budget()
    order = structure_order(schema)
    for sizes in scope.size_vectors():
        base = {alias: frozenset(range(n)) for alias, n in sizes.items()}
        yield from _assign(schema, scope, order, base, sizes, budget)


def _assign(schema, scope, order, data, sizes, budget) -> Iterator[Interpretation]:
    if not order:
        yield Interpretation(dict(sizes), dict(data))
        return
    alias, rest = order[0], order[1:]
    for value in domain_values(schema, alias, data, scope, budget):
        yield from _assign(schema, scope, rest, {**data, alias: value}, sizes, budget)


def holds(schema, values: Mapping[str, object], aliases: list[str],
          budget: Budget | None = None) -> bool:
    """Whether every one of ``aliases`` (axioms, theorems) is true on
    ``values``; one that cannot be evaluated is not true."""
    if not aliases:
        return True
    results = evaluate_schema(schema, values, budget or Budget(), only=aliases)
    return all(results[a].ok and results[a].value is True for a in aliases)


def census(schema, scope: ModelScope, budget: Budget | None = None) -> Census:
    """Every model of ``schema``'s axioms in ``scope``, counted labelled and
    up to isomorphism, by trying every interpretation."""
    axioms = [c.alias for c in schema if c.kind == "axiom"]
    found = Census()
    for interpretation in interpretations(schema, scope, budget):
        found.interpretations += 1
        if holds(schema, interpretation.values, axioms, budget):
            found.add(schema, interpretation)
    return found


def weight(model: Interpretation) -> tuple[int, int]:
    """How large a model is: its elements, then the members of its
    structures (a counterexample is shown on the least)."""
    return (sum(model.sizes.values()),
            sum(len(v) for a, v in model.values.items()
                if a not in model.sizes and isinstance(v, frozenset)))


def check_classes(found: Census, schema) -> int:
    """The labelled count again, from the classes by the orbit–stabiliser
    theorem (Σ Π nᵢ! / |Aut|): equal to ``found.labelled`` when the classes
    are right."""
    return sum(class_size(i.values, structure_types(schema), renamed(schema, i))
               for i in found.classes.values())


__all__ = ["Census", "Interpretation", "census", "weight", "check_classes", "class_key", "domain_values", "holds", "renamed", "structure_types",
           "interpretations", "structure_order"]
