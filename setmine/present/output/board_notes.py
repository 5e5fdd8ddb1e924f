"""What a command says about the board it read, beside the values: its
summary for JSON, the note on a completed player's view, and the hint for a
board without a move when a constituent needs one."""

from __future__ import annotations

from ...base.interface import MOVE
from ...board.board import plural
from ...rsl.schema import dependencies
from .values import cell_text

NO_MOVE = "the board has no move (S4 is empty): give one with `move: r,c` in the .board file"


def uses_move(schema, name: str, tree=None) -> bool:
    """Does the constituent ``name`` (or the expression ``tree``) depend on S4?"""
    used = {n for n, _ in dependencies(tree)} if tree is not None and name not in schema \
        else {name}
    return any(MOVE == n or MOVE in schema.closure(n) for n in used if n in schema) \
        or MOVE in used


def board_summary(board) -> dict:
    out = {"rows": board.rows, "cols": board.cols, "mines": board.total_mines,
           "topology": board.topology, "open": len(board.opened),
           "move": cell_text(board.move) if board.move else None}
    if board.name:
        out["name"] = board.name
    if board.completed:
        out["completed"] = True
    return out


def completion_note(board) -> str | None:
    if getattr(board, "completed", False):
        return (f"this board is a player's view: S2 was completed with one placement of "
                f"{plural(board.total_mines, 'mine')} consistent with what is shown "
                f"({len(board.unknown)} unknown cells)")
    return None
