"""Time the exact probability engine on expert-size positions with wide frontiers.

    .venv/bin/python bench/solver_wide_frontier.py [--repeat N]

Each position is a 16x30 board with 99 mines.  The open cells are chosen by a
pattern (all of them safe; mines are placed at random, seeded, on the other
cells) and show their true numbers.  For every position the script prints the
number of frontier cells, groups and components, the largest DP layer (or,
for a component counted by listing its solutions, their number), the
exact number of consistent frontier assignments (assignments of mines to the
cells next to a number that agree with every number and leave a number of
mines the rest of the board can hold) and the time of ``solve``.

Measured (Python 3.11, 2-core Xeon shared with another job, December 2026;
best of 3), first seed of each pattern:

    pattern                          frontier  frontier assignments    time
    one open row (r8)                 60 cells  4096                   0.5 ms
    three open rows (r2,r8,r13)      180 cells  8589934592 (~8.6e9)    0.9 ms
    open columns every 3rd           304 cells  ~5.9e20                1.7 ms
    open rows every 3rd              300 cells  ~2.9e17                1.5 ms
    open staircase, dense             85 cells  137969685              4.6 ms
    lattice of single open cells     360 cells  ~4.5e20  (2-D, 120 numbers,
                                                 up to 19044 DP states) 1.2-1.9 s
    300 random expert games: median 1.6 ms, max 29 ms; up to ~3.2e30
    frontier assignments.

(ms-toollib 1.5.20 agrees on every other pattern; on the 2-D lattice it did not
finish: the process was killed after several minutes.)
"""

from __future__ import annotations

import argparse
import random
import time

from setmine.solver import Position, grid_neighbours, random_game, solve
from setmine.solver.engine.components import analyse

ROWS, COLS, MINES = 16, 30, 99


def build(open_cells: set, seed: int, dense: set = frozenset()) -> Position:
    """A position whose open cells are ``open_cells``, numbers from a seeded
    random layout of the mines on the other cells.  Cells of ``dense`` get a
    mine with probability 1/2 first (numbers there are high and ambiguous;
    at most ``MINES`` of them are kept); the other mines are spread uniformly."""
    rng = random.Random(seed)
    nbrs = grid_neighbours(ROWS, COLS)
    closed = [c for c in nbrs if c not in open_cells]
    mines = sorted(c for c in sorted(dense) if c not in open_cells and rng.random() < 0.5)
    mines = set(rng.sample(mines, min(len(mines), MINES)))
    rest = [c for c in closed if c not in mines and c not in dense]
    mines |= set(rng.sample(rest, MINES - len(mines)))
    shown = {c: len(nbrs[c] & mines) for c in open_cells}
    return Position(tuple(nbrs), nbrs, shown, MINES)


def rows_open(*rows: int) -> set:
    return {(r, c) for r in rows for c in range(COLS)}


def patterns() -> dict[str, tuple[set, set]]:
    """name -> (open cells, cells where mines are dense)."""
    return {name: (cells, frozenset()) for name, cells in _plain().items()} | {
        # a long open row whose frontier (rows 7 and 9) is half mines
        "one open row, dense frontier (r8)": (rows_open(8), rows_open(7, 9)),
        "two rows, dense between (r6,r8)": (rows_open(6, 8), rows_open(5, 7, 9)),
        "open rows every 3rd, dense": (rows_open(*range(0, ROWS, 3)),
                                       rows_open(*(r for r in range(ROWS) if r % 3))),
        # a staircase of open cells: a long diagonal chain
        "open staircase, dense": ({(r, c) for c in range(COLS) for r in range(ROWS)
                                   if r == (c * ROWS) // COLS},
                                  {(r, c) for c in range(COLS) for r in range(ROWS)
                                   if abs(r - (c * ROWS) // COLS) == 1}),
    }


def _plain() -> dict[str, set]:
    return {
        # one open row across the board: 60 frontier cells above and below it
        "one open row (r8)": rows_open(8),
        # three open rows: three independent 60-cell bands
        "three open rows (r2,r8,r13)": rows_open(2, 8, 13),
        # two open rows sharing the closed row between them: one 90-cell band
        "two rows, one closed row between (r6,r8)": rows_open(6, 8),
        # open top half: a long open edge over a long closed region
        "open top half (r0-r7)": {(r, c) for r in range(8) for c in range(COLS)},
        # open row with gaps every 6 columns: gaps connect the cells above and below
        "open row with gaps (r8)": {(8, c) for c in range(COLS) if c % 6 != 5},
        # open column stripes every third column: 10 tall bands, one per closed pair
        "open columns every 3rd": {(r, c) for r in range(ROWS) for c in range(0, COLS, 3)},
        # open rows every 3rd row: 5 wide bands of two closed rows (rows 1-2, 4-5, ...)
        "open rows every 3rd": rows_open(*range(0, ROWS, 3)),
        # stress, not a chain: isolated open cells on a lattice (odd row, odd
        # column) -- one 2-D component of 120 numbers over 360 closed cells
        "lattice of single open cells (2-D)": {(r, c) for r in range(1, ROWS, 2)
                                               for c in range(1, COLS, 2)},
    }


def frontier_assignments(pos: Position) -> tuple[int, int, int, int]:
    st = analyse(pos)
    return (sum(g.size for g in st.groups), len(st.groups), len(st.components),
            len(st.interior))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per position (best is shown)")
    ap.add_argument("--seeds", type=int, default=3, help="random mine layouts per pattern")
    ap.add_argument("--games", type=int, default=300, help="random expert game positions")
    args = ap.parse_args()
    print(f"{'pattern':44} {'seed':>4} {'front':>5} {'grp':>4} {'comp':>4} "
          f"{'states':>6} {'frontier assignments':>24} {'time':>9}")
    worst = 0.0
    for name, (opened, dense) in patterns().items():
        for seed in range(args.seeds):
            pos = build(opened, seed, dense)
            cells, ngroups, ncomps, _ = frontier_assignments(pos)
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                sol = solve(pos)
                best = min(best, time.perf_counter() - t0)
            worst = max(worst, best)
            n = sol.frontier_assignments
            print(f"{name:44} {seed:>4} {cells:>5} {ngroups:>4} {ncomps:>4} "
                  f"{sol.max_states:>6} {n:>24} {best * 1000:>7.1f}ms"
                  + ("" if n < 10**24 else f"  (~1e{len(str(n)) - 1})"))
    print(f"slowest position: {worst * 1000:.1f} ms")
    games(args.games)


def games(n: int) -> None:
    """Random expert games: mines at random, a safe first click and up to 35
    more random safe clicks, all cascading through zeros."""
    if not n:
        return
    times, counts = [], []
    for seed in range(n):
        pos, _ = random_game(random.Random(seed), ROWS, COLS, MINES, clicks=35)
        t0 = time.perf_counter()
        sol = solve(pos)
        times.append(time.perf_counter() - t0)
        counts.append(sol.frontier_assignments)
    times.sort()
    print(f"\n{n} random expert game positions: median {times[n // 2] * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms, total {sum(times):.2f} s; "
          f"most frontier assignments: {max(counts)} (~1e{len(str(max(counts))) - 1})")


if __name__ == "__main__":
    main()
