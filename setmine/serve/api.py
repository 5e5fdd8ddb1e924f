"""The live page's answers, as plain functions from a request's JSON to the
answer's JSON — no web here (``app.py`` serves them).

Every request names its schema (``"written"``, ``"corrected"``, or a
schema's text) and its board (the text of a ``.board`` file: the page's
whole state), so that any request can be answered alone, by any thread, and
a page reloaded from its address asks again what it showed.

* :func:`evaluate` — ``{"schema", "board", "expression"}`` → ``{"type",
  "value"}`` (``docs/json.md``'s encoding of a value), and the value drawn
  on the board; the fixed interface scripts depend on.
* :func:`typify` — ``{"schema", "expression"}`` → ``{"type"}``: the
  feedback as one types.
* :func:`state` — ``{"schema", "board", "edit"?}`` → the board after the
  edit (open, close, mine, move), its axioms' verdicts, and every
  constituent drawn on it, the second schema's value beside it.

A failure is :class:`ApiError`: the reference's error code, a message, and
the span of the text it is about (HTTP 400 for the page).  Every
evaluation runs under a :class:`~setmine.eval.values.budget.Budget` of
``SECONDS``: a formula whose value is too large says its size, never hangs
the server.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from functools import lru_cache

from ..board import Board, BoardError, parse_board, structure
from ..board.board import BoardTooLarge, cell_str, parse_cell
from ..board.files.textfile import write_board
from ..eval.interpret.model import evaluate as evaluate_expression
from ..eval.values.budget import Budget
from ..pictures import report_data, views
from ..present.output import defect_marks
from ..present.output.header import schema_name
from ..present.output.values import to_json
from ..resources import SCHEMAS, default_against
from ..rsl.schema import Schema
from ..rsl.syntax.errors import RSLError

SECONDS = 5.0
"""The budget of one request's evaluation (``setmine serve --timeout``)."""

MAX_TEXT = 200_000
"""The longest schema, board or formula a request may carry, in characters."""

MAX_CELLS = 2_500
"""The most cells of a board the page edits (a larger one is not drawn)."""

EDITS = ("open", "close", "mine", "move")


class ApiError(Exception):
    """A request that cannot be answered: ``code`` (the reference's error
    code, or one of setmine's: ``badRequest``, ``badBoard``, ``illegalEdit``),
    ``message``, and ``span`` (start, end) in the text it is about, with
    ``field`` naming that text (``expression``, ``board``, ``schema``)."""

    def __init__(self, code: str, message: str, span: tuple[int, int] | None = None,
                 field: str | None = None):
        super().__init__(message)
        self.code, self.message, self.span, self.field = code, message, span, field

    def to_json(self) -> dict:
        return {"error": {"code": self.code, "message": self.message,
                          "span": list(self.span) if self.span else None, "field": self.field}}


@dataclass
class Settings:
    seconds: float = SECONDS


SETTINGS = Settings()
_SCHEMAS_LOCK = threading.Lock()


# -- reading a request

def _text(body: dict, key: str, required: bool = True) -> str | None:
    if not isinstance(body, dict):
        raise ApiError("badRequest", "the request must be a JSON object")
    value = body.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise ApiError("badRequest", f"{key!r} must be a string", field=key)
    if len(value) > MAX_TEXT:
        raise ApiError("badRequest", f"{key!r} is {len(value):,} characters, more than "
                       f"{MAX_TEXT:,}", field=key)
    return value


@lru_cache(maxsize=16)
def _schema(text: str) -> Schema:
    """A schema by shipped name or by text (parsed once; a schema's analysis
    is kept by its Schema, so a repeated request costs nothing)."""
    if text in SCHEMAS:
        return Schema.load(SCHEMAS[text])
    return Schema.parse(text)


def schema_of(body: dict, key: str = "schema") -> Schema:
    text = _text(body, key)
    with _SCHEMAS_LOCK:   # one thread parses a new schema; the others wait for it
        schema = _schema(text)
    if schema.errors and not any(c.kind in ("axiom", "term", "theorem") for c in schema):
        raise ApiError("badSchema", f"the schema has no constituent to evaluate: "
                       f"{schema.errors[0].message}", field=key)
    return schema


def board_of(body: dict) -> Board:
    text = _text(body, "board")
    try:
        board = parse_board(text, max_cells=MAX_CELLS)
    except BoardError as exc:
        raise ApiError("badBoard", exc.message, _line_span(text, exc.line), "board") from None
    except BoardTooLarge as exc:
        raise ApiError("badBoard", f"{exc}, more than the page draws ({MAX_CELLS:,})",
                       field="board") from None
    return board


def _line_span(text: str, line: int | None) -> tuple[int, int] | None:
    if not line:
        return None
    lines = text.split("\n")
    start = sum(len(x) + 1 for x in lines[:line - 1])
    return (start, start + len(lines[line - 1]) if line <= len(lines) else start)


def _budget() -> Budget:
    return Budget(max_seconds=SETTINGS.seconds, options={"seconds": "setmine serve --timeout"})


def _error(exc: RSLError, field: str = "expression") -> ApiError:
    span = (exc.start, exc.end) if exc.start is not None else None
    return ApiError(exc.code, exc.message, span, field)


# -- the answers

def typify(body: dict) -> dict:
    """The type of ``expression`` over the schema, or its error."""
    schema = schema_of(body)
    expression = _text(body, "expression")
    try:
        return {"type": schema.typify(expression)}
    except RSLError as exc:
        raise _error(exc) from None
    except RecursionError:
        raise ApiError("badRequest", "the formula is nested too deeply", field="expression") \
            from None


def evaluate(body: dict) -> dict:
    """``{"type", "value"}`` of ``expression`` on the board, and the value
    drawn (``cells`` lit, or a picture) when it can be."""
    schema = schema_of(body)
    board = board_of(body)
    expression = _text(body, "expression")
    typed = typify(body)   # a typing error is said before anything is evaluated
    try:
        value = evaluate_expression(schema, expression, structure(board), _budget())
    except RSLError as exc:
        raise _error(exc) from None
    except RecursionError:
        raise ApiError("badRequest", "the formula is nested too deeply", field="expression") \
            from None
    typ = tree_type(schema, expression)
    view = views.view(board, value, typ)
    svg = views.picture(board, view)
    return {"type": typed["type"], "value": to_json(value, typ, budget=_budget()),
            "summary": view.summary, "text": view.text,
            "cells": sorted(cell_str(c) for c in view.cells) if view.cells else None,
            "svg": str(svg) if svg else None}


def tree_type(schema: Schema, expression: str):
    from ..rsl.semantics.typifier import typify as typify_tree
    from ..rsl.syntax.parser import parse_expression

    if expression in schema:
        return schema.analysis[expression].type
    return typify_tree(parse_expression(expression), schema.environment()).type


def edited(board: Board, edit: dict | None) -> Board:
    """``board`` after one edit of the page: ``open`` or ``close`` a cell,
    toggle a ``mine``, make a cell the ``move`` (again: no move).  A state
    the schema's axioms forbid is an ``illegalEdit`` saying why."""
    if edit is None:
        return board
    if not isinstance(edit, dict) or edit.get("op") not in EDITS:
        raise ApiError("badRequest", f"an edit is {{'op': one of {', '.join(EDITS)}, "
                       f"'cell': 'r,c'}}", field="edit")
    try:
        cell = parse_cell(str(edit.get("cell", "")))
    except BoardError as exc:
        raise ApiError("badRequest", exc.message, field="edit") from None
    if cell not in board.neighbours:
        raise ApiError("illegalEdit", f"{cell_str(cell)} is not a cell of the board", field="edit")
    op = edit["op"]
    opened, mines, move = set(board.opened), set(board.mines), board.move
    if op == "open":
        if cell in mines:
            raise ApiError("illegalEdit", f"{cell_str(cell)} holds a mine: an open cell has "
                           f"none (A4: S3 ∩ S2 = ∅); take the mine away first", field="edit")
        opened.add(cell)
        if move == cell:
            move = None
    elif op == "close":
        opened.discard(cell)
    elif op == "mine":
        if cell in opened:
            raise ApiError("illegalEdit", f"{cell_str(cell)} is open: an open cell holds no "
                           f"mine (A4: S3 ∩ S2 = ∅); close it first", field="edit")
        mines.symmetric_difference_update({cell})
    else:
        if cell in opened:
            raise ApiError("illegalEdit", f"{cell_str(cell)} is open: the move is a closed "
                           f"cell", field="edit")
        move = None if move == cell else cell
    try:
        return replace(board, opened=frozenset(opened), mines=frozenset(mines), move=move,
                       total_mines=len(mines), unknown=frozenset(), completed=False)
    except BoardError as exc:
        raise ApiError("illegalEdit", exc.message, field="edit") from None


def state(body: dict) -> dict:
    """The board after ``edit``, and every constituent of the schema drawn
    on it — the corrected schema's beside the written one's, as the report
    draws them (``against``: another schema, or ``null`` for none)."""
    schema = schema_of(body)
    board = edited(board_of(body), body.get("edit"))
    against = None
    if "against" in body and body["against"] is not None:
        against = schema_of(body, "against")
    elif "against" not in body and default_against(schema) is not None:
        against = schema_of({"schema": "corrected"})
    budget = _budget()
    mine = report_data.evaluation(schema, board, budget)
    theirs = report_data.evaluation(against, board, budget) if against is not None else None
    marks = defect_marks.marks(schema)
    sections = report_data.drawn_sections(board, mine, theirs, marks)
    return {
        "board": board_json(board),
        "schema": schema_name(schema), "against": schema_name(against) if against else None,
        "axioms": {s.alias: s.side.view.summary for s in sections if s.kind == "axiom"},
        "sections": [section_json(s) for s in sections],
    }


def board_json(board: Board) -> dict:
    """The board as the page draws and edits it (and its ``.board`` text)."""
    from ..board.svg import board_svg

    return {"text": write_board(board), "rows": board.rows, "cols": board.cols,
            "topology": board.topology, "mines": board.total_mines,
            "move": cell_str(board.move) if board.move else None,
            "svg": board_svg(board, show_mines=True, titles=True, label=board.name or "",
                             size=32 if max(board.rows, board.cols) <= 16 else 24)}


def section_json(s) -> dict:
    def side(v) -> dict | None:
        if v is None:
            return None
        view = v.view
        return {"summary": view.summary, "kind": view.kind, "text": view.text,
                "note": view.note, "svg": str(view.svg) if view.svg else None,
                "cells": sorted(cell_str(c) for c in view.cells) if view.cells else None}

    return {"alias": s.alias, "kind": s.kind, "type": s.type,
            "formula": str(s.formula) if s.formula else None,
            "term": s.term, "convention": s.convention, "gloss": s.gloss,
            "marks": s.mark_text, "differs": s.differs, "same_formula": s.same_formula,
            "mine": side(s.side), "other": side(s.other)}


__all__ = ["ApiError", "SETTINGS", "evaluate", "state", "typify"]
