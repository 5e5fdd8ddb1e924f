"""``setmine solve BOARD [--json] [--mines N] [--pick]``: the exact mine
probabilities of a position -- sure-safe cells, sure mines, every closed
cell's probability (an exact fraction, with a rounded decimal as an aid), the
number of consistent placements and the cells least likely to be a mine,
drawn on the board.  ``--pick`` also names the cell the ``best`` policy of
``setmine play`` would open (it weighs what each move reveals, so it is not
always a cell of least probability).

Only what a player sees is used: the open numbers and the total mine count
(and, in a player's view, the mines they marked ``*``/``F`` and the closed
cells they marked safe ``.``).  The mines of a full board are ignored.  The
independent solver (``setmine.solver``) does the counting, exactly."""

from __future__ import annotations

import json
import sys
from fractions import Fraction

from ..board import Board, cell_str
from ..board.board import plural
from .commands import summary_of
from .common import BOARD_HELP, help_text, load_board_file
from .argtypes import nonnegative_int


def add_parser(sub) -> None:
    p = sub.add_parser("solve", help=summary_of("solve"),
                       description=help_text(__doc__))
    p.add_argument("board", help=BOARD_HELP)
    p.add_argument("--mines", type=nonnegative_int, metavar="N",
                   help="the total number of mines (needed by minesweepr .txt boards)")
    p.add_argument("--json", action="store_true",
                   help='one JSON object: {"total", "safe", "mines", "probabilities", '
                        '"least_likely"} (and "pick" with --pick)')
    p.add_argument("--pick", action="store_true",
                   help="also the cell the best policy of `setmine play` would open; an option "
                        "because it solves the position again for every number each candidate "
                        "can show")
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
    (cell -> int), ``safe``/``mines``/``least`` (sorted cells; ``least``:
    the closed cells of least mine probability that are not sure mines,
    the schema's D18), ``position`` (what the player sees)."""
    from ..solver import InconsistentPosition, SolverLimitExceeded, solve
    from . import UserError

    position, known_safe = player_view(board)
    try:
        sol = solve(position)
    except InconsistentPosition as exc:
        where = f" (cell {cell_str(exc.cell)})" if exc.cell is not None else ""
        raise UserError(f"{path}: no placement of {plural(board.total_mines, 'mine')} agrees with the "
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
    least = [c for c in open_moves if count[c] == low]
    return {"total": total, "count": count, "closed": closed, "safe": safe, "mines": mines,
            "least": least, "position": position, "known_safe": known_safe}


def best_pick(result: dict):
    """The cell the ``best`` policy of ``setmine play`` opens in this
    position (a cell marked safe first), or None when every closed cell is
    a mine."""
    import random

    from ..solver.games.policies import make_policy

    if not result["least"]:
        return None
    if result["known_safe"]:
        return min(result["known_safe"])
    return make_policy("best").choose(result["position"], random.Random(0))


def contract(result: dict) -> dict:
    """The JSON contract of ``setmine solve --json`` (docs/solver.md): the
    counts as exact decimal strings (they pass 10^4300 on large boards)."""
    total = result["total"]
    out = {
        "total": digits(total),
        "safe": [cell_str(c) for c in result["safe"]],
        "mines": [cell_str(c) for c in result["mines"]],
        "probabilities": {cell_str(c): _fraction(Fraction(result["count"][c], total))
                          for c in result["closed"]},
        "least_likely": [cell_str(c) for c in result["least"]],
    }
    if "pick" in result:
        out["pick"] = cell_str(result["pick"]) if result["pick"] is not None else None
    return out


def digits(n: int) -> str:
    """``n`` in decimal, exactly, however many digits (Python refuses to
    print an int of more than 4300 digits unless asked: this asks)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return str(n)
    finally:
        sys.set_int_max_str_digits(limit)


def _fraction(p: Fraction) -> str:
    return digits(p.numerator) if p.denominator == 1 else \
        f"{digits(p.numerator)}/{digits(p.denominator)}"


def _short_fraction(p: Fraction, width: int = 24) -> str | None:
    """``p`` as ``a/b`` when that takes at most ``width`` characters."""
    if p.numerator.bit_length() + p.denominator.bit_length() > 4 * width:
        return None
    text = _fraction(p)
    return text if len(text) <= width else None

def run(args) -> int:
    board = load_board_file(args.board, args.mines)
    result = analyse_board(board, args.board)
    if args.pick:
        result["pick"] = best_pick(result)
    with quiet_broken_pipe():
        if args.json:
            json.dump(contract(result), sys.stdout, indent=1)
            print()
        else:
            print_result(board, result, args.board)
    return 0


class quiet_broken_pipe:
    """``setmine solve … | head``: stop quietly when the reader goes away
    (``closed`` then says so, and the command's status is 141)."""

    closed = False

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, exc, tb) -> bool:
        if kind is not None and issubclass(kind, BrokenPipeError):
            import os
            quiet_broken_pipe.closed = True
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
LEAST_MARK = "■"
PICK_MARK = "@"


def _decimal(p: Fraction, places: int = 4) -> str:
    """``p`` rounded to ``places`` decimals, exactly (no float: a
    probability of 1/10^400 is 0.0000, not an overflow)."""
    q = round(p * 10 ** places)
    return f"{q // 10 ** places}.{q % 10 ** places:0{places}d}"


def count_text(n: int, width: int = 30) -> str:
    """An exact count: in full up to ``width`` digits, else its leading
    digits and its exact number of digits (``3.1415…×10^456 (457 digits)``)."""
    text = digits(n) if n.bit_length() <= 4 * width else None
    if text is not None and len(text) <= width:
        return text
    text = digits(n)
    return f"{text[0]}.{text[1:7]}…×10^{len(text) - 1} ({len(text)} digits; exact: --json)"


def _cells(cells, limit: int = 40) -> str:
    shown = " ".join(cell_str(c) for c in cells[:limit])
    return shown + (f" … ({len(cells) - limit} more)" if len(cells) > limit else "")


def print_result(board: Board, result: dict, path: str) -> None:
    from rich.text import Text

    from ..board import draw

    from ..present.output.console import terminal

    console = terminal(highlight=False, soft_wrap=True)
    total, count = result["total"], result["count"]
    closed = result["closed"]
    kind = "a player's view" if board.unknown else "a full board: only the numbers and the total are used"
    console.print(Text(f"{path}: {board.rows}×{board.cols} {board.topology}, "
                       f"{plural(board.total_mines, 'mine')}, {len(board.opened)} open, "
                       f"{len(closed)} closed ({kind})", style="bold"))
    console.print(f"consistent placements: {count_text(total)}")
    safe, mines, least = result["safe"], result["mines"], result["least"]
    console.print(Text(f"sure safe ({len(safe)}): ", style="green").append(_cells(safe) or "none"))
    console.print(Text(f"sure mines ({len(mines)}): ", style="red").append(_cells(mines) or "none"))
    if least:
        p = Fraction(count[least[0]], total)
        console.print(Text(f"least likely to be a mine (p = {probability_text(p)}, {len(least)}): ",
                           style="bold yellow").append(_cells(least)))
    else:
        console.print("least likely to be a mine: none (every closed cell is a mine)")
    if "pick" in result:
        pick = result["pick"]
        console.print(Text("the best policy opens: ", style="bold cyan").append(
            f"{cell_str(pick)} (p = {probability_text(Fraction(count[pick], total))})"
            if pick is not None else "nothing (every closed cell is a mine)"))
    marks = {c: SAFE_MARK for c in safe} | {c: MINE_MARK for c in mines}
    marks |= {c: LEAST_MARK for c in least if c not in marks}
    if result.get("pick") is not None:
        marks[result["pick"]] = PICK_MARK
    picture = Text(draw(board, marks=marks))
    picture.highlight_regex(r"o", "bold green")
    picture.highlight_regex(r"\*", "bold red")
    picture.highlight_regex(LEAST_MARK, "bold yellow")
    picture.highlight_regex(PICK_MARK, "bold cyan")
    console.print()
    console.print(picture, end="")
    console.print(Text("  " + legend(set(marks.values()), set(closed) - set(marks)), style="dim"))
    console.print()
    console.print("probabilities (closed cells by mine probability):")
    by_p: dict[int, list] = {}
    for c in closed:
        by_p.setdefault(count[c], []).append(c)
    for n in sorted(by_p):
        console.print(Text(f"  {probability_text(Fraction(n, total)):<24} ",
                           style="bold").append(_cells(by_p[n], 60)))


LEGEND = [(SAFE_MARK, "sure safe"), (MINE_MARK, "sure mine"),
          (LEAST_MARK, "least likely to be a mine"),
          (PICK_MARK, "the best policy's pick")]


def legend(drawn: set[str], unmarked) -> str:
    """The legend of the glyphs actually drawn (and of ``·`` when a closed
    cell is left unmarked)."""
    parts = [f"{mark} {what}" for mark, what in LEGEND if mark in drawn]
    if unmarked:
        parts.append("· other closed cell")
    return "   ".join(parts)


def probability_text(p: Fraction) -> str:
    """``1/3 ≈ 0.3333``: the exact fraction (or, when it is too long
    to read, a pointer to --json) with a rounded decimal as an aid."""
    exact = _short_fraction(p)
    if exact is None:
        return f"≈ {_decimal(p)} (exact: --json)"
    return exact if p in (0, 1) else f"{exact} ≈ {_decimal(p)}"
