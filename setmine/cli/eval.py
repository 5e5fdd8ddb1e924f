"""``setmine eval BOARD [--spec FILE] [--term ALIAS …] [--json]``: every term
of the schema evaluated over the board, exactly — its value drawn on the
board (a set of cells), as a table (pairs) or as its exact cardinality and
first members (large sets) — and how it was computed, with its time."""

from __future__ import annotations

import json
import sys

from ..board import structure
from ..eval import cardinal
from ..eval.model import evaluate_schema
from ..eval.sets import card
from ..present import values as present
from .common import (BOARD_HELP, add_board_options, add_budget_options, budget_from,
                     completion_note, load_inputs, nonnegative_int)


def add_parser(sub) -> None:
    p = sub.add_parser("eval", help="evaluate every term of the schema over a board",
                       description=__doc__)
    p.add_argument("board", help=BOARD_HELP)
    p.add_argument("--term", nargs="+", metavar="ALIAS", help="only these constituents")
    p.add_argument("--json", action="store_true", help="one JSON object (the contract in docs/)")
    p.add_argument("--max-elements", type=nonnegative_int, default=present.DEFAULT_MAX_ELEMENTS, metavar="N",
                   help="list the elements of sets of at most N members (default 1000)")
    add_board_options(p)
    add_budget_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    schema, board = load_inputs(args)
    results = evaluate_schema(schema, structure(board), budget_from(args), only=args.term)
    if args.term:
        results = {a: r for a, r in results.items() if a in args.term}
    if args.json:
        json.dump(contract(schema, board, results, args.max_elements), sys.stdout,
                  ensure_ascii=False, indent=1)
        print()
    else:
        print_results(schema, board, results)
    return 1 if any(r.error for r in results.values()) else 0


def board_summary(board) -> dict:
    out = {"rows": board.rows, "cols": board.cols, "mines": board.total_mines,
           "topology": board.topology, "open": len(board.opened),
           "move": present.cell_text(board.move) if board.move else None}
    if board.name:
        out["name"] = board.name
    if board.completed:
        out["completed"] = True
    return out


def contract(schema, board, results, max_elements: int) -> dict:
    terms, axioms, errors = {}, {}, {}
    for alias, r in results.items():
        typ = schema.analysis[alias].type
        if r.error is not None:
            errors[alias] = {"code": r.error.code, "message": r.error.message}
            if r.kind in ("axiom", "theorem"):
                axioms[alias] = None
            continue
        if r.kind in ("axiom", "theorem"):
            axioms[alias] = bool(r.value)
            continue
        entry = {"type": str(typ), "value": present.to_json(r.value, typ, max_elements),
                 "method": method(r), "seconds": round(r.seconds, 6)}
        if present.is_set(r.value):
            entry["card"] = cardinal.show(card(r.value))
        terms[alias] = entry
    out = {"spec": schema.path, "board": board_summary(board), "terms": terms, "axioms": axioms}
    if errors:
        out["errors"] = errors
    note = completion_note(board)
    if note:
        out["note"] = note
    return out


def method(result) -> str:
    """How a value was computed, in one word."""
    used = result.methods
    if any(used.get(k) for k in ("filtered", "enumerated image")):
        kind = "enumerated"
    elif any(used.get(k) for k in ("split", "narrowed", "generator", "image", "index",
                                   "∀ as min/max", "∀ over an image", "checked once", "hoisted",
                                   "pairs joined from a generator",
                                   "correlated comprehension grouped",
                                   "∀ by counting, every candidate at once")):
        kind = "narrowed"
    else:
        kind = "direct"
    if present.is_set(result.value) and not isinstance(result.value, frozenset):
        kind += ", closed form"
    return kind


def print_results(schema, board, results) -> None:
    from rich.console import Console
    from rich.text import Text

    from ..board import draw

    console = Console(highlight=False)
    title = board.name or "board"
    console.print(Text(f"{title}: {board.rows}×{board.cols}, {board.total_mines} mines, "
                       f"{len(board.opened)} open, move "
                       f"{present.cell_text(board.move) if board.move else '—'}", style="bold"))
    note = completion_note(board)
    if note:
        console.print(Text("note: " + note, style="yellow"))
    console.print(draw(board, show_mines=True))
    for alias, r in results.items():
        c = schema[alias]
        typ = schema.analysis[alias].type
        console.print()
        head = Text(f"{alias}", style="bold cyan")
        head.append(f"  {typ}")
        if r.error is not None:
            head.append(f"  error {r.error.code}", style="bold red")
        elif r.kind in ("axiom", "theorem"):
            head.append("  true" if r.value else "  false", style="green" if r.value else "red")
        else:
            head.append(f"  card {cardinal.show(card(r.value)) if present.is_set(r.value) else '—'}")
        head.append(f"  · {method(r)} · {r.seconds * 1000:.1f} ms", style="dim")
        console.print(head)
        if c.convention:
            console.print(Text("  " + c.convention, style="dim"))
        if c.gloss:
            console.print(Text("  " + c.gloss, style="italic dim"))
        if r.error is not None:
            console.print(Text("  " + r.error.message, style="red"))
            continue
        if r.kind in ("axiom", "theorem"):
            continue
        cells = present.cells_of(r.value, typ)
        if cells is not None:
            console.print(Text("  " + present.to_text(r.value, typ)))
            console.print("\n".join("  " + line for line in draw(board, cells).splitlines()))
        elif _is_relation(typ) and present.is_set(r.value):
            console.print(pairs_table(r.value, typ))
        else:
            console.print(Text("  " + present.to_text(r.value, typ, limit=8)))


def _is_relation(typ) -> bool:
    from ..rsl.types import SetType, TupleType

    return isinstance(typ, SetType) and isinstance(typ.base, TupleType) \
        and len(typ.base.factors) == 2


def pairs_table(value, typ, limit: int = 12):
    """A set of pairs as a two-column table: first component → second."""
    from rich import box
    from rich.table import Table

    first, second = typ.base.factors
    table = Table(box=box.SIMPLE, show_header=True, padding=(0, 1))
    table.add_column(str(first))
    table.add_column(str(second))
    items, complete = present.first_members(value, limit)
    for a, b in items:
        table.add_row(present.to_text(a, first), present.to_text(b, second, limit=8))
    if not complete:
        table.add_row("…", f"{cardinal.show(card(value))} pairs in all")
    return table
