"""How ``eval`` and ``explain`` show a value that is not a set of cells
(those are drawn on the board): a relation as a table, one row per pair or,
for a union of dependent products, one row per first component with the
size of its fiber; a family of sets of cells by its first member and each
later member's difference from it (``+2,3 −4,5``), so that members that
differ in one cell do not print as rows of look-alike braces.

Every function here returns text or rich renderables and never raises:
what cannot be listed cheaply is counted (see ``values.listing``).
"""

from __future__ import annotations

from ...eval.values.sets import Fibered
from ...rsl.semantics.types import SetType, TupleType
from . import values as present
from .kinds import is_family

ROWS = 12      # rows of a relation table
FIBER = 3      # members shown of one fiber


def is_relation(typ) -> bool:
    """A set of pairs: ℬ(A×B)."""
    return isinstance(typ, SetType) and isinstance(typ.base, TupleType) \
        and len(typ.base.factors) == 2


def relation_table(value, typ, cell=None, limit: int = ROWS):
    """A relation as a rich table; with ``cell``, only the pairs whose
    first component is that cell."""
    from rich import box
    from rich.table import Table

    first, second = typ.base.factors
    table = Table(box=box.SIMPLE, show_header=True, padding=(0, 1))
    table.add_column(str(first))
    if isinstance(value, Fibered):
        table.add_column("pairs", justify="right")
        table.add_column(f"its {second} (the first {FIBER})")
        fibers = value.fibers if cell is None else \
            [(x, f) for x, f in [(cell, value.fiber(cell))] if present.is_set(f) and f]
        for x, fiber in list(fibers)[:limit]:
            table.add_row(present.to_text(x, first), present.size_text(fiber),
                          present.to_text(fiber, SetType(second), limit=FIBER))
        if len(fibers) > limit:
            table.add_row("…", "", f"{len(fibers)} first components in all")
        if not fibers:
            table.add_row("—", "0", "no pair" + (f" with {present.cell_text(cell)}" if cell else ""))
        return table
    table.add_column(str(second))
    got = present.listing(value, limit if cell is None else max(limit, present.DEFAULT_MAX_ELEMENTS))
    items = [p for p in got.items if cell is None or p[0] == cell][:limit]
    for a, b in items:
        table.add_row(present.to_text(a, first), present.to_text(b, second, limit=8))
    if not items:
        table.add_row("—", "no pair" + (f" with {present.cell_text(cell)}" if cell else ""))
    if not got.complete or len(items) == limit:
        note = f"{got.size_text} pairs in all" + (f"; {got.stopped}" if got.stopped else "")
        table.add_row("…", note)
    return table


def family_lines(value, typ, limit: int = 8) -> list[str]:
    """A family of sets of cells: its size, the first member, and each next
    member as its difference from the first."""
    got = present.listing(value, limit)
    members = "member" if got.size_text == "1" else "members"
    lines = [f"{got.size_text} {members}" + ("" if got.complete else f", the first {len(got.items)}:")
             if got.items else f"{got.size_text} {members}"]
    base = typ.base
    for i, m in enumerate(got.items):
        if i == 0:
            lines.append("  " + present.to_text(m, base, limit=1000))
            continue
        first = got.items[0]
        added = present.to_text(frozenset(m - first), base, limit=1000)[1:-1]
        removed = present.to_text(frozenset(first - m), base, limit=1000)[1:-1]
        diff = " ".join(p for p in (f"+{{{added}}}" if added else "",
                                    f"−{{{removed}}}" if removed else "") if p)
        lines.append(f"  first {diff}")
    if len(got.items) > 1:
        lines.insert(2, "  (each next member written as the first with +{cells it adds} "
                        "−{cells it lacks})")
    if got.stopped:
        lines.append(f"  ({got.stopped})")
    return lines


def needs_family_view(value, typ) -> bool:
    return is_family(typ) and present.is_set(value) and all(
        isinstance(m, frozenset) for m in present.listing(value, 2).items)
