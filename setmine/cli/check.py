"""``setmine check BOARD [--spec FILE]``: the verdict of every axiom of the
schema on the board — with the falsifying binding of a false ∀, the witness
of a true ∃, and the values of the sub-formulas under that binding."""

from __future__ import annotations

import json
import sys

from ..board import structure
from ..eval.explain import explain, render
from ..eval.interp import Evaluator
from ..eval.model import evaluate_schema
from .common import (BOARD_HELP, add_board_options, add_budget_options, budget_from,
                     completion_note, load_inputs)


def add_parser(sub) -> None:
    p = sub.add_parser("check", help="check the axioms of the schema on a board",
                       description=__doc__)
    p.add_argument("board", help=BOARD_HELP)
    p.add_argument("--json", action="store_true", help="verdicts and explanations as JSON")
    add_board_options(p)
    add_budget_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    schema, board = load_inputs(args)
    budget = budget_from(args)
    data = structure(board)
    axioms = [c.alias for c in schema if c.kind in ("axiom", "theorem")]
    results = evaluate_schema(schema, data, budget, only=axioms)
    values = {**data, **{a: r.value for a, r in results.items() if r.ok and r.kind == "term"}}
    functions = {c.alias: schema.tree(c.alias) for c in schema
                 if c.kind in ("function", "predicate")}
    evaluator = Evaluator(values, functions, budget)
    report = []
    for alias in axioms:
        budget.restart(alias)
        trace = explain(evaluator, schema.tree(alias))
        report.append((alias, trace))
    if args.json:
        json.dump([{"alias": a, "verdict": t.value if isinstance(t.value, bool) else None,
                    "explanation": render(t)} for a, t in report],
                  sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        note = completion_note(board)
        if note:
            print("note: " + note)
        for alias, trace in report:
            verdict = {True: "true", False: "false"}.get(trace.value, "error")
            print(f"{alias} = {verdict}    {schema[alias].gloss}")
            for line in render(trace):
                print("  " + line)
    failed = [a for a, t in report if t.value is not True]
    return 1 if failed else 0
