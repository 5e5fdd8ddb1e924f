"""Games played by a policy: :func:`play_game` plays one deal to its end,
:func:`play_games` a run of many (in several processes if asked, with the
same results), :func:`summarise` the run's win rate with its 95% Wilson
interval and the guesses, moves and time per game.

Game ``i`` of a run seeded ``S`` is dealt from ``game_seed(S, i)`` and the
policy's own random choices come from ``policy_seed(S, i)``
(:mod:`setmine.solver.games.game`), so every policy meets the same games.
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import time
from dataclasses import asdict, dataclass
from typing import Any, Callable, Mapping, Sequence

from ..engine.position import Cell
from .game import Game, game_seed, policy_seed
from .game_config import GameConfig
from .policies import make_policy

__all__ = ["GameResult", "RunSummary", "game_result", "game_tasks", "play_chunk", "play_game",
           "play_games", "summarise", "wilson_interval"]


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
    policy = make_policy(policy_name, config=config, **options)
    return [play_game(config, policy, seed, i) for i in indices]


def game_tasks(config: GameConfig, policy: str, games: int, seed: int | str = 0, *,
               parts: int, options: Mapping[str, Any] | None = None,
               start: int = 0) -> list[tuple]:
    """Games ``start`` … ``start + games - 1`` cut into chunks for ``parts``
    processes (of at most 25 games, about 8 a process): the tasks of
    :func:`play_chunk`, and of ``play_games`` in several processes."""
    indices = list(range(start, start + games))
    size = max(1, min(25, games // (parts * 8) or 1))
    return [(config, policy, dict(options or {}), seed, indices[i:i + size])
            for i in range(0, games, size)]


def play_chunk(task: tuple) -> list[dict]:
    """Play a chunk of :func:`game_tasks`; the results as JSON-able dicts
    (:func:`game_result` reads one back), for a run that saves them."""
    return [asdict(r) for r in _worker(task)]


def game_result(data: Mapping[str, Any]) -> GameResult:
    """A :class:`GameResult` from :func:`play_chunk`'s dict (or its JSON)."""
    cells = {k: tuple(data[k]) if data[k] is not None else None for k in ("first", "lost_at")}
    return GameResult(**{**data, **cells})


def _ignore_interrupts() -> None:
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
        player = make_policy(policy, config=config, **options)
        out = []
        for i in indices:
            out.append(play_game(config, player, seed, i))
            if progress is not None:
                progress(1)
        return out
    tasks = game_tasks(config, policy, games, seed, parts=jobs, options=options, start=start)
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
