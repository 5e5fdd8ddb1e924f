"""Plain-text pictures of boards, for messages, reports and the CLI.

``draw(board)`` gives one text line per row, each cell two characters wide,
row indices on the left and column indices on top (two header lines, tens
and units, when there are more than ten columns)::

       0 1 2 3
    0  0 1 · ·
    1  0 1 ■ ·
    2  0 1 1 1

Open cells show their number, closed cells ``·``; highlighted cells are
``■`` unless ``marks`` gives them another symbol.  With ``show_mines`` the
mines are ``*``; on a player's view that setmine completed, the mines it
chose (the completion's, not the player's) are ``x``.  Column labels have
one header line per digit (hundreds, tens, units).  A board whose bounding
box exceeds ``MAX_PLACES`` places is not drawn (a graph board may place
two cells 100,000 rows apart): one line says so, with its size.  Odd rows of
a hex board are shifted half a cell (one character) to the right, as in the
"odd-r" layout.  Graph boards are drawn at their cells' (row, col); places
with no cell stay blank.  The picture is plain text; colour is the CLI's
business.
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import Board, Cell
from .glyphs import CHOSEN_MINE, CLOSED, HIGHLIGHT, MAX_PLACES, MINE


def cell_symbol(board: Board, cell: Cell, highlight: frozenset[Cell] = frozenset(),
                marks: dict[Cell, str] | None = None, show_mines: bool = False) -> str:
    """The one-character picture of one cell (see :func:`draw`)."""
    if marks and cell in marks:
        return marks[cell]
    if cell in highlight:
        return HIGHLIGHT
    if cell in board.opened:
        return str(board.number(cell))
    if show_mines and cell in board.mines:
        return CHOSEN_MINE if board.completed and cell in board.unknown else MINE
    return CLOSED


def draw(board: Board, highlight: Iterable[Cell] = (), marks: dict[Cell, str] | None = None,
         *, show_mines: bool = False) -> str:
    """A plain-text picture of the board (see the module text)."""
    if board.rows * board.cols > MAX_PLACES:
        return (f"(not drawn: {len(board.cells):,} cells spread over {board.rows:,}×{board.cols:,} "
                f"places, more than {MAX_PLACES:,})\n")
    lit = frozenset((int(r), int(c)) for r, c in highlight)
    present = set(board.cells)
    label = len(str(board.rows - 1))
    margin = " " * (label + 2)
    lines = []
    digits = len(str(max(board.cols - 1, 0)))
    for k in range(digits - 1, -1, -1):
        lines.append(margin + " ".join(str(c // 10 ** k % 10) if c >= 10 ** k or k == 0 else " "
                                       for c in range(board.cols)))
    for r in range(board.rows):
        shift = " " if board.topology == "hex" and r % 2 else ""
        symbols = [cell_symbol(board, (r, c), lit, marks, show_mines) if (r, c) in present else " "
                   for c in range(board.cols)]
        lines.append(f"{str(r).rjust(label)}  {shift}{' '.join(symbols)}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def legend(board: Board, show_mines: bool = False, highlight: str = "") -> str:
    """What the glyphs of :func:`draw` mean, for the ones it drew."""
    parts = []
    if highlight:
        parts.append(f"{HIGHLIGHT} {highlight}")
    if board.opened:
        parts.append("0–8 open, its number")
    if len(board.opened) < len(board.cells):
        parts.append(f"{CLOSED} closed")
    if show_mines and board.mines - (board.unknown if board.completed else frozenset()):
        parts.append(f"{MINE} mine")
    if show_mines and board.completed and board.mines & board.unknown:
        parts.append(f"{CHOSEN_MINE} mine setmine chose to complete the view (not known to the player)")
    return "   ".join(parts)
