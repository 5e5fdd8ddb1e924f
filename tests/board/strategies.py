"""Hypothesis strategies for boards (shared by the board tests)."""

from __future__ import annotations

from hypothesis import strategies as st

from setmine.board import Board, grid_neighbours

NAME_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 -_()ÄéЖ"


@st.composite
def grid_shapes(draw, max_side: int = 7, topologies=("square", "torus", "hex")):
    """(topology, rows, cols) with at least two cells (so every cell has a neighbour)."""
    topology = draw(st.sampled_from(topologies))
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(2 if rows == 1 else 1, max_side))
    return topology, rows, cols


@st.composite
def boards(draw, max_side: int = 7, topologies=("square", "torus", "hex")):
    """A random valid board: mines, open safe cells, a closed move or none."""
    topology, rows, cols = draw(grid_shapes(max_side, topologies))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = draw(st.sets(st.sampled_from(cells), max_size=len(cells)))
    safe = [c for c in cells if c not in mines]
    opened = draw(st.sets(st.sampled_from(safe), max_size=len(safe))) if safe else set()
    closed = [c for c in cells if c not in opened]
    move = draw(st.one_of(st.none(), st.sampled_from(closed))) if closed else None
    name = draw(st.text(NAME_ALPHABET, max_size=12)).strip()
    return Board(rows=rows, cols=cols, cells=cells, neighbours=grid_neighbours(topology, rows, cols),
                 mines=frozenset(mines), opened=frozenset(opened), move=move,
                 total_mines=len(mines), topology=topology, name=name)


@st.composite
def views(draw, max_side: int = 6, topologies=("square", "torus", "hex")):
    """A true board and a view of it: some closed cells unknown, the rest
    known (mines flagged, safe cells marked safe)."""
    board = draw(boards(max_side, topologies))
    closed = sorted(board.closed())
    unknown = draw(st.sets(st.sampled_from(closed), max_size=len(closed))) if closed else set()
    return board, frozenset(unknown)
