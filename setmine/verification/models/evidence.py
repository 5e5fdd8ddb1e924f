"""Why a property fails on its smallest model, as verify's evidence says it
for a board: the values of the terms the formula reads, and the formula
explained down to the binding that breaks it — the witness of every
quantifier on the path (the ``a`` for which ``card(F1[a]) ≤ 2`` fails).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...eval.interpret.evaluator import Evaluator
from ...eval.interpret.model import Result, evaluate_schema, functions
from ...eval.values.budget import Budget
from ...present.explain.trace import Trace, explain, witnesses
from ...rsl.schema import dependencies
from .naive import Interpretation


@dataclass
class ModelEvidence:
    values: dict[str, Result] = field(default_factory=dict)
    traces: list[Trace] = field(default_factory=list)

    @property
    def witnesses(self) -> list[tuple[str, dict]]:
        """The binding of each quantifier on the path to the failure."""
        return witnesses(self.traces)


def gather(schema, model: Interpretation, formula: str, budget: Budget | None = None
           ) -> ModelEvidence:
    """The evidence of ``formula`` (an alias or a formula's text) failing on
    ``model``."""
    tree = schema.tree(formula) if formula in schema else schema.expression_tree(formula)
    return explained(schema, model.values, [tree], budget or Budget())


def explained(schema, data, formulas: list, budget: Budget) -> ModelEvidence:
    """The terms ``formulas`` read, valued on ``data``, and each formula
    explained down to the binding that decides it (verify's evidence for a
    board uses it too)."""
    names = list(dict.fromkeys(
        n for tree in formulas for n, _ in dependencies(tree)
        if n in schema and schema[n].kind == "term"))
    chain = evaluate_schema(schema, data, budget, only=names)
    evidence = ModelEvidence(values={n: chain[n] for n in names if n in chain})
    known = {**data, **{a: r.value for a, r in chain.items() if r.ok and r.kind == "term"}}
    evaluator = Evaluator(known, functions(schema), budget)
    evidence.traces = [explain(evaluator, tree) for tree in formulas]
    return evidence


__all__ = ["ModelEvidence", "explained", "gather"]


def values_json(schema, interpretation) -> dict:
    """A model's values as JSON (``present.output.values.to_json``)."""
    from ...present.output.values import to_json

    env = schema.environment()
    return {alias: to_json(value, env[alias].type) for alias, value in
            interpretation.values.items()}


def evidence_json(schema, model: Interpretation, formula: str) -> dict:
    """verify's evidence fields for a property's counterexample: the terms
    the formula reads, the witnesses of its quantifiers, the explanation."""
    from ...present.explain.trace import render as render_trace
    from ...present.output.values import to_json as value_json

    evidence = gather(schema, model, formula)

    def typed(name: str):
        return schema.analysis[name].type if name in schema else None
    return {"values": {n: value_json(r.value, typed(n)) if r.ok else {"error": r.error.message}
                       for n, r in evidence.values.items()},
            "witnesses": [{"formula": text, "binding": {var: value_json(v, None)
                                                        for var, v in binding.items()}}
                          for text, binding in evidence.witnesses],
            "explanation": [line for t in evidence.traces for line in render_trace(t)]}
