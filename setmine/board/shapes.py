"""Board shapes: cells and a neighbour relation with nothing placed yet.

A :class:`Shape` becomes a board when mines, open cells and a move are
placed on it (:meth:`Shape.board`).  The model checker's scopes and the
checks' sweeps are lists of shapes: :func:`grid_shape` of each topology,
:func:`graph_shape` (a :func:`star`, a :func:`cycle`, a
:func:`random_graph`), and :func:`iter_shapes`, every small shape once up
to isomorphism (:func:`canonical_form`), smallest first.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .board import Adjacency, Board, Cell
from .topology import grid_neighbours

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


def random_graph(rng: random.Random, n: int) -> Shape:
    """A connected graph on ``n`` cells laid out on one row."""
    n = max(n, 2)
    cells = [(0, c) for c in range(n)]
    edges = {(rng.randrange(i), i) for i in range(1, n)}
    for _ in range(rng.randint(0, n)):
        i, j = rng.sample(range(n), 2)
        edges.add((min(i, j), max(i, j)))
    return graph_shape(f"graph of {n}", cells, sorted(edges))
