"""One game of Minesweeper: the seeded deal, the first-click rules, the moves.

A :class:`Game` is one deal of a :class:`~setmine.solver.games.game_config.GameConfig`;
``game.position`` is the player's view, a
:class:`~setmine.solver.engine.position.Position`, which never contains the mines,
and ``game.open(cell)`` plays a move.  A policy
(:mod:`setmine.solver.games.policies`) chooses the moves; :mod:`setmine.solver.games.runs`
plays games with one.

The deal.  A game's seed fixes a random order of all cells (a uniform
permutation).  The mines are the first M cells of that order that the
first-click rule allows:

* ``unsafe`` -- every cell is allowed; the mines are fixed before the first
  click, which may hit one;
* ``safe``   -- the first clicked cell is never a mine;
* ``zero``   -- neither the first clicked cell nor any of its neighbours is.

The M first allowed cells of a uniform permutation are a uniform placement
among the allowed ones, so each rule deals the usual distribution.  Two
players who click the same first cell get the very same mines; players who
start elsewhere get the same order with the excluded cells skipped.  The
seed of game ``i`` of a run is derived from the run's seed and ``i``
(:func:`game_seed`), so every policy meets the same games, whatever the order
or the process they are played in.

The rules (the schema's words in brackets).  A move opens a closed cell
(S4, D19): opening a mine loses (D21); opening a 0 opens its neighbours, and
theirs through every 0 (the usual cascade) -- or, with ``cascade=False``,
only the one cell (D19 = S3 ∪ S4).  The game is won when every closed cell is
a mine (D20: X1 ∖ (S3 ∪ S4) = S2).

A move is a *guess* when the cell is not sure-safe in the position it was
played in: its exact mine probability (:func:`setmine.solver.solve`) is above
0.  The first click under the safe and zero rules is never a guess.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any

from ...board import Board
from ..engine.position import Cell, Position, cascade, derive_position
from ..engine.probability import SolverLimitExceeded, exact
from .game_config import GameConfig

__all__ = ["Game", "GameOver", "Move", "game_seed", "policy_seed"]


# ---------------------------------------------------------------------------
# Seeds


def _derive(*parts: object) -> int:
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def game_seed(seed: int | str, index: int) -> int:
    """The seed of the deal of game ``index`` of a run seeded ``seed``."""
    return _derive("setmine-game", seed, index)


def policy_seed(seed: int | str, index: int) -> int:
    """The seed of the policy's random choices in game ``index``: separate from
    the deal, so a policy's coin flips never change the mines."""
    return _derive("setmine-policy", seed, index)


# ---------------------------------------------------------------------------
# One game


class GameOver(Exception):
    """A move after the game ended, or on a cell that is open or not a cell."""


@dataclass(frozen=True)
class Move:
    cell: Cell
    guess: bool
    opened: int            # cells opened by the move (0 when it hit a mine)


class Game:
    """One deal.  ``game.position`` is what the player sees; ``game.open(cell)``
    plays a move.  The mines are private (``game.mines`` is ``None`` until
    they are placed -- at the first click, except under the unsafe rule)."""

    def __init__(self, config: GameConfig, seed: int | str = 0) -> None:
        self.config = config
        self.seed = seed
        self._nbrs = config.neighbours
        self._cells = tuple(self._nbrs)
        rng = random.Random(_derive("setmine-deal", seed))
        self._order = tuple(rng.sample(self._cells, len(self._cells)))
        self._mines: frozenset[Cell] | None = None
        self._numbers: dict[Cell, int] = {}
        self.opened: set[Cell] = set()
        self.moves: list[Move] = []
        self.status = "playing"            # "won" | "lost"
        self.lost_at: Cell | None = None
        self._position: Position | None = None
        self._proxy: Position | None = None
        self._safe_known: set[Cell] = set()    # sure-safe cells found so far (for guesses)
        if config.first_click == "unsafe":
            self._place(frozenset())

    # -- the deal --------------------------------------------------------

    def _place(self, excluded: frozenset[Cell]) -> None:
        M = self.config.mines
        mines = []
        for c in self._order:
            if len(mines) == M:
                break
            if c not in excluded:
                mines.append(c)
        self._mines = frozenset(mines)
        self._numbers = {c: len(ns & self._mines) for c, ns in self._nbrs.items()}

    def _excluded(self, first: Cell) -> frozenset[Cell]:
        rule = self.config.first_click
        if rule == "unsafe":
            return frozenset()
        if rule == "safe":
            return frozenset({first})
        return frozenset({first}) | self._nbrs[first]

    @property
    def mines(self) -> frozenset[Cell] | None:
        """The mines, once placed (not part of the player's view)."""
        return self._mines

    # -- the view --------------------------------------------------------

    @property
    def position(self) -> Position:
        """The player's view: numbers on the open cells and the total."""
        if self._position is None:
            numbers = self._numbers
            if self._proxy is None:
                self._proxy = Position(self._cells, self._nbrs, {}, self.config.mines)
            shown = list(filter(self.opened.__contains__, self._cells))   # row-major
            self._position = derive_position(
                self._proxy, dict(zip(shown, map(numbers.__getitem__, shown))))
        return self._position

    @property
    def closed(self) -> tuple[Cell, ...]:
        return tuple(c for c in self._cells if c not in self.opened)

    def board(self, show_mines: bool = False) -> Any:
        """A :class:`setmine.board.Board` of the game for drawing: the player's
        view (closed cells unknown) unless ``show_mines``; the last move, if
        it hit a mine, is the board's move."""
        mines = self._mines if self._mines is not None else frozenset()
        board = Board(rows=self.config.rows, cols=self.config.cols, cells=self._cells,
                      neighbours=self._nbrs, mines=mines, opened=frozenset(self.opened),
                      move=self.lost_at, total_mines=len(mines),
                      topology=self.config.topology,
                      name=self.config.describe())
        return board if show_mines else board.as_view()

    # -- moves -----------------------------------------------------------

    def is_guess(self, cell: Cell) -> bool:
        """Would opening ``cell`` now be a guess (a cell not sure-safe)?"""
        if not self.moves and self.config.first_click != "unsafe":
            return False
        if cell in self._safe_known:
            return False
        try:
            sol = exact(self.position)
        except SolverLimitExceeded:
            return True
        self._safe_known |= sol.safe
        return cell not in sol.safe

    def open(self, cell: Cell) -> Move:
        """Play ``cell``: returns the move; ``status`` says whether the game is
        over.  Raises :class:`GameOver` after the end, or for a cell that is
        open or not on the board."""
        if self.status != "playing":
            raise GameOver(f"the game is over ({self.status})")
        if cell not in self._nbrs:
            raise GameOver(f"{cell!r} is not a cell of the board")
        if cell in self.opened:
            raise GameOver(f"{cell!r} is already open")
        guess = self.is_guess(cell)
        if self._mines is None:
            self._place(self._excluded(cell))
        assert self._mines is not None
        self._position = None
        if cell in self._mines:
            self.status = "lost"
            self.lost_at = cell
            move = Move(cell, guess, 0)
            self.moves.append(move)
            return move
        before = len(self.opened)
        self._reveal(cell)
        move = Move(cell, guess, len(self.opened) - before)
        self.moves.append(move)
        if len(self.opened) == len(self._cells) - len(self._mines):
            self.status = "won"
        return move

    def _reveal(self, cell: Cell) -> None:
        opened, numbers, nbrs = self.opened, self._numbers, self._nbrs
        if not self.config.cascade:
            opened.add(cell)
            return
        cascade(opened, cell, numbers, nbrs)

    @property
    def guesses(self) -> int:
        return sum(m.guess for m in self.moves)
