"""The whole schema as written, evaluated on mid-game positions of growing
size: time and peak memory per size, and — where the naive
enumerate-then-filter oracle can still run — the two side by side.

    .venv/bin/python bench/eval_scaling.py [--positions K] [--seed S]

Each size gets K positions dealt with a fixed seed (a safe first click
with cascade, then a few more safe clicks) and a move on a closed safe cell.
Times are medians over the positions (untraced runs); memory is the peak
of Python's allocations (tracemalloc, in a second run) while one position
is evaluated.  Absolute times
drift on a shared machine: read the ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc

from setmine.board import Board, grid_neighbours
from setmine.board import structure as board_structure
from setmine.eval.interpret.model import evaluate_schema
from setmine.oracle.naive import NaiveEvaluator
from setmine.resources import WRITTEN_SCHEMA
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.schema import Schema
from setmine.solver.engine.position import random_game

SIZES = [(2, 2, 1), (2, 3, 1), (4, 4, 3), (6, 6, 6), (9, 9, 10), (16, 16, 40), (16, 30, 99)]
NAIVE_CELLS = 4  # X1×ℬ(ℬ(X1)) has |X1|·2^(2^|X1|) members: the oracle stops at 2×2


def position(rng: random.Random, rows: int, cols: int, mines: int) -> Board:
    view, mine_set = random_game(rng, rows, cols, mines, clicks=3)
    opened = frozenset(view.shown)
    closed_safe = sorted(c for c in view.cells if c not in opened and c not in mine_set)
    move = rng.choice(closed_safe) if closed_safe else None
    return Board(rows=rows, cols=cols, cells=tuple(view.cells),
                 neighbours=grid_neighbours("square", rows, cols), mines=mine_set,
                 opened=opened, move=move, total_mines=mines, topology="square")


def naive_schema(schema: Schema, data: dict) -> None:
    values = dict(data)
    for c in schema:
        if c.kind not in ("term", "axiom"):
            continue
        ev = NaiveEvaluator(values, limit=10**9)
        try:
            tree = schema.tree(c.alias)
            if c.kind == "term":
                values[c.alias] = ev.value(tree)
            else:
                ev.truth(tree)
        except RSLError:
            pass


def measure(fn) -> tuple[float, int]:
    """Time of a plain run, then the peak allocation of a traced run
    (tracing slows Python down several times, so it is not timed)."""
    started = time.perf_counter()
    fn()
    seconds = time.perf_counter() - started
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    schema = Schema.load(WRITTEN_SCHEMA)
    rng = random.Random(args.seed)
    print(f"{'size':>10} {'cells':>5} {'fast median':>12} {'fast peak':>10} "
          f"{'naive median':>13} {'naive/fast':>10}")
    for rows, cols, mines in SIZES:
        fast_t, fast_m, naive_t = [], [], []
        for _ in range(args.positions):
            board = position(rng, rows, cols, mines)
            data = board_structure(board)
            seconds, peak = measure(lambda: evaluate_schema(schema, data))
            fast_t.append(seconds)
            fast_m.append(peak)
            if rows * cols <= NAIVE_CELLS:
                started = time.perf_counter()
                naive_schema(schema, data)
                naive_t.append(time.perf_counter() - started)
        fast = statistics.median(fast_t)
        naive = f"{statistics.median(naive_t):12.3f}s" if naive_t else f"{'—':>13}"
        ratio = f"{statistics.median(naive_t) / fast:9.0f}×" if naive_t else f"{'—':>10}"
        print(f"{f'{rows}×{cols}/{mines}':>10} {rows * cols:>5} {fast:11.3f}s "
              f"{max(fast_m) / 2**20:8.1f}MB {naive} {ratio}")


if __name__ == "__main__":
    main()
