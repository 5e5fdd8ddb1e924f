"""SVG pictures of boards, for the HTML report, the teaching pages and
notebooks: the same board as ``draw.py`` draws in text, as vector shapes.

``board_svg(board, lit=…, heat=…, marks=…)`` returns one ``<svg>`` element.
Every cell is a ``<g>`` element carrying ``data-cell="r,c"`` (the page
contract of docs/pictures.md, which the browser tests read):

* open cells show their number (blank for 0), closed cells are grey;
* ``lit`` cells — the members of a set of cells — carry ``data-member="1"``
  and the class ``lit``;
* ``heat`` maps cells to exact probabilities (``Fraction``): the cell is
  tinted by it and carries ``data-p="num/den"``; a cell mapped to ``None``
  has no probability (class ``nop``);
* ``marks`` adds CSS classes to cells (``move``, ``differs``, ``selected``…);
* ``badges`` writes a short text in a cell's top-left corner (a
  fraction), class ``badge``; ``counts`` writes a text *in place of* the
  cell's number, large, class ``counted`` (a relation's pairs per cell: the
  open cells' numbers would only compete with it); ``notes`` gives a cell's tooltip (its
  ``<title>``) more to say than its name and probability;
* with ``show_mines`` the mines are drawn (``*``; ``x`` for the mines setmine
  chose to complete a player's view).

Square and torus boards are grids; hex boards are drawn "odd-r", odd rows
shifted half a cell; graph boards place their cells at their (row, col) and
draw their edges.  A board whose bounding box exceeds ``glyphs.MAX_PLACES``
places is not drawn: the picture is one line of text saying so.

The frame comes from the Jinja2 template ``templates/board.svg.j2``;
``standalone=True`` adds the XML namespace and a ``<style>`` so that the
SVG is a file of its own (``docs/schema/img/``), while the report styles
every board with one stylesheet.  The cells are written here
(:func:`_cell_markup`): a page draws one board dozens of times, so a
board's frame and its plain cells — nothing lit, marked or tinted, most of
the cells of most pictures — are computed and written once and kept for
the last few boards drawn (:func:`_kept`); a picture writes only the cells
it changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import sqrt

from markupsafe import escape

from ..base.memo import memo_of, remember

from .glyphs import CHOSEN_MINE, MAX_PLACES, MINE, cell_key

Cell = tuple[int, int]

DEFS = ('<defs><pattern id="nop" width="6" height="6" patternUnits="userSpaceOnUse">'
        '<rect width="6" height="6" fill="#eee"/><path d="M0 6L6 0" stroke="#999"/></pattern></defs>')
"""What the boards refer to by id (the hatching of a cell with no probability):
inside a standalone SVG; once per page in a page of many boards (``page.py``)."""

SIZE = 24            # a cell's side (square) or width (hex), in SVG units
MARGIN = 18          # room for the row and column labels
MAX_LABELS = 60      # more rows or columns than this: no labels
MAX_EDGES = 4_000    # a graph board with more edges is drawn without them


@dataclass(frozen=True)
class CellShape:
    """One cell as :func:`_cell_markup` writes it."""

    key: str            # "r,c"
    x: float            # the centre
    y: float
    left: float         # the square's corner
    top: float
    classes: str
    text: str
    member: bool
    p: str | None       # "num/den" for heat maps
    fill: str | None
    title: str | None
    badge: str | None = None
    corner: tuple[float, float] = (0.0, 0.0)


def board_svg(board, *, lit: Iterable[Cell] = (), heat: Mapping[Cell, Fraction | None] | None = None,
              marks: Mapping[Cell, str] | None = None, badges: Mapping[Cell, str] | None = None,
              counts: Mapping[Cell, str] | None = None, notes: Mapping[Cell, str] | None = None,
              show_mines: bool = False,
              label: str = "", standalone: bool = False, titles: bool = False,
              size: int = SIZE) -> str:
    """The SVG picture of ``board``, a :class:`~setmine.board.board.Board`
    (see the module text)."""
    if board.rows * board.cols > MAX_PLACES:
        return _template().render(
            too_large=f"(not drawn: {len(board.cells):,} cells spread over {board.rows:,}×{board.cols:,} "
                 f"places, more than {MAX_PLACES:,})", standalone=standalone)
    lit = frozenset(lit)
    marks, notes, badges = marks or {}, notes or {}, badges or {}
    frame = _frame(board, size)
    shape = "hex" if frame.hexagonal else ("dot" if board.topology == "graph" else "square")
    hexagon = _hexagon(size)
    inset = {"hex": (0.3, 0.45), "dot": (0.35, 0.4)}.get(shape, (0.45, 0.46))
    changed = lit.union(marks, heat or (), notes, counts or (), badges)
    counting = counts is not None   # (every cell's number gives way)
    markup = "".join(
        _cell_markup(_drawn(c, cell, lit, heat, marks, notes, counts, badges, inset, size),
                     shape, size, hexagon)
        if cell in changed or counting and c.text else m
        for cell, c, m in zip(board.cells, _plain_cells(board, size, show_mines, titles),
                              _plain_markup(board, size, show_mines, titles, shape, hexagon)))
    return _template().render(
        width=frame.width, height=frame.height, cells=markup, edges=frame.edges,
        margin=frame.margin, col_labels=frame.col_labels, row_labels=frame.row_labels,
        label=label, standalone=standalone, heat=heat is not None, style=STYLE, too_large=None,
        defs=DEFS)


@dataclass(frozen=True)
class Frame:
    """What every picture of one board at one cell size shares: its size,
    its labels, each cell's centre and the graph's edges."""

    hexagonal: bool
    margin: int
    width: float
    height: float
    centres: dict
    col_labels: list
    row_labels: list
    edges: list


def _frame(board, size: int) -> Frame:
    """The board's :class:`Frame` at ``size``, computed once per board."""
    kept = _kept(board)
    frame = kept.get(size)
    if frame is None:
        frame = kept[size] = _frame_of(board, size)
    return frame


def _kept(board) -> dict:
    """What the pictures of ``board`` share (its frame, its plain cells),
    kept on the board (``base.memo``): a page draws one board many times,
    and what is kept goes with the board."""
    return remember(memo_of(board), "pictures", dict)


def _frame_of(board, size: int) -> Frame:
    hexagonal = board.topology == "hex"
    labels = max(board.rows, board.cols) <= MAX_LABELS
    margin = MARGIN if labels else 2
    row_height = size * sqrt(3) / 2 if hexagonal else size
    width = margin + size * board.cols + (size / 2 if hexagonal else 0) + 2
    height = margin + row_height * (board.rows - 1) + size + 2

    def centre(cell: Cell) -> tuple[float, float]:
        r, c = cell
        shift = size / 2 if hexagonal and r % 2 else 0
        return (round(margin + c * size + shift + size / 2, 2),
                round(margin + r * row_height + size / 2, 2))

    centres = {cell: centre(cell) for cell in board.cells}
    edges = []
    if board.topology == "graph":
        pairs = [(a, b) for a in board.cells for b in board.neighbours[a] if a < b]
        if len(pairs) <= MAX_EDGES:
            edges = [(*centres[a], *centres[b]) for a, b in pairs]
    return Frame(
        hexagonal, margin, round(width, 2), round(height, 2), centres,
        [(margin + c * size + size / 2, c) for c in range(board.cols)] if labels else [],
        [(margin + r * row_height + size / 2, r) for r in range(board.rows)] if labels else [],
        edges)


def _plain_cells(board, size: int, show_mines: bool, titles: bool) -> list[CellShape]:
    """Every cell's shape with nothing lit, marked or tinted — what most
    cells of most pictures of the board are — computed once per board."""
    kept = _kept(board)
    key = (size, show_mines, titles)
    shapes = kept.get(key)
    if shapes is None:
        centres = _frame(board, size).centres
        shapes = kept[key] = [_shape(board, cell, centres[cell], size, frozenset(), None, {},
                                     show_mines, titles) for cell in board.cells]
    return shapes


def _drawn(c: CellShape, cell: Cell, lit: frozenset, heat, marks, notes, counts, badges,
           inset: tuple[float, float], size: int) -> CellShape:
    """A cell's shape in one picture, from its plain shape ``c``: lit,
    marked, tinted, annotated, counted, badged — classes in that order."""
    classes, text, title = c.classes, c.text, c.title
    p = fill = badge = None
    corner = c.corner
    if cell in lit:
        classes += " lit"
    if cell in marks:
        classes += " " + marks[cell]
    if heat is not None and cell in heat:
        q = heat[cell]
        if q is None:
            classes += " nop"
        else:
            p, fill = f"{q.numerator}/{q.denominator}", heat_colour(q)
            title = f"{c.key}: p = {p}" + (f" ≈ {float(q):.3f}" if q.denominator > 1 else "")
    if cell in notes:
        title = f"{title or c.key}; {notes[cell]}"
    if counts is not None:
        text = counts.get(cell, "")
        if cell in counts:
            classes += " counted"
    if cell in badges:
        badge, corner = badges[cell], (round(c.x - size * inset[0], 2),
                                       round(c.y - size * inset[1], 2))
    return CellShape(c.key, c.x, c.y, c.left, c.top, classes, text, cell in lit, p, fill, title,
                     badge, corner)


def _plain_markup(board, size: int, show_mines: bool, titles: bool, shape: str,
                  hexagon: str) -> list[str]:
    """The markup of :func:`_plain_cells`, written once per board."""
    kept = _kept(board)
    key = ("markup", size, show_mines, titles)
    written = kept.get(key)
    if written is None:
        written = kept[key] = [_cell_markup(c, shape, size, hexagon)
                               for c in _plain_cells(board, size, show_mines, titles)]
    return written


def _cell_markup(c: CellShape, shape: str, size: int, hexagon: str) -> str:
    """One cell's ``<g>`` element and its line break (the page contract:
    ``data-cell``, ``data-member``, ``data-p``); the texts that come from
    outside (classes, badge, title) escaped."""
    out = [f'<g class="{escape(c.classes)}" data-cell="{c.key}"']
    if c.member:
        out.append(' data-member="1"')
    if c.p:
        out.append(f' data-p="{c.p}"')
    fill = f' style="fill:{c.fill}"' if c.fill else ""
    if shape == "hex":
        out.append(f'><polygon points="{hexagon}" transform="translate({c.x} {c.y})"{fill}/>')
    elif shape == "dot":
        out.append(f'><circle cx="{c.x}" cy="{c.y}" r="{size / 2 - 1}"{fill}/>')
    else:
        out.append(f'><rect x="{c.left}" y="{c.top}" width="{size}" height="{size}"{fill}/>')
    if c.text:
        out.append(f'<text x="{c.x}" y="{c.y}">{escape(c.text)}</text>')
    if c.badge:
        out.append(f'<text class="badge" x="{c.corner[0]}" y="{c.corner[1]}">{escape(c.badge)}</text>')
    if c.title:
        out.append(f"<title>{escape(c.title)}</title>")
    out.append("</g>\n")
    return "".join(out)


def _shape(board, cell: Cell, at: tuple[float, float], size: int, lit: frozenset, heat, marks,
           show_mines: bool, titles: bool) -> CellShape:
    classes = ["cell"]
    text = ""
    if cell in board.opened:
        classes.append("open")
        n = board.number(cell)
        text = str(n) if n else ""
        if n:
            classes.append(f"n{n}")
    else:
        classes.append("closed")
        if show_mines and cell in board.mines:
            chosen = board.completed and cell in board.unknown
            classes.append("chosen-mine" if chosen else "mine")
            text = CHOSEN_MINE if chosen else MINE
    if cell == board.move:
        classes.append("move")
    if cell in lit:
        classes.append("lit")
    if cell in marks:
        classes.append(marks[cell])
    p = fill = title = None
    if heat is not None and cell in heat:
        q = heat[cell]
        if q is None:
            classes.append("nop")
        else:
            p, fill = f"{q.numerator}/{q.denominator}", heat_colour(q)
            title = f"{cell_key(cell)}: p = {p}" + (f" ≈ {float(q):.3f}" if q.denominator > 1 else "")
    if title is None and titles:
        title = cell_key(cell)
    return CellShape(cell_key(cell), at[0], at[1], round(at[0] - size / 2, 2),
                     round(at[1] - size / 2, 2), " ".join(classes), text, cell in lit, p, fill,
                     title)


@lru_cache(maxsize=4096, typed=True)   # a heat map's cells share few probabilities
def heat_colour(p: Fraction) -> str:
    """A probability's tint, as ``#rrggbb``: exactly 0 is green (surely
    safe, and never mistaken for an open cell), above 0 pale yellow through
    amber to red at exactly 1 (surely a mine)."""
    p = min(max(p, Fraction(0)), Fraction(1))
    if p == 0:
        return SAFE_TINT
    stops = [(Fraction(0), (255, 247, 214)), (Fraction(1, 2), (250, 176, 64)),
             (Fraction(1), (200, 30, 30))]
    for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
        if p <= p1:
            t = (p - p0) / (p1 - p0)
            return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(c0, c1))
    return "#c81e1e"  # pragma: no cover - p ≤ 1


SAFE_TINT = "#a7f3d0"


def _hexagon(size: int) -> str:
    """The points of a pointy-top hexagon of width ``size`` around (0, 0)."""
    r = size / sqrt(3)
    pts = [(0, -r), (size / 2, -r / 2), (size / 2, r / 2), (0, r), (-size / 2, r / 2), (-size / 2, -r / 2)]
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in pts)


@lru_cache(maxsize=1)
def _template():
    from jinja2 import Environment, PackageLoader, StrictUndefined

    # Autoescaping is off for this one template: every attribute it writes is
    # made here from numbers and fixed words, and the template escapes the
    # three texts that come from outside (``|e``: the label, titles, the
    # "not drawn" line) — escaping 50,000 numbers per board was half its time.
    env = Environment(loader=PackageLoader("setmine.board", "templates"), autoescape=False,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.get_template("board.svg.j2")


STYLE = """
.board .cell rect, .board .cell polygon, .board .cell circle { fill: #c9ced6; stroke: #8a929e; stroke-width: 1; }
.board .cell.open rect, .board .cell.open polygon, .board .cell.open circle { fill: #f4f5f7; }
.board .cell.lit rect, .board .cell.lit polygon, .board .cell.lit circle { fill: #3b82f6; }
.board .cell.lit text { fill: #fff; }
.board .cell.move rect, .board .cell.move polygon, .board .cell.move circle { stroke: #111; stroke-width: 3; }
.board .cell.differs rect, .board .cell.differs polygon, .board .cell.differs circle { stroke: #d946ef; stroke-width: 3; stroke-dasharray: 3 2; }
.board .cell.nop rect, .board .cell.nop polygon { fill: url(#nop); }
.board text { font: bold 13px sans-serif; text-anchor: middle; dominant-baseline: central; pointer-events: none; fill: #222; }
.board .cell.mine text, .board .cell.chosen-mine text { fill: #b91c1c; }
.board .n1 text { fill: #1d4ed8; } .board .n2 text { fill: #15803d; } .board .n3 text { fill: #b91c1c; }
.board .n4 text { fill: #312e81; } .board .n5 text { fill: #7f1d1d; } .board .n6 text { fill: #0e7490; }
.board .cell.counted text { font: bold 15px sans-serif; fill: #7c2d12; }
.board .cell text.badge { font: bold 8px sans-serif; text-anchor: start; dominant-baseline: hanging; fill: #111; stroke: #fff; stroke-width: 2px; paint-order: stroke; }
.board .axis { font: 9px sans-serif; fill: #6b7280; font-weight: normal; }
.board .edge { stroke: #9ca3af; stroke-width: 1; }
""".strip()
"""The boards' stylesheet: inlined into a standalone SVG, and into the report once."""
