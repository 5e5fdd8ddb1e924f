"""The ``.board`` text format: read (:func:`parse_board`) and write (:func:`write_board`).

A ``.board`` file is a few optional header lines and a grid::

    # a comment
    name: a small example
    mines: 2
    topology: square
    move: 0,2

    1 1 .
    * 2 .
    * 2 .

Header lines are ``key: value`` with the keys ``mines`` (the total), ``topology``
(``square``, ``torus`` or ``hex``), ``move`` (the cell of S4, ``row,col``) and
``name``.  Each grid line is one row; its cells may be separated by spaces:
``0``–``8`` an open cell showing its number, ``.`` a closed safe cell, ``*`` a
closed mine, ``?`` a closed cell of unknown content (a player's view, which
setmine completes — see :mod:`setmine.board.complete`).  Lines starting with
``#`` are comments anywhere; blank lines may stand before and after the grid
but not inside it.  ``docs/board-format.md`` is the full description.
"""

from __future__ import annotations

import re

from ..board import (Board, BoardError, Cell, cell_str, file_lines, parse_cell, read_natural,
                     shorten)
from .gridload import GridText, GridWhere, assemble_grid
from ..topology import GRID_TOPOLOGIES

HEADER_KEYS = ("mines", "topology", "move", "name")
SYMBOLS = "012345678.*?"

_HEADER = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_-]*)\s*:(.*)$")

_NOT_SYMBOL = str.maketrans("", "", SYMBOLS)


def _error(message: str, line: int, column: int | None, lines: list[str],
           path: str | None) -> BoardError:
    return BoardError(message, line, column, path=path, source_line=lines[line - 1])


def parse_board(text: str, path: str | None = None, *, max_cells: int | None = None) -> Board:
    """Read a ``.board`` text into a Board (``path`` only labels errors).

    Raises :class:`BoardError` with the line, column and a caret excerpt for
    anything that is not a valid board.
    """
    text = text.removeprefix("\ufeff")
    lines = file_lines(text)
    headers: dict[str, tuple[str, int, int]] = {}
    grid: list[tuple[int, str]] = []
    gap: int | None = None  # a blank line after some grid rows
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped:
            if grid and gap is None:
                gap = number
            continue
        if stripped.startswith("#"):
            continue
        header = _HEADER.match(raw)
        if header:
            key = header.group(1).lower()
            value_start = header.start(2) + (len(header.group(2)) - len(header.group(2).lstrip()))
            if grid:
                raise _error("header line after the grid (headers come first)", number,
                             header.start(1) + 1, lines, path)
            if key not in HEADER_KEYS:
                raise _error(f"unknown header key {shorten(header.group(1))} "
                             f"(expected one of: {', '.join(HEADER_KEYS)})", number,
                             header.start(1) + 1, lines, path)
            if key in headers:
                raise _error(f"duplicate header {key!r} (first given on line {headers[key][1]})",
                             number, header.start(1) + 1, lines, path)
            headers[key] = (header.group(2).strip(), number, value_start + 1)
            continue
        if gap is not None:
            raise _error(f"blank line {gap} splits the grid (the grid must be one block of lines)",
                         number, 1, lines, path)
        grid.append((number, raw))
    if not grid:
        raise BoardError("no grid: expected rows of cells (0-8 . * ?) after the headers", path=path)
    return _build(headers, grid, lines, text, path, max_cells)


def _build(headers: dict[str, tuple[str, int, int]], grid: list[tuple[int, str]],
           lines: list[str], text: str, path: str | None, max_cells: int | None = None) -> Board:
    """Check the header values and the grid symbols, then assemble the board."""
    rows = ["".join(raw.split()) for _, raw in grid]  # every character that is not a space is a cell
    width = len(rows[0])
    for (line, raw), row in zip(grid, rows):
        if row.translate(_NOT_SYMBOL):
            for column, ch in enumerate(raw, start=1):
                if not ch.isspace() and ch not in SYMBOLS:
                    raise _error(f"unknown symbol {ch!r} (expected a digit 0-8, '.', '*' or '?')",
                                 line, column, lines, path)
        if len(row) != width:
            column = (_columns(raw)[width] if len(row) > width
                      else len(lines[line - 1].rstrip()) + 1)
            raise _error(f"ragged grid: this row has {len(row)} cells but the first row has {width}",
                         line, column, lines, path)

    def value_error(key: str, message: str) -> BoardError:
        _, line, column = headers[key]
        return _error(message, line, column, lines, path)

    topology = "square"
    if "topology" in headers:
        topology = headers["topology"][0].lower()
        if topology not in GRID_TOPOLOGIES:
            hint = " (graph boards are JSON files)" if topology == "graph" else ""
            raise value_error("topology", f"topology: expected one of {', '.join(GRID_TOPOLOGIES)}, "
                                          f"got {shorten(headers['topology'][0])}{hint}")
    total: int | None = None
    if "mines" in headers:
        try:
            total = read_natural(headers["mines"][0], "mines")
        except BoardError as error:
            raise value_error("mines", error.message) from None
    move: Cell | None = None
    if "move" in headers and headers["move"][0].lower() not in ("", "none"):
        try:
            move = parse_cell(headers["move"][0])
        except BoardError as error:
            raise value_error("move", f"move: {error.message}") from None

    return assemble_grid(GridText(
        rows=rows, topology=topology, total=total, move=move,
        name=headers.get("name", ("", 0, 0))[0],
        where=GridWhere([line for line, _ in grid], lines, width), source=text, path=path,
        total_where=headers["mines"][1:] if "mines" in headers else None,
        move_where=headers["move"][1:] if "move" in headers else None, max_cells=max_cells,
    ))


def _columns(raw: str) -> list[int]:
    """The 1-based columns of a grid line's cells (its characters that are not spaces)."""
    return [column for column, ch in enumerate(raw, start=1) if not ch.isspace()]


def board_symbol(board: Board, cell: Cell) -> str:
    """The ``.board`` symbol of one cell: its number, ``?``, ``*`` or ``.``."""
    if cell in board.opened:
        return str(board.number(cell))
    if cell in board.unknown:
        return "?"
    return "*" if cell in board.mines else "."


def write_board(board: Board) -> str:
    """The ``.board`` text of a board; :func:`parse_board` reads it back equal.

    Headers come first (``name`` if any, ``mines`` always, ``topology`` when
    not square, ``move`` when there is one); then the grid, cells separated
    by one space, odd rows of a hex board indented by one more space so the
    text shows the stagger.  A view (a board with unknown cells) is written
    with ``?`` and reads back to the same completion.  Graph boards have no
    grid: write them with :func:`setmine.board.topology.write_graph_json`.
    """
    if board.topology == "graph":
        raise BoardError("a graph board cannot be written as a .board file; write it as JSON")
    if "\n" in board.name or "\r" in board.name or board.name != board.name.strip():
        raise BoardError(f"name {board.name!r} cannot be written on one header line")
    out = []
    if board.name:
        out.append(f"name: {board.name}")
    out.append(f"mines: {board.total_mines}")
    if board.topology != "square":
        out.append(f"topology: {board.topology}")
    if board.move is not None:
        out.append(f"move: {cell_str(board.move)}")
    out.append("")
    for r in range(board.rows):
        indent = " " if board.topology == "hex" and r % 2 else ""
        out.append(indent + " ".join(board_symbol(board, (r, c)) for c in range(board.cols)))
    return "\n".join(out) + "\n"
