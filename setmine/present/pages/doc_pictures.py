"""The SVG pictures of the teaching pages (``docs/schema/img/``).

GitHub shows a Markdown page's images through ``<img>`` tags and strips
inline ``<svg>``, so every picture is a file of its own, with its own
stylesheet, embedded as ``![alt](img/NAME.svg)``.  A picture is drawn from
the value's type, never from the constituent's name:

======================================  =====================================
type of the value                       picture
======================================  =====================================
``ℬ(X)``, a set of cells                the board, the members lit
``ℬ(X×X)``, ``ℬ(X×ℬ(X))``, a relation   the board, each cell x tinted by the
                                        number of pairs (x, …), written in
                                        it: the pairs of one cell
                                        are too many sets to draw at once,
                                        their number is what tells a
                                        function (one pair a cell) from a
                                        relation that admits every subset
``ℬ(X×ℬℬ(X))`` measured by a family F   a heat map of card(pr₂)/card(F),
(the one ``ℬℬ(X)`` term it reads)       exact (``data-p``, and in the
                                        corner), when F is not empty;
                                        else the pairs per cell, as above
``ℬℬ(X)``, a family of sets of cells    each cell tinted by how many members
                                        contain it
a truth value, an empty set, a value    none: the page says it in words
too large to list
======================================  =====================================

The boards themselves — the example board and each defect's minimal board,
mines shown — are plain pictures (:func:`board_picture`).  A picture is
deterministic: its text depends only on the board and the value, listed
under a budget of candidates, never of seconds.

``present/`` sits below ``pictures/`` (whose ``views.py`` draws the HTML
report), so this module draws with ``board.svg`` directly and keeps its own
small type dispatch.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from fractions import Fraction

from ...board import BoardError, parse_board
from ...board.board import plural
from ...board.svg import STYLE, board_svg, heat_colour
from ...eval.values.budget import Budget
from ..output import values as present
from ..output.kinds import LISTED, family_sizes, fibers, is_cells, is_family, relation_kind, shares

IMG = "img"                  # the pictures' folder, beside the pages
SVG_NS = "http://www.w3.org/2000/svg"
SIZE = 30                    # a cell's side in the pictures with a count or a fraction
BINS = ((1, 1), (2, 3), (4, 15), (16, 63), (64, 255), (256, None))
TINTS = ("#dbeafe", "#bfdbfe", "#93c5fd", "#60a5fa", "#2563eb", "#1e3a8a")
LEGEND_LINE = 16             # the height of one line of a legend

EXTRA_STYLE = "\n".join(
    [f".board .cell.k{i} rect, .board .cell.k{i} polygon, .board .cell.k{i} circle "
     f"{{ fill: {tint}; }}" for i, tint in enumerate(TINTS, 1)]
    + [".board .cell.k5 text, .board .cell.k6 text { fill: #fff; }",
       ".legend text { font: 10px sans-serif; fill: #222; dominant-baseline: central; }",
       ".legend rect { stroke: #8a929e; stroke-width: 1; }"])


@dataclass(frozen=True)
class Picture:
    """One SVG file of the pages and how a page embeds it."""

    name: str          # "img/D8.svg"
    svg: str
    alt: str           # the image's alternative text
    caption: str       # one sentence under it: what the picture shows
    key: object        # what it draws, to tell two pictures of one term apart

    def markdown(self) -> list[str]:
        return [f"![{self.alt}]({self.name})", "", f"*{self.caption}*"]


def name_of(stem: str) -> str:
    return f"{IMG}/{stem}.svg"


# ----------------------------------------------------------------------------
# Which picture a value gets

def value_picture(board, value, typ, *, stem: str, alias: str, where: str,
                  measure: tuple[str, object] | None = None) -> Picture | None:
    """The picture of ``alias``'s ``value`` (of type ``typ``) on ``board``,
    as file ``img/{stem}.svg``; ``where`` names the schema and board in the
    alternative text ("on the example board"); ``measure`` is (alias, value)
    of the family a relation of families is measured by.  None when the
    value has no picture (see the module text)."""
    if not present.is_set(value):
        return None
    if is_cells(typ):
        cells = present.cells_of(value, typ)
        if not cells:
            return None
        n = len(cells)
        alt = f"{alias} {where}: {n} {'cell' if n == 1 else 'cells'} lit"
        svg = board_svg(board, lit=cells, standalone=True, label=alt)
        return Picture(name_of(stem), svg, alt, f"The {n} {'cell' if n == 1 else 'cells'} "
                       f"of {alias} in blue; open cells show their number, the move is "
                       "outlined.", ("cells", tuple(sorted(cells))))
    second = relation_kind(typ)
    if second is not None:
        by_cell = fibers(value, _budget())
        if not by_cell:
            return None
        if second == "families" and measure is not None:
            heat = _shares(by_cell, measure[1])
            if heat is not None:
                return _heat_picture(board, heat, stem, alias, where, measure)
        counts = {x: n for x, n in ((x, present.size_of(ys)) for x, ys in by_cell.items())
                  if isinstance(n, int)}
        note = ""
        if second == "families" and measure is not None:
            why = "is empty here" if present.size_of(measure[1]) == 0 else "is not counted"
            note = (f" {measure[0]} {why}, so card(pr₂)/card({measure[0]}) is no "
                    "probability: the picture counts the pairs instead.")
        return _count_picture(
            board, counts, stem, f"{alias} {where}: each cell tinted by its number of pairs",
            f"Each cell x is tinted by the number of pairs (x, …) in {alias}, written in "
            "it (the legend under the board); a plain cell is in no pair."
            + note, "pairs of a cell:")
    if is_family(typ):
        got = present.listing(value, LISTED, _budget())
        if not got.complete or not got.items:
            return None
        counts: dict = {}
        for member in got.items:
            for cell in present.listing(member, len(board.cells), _budget()).items:
                counts[cell] = counts.get(cell, 0) + 1
        n = len(got.items)
        return _count_picture(
            board, counts, stem, f"{alias} {where}: each cell tinted by the number of its "
            f"{n} members that contain it",
            f"Each cell is tinted by the number of the {n} members of {alias} that contain "
            "it, written in it; a plain cell is in none.",
            "members containing the cell:")
    return None


def defect_picture(f: dict, number: int, other: bool = False) -> Picture | None:
    """The minimal board of a finding of ``setmine defects`` (number
    ``number`` of its constituent's), or with ``other`` the other placement
    of its mines, as ``img/defect-D2-1.svg`` (``…-1-other.svg``); None when
    the finding has no such board as ``.board`` text."""
    text = f.get("other_board" if other else "board")
    try:
        board = parse_board(text) if isinstance(text, str) else None
    except BoardError:
        board = None
    if board is None:
        return None
    which = "The other placement of the mines" if other else "The minimal board"
    alt = (f"{which} of {f.get('alias')}'s finding {number}: {board.rows}×{board.cols}, "
           f"{plural(board.total_mines, 'mine')}, move "
           f"{present.cell_text(board.move) if board.move else '—'}")
    return board_picture(board, f"defect-{f.get('alias')}-{number}" + ("-other" if other else ""),
                         alt, "Drawn: the mines `*` in red, open cells with their number, "
                         "the move outlined. As a `.board` file:")


def board_picture(board, stem: str, alt: str, caption: str) -> Picture:
    """A board as it is, mines shown (``*``) and the move outlined."""
    svg = board_svg(board, show_mines=True, standalone=True, label=alt)
    return Picture(name_of(stem), svg, alt, caption, ("board", svg))


# ----------------------------------------------------------------------------
# Types and values

def _budget() -> Budget:
    return Budget(max_elements=LISTED, max_seconds=float("inf"))


def _shares(by_cell: dict, family) -> dict | None:
    """Each cell's exact share of ``family`` (``kinds.shares``); None when no
    cell has one (the family is empty or uncounted)."""
    cells = shares(family_sizes(by_cell, _budget()), family)
    return cells if any(v is not None for v in cells.values()) else None


# ----------------------------------------------------------------------------
# Drawing

def _bin(n: int) -> int:
    return next(i for i, (low, high) in enumerate(BINS, 1)
                if n >= low and (high is None or n <= high))


def _bin_text(i: int) -> str:
    low, high = BINS[i - 1]
    return str(low) if low == high else f"{low}+" if high is None else f"{low}–{high}"


def _count_picture(board, counts: dict, stem: str, alt: str, caption: str,
                   legend_title: str) -> Picture:
    bins = sorted({_bin(n) for n in counts.values() if n > 0})
    svg = _framed(board_svg(board, marks={c: f"k{_bin(n)}" for c, n in counts.items() if n > 0},
                            counts={c: _count_text(n) for c, n in counts.items() if n > 0},
                            size=SIZE),
                  alt, legend_title,
                  [(TINTS[i - 1], _bin_text(i)) for i in bins])
    return Picture(name_of(stem), svg, alt, caption, ("counts", tuple(sorted(counts.items()))))


def _count_text(n: int) -> str:
    return str(n) if n < 10_000 else "10k+"


def _heat_picture(board, shares: dict, stem: str, alias: str, where: str,
                  measure: tuple[str, object]) -> Picture:
    family = measure[0]
    total = present.size_of(measure[1])
    alt = (f"{alias} {where}: a heat map of each cell's share card(pr₂)/card({family}) "
           f"of the {total} members of {family}")
    steps = [Fraction(i, 4) for i in range(5)]
    svg = _framed(board_svg(board, heat=shares, size=SIZE,
                            badges={c: _fraction_text(p) for c, p in shares.items() if p is not None}),
                  alt,
                  f"card(pr₂)/card({family}):",
                  [(heat_colour(p), _fraction_text(p)) for p in steps]
                  + ([("url(#nop)", "no single share")] if None in shares.values() else []))
    caption = (f"Each cell x in {alias} is tinted by card(pr₂)/card({family}) — the share of "
               f"the {total} members of {family} (the possible placements) that mine x — "
               "written exactly in its top-left corner: white is 0, red is 1.")
    if None in shares.values():
        caption += " A hatched cell has several families, so no single share."
    return Picture(name_of(stem), svg, alt, caption,
                   ("shares", tuple(sorted((c, str(p)) for c, p in shares.items()))))


def _fraction_text(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _framed(inner: str, label: str, legend_title: str, legend: list[tuple[str, str]]) -> str:
    """A standalone SVG file: the board ``inner`` (board_svg's markup, not
    standalone) and a legend of swatches under it."""
    board = ET.fromstring(inner)
    width, height = float(board.get("width")), float(board.get("height"))
    step = 42
    legend_width = 8 + step * len(legend)
    total_width = max(width, legend_width, 8 + 6 * len(legend_title))
    total_height = height + 2 * LEGEND_LINE + 8
    root = ET.Element("svg", {"xmlns": SVG_NS, "viewBox": f"0 0 {total_width:g} {total_height:g}",
                              "width": f"{total_width:g}", "height": f"{total_height:g}",
                              "role": "img", "aria-label": label})
    root.text = "\n"
    ET.SubElement(root, "title").text = label
    ET.SubElement(root, "style").text = STYLE + "\n" + EXTRA_STYLE
    root.append(board)
    keys = ET.SubElement(root, "g", {"class": "legend"})
    top = height + 4
    ET.SubElement(keys, "text", {"x": "4", "y": f"{top + LEGEND_LINE / 2:g}"}).text = legend_title
    for i, (fill, text) in enumerate(legend):
        x, y = 4 + i * step, top + LEGEND_LINE
        ET.SubElement(keys, "rect", {"x": f"{x:g}", "y": f"{y + 3:g}", "width": "10",
                                     "height": "10", "style": f"fill:{fill}"})
        ET.SubElement(keys, "text", {"x": f"{x + 13:g}", "y": f"{y + 8:g}"}).text = text
    for element in (root[:-1] + list(keys)):
        element.tail = "\n"
    return ET.tostring(root, encoding="unicode") + "\n"
