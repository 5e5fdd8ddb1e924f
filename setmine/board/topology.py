"""Neighbour relations (S1): square, torus, hex, and arbitrary graphs from JSON.

The schema leaves S1 open: any symmetric, irreflexive relation in which
every cell has a neighbour (axioms A1–A3).  setmine offers four:

``square``
    The usual 8-neighbourhood; corner cells have 3 neighbours, edge cells 5,
    interior cells 8.
``torus``
    The 8-neighbourhood with both directions wrapping around, so every cell
    has 8 neighbours on boards of at least 3×3 (fewer distinct ones on
    narrower boards, where wrapped offsets coincide; a cell is never its own
    neighbour).
``hex``
    Hexagons in "odd-r" offset coordinates: rows are horizontal, and every
    odd row (1, 3, …) is shifted half a cell to the right.  The six
    neighbours of (r, c) are (r, c−1) and (r, c+1) on its own row and, on
    the rows above and below, (r±1, c−1) and (r±1, c) when r is even,
    (r±1, c) and (r±1, c+1) when r is odd.
``graph``
    Any relation, read from a JSON file (:func:`parse_graph_json`, schema in
    ``docs/board-format.md``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..base.jsontext import describe_json, load_json
from .board import (MAX_NUMBER, Adjacency, Board, BoardError, Cell, cell_str, check_cell_count,
                    file_lines, parse_cell)
from .complete import Layout, assemble
from .grid import GridAdjacency

GRID_TOPOLOGIES = ("square", "torus", "hex")
_GRID_KINDS = dict.fromkeys(GRID_TOPOLOGIES)

def square_neighbours(rows: int, cols: int) -> Adjacency:
    """The 8-neighbourhood on a ``rows``×``cols`` rectangle."""
    return GridAdjacency("square", rows, cols)


def torus_neighbours(rows: int, cols: int) -> Adjacency:
    """The 8-neighbourhood with wrap-around in both directions."""
    return GridAdjacency("torus", rows, cols)


def hex_neighbours(rows: int, cols: int) -> Adjacency:
    """Six neighbours per hexagon, odd rows shifted right ("odd-r")."""
    return GridAdjacency("hex", rows, cols)


def grid_neighbours(topology: str, rows: int, cols: int) -> Adjacency:
    """The relation of a named grid topology (``square``, ``torus``, ``hex``),
    computed from the topology cell by cell (:class:`~setmine.board.grid.GridAdjacency`)."""
    if topology not in _GRID_KINDS:
        raise BoardError(f"unknown topology {topology!r} (expected one of: {', '.join(GRID_TOPOLOGIES)})")
    return GridAdjacency(topology, rows, cols)


# -- graphs from JSON --------------------------------------------------------

_JSON_KEYS = ("cells", "neighbours", "mines", "opened", "shown", "unknown", "move",
              "total_mines", "name")


def _natural(value: Any) -> bool:
    """A JSON number a board may hold: an integer from 0 to MAX_NUMBER."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_NUMBER


def _json_cell(value: Any, what: str) -> Cell:
    """A cell written as ``[r, c]`` or ``"r,c"``."""
    if isinstance(value, str):
        try:
            return parse_cell(value)
        except BoardError as error:
            raise BoardError(f"{what}: {error.message}") from None
    if isinstance(value, list) and len(value) == 2 and all(_natural(v) for v in value):
        return value[0], value[1]
    raise BoardError(f"{what}: expected a cell [row, col] or \"row,col\" of integers from 0 to "
                     f"{MAX_NUMBER:,}, got {describe_json(value)}")


def _json_cells(data: Mapping[str, Any], key: str, known: set[Cell]) -> list[Cell]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise BoardError(f"'{key}' must be a list of cells")
    cells = [_json_cell(v, f"'{key}'[{k}]") for k, v in enumerate(value)]
    listed: set[Cell] = set()
    for k, cell in enumerate(cells):
        if cell not in known:
            raise BoardError(f"'{key}' names {cell_str(cell)}, which is not in 'cells'", cell=cell)
        if cell in listed:   # a typo, or a count the author meant: never merged silently
            raise BoardError(f"'{key}'[{k}] names {cell_str(cell)} a second time", cell=cell)
        listed.add(cell)
    return cells


def _json_relation(value: Any, cells: list[Cell]) -> dict[Cell, set[Cell]]:
    """Edges ``[[i, j], …]`` (indices into ``cells``, undirected) or an
    adjacency object ``{"r,c": ["r,c", …]}`` (must already be symmetric)."""
    relation: dict[Cell, set[Cell]] = {cell: set() for cell in cells}
    known = set(cells)
    if isinstance(value, list):
        for edge in value:
            if not (isinstance(edge, list) and len(edge) == 2
                    and all(isinstance(i, int) and not isinstance(i, bool) for i in edge)):
                raise BoardError(f"'neighbours': expected an edge [i, j] of cell indices, "
                                 f"got {describe_json(edge)}")
            for i in edge:
                if not 0 <= i < len(cells):
                    raise BoardError(f"'neighbours': edge {describe_json(edge)} uses index {describe_json(i)}, "
                                     f"but 'cells' has {len(cells)} entries")
            a, b = cells[edge[0]], cells[edge[1]]
            relation[a].add(b)
            relation[b].add(a)
        return relation
    if isinstance(value, dict):
        for key, around in value.items():
            cell = _json_cell(key, "'neighbours' key")
            if cell not in known:
                raise BoardError(f"'neighbours' names {cell_str(cell)}, which is not in 'cells'", cell=cell)
            if not isinstance(around, list):
                raise BoardError(f"'neighbours' of {cell_str(cell)}: expected a list of cells", cell=cell)
            for other in around:
                neighbour = _json_cell(other, f"'neighbours' of {cell_str(cell)}")
                if neighbour not in known:
                    raise BoardError(f"'neighbours' of {cell_str(cell)} names {cell_str(neighbour)}, "
                                     "which is not in 'cells'", cell=cell)
                relation[cell].add(neighbour)
        return relation
    raise BoardError("'neighbours' must be a list of edges [i, j] or an object {\"r,c\": [\"r,c\", …]}")


def parse_graph_json(text: str, path: str | None = None, *,
                     max_cells: int | None = None) -> Board:
    """Read a graph board from JSON text (schema: ``docs/board-format.md``).

    Every problem is a :class:`BoardError`; JSON syntax errors carry the line
    and column of the decoder.
    """
    try:
        try:
            data = load_json(text, unicode_only=True)
        except json.JSONDecodeError as exc:
            lines = file_lines(text)
            source = lines[exc.lineno - 1] if 0 < exc.lineno <= len(lines) else None
            raise BoardError(f"invalid JSON: {exc.msg}", exc.lineno, exc.colno,
                             source_line=source) from None
        if isinstance(data, dict) and isinstance(data.get("cells"), list):
            check_cell_count(len(data["cells"]), max_cells)
        return _graph_board(data)
    except BoardError as error:
        raise error.located(path=path) from None


def _graph_board(data: Any) -> Board:
    if not isinstance(data, dict):
        raise BoardError("a JSON board must be an object with at least 'cells' and 'neighbours'")
    for key in data:
        if key not in _JSON_KEYS:
            raise BoardError(f"unknown key {key!r} (expected some of: {', '.join(_JSON_KEYS)})")
    for key in ("cells", "neighbours"):
        if key not in data:
            raise BoardError(f"a JSON board needs {key!r}")
    if not isinstance(data["cells"], list) or not data["cells"]:
        raise BoardError("'cells' must be a non-empty list of cells [row, col]")
    cells = [_json_cell(v, f"'cells'[{k}]") for k, v in enumerate(data["cells"])]
    seen: set[Cell] = set()
    for cell in cells:
        if cell in seen:
            raise BoardError(f"'cells' lists {cell_str(cell)} twice", cell=cell)
        seen.add(cell)
    relation = _json_relation(data["neighbours"], cells)
    mines = _json_cells(data, "mines", seen)
    opened = _json_cells(data, "opened", seen)
    unknown = _json_cells(data, "unknown", seen)
    for cell in sorted(set(opened) & set(mines)):
        raise BoardError(f"cell {cell_str(cell)} is open but is a mine (axiom A4)", cell=cell)
    for cell in sorted(set(unknown) & (set(opened) | set(mines))):
        raise BoardError(f"cell {cell_str(cell)} is unknown but also listed as "
                         f"{'open' if cell in opened else 'a mine'}", cell=cell)
    shown: dict[Cell, int | None] = {cell: None for cell in opened}
    given = data.get("shown", {})
    if not isinstance(given, dict):
        raise BoardError("'shown' must be an object {\"r,c\": number}")
    for key, number in given.items():
        cell = _json_cell(key, "'shown' key")
        if cell not in shown:
            raise BoardError(f"'shown' gives a number for {cell_str(cell)}, which is not open", cell=cell)
        if not _natural(number):
            raise BoardError(f"'shown' of {cell_str(cell)}: expected a non-negative integer, "
                             f"got {describe_json(number)}", cell=cell)
        shown[cell] = number
    if unknown:
        for cell in opened:
            if shown[cell] is None:
                raise BoardError(f"open cell {cell_str(cell)} needs its number in 'shown' "
                                 "when some cells are unknown", cell=cell)
    total = data.get("total_mines")
    if total is not None and not _natural(total):
        raise BoardError(f"'total_mines' must be an integer from 0 to {MAX_NUMBER:,}, "
                         f"got {describe_json(total)}")
    move = data.get("move")
    if move is not None:
        move = _json_cell(move, "'move'")
        if move not in seen:
            raise BoardError(f"move {cell_str(move)} is not in 'cells'", cell=move)
    name = data.get("name", "")
    if not isinstance(name, str):
        raise BoardError("'name' must be a string")
    layout = Layout(
        rows=max(r for r, _ in cells) + 1,
        cols=max(c for _, c in cells) + 1,
        cells=tuple(sorted(cells)),
        neighbours=relation,
        topology="graph",
        name=name,
        shown=shown,
        known_mines=set(mines),
        unknown=set(unknown),
        total=total,
        move=move,
        total_label="total_mines",
        missing_total="a board with 'unknown' cells needs 'total_mines'",
    )
    return assemble(layout)


def write_graph_json(board: Board) -> str:
    """Write any board as a JSON graph board (edges as index pairs).

    The result reads back (:func:`parse_graph_json`) as an equal board
    except that its topology is ``graph`` and the grid extent is that of the
    cells.
    """
    index = {cell: i for i, cell in enumerate(board.cells)}
    edges = sorted((index[a], index[b]) for a in board.cells for b in board.neighbours[a]
                   if index[a] < index[b])
    known = board.known_mines()
    data: dict[str, Any] = {}
    if board.name:
        data["name"] = board.name
    data["cells"] = [list(cell) for cell in board.cells]
    data["neighbours"] = [list(edge) for edge in edges]
    data["mines"] = [list(cell) for cell in sorted(known)]
    data["opened"] = [list(cell) for cell in sorted(board.opened)]
    if board.unknown:
        data["unknown"] = [list(cell) for cell in sorted(board.unknown)]
        data["shown"] = {cell_str(cell): n for cell, n in board.shown().items()}
    data["move"] = list(board.move) if board.move is not None else None
    data["total_mines"] = board.total_mines
    lines = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
