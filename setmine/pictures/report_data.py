"""``setmine report``'s page, as data: the schema evaluated over a board,
one section per constituent (the move's terms first: :func:`order`), each value drawn
(``views.py``), each formula with hoverable sub-terms (``formula.py``),
each defect the defect search found marked and explained with its minimal
board — and, against a second schema, both values side by side, marked
where they differ.  ``page.py`` renders it with the templates.

Nothing here is keyed on a constituent's name.  The move's terms are the
terms of ℬ(X) that the move axiom (``MOVE_AXIOM``) reads; a
relation from cells to families is drawn as each cell's share of *the*
family its formula reads (``measure_of``), when it reads exactly one.
"""

from __future__ import annotations

import heapq
import time
from collections import deque
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from ..base import deadline
from ..base.interface import MOVE_AXIOM
from ..board import parse_board, structure
from ..board.board import Board, BoardError, cell_str, plural
from ..board.svg import board_svg
from ..eval.interpret.evaluator import Evaluator
from ..eval.interpret.model import Result, dependency_order, evaluate_schema, functions
from ..eval.values.budget import Budget
from ..eval.values.sets import CURRENT_BUDGET
from ..present.explain.trace import explain
from ..present.output import defect_marks
from ..present.output.board_notes import completion_note
from ..present.output.eval_report import method
from ..present.output.header import schema_name
from ..present.output.kinds import measure_of
from ..rsl import parse
from ..rsl.schema import Schema
from ..rsl.syntax.errors import RSLError
from . import views
from .formula import formula_html

STRUCTURES = ("basic", "structure")
MAIN_BOARD = 32   # the cell size of the board at the top, when it is small


@dataclass
class Side:
    """One schema's value of a constituent: its view, how it was computed."""

    view: views.View
    seconds: float = 0.0
    method: str = ""
    witness: str = ""             # an axiom's counterexample or witness, in words


@dataclass
class Section:
    alias: str
    kind: str
    type: str
    formula: Markup | None
    term: str
    convention: str
    gloss: str
    side: Side
    marks: list = field(default_factory=list)         # defect_marks.Mark
    other: Side | None = None                         # the --against schema's value
    other_formula: Markup | None = None
    same_formula: bool = True
    differs: bool = False
    measure: str | None = None

    @property
    def mark_text(self) -> str:
        return "; ".join(dict.fromkeys(m.text for m in self.marks))


@dataclass
class Finding:
    """One shipped finding of the defect search, with its minimal board."""

    alias: str
    title: str
    explanation: str
    board: Markup
    value: str
    expected: str
    formula: str
    corrected: str
    kept: bool
    """The corrected schema keeps this formula as written (the repair is
    in the terms around it): no "repaired as" line."""
    inherited: tuple = ()          # the own defects it follows from, when it has none itself
    fix: Markup | None = None      # setmine repair's fix, the changed part marked
    fix_note: str = ""             # what the fix changed and where it was validated, or why none


@dataclass
class Defects:
    """The findings that apply to one constituent (one article of the page)."""

    alias: str
    findings: list


@dataclass
class Report:
    schema: str
    against: str | None
    board_name: str
    board_line: str
    board: Markup
    axioms: list                  # (alias, verdict text)
    move: str
    move_terms: list              # (alias, view)
    sections: list
    defects: list                 # Defects, one per marked constituent
    differences: list             # aliases whose values differ between the schemas
    note: str = ""                # on a player's view: how S2 was completed
    seconds: float = 0.0


def build(schema: Schema, board: Board, *, against: Schema | None = None,
          budget: Budget | None = None) -> Report:
    """The report of ``schema`` over ``board`` (see the module text)."""
    started = time.perf_counter()
    budget = budget or Budget()
    mine = evaluation(schema, board, budget)
    theirs = evaluation(against, board, budget) if against is not None else None
    report = assemble(board, mine, theirs)
    report.seconds = time.perf_counter() - started
    return report


def assemble(board: Board, mine: "Evaluation", theirs: "Evaluation | None" = None) -> Report:
    """The report of one evaluated schema (and a second one beside it)."""
    schema = mine.schema
    against = theirs.schema if theirs is not None else None
    marks = defect_marks.marks(schema)
    sections = drawn_sections(board, mine, theirs, marks)
    move_terms = [(s.alias, s.side.view) for s in sections if s.alias in move_terms_of(schema)]
    return Report(
        schema=schema_name(schema), against=schema_name(against) if against else None,
        board_name=board.name or "board",
        board_line=(f"{board.rows}×{board.cols} {board.topology}, "
                    f"{plural(board.total_mines, 'mine')}, {len(board.opened)} open"),
        board=Markup(board_svg(board, show_mines=True, titles=True, label=board.name or "",
                               size=MAIN_BOARD if max(board.rows, board.cols) <= 16 else 24)),
        axioms=[(s.alias, s.side.view.summary) for s in sections if s.kind in ("axiom", "theorem")],
        move=cell_str(board.move) if board.move else "none (the board gives no move)",
        move_terms=move_terms, sections=sections,
        defects=defects(marks), differences=[s.alias for s in sections if s.differs],
        note=completion_note(board) or "")


def drawn_sections(board: Board, mine: "Evaluation", theirs: "Evaluation | None",
                   marks: dict, max_drawn: int | None = None) -> list[Section]:
    """One section per constituent (:func:`order`), each side's value drawn
    (on a board of at most ``max_drawn`` cells), the second schema's beside
    it where it has the same constituent.  Under a deadline
    (``base.deadline``: the live page's request), a section is drawn only
    before it passes; the later ones say they were not."""
    schema = mine.schema
    against = theirs.schema if theirs is not None else None
    max_drawn = views.MAX_DRAWN if max_drawn is None else max_drawn
    sections = []
    for alias in order(schema):
        late = deadline.passed()
        if late is not None:
            sections.append(_not_drawn(schema, alias, late))
            continue
        try:
            section = _section(schema, board, mine, alias, marks.get(alias, []), max_drawn)
            if theirs is not None and alias in against and \
                    str(against.analysis[alias].type) == section.type:
                section.other = _side(against, board, theirs, alias, max_drawn)
                section.other_formula = _formula(against, alias, theirs)
                section.same_formula = against.analysis[alias].tree == schema.analysis[alias].tree
                section.differs = views.digest(section.side.view) != \
                    views.digest(section.other.view)
            _draw(board, section, max_drawn)
        except deadline.TimeUp as exc:   # met while this one was drawn (a long listing)
            section = _not_drawn(schema, alias, exc.deadline)
        sections.append(section)
    return sections


@dataclass
class Evaluation:
    """A schema evaluated over a board: the structure (``data``), each
    constituent's :class:`Result`, and an evaluator over both for the
    formulas' sub-terms."""

    schema: Schema
    data: dict
    results: dict
    evaluator: Evaluator

    def value(self, alias: str):
        """The value of ``alias`` (a basic set, a structure or a constituent);
        None when it has none (an error, or not evaluated)."""
        if alias in self.data:
            return self.data[alias]
        r = self.results.get(alias)
        return r.value if r is not None and r.ok else None


def evaluation(schema: Schema, board: Board, budget: Budget,
               known: Evaluation | None = None) -> Evaluation:
    """``schema`` evaluated on ``board``; with ``known`` (another schema's
    evaluation on the same board), each constituent that computes what
    ``known``'s does (:func:`same_constituents`) takes its value from there
    instead of computing it again."""
    data = structure(board)
    given = {}
    if known is not None:
        given = {a: known.results[a].value for a in same_constituents(known.schema, schema)
                 if a in known.results and known.results[a].ok}
    results = evaluate_schema(schema, {**data, **given}, budget)
    values = {**data, **{a: r.value for a, r in results.items() if r.ok and r.kind == "term"}}
    return Evaluation(schema, data, results, Evaluator(values, functions(schema), budget))


GIVEN = ("basic", "constant", "structure")


def same_constituents(schema: Schema, other: Schema) -> frozenset[str]:
    """The terms, axioms and theorems of ``other`` whose value is the value
    of ``schema``'s on any board: the same kind and formula, and every
    constituent the formula reads one of these, or given by the board (a
    basic set or a structure declared alike in both)."""
    same: set[str] = set()
    for alias in dependency_order(other):
        if alias not in schema or schema[alias].kind != other[alias].kind:
            continue
        mine, theirs = schema.analysis[alias], other.analysis[alias]
        if mine.error is not None or theirs.error is not None or mine.tree != theirs.tree:
            continue
        if all(u in same or (u in schema and other[u].kind in GIVEN
                              and schema[u].kind == other[u].kind
                              and schema.analysis[u].tree == other.analysis[u].tree)
                for u in other.uses(alias)):
            same.add(alias)
    return frozenset(a for a in same if other[a].kind in ("term", "axiom", "theorem"))


def order(schema: Schema) -> list[str]:
    """The sections' order: what a reader comes for first.

    The move axiom, then what it reads — the term the move is taken from,
    then the terms that one is computed from, and so on — each term before
    every term it is computed from and, among those free to come next, the
    nearest to the move first: the page reads from the answer down to its
    reasons (on the Saper: A6, D18, D17, D14, D15 …).  Then every other term and axiom in dependency order;
    the basic sets and structures last, since the board at the top of the
    page shows them.  A schema without the move axiom: the basic sets and
    structures, then every constituent in dependency order."""
    givens = [c.alias for c in schema if c.kind in STRUCTURES]
    rest = list(dependency_order(schema))
    place = {alias: i for i, alias in enumerate(rest)}
    if MOVE_AXIOM not in place:
        return givens + rest
    uses = {a: [u for u in schema.uses(a) if u in place] for a in rest}
    depth, queue = {MOVE_AXIOM: 0}, deque([MOVE_AXIOM])   # how far from the move
    while queue:
        alias = queue.popleft()
        for used in uses[alias]:
            if used not in depth:
                depth[used] = depth[alias] + 1
                queue.append(used)
    users = {a: 0 for a in depth}   # a term is placed once every term using it is
    for alias in depth:
        for used in uses[alias]:
            users[used] += 1
    first, ready = [], [(0, place[MOVE_AXIOM], MOVE_AXIOM)]
    while ready:
        _, _, alias = heapq.heappop(ready)
        first.append(alias)
        for used in uses[alias]:
            users[used] -= 1
            if users[used] == 0:
                heapq.heappush(ready, (depth[used], place[used], used))
    return first + [a for a in rest if a not in depth] + givens


def move_terms_of(schema: Schema) -> list[str]:
    """The sets of cells the move axiom reads: where the move must come from."""
    if MOVE_AXIOM not in schema:
        return []
    return [a for a in schema.uses(MOVE_AXIOM) if a in schema
            and schema[a].kind == "term" and views.is_cells(schema.analysis[a].type)]


def _section(schema: Schema, board: Board, ev: Evaluation, alias: str, marks: list,
             max_drawn: int) -> Section:
    c = schema.displayed(alias)
    return Section(alias=alias, kind=c.kind, type=str(schema.analysis[alias].type),
                   formula=_formula(schema, alias, ev), term=c.term or "",
                   convention=c.convention or "", gloss=c.gloss or "",
                   side=_side(schema, board, ev, alias, max_drawn), marks=list(marks),
                   measure=measure_of(schema, alias)
                   if views.relation_kind(schema.analysis[alias].type) == "families" else None)


def _not_drawn(schema: Schema, alias: str, late: deadline.Deadline) -> Section:
    c = schema.displayed(alias)
    hint = f" (raise it with {late.option})" if late.option else ""
    view = views.View("error", "not drawn in time",
                      f"not drawn: the request's {late.seconds:g} s ran out{hint}")
    return Section(alias=alias, kind=c.kind, type=str(schema.analysis[alias].type),
                   formula=None, term=c.term or "", convention=c.convention or "",
                   gloss=c.gloss or "", side=Side(view))


def _formula(schema: Schema, alias: str, ev: Evaluation) -> Markup | None:
    tree = schema.analysis[alias].tree
    if tree is None:
        return None
    result = ev.results.get(alias)
    return formula_html(tree, schema.environment(), ev.evaluator.data,
                        functions=functions(schema),
                        root_value=result.value if result is not None and result.ok else None)


def _side(schema: Schema, board: Board, ev: Evaluation, alias: str, max_drawn: int) -> Side:
    typ = schema.analysis[alias].type
    if alias in ev.data:
        return Side(views.view(board, ev.data[alias], typ, max_drawn=max_drawn))
    r: Result | None = ev.results.get(alias)
    if r is None:
        return Side(views.View("error", "not evaluated", "not evaluated"))
    if r.error is not None:
        return Side(views.error_view(r.error), r.seconds, method(r))
    measure = measure_of(schema, alias)
    measured = ev.results.get(measure) if measure else None
    v = views.view(board, r.value, typ, max_drawn=max_drawn,
                   measure=measured.value if measured is not None and measured.ok else None)
    side = Side(v, r.seconds, method(r))
    if r.kind in ("axiom", "theorem"):
        side.witness, lit = _witness(ev, schema, alias, board)
        if lit:
            v.cells = lit
    return side


def _witness(ev: Evaluation, schema: Schema, alias: str, board: Board) -> tuple[str, frozenset]:
    """An axiom's deciding binding (the counterexample of a false ∀, the
    witness of a true ∃) in words, and the cells it names."""
    tree = schema.analysis[alias].tree
    if tree is None:
        return "", frozenset()
    ev.evaluator.budget.restart(alias)
    token = CURRENT_BUDGET.set(ev.evaluator.budget)
    try:
        trace = explain(ev.evaluator, tree, depth=0)
    except RSLError:
        return "", frozenset()
    finally:
        CURRENT_BUDGET.reset(token)
    cells = set(board.cells)
    found = frozenset(c for value in trace.binding.values() for c in _cells_in(value, cells))
    return trace.note, found


def _cells_in(value, cells: set, limit: int = 200) -> list:
    if isinstance(value, tuple) and value in cells:
        return [value]
    if isinstance(value, (tuple, frozenset)) and len(value) <= limit:
        return [c for part in value for c in _cells_in(part, cells, limit)]
    return []


def _draw(board: Board, section: Section, max_drawn: int) -> None:
    """Each side's board, the cells where the two sides differ marked."""
    differing = views.differing_cells(section.side.view, section.other.view) \
        if section.other is not None else frozenset()
    marks = {c: "differs" for c in differing}
    drawn = None
    for side in (section.side, section.other):
        if side is not None:
            side.view.svg = drawn.svg if drawn is not None and views.drawn_alike(drawn, side.view) \
                else views.picture(board, side.view, marks, label=section.alias,
                                   max_drawn=max_drawn)
            drawn = side.view   # where both sides agree, one picture serves both
            if side.view.svg is None and side.view.kind in ("cells", "relation", "shares"):
                side.view.note = (f"not drawn in each section: {len(board.cells):,} cells, more "
                                  f"than {max_drawn:,}")


def defects(marks: dict) -> list[Defects]:
    """The shipped findings behind the marks, grouped by constituent, each
    with its minimal board."""
    out = []
    for alias in marks:
        found = [finding_of(f) for f, _tree in defect_marks.findings() if f.get("alias") == alias]
        if found:
            out.append(Defects(alias, found))
    return out


def finding_of(finding: dict) -> Finding:
    """One shipped finding (an entry of docs/defects.json) as the page shows it."""
    fix, note = proposed_fix(finding) if finding.get("kind") == "disagreement" else (None, "")
    kept = bool(finding.get("corrected_formula")) and same_formula(
        finding.get("formula", ""), finding["corrected_formula"])
    return Finding(
        alias=finding["alias"], title=defect_marks.KIND_TEXT.get(finding["kind"], finding["kind"]),
        explanation=finding.get("explanation", ""), board=minimal_board(finding.get("board", "")),
        value=finding.get("value_text", ""), expected=finding.get("expected_text", ""),
        formula=finding.get("formula", ""),
        corrected="" if kept else finding.get("corrected_formula", ""), kept=kept,
        inherited=tuple(finding.get("inherited_from") or ()), fix=fix, fix_note=note)


def same_formula(one: str, other: str) -> bool:
    """Do two texts spell the same formula (subscripts, spaces, spelling aside)?"""
    try:
        return str(parse(one)) == str(parse(other))
    except RSLError:
        return one == other


def marked_formula(text: str, marks) -> Markup:
    """A formula with the ranges of ``marks`` in ``<mark>``."""
    out, at = [], 0
    for start, end in sorted(marks):
        out += [escape(text[at:start]), Markup("<mark>"), escape(text[start:end]),
                Markup("</mark>")]
        at = end
    out.append(escape(text[at:]))
    return Markup("").join(out)


def proposed_fix(finding: dict) -> tuple[Markup | None, str]:
    """setmine repair's fix of a finding's formula (docs/repairs.json), and
    a note: the edits and the scope it was validated on — or why there is
    no fix within the bound."""
    entry = defect_marks.repair_of(finding)
    if entry is None:
        return None, ""
    fixes = [f for f in entry.get("fixes", ()) if f.get("validated", {}).get("holds")]
    if not fixes:
        if entry.get("status") == "not-found":
            return None, (f"setmine repair: no change of at most {entry.get('edits_searched')} "
                          f"edits makes it right on every position of {entry.get('scope')} "
                          f"({entry['counts']['tried']:,} candidates tried)")
        return None, ""
    fix = fixes[0]
    edits = "; ".join(e.get("change") or f"{e['from']} → {e['to']}" for e in fix["edits"])
    note = (f"{len(fix['edits'])} edit{'s' if len(fix['edits']) > 1 else ''} ({edits}), right on "
            f"every one of the {fix['validated']['positions']:,} positions of "
            f"{fix['validated']['scope']}")
    return marked_formula(fix["formula"], fix.get("marked", ())), note


def minimal_board(text: str) -> Markup:
    """A finding's board (``.board`` text) drawn, or nothing when it does not read."""
    try:
        return Markup(board_svg(parse_board(text), show_mines=True, titles=True))
    except BoardError:   # a finding's board is shown when it reads, never required
        return Markup("")
