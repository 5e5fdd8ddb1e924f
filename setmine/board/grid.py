"""Grid relations computed from the topology: :class:`GridAdjacency` and
neighbour counts over whole rows at once (:func:`neighbour_sums`).

A square, torus or hex board of n cells has about 8n neighbour pairs; held
as one frozenset per cell that is ~700 bytes a cell.  :class:`GridAdjacency`
holds only the topology and the extent, and computes a cell's neighbours
when asked.  It is an :class:`~setmine.board.board.Adjacency`: the same
Mapping, equal to (and hashing like) the dict-built Adjacency of the same
relation.  Its relation satisfies A2 and A3 by the construction of its
steps, and A1 whenever the grid has more than one cell, so a Board does not
check it again.

:func:`neighbour_sums` counts, for every cell, how many of its neighbours
are marked, with Python integers as vectors: a row is an integer with one
hexadecimal digit per column (column 0 the most significant), so a shift by
4 bits moves every digit one column, and adding the shifted rows adds the
counts of all the cells of a row at once (a count is at most 8: no digit
carries into the next).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from operator import index

from .board import Adjacency, Cell

_KING_STEPS = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
_HEX_STEPS_EVEN = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
_HEX_STEPS_ODD = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))

KINDS = ("square", "torus", "hex")


class GridAdjacency(Adjacency):
    """The neighbour relation of a ``rows``×``cols`` grid of a named topology
    (``square``, ``torus`` or ``hex``; see :mod:`setmine.board.topology`),
    computed cell by cell on demand."""

    __slots__ = ("kind", "rows", "cols", "_cells", "_given_check", "_seen")

    def __init__(self, kind: str, rows: int, cols: int):  # noqa: D107 - no super(): no dict
        if kind not in KINDS:
            raise ValueError(f"unknown grid kind {kind!r}")
        self.kind, self.rows, self.cols = kind, max(index(rows), 0), max(index(cols), 0)
        if self.rows == 0 or self.cols == 0:
            self.rows = self.cols = 0
        self._map = None
        self._hash = None
        self._cells: tuple[Cell, ...] | None = None
        self._given_check: tuple[Cell, ...] | None = None
        self._seen: dict[Cell, frozenset[Cell]] = {}  # each cell's neighbours, once asked for

    # -- what is known by construction ---------------------------------------

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The grid's cells, row-major: one tuple made once and shared."""
        if self._cells is None:
            self._cells = tuple(product(range(self.rows), range(self.cols)))
        return self._cells

    @property
    def _checked_for(self) -> tuple[Cell, ...] | None:  # type: ignore[override]
        """A2 and A3 hold by the steps; A1 as soon as there are two cells."""
        if self._given_check is not None:
            return self._given_check
        return self.cells if self.rows * self.cols > 1 else None

    @_checked_for.setter
    def _checked_for(self, cells: tuple[Cell, ...] | None) -> None:
        self._given_check = cells

    def is_cells(self, cells: object) -> bool:
        """Whether ``cells`` is this grid's own tuple of cells (cheap: identity)."""
        return cells is self._cells and cells is not None

    # -- the Mapping ---------------------------------------------------------------

    def _position(self, cell: object) -> tuple[int, int] | None:
        """The (row, col) that a key equal to a cell stands for, or None.
        Like a dict: an unhashable key raises TypeError."""
        if type(cell) is tuple and len(cell) == 2:
            r, c = cell
            if type(r) is int and type(c) is int:
                return (r, c) if 0 <= r < self.rows and 0 <= c < self.cols else None
        hash(cell)
        if not isinstance(cell, tuple) or len(cell) != 2:
            return None
        try:
            r, c = int(cell[0]), int(cell[1])
        except (TypeError, ValueError, OverflowError):
            return None
        if not (r == cell[0] and c == cell[1]):
            return None
        return (r, c) if 0 <= r < self.rows and 0 <= c < self.cols else None

    def __getitem__(self, cell: Cell) -> frozenset[Cell]:
        """A cell's neighbours, computed the first time they are asked for and
        kept (the solver and the games ask for the same cells again and
        again; a board that is only loaded keeps none)."""
        found = self._seen.get(cell) if type(cell) is tuple else None
        if found is not None:
            return found
        at = self._position(cell)
        if at is None:
            raise KeyError(cell)
        found = self._seen[at] = self._around(*at)
        return found

    def _around(self, r: int, c: int) -> frozenset[Cell]:
        rows, cols = self.rows, self.cols
        if self.kind == "square":
            if 0 < r < rows - 1 and 0 < c < cols - 1:
                a, b, x, y = r - 1, r + 1, c - 1, c + 1
                return frozenset(((a, x), (a, c), (a, y), (r, x), (r, y), (b, x), (b, c), (b, y)))
            return frozenset((r + dr, c + dc) for dr, dc in _KING_STEPS
                             if 0 <= r + dr < rows and 0 <= c + dc < cols)
        if self.kind == "torus":
            around = {((r + dr) % rows, (c + dc) % cols) for dr, dc in _KING_STEPS}
            around.discard((r, c))
            return frozenset(around)
        steps = _HEX_STEPS_ODD if r % 2 else _HEX_STEPS_EVEN
        return frozenset((r + dr, c + dc) for dr, dc in steps
                         if 0 <= r + dr < rows and 0 <= c + dc < cols)

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cells)

    def __len__(self) -> int:
        return self.rows * self.cols

    def __contains__(self, cell: object) -> bool:
        return self._position(cell) is not None

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GridAdjacency) and (other.kind, other.rows, other.cols) == \
                (self.kind, self.rows, self.cols):
            return True
        return Adjacency.__eq__(self, other)

    def __repr__(self) -> str:
        edges = sum(map(len, self.values())) // 2
        return f"Adjacency({len(self)} cells, {edges} edges)"

    def pairs(self) -> frozenset[tuple[Cell, Cell]]:
        """S1 as a set of ordered pairs, both directions of every edge."""
        return frozenset((a, b) for a in self.cells for b in self._around(*a))

    # -- counts over whole rows -------------------------------------------------

    def sums_apply(self) -> bool:
        """Whether :func:`neighbour_sums` counts this grid (a torus narrower
        than 3 merges wrapped neighbours, which the row arithmetic does not)."""
        return self.rows * self.cols > 1 and (self.kind != "torus" or min(self.rows, self.cols) >= 3)

    def counts(self, marked: frozenset[Cell]) -> dict[Cell, int]:
        """Each cell with the number of its neighbours in ``marked``."""
        if not self.sums_apply():
            return {cell: len(self._around(*cell) & marked) for cell in self.cells}
        marks = [0] * self.rows
        for r, c in marked:
            if 0 <= r < self.rows and 0 <= c < self.cols:
                marks[r] |= 1 << (4 * (self.cols - 1 - c))
        digits = "".join(rows_hex(neighbour_sums(self.kind, self.cols, marks), self.cols))
        return dict(zip(self.cells, map(int, digits)))


def neighbour_sums(kind: str, cols: int, marks: list[int]) -> list[int]:
    """For each row, the number of marked neighbours of each of its cells.

    ``marks[r]`` is row r with one hex digit per column, 1 for a marked
    cell; the result has the counts in the same layout.  For a torus both
    dimensions must be at least 3.
    """
    rows, width = len(marks), 4 * cols
    mask = (1 << width) - 1
    if kind == "square":
        line = [m + ((m << 4) & mask) + (m >> 4) for m in marks]  # each cell and its two sides
        return [line[r] - marks[r] + (line[r - 1] if r else 0) + (line[r + 1] if r + 1 < rows else 0)
                for r in range(rows)]
    if kind == "torus":
        back = width - 4
        line = [m + ((m << 4) & mask) + (m >> back) + (m >> 4) + ((m & 15) << back) for m in marks]
        return [line[r] - marks[r] + line[r - 1] + line[(r + 1) % rows] for r in range(rows)]
    if kind == "hex":
        sides = [((m << 4) & mask) + (m >> 4) for m in marks]
        left = [m + (m >> 4) for m in marks]            # columns c-1 and c: what even rows see
        right = [m + ((m << 4) & mask) for m in marks]  # columns c and c+1: what odd rows see
        out = []
        for r in range(rows):
            seen = right if r % 2 else left
            out.append(sides[r] + (seen[r - 1] if r else 0) + (seen[r + 1] if r + 1 < rows else 0))
        return out
    raise ValueError(f"unknown grid kind {kind!r}")


def rows_hex(values: list[int], cols: int) -> list[str]:
    """Each row's counts as a string of one hex digit per column."""
    spec = f"0{cols}x"
    return [format(v, spec) for v in values]
