"""``setmine explain BOARD ALIAS [CELL] [--spec FILE]``: why a cell is (or is
not) in a term, as a chain from the formula down to the board's facts —
the witness of each ∃, the members that satisfy each condition, the first
condition that fails.  Without CELL: the term's formula, its reading in
plain words and its value on the board (an axiom: its verdict, explained).

Cells are written ``r,c``.  For a relation (a term of pairs whose first
component is a cell) the cell is explained as a first component: why some
pair (cell, …) is in the relation, or why none is; for a family of sets of
cells, why some member contains the cell."""

from __future__ import annotations

from ..board import draw, structure
from ..eval import cardinal
from ..eval.explain import explain, render as render_trace
from ..eval.interp import Evaluator
from ..eval.sets import CURRENT_BUDGET, card
from ..eval.why import Why, cell_question, evaluate_terms, render
from ..present import values as present
from ..present.reading import article, read
from ..rsl.types import Element, SetType, TupleType
from .common import (BOARD_HELP, add_board_options, add_budget_options, budget_from,
                     completion_note, load_board_file, load_schema)
from .common import help_text

PAIRS_SHOWN = 12


def add_parser(sub) -> None:
    p = sub.add_parser("explain", help="why a cell is (or is not) in a term, step by step",
                       description=help_text(__doc__))
    p.add_argument("board", help=BOARD_HELP)
    p.add_argument("alias", help="a constituent of the schema: D8, D18, A2, …")
    p.add_argument("cell", nargs="?", help="a cell r,c (0-based row and column)")
    add_board_options(p)
    add_budget_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from . import UserError

    schema = load_schema(args.spec)
    if args.alias not in schema:
        known = ", ".join(c.alias for c in schema if c.kind in ("term", "axiom", "theorem"))
        raise UserError(f"no constituent {args.alias} in {schema.path} (its terms and axioms: "
                        f"{known})")
    analysis = schema.analysis[args.alias]
    if analysis.error is not None:
        raise UserError(f"{args.alias} has an error, so it cannot be explained: {analysis.error}")
    constituent = schema[args.alias]
    board = load_board_file(args.board, args.mines)
    cell = parse_board_cell(args.cell, board) if args.cell else None
    if cell is not None and constituent.kind not in ("term", "structure", "basic"):
        raise UserError(f"{args.alias} is {article(constituent.kind)}, not a term: explain it "
                        f"without a cell")
    question = None
    if cell is not None:
        try:
            question = cell_question(schema, args.alias)
        except ValueError as exc:
            raise UserError(str(exc)) from None

    budget = budget_from(args)
    data = structure(board)
    results = evaluate_terms(schema, data, budget, only=[args.alias])
    failed = {a: r.error for a, r in results.items() if r.error is not None}
    if args.alias in failed:
        error = failed[args.alias]
        raise UserError(f"{args.alias} cannot be evaluated on {args.board}: "
                        f"{error.code}: {error.message}")
    values = {**data, **{a: r.value for a, r in results.items() if r.ok and r.kind == "term"}}
    functions = {c.alias: schema.tree(c.alias) for c in schema
                 if c.kind in ("function", "predicate") and schema.analysis[c.alias].ok}
    evaluator = Evaluator(values, functions, budget)

    print(header(schema, args.alias))
    note = completion_note(board)
    if note:
        print("note: " + note)
    print()
    token = CURRENT_BUDGET.set(budget)
    try:
        if cell is None:
            describe(schema, board, evaluator, args.alias)
        else:
            print(draw(board, highlight=[cell]).rstrip("\n"))
            print()
            reason = Why(evaluator, schema).member(question, cell, {}, 0)
            print("\n".join(render(reason)))
    finally:
        CURRENT_BUDGET.reset(token)
    return 0


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


def header(schema, alias: str) -> str:
    """The constituent as written, with its reading and texts."""
    c = schema[alias]
    a = schema.analysis[alias]
    lines = [c.declaration]
    if a.tree is not None:
        lines.append("  reading: " + read(a.tree))
    lines.append(f"  typification {a.typification}" +
                 (f", value class {a.value_class}" if a.value_class else ""))
    for label, text in (("term", c.term), ("convention", c.convention), ("gloss", c.gloss)):
        if text:
            lines.append(f"  {label}: {text}")
    return "\n".join(lines)


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


def value_lines(board, value, typ) -> list[str]:
    """A value as lines of text: a set of cells drawn on the board, a
    relation as its first pairs, anything else by its size and first members."""
    if not present.is_set(value):
        return [f"value: {present.to_text(value, typ)}"]
    size = cardinal.show(card(value))
    cells = present.cells_of(value, typ)
    if cells is not None:
        return [f"value: {size} cell{'s' * (size != '1')}", "  " + present.to_text(value, typ, limit=100), "",
                draw(board, cells).rstrip("\n")]
    if isinstance(typ, SetType) and isinstance(typ.base, TupleType) \
            and isinstance(typ.base.factors[0], Element):
        first, *rest = typ.base.factors
        items, complete = present.first_members(value, PAIRS_SHOWN)
        lines = [f"value: {size} tuple{'s' * (size != '1')}" + ("" if complete else f", the first {len(items)}:")]
        for t in items:
            lines.append(f"  {present.to_text(t[0], first):<6} " +
                         " ; ".join(present.to_text(v, ty, limit=8) for v, ty in zip(t[1:], rest)))
        return lines
    return [f"value: {size} member{'s' * (size != '1')}", "  " + present.to_text(value, typ, limit=8)]
