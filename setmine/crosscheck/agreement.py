"""The cross-check: every term of a schema, evaluated over a board, against
what its convention says it is (:mod:`setmine.crosscheck.reference`, computed
from the board and the solver's exact counts).

    >>> report = crosscheck(Schema.load("spec/saper-corrected.rsl"), board)
    >>> report.ok, [row.alias for row in report.rows if not row.agree]

Each row is one constituent: *agree*, *disagree* (with the first element
that differs and both values), *error* (the evaluation failed: budget,
missing input) or *skipped* (no reference notion, or undefined here — D21
without a move).  The terms are evaluated as a chain, in dependency order
(:func:`setmine.crosscheck.isolate.evaluate_chain`), exactly as ``setmine eval``
would, so a disagreement may be inherited; ``setmine defects`` tells own
defects from inherited ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.interface import MOVE_AXIOM
from ..board import Board, cell_str, structure
from ..board.board import plural
from ..eval.interpret.model import Limits, Result, evaluated
from ..rsl.schema import Schema
from ..rsl.syntax.errors import RSLError
from .compare import Comparison, compare
from .isolate import evaluate_chain
from .positions import is_legal
from .reference import NOTIONS, Facts, defined, reference


@dataclass
class Row:
    """One constituent's line of the cross-check."""

    alias: str
    kind: str
    convention: str
    status: str                        # agree | disagree | error | skipped
    comparison: Comparison | None = None
    message: str = ""                  # the error, or why skipped
    seconds: float = 0.0
    values: tuple = ()                 # (the schema's value, the reference's) as computed

    @property
    def partial(self) -> str:
        """Why an agreement rests on a partial comparison (sizes only…), or ""."""
        c = self.comparison
        return c.partial if self.status == "agree" and c is not None else ""

    @property
    def agree(self) -> bool:
        return self.status in ("agree", "skipped")


@dataclass
class Report:
    spec: str
    board: Board
    legal: bool
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    schema: Schema | None = None

    @property
    def checked(self) -> int:
        """How many constituents were compared (or failed): not skipped."""
        return sum(r.status != "skipped" for r in self.rows)

    def partial(self) -> list[str]:
        """The agreeing terms compared only partly (by sizes…)."""
        return [r.alias for r in self.rows if r.partial]

    @property
    def ok(self) -> bool:
        """No disagreement and no error."""
        return all(r.agree for r in self.rows)

    def row(self, alias: str) -> Row:
        return next(r for r in self.rows if r.alias == alias)

    def failures(self) -> list[Row]:
        return [r for r in self.rows if not r.agree]


def legality_note(board: Board) -> str | None:
    if board.move is None:
        return "no move (S4 = ∅): not a legal position, D21 has no reference"
    if not board.closed() - board.mines:
        return "every closed cell is a mine: the game is over, not a legal position"
    return None


def crosscheck(schema: Schema, board: Board, limits: Limits = Limits(),
               only: list[str] | None = None) -> Report:
    """The cross-check of every evaluable constituent of ``schema`` (or of
    those in ``only``) on ``board``."""
    facts = Facts.of(board)
    report = Report(schema.path or "", board, is_legal(board), schema=schema)
    note = legality_note(board)
    if note:
        report.notes.append(note)
    chain = evaluate_chain(schema, structure(board), limits, only)
    for alias in evaluated(schema):
        if only is not None and alias not in only:
            continue
        report.rows.append(row_of(schema, alias, chain[alias], facts))
    return report


def row_of(schema: Schema, alias: str, outcome: Result, facts: Facts,
           texts: bool = True) -> Row:
    """One constituent's row: its value (``outcome``) against its reference
    notion on ``facts`` (with ``texts`` False: the verdict, without the
    values as text)."""
    notion = NOTIONS.get(alias)
    convention = notion.convention if notion else (schema[alias].gloss or "")
    row = Row(alias, schema[alias].kind, convention, "agree", seconds=outcome.seconds)
    why = defined(alias, facts)
    if why is not None:
        row.status, row.message = "skipped", why
    elif not outcome.ok:
        row.status = "error"
        row.message = f"{outcome.error.code}: {outcome.error.message}"
    else:
        expected = reference(alias, facts)
        row.comparison = compare(alias, outcome.value, expected, facts.cells, texts)
        row.status = row.comparison.verdict
        row.values = (outcome.value, expected)
    return row


def to_json(report: Report) -> dict:
    """The report as one JSON object: ``rows`` with alias, kind, status,
    value and expected (encoded by :func:`setmine.present.output.values.to_json`;
    their readings as ``value_text``/``expected_text``), how they were
    compared (``partial``: why only partly), difference (and message for
    errors); ``checked`` counts the rows not skipped."""
    from ..present.output.header import schema_name

    b = report.board
    rows = []
    for r in report.rows:
        entry = {"alias": r.alias, "kind": r.kind, "status": r.status,
                 "convention": r.convention, "seconds": round(r.seconds, 6)}
        if r.comparison is not None:
            value, expected = _encoded(report, r)
            entry.update(value=value, expected=expected, value_text=r.comparison.value,
                         expected_text=r.comparison.expected, compared_by=r.comparison.how)
            if r.partial:
                entry["partial"] = r.partial
            if not r.comparison.agree:
                entry["difference"] = r.comparison.difference
        if r.message:
            entry["message"] = r.message
        rows.append(entry)
    return {"schema": schema_name(report.schema) if report.schema is not None else report.spec,
            "spec": report.spec, "checked": report.checked, "partial": report.partial(),
            "board": {"rows": b.rows, "cols": b.cols, "mines": b.total_mines,
                      "topology": b.topology, "open": len(b.opened),
                      "move": cell_str(b.move) if b.move else None},
            "legal": report.legal, "ok": report.ok, "notes": report.notes, "rows": rows}


def render(report: Report, width: int = 60) -> list[str]:
    """The report as plain text lines: one line per constituent, and under
    each disagreement the difference and both values."""
    b = report.board
    lines = [f"{report.spec} on {b.name or 'the board'}: {b.rows}×{b.cols} {b.topology}, "
             f"{plural(b.total_mines, 'mine')}, {len(b.opened)} open, move "
             f"{cell_str(b.move) if b.move else '—'}"]
    lines += [f"note: {n}" for n in report.notes]
    for r in report.rows:
        lines.append(f"{r.alias:<4} {r.status:<9} {_clip(r.convention, width)}")
        if r.status == "disagree" and r.comparison is not None:
            c = r.comparison
            lines.append(f"       first difference: {c.difference}")
            lines.append(f"       schema:    {_clip(c.value, 2 * width)}")
            lines.append(f"       reference: {_clip(c.expected, 2 * width)}")
        elif r.message and r.status != "agree":
            lines.append(f"       {_clip(r.message, 2 * width)}")
        if r.partial:
            lines.append(f"       compared {r.partial}")
    agree = sum(r.status == "agree" for r in report.rows)
    bad = len(report.failures())
    partial = report.partial()
    lines.append(f"{agree} agree"
                 + (f" ({len(partial)} of them compared only partly: {', '.join(partial)})"
                    if partial else "")
                 + f", {bad} disagree or fail, "
                 f"{sum(r.status == 'skipped' for r in report.rows)} skipped")
    return lines


def _encoded(report: Report, row: Row) -> tuple:
    """A row's two values as :func:`setmine.present.output.values.to_json` encodes
    them (a reference too large to list: None, its reading stays as text)."""
    from ..present.output.values import to_json as encode
    from .reference import as_data

    if report.schema is None or not row.values:
        return None, None
    typ = report.schema.analysis[row.alias].type
    value, expected = row.values
    try:
        expected = encode(as_data(expected), typ)
    except (ValueError, RSLError):
        expected = None
    try:
        value = encode(value, typ)
    except RSLError:
        value = None
    return value, expected


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


# ----------------------------------------------------------------------------
# Why an element is (or is not) in a term's value

def why(schema: Schema, alias: str, data: dict, element, cells=frozenset()) -> str:
    """Why ``element`` is or is not in the value of ``alias`` computed over
    ``data`` (the structure and the values of the terms it uses), as one
    line: the term's condition explained with the element bound (for a
    comprehension), else the membership ``x ∈ formula``; an axiom's
    formula is explained as it stands.  Only the branches that decide the
    verdict are kept (:func:`compact`)."""
    from ..eval.interpret.evaluator import Evaluator
    from ..present.explain.trace import explain
    from ..present.output.values import show
    from ..rsl.syntax import tree as s

    tree = schema.tree(alias)
    functions = {c.alias: schema.tree(c.alias) for c in schema
                 if c.kind in ("function", "predicate") and schema.analysis[c.alias].ok}
    ev = Evaluator(data, functions)
    if isinstance(tree, s.Declarative) and isinstance(tree.var, s.Local):
        trace = explain(ev, tree.condition, {tree.var.name: element}, depth=4)
        head = f"with {tree.var.name} = {show(element, 8, cells)}, "
    elif s.is_formula(tree):
        trace, head = explain(ev, tree, depth=4), ""
    else:
        trace = explain(ev, s.Predicate("∈", s.Local("x"), tree), {"x": element}, depth=3)
        head = f"with x = {show(element, 8, cells)}, "
    return head + "; ".join(compact(trace))


def compact(trace, limit: int = 9) -> list[str]:
    """The lines of an explanation trace that decide its verdict: under a
    truth value only the children with the same value (the false conjunct,
    the true disjunct, the body under a counterexample or a witness), all
    of them otherwise; at most ``limit`` lines."""
    from ..present.explain.trace import render

    lines: list[str] = []

    def walk(t) -> None:
        if len(lines) >= limit:
            return
        lines.append(render(t.__class__(t.text, t.value, t.note, t.binding, []))[0].strip())
        same = [c for c in t.children if isinstance(t.value, bool) and c.value is t.value]
        for child in same or t.children:
            walk(child)

    walk(trace)
    return lines


def wrong_inputs(schema: Schema, board: Board, alias: str) -> list[str]:
    """The terms ``alias`` uses directly whose values, evaluated as a chain
    on ``board``, disagree with their references."""
    facts = Facts.of(board)
    chain = evaluate_chain(schema, structure(board), only=[alias])
    return [u for u in schema.uses(alias) if u in chain and u != alias and chain[u].ok
            and u in NOTIONS and defined(u, facts) is None
            and not compare(u, chain[u].value, reference(u, facts), facts.cells).agree]


def disagreement_story(schema: Schema, alias: str, board: Board, comparison: Comparison, *,
                       meaning: str, isolated: bool, roots: list[str], part: str = "",
                       corrected_part: str = "", note: str = "", data: dict | None = None,
                       mutation: str = "") -> str:
    """One paragraph on a disagreement of ``alias`` on ``board``: what the
    term means, what its formula gives instead — its own formula
    (``isolated``: fed the reference values of the terms it uses) or as a
    chain, inheriting from ``roots`` — the part of the formula that differs
    from the repaired one and the repair's note, and why the differing
    element is or is not in the value (:func:`why`).  ``data`` and
    ``mutation`` describe a broken structure (an axiom's finding)."""
    from ..present.output.values import show
    from ..rsl.syntax.errors import RSLError
    from .isolate import inputs

    comp, cells = comparison, frozenset(board.cells)
    used = [u for u in schema.uses(alias) if u in NOTIONS]
    if data is not None:
        text = (f"{alias} means: {meaning}. On a structure where {mutation}, the convention "
                f"says {comp.expected} but the formula says {comp.value}.")
    elif isolated:
        fed = (f"Fed the reference values of the terms it uses ({', '.join(used)}), its own "
               "formula" if used else "Its formula")
        text = (f"{alias} means: {meaning}. {fed} gives {_clip(comp.value, 160)} on this board, "
                f"where the convention gives {_clip(comp.expected, 160)}: {comp.difference}.")
    else:
        wrong = wrong_inputs(schema, board, alias)
        text = (f"{alias} means: {meaning}. Its own formula is right here (fed the reference "
                f"values of {', '.join(used) or 'nothing'} it gives the convention's value), but "
                f"evaluated as a chain it gives {_clip(comp.value, 160)} where the convention "
                f"gives {_clip(comp.expected, 160)} ({comp.difference}), because it uses "
                f"{', '.join(wrong) or 'terms'} whose values are wrong on this board; the root "
                f"cause: {', '.join(roots) or 'none found in isolation'}.")
    facts = Facts(data) if data is not None else Facts.of(board)
    if alias == MOVE_AXIOM and data is None:
        move = next(iter(facts.move))
        p, low = facts.solution.probability(move), min(facts.solution.probabilities.values())
        text += (f" The move {show(move, 1, cells)} has mine probability {p}, the least is {low} "
                 f"(cells {show(frozenset(facts.solution.best), 8, cells)}).")
    if part:
        text += (f" The part of the formula that differs from the corrected schema is `{part}`, "
                 f"which it replaces by `{corrected_part}`" + (f": {note}" if note else "."))
        text = text.rstrip(".") + "."
    if comp.element is not None or schema[alias].kind != "term":
        given = data if data is not None else inputs(schema, board, alias, isolated=isolated)
        try:
            trace = why(schema, alias, given, comp.element, cells)
        except (RSLError, ValueError) as exc:  # an explanation must not sink the report
            trace = f"(no trace: {exc})"
        if schema[alias].kind != "term":
            text += f" Why the formula is {comp.value}: {trace}."
        else:
            where = "is in" if comp.side == "schema" else "is not in"
            text += f" Why {show(comp.element, 8, cells)} {where} the formula's value: {trace}."
    return text
