"""What is played: the board (a level's size and mines on a grid topology, or
any board's cells and neighbour relation), the first-click rule and whether
zeros cascade -- a :class:`GameConfig`.

The levels: ``beginner`` 9×9/10, ``intermediate`` 16×16/40, ``expert``
30×16/99, or ``WxHxM`` (W columns, H rows, M mines) -- :func:`parse_level`.
The first-click rules (how :class:`setmine.solver.games.game.Game` deals):

* ``unsafe`` -- the mines are fixed before the first click, which may hit one;
* ``safe``   -- the first clicked cell is never a mine;
* ``zero``   -- neither the first clicked cell nor any of its neighbours is.

A config that cannot be dealt (more mines than the rule leaves room for, a
board over :data:`MAX_CELLS`) is refused when it is made.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from ...board.topology import grid_neighbours
from ..engine.position import Cell

__all__ = ["FIRST_CLICK_RULES", "GRID_TOPOLOGIES", "LEVELS", "MAX_CELLS", "GameConfig",
           "parse_level"]

LEVELS: Mapping[str, tuple[int, int, int]] = MappingProxyType({
    # name: (columns, rows, mines) -- the usual "W x H / M" reading
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (30, 16, 99),
})

FIRST_CLICK_RULES = ("safe", "zero", "unsafe")
GRID_TOPOLOGIES = ("square", "torus", "hex")

MAX_CELLS = 40_000
"""The largest board a game is played on (200×200): a game keeps the board's
neighbour relation and solves the position after every move, so a larger
board would take gigabytes of memory and hours a game."""

_WXHXM = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*[xX×]\s*(\d+)\s*$")


def parse_level(text: str) -> tuple[int, int, int]:
    """``beginner``, ``intermediate``, ``expert`` or ``WxHxM`` (W columns, H
    rows, M mines) -> ``(columns, rows, mines)``; ValueError otherwise."""
    key = text.strip().lower()
    if key in LEVELS:
        return LEVELS[key]
    m = _WXHXM.match(text)
    if not m:
        raise ValueError(f"unknown level {text!r} (expected beginner, intermediate, expert "
                         f"or WxHxM such as 30x16x99)")
    if any(len(g.lstrip("0")) > 9 for g in m.groups()):
        raise ValueError(f"level {text.strip()[:40]!r}: too large (a game is played on at most "
                         f"{MAX_CELLS:,} cells)")
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


# ---------------------------------------------------------------------------
# Configuration


@dataclass(frozen=True)
class GameConfig:
    """What is played.  ``cols`` × ``rows`` cells on a ``topology`` grid
    (``square``, ``torus`` or ``hex``), or -- with ``graph`` given -- the
    cells and neighbour relation of a board, its topology the board's
    (``square``, ``torus``, ``hex``, or ``graph`` for a graph board)."""

    cols: int
    rows: int
    mines: int
    topology: str = "square"
    first_click: str = "safe"
    cascade: bool = True
    graph: tuple[tuple[Cell, tuple[Cell, ...]], ...] | None = field(default=None, repr=False)

    @classmethod
    def level(cls, level: str, **options: Any) -> "GameConfig":
        """A config from a level name or ``WxHxM``."""
        cols, rows, mines = parse_level(level)
        return cls(cols, rows, mines, **options)

    @classmethod
    def from_board(cls, board: Any, mines: int | None = None, **options: Any) -> "GameConfig":
        """Play on the cells and neighbour relation of a board (any topology,
        graphs included); ``mines`` defaults to the board's total."""
        graph = tuple((c, tuple(sorted(board.neighbours[c]))) for c in board.cells)
        total = board.total_mines if mines is None else mines
        return cls(board.cols, board.rows, total, topology=board.topology, graph=graph, **options)

    def __post_init__(self) -> None:
        if self.first_click not in FIRST_CLICK_RULES:
            raise ValueError(f"unknown first-click rule {self.first_click!r} "
                             f"(expected one of: {', '.join(FIRST_CLICK_RULES)})")
        if self.topology not in (*GRID_TOPOLOGIES, "graph") or (
                self.graph is None and self.topology not in GRID_TOPOLOGIES):
            raise ValueError(f"unknown topology {self.topology!r} "
                             f"(expected one of: {', '.join(GRID_TOPOLOGIES)})")
        if self.graph is None and (self.rows < 1 or self.cols < 1):
            raise ValueError(f"a board needs at least one row and one column, "
                             f"got {self.rows} rows and {self.cols} columns")
        size = len(self.graph) if self.graph is not None else self.rows * self.cols
        if size > MAX_CELLS:
            raise ValueError(f"a board of {size:,} cells is too large to play: at most "
                             f"{MAX_CELLS:,} (a game solves the position after every move; "
                             "larger boards take gigabytes of memory and hours a game)")
        if self.mines < 0:
            raise ValueError(f"the number of mines must be at least 0, got {self.mines}")
        cells = len(self.cells)
        spare = {"unsafe": 0, "safe": 1,
                 "zero": 1 + max((len(ns) for ns in self.neighbours.values()), default=0)}
        room = cells - spare[self.first_click]
        if self.mines > room:
            raise ValueError(
                f"{self.mines} mines do not fit: {cells} cells leave room for at most "
                f"{max(room, 0)} with the {self.first_click} first click")

    # -- the board --------------------------------------------------------

    @property
    def neighbours(self) -> Mapping[Cell, frozenset[Cell]]:
        cached = self.__dict__.get("_neighbours")
        if cached is None:
            if self.graph is not None:
                cached = {c: frozenset(ns) for c, ns in self.graph}
            else:
                adjacency = grid_neighbours(self.topology, self.rows, self.cols)
                cached = {c: adjacency[c] for c in sorted(adjacency)}
            object.__setattr__(self, "_neighbours", cached)
        return cached

    @property
    def cells(self) -> tuple[Cell, ...]:
        return tuple(self.neighbours)

    def describe(self) -> str:
        shape = f"{self.rows}×{self.cols} {self.topology}"  # rows×columns, as every command
        return (f"{shape}, {self.mines} mine{'s' * (self.mines != 1)}, {self.first_click} first click"
                + ("" if self.cascade else ", no cascade"))

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_neighbours", None)
        return state

    def __setstate__(self, state: dict) -> None:
        for k, v in state.items():
            object.__setattr__(self, k, v)
