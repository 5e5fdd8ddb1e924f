"""``setmine eval BOARD [--term TERM …] [--json]``: every term of the schema
evaluated over the board, exactly — a set of cells drawn on the board, a
relation as a table, a family by its members' differences, anything large
by its exact cardinality and first members — and how it was computed.

TERM is an alias (``D8``) or any RSLang expression over the schema
(``'card(D15)'``, ``'D8 ∪ D11'``); repeat --term for several.  Terms whose
formula the defect search found wrong are marked ⚠ with their page in
docs/schema/.  The JSON encoding of values is docs/json.md."""

from __future__ import annotations

import json
import sys

from ..board import structure
from ..eval.interpret.evaluator import Evaluator
from ..eval.interpret.model import Result, evaluate_schema, functions, run_tree
from ..eval.values.budget import Budget
from ..present.output import defect_marks
from ..present.output import values as present
from ..present.output.board_notes import NO_MOVE, board_summary, completion_note, uses_move
from ..present.output.eval_report import results_json
from ..present.output.header import schema_name
from ..rsl.schema import dependencies
from ..rsl.syntax import tree as s
from ..rsl.syntax.errors import RSLError
from .commands import summary_of
from .common import (BOARD_HELP, add_board_options, add_budget_options, budget_from, help_text,
                     load_subject, requested_terms)
from .argtypes import nonnegative_int


def add_parser(sub) -> None:
    p = sub.add_parser("eval", help=summary_of("eval"),
                       description=help_text(__doc__))
    p.add_argument("board", help=BOARD_HELP)
    p.add_argument("--term", action="append", metavar="TERM",
                   help="only this alias or expression (repeatable)")
    p.add_argument("--json", action="store_true", help="one JSON object (docs/json.md)")
    p.add_argument("--list", dest="list", type=nonnegative_int, metavar="N",
                   help=f"list at most N members of each set (default {present.TEXT_MEMBERS} "
                        f"in text, {present.DEFAULT_MAX_ELEMENTS} in JSON); larger sets show "
                        f"their exact cardinality and first members")
    p.add_argument("--cell", metavar="R,C", help="show relations only at this cell")
    p.add_argument("--explain-plan", action="store_true",
                   help="first, how the compiled path (what verify and the schema player run) "
                        "evaluates each constituent, or which construct it leaves to the "
                        "reference evaluator")
    add_board_options(p)
    add_budget_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from . import UserError
    from .explain import parse_board_cell

    if args.list is not None and args.list < 0:
        raise UserError(f"--list {args.list}: the number of members to list is at least 0")
    subject = load_subject(args, budget_from(args))
    if subject.model is not None:
        return run_model(args, subject)
    schema, board = subject.schema, subject.board
    cell = parse_board_cell(args.cell, board) if args.cell else None
    results, types = evaluate(schema, board, requested_terms(schema, args.term),
                              budget_from(args))
    marks = defect_marks.marks(schema)
    if args.explain_plan and not args.json:
        from ..eval.compiled.program import Program

        print("compiled path:")
        for line in Program(schema).explain():
            print(f"  {line}")
        print()
    if args.json:
        limit = present.DEFAULT_MAX_ELEMENTS if args.list is None else args.list
        json.dump(contract(schema, board, results, types, limit, marks), sys.stdout,
                  ensure_ascii=False, indent=1)
        print()
    else:
        from ..present.output.eval_report import print_results

        limit = present.TEXT_MEMBERS if args.list is None else args.list
        print_results(schema, board, results, types, marks, limit, cell)
    return 1 if any(r.error for r in results.values()) else 0


def run_model(args, subject) -> int:
    """``setmine eval MODEL``: every term over a model of any schema."""
    from . import UserError
    from ..present.output.model_report import model_contract, print_model_results

    if args.cell or args.explain_plan:
        raise UserError(f"--{'cell' if args.cell else 'explain-plan'} applies to a board, not "
                        f"to the model {args.board}")
    schema, model = subject.schema, subject.model
    results, types = evaluate_data(schema, subject.data, requested_terms(schema, args.term),
                                   budget_from(args))
    if args.json:
        limit = present.DEFAULT_MAX_ELEMENTS if args.list is None else args.list
        json.dump(model_contract(schema, model, results, types, limit), sys.stdout,
                  ensure_ascii=False, indent=1)
        print()
    else:
        limit = present.TEXT_MEMBERS if args.list is None else args.list
        print_model_results(schema, model, results, types, limit, given=not args.term)
    return 1 if any(r.error for r in results.values()) else 0


def evaluate(schema, board, requests, budget: Budget) -> tuple[dict, dict]:
    """name → Result and name → type over a board (see :func:`evaluate_data`),
    a failure that needs the move saying so."""
    results, types = evaluate_data(schema, structure(board), requests, budget)
    if board.move is None:
        trees = {r.text: r.tree for r in requests}
        for name, r in results.items():
            if r.error is not None and uses_move(schema, name, trees.get(name)):
                r.error = RSLError(r.error.code, f"{r.error.message}; {NO_MOVE}", 0, 0)
    return results, types


def evaluate_data(schema, data, requests, budget: Budget) -> tuple[dict, dict]:
    """name → Result and name → type: every constituent, or the requested
    aliases and expressions (in the order asked)."""
    if not requests:
        results = evaluate_schema(schema, data, budget)
        types = {a: schema.analysis[a].type for a in results}
    else:
        needed = [r.alias for r in requests if r.alias] + [
            name for r in requests if r.alias is None for name, _ in dependencies(r.tree)
            if name in schema and schema[name].kind == "term"]
        computed = evaluate_schema(schema, data, budget, only=needed)
        values = {**data, **{a: r.value for a, r in computed.items() if r.ok and r.kind == "term"}}
        results, types = {}, {}
        for r in requests:
            if r.alias is not None:
                results[r.text] = computed.get(r.alias) or Result(r.alias, schema[r.alias].kind,
                                                                  value=data.get(r.alias))
            else:
                results[r.text] = expression(schema, values, r.tree, budget)
            types[r.text] = r.type
    return results, types


def expression(schema, values: dict, tree, budget: Budget) -> Result:
    """One --term expression over the computed terms (the model's
    :func:`run_tree`, as every term is computed)."""
    formula = s.is_formula(tree)
    result = run_tree(Evaluator(values, functions(schema), budget), tree, formula, budget)
    result.alias, result.kind = formula_text(tree), "formula" if formula else "term"
    return result


def formula_text(tree) -> str:
    from ..rsl.syntax.printer import shown

    return shown(tree)


def contract(schema, board, results, types, max_elements: int, marks) -> dict:
    terms, axioms, errors = results_json(results, types, max_elements)
    shown = {a: m for a, m in marks.items() if a in results}
    out = {"schema": schema_name(schema), "spec": schema.path, "board": board_summary(board),
           "terms": terms, "axioms": axioms, "defects": defect_marks.as_json(shown)}
    if errors:
        out["errors"] = errors
    note = completion_note(board)
    if note:
        out["note"] = note
    return out
