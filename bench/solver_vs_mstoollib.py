"""setmine's exact solver against ms-toollib's, position by position.

    .venv/bin/python bench/solver_vs_mstoollib.py [--positions 100] [--repeat 3]

For each level, ``--positions`` random positions (a seeded deal, a first
click and up to a few random safe clicks, as ``tests/solver/test_mstoollib.py``
makes them).  Each position is timed ``--repeat`` times on both sides, in
turn, in this one process: setmine's ``solve(position)`` (exact integers,
the position built beforehand) and ms-toollib's
``cal_probability_onboard(matrix, mines)`` (Rust, floats, the matrix built
beforehand).  The script prints, per level, the median time per position of
each and the median of the per-position ratios setmine / ms-toollib.

ms-toollib is a test dependency (``pip install -e '.[test]'``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from setmine.solver import random_game, solve  # noqa: E402

# (name, rows, columns, mines, at most this many random safe clicks after the first)
LEVELS = [("beginner", 9, 9, 10, 5), ("intermediate", 16, 16, 40, 15),
          ("expert", 16, 30, 99, 35)]
UNOPENED = 10


def positions(level, count: int, seed: int):
    _, rows, cols, mines, clicks = level
    out = []
    for i in range(count):
        pos, _ = random_game(random.Random(seed * 100_003 + i), rows, cols, mines, clicks)
        matrix = [[pos.shown.get((r, c), UNOPENED) for c in range(cols)] for r in range(rows)]
        out.append((pos, matrix, mines))
    return out


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    import ms_toollib

    print(f"{'level':<13} {'setmine':>10} {'ms-toollib':>11} {'ratio':>7}   "
          f"(median per position, best of {args.repeat}; {args.positions} positions)")
    for level in LEVELS:
        ours, theirs, ratios = [], [], []
        for pos, matrix, mines in positions(level, args.positions, args.seed):
            a = best_of(lambda: solve(pos), args.repeat)
            b = best_of(lambda: ms_toollib.cal_probability_onboard(matrix, mines), args.repeat)
            ours.append(a)
            theirs.append(b)
            ratios.append(a / b)
        print(f"{level[0]:<13} {statistics.median(ours) * 1e3:>8.3f}ms "
              f"{statistics.median(theirs) * 1e3:>9.3f}ms {statistics.median(ratios):>6.1f}x")


if __name__ == "__main__":
    main()
