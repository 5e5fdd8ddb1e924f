"""Positions for the checks: every legal position on a small shape, a
random one, and a board shrunk while a property holds.

A *position* is a :class:`~setmine.board.Board`: the cells and their
neighbour relation, the mines, the open cells and the move.  The checks of
this package read a position as the schema does (X1, S1…S4) and as the
player does (the view, ``board/placements.py``).  The shapes a position is
placed on are ``board/shapes.py``'s.

* :func:`positions` — every position on a shape, fewest mines first, then
  fewest open cells: the first position on which something happens is a
  minimal one;
* :func:`is_legal` — the positions the reference notions are defined on:
  the axioms A1–A5 hold (every :class:`Board` satisfies A1–A4), the game
  is in progress (a closed cell is safe) and the view is consistent (it is
  the view of the board's own mines);
* :func:`random_board` — a random legal position, for the random phase of
  the defect search and for property tests;
* :func:`smaller_boards` / :func:`shrink` — a failing board made minimal.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

from ..board import Adjacency, Board
from ..board.shapes import Shape, grid_shape, random_graph

# ----------------------------------------------------------------------------
# Positions

def is_legal(board: Board) -> bool:
    """A legal position for the reference: a move on a closed cell (A5; A1–A4
    hold for every Board), a closed safe cell left (the game is on), and a
    consistent view (it is the view of the board's own mines)."""
    return board.move is not None and board.move not in board.opened \
        and bool(board.closed() - board.mines)


def positions(shape: Shape, moves: str = "first") -> Iterator[Board]:
    """Every legal position on ``shape``: fewest mines first, then fewest
    open cells, then lexicographically.  ``moves`` is ``"first"`` (the move
    is the first closed safe cell), ``"all"`` (every closed cell, a mine
    included) or ``"none"`` (S4 = ∅: the position before the move)."""
    cells = shape.cells
    for m in range(len(cells)):
        for mines in itertools.combinations(cells, m):
            mined = frozenset(mines)
            safe = [c for c in cells if c not in mined]
            for k in range(len(safe)):
                for opened in itertools.combinations(safe, k):
                    yield from _with_moves(shape, mined, frozenset(opened), moves)


def _with_moves(shape: Shape, mines: frozenset, opened: frozenset, moves: str) -> Iterator[Board]:
    closed = [c for c in shape.cells if c not in opened]
    if moves == "none":
        yield shape.board(mines, opened, None)
    elif moves == "first":
        yield shape.board(mines, opened, next(c for c in closed if c not in mines))
    else:
        for move in closed:
            yield shape.board(mines, opened, move)


# ----------------------------------------------------------------------------
# Placements consistent with a view

# ----------------------------------------------------------------------------
# Random positions

def random_board(rng: random.Random, max_side: int = 5,
                 topologies: Sequence[str] = ("square", "torus", "hex", "graph"),
                 max_cells: int = 25) -> Board:
    """A random legal position on a random shape of at most ``max_side`` rows
    and columns: a grid of one of ``topologies`` or a random connected graph
    (a random spanning tree plus a few chords).  Mines, open cells and the
    move are drawn so that every kind of position is likely: few mines or
    many, nothing open or almost everything, the move on a mine or not."""
    topology = rng.choice(list(topologies))
    while True:
        rows, cols = rng.randint(1, max_side), rng.randint(1, max_side)
        if 2 <= rows * cols <= max_cells:
            break
    if topology == "graph":
        shape = random_graph(rng, rows * cols)
    else:
        shape = grid_shape(topology, rows, cols)
    cells = list(shape.cells)
    density = rng.choice([0.1, 0.2, 0.3, 0.5])
    mines = {c for c in cells if rng.random() < density}
    if len(mines) == len(cells):
        mines.discard(rng.choice(cells))
    safe = [c for c in cells if c not in mines]
    keep = rng.choice(safe)  # the game goes on: a closed safe cell stays
    share = rng.choice([0.0, 0.3, 0.6, 0.9])
    opened = {c for c in safe if c != keep and rng.random() < share}
    closed = [c for c in cells if c not in opened]
    move = keep if rng.random() < 0.5 else rng.choice(closed)
    return shape.board(mines, opened, move)


# ----------------------------------------------------------------------------
# Shrinking

def smaller_boards(board: Board) -> Iterator[Board]:
    """Boards one step smaller than ``board``, smallest change first: one row
    or column fewer (a grid) or the last cell gone (a graph), then one mine
    fewer, then one open cell closed, then the move on an earlier cell.
    Boards that are not legal positions are left out."""
    for shape in _smaller_shapes(board):
        keep = set(shape.cells)
        mines = board.mines & keep
        opened = board.opened & keep
        closed = [c for c in shape.cells if c not in opened]
        move = board.move if board.move in keep else next(
            (c for c in closed if c not in mines), None)
        if move is not None:
            yield from _legal(shape.board(mines, opened, move))
    shape = Shape(board.topology, board.rows, board.cols, board.neighbours, board.name)
    for mine in sorted(board.mines):
        yield from _legal(shape.board(board.mines - {mine}, board.opened, board.move))
    for cell in sorted(board.opened):
        yield from _legal(shape.board(board.mines, board.opened - {cell}, board.move))
    for cell in sorted(board.closed()):
        if board.move is not None and cell < board.move:
            yield from _legal(shape.board(board.mines, board.opened, cell))


def _legal(board: Board) -> Iterator[Board]:
    if is_legal(board):
        yield board


def _smaller_shapes(board: Board) -> Iterator[Shape]:
    if board.topology == "graph":
        if len(board.cells) > 2:
            last = board.cells[-1]
            relation = {c: board.neighbours[c] - {last} for c in board.cells[:-1]}
            if all(relation.values()):
                rows = max(r for r, _ in relation) + 1
                cols = max(c for _, c in relation) + 1
                yield Shape("graph", rows, cols, Adjacency(relation), board.name)
        return
    for rows, cols in ((board.rows - 1, board.cols), (board.rows, board.cols - 1)):
        if rows >= 1 and cols >= 1 and rows * cols >= 2:
            yield grid_shape(board.topology, rows, cols)


def shrink(board: Board, holds, limit: int = 200) -> Board:
    """A board as small as greedy steps of :func:`smaller_boards` make it
    while ``holds(board)`` stays true (at most ``limit`` steps)."""
    for _ in range(limit):
        smaller = next((b for b in smaller_boards(board) if holds(b)), None)
        if smaller is None:
            break
        board = smaller
    return board
