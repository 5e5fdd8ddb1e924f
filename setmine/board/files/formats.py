"""Boards people already have: JSMinesweeper ``.mine``, minesweepr ASCII, and
:func:`load_board`, which reads any supported file by its suffix.

JSMinesweeper ``.mine``
    First line ``WIDTHxHEIGHTxMINES``; then HEIGHT rows of WIDTH symbols:
    ``0``–``8`` open, ``H`` hidden (unknown), ``F`` flag (a known mine).
minesweepr ASCII
    Rows of ``.`` (open, showing 0), ``1``–``8`` (open), ``*`` (known mine)
    and ``x`` (unknown); the total number of mines is given separately.

Both describe what a player sees, so their hidden cells are unknown and the
board is completed (:mod:`setmine.board.complete`).  Symbols are read
case-insensitively; spaces between cells are ignored.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..board import Board, BoardError, file_lines, read_natural, shorten
from .gridload import GridText, GridWhere, assemble_grid
from .textfile import _columns, parse_board
from ..topology import parse_graph_json

_MINE_SYMBOLS = str.maketrans({"h": "?", "H": "?", "f": "*", "F": "*"})
_MINESWEEPR_SYMBOLS = str.maketrans({".": "0", "x": "?", "X": "?"})
_MINE_HEADER = re.compile(r"^\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*$")


def _grid_layout(rows: list[tuple[int, str, str]], canonical: dict[int, int], total: int | None,
                 text: str, path: str | None, all_lines: list[str], label: str,
                 total_where: tuple[int, int] | None = None,
                 max_cells: int | None = None) -> Board:
    """Assemble a square board from rows of (line, raw text, cells); ``canonical``
    is a str.translate table from the file's symbols to the ``.board`` ones
    (a digit open, ``*`` a known mine, ``?`` unknown)."""
    return assemble_grid(GridText(
        rows=[cells.translate(canonical) for _, _, cells in rows], topology="square", total=total,
        where=GridWhere([line for line, _, _ in rows], all_lines, len(rows[0][2])), source=text,
        path=path, total_where=total_where, total_label=label, max_cells=max_cells,
    ))


def _read_rows(lines: list[tuple[int, str]], symbols: str, expected: str, path: str | None,
               all_lines: list[str]) -> list[tuple[int, str, str]]:
    """Split lines into cells, checking symbols and that the rows are even."""
    valid = str.maketrans("", "", symbols + symbols.upper())
    rows: list[tuple[int, str, str]] = []
    for line, raw in lines:
        cells = "".join(raw.split())  # every character that is not a space is a cell
        if cells.translate(valid):
            for col, ch in enumerate(raw, start=1):
                if not ch.isspace() and ch.lower() not in symbols:
                    raise BoardError(f"unknown symbol {ch!r} (expected {expected})", line, col,
                                     path=path, source_line=all_lines[line - 1])
        if rows and len(cells) != len(rows[0][2]):
            width = len(rows[0][2])
            col = (_columns(raw)[width] if len(cells) > width else len(raw.rstrip()) + 1)
            raise BoardError(f"ragged grid: this row has {len(cells)} cells but the first row has "
                             f"{width}", line, col, path=path, source_line=all_lines[line - 1])
        rows.append((line, raw, cells))
    return rows


def parse_mine(text: str, path: str | None = None, *, max_cells: int | None = None) -> Board:
    """Read a JSMinesweeper ``.mine`` board (hidden cells are completed)."""
    all_lines = file_lines(text.removeprefix("\ufeff"))
    numbered = [(i, line) for i, line in enumerate(all_lines, start=1) if line.strip()]
    if not numbered:
        raise BoardError("empty .mine file: expected a first line WIDTHxHEIGHTxMINES", path=path)
    first_line, first = numbered[0]
    header = _MINE_HEADER.match(first)
    if not header:
        raise BoardError(f"expected WIDTHxHEIGHTxMINES (for example 30x16x99), got {shorten(first.strip())}",
                         first_line, 1, path=path, source_line=first)
    numbers = []
    for group, what in enumerate(("the width", "the height", "the mine count"), start=1):
        try:
            numbers.append(read_natural(header.group(group), what))
        except BoardError as error:
            raise BoardError(error.message, first_line, header.start(group) + 1, path=path,
                             source_line=first) from None
    width, height, total = numbers
    if width == 0 or height == 0:
        raise BoardError(f"the header says {width}x{height}: a board needs at least one row "
                         "and one column", first_line, 1, path=path, source_line=first)
    rows = _read_rows(numbered[1:], "012345678hf", "0-8, 'H' or 'F'", path, all_lines)
    if len(rows) != height or any(len(cells) != width for _, _, cells in rows):
        found = f"{len(rows)} rows of {len(rows[0][2])}" if rows else "no rows"
        raise BoardError(f"the header says {width}x{height} but the grid has {found}",
                         first_line, 1, path=path, source_line=first)
    return _grid_layout(rows, _MINE_SYMBOLS, total, text, path, all_lines, "the header's mine count",
                        total_where=(first_line, header.start(3) + 1), max_cells=max_cells)


def parse_minesweepr(text: str, mines: int, path: str | None = None, *,
                     max_cells: int | None = None) -> Board:
    """Read a minesweepr ASCII board with ``mines`` mines in total."""
    all_lines = file_lines(text.removeprefix("\ufeff"))
    numbered = [(i, line) for i, line in enumerate(all_lines, start=1) if line.strip()]
    if not numbered:
        raise BoardError("empty board: expected rows of '.', digits, '*' and 'x'", path=path)
    rows = _read_rows(numbered, ".012345678*x", "'.', 0-8, '*' or 'x'", path, all_lines)
    if isinstance(mines, bool) or not isinstance(mines, int) or mines < 0:
        raise BoardError(f"mines: expected a non-negative integer, got {mines!r}", path=path)
    return _grid_layout(rows, _MINESWEEPR_SYMBOLS, mines, text, path, all_lines, "mines",
                        max_cells=max_cells)


def load_board(path: str | Path, *, max_cells: int | None = None, **options: Any) -> Board:
    """Read a board file, choosing the reader by its suffix.

    ``.board`` → :func:`parse_board`; ``.json`` → a graph board;
    ``.mine`` → JSMinesweeper; ``.txt`` → minesweepr ASCII, which needs the
    option ``mines=N``.  Every problem, including an unreadable file, is a
    :class:`BoardError`.  A board of more than ``max_cells`` cells is
    :class:`~setmine.board.board.BoardTooLarge`, raised as soon as its size
    is read, before it is built.
    """
    name = str(path)
    suffix = Path(name).suffix.lower()
    readers = {".board": "parse_board", ".json": "graph JSON", ".mine": "JSMinesweeper",
               ".txt": "minesweepr ASCII"}
    if suffix not in readers:
        raise BoardError(f"unknown board file type {suffix or '(no suffix)'!r} "
                         f"(expected one of: {', '.join(readers)})", path=name)
    allowed = {"mines"} if suffix == ".txt" else set()
    for key in options:
        if key not in allowed:
            raise BoardError(f"--{key} (option {key}=…) does not apply to {suffix} files",
                             path=name)
    if suffix == ".txt" and "mines" not in options:
        raise BoardError("a minesweepr .txt board needs the total number of mines: give it on the "
                         "command line as --mines N (in Python: load_board(path, mines=N))",
                         path=name)
    try:
        text = Path(name).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BoardError("cannot read board file: not UTF-8 text", path=name) from None
    except OSError as exc:
        raise BoardError(f"cannot read board file: {exc.strerror or exc}", path=name) from None
    text = text.removeprefix("\ufeff")   # a byte-order mark, as every reader takes it
    if suffix == ".board":
        return parse_board(text, name, max_cells=max_cells)
    if suffix == ".json":
        return parse_graph_json(text, name, max_cells=max_cells)
    if suffix == ".mine":
        return parse_mine(text, name, max_cells=max_cells)
    return parse_minesweepr(text, options["mines"], name, max_cells=max_cells)
