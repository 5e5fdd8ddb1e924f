"""The formula box's answers: a formula's type as one types it, its value
on the board or model (the fixed interface, ``POST /api/evaluate``), and
why a cell is in a term (``explain``'s chain, for a click on a picture)."""

from __future__ import annotations

from ..board import structure
from ..board.board import cell_str, parse_cell
from ..board import BoardError
from ..eval.interpret.evaluator import Evaluator
from ..eval.interpret.model import evaluate as evaluate_expression
from ..eval.interpret.model import functions
from ..eval.values.sets import CURRENT_BUDGET
from ..pictures import views
from ..present.explain.why import cell_question, evaluate_terms, why_cell
from ..present.output import values as present
from ..present.output.values import to_json
from ..rsl.syntax.errors import RSLError
from .boards import view_json
from .models import is_model_request, model_of
from .requests import MAX_DRAWN, ApiError, board_of, budget, rsl_error, schema_of, text_of

LISTED = 60
"""The members of a model's value the page lists (the JSON value lists more)."""


def typify(body: dict) -> dict:
    """The type of ``expression`` over the schema, or its error."""
    schema = schema_of(body)
    expression = text_of(body, "expression")
    try:
        return {"type": schema.typify(expression)}
    except RSLError as exc:
        raise rsl_error(exc) from None
    except RecursionError:
        raise ApiError("badRequest", "the formula is nested too deeply", field="expression") \
            from None


def evaluate(body: dict) -> dict:
    """``{"type", "value"}`` of ``expression`` on the board (or the model),
    and the value drawn: on a board, ``cells`` lit or a picture; on a
    model, its members listed as text."""
    schema = schema_of(body)
    model = model_of(body, schema) if is_model_request(body) else None
    board = board_of(body) if model is None else None
    expression = text_of(body, "expression")
    typed = typify(body)   # a typing error is said before anything is evaluated
    data = model.values if model is not None else structure(board)
    try:
        value = evaluate_expression(schema, expression, data, budget())
    except RSLError as exc:
        raise rsl_error(exc) from None
    except RecursionError:
        raise ApiError("badRequest", "the formula is nested too deeply", field="expression") \
            from None
    typ = tree_type(schema, expression)
    out = {"type": typed["type"], "value": to_json(value, typ, budget=budget())}
    if model is not None:
        got = present.listing(value, LISTED) if present.is_set(value) else None
        return {**out, "summary": (f"card {got.size_text}" if got else present.show(value)),
                "text": present.to_text(value, typ, LISTED), "kind": "text", "relation": None,
                "note": "", "cells": None, "svg": None}
    view = views.view(board, value, typ, max_drawn=MAX_DRAWN)
    return {**out, **view_json(view, views.picture(board, view, max_drawn=MAX_DRAWN))}


def tree_type(schema, expression: str):
    from ..rsl.semantics.typifier import typify as typify_tree
    from ..rsl.syntax.parser import parse_expression

    if expression in schema:
        return schema.analysis[expression].type
    return typify_tree(parse_expression(expression), schema.environment()).type


def explain(body: dict) -> dict:
    """Why the cell ``cell`` is (or is not) in the term ``term`` on the
    board — ``setmine explain``'s chain, claim by claim."""
    schema = schema_of(body)
    board = board_of(body)
    alias = text_of(body, "term")
    if alias not in schema or schema[alias].kind not in ("term", "structure"):
        raise ApiError("badRequest", f"{alias!r} is not a term of the schema", field="term")
    try:
        cell = parse_cell(text_of(body, "cell"))
        cell_question(schema, alias)
    except BoardError as exc:
        raise ApiError("badRequest", exc.message, field="cell") from None
    except ValueError as exc:
        raise ApiError("badRequest", str(exc), field="term") from None
    if cell not in board.neighbours:
        raise ApiError("badRequest", f"{cell_str(cell)} is not a cell of the board", field="cell")
    spent = budget()
    data = structure(board)
    results = evaluate_terms(schema, data, spent, only=[alias])
    if alias in results and results[alias].error is not None:   # (a structure is given)
        raise rsl_error(results[alias].error, "term")
    values = {**data, **{a: r.value for a, r in results.items() if r.ok and r.kind == "term"}}
    token = CURRENT_BUDGET.set(spent)
    try:
        reason = why_cell(Evaluator(values, functions(schema), spent), schema, alias, cell)
    except RSLError as exc:
        raise rsl_error(exc, "term") from None
    finally:
        CURRENT_BUDGET.reset(token)
    return {"term": alias, "cell": cell_str(cell), "member": reason.holds,
            "chain": _chain(reason)}


def _chain(reason) -> dict:
    return {"claim": reason.prefix + reason.claim, "verdict": reason.verdict or None,
            "note": reason.note or None, "children": [_chain(c) for c in reason.children]}
