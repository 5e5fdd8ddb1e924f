"""Playing Minesweeper: seeded games, the first-click rules, and the game loop.

A :class:`GameConfig` says what is played (size, mines, topology, the
first-click rule, whether zeros cascade); a :class:`Game` is one deal; a
policy (:mod:`setmine.solver.policies`) chooses the moves from the player's
view, a :class:`~setmine.solver.position.Position`, which never contains the
mines.  :func:`play_game` plays one game, :func:`play_games` many (in several
processes if asked, with the same results).

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
import re
import time
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from .position import Cell, Position
from .probability import Solution, SolverLimitExceeded, solve

__all__ = [
    "FIRST_CLICK_RULES", "LEVELS", "MAX_CELLS", "Game", "GameConfig", "GameOver", "GameResult", "Move",
    "RunSummary", "derive_position", "exact", "game_seed", "parse_level", "play_game",
    "play_games", "policy_seed", "summarise", "wilson_interval",
]

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
    cells and neighbour relation of a board (topology ``graph``)."""

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
        return cls(board.cols, board.rows, total, topology="graph", graph=graph, **options)

    def __post_init__(self) -> None:
        if self.first_click not in FIRST_CLICK_RULES:
            raise ValueError(f"unknown first-click rule {self.first_click!r} "
                             f"(expected one of: {', '.join(FIRST_CLICK_RULES)})")
        if self.graph is None:
            if self.topology not in GRID_TOPOLOGIES:
                raise ValueError(f"unknown topology {self.topology!r} "
                                 f"(expected one of: {', '.join(GRID_TOPOLOGIES)})")
            if self.rows < 1 or self.cols < 1:
                raise ValueError(f"a board needs at least one row and one column, "
                                 f"got {self.cols}x{self.rows}")
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
                from ..board.topology import grid_neighbours
                adjacency = grid_neighbours(self.topology, self.rows, self.cols)
                cached = {c: adjacency[c] for c in sorted(adjacency)}
            object.__setattr__(self, "_neighbours", cached)
        return cached

    @property
    def cells(self) -> tuple[Cell, ...]:
        return tuple(self.neighbours)

    def describe(self) -> str:
        shape = (f"{self.cols}x{self.rows}" if self.topology == "square"
                 else f"{self.cols}x{self.rows} {self.topology}")
        return (f"{shape}, {self.mines} mine{'s' * (self.mines != 1)}, {self.first_click} first click"
                + ("" if self.cascade else ", no cascade"))

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_neighbours", None)
        return state

    def __setstate__(self, state: dict) -> None:
        for k, v in state.items():
            object.__setattr__(self, k, v)


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

    def mines_for(self, first: Cell) -> frozenset[Cell]:
        """The mines this deal gets if the first click is ``first`` (without
        playing it) -- the same for every player who starts there."""
        excluded = self._excluded(first)
        out = []
        for c in self._order:
            if len(out) == self.config.mines:
                break
            if c not in excluded:
                out.append(c)
        return frozenset(out)

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
            self._position = derive_position(
                self._proxy, {c: numbers[c] for c in self._cells if c in self.opened})
        return self._position

    @property
    def closed(self) -> tuple[Cell, ...]:
        return tuple(c for c in self._cells if c not in self.opened)

    def board(self, show_mines: bool = False) -> Any:
        """A :class:`setmine.board.Board` of the game for drawing: the player's
        view (closed cells unknown) unless ``show_mines``; the last move, if
        it hit a mine, is the board's move."""
        from ..board import Board
        mines = self._mines if self._mines is not None else frozenset()
        board = Board(rows=self.config.rows, cols=self.config.cols, cells=self._cells,
                      neighbours=self._nbrs, mines=mines, opened=frozenset(self.opened),
                      move=self.lost_at, total_mines=len(mines),
                      topology=self.config.topology if self.config.graph is None else "graph",
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
        from .position import cascade

        opened, numbers, nbrs = self.opened, self._numbers, self._nbrs
        if not self.config.cascade:
            opened.add(cell)
            return
        cascade(opened, cell, numbers, nbrs)

    @property
    def guesses(self) -> int:
        return sum(m.guess for m in self.moves)


# ---------------------------------------------------------------------------
# Positions


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


# ---------------------------------------------------------------------------
# The exact solution of a position, shared by the engine and the players


_memo: list = [None, None]


def exact(position: Position) -> Solution:
    """``solve(position)``, remembered for the last position asked about, so
    that a player and the engine asking about the same position share one
    computation."""
    if _memo[0] is position:
        return _memo[1]
    sol = solve(position)
    _memo[0], _memo[1] = position, sol
    return sol


# ---------------------------------------------------------------------------
# Playing


@dataclass(frozen=True)
class GameResult:
    index: int
    won: bool
    moves: int
    guesses: int
    opened: int              # open cells at the end
    first: Cell | None       # the first click
    lost_at: Cell | None
    seconds: float


def play_game(config: GameConfig, policy: Any, seed: int | str = 0, index: int = 0,
              rng: random.Random | None = None, *, game: Game | None = None) -> GameResult:
    """Play one game of ``config`` dealt by ``game_seed(seed, index)`` with
    ``policy`` (an object with ``choose(position, rng)``; ``new_game()`` is
    called first if it has one)."""
    start = time.perf_counter()
    if game is None:
        game = Game(config, game_seed(seed, index))
    if rng is None:
        rng = random.Random(policy_seed(seed, index))
    reset = getattr(policy, "new_game", None)
    if reset is not None:
        reset()
    limit = len(game.config.cells) + 1
    while game.status == "playing":
        cell = policy.choose(game.position, rng)
        game.open(cell)
        limit -= 1
        if limit < 0:  # pragma: no cover - every move opens a cell
            raise RuntimeError("the game did not end")
    return GameResult(index=index, won=game.status == "won", moves=len(game.moves),
                      guesses=game.guesses, opened=len(game.opened),
                      first=game.moves[0].cell if game.moves else None,
                      lost_at=game.lost_at, seconds=time.perf_counter() - start)


def _worker(task: tuple) -> list[GameResult]:
    config, policy_name, options, seed, indices = task
    from .policies import make_policy
    policy = make_policy(policy_name, config=config, **options)
    return [play_game(config, policy, seed, i) for i in indices]


def _ignore_interrupts() -> None:
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_games(config: GameConfig, policy: str, games: int, seed: int | str = 0, *,
               jobs: int = 1, options: Mapping[str, Any] | None = None,
               progress: Callable[[int], None] | None = None,
               start: int = 0) -> list[GameResult]:
    """Play games ``start`` … ``start + games - 1`` with the registered policy
    ``policy`` (made with ``options``), in ``jobs`` processes.  The results
    come back in game order and are the same for any ``jobs``, except for the
    times.  ``progress(n)`` is called as games finish, with the number
    finished (in batches)."""
    options = dict(options or {})
    indices = list(range(start, start + games))
    if jobs <= 1 or games <= 1:
        from .policies import make_policy
        player = make_policy(policy, config=config, **options)
        out = []
        for i in indices:
            out.append(play_game(config, player, seed, i))
            if progress is not None:
                progress(1)
        return out
    import multiprocessing

    chunk = max(1, min(25, games // (jobs * 8) or 1))
    tasks = [(config, policy, options, seed, indices[i:i + chunk])
             for i in range(0, len(indices), chunk)]
    out: list[GameResult] = []
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    # workers leave Ctrl-C to the parent, which ends them (leaving the pool)
    with multiprocessing.get_context(method).Pool(jobs, initializer=_ignore_interrupts) as pool:
        for batch in pool.imap(_worker, tasks):
            out.extend(batch)
            if progress is not None:
                progress(len(batch))
    return out


# ---------------------------------------------------------------------------
# Summaries


def wilson_interval(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class RunSummary:
    games: int
    wins: int
    rate: float
    low: float
    high: float
    guesses_per_game: float
    moves_per_game: float
    seconds_per_game: float


def summarise(results: Sequence[GameResult]) -> RunSummary:
    n = len(results)
    wins = sum(r.won for r in results)
    low, high = wilson_interval(wins, n)
    return RunSummary(
        games=n, wins=wins, rate=wins / n if n else 0.0, low=low, high=high,
        guesses_per_game=sum(r.guesses for r in results) / n if n else 0.0,
        moves_per_game=sum(r.moves for r in results) / n if n else 0.0,
        seconds_per_game=sum(r.seconds for r in results) / n if n else 0.0,
    )
