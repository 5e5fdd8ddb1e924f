"""A board as the schema's structure: the base set X1 and S1…S4.

The schema «КС Сапер» is read over one base set and four structures:

========  ==========================  =====================================
``X1``    ℬ-level: cells              ``frozenset`` of cells
``S1``    ℬ(X1×X1): neighbour pairs   ``frozenset`` of ``(cell, cell)``, both directions
``S2``    ℬ(X1): mines                ``frozenset`` of cells
``S3``    ℬ(X1): open cells           ``frozenset`` of cells
``S4``    ℬ(X1): the move             ``frozenset`` with the move, or empty
========  ==========================  =====================================

A cell is the Python tuple ``(row, col)``; the evaluator treats cells as
opaque elements of X1, so only equality and hashing matter.
"""

from __future__ import annotations

from ..base.interface import CELLS, MINES, MOVE, NEIGHBOURS, OPENED
from .board import Adjacency, Board


def structure(board: Board) -> dict[str, object]:
    """The interpretation of X1, S1, S2, S3 and S4 given by ``board``."""
    neighbours = board.neighbours
    pairs = (neighbours.pairs() if isinstance(neighbours, Adjacency)
             else frozenset((a, b) for a, ns in neighbours.items() for b in ns))
    return {
        CELLS: frozenset(board.cells),
        NEIGHBOURS: pairs,
        MINES: board.mines,
        OPENED: board.opened,
        MOVE: frozenset() if board.move is None else frozenset({board.move}),
    }
