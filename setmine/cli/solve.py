"""``setmine solve BOARD [--json] [--mines N]``: the exact mine probabilities of
a position -- sure-safe cells, sure mines, every closed cell's probability
(fraction and decimal), the number of consistent placements and the best
moves, drawn on the board.

Only what a player sees is used: the open numbers and the total mine count
(and, in a player's view, the mines they marked ``*``/``F`` and the closed
cells they marked safe ``.``).  The mines of a full board are ignored.  The
independent solver (``setmine.solver``) does the counting, exactly."""

from __future__ import annotations

import json
import sys
from fractions import Fraction

from ..board import Board, cell_str
from .common import load_board_file, nonnegative_int


def add_parser(sub) -> None:
    p = sub.add_parser("solve", help="exact mine probabilities of a position",
                       description=__doc__)
    p.add_argument("board", help="a .board, .json, .mine or minesweepr .txt file")
    p.add_argument("--mines", type=nonnegative_int, metavar="N",
                   help="the total number of mines (needed by minesweepr .txt boards)")
    p.add_argument("--json", action="store_true",
                   help='one JSON object: {"total", "safe", "mines", "probabilities", "best"}')
    p.set_defaults(run=run)


# ---------------------------------------------------------------------------
# The player's view of a board


def player_view(board: Board):
    """``(position, known_safe)``: what a player sees of ``board``.

    A full board (no unknown cells) gives its open numbers and its total
    only.  A player's view also gives the mines it marks (flags) and the
    closed cells it marks safe; those are left out of the position (a cell
    known to be empty changes no number), and come back with probability 0.
    """
    from ..solver import Position

    if not board.unknown:
        return Position.from_board(board), frozenset()
    known_safe = board.closed() - board.unknown - board.known_mines()
    cells = tuple(c for c in board.cells if c not in known_safe)
    neighbours = {c: board.neighbours[c] - known_safe for c in cells}
    position = Position(cells, neighbours, board.shown(), board.total_mines,
                        board.known_mines())
    return position, frozenset(known_safe)


def analyse_board(board: Board, path: str) -> dict:
    """The solution of a board as plain data: ``total`` (int), ``count``
    (cell -> int), ``safe``/``mines``/``best`` (sorted cells)."""
    from ..solver import InconsistentPosition, SolverLimitExceeded, solve
    from . import UserError

    position, known_safe = player_view(board)
    try:
        sol = solve(position)
    except InconsistentPosition as exc:
        where = f" (cell {cell_str(exc.cell)})" if exc.cell is not None else ""
        raise UserError(f"{path}: no placement of {board.total_mines} mines agrees with the "
                        f"shown numbers{where}: {exc}") from None
    except SolverLimitExceeded as exc:
        raise UserError(f"{path}: the position is too hard to count exactly: {exc}") from None
    total = sol.total
    count = dict(sol.count)
    for c in known_safe:
        count[c] = 0
    closed = sorted(count)
    safe = [c for c in closed if count[c] == 0]
    mines = [c for c in closed if count[c] == total]
    open_moves = [c for c in closed if count[c] < total]
    low = min((count[c] for c in open_moves), default=None)
    best = [c for c in open_moves if count[c] == low]
    return {"total": total, "count": count, "closed": closed, "safe": safe, "mines": mines,
            "best": best}


def contract(result: dict) -> dict:
    """The JSON contract of ``setmine solve --json`` (docs/solver.md)."""
    total = result["total"]
    return {
        "total": str(total),
        "safe": [cell_str(c) for c in result["safe"]],
        "mines": [cell_str(c) for c in result["mines"]],
        "probabilities": {cell_str(c): _fraction(Fraction(result["count"][c], total))
                          for c in result["closed"]},
        "best": [cell_str(c) for c in result["best"]],
    }


def _fraction(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def run(args) -> int:
    board = load_board_file(args.board, args.mines)
    result = analyse_board(board, args.board)
    with quiet_broken_pipe():
        if args.json:
            json.dump(contract(result), sys.stdout, indent=1)
            print()
        else:
            print_result(board, result, args.board)
    return 0


class quiet_broken_pipe:
    """``setmine solve … | head``: stop quietly when the reader goes away."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, exc, tb) -> bool:
        if kind is not None and issubclass(kind, BrokenPipeError):
            import os
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
            except (OSError, ValueError, AttributeError):
                pass
            return True
        return False


# ---------------------------------------------------------------------------
# Text output


SAFE_MARK = "o"
MINE_MARK = "*"
BEST_MARK = "■"


def _decimal(p: Fraction) -> str:
    return f"{float(p):.4f}"


def _cells(cells, limit: int = 40) -> str:
    shown = " ".join(cell_str(c) for c in cells[:limit])
    return shown + (f" … ({len(cells) - limit} more)" if len(cells) > limit else "")


def print_result(board: Board, result: dict, path: str) -> None:
    from rich.console import Console
    from rich.text import Text

    from ..board import draw

    console = Console(highlight=False, soft_wrap=True)
    total, count = result["total"], result["count"]
    closed = result["closed"]
    kind = "a player's view" if board.unknown else "a full board: only the numbers and the total are used"
    console.print(Text(f"{path}: {board.cols}×{board.rows} {board.topology}, "
                       f"{board.total_mines} mines, {len(board.opened)} open, "
                       f"{len(closed)} closed ({kind})", style="bold"))
    approx = f" (≈ {float(total):.3e})" if total >= 10 ** 7 else ""
    console.print(f"consistent placements: {total}{approx}")
    safe, mines, best = result["safe"], result["mines"], result["best"]
    console.print(Text(f"sure safe ({len(safe)}): ", style="green").append(_cells(safe) or "none"))
    console.print(Text(f"sure mines ({len(mines)}): ", style="red").append(_cells(mines) or "none"))
    if best:
        p = Fraction(count[best[0]], total)
        exact = _fraction(p) if len(_fraction(p)) <= 24 else "…"
        console.print(Text(f"best moves (p = {exact} ≈ {_decimal(p)}, {len(best)}): ",
                           style="bold yellow").append(_cells(best)))
    else:
        console.print("best moves: none (every closed cell is a mine)")
    marks = {c: SAFE_MARK for c in safe} | {c: MINE_MARK for c in mines}
    marks |= {c: BEST_MARK for c in best if c not in marks}
    picture = Text(draw(board, marks=marks))
    picture.highlight_regex(r"o", "bold green")
    picture.highlight_regex(r"\*", "bold red")
    picture.highlight_regex(BEST_MARK, "bold yellow")
    console.print()
    console.print(picture, end="")
    console.print(Text(f"  {SAFE_MARK} sure safe   {MINE_MARK} sure mine   {BEST_MARK} best move   "
                       "· other closed cell", style="dim"))
    console.print()
    console.print("probabilities (closed cells by mine probability):")
    by_p: dict[int, list] = {}
    for c in closed:
        by_p.setdefault(count[c], []).append(c)
    for n in sorted(by_p):
        p = Fraction(n, total)
        exact = _fraction(p)
        label = f"{exact} ≈ {_decimal(p)}" if len(exact) <= 24 else f"≈ {_decimal(p)} (exact: --json)"
        console.print(Text(f"  {label:<24} ", style="bold").append(_cells(by_p[n], 60)))
