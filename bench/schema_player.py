"""The schema as a player against the solver's least-probability policy, on
the same seeds: are the games identical (same moves, same results), what
are the win rates, and how long does a game take each way?

    .venv/bin/python bench/schema_player.py [--beginner N] [--expert M] [--jobs K] [--seed S]

The schema player evaluates spec/saper-corrected.rsl on every position
(D11 and D18, through the evaluator); `least` asks the exact solver.
Defaults are the sizes docs/ reports (1,000 beginner and 200 expert games);
a quick look: --beginner 50 --expert 5.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics

import setmine.player  # noqa: F401  (registers the policy "schema")
from setmine.solver.games import game_config, runs as play
from setmine.solver.games.policies import make_policy

LEVELS = {"beginner": (9, 9, 10), "expert": (30, 16, 99)}


def play_pair(task):
    level, seed, indices = task
    cols, rows, mines = LEVELS[level]
    config = game_config.GameConfig(cols=cols, rows=rows, mines=mines)
    schema, least = make_policy("schema", config=config), make_policy("least", config=config)
    out = []
    for i in indices:
        a = play.play_game(config, schema, seed, i)
        b = play.play_game(config, least, seed, i)
        same = (a.won, a.moves, a.guesses, a.opened, a.lost_at) == \
               (b.won, b.moves, b.guesses, b.opened, b.lost_at)
        out.append((i, same, a.won, b.won, a.seconds, b.seconds))
    return out


def run(level: str, games: int, seed: int, jobs: int) -> None:
    if games <= 0:
        return
    chunks = [list(range(k, games, jobs)) for k in range(jobs)]
    with multiprocessing.Pool(jobs) as pool:
        rows = [r for part in pool.map(play_pair, [(level, seed, c) for c in chunks]) for r in part]
    same = sum(r[1] for r in rows)
    wins_schema, wins_least = sum(r[2] for r in rows), sum(r[3] for r in rows)
    t_schema = statistics.median(r[4] for r in rows)
    t_least = statistics.median(r[5] for r in rows)
    differing = sorted(r[0] for r in rows if not r[1])
    lo, hi = play.wilson_interval(wins_schema, games)
    print(f"{level:>9}: {games} games, identical {same}/{games}; win rate schema "
          f"{wins_schema / games:.1%} [{lo:.1%}, {hi:.1%}], least {wins_least / games:.1%}; "
          f"median time per game schema {t_schema:.2f} s, least {t_least * 1000:.1f} ms "
          f"({t_schema / t_least:.0f}×)")
    if differing:
        print(f"{'':>9}  games that differ (seed {seed}): {differing[:20]}"
              f"{' …' if len(differing) > 20 else ''}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beginner", type=int, default=1000)
    parser.add_argument("--expert", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    run("beginner", args.beginner, args.seed, args.jobs)
    run("expert", args.expert, args.seed, args.jobs)


if __name__ == "__main__":
    main()
