"""Grid boards from text, whole rows at a time: :class:`GridText` and
:func:`assemble_grid`.

The grid readers (``.board``, JSMinesweeper ``.mine``, minesweepr ASCII)
translate their rows into one alphabet — a digit is an open cell showing
it, ``*`` a known mine, ``?`` an unknown cell, ``.`` a closed safe cell —
and hand them here.  :func:`assemble_grid` checks a valid board with
string and integer operations over whole rows (the shown numbers against
the mines counted by :func:`~setmine.board.grid.neighbour_sums`; for a view,
only the numbers next to unknown cells go to the completion).  Whenever
something is wrong, or the shape is one the row arithmetic does not cover,
it hands the cell-by-cell :class:`~setmine.board.complete.Layout` to
:func:`~setmine.board.complete.assemble`, which finds and words the error:
both ways give the same board or the same error.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import eq, gt, ne

from ..board import Board, BoardError, Cell, check_cell_count
from ..complete import Layout, assemble, complete_view
from ..grid import GridAdjacency, neighbour_sums, rows_hex

CANONICAL = "012345678*?."


def _table(mapping: dict[str, str]) -> bytes:
    """A bytes.translate table: the canonical symbols as ``mapping`` says."""
    table = bytearray(range(256))
    for symbol in CANONICAL:
        table[ord(symbol)] = ord(mapping.get(symbol, "0"))
    return bytes(table)


_MINES = _table({"*": "1"})
_UNKNOWN = _table({"?": "1"})
_SHOWN = _table({str(d): str(d) for d in range(9)})
_OPEN = _table({str(d): "f" for d in range(9)})
_NOT_CANONICAL = str.maketrans("", "", CANONICAL)
_NONZERO = str.maketrans({str(d): "f" for d in range(1, 9)})


class GridWhere(Mapping[Cell, tuple[int, int]]):
    """Where each cell stands in the file, (line, column), found when asked:
    the c-th character that is not a space on the row's line."""

    def __init__(self, row_lines: list[int], lines: list[str], cols: int):
        self.row_lines, self.lines, self.cols = row_lines, lines, cols

    def __getitem__(self, cell: Cell) -> tuple[int, int]:
        if cell not in self:
            raise KeyError(cell)
        r, c = cell
        line = self.row_lines[r]
        seen = -1
        for column, ch in enumerate(self.lines[line - 1], start=1):
            if not ch.isspace():
                seen += 1
                if seen == c:
                    return line, column
        raise KeyError(cell)

    def __contains__(self, cell: object) -> bool:
        return (isinstance(cell, tuple) and len(cell) == 2
                and all(isinstance(v, int) for v in cell)
                and 0 <= cell[0] < len(self.row_lines) and 0 <= cell[1] < self.cols)

    def __iter__(self) -> Iterator[Cell]:
        return ((r, c) for r in range(len(self.row_lines)) for c in range(self.cols))

    def __len__(self) -> int:
        return len(self.row_lines) * self.cols


@dataclass
class GridText:
    """A grid board as its reader found it: ``rows`` of canonical symbols
    (all of one width, checked), and what :class:`Layout` says besides."""

    rows: list[str]
    topology: str
    total: int | None
    move: Cell | None = None
    name: str = ""
    where: Mapping[Cell, tuple[int, int]] = field(default_factory=dict)
    source: str | None = None
    path: str | None = None
    total_where: tuple[int, int] | None = None
    move_where: tuple[int, int] | None = None
    total_label: str = "mines"
    missing_total: str = "the grid has '?' cells, so it needs a 'mines: N' header"
    max_cells: int | None = None   # more: BoardTooLarge, before anything is built


def assemble_grid(grid: GridText) -> Board:
    """The Board of a grid text (see the module text); errors as :func:`assemble`'s."""
    check_cell_count(len(grid.rows) * len(grid.rows[0]), grid.max_cells, len(grid.rows),
                     len(grid.rows[0]))
    adjacency = GridAdjacency(grid.topology, len(grid.rows), len(grid.rows[0]))
    board = _whole_rows(grid, adjacency)
    return board if board is not None else assemble(layout_of(grid, adjacency))


def layout_of(grid: GridText, adjacency: GridAdjacency) -> Layout:
    """The cell-by-cell layout of a grid text."""
    shown: dict[Cell, int | None] = {}
    known: set[Cell] = set()
    unknown: set[Cell] = set()
    for r, row in enumerate(grid.rows):
        for c, ch in enumerate(row):
            if ch.isdigit():
                shown[(r, c)] = int(ch)
            elif ch == "*":
                known.add((r, c))
            elif ch == "?":
                unknown.add((r, c))
    return Layout(
        rows=adjacency.rows, cols=adjacency.cols, cells=adjacency.cells, neighbours=adjacency,
        topology=grid.topology, shown=shown, known_mines=known, unknown=unknown, total=grid.total,
        move=grid.move, name=grid.name, where=grid.where, source=grid.source, path=grid.path,
        total_where=grid.total_where, move_where=grid.move_where, total_label=grid.total_label,
        missing_total=grid.missing_total)


def _whole_rows(grid: GridText, adjacency: GridAdjacency) -> Board | None:
    """The board, checked row by row; None when the cell-by-cell way must
    decide (something is wrong, or the shape is not covered)."""
    if not adjacency.sums_apply() or any(len(row) != adjacency.cols for row in grid.rows):
        return None
    kind, cols, cells = grid.topology, adjacency.cols, adjacency.cells
    flat = "".join(grid.rows)
    if flat.translate(_NOT_CANONICAL):
        return None
    move = grid.move
    if move is not None and (move not in adjacency or flat[move[0] * cols + move[1]].isdigit()):
        return None
    data = [row.encode("ascii") for row in grid.rows]
    counts = neighbour_sums(kind, cols, [int(b.translate(_MINES), 16) for b in data])
    shown = [int(b.translate(_SHOWN), 16) for b in data]
    opened = [int(b.translate(_OPEN), 16) for b in data]
    known = frozenset(compress(cells, map(eq, flat, repeat("*"))))
    unknown = frozenset(compress(cells, map(eq, flat, repeat("?"))))
    total = grid.total
    if not unknown:
        if (total is not None and total != len(known)) or any(
                c & o != s for c, o, s in zip(counts, opened, shown)):
            return None
        mines = known
    else:
        if total is None or not len(known) <= total <= len(known) + len(unknown):
            return None
        degrees = rows_hex(neighbour_sums(kind, cols, [int("1" * cols, 16)] * len(data)), cols)
        digits = "".join(rows_hex(shown, cols))
        if any(map(gt, digits, "".join(degrees))):  # a number larger than its neighbours
            return None
        near = neighbour_sums(kind, cols, [int(b.translate(_UNKNOWN), 16) for b in data])
        front = [int(f.translate(_NONZERO), 16) & o for f, o in zip(rows_hex(near, cols), opened)]
        if any(c & o & ~f != s & ~f for c, o, s, f in zip(counts, opened, shown, front)):
            return None  # a number away from the unknown cells that its mines do not make
        marks = "".join(rows_hex(front, cols))
        frontier = dict(zip(compress(cells, map(ne, marks, repeat("0"))),
                            map(int, compress(flat, map(ne, marks, repeat("0"))))))
        try:
            mines = known | complete_view(adjacency, frontier, known, unknown, total)
        except BoardError:
            return None
    try:
        return Board(rows=adjacency.rows, cols=cols, cells=cells, neighbours=adjacency, mines=mines,
                     opened=frozenset(compress(cells, map(str.isdigit, flat))), move=move,
                     total_mines=len(mines), topology=kind, name=grid.name, unknown=unknown,
                     completed=bool(unknown))
    except BoardError:
        return None
