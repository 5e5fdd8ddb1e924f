"""Loading a board: time and peak memory by size and kind, before and after, side by side.

    python bench/board_load.py [SIZE …] [--kinds square,view,…]   (default: 100 300 1000, all kinds)

Each measurement runs in a fresh process, so that the peak resident memory
is that of one load.  The boards are n×n with a mine every seventh cell:

``square``, ``torus``, ``hex``
    ``.board`` texts with every safe cell open (its number shown), every
    mine ``*``;
``view``
    a ``.board`` player's view: the same square board with 20×20 blocks of
    ``?`` every 100 rows and columns (the completion decides them);
``mine``
    the same view as a JSMinesweeper ``.mine`` text (``H`` hidden, ``F`` flags).

*before* is the cell-by-cell way: one frozenset of neighbours per cell in
a dict-built :class:`~setmine.board.Adjacency`, each number checked cell by
cell (:func:`~setmine.board.complete.assemble`); *after* is the reader
(:func:`~setmine.board.parse_board`, :func:`~setmine.board.parse_mine`): the
relation computed from the topology, the rows checked whole.  A last table
builds the relation alone: the dict of frozensets against the computed one.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time

KINDS = ("square", "torus", "hex", "view", "mine")


def _grid(n: int, topology: str) -> tuple[list[list[str]], int]:
    """The rows of symbols of an n×n board (square view blocks when asked) and its mines."""
    from setmine.board.grid import GridAdjacency

    mines = frozenset((r, c) for r in range(n) for c in range(n) if (r * n + c) % 7 == 3)
    numbers = GridAdjacency(topology, n, n).counts(mines)
    rows = [["*" if (r, c) in mines else str(numbers[(r, c)]) for c in range(n)] for r in range(n)]
    return rows, len(mines)


def board_text(n: int, kind: str) -> str:
    """The text of the ``kind`` board of size n×n."""
    rows, total = _grid(n, "square" if kind in ("view", "mine") else kind)
    if kind in ("view", "mine"):
        for r in range(n):
            for c in range(n):
                if r % 100 < 20 and c % 100 < 20:
                    rows[r][c] = "?"
    if kind == "mine":
        symbol = {"*": "F", "?": "H"}
        return f"{n}x{n}x{total}\n" + "\n".join("".join(symbol.get(s, s) for s in row) for row in rows) + "\n"
    head = f"mines: {total}\n" + (f"topology: {kind}\n" if kind in ("torus", "hex") else "")
    return head + "\n".join(" ".join(row) for row in rows) + "\n"


def _before(text: str, kind: str):
    """The cell-by-cell way: a dict of frozensets, every cell checked in turn."""
    from setmine.board import Adjacency, grid_neighbours
    from setmine.board.complete import Layout, assemble

    lines = [line for line in text.splitlines() if line.strip() and ":" not in line]
    if kind == "mine":
        lines = lines[1:]
    topology = kind if kind in ("torus", "hex") else "square"
    grid = ["".join(line.split()).translate(str.maketrans({"F": "*", "H": "?"})) for line in lines]
    n = len(grid)
    relation = dict(grid_neighbours(topology, n, len(grid[0])).items())
    shown, known, unknown = {}, set(), set()
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch.isdigit():
                shown[(r, c)] = int(ch)
            elif ch == "*":
                known.add((r, c))
            elif ch == "?":
                unknown.add((r, c))
    total = int(text.split("\n", 1)[0].split("x")[-1]) if kind == "mine" else \
        int(text.split("\n", 1)[0].split(":")[1])
    cells = tuple((r, c) for r in range(n) for c in range(len(grid[0])))
    return assemble(Layout(rows=n, cols=len(grid[0]), cells=cells, neighbours=Adjacency.of_cells(
        {cell: frozenset(around) for cell, around in relation.items()}), topology=topology,
        shown=shown, known_mines=known, unknown=unknown, total=total))


def _after(text: str, kind: str):
    from setmine.board import parse_board, parse_mine

    return parse_mine(text) if kind == "mine" else parse_board(text)


def _relation(n: int, way: str):
    from setmine.board import Adjacency, square_neighbours

    relation = square_neighbours(n, n)
    if way == "before":
        relation = Adjacency.of_cells(dict(relation.items()))
    return len(relation)


def measure(n: int, kind: str, way: str) -> tuple[float, int, int]:
    """Seconds, peak kilobytes and the board's mines (or cells), in this process."""
    import setmine.board  # noqa: F401 - imported before the clock starts

    text = board_text(n, kind) if kind != "relation" else ""
    start = time.perf_counter()
    if kind == "relation":
        size = _relation(n, way)
    else:
        board = (_before if way == "before" else _after)(text, kind)
        assert len(board.cells) == n * n
        size = len(board.mines)
    seconds = time.perf_counter() - start
    return seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, size


def _run(n: int, kind: str, way: str) -> tuple[float, int, int]:
    out = subprocess.run([sys.executable, __file__, "--one", str(n), kind, way], capture_output=True,
                         text=True, check=True).stdout.split()
    return float(out[0]), int(out[1]), int(out[2])


def main(sizes: list[int], kinds: list[str]) -> None:
    print(f"{'size':>10} {'kind':>8} | {'before s':>8} {'MB':>6} | {'after s':>7} {'MB':>5} "
          f"{'B/cell':>6} | {'time ×':>6} {'memory ×':>8}")
    for n in sizes:
        for kind in kinds:
            slow, slow_kb, slow_size = _run(n, kind, "before")
            fast, fast_kb, fast_size = _run(n, kind, "after")
            assert slow_size == fast_size, (n, kind, slow_size, fast_size)  # the same board
            print(f"{f'{n}×{n}':>10} {kind:>8} | {slow:>8.2f} {slow_kb / 1024:>6.0f} | {fast:>7.2f} "
                  f"{fast_kb / 1024:>5.0f} {fast_kb * 1024 / (n * n):>6.0f} | "
                  f"{slow / max(fast, 1e-6):>6.1f} {slow_kb / fast_kb:>8.1f}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        print(*measure(int(sys.argv[2]), sys.argv[3], sys.argv[4]))
    else:
        import argparse

        parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
        parser.add_argument("sizes", nargs="*", type=int, default=[100, 300, 1000],
                            help="board sides n (n×n boards)")
        parser.add_argument("--kinds", default=",".join(list(KINDS) + ["relation"]),
                            help="comma-separated, among " + ", ".join(list(KINDS) + ["relation"]))
        options = parser.parse_args()
        unknown = set(options.kinds.split(",")) - set(KINDS) - {"relation"}
        if unknown:
            parser.error(f"unknown kinds: {', '.join(sorted(unknown))}")
        main(options.sizes, options.kinds.split(","))
