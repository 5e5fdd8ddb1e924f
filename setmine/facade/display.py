"""How the front door's answers show themselves in a notebook.

Each answer stays what it is — a dict of verdicts, a dict of values, the
JSON object of a verification or a proof — and adds ``_repr_html_``: a
table drawn with the notebook's own stylesheet (``pictures/display.py``,
template ``notebook-facade.html.j2``); a board's values are drawn on the
board.  A display never raises: a failure shows as text in its place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Row:
    cells: list
    bad: bool = False


@dataclass
class Table:
    head: list
    rows: list = field(default_factory=list)
    caption: str = ""


def _page(heading: str = "", tables=(), text: str = "", notes=(), pictures=()) -> str:
    from ..pictures.display import error_html, render

    try:
        return render("notebook-facade.html.j2", heading=heading, tables=list(tables),
                      text=text, notes=list(notes), pictures=list(pictures))
    except Exception as error:  # noqa: BLE001 - a display shows its failure, never raises
        return error_html(f"could not be drawn: {type(error).__name__}: {error}")


def _show(value, limit: int = 12) -> str:
    from .plain import show

    try:
        return show(value, limit=limit)
    except Exception as error:  # noqa: BLE001 - shown, not raised
        return f"({type(error).__name__}: {error})"


def _where(subject) -> str:
    if subject is None:
        return ""
    if subject.model is not None:
        return f"the model {subject.model.name}"
    return f"the board {subject.name}" if subject.name else "the board"


def _board_picture(subject, value, caption: str):
    """The board with the cells of ``value`` lit, when it is a set of cells."""
    from markupsafe import Markup

    from ..board.svg import board_svg

    board = getattr(subject, "board", None)
    if board is None or not isinstance(value, frozenset):
        return None
    cells = [v for v in value if isinstance(v, tuple) and v in board.cells]
    if len(cells) != len(value):
        return None
    return {"svg": Markup(board_svg(board, lit=cells, size=14)), "caption": caption}


class Answer(dict):
    """A dict by alias, with the schema and the subject (board or model) it
    was computed over, for its display."""

    def __init__(self, items: dict, schema=None, subject=None) -> None:
        super().__init__(items)
        self.schema, self.subject = schema, subject


class Values(Answer):
    """Every constituent's value: a dict (alias → plain value or the
    RSLError that kept it from a value); in a notebook, a table."""

    def _repr_html_(self) -> str:
        rows = []
        for alias, value in self.items():
            failed = isinstance(value, Exception)
            kind = self.schema[alias].kind if self.schema is not None and alias in self.schema \
                else ""
            typ = str(self.schema.analysis[alias].type) if self.schema is not None and \
                alias in self.schema and self.schema.analysis[alias].ok else ""
            rows.append(Row([alias, kind, typ, str(value) if failed else _show(value)], failed))
        pictures = [p for alias, value in self.items()
                    if (p := _board_picture(self.subject, value, alias)) is not None]
        return _page(f"Every constituent over {_where(self.subject)}",
                     [Table(["alias", "kind", "type", "value"], rows)], pictures=pictures)


class Verdicts(Answer):
    """Each axiom's and statement's verdict: a dict (alias → True, False or
    the RSLError); in a notebook, a table that marks what is not true."""

    def _repr_html_(self) -> str:
        rows = []
        for alias, verdict in self.items():
            c = self.schema.displayed(alias) if self.schema is not None else None
            said = {True: "true", False: "false"}.get(verdict, f"error: {verdict}") \
                if isinstance(verdict, bool) else f"error: {verdict}"
            rows.append(Row([alias, said, c.formal if c is not None else "",
                             (c.gloss or c.term) if c is not None else ""], verdict is not True))
        held = sum(1 for v in self.values() if v is True)
        board = _board_picture(self.subject, frozenset(), _where(self.subject))
        return _page(f"{held} of {len(self)} true over {_where(self.subject)}",
                     [Table(["alias", "verdict", "formula", "meaning"], rows)],
                     pictures=[board] if board else [])


class Report(dict):
    """A verification's or a proof's JSON object (a dict, as the command's
    ``--json``); in a notebook, each property's verdict and its
    counterexample (a model's values as tables, a board drawn)."""

    def __init__(self, found: dict, shown: dict | None = None) -> None:
        super().__init__(found)
        self._shown = shown or {}   # property → [(alias, its value as text, by name)]

    def _repr_html_(self) -> str:
        if "statements" in self:
            return self._proof()
        rows, tables, pictures = [], [], []
        for p in self.get("properties", ()):
            verdict = "holds" if p.get("holds") else "fails"
            if p.get("error"):
                verdict = f"error: {p['error'].get('message', '')}"
            rows.append(Row([p.get("name", ""), verdict, _vectors(p.get("decided_in", []))],
                            not p.get("holds")))
            example = p.get("counterexample")
            if example:
                tables += _counterexample(p.get("name", ""), example, pictures,
                                          self._shown.get(p.get("name")))
        heading = self._headline()
        return _page(heading, [Table(["property", "verdict", "decided in"], rows)] + tables,
                     pictures=pictures)

    def _headline(self) -> str:
        if self.get("scope") == "models":
            models = self.get("models")
            counted = f"; {models:,} models up to isomorphism" if isinstance(models, int) else ""
            done = "" if self.get("complete", True) else " (stopped before the end)"
            return f"Every model within the scope{counted}{done}"
        return f"{self.get('states', 0):,} states of {self.get('scope', 'positions')}"

    def _proof(self) -> str:
        rows = [Row([s.get("name", ""), s.get("verdict", ""), ", ".join(s.get("used") or ())],
                    s.get("verdict") not in ("proved",)) for s in self["statements"]]
        axioms = self.get("axioms")
        verdict = axioms.get("verdict", "") if isinstance(axioms, dict) else axioms
        tables, pictures = [Table(["statement", "verdict", "used"], rows)], []
        for s in self["statements"]:
            if s.get("counterexample"):
                tables += _counterexample(s.get("name", ""), s["counterexample"], pictures)
        return _page(f"Proof: the axioms are {verdict}", tables, pictures=pictures)


def _vectors(vectors: list, most: int = 3) -> str:
    """Size vectors as ``X1=0,X2=1; …``, the first few and how many more."""
    said = [",".join(f"{a}={n}" for a, n in v.items()) or "no set"
            for v in vectors if isinstance(v, dict)]
    more = f"; … ({len(said) - most} more)" if len(said) > most else ""
    return "; ".join(said[:most]) + more


def _counterexample(name: str, example: dict, pictures: list, shown=None) -> list:
    """A counterexample: a board drawn, or a model's values as a table
    (``shown``: the values as text, elements by name, when known)."""
    if "board" in example and isinstance(example["board"], str):
        from markupsafe import Markup

        from ..board import parse_board
        from ..board.svg import board_svg

        try:
            board = parse_board(example["board"])
            pictures.append({"svg": Markup(board_svg(board, size=14)),
                             "caption": f"counterexample to {name}: {example.get('why', '')}"})
        except Exception:  # noqa: BLE001 - shown as text instead
            return [Table(["counterexample to " + name], [Row([example["board"]])])]
        return []
    if shown:
        rows = [Row([alias, text]) for alias, text in shown]
    else:
        model, lines = example.get("model") or {}, example.get("explanation") or []
        rows = [Row([alias, _json_text(value)]) for alias, value in model.items()] + \
            [Row(["why", "\n".join(lines)])]
    return [Table(["constituent", "value"], rows, caption=f"counterexample to {name}")]


def _json_text(value) -> str:
    if isinstance(value, dict) and "elements" in value:
        return "{" + ", ".join(_json_text(v) for v in value["elements"]) + "}" + \
            ("" if value.get("complete", True) else " …")
    if isinstance(value, list):
        return "(" + ", ".join(_json_text(v) for v in value) + ")"
    return str(value)


@dataclass
class Explanation:
    """Why a constituent has its value: ``lines`` (the text), ``verdict``
    (an axiom's), ``value`` (a term's, plain), ``member`` (whether the
    candidate asked about is a member)."""

    alias: str
    lines: list = field(default_factory=list)
    verdict: bool | None = None
    value: object = None
    member: bool | None = None

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def _repr_html_(self) -> str:
        return _page(text=str(self))


class Shown:
    """One value in a notebook (``%rsl FORMULA``): its formula, type and
    value; a set of cells drawn on the board.  ``.value`` the plain value."""

    def __init__(self, formula: str, typ, value, subject=None, note: str = "") -> None:
        self.formula, self.type, self.value, self.subject = formula, typ, value, subject
        self.note = note

    def __repr__(self) -> str:
        said = f"{self.formula} : {self.type}"
        return f"{said}\n{self.note}" if self.note else f"{said}\n{_show(self.value, 50)}"

    def _repr_html_(self) -> str:
        picture = _board_picture(self.subject, self.value, self.formula)
        heading = f"{self.formula} : {self.type}" if self.type is not None else self.formula
        return _page(heading, text="" if self.note else _show(self.value, 200),
                     notes=[self.note] if self.note else [],
                     pictures=[picture] if picture else [])


def model_html(model) -> str:
    """A model as tables: each set's elements, then each structure's value
    (a relation one row per tuple)."""
    tables = []
    for alias, elements in model.sets.items():
        tables.append(Table([alias], [Row([", ".join(map(str, elements)) or "∅"])],
                            caption=f"{alias}: {len(elements)} elements"))
    for alias, value in model.values.items():
        if alias in model.sets:
            continue
        if isinstance(value, frozenset) and value and all(isinstance(v, tuple) for v in value):
            width = max(len(v) for v in value)
            rows = [Row(list(map(_show, v))) for v in sorted(value, key=repr)]
            tables.append(Table([f"{alias} ({i + 1})" for i in range(width)], rows,
                                caption=f"{alias}: {len(value)} tuples"))
        else:
            tables.append(Table([alias], [Row([_show(value, 50)])], caption=alias))
    return _page(f"{model.name}: a model of {schema_title(model.schema)}", tables,
                 notes=model.notes)


def schema_title(schema) -> str:
    """The schema's title, else its file's name."""
    return schema.text.title or (Path(schema.path).name if schema.path else "a schema")


def constituents_html(schema, name: str) -> str:
    """A schema as a table of its constituents: alias, kind, formula, type
    or error (the ``%%rsl`` cell's display)."""
    rows = []
    for c in schema:
        analysis = schema.analysis[c.alias]
        typed = str(analysis.type) if analysis.ok else f"error {analysis.error.code}: " \
                                                       f"{analysis.error.message}"
        rows.append(Row([c.alias, c.kind, c.formal, typed], not analysis.ok))
    errors = sum(1 for c in schema if not schema.analysis[c.alias].ok)
    said = f"{errors} with errors" if errors else "no errors"
    return _page(f"{name}: {len(rows)} constituents, {said}",
                 [Table(["alias", "kind", "formula", "type"], rows)])
