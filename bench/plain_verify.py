"""`setmine verify --spec spec/saper-corrected.rsl --assert 'D18 ∩ D8 = ∅'`
on every position of an R×C grid, written as the plain script a user would
write instead: standard library only, brute force, no symmetry.

A position (docs/verification.md, "Scopes") is k mines (k = 0..n−1), open
safe cells leaving a closed safe cell, and a move: any closed cell.  What
the player sees, the view, is the open cells, the number each shows and k.
The placements the view allows are the k-subsets of the closed cells that
give every open cell its number; D8 is the closed cells mined in all of
them, D18 the other closed cells in the fewest.  Each view is decided
once (a dict), and every move of a position is a state.  Cells are
numbered row-major, sets are int bitmasks.

    python bench/plain_verify.py 3x3 3x4
"""

import itertools
import sys
import time


def neighbours(rows, cols):
    """Each cell's 8 neighbours, as a bitmask."""
    return [sum(1 << (r * cols + c)
                for r in range(i - 1, i + 2) for c in range(j - 1, j + 2)
                if 0 <= r < rows and 0 <= c < cols and (r, c) != (i, j))
            for i in range(rows) for j in range(cols)]


def mask(cells):
    return sum(1 << c for c in cells)


def holds(view, near):
    """D18 ∩ D8 = ∅ on the view (open cells, (cell, number) pairs, k)."""
    opened, numbers, k = view
    closed = [c for c in range(len(near)) if not opened >> c & 1]
    placements = [p for p in map(mask, itertools.combinations(closed, k))
                  if all((near[c] & p).bit_count() == number for c, number in numbers)]
    count = {x: sum(p >> x & 1 for p in placements) for x in closed}
    d8 = {x for x in closed if count[x] == len(placements)}
    fewest = min(count[x] for x in closed if x not in d8)
    d18 = {x for x in closed if x not in d8 and count[x] == fewest}
    return not d18 & d8


def check(rows, cols, mines=None):
    """(states, the first counterexample as (mines, open cells, move) or None,
    the views decided), with every mine count, or only ``mines``."""
    n, near = rows * cols, neighbours(rows, cols)
    decided, states, first = {}, 0, None
    for k in range(n) if mines is None else [mines]:
        for mines in itertools.combinations(range(n), k):
            mined, safe = mask(mines), [c for c in range(n) if c not in mines]
            for opened in itertools.chain.from_iterable(
                    itertools.combinations(safe, j) for j in range(len(safe))):
                numbers = tuple((c, (near[c] & mined).bit_count()) for c in opened)
                view = (mask(opened), numbers, k)
                if view not in decided:
                    decided[view] = holds(view, near)
                for move in (c for c in range(n) if c not in opened):
                    states += 1
                    if first is None and not decided[view]:
                        first = (mines, opened, move)
    return states, first, len(decided)


if __name__ == "__main__":
    for shape in sys.argv[1:] or ["3x3"]:
        rows, cols = map(int, shape.split("x"))
        started = time.perf_counter()
        states, first, views = check(rows, cols)
        print(f"{shape}: {states:,} states, {views:,} views, {time.perf_counter() - started:.1f} s, "
              f"{'holds' if first is None else f'fails on {first}'}")
