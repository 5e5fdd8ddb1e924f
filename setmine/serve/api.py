"""The live page's answers, as plain functions from a request's JSON to the
answer's JSON — no web here (``app.py`` serves them; scripts may call them).

==========================  =============================================
``evaluate``                ``{"schema", "board", "expression"}`` →
                            ``{"type", "value"}`` (``docs/json.md``), the
                            value drawn; ``board`` a board's text or a
                            model's JSON — the fixed interface
``typify``                  ``{"schema", "expression"}`` → ``{"type"}``
``explain``                 ``{"schema", "board", "term", "cell"}`` → the
                            chain of why the cell is in the term
``state``                   ``{"schema", "board", "edit"?}`` → the board
                            after the edit, every constituent drawn
``game``                    ``{"schema", "level", "seed"}`` → a game the
                            schema's player plays, step by step
``model_state``             ``{"schema", "model", "edit"?, "name"?}`` → the
                            model after the edit, its tables, every constituent,
                            the page's heading (the schema's title, else
                            ``name``, its file's) and its sizes example
``verifying.start`` …       a verification run in its own process
``proving.start`` …         a proof run in its own process (``setmine
                            prove``: proved, refuted or unknown)
==========================  =============================================

A failure is :class:`ApiError`: the reference's error code, a message, and
the span of the text it is about (HTTP 400 for the page).
"""

from .boards import game, state
from .formulas import evaluate, explain, typify
from .models import model_state
from .requests import MAX_CELLS, SETTINGS, ApiError

__all__ = ["ApiError", "MAX_CELLS", "SETTINGS", "evaluate", "explain", "game", "model_state",
           "state", "typify"]
