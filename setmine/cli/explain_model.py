"""``setmine explain MODEL ALIAS [CANDIDATE]`` on a model of any schema:
the constituent's formula, reading and texts, then its value with the
elements by name (an axiom or theorem: its verdict, explained), or why a
CANDIDATE — written with names, ``'(Boris, models)'``, ``'{sets, logic}'``
— is or is not a member, as a chain down to the model's facts."""

from __future__ import annotations

import json
import sys

from ..eval.interpret.evaluator import Evaluator
from ..eval.interpret.model import functions
from ..eval.values.sets import CURRENT_BUDGET
from ..model.decode import ValueProblem
from ..model.reading import read_value
from ..present.explain.glossary import PLAIN, words
from ..present.explain.reading import read
from ..present.explain.trace import explain
from ..present.explain.trace import render as render_trace
from ..present.explain.why import evaluate_terms, render, why_member
from ..present.output import values as present
from ..present.output.header import declaration, schema_line, schema_name
from ..present.output.model_report import model_summary
from ..rsl.semantics.types import SetType
from ..rsl.syntax import tree as s
from .common import budget_from, load_subject


def run(args) -> int:
    from . import UserError

    budget = budget_from(args)
    subject = load_subject(args, budget)
    schema, model = subject.schema, subject.model
    alias = args.alias
    if alias not in schema:
        known = ", ".join(c.alias for c in schema if c.kind in ("term", "axiom", "theorem"))
        raise UserError(f"no constituent {alias} in {schema.path} (its terms, axioms and "
                        f"theorems: {known})")
    analysis = schema.analysis[alias]
    if analysis.error is not None:
        raise UserError(f"{alias} has an error, so it cannot be explained: {analysis.error}")
    kind = schema[alias].kind
    candidate = None
    if args.cell is not None:
        if kind in ("axiom", "theorem", "function", "predicate", "nominal") \
                or not isinstance(analysis.type, SetType):
            raise UserError(f"{alias} is a {kind} of type {analysis.type}, not a set: explain it "
                            f"without a candidate")
        try:
            candidate = read_value(args.cell, analysis.type.base, model)
        except ValueProblem as exc:
            raise UserError(f"{alias}: {exc}") from None
    results = evaluate_terms(schema, subject.data, budget, only=[alias])
    if alias in results and results[alias].error is not None:
        error = results[alias].error
        raise UserError(f"{alias} cannot be evaluated on {args.board}: {error.code}: "
                        f"{error.message}")
    values = {**subject.data, **{a: r.value for a, r in results.items()
                                 if r.ok and r.kind == "term"}}
    evaluator = Evaluator(values, functions(schema), budget)
    token = CURRENT_BUDGET.set(budget)
    try:
        out = {"schema": schema_name(schema), "model": model_summary(model), "alias": alias,
               "kind": kind, "type": str(analysis.type)}
        lines = []
        if kind in ("axiom", "theorem"):
            trace = explain(evaluator, analysis.tree)
            out["verdict"] = trace.value if isinstance(trace.value, bool) else None
            out["explanation"] = render_trace(trace)
            verdict = {True: "true", False: "false"}.get(out["verdict"], "undecided")
            lines += [f"{alias} is {verdict} in this model:"] + \
                ["  " + line for line in out["explanation"]]
        elif kind in ("function", "predicate"):
            raise UserError(f"{alias} is a {kind}: it has a value only when applied; ask about "
                            f"a term that calls it, or give `setmine eval --term '{alias}[…]'`")
        else:
            value = evaluator.data.get(alias)
            out["value"] = present.to_json(value, analysis.type)
            lines.append(f"value: {present.to_text(value, analysis.type, 100)}")
        if args.cell is not None:
            reason = why_member(evaluator, schema, s.Global(alias), candidate, glossary=PLAIN)
            out["candidate"] = present.to_json(candidate, analysis.type.base)
            out["member"] = reason.holds
            out["chain"] = _reason_json(reason)
            lines += [""] + render(reason)
    finally:
        CURRENT_BUDGET.reset(token)
    if args.json:
        json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    print(schema_line(schema))
    print(f"model: {model.title or model.source}")
    print(header(schema, alias))
    print()
    print("\n".join(lines))
    return 0


def header(schema, alias: str) -> str:
    """The constituent's declaration, with its reading and texts."""
    c = schema.displayed(alias)
    a = schema.analysis[alias]
    lines = [declaration(schema, alias)]
    if a.tree is not None:
        lines.append("  reading: " + read(a.tree, words(schema)))
    lines.append(f"  typification {a.typification}" +
                 (f", value class {a.value_class}" if a.value_class else ""))
    for label, text in (("term", c.term), ("convention", c.convention), ("gloss", c.gloss)):
        if text:
            lines.append(f"  {label}: {text}")
    return "\n".join(lines)


def _reason_json(reason) -> dict:
    return {"claim": reason.prefix + reason.claim, "verdict": reason.verdict or None,
            "note": reason.note or None, "children": [_reason_json(c) for c in reason.children]}
