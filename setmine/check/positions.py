"""Positions for the checks: small boards of every topology, the legal
positions on them, and the placements of the mines consistent with a view.

A *position* is a :class:`~setmine.board.Board`: the cells and their
neighbour relation, the mines, the open cells and the move.  The checks of
this package read a position as the schema does (X1, S1…S4) and as the
player does (the view: the open cells with their numbers and the total).

* :class:`Shape` — cells and a neighbour relation with nothing placed yet;
  :func:`iter_shapes` lists the shapes of a few cells of all four
  topologies, smallest first (the order the defect search sweeps them in);
* :func:`positions` — every position on a shape, fewest mines first, then
  fewest open cells: the first position on which something happens is a
  minimal one;
* :func:`is_legal` — the positions the reference notions are defined on:
  the axioms A1–A5 hold (every :class:`Board` satisfies A1–A4), the game
  is in progress (a closed cell is safe) and the view is consistent (it is
  the view of the board's own mines);
* :func:`placements` / :func:`sample_placements` — the placements of the
  mines consistent with a view, exactly (a backtracking search over the
  frontier, then every choice of the interior) or a seeded random handful;
* :func:`random_board` — a random legal position, for the random phase of
  the defect search and for property tests.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..board import Adjacency, Board, Cell, grid_neighbours

TOPOLOGY_ORDER = ("square", "torus", "hex", "graph")


@dataclass(frozen=True)
class Shape:
    """A board without mines, open cells or move: cells and neighbours."""

    topology: str
    rows: int
    cols: int
    neighbours: Adjacency
    name: str = ""

    @property
    def cells(self) -> tuple[Cell, ...]:
        return tuple(sorted(self.neighbours))

    def board(self, mines: Iterable[Cell] = (), opened: Iterable[Cell] = (),
              move: Cell | None = None) -> Board:
        mines = frozenset(mines)
        return Board(rows=self.rows, cols=self.cols, cells=self.cells, neighbours=self.neighbours,
                     mines=mines, opened=frozenset(opened), move=move, total_mines=len(mines),
                     topology=self.topology, name=self.name)

    def __str__(self) -> str:
        return self.name or f"{self.rows}×{self.cols} {self.topology}"


def grid_shape(topology: str, rows: int, cols: int) -> Shape:
    return Shape(topology, rows, cols, grid_neighbours(topology, rows, cols),
                 f"{rows}×{cols} {topology}")


def graph_shape(name: str, cells: Sequence[Cell], edges: Iterable[tuple[int, int]]) -> Shape:
    """A graph board: ``edges`` are pairs of indices into ``cells``."""
    relation: dict[Cell, set[Cell]] = {c: set() for c in cells}
    for i, j in edges:
        relation[cells[i]].add(cells[j])
        relation[cells[j]].add(cells[i])
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    return Shape("graph", rows, cols, Adjacency(relation), name)


def star(n: int) -> Shape:
    """A centre with ``n - 1`` leaves (the leaves see only the centre)."""
    cells = [(0, c) for c in range(n)]
    return graph_shape(f"star of {n}", cells, [(0, i) for i in range(1, n)])


def cycle(n: int) -> Shape:
    cells = [(0, c) for c in range(n)]
    return graph_shape(f"cycle of {n}", cells, [(i, (i + 1) % n) for i in range(n)])


def iter_shapes(max_cells: int, min_cells: int = 2) -> Iterator[Shape]:
    """Grids of ``min_cells``…``max_cells`` cells (square, torus, hex, both
    orientations), a star and a cycle, each neighbour relation once up to
    isomorphism; ordered by number of cells, then topology (square, torus,
    hex, graph), then rows — made as they are asked for (a sweep that stops
    early never builds the larger ones)."""
    seen: set[tuple] = set()
    for n in range(min_cells, max_cells + 1):
        candidates = [grid_shape(topology, rows, n // rows)
                      for topology in ("square", "torus", "hex")
                      for rows in range(1, n + 1) if n % rows == 0]
        if n >= 4:
            candidates += [star(n), cycle(n)]
        for shape in candidates:
            if any(not ns for ns in shape.neighbours.values()):
                continue
            key = canonical_form(shape.neighbours)
            if key in seen:
                continue
            seen.add(key)
            yield shape


def canonical_form(neighbours: Adjacency) -> tuple:
    """The least edge list over all numberings of the cells (small graphs
    only: up to 8 cells; larger ones are their own form)."""
    cells = sorted(neighbours)
    edges = [(i, j) for i, a in enumerate(cells) for j, b in enumerate(cells)
             if i < j and b in neighbours[a]]
    if len(cells) > 8:
        return (len(cells), tuple(edges), tuple(cells))
    best = None
    for perm in itertools.permutations(range(len(cells))):
        form = tuple(sorted((min(perm[i], perm[j]), max(perm[i], perm[j])) for i, j in edges))
        if best is None or form < best:
            best = form
    return (len(cells), best)


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

@dataclass(frozen=True)
class View:
    """What the player sees: cells, neighbours, the open cells' numbers and
    the total number of mines."""

    cells: tuple[Cell, ...]
    neighbours: Adjacency
    shown: tuple[tuple[Cell, int], ...]
    total: int

    @classmethod
    def of(cls, board: Board) -> "View":
        return cls(board.cells, board.neighbours, tuple(board.shown().items()), board.total_mines)

    @property
    def closed(self) -> tuple[Cell, ...]:
        shown = dict(self.shown)
        return tuple(c for c in self.cells if c not in shown)


def _constraints(view: View):
    shown = dict(view.shown)
    closed = view.closed
    frontier = sorted({n for c in shown for n in view.neighbours[c] if n not in shown})
    interior = [c for c in closed if c not in set(frontier)]
    rules = [(frozenset(n for n in view.neighbours[c] if n not in shown), k)
             for c, k in shown.items()]
    return frontier, interior, rules


def placements(view: View | Board, rng: random.Random | None = None,
               node_limit: int | None = None) -> Iterator[frozenset]:
    """The placements of ``view.total`` mines on the closed cells that agree
    with every number shown.  Deterministic (frontier cells decided in
    order, safe before mine) unless ``rng`` shuffles each decision; with
    ``node_limit`` the search gives up after that many decisions."""
    if isinstance(view, Board):
        view = View.of(view)
    frontier, interior, rules = _constraints(view)
    index = {c: [i for i, (cells, _) in enumerate(rules) if c in cells] for c in frontier}
    need = [k for _, k in rules]
    left = [len(cells) for cells, _ in rules]
    chosen: list[Cell] = []
    total = view.total
    nodes = [0]

    def search(i: int) -> Iterator[frozenset]:
        nodes[0] += 1
        if node_limit is not None and nodes[0] > node_limit:
            return
        if len(chosen) > total or len(chosen) + (len(frontier) - i) + len(interior) < total:
            return
        if i == len(frontier):
            rest = total - len(chosen)
            if 0 <= rest <= len(interior):
                if rng is None:
                    for combo in itertools.combinations(interior, rest):
                        yield frozenset(chosen).union(combo)
                else:
                    yield frozenset(chosen).union(rng.sample(interior, rest))
            return
        cell = frontier[i]
        options = [False, True]
        if rng is not None:
            rng.shuffle(options)
        for mine in options:
            ok = True
            for r in index[cell]:
                left[r] -= 1
                if mine:
                    need[r] -= 1
                if need[r] < 0 or need[r] > left[r]:
                    ok = False
            if ok:
                if mine:
                    chosen.append(cell)
                yield from search(i + 1)
                if mine:
                    chosen.pop()
            for r in index[cell]:
                left[r] += 1
                if mine:
                    need[r] += 1

    if any(k > len(cells) for cells, k in rules):
        return iter(())
    return search(0)


def sample_placements(board: Board, k: int, seed: int = 0,
                      exact_limit: int = 64) -> list[frozenset]:
    """Up to ``k`` distinct placements consistent with the view of ``board``,
    the board's own mines first.  When the view has at most ``exact_limit``
    placements they are listed exactly (in order) and the first ``k`` kept;
    else a seeded randomized backtracking over the frontier with a random
    fill of the interior draws them (``4·k`` attempts at most)."""
    view = View.of(board)
    found: list[frozenset] = [board.mines]
    exact = list(itertools.islice(placements(view), exact_limit + 1))
    if len(exact) <= exact_limit:
        for p in exact:
            if p not in found:
                found.append(p)
        return found[:k]
    rng = random.Random(seed)
    for _ in range(4 * k):
        if len(found) >= k:
            break
        p = next(placements(view, rng=rng, node_limit=20_000), None)
        if p is not None and p not in found:
            found.append(p)
    return found


def count_placements(view: View | Board, limit: int) -> int:
    """The number of consistent placements, counted up to ``limit``."""
    return sum(1 for _ in itertools.islice(placements(view), limit))


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


def random_graph(rng: random.Random, n: int) -> Shape:
    """A connected graph on ``n`` cells laid out on one row."""
    n = max(n, 2)
    cells = [(0, c) for c in range(n)]
    edges = {(rng.randrange(i), i) for i in range(1, n)}
    for _ in range(rng.randint(0, n)):
        i, j = rng.sample(range(n), 2)
        edges.add((min(i, j), max(i, j)))
    return graph_shape(f"graph of {n}", cells, sorted(edges))


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
