"""Boards: the concrete positions the schema is evaluated over.

* :mod:`.board` — the :class:`Board` type and :class:`BoardError`;
* :mod:`.topology` — neighbour relations: square, torus, hex, JSON graphs;
* :mod:`.grid` — grid relations computed from the topology, neighbour counts by whole rows;
* :mod:`.gridload` — grid texts checked by whole rows (the readers' common end);
* :mod:`.textfile` — the ``.board`` format (``docs/board-format.md``);
* :mod:`.formats` — JSMinesweeper ``.mine``, minesweepr ASCII, :func:`load_board`;
* :mod:`.complete` — checking a board and completing a player's view;
* :mod:`.structure` — a board as X1, S1…S4;
* :mod:`.draw` — plain-text pictures.
"""

from .board import Adjacency, Board, BoardError, Cell, cell_str, parse_cell
from .complete import complete_view, completion_order
from .draw import draw
from .files.formats import load_board, parse_mine, parse_minesweepr
from .structure import structure
from .files.textfile import parse_board, write_board
from .topology import (grid_neighbours, hex_neighbours, parse_graph_json, square_neighbours,
                       torus_neighbours, write_graph_json)

__all__ = [
    "Adjacency", "Board", "BoardError", "Cell", "cell_str", "complete_view", "completion_order",
    "draw", "grid_neighbours", "hex_neighbours", "load_board", "parse_board", "parse_cell",
    "parse_graph_json", "parse_mine", "parse_minesweepr", "square_neighbours", "structure",
    "torus_neighbours", "write_board", "write_graph_json",
]
