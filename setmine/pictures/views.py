"""A value drawn on its board, chosen by its type alone — never by the
constituent's name:

===========================  =============================================
type                         drawn as
===========================  =============================================
``ℬ(X)`` (a set of cells)    the board with the members lit
``ℬ(X×X)``, ``ℬ(X×ℬ(X))``    the board; pointing at a cell lights its
                             set(s) — the page's script reads ``data``
``ℬ(X×ℬℬ(X))`` with a        a heat map: each cell's share card(pr₂)/card(F)
family F to measure by       of the family F, exact (``data-p``)
``ℬℬ(X)`` (a family)         its exact cardinality and its first members,
                             each a small board
``Logic``                    the verdict, and the counterexample or witness
                             on the board
anything else                its text
===========================  =============================================

Here X is the board's base set (the schema's only one over a board).  Every
listing is bounded by ``present.output.values``' printing budget, so drawing never
fails and never enumerates a huge value: what is not listed is counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from ..board.board import Board, cell_str
from ..board.svg import board_svg
from ..eval.values import cardinal
from ..present.output import kinds
from ..present.output import values as present
from ..present.output.kinds import fibers, is_cells, is_family, relation_kind
from ..rsl.semantics.types import Logic
from ..rsl.syntax.errors import RSLError

SETS_SHOWN = 6        # the sets of one cell a relation's data carries
MEMBERS_DRAWN = 6     # the members of a family drawn as small boards
SMALL = 12            # a small board's cell size
MAX_DRAWN = 2_500     # a board of more cells is drawn once, on top, not in every section


@dataclass
class View:
    """What a section shows of one value."""

    kind: str                       # cells | relation | shares | family | verdict | text | error
    summary: str                    # one line: "card 301", "true", "error …"
    text: str = ""                  # the value as text (bounded)
    svg: Markup | None = None       # the board picture
    data: dict | None = None        # a relation's fibers (for the script); a heat map's tooltips
    boards: list = field(default_factory=list)   # (caption, small svg)
    note: str = ""
    cells: frozenset | None = None  # the lit cells, or the cells with a share
    shares: dict | None = None      # cell → Fraction | None, for a heat map
    key: object = None              # a comparable digest of the value (see :func:`digest`)
    legend: str = ""                # what the marks of the picture mean, beyond the board's


def view(board: Board, value, typ, *, measure=None, max_drawn: int | None = None) -> View:
    """The view of ``value`` (of type ``typ``) on ``board``; ``measure`` is
    the family a relation of families is measured by (its value), when the
    schema names one (see ``report.measure_of``); on a board of more than
    ``max_drawn`` cells (``MAX_DRAWN``), a relation or a family is text."""
    max_drawn = MAX_DRAWN if max_drawn is None else max_drawn
    if isinstance(typ, Logic) or isinstance(value, bool):
        return View("verdict", "true" if value else "false")
    if not present.is_set(value):
        return View("text", present.show(value), present.show(value))
    size = present.size_of(value)
    summary = f"card {cardinal.show(size) if size is not None else 'uncounted'}"
    if is_cells(typ):
        cells = present.cells_of(value, typ)
        if cells is not None:
            return View("cells", summary, present.to_text(value, typ, present.TEXT_MEMBERS),
                        cells=cells, key=cells)
    kind = relation_kind(typ)
    if kind is not None and len(board.cells) > max_drawn:
        # its size only: listing even a few members of a relation of families
        # counts their subsets, 15 s on a 50×50 board
        return View("text", summary, "", note=not_drawn(board, max_drawn))
    text = ""   # a relation or a family is drawn; its members' text is in its data
    if kind == "families" and measure is not None:
        return _shares(value, summary, text, measure)
    if kind is not None:
        return _relation(board, value, kind, summary, text)
    if is_family(typ):
        return _family(board, value, summary, text, max_drawn)
    text = present.to_text(value, typ, present.TEXT_MEMBERS)
    return View("text", summary, text, key=text)


def _relation(board: Board, value, kind: str, summary: str, text: str) -> View:
    by_cell = fibers(value)
    if by_cell is None:
        return View("text", summary, present.show(value, present.TEXT_MEMBERS),
                    note="too many pairs to draw cell by cell")
    data: dict = {}
    key = {}
    for x, ys in by_cell.items():
        if not (isinstance(x, tuple) and len(x) == 2):
            continue
        n = present.size_of(ys)
        if kind == "cells":
            sets = [_cell_texts(ys, len(board.cells))]
        elif kind == "families":
            sets = []
        else:
            sets = [_cell_texts(m, len(board.cells)) for m in present.listing(ys, SETS_SHOWN).items]
        data[cell_str(x)] = {"n": cardinal.show(n) if n is not None else "uncounted", "sets": sets}
        key[x] = (data[cell_str(x)]["n"], tuple(map(tuple, sets)))
    domain = frozenset(x for x in by_cell if isinstance(x, tuple) and len(x) == 2)
    counted = any(entry["n"] != "1" for entry in data.values())  # picture() draws the counts
    legend = f"the number in a cell: how many {PAIRED[kind]} the relation pairs it " \
             f"with" if counted else ""
    return View("relation", summary, text, data={"kind": kind, "cells": data},
                cells=domain, key=key, legend=legend)


def _cell_texts(cells, limit: int) -> list[str]:
    """The texts of a set's first ``limit`` members, sorted as texts (an
    explicit set that has no more is not put in canonical order first)."""
    if isinstance(cells, frozenset) and len(cells) <= limit:
        return sorted(map(cell_str, cells))
    return sorted(cell_str(c) for c in present.listing(cells, limit).items)


PAIRED = {"cells": "cells", "sets": "sets of cells", "families": "families of sets"}


def shares(value, measure) -> tuple[dict, str]:
    """Each cell's exact share of ``measure`` (``kinds.shares``) and a note
    on the cells that have none."""
    return _shares_of(kinds.family_sizes(fibers(value) or {}), measure)


def _shares_of(sizes: dict, measure) -> tuple[dict, str]:
    cells = kinds.shares(sizes, measure)
    note = ""
    if present.size_of(measure) == 0:
        note = "the family it is measured by is empty: no cell has a probability"
    elif any(v is None for v in cells.values()):
        note = "a cell with several families (or uncountable ones) has no single probability"
    return cells, note


def _shares(value, summary: str, text: str, measure) -> View:
    sizes = kinds.family_sizes(fibers(value) or {})      # listed once, for shares and tooltips
    cells, note = _shares_of(sizes, measure)
    total = present.size_text(measure)
    notes = {c: f"card(pr₂) = {cardinal.show(n)} of {total} members" for c, n in sizes.items()
             if n is not None}
    return View("shares", summary, text, note=note, cells=frozenset(cells),
                shares=cells, key=tuple(sorted(cells.items())), data={"notes": notes})


def not_drawn(board: Board, max_drawn: int) -> str:
    return f"not drawn: {len(board.cells):,} cells, more than {max_drawn:,}"


def _family(board: Board, value, summary: str, text: str, max_drawn: int) -> View:
    if len(board.cells) > max_drawn:
        return View("text", summary, "", note=not_drawn(board, max_drawn))
    got = present.listing(value, MEMBERS_DRAWN)
    boards = []
    for i, member in enumerate(got.items, 1):
        cells = frozenset(m for m in present.listing(member, len(board.cells)).items
                          if isinstance(m, tuple))
        boards.append((f"member {i}: {present.show(member, 8, frozenset(board.cells))}",
                       Markup(board_svg(board, lit=cells, size=SMALL))))
    note = "" if got.complete else f"the first {len(got.items)} of {got.size_text} members"
    return View("family", summary, text, boards=boards, note=note,
                key=(got.size_text, tuple(present.show(m) for m in got.items)))


def picture(board: Board, v: View, marks: dict | None = None, label: str = "", *,
            standalone: bool = False, max_drawn: int | None = None) -> Markup | None:
    """The board picture of a view: its members lit, its relation's domain
    marked (each cell's number of pairs written in it, in place of the
    cell's own number, unless every cell has one), its shares as a heat map; ``marks`` adds classes to cells.
    ``standalone`` makes it an SVG file of its own (a notebook's image);
    none on a board of more than ``max_drawn`` cells (``MAX_DRAWN``)."""
    marks = dict(marks or {})
    if len(board.cells) > (MAX_DRAWN if max_drawn is None else max_drawn):
        return None
    how = {"marks": marks, "label": label, "standalone": standalone}
    if v.kind in ("cells", "verdict") and (v.cells or v.kind == "cells"):
        return Markup(board_svg(board, lit=v.cells or (), **how))
    if v.kind == "relation":
        domain = {c: "domain" for c in v.cells if c not in marks}
        counts = {cell: n for cell, (n, _sets) in v.key.items()}
        shown = counts if any(n != "1" for n in counts.values()) else None
        return Markup(board_svg(board, counts=shown, **{**how, "marks": {**domain, **marks}}))
    if v.kind == "shares":
        return Markup(board_svg(board, heat=v.shares, notes=v.data["notes"], **how))
    return None


def drawn_alike(a: View, b: View) -> bool:
    """Whether :func:`picture` draws two views alike (with the same marks
    and label): what it reads of them is equal."""
    if a.kind != b.kind or a.cells != b.cells:
        return False
    if a.kind == "relation":
        return a.key == b.key
    if a.kind == "shares":
        return a.shares == b.shares and a.data == b.data
    return True


def error_view(error: RSLError) -> View:
    return View("error", f"error {error.code}", error.message)


def digest(v: View):
    """What two views of the same term are compared by (see ``report``)."""
    return (v.kind, v.summary, v.key if v.key is not None else v.text)


def differing_cells(a: View, b: View) -> frozenset:
    """The cells where two views of one term differ: members of one set and
    not the other, cells whose sets or shares differ."""
    if a.kind == b.kind == "cells":
        return a.cells ^ b.cells
    if a.kind == b.kind == "relation":
        keys = set(a.key) | set(b.key)
        return frozenset(x for x in keys if a.key.get(x) != b.key.get(x))
    if a.kind == b.kind == "shares":
        keys = set(a.shares) | set(b.shares)
        return frozenset(x for x in keys if a.shares.get(x, 0) != b.shares.get(x, 0))
    return frozenset()

