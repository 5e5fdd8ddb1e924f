"""Generate the example boards shipped in ``spec/boards/`` (kept out of the package).

Run ``.venv/bin/python -m tests.board.make_boards`` from the repository root
to (re)write them.  Everything is seeded, so the output is reproducible, and
``test_shipped.py`` checks that the files equal what this script makes.

Mid-game positions are made by actually playing: mines are placed with a
fixed seed away from the first click (a "zero first click"), the first click
cascades, then a player applies the single-cell rule (a number whose closed
neighbours exactly fit it flags them all; a number whose flags already
reach it opens its other closed neighbours) and, when stuck, opens a random
safe cell (a lucky guess), until enough of the board is open.  The move is a
closed safe cell next to the open region.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from setmine.board import Board, grid_neighbours, write_board
from setmine.board.board import Cell

ROOT = Path(__file__).resolve().parents[2]
BOARD_DIR = ROOT / "spec" / "boards"


def empty_board(rows: int, cols: int, mines: set[Cell], topology: str = "square",
                name: str = "") -> Board:
    return Board(rows=rows, cols=cols, cells=[(r, c) for r in range(rows) for c in range(cols)],
                 neighbours=grid_neighbours(topology, rows, cols), mines=frozenset(mines),
                 opened=frozenset(), move=None, total_mines=len(mines), topology=topology, name=name)


def reveal(board: Board, cell: Cell) -> Board:
    """Click a safe cell as in a real game: open it and, through every 0
    opened, its neighbours too (the cascade)."""
    assert cell not in board.mines, cell
    newly: set[Cell] = set()
    todo = [cell]
    while todo:
        here = todo.pop()
        if here in newly or here in board.opened:
            continue
        newly.add(here)
        if board.number(here) == 0:
            todo.extend(n for n in board.neighbours[here] if n not in newly and n not in board.mines)
    return board.with_opened(newly)


def is_won(board: Board) -> bool:
    """All closed cells are mines."""
    return board.closed() == board.mines


def place_mines(rows: int, cols: int, count: int, rng: random.Random, avoid: set[Cell]) -> set[Cell]:
    free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in avoid]
    return set(rng.sample(free, count))


def play(board: Board, first: Cell, open_fraction: float, rng: random.Random) -> tuple[Board, set[Cell]]:
    """Play from ``first`` until ``open_fraction`` of the safe cells are open;
    return the position and the mines the player has flagged."""
    board = reveal(board, first)
    safe_total = len(board.cells) - board.total_mines
    flagged: set[Cell] = set()
    while len(board.opened) < open_fraction * safe_total and not is_won(board):
        progress = True
        while progress and len(board.opened) < open_fraction * safe_total:
            progress = False
            for cell in sorted(board.opened):
                closed = sorted(board.neighbours[cell] - board.opened)
                flags = [n for n in closed if n in flagged]
                if len(closed) == board.number(cell) and len(flags) < len(closed):
                    flagged.update(closed)
                    progress = True
                elif len(flags) == board.number(cell) and len(flags) < len(closed):
                    for n in closed:
                        if n not in flagged:
                            board = reveal(board, n)
                    progress = True
        if len(board.opened) < open_fraction * safe_total:
            guesses = sorted(board.closed() - board.mines)
            board = reveal(board, rng.choice(guesses))
    return board, flagged


def frontier_safe(board: Board, rng: random.Random) -> Cell:
    """A closed safe cell next to an open one."""
    choices = sorted(c for c in board.closed() - board.mines if board.neighbours[c] & board.opened)
    return rng.choice(choices)


def open_regions(board: Board) -> int:
    """The number of connected regions of open cells."""
    seen: set[Cell] = set()
    regions = 0
    for start in sorted(board.opened):
        if start in seen:
            continue
        regions += 1
        todo = [start]
        while todo:
            cell = todo.pop()
            if cell not in seen:
                seen.add(cell)
                todo.extend(board.neighbours[cell] & board.opened)
    return regions


def midgame(rows: int, cols: int, count: int, seed: int, first: Cell, fraction: float,
            topology: str = "square", name: str = "", min_regions: int = 1) -> tuple[Board, set[Cell]]:
    """Play a game (seeds ``seed``, ``seed + 1``, … until the position has at
    least ``min_regions`` open regions); the move is a frontier safe cell."""
    while True:
        rng = random.Random(seed)
        board = empty_board(rows, cols, set(), topology)
        avoid = {first} | set(board.neighbours[first])
        board = empty_board(rows, cols, place_mines(rows, cols, count, rng, avoid), topology, name)
        board, flagged = play(board, first, fraction, rng)
        if open_regions(board) >= min_regions:
            return board.with_move(frontier_safe(board, rng)), flagged
        seed += 1


def view_text(board: Board, flagged: set[Cell]) -> str:
    """The player's view: closed cells '?', except the flagged mines ('*')."""
    return write_board(replace(board.as_view(), unknown=board.closed() - flagged))


def boards() -> dict[str, str]:
    """File name → text of every shipped board."""
    out: dict[str, str] = {}

    def put(name: str, comment: str, text: str) -> None:
        head = "".join(f"# {line}\n" if line else "#\n" for line in comment.strip().splitlines())
        out[name] = head + text

    b, flags = midgame(9, 9, 10, seed=1, first=(2, 2), fraction=0.6, name="beginner mid-game",
                       min_regions=3)
    put("beginner-midgame.board", """
Beginner (9x9, 10 mines) in mid-game: played from a zero first click at 2,2
with the single-cell rule and lucky guesses, which opened several regions.
The move is a closed safe cell.""", write_board(b))
    put("view-beginner-midgame.board", """
The player's view of beginner-midgame.board: closed cells are '?' except the
mines the player has flagged ('*'). setmine completes it with one placement.""",
        view_text(b, flags))

    e, flags = midgame(16, 30, 99, seed=7, first=(7, 14), fraction=0.45, name="expert mid-game",
                       min_regions=3)
    put("expert-midgame.board", """
Expert (30 columns x 16 rows, 99 mines) in mid-game: played from a zero first
click at 7,14 with the single-cell rule and lucky guesses, which opened
several regions. The move is a closed safe cell next to an open region.""", write_board(e))
    put("view-expert-midgame.board", """
The player's view of expert-midgame.board: closed cells are '?' except the
mines the player has flagged ('*').""", view_text(e, flags))

    rng = random.Random(3)
    start = empty_board(9, 9, place_mines(9, 9, 10, rng, {(4, 4)}), name="beginner start")
    put("beginner-start.board", """
Beginner (9x9, 10 mines) before the first click: nothing is open. The move is
the centre cell (not a mine here).""", write_board(start.with_move((4, 4))))

    rng = random.Random(5)
    one = empty_board(9, 9, place_mines(9, 9, 10, rng, set()), name="beginner, one cell open")
    numbered = [c for c in one.cells if c not in one.mines and one.number(c) > 0]
    opened = rng.choice(numbered)
    one = one.with_opened([opened])
    put("beginner-one-open.board", f"""
Beginner (9x9, 10 mines) after one click at {opened[0]},{opened[1]}, which shows a number, so
nothing cascades. No move is given (S4 is empty).""", write_board(one))

    tiny = empty_board(2, 2, {(1, 0)}, name="tiny 2x2").with_opened([(0, 0)]).with_move((1, 1))
    put("tiny-2x2.board", """
The smallest interesting board: 2x2, one mine, one open cell, a move.""", write_board(tiny))

    t, _ = midgame(6, 6, 5, seed=11, first=(0, 0), fraction=0.5, topology="torus",
                   name="torus 6x6")
    put("torus-6x6.board", """
A 6x6 torus (rows and columns wrap around; every cell has 8 neighbours) with
5 mines, in mid-game. Cell 0,0 touches 5,5.""", write_board(t))

    h, _ = midgame(7, 7, 6, seed=13, first=(3, 3), fraction=0.5, topology="hex", name="hex 7x7")
    put("hex-7x7.board", """
A 7x7 hex board ("odd-r": odd rows sit half a cell to the right; 6 neighbours)
with 6 mines, in mid-game. Odd rows are indented one space to show the stagger.""",
        write_board(h))
    return out


def main() -> None:
    BOARD_DIR.mkdir(parents=True, exist_ok=True)
    for name, text in boards().items():
        (BOARD_DIR / name).write_text(text, encoding="utf-8")
        print(f"wrote {BOARD_DIR / name}")


if __name__ == "__main__":
    main()
