"""``setmine explain BOARD|MODEL ALIAS [CANDIDATE] [--spec FILE]``: why a
candidate is (or is not) a member of a term, as a chain from the formula
down to the board's facts (on a model of any schema, to the model's; its
elements written by name: ``'(Boris, models)'``) — the witness of each ∃, the members that satisfy
each condition, the first condition that fails.  Without CANDIDATE: the
term's formula, its reading in plain words and its value on the board (an
axiom: its verdict, explained; an empty set: why its first candidates fail).

CANDIDATE is any element of the term's type, written in RSLang as values
are printed: a cell ``8,4``, a set of cells ``'{8,4, 1,2}'`` (``'∅'``), a
pair ``'(0,1, {0,2})'``.  A lone cell ``r,c`` also asks about a relation (as
a first component: why some pair (cell, …) is in it, or why none is) and a
family of sets of cells (why some member contains the cell)."""

from __future__ import annotations

import json
import sys

from .. import resources
from ..base.interface import CELLS
from ..board import draw, structure
from ..board.draw import legend
from ..eval.interpret.evaluator import Evaluator
from ..eval.values.sets import CURRENT_BUDGET
from ..present.explain.glossary import words
from ..present.explain.reading import article, read
from ..present.explain.trace import explain
from ..present.explain.trace import render as render_trace
from ..present.explain.why import cell_question, evaluate_terms, render, why_member
from ..present.output import defect_marks
from ..present.output import values as present
from ..present.output.board_notes import NO_MOVE, board_summary, completion_note, uses_move
from ..present.output.header import schema_line, schema_name
from ..present.output.read_value import read_element
from ..present.output.value_view import family_lines, is_family
from ..rsl.semantics.types import Element, SetType, TupleType
from ..rsl.syntax import tree as s
from ..rsl.syntax.errors import RSLError
from ..rsl.syntax.printer import shown
from . import explain_model
from .explain_model import header
from .commands import summary_of
from .common import (BOARD_HELP, add_board_options, add_budget_options, budget_from, help_text,
                     load_board_file, load_schema)

PAIRS_SHOWN = 12


def add_parser(sub) -> None:
    p = sub.add_parser("explain", help=summary_of("explain"),
                       description=help_text(__doc__))
    p.add_argument("board", help=BOARD_HELP)
    p.add_argument("alias", help="a constituent of the schema: D8, D18, A2, …")
    p.add_argument("cell", nargs="?", metavar="CANDIDATE",
                   help="an element of the term's type: 8,4 or '{8,4, 1,2}' or '(0,1, {0,2})'")
    p.add_argument("--json", action="store_true", help="the value and the chain as JSON "
                                                       "(docs/json.md)")
    add_board_options(p)
    add_budget_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from . import UserError
    from .common import is_model_argument

    if is_model_argument(str(resources.resolve_board(args.board))):
        return explain_model.run(args)
    schema = load_schema(args.spec)
    if args.alias not in schema:
        known = ", ".join(c.alias for c in schema if c.kind in ("term", "axiom", "theorem"))
        raise UserError(f"no constituent {args.alias} in {schema.path} (its terms and axioms: "
                        f"{known})")
    analysis = schema.analysis[args.alias]
    if analysis.error is not None:
        raise UserError(f"{args.alias} has an error, so it cannot be explained: {analysis.error}")
    board = load_board_file(args.board, args.mines)
    question, candidate = candidate_question(schema, args.alias, args.cell, board) \
        if args.cell else (None, None)

    budget = budget_from(args)
    data = structure(board)
    results = evaluate_terms(schema, data, budget, only=[args.alias])
    failed = {a: r.error for a, r in results.items() if r.error is not None}
    if args.alias in failed:
        error = failed[args.alias]
        hint = f"; {NO_MOVE}" if board.move is None and uses_move(schema, args.alias) else ""
        raise UserError(f"{args.alias} cannot be evaluated on {args.board}: "
                        f"{error.code}: {error.message}{hint}")
    values = {**data, **{a: r.value for a, r in results.items() if r.ok and r.kind == "term"}}
    functions = {c.alias: schema.tree(c.alias) for c in schema
                 if c.kind in ("function", "predicate") and schema.analysis[c.alias].ok}
    evaluator = Evaluator(values, functions, budget)
    marks = defect_marks.marks(schema).get(args.alias, [])

    token = CURRENT_BUDGET.set(budget)
    try:
        if args.json:
            json.dump(explain_json(schema, board, evaluator, args.alias, question, candidate,
                                   marks), sys.stdout, ensure_ascii=False, indent=1)
            print()
            return 0
        print(schema_line(schema))
        print(header(schema, args.alias))
        if marks:
            print("  " + defect_marks.mark_text(marks))
        note = completion_note(board)
        if note:
            print("note: " + note)
        print()
        if question is None:
            describe(schema, board, evaluator, args.alias)
        else:
            lit = candidate_cells(candidate)
            if lit:
                print(draw(board, highlight=lit).rstrip("\n"))
                print(legend(board, highlight="the candidate's cells"))
                print()
            reason = why_member(evaluator, schema, question, candidate)
            print("\n".join(render(reason)))
    finally:
        CURRENT_BUDGET.reset(token)
    return 0


def candidate_question(schema, alias: str, text: str, board):
    """(the set expression to ask about, the candidate): the candidate read
    as an element of the term's type (``read_value``), or a lone cell asked
    about a relation or a family (``cell_question``); a clear error else."""
    from ..board import BoardError, parse_cell
    from . import UserError

    constituent, typ = schema[alias], schema.analysis[alias].type
    if constituent.kind not in ("term", "structure", "basic"):
        raise UserError(f"{alias} is {article(constituent.kind)}, not a term: explain it "
                        f"without a candidate")
    if not isinstance(typ, SetType):
        raise UserError(f"{alias} is of type {typ}, not a set: it has no members to ask about")
    try:
        return s.Global(alias), read_element(text, typ.base, frozenset(board.cells))
    except ValueError as exc:
        error = exc
    try:
        cell = parse_cell(text)
    except BoardError:
        cell = None
    if cell is not None and not isinstance(typ.base, Element):
        try:
            question = cell_question(schema, alias)
        except ValueError:
            question = None
        if question is not None:
            return question, parse_board_cell(text, board)
    raise UserError(f"{alias}: {error}")


def candidate_cells(candidate) -> list:
    """The cells of a candidate, to draw: a cell, or the cells of a set or tuple."""
    if isinstance(candidate, tuple) and len(candidate) == 2 and \
            all(type(v) is int for v in candidate):
        return [candidate]
    if isinstance(candidate, (tuple, frozenset)):
        return [c for part in candidate for c in candidate_cells(part)]
    return []


def reason_json(reason) -> dict:
    return {"claim": reason.prefix + reason.claim, "verdict": reason.verdict or None,
            "note": reason.note or None, "children": [reason_json(c) for c in reason.children]}


def explain_json(schema, board, evaluator, alias, question, candidate, marks) -> dict:
    """The constituent, its value (or verdict) and, with a candidate, the chain."""

    a = schema.analysis[alias]
    out = {"schema": schema_name(schema), "board": board_summary(board), "alias": alias,
           "kind": schema[alias].kind, "type": str(a.type),
           "defects": defect_marks.as_json({alias: marks}) if marks else {}}
    if schema[alias].kind in ("axiom", "theorem"):
        trace = explain(evaluator, a.tree)
        out["verdict"] = trace.value if isinstance(trace.value, bool) else None
        out["explanation"] = render_trace(trace)
    else:
        out["value"] = present.to_json(evaluator.data.get(alias), a.type)
    if question is not None:
        reason = why_member(evaluator, schema, question, candidate)
        base = a.type.base if question == s.Global(alias) else Element(CELLS)
        out["candidate"] = present.to_json(candidate, base)
        out["member"] = reason.holds
        out["chain"] = reason_json(reason)
    return out


def parse_board_cell(text: str, board):
    """A cell ``r,c`` of the board, or a clear error."""
    from ..board import BoardError, parse_cell
    from . import UserError

    try:
        cell = parse_cell(text)
    except BoardError as exc:
        raise UserError(str(exc)) from None
    if cell not in set(board.cells):
        raise UserError(f"cell {cell[0]},{cell[1]} is not on the board "
                        f"({board.rows}×{board.cols}, rows 0–{board.rows - 1}, "
                        f"columns 0–{board.cols - 1})")
    return cell


def describe(schema, board, evaluator, alias: str) -> None:
    """The value of a term (drawn, tabled or counted), or an axiom's verdict."""
    kind = schema[alias].kind
    tree = schema.tree(alias) if schema.analysis[alias].tree is not None else None
    if kind in ("axiom", "theorem"):
        trace = explain(evaluator, tree)
        verdict = {True: "true", False: "false"}.get(trace.value, "undecided")
        print(f"{alias} is {verdict} on this board:")
        print("\n".join("  " + line for line in render_trace(trace)))
        return
    value = evaluator.data.get(alias)
    typ = schema.analysis[alias].type
    for line in value_lines(board, value, typ):
        print(line)
    if present.is_set(value) and present.size_of(value) == 0:
        print()
        print("\n".join(why_empty(schema, evaluator, alias, tree)))


EMPTY_SHOWN = 2   # candidates of an empty comprehension whose rejection is shown


def why_empty(schema, evaluator, alias: str, tree) -> list[str]:
    """Why a term is empty: its domain is, or its first candidates each
    fail a condition (the sub-formula that rejects them)."""
    if not isinstance(tree, s.Declarative):
        return [f"{alias} is empty: {read(tree, words(schema))}"]
    try:
        domain = evaluator.value(tree.domain)
    except RSLError as exc:
        return [f"{alias} is empty; its domain cannot be listed: {exc.message}"]
    got = present.listing(domain, EMPTY_SHOWN)
    if got.size == 0:
        return [f"{alias} is empty because its domain {shown(tree.domain)} is empty"]
    lines = [f"{alias} is empty: none of the {got.size_text} members of {shown(tree.domain)} "
             f"satisfies its condition. The first {len(got.items)}, and the sub-formula that "
             f"rejects each (ask about any other: setmine explain BOARD {alias} CANDIDATE):"]
    for m in got.items:
        lines += render(why_member(evaluator, schema, s.Global(alias), m))
    return lines


def value_lines(board, value, typ) -> list[str]:
    """A value as lines of text: a set of cells drawn on the board, a
    relation as its first pairs, a family by its members' differences,
    anything else by its size and first members."""
    if not present.is_set(value):
        return [f"value: {present.to_text(value, typ)}"]
    size = present.size_text(value)
    cells = present.cells_of(value, typ)
    if cells is not None:
        return [f"value: {size} cell{'s' * (size != '1')}", "  " + present.to_text(value, typ, limit=100), "",
                draw(board, cells).rstrip("\n")]
    if isinstance(typ, SetType) and isinstance(typ.base, TupleType) \
            and isinstance(typ.base.factors[0], Element):
        first, *rest = typ.base.factors
        got = present.listing(value, PAIRS_SHOWN)
        lines = [f"value: {size} tuple{'s' * (size != '1')}" + ("" if got.complete else f", the first {len(got.items)}:")]
        for t in got.items:
            lines.append(f"  {present.to_text(t[0], first):<6} " +
                         ", ".join(present.to_text(v, ty, limit=8) for v, ty in zip(t[1:], rest)))
        if got.stopped:
            lines.append(f"  ({got.stopped})")
        return lines
    if is_family(typ):
        return ["value: " + line if i == 0 else line
                for i, line in enumerate(family_lines(value, typ))]
    return [f"value: {size} member{'s' * (size != '1')}", "  " + present.to_text(value, typ, limit=8)]
