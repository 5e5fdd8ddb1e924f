"""Whole games: the `least` player with incremental solving, from scratch,
and with ms-toollib's solver, side by side on the same deals.

    .venv/bin/python bench/game_speed.py [--games 40] [--levels beginner,intermediate,expert]
        [--policy least|best]

Each deal (``setmine play``'s seeds, safe first click) is played three
times, in turn, in this one process, by the same player (`least`: a
sure-safe cell, else a cell of least mine probability, the first in
row-major order) asking three engines:

* incremental: ``exact()`` keeping the tables of the components the
  previous positions had (``GAME_TABLES`` set to a ``Tables``);
* from scratch: ``exact()`` as games use it by default (``GAME_TABLES``
  None), every component counted again at every move;
* ms-toollib: ``cal_probability_onboard`` (Rust, floats) at every move.

The time is the player's own (its ``choose`` calls), per game; the script
prints the median per game for each engine, the ratios incremental / from
scratch and from scratch (as games play) / ms-toollib, and checks
that the incremental and from-scratch games are move for move the same (the
ms-toollib games may part where floats order two probabilities otherwise:
the number that stay the same is printed).

``--policy best`` times the `best` player instead, incremental (its "what
if this cell showed v" positions use the same tables as its moves) and by
default (the positions of one cell share their tables, ``Siblings``);
ms-toollib has no such player, so its column is empty.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from setmine.solver.engine import probability  # noqa: E402
from setmine.solver.games.game import Game, game_seed  # noqa: E402
from setmine.solver.games.game_config import GameConfig  # noqa: E402
from setmine.solver.games.runs import play_game  # noqa: E402
from setmine.solver.games.policies import LeastPolicy, make_policy  # noqa: E402
from setmine.solver.engine.tables import Tables  # noqa: E402

UNOPENED = 10


class Timed:
    """A player whose ``choose`` time is added up."""

    def __init__(self, player):
        self.player, self.seconds = player, 0.0

    def new_game(self):
        self.player.new_game()
        self.seconds = 0.0

    def choose(self, position, rng):
        start = time.perf_counter()
        try:
            return self.player.choose(position, rng)
        finally:
            self.seconds += time.perf_counter() - start


class MsToollibLeast(LeastPolicy):
    """`least`, its probabilities from ms-toollib."""

    def choose(self, position, rng):
        import ms_toollib

        cell = self._next_pending(position)
        if cell is not None:
            return cell
        rows = max(r for r, _ in position.cells) + 1
        cols = max(c for _, c in position.cells) + 1
        matrix = [[position.shown.get((r, c), UNOPENED) for c in range(cols)]
                  for r in range(rows)]
        probs, _ = ms_toollib.cal_probability_onboard(matrix, position.total_mines)
        unknown = position.unknown
        safe = sorted(c for c in unknown if probs[c[0]][c[1]] == 0.0)
        if safe:
            self._remember(position, safe[1:])
            return safe[0]
        low = min(probs[r][c] for r, c in unknown)
        return min(c for c in unknown if probs[c[0]][c[1]] == low)


def play(config, player, seed: int, tables):
    """One game; the player's seconds and the moves."""
    probability.GAME_TABLES = tables
    game = Game(config, game_seed(seed, 0))
    timed = Timed(player)
    play_game(config, timed, seed, 0, game=game)
    return timed.seconds, [m.cell for m in game.moves]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--levels", default="beginner,intermediate,expert")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", choices=("least", "best"), default="least")
    args = parser.parse_args(argv)
    saved = probability.GAME_TABLES
    if args.policy == "least":
        import ms_toollib  # its first call is slow: made before the clock runs
        ms_toollib.cal_probability_onboard([[UNOPENED, 1], [UNOPENED, 1]], 1)
    print(f"{'level':<13} {'incremental':>12} {'from scratch':>13} {'ms-toollib':>11} "
          f"{'incr/scratch':>13} {'scratch/ms-toollib':>19}  same games (ms-toollib)")
    try:
        for level in args.levels.split(","):
            config = GameConfig.level(level)
            times = {"incremental": [], "scratch": [], "ms": []}
            same_ms = 0
            for i in range(args.games):
                seed = args.seed * 1_000_003 + i
                t_inc, moves = play(config, make_policy(args.policy, config), seed, Tables())
                t_scr, moves_scratch = play(config, make_policy(args.policy, config), seed, None)
                assert moves == moves_scratch, (level, seed)
                times["incremental"].append(t_inc)
                times["scratch"].append(t_scr)
                if args.policy == "least":
                    t_ms, moves_ms = play(config, MsToollibLeast(config), seed, None)
                    same_ms += moves == moves_ms
                    times["ms"].append(t_ms)
            inc, scr = (statistics.median(times[k]) for k in ("incremental", "scratch"))
            if times["ms"]:
                ms = statistics.median(times["ms"])
                versus = f"{ms * 1e3:>9.1f}ms {inc / scr:>12.2f}x {scr / ms:>18.2f}x  " \
                         f"{same_ms}/{args.games}"
            else:
                versus = f"{'—':>11} {inc / scr:>12.2f}x {'—':>19}"
            print(f"{level:<13} {inc * 1e3:>10.1f}ms {scr * 1e3:>11.1f}ms {versus}")
    finally:
        probability.GAME_TABLES = saved


if __name__ == "__main__":
    main()
