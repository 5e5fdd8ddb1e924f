"""RSLang in a notebook's cells: ``%load_ext setmine``, then

``%%rsl NAME [--model FILE | --board BOARD]``
    The cell is a schema in ``.rsl`` text (``docs/models.md``).  It is typed
    and shown as a table of its constituents, with their types and errors.
    It may end with its model: a line ``@model`` and, under it, the values
    in setmine's model file encoding (JSON: ``{"X1": ["Ann", "Boris"],
    "S1": [["Ann", "Boris"]]}``) — or the model is named on the first line:
    ``--model`` a model file, a shipped model (``study-plan``) or a
    :class:`~setmine.Model` in the notebook; ``--board`` a board for a
    Saper-shaped schema.  ``NAME`` is bound in the notebook to the schema or,
    when a model is given, to the model (every function takes it as the
    schema and its data).  With errors the schema is still bound: its
    valid part is what ``verify`` checks.

``%rsl FORMULA``
    The formula typed against the last ``%%rsl`` schema and evaluated over
    its model or board: its type, and its value (a board's cells drawn on
    the board).  ``%rsl`` alone shows the last schema again.

A mistake (a formula that does not type, a model that does not fit) is a
short message naming what and where, not a traceback.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass

from .display import Shown, constituents_html, model_html
from .evaluating import evaluate
from .inputs import load_board, load_model, resolve
from .model import Model


@dataclass
class Last:
    """What the last ``%%rsl`` cell gave: its name, schema and data."""

    name: str = ""
    schema: object = None
    data: object = None     # a Model, a board name, or None


class Cell:
    """What an ``%%rsl`` cell shows: its constituents (and its model)."""

    def __init__(self, name: str, schema, model=None) -> None:
        self.name, self.schema, self.model = name, schema, model

    def __repr__(self) -> str:
        errors = [c.alias for c in self.schema if not self.schema.analysis[c.alias].ok]
        said = f"errors in {', '.join(errors)}" if errors else "no errors"
        return f"{self.name}: {len(list(self.schema))} constituents, {said}"

    def _repr_html_(self) -> str:
        page = constituents_html(self.schema, self.name)
        return page + (model_html(self.model) if self.model is not None else "")


def register(ipython) -> None:
    """Add ``%rsl`` and ``%%rsl`` to an IPython shell."""
    last = Last()

    def rsl(line: str, cell: str | None = None):
        from IPython.core.error import UsageError

        try:
            if cell is None:
                return formula(last, line.strip())
            return schema_cell(last, line, cell, ipython.user_ns)
        except (ValueError, FileNotFoundError, KeyError) as exc:
            raise UsageError(str(exc).strip("'\"")) from None

    ipython.register_magic_function(rsl, magic_kind="line_cell", magic_name="rsl")


def schema_cell(last: Last, line: str, cell: str, namespace: dict) -> Cell:
    """``%%rsl NAME [--model M | --board B]``: the schema typed, bound to NAME."""
    from ..board_fit import misfit
    from ..rsl.schema import Schema
    from ..rsl.syntax.errors import RSLError

    words = shlex.split(line)
    if not words or not words[0].isidentifier():
        raise ValueError("%%rsl NAME: give the name to bind the schema to, e.g. %%rsl plan")
    name, options = words[0], words[1:]
    given = dict(zip(options[::2], options[1::2]))
    unknown = [o for o in options[::2] if o not in ("--model", "--board")]
    if unknown or len(options) % 2 or len(given) > 1:
        raise ValueError(f"%%rsl {line.strip()}: the options are --model M or --board B, one "
                         f"of them, each with its value")
    text, inline = _split_model(cell)
    try:
        schema = Schema.parse(text, f"{name} (a notebook cell)")
    except RSLError as exc:
        raise ValueError(f"%%rsl {name}: {exc}") from None
    model, data = None, None
    if inline is not None:
        if given:
            raise ValueError(f"%%rsl {name}: the model is given twice (@model in the cell and "
                             f"{next(iter(given))} on its first line): give one")
        model = _inline_model(schema, inline, name)
    elif "--model" in given:
        held = namespace.get(given["--model"])
        model = held.read_against(schema) if isinstance(held, Model) \
            else load_model(given["--model"], schema)
    elif "--board" in given:
        load_board(given["--board"])    # a clear error now, not at the first %rsl
        problem = misfit(schema)
        if problem is not None:
            raise ValueError(f"--board {given['--board']}: a Minesweeper board, but {problem}")
        data = given["--board"]
    last.name, last.schema, last.data = name, schema, model if model is not None else data
    namespace[name] = model if model is not None else schema
    return Cell(name, schema, model)


def _split_model(cell: str) -> tuple[str, str | None]:
    lines = cell.splitlines()
    for i, text in enumerate(lines):
        if text.strip() == "@model":
            return "\n".join(lines[:i]) + "\n", "\n".join(lines[i + 1:])
    return cell, None


def _inline_model(schema, text: str, name: str):
    from ..base.jsontext import load_json
    from ..model.decode import Encoding
    from ..model.interpretation import ModelError, interpret

    try:
        values = load_json(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"%%rsl {name}: the model under @model, line {exc.lineno} column "
                         f"{exc.colno}: not valid JSON: {exc.msg}") from None
    if not isinstance(values, dict):
        raise ValueError(f"%%rsl {name}: the model under @model is an object of values by "
                         f"alias, {{\"X1\": [\"a\", \"b\"], …}}")
    try:
        return Model(interpret(schema, values, Encoding.NAME, title=f"{name}'s model",
                               source=f"{name} (a notebook cell)"))
    except ModelError as exc:
        raise ValueError(f"%%rsl {name}: the model under @model: {exc}") from None


def formula(last: Last, text: str):
    """``%rsl FORMULA``: its type, and its value over the last model or board."""
    from ..rsl.syntax.errors import RSLError

    if last.schema is None:
        raise ValueError("%rsl: no schema yet: type one in a %%rsl NAME cell first")
    if not text:
        return Cell(last.name, last.schema, last.data if not isinstance(last.data, str)
                    else None)
    try:
        typ = last.schema.typify(text)
    except RSLError as exc:
        raise ValueError(f"%rsl {text}\n{exc.within(text)}") from None
    if last.data is None:
        return Shown(text, typ, None, note=f"{last.name} has no model: give one (@model, "
                                            f"--model or --board) to evaluate the formula")
    _, subject = resolve(last.schema, last.data)   # the board read once, drawn below
    try:
        value = evaluate(last.schema, subject.board if subject.board is not None
                         else subject.model, text)
    except RSLError as exc:
        raise ValueError(f"%rsl {text}\n{exc.within(text)}") from None
    return Shown(text, typ, value, subject)
