"""The player's view of a Minesweeper position, independent of any board type.

A :class:`Position` knows the cells, the neighbour relation, the numbers shown
on open cells, the total number of mines and (optionally) cells the user has
flagged as known mines.  It never knows where the mines are.

Only ``neighbours`` matters to the solver, so square, torus, hexagonal and
arbitrary graphs are all handled the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from itertools import filterfalse
from types import MappingProxyType
from typing import Any, Iterable, Mapping

Cell = tuple[int, int]

__all__ = ["Cell", "InconsistentPosition", "Position", "cascade", "derive_position",
           "grid_neighbours", "random_game"]


@dataclass(frozen=True)
class Position:
    """What the player sees.

    ``cells``       all cells (any hashable, conventionally ``(row, col)``)
    ``neighbours``  cell -> frozenset of neighbouring cells
    ``shown``       open cell -> the number it shows
    ``total_mines`` number of mines on the whole board (flags included)
    ``flagged``     closed cells known to be mines (optional)

    Closed cells are the cells that are not in ``shown``.
    """

    cells: tuple[Cell, ...]
    neighbours: Mapping[Cell, frozenset[Cell]]
    shown: Mapping[Cell, int]
    total_mines: int
    flagged: frozenset[Cell] = field(default=frozenset())

    def __post_init__(self) -> None:
        cells = tuple(self.cells)
        cell_set = frozenset(cells)
        if len(cell_set) != len(cells):
            raise ValueError("Position.cells contains duplicates")
        neighbours = {c: frozenset(self.neighbours.get(c, ())) for c in cells}
        for c, ns in neighbours.items():
            stray = ns - cell_set
            if stray:
                raise ValueError(f"neighbours of {c!r} include unknown cells {sorted(stray)!r}")
            if c in ns:
                raise ValueError(f"cell {c!r} is listed as its own neighbour")
        shown = dict(self.shown)
        for c, n in shown.items():
            if c not in cell_set:
                raise ValueError(f"shown number at unknown cell {c!r}")
            if not isinstance(n, int) or n < 0:
                raise ValueError(f"shown number at {c!r} must be a non-negative int, got {n!r}")
        flagged = frozenset(self.flagged)
        bad = [c for c in flagged if c not in cell_set or c in shown]
        if bad:
            raise ValueError(f"flagged cells must be closed cells of the board: {sorted(bad)!r}")
        if not isinstance(self.total_mines, int) or self.total_mines < 0:
            raise ValueError(f"total_mines must be a non-negative int, got {self.total_mines!r}")
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "neighbours", MappingProxyType(neighbours))
        object.__setattr__(self, "shown", MappingProxyType(shown))
        object.__setattr__(self, "flagged", flagged)

    # -- derived views -------------------------------------------------------

    @property
    def closed(self) -> tuple[Cell, ...]:
        """Closed cells (flagged ones included), in the order of ``cells``."""
        return tuple(filterfalse(self.shown.__contains__, self.cells))

    @property
    def unknown(self) -> tuple[Cell, ...]:
        """Closed cells not flagged (those the mines are placed on), in the
        order of ``cells``."""
        closed = filterfalse(self.shown.__contains__, self.cells)
        flagged = self.flagged
        return tuple(c for c in closed if c not in flagged) if flagged else tuple(closed)

    # -- constructors --------------------------------------------------------

    @classmethod
    def from_board(cls, board: Any) -> "Position":
        """The player's view of a board.

        Duck-typed: reads only ``board.cells``, ``board.neighbours``,
        ``board.shown()`` and ``board.total_mines`` -- never the mines.
        """
        return cls(
            cells=tuple(board.cells),
            neighbours={c: frozenset(ns) for c, ns in board.neighbours.items()},
            shown=dict(board.shown()),
            total_mines=int(board.total_mines),
        )

    @classmethod
    def from_grid(cls, rows: list[str] | str, total_mines: int, topology: str = "square") -> "Position":
        """A position from text rows: ``0``-``8`` open, ``?`` or ``.`` closed,
        ``F`` or ``*`` flagged (a known mine).  Whitespace inside rows is ignored.

        ``topology`` is ``"square"`` (8 neighbours), ``"torus"`` (8 neighbours,
        wrapping around) or ``"hex"`` (6 neighbours, odd rows shifted right).
        """
        if isinstance(rows, str):
            rows = [r for r in rows.splitlines() if r.strip()]
        grid = ["".join(r.split()) for r in rows]
        height = len(grid)
        width = len(grid[0]) if grid else 0
        if any(len(r) != width for r in grid):
            raise ValueError("all rows must have the same length")
        cells = tuple((r, c) for r in range(height) for c in range(width))
        shown: dict[Cell, int] = {}
        flagged: set[Cell] = set()
        for r, line in enumerate(grid):
            for c, ch in enumerate(line):
                if ch.isdigit():
                    shown[(r, c)] = int(ch)
                elif ch in "Ff*":
                    flagged.add((r, c))
                elif ch not in "?.":
                    raise ValueError(f"unexpected character {ch!r} at row {r}, column {c}")
        return cls(cells, grid_neighbours(height, width, topology), shown, total_mines, frozenset(flagged))


_POSITION_FIELDS = ("cells", "neighbours", "shown", "total_mines", "flagged")


def derive_position(position: Position, shown: Mapping[Cell, int]) -> Position:
    """``position`` with other numbers shown (same cells, relation, total and
    flags), without checking the relation again -- for the game loop and for
    players trying "what if this cell showed v", which build thousands of
    positions.  The numbers are trusted: non-negative ints on cells of the
    board that are not flagged."""
    if tuple(f.name for f in fields(Position)) != _POSITION_FIELDS:  # pragma: no cover
        return Position(position.cells, position.neighbours, shown, position.total_mines,
                        position.flagged)
    new = object.__new__(Position)
    put = object.__setattr__
    put(new, "cells", position.cells)
    put(new, "neighbours", position.neighbours)
    put(new, "shown", MappingProxyType(dict(shown)))
    put(new, "total_mines", position.total_mines)
    put(new, "flagged", position.flagged)
    return new


def cascade(opened: set, cell: Cell, number: Mapping[Cell, int],
            neighbours: Mapping[Cell, frozenset[Cell]]) -> None:
    """Open ``cell`` into ``opened``; a 0 opens its neighbours, and so on."""
    stack = [cell]
    while stack:
        c = stack.pop()
        if c in opened:
            continue
        opened.add(c)
        if number[c] == 0:
            stack.extend(n for n in neighbours[c] if n not in opened)


def random_game(rng: random.Random, rows: int, cols: int, mines: int,
                clicks: int = 0, topology: str = "square") -> tuple[Position, frozenset[Cell]]:
    """Deal a seeded game and play some random safe clicks (for tests and
    benchmarks).  The mines are placed uniformly; the first click is on a
    random safe cell, then up to ``clicks`` more random safe cells are opened
    (``rng.randint(0, clicks)`` of them); every click cascades through zeros.

    Returns the player's view and, separately, the true mines.
    """
    nbrs = grid_neighbours(rows, cols, topology)
    cells = list(nbrs)
    mine_set = frozenset(rng.sample(cells, mines))
    number = {c: len(nbrs[c] & mine_set) for c in cells}
    safe = [c for c in cells if c not in mine_set]
    opened: set[Cell] = set()

    def click(cell: Cell) -> None:
        cascade(opened, cell, number, nbrs)

    if safe:
        click(rng.choice(safe))
    for _ in range(rng.randint(0, clicks)):
        closed_safe = [c for c in safe if c not in opened]
        if not closed_safe:
            break
        click(rng.choice(closed_safe))
    pos = Position(tuple(cells), nbrs, {c: number[c] for c in opened}, mines)
    return pos, mine_set


def grid_neighbours(height: int, width: int, topology: str = "square") -> dict[Cell, frozenset[Cell]]:
    """Neighbour relation of a ``height`` x ``width`` grid of ``(row, col)`` cells."""
    out: dict[Cell, frozenset[Cell]] = {}
    for r in range(height):
        for c in range(width):
            out[(r, c)] = frozenset(_grid_nbrs(r, c, height, width, topology))
    return out


def _grid_nbrs(r: int, c: int, h: int, w: int, topology: str) -> Iterable[Cell]:
    if topology == "square":
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                if (dr or dc) and 0 <= rr < h and 0 <= cc < w:
                    yield (rr, cc)
    elif topology == "torus":
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                cell = ((r + dr) % h, (c + dc) % w)
                if cell != (r, c):
                    yield cell
    elif topology == "hex":
        # "odd-r" offset layout: odd rows are shifted half a cell to the right.
        shifts = (0, 1) if r % 2 else (-1, 0)
        candidates = [(r, c - 1), (r, c + 1)]
        for dr in (-1, 1):
            candidates += [(r + dr, c + shifts[0]), (r + dr, c + shifts[1])]
        for rr, cc in candidates:
            if 0 <= rr < h and 0 <= cc < w:
                yield (rr, cc)
    else:
        raise ValueError(f"unknown topology {topology!r} (expected 'square', 'torus' or 'hex')")


class InconsistentPosition(ValueError):
    """No placement of the mines agrees with the position.

    ``cell`` is an open cell whose number cannot be satisfied (together with
    the numbers already considered), or ``None`` when the contradiction is the
    total mine count.
    """

    def __init__(self, message: str, cell: Cell | None = None) -> None:
        super().__init__(message)
        self.cell = cell
