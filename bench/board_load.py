"""Loading a board: time and peak memory by size, side by side.

    python bench/board_load.py [SIZE …]      (default: 100 300 1000)

Each size is loaded in a fresh process (``parse_board`` of an n×n ``.board``
text with a mine every seventh cell, all cells open or mined); the table
gives seconds, peak resident memory and bytes per cell.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time


def board_text(n: int) -> str:
    mines = {(r, c) for r in range(n) for c in range(n) if (r * n + c) % 7 == 3}
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            if (r, c) in mines:
                row.append("*")
            else:
                row.append(str(sum((r + dr, c + dc) in mines for dr in (-1, 0, 1)
                                   for dc in (-1, 0, 1))))
        rows.append(" ".join(row))
    return f"mines: {len(mines)}\n" + "\n".join(rows) + "\n"


def measure(n: int) -> tuple[float, int]:
    """Seconds and peak kilobytes of loading an n×n board (in this process)."""
    from setmine.board import parse_board

    text = board_text(n)
    start = time.perf_counter()
    board = parse_board(text)
    seconds = time.perf_counter() - start
    assert len(board.cells) == n * n
    return seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main(sizes: list[int]) -> None:
    print(f"{'size':>10} {'cells':>9} {'seconds':>8} {'peak MB':>8} {'bytes/cell':>10}")
    for n in sizes:
        out = subprocess.run([sys.executable, __file__, "--one", str(n)], capture_output=True,
                             text=True, check=True).stdout.split()
        seconds, peak_kb = float(out[0]), int(out[1])
        print(f"{f'{n}×{n}':>10} {n * n:>9} {seconds:>8.2f} {peak_kb / 1024:>8.0f} "
              f"{peak_kb * 1024 / (n * n):>10.0f}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        seconds, peak = measure(int(sys.argv[2]))
        print(seconds, peak)
    else:
        main([int(a) for a in sys.argv[1:]] or [100, 300, 1000])
