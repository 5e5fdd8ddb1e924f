"""Reading a request of the live page: its texts, its schema, its board or
model, its budget — and :class:`ApiError`, the one way a request fails.

Every request names its schema (``"written"``, ``"corrected"``, or a
schema's text) and its board or model (the page's whole state), so that any
request can be answered alone, by any thread, and a page reloaded from its
address asks again what it showed."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

from ..board import Board, BoardError, parse_board
from ..board.board import BoardTooLarge
from ..eval.values.budget import Budget
from ..resources import SCHEMAS
from ..rsl.schema import Schema
from ..rsl.syntax.errors import RSLError

SECONDS = 5.0
"""The budget of one request's evaluation (``setmine serve --timeout``)."""

MAX_TEXT = 200_000
"""The longest schema, board or formula a request may carry, in characters."""

MAX_CELLS = 2_500
"""The most cells of a board the page edits (a larger one is not drawn)."""

MAX_DRAWN = 600
"""The most cells of a board on which the page draws every term (an expert
board has 480, and its answer is about 3 MB); on a larger one the board is
drawn once and each term is text — a 31×31 board's pictures were 5.6 MB,
a 50×50 board's 15.7 MB."""


class ApiError(Exception):
    """A request that cannot be answered: ``code`` (the reference's error
    code, or one of setmine's: ``badRequest``, ``badBoard``, ``badModel``,
    ``illegalEdit``, ``busy``), ``message``, and ``span`` (start, end) in
    the text it is about, with ``field`` naming that text (``expression``,
    ``board``, ``schema``)."""

    def __init__(self, code: str, message: str, span: tuple[int, int] | None = None,
                 field: str | None = None):
        super().__init__(message)
        self.code, self.message, self.span, self.field = code, message, span, field

    def to_json(self) -> dict:
        return {"error": {"code": self.code, "message": self.message,
                          "span": list(self.span) if self.span else None, "field": self.field}}


CANDIDATES = 200_000
"""The candidates one term may enumerate on the page (``setmine serve
--max-candidates``; the command line's default is ten times more): the
page answers as you click, and a term past it says so in its section —
on every shipped board, each term computes within it."""


@dataclass
class Settings:
    seconds: float = SECONDS
    candidates: int = CANDIDATES


SETTINGS = Settings()
_SCHEMAS_LOCK = threading.Lock()


def text_of(body: dict, key: str, required: bool = True) -> str | None:
    """The string ``body[key]``, bounded by ``MAX_TEXT``."""
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


SCHEMAS_KEPT = 8
"""The schemas kept between requests (the shipped two, and the last few a
page sent as text, each at most ``MAX_TEXT`` characters): nothing else a
request computes outlives it."""


@lru_cache(maxsize=SCHEMAS_KEPT)
def _schema(text: str) -> Schema:
    """A schema by shipped name or by text (parsed once; a schema's analysis
    is kept by its Schema, so a repeated request costs nothing)."""
    if text in SCHEMAS:
        return Schema.load(SCHEMAS[text])
    return Schema.parse(text)


def schema_of(body: dict, key: str = "schema") -> Schema:
    text = text_of(body, key)
    with _SCHEMAS_LOCK:   # one thread parses a new schema; the others wait for it
        try:
            schema = _schema(text)
        except RSLError as exc:   # not a schema file (its format, not a formula)
            raise rsl_error(exc, key) from None
    if not any(c.kind in ("axiom", "term", "theorem") for c in schema):
        errors = schema.errors()
        raise ApiError("badSchema", "the schema has no constituent to evaluate"
                       + (f": {errors[0].message}" if errors else ""), field=key)
    return schema


def board_of(body: dict, key: str = "board") -> Board:
    text = text_of(body, key)
    try:
        board = parse_board(text, max_cells=MAX_CELLS)
    except BoardError as exc:
        raise ApiError("badBoard", exc.message, line_span(text, exc.line), key) from None
    except BoardTooLarge as exc:
        raise ApiError("badBoard", f"{exc}, more than the page draws ({MAX_CELLS:,})",
                       field=key) from None
    return board


def line_span(text: str, line: int | None) -> tuple[int, int] | None:
    if not line:
        return None
    lines = text.split("\n")
    start = sum(len(x) + 1 for x in lines[:line - 1])
    return (start, start + len(lines[line - 1]) if line <= len(lines) else start)


def budget() -> Budget:
    return Budget(max_elements=SETTINGS.candidates, max_seconds=SETTINGS.seconds,
                  options={"seconds": "setmine serve --timeout",
                           "candidates": "setmine serve --max-candidates"})


def rsl_error(exc: RSLError, field: str = "expression") -> ApiError:
    span = (exc.start, exc.end) if exc.start is not None else None
    return ApiError(exc.code, exc.message, span, field)
