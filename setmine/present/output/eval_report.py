"""``setmine eval``'s text report: the schema it used and how many of its
terms differ from their conventions, the board with its legend, then each
term — its type, size, how it was computed, its defect mark, its
convention (wrapped with its indent) and its value: a set of cells drawn on
the board, a relation as a table (optionally at one cell), a family by its
members' differences, anything else as text.  Printing never fails: what
cannot be listed is counted (``values.listing``)."""

from __future__ import annotations

from ...board.board import plural
from . import defect_marks
from . import values as present
from .board_notes import completion_note
from .header import schema_line
from .value_view import family_lines, is_family, is_relation, relation_table


def print_results(schema, board, results, types, marks, limit: int, cell=None) -> None:
    from rich.padding import Padding
    from rich.text import Text

    from ...board.draw import draw, legend

    from .console import terminal

    console = terminal(highlight=False)

    def indented(text, style="", indent=2):
        console.print(Padding(Text(text, style=style), (0, 0, 0, indent), expand=False))

    console.print(Text(schema_line(schema), style="bold"))
    summary = defect_marks.summary_line(marks)
    if summary:
        console.print(Text(summary, style="yellow"))
    title = board.name or "board"
    console.print(Text(f"{title}: {board.rows}×{board.cols}, {plural(board.total_mines, 'mine')}, "
                       f"{len(board.opened)} open, move "
                       f"{present.cell_text(board.move) if board.move else '— (none: give one with `move: r,c`)'}",
                       style="bold"))
    note = completion_note(board)
    if note:
        console.print(Text("note: " + note, style="yellow"))
    console.print(Text(draw(board, show_mines=True).rstrip("\n")))
    console.print(Text(legend(board, show_mines=True), style="dim"))
    for name, r in results.items():
        typ = types[name]
        c = schema.displayed(name) if name in schema else None
        console.print()
        head = Text(name, style="bold cyan")
        head.append(f"  {typ}")
        if r.error is not None:
            head.append(f"  error {r.error.code}", style="bold red")
        elif r.kind in ("axiom", "theorem", "formula") or isinstance(r.value, bool):
            head.append("  true" if r.value else "  false", style="green" if r.value else "red")
        else:
            head.append(f"  card {present.size_text(r.value) if present.is_set(r.value) else '—'}")
        head.append(f"  · {method(r)} · {r.seconds * 1000:.1f} ms", style="dim")
        console.print(head)
        if name in marks:
            indented(defect_marks.mark_text(marks[name]), "yellow")
        if c is not None and c.convention:
            indented(c.convention, "dim")
        if c is not None and c.gloss:
            indented(c.gloss, "italic dim")
        if r.error is not None:
            indented(r.error.message, "red")
            continue
        if r.kind in ("axiom", "theorem", "formula") or isinstance(r.value, bool):
            continue
        for renderable in value_view(board, r.value, typ, limit, cell, name):
            console.print(Padding(renderable, (0, 0, 0, 2), expand=False)
                          if isinstance(renderable, (Text, Padding)) else renderable)


def value_view(board, value, typ, limit: int, cell, name: str) -> list:
    """The renderables that show one value."""
    from rich.padding import Padding
    from rich.text import Text

    from ...board.draw import draw, legend

    if not present.is_set(value):
        return [Text(present.to_text(value, typ, limit))]
    cells = present.cells_of(value, typ)
    if cells is not None:
        out = [Text(present.to_text(value, typ, limit))]
        if cell is not None:
            out.append(Text(f"{present.cell_text(cell)} ∈ {name}: {'yes' if cell in cells else 'no'}"))
        out.append(Text(draw(board, cells).rstrip("\n")))
        out.append(Text(legend(board, highlight=f"in {name}"), style="dim"))
        return out
    if is_relation(typ):
        return [relation_table(value, typ, cell, limit)]
    if is_family(typ):
        head, *rest = family_lines(value, typ, limit)
        return [Text(head)] + [Padding(Text(line.strip()), (0, 0, 0, 2), expand=False)
                               for line in rest]
    return [Text(present.to_text(value, typ, limit))]


def results_json(results, types, max_elements: int) -> tuple[dict, dict, dict]:
    """``eval --json``'s ``terms``, ``axioms`` (and theorems) and ``errors``
    from the results, on a board or a model alike (docs/json.md)."""
    terms, axioms, errors = {}, {}, {}
    for name, r in results.items():
        typ = types[name]
        if r.error is not None:
            errors[name] = {"code": r.error.code, "message": r.error.message}
            if r.kind in ("axiom", "theorem"):
                axioms[name] = None
            continue
        if r.kind in ("axiom", "theorem"):
            axioms[name] = bool(r.value)
            continue
        entry = {"type": str(typ), "value": present.to_json(r.value, typ, max_elements),
                 "method": method(r), "seconds": round(r.seconds, 6)}
        if present.is_set(r.value):
            entry["card"] = entry["value"]["card"]
        terms[name] = entry
    return terms, axioms, errors


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
