"""The .board format: reading, the exact errors, and the write/read round trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from setmine.board import BoardError, parse_board, write_board

from .strategies import boards

GOOD = """\
# a comment
name: small
mines: 2
move: 0,2

1 1 .
* 2 .
* 2 .
"""


def test_reads_headers_and_grid():
    board = parse_board(GOOD)
    assert (board.rows, board.cols, board.topology, board.name) == (3, 3, "square", "small")
    assert board.mines == {(1, 0), (2, 0)}
    assert board.opened == {(0, 0), (0, 1), (1, 1), (2, 1)}
    assert board.move == (0, 2)
    assert board.total_mines == 2
    assert not board.completed and not board.unknown
    assert board.shown() == {(0, 0): 1, (0, 1): 1, (1, 1): 2, (2, 1): 2}


def test_spaces_between_cells_are_optional_and_defaults_apply():
    board = parse_board("\n\n1*\n11\n\n")
    assert board.mines == {(0, 1)}
    assert board.total_mines == 1
    assert board.move is None and board.name == "" and board.topology == "square"


def test_header_keys_ignore_case_and_move_none():
    board = parse_board("MINES: 1\nMove: none\nTopology: TORUS\n* .\n. .\n")
    assert board.topology == "torus" and board.move is None and board.total_mines == 1


def test_comments_may_stand_inside_the_grid():
    assert parse_board("0 0\n# middle\n0 0\n").rows == 2


ERRORS = [
    # (text, line, column, message)
    ("1 .\n. . .\n", 2, 5, "ragged grid: this row has 3 cells but the first row has 2"),
    ("1 . .\n. .\n", 2, 4, "ragged grid: this row has 2 cells but the first row has 3"),
    ("mines: 0\n. x\n. .\n", 2, 3, "unknown symbol 'x' (expected a digit 0-8, '.', '*' or '?')"),
    (". . . .\n. 2 * .\n. . . .\n", 2, 3, "cell 1,1 shows 2 but has 1 mine around it"),
    ("move: 0,0\n0 0\n0 0\n", 1, 7, "move 0,0 is on an open cell"),
    ("move: 5,0\n0 0\n0 0\n", 1, 7, "move 5,0 is outside the board (2 rows × 2 columns)"),
    ("move: a,b\n0 0\n0 0\n", 1, 7,
     "move: expected a cell 'row,col' of two non-negative integers, got 'a,b'"),
    ("move: 1\n0 0\n0 0\n", 1, 7,
     "move: expected a cell 'row,col' of two non-negative integers, got '1'"),
    ("mines: 3\n* 1\n1 1\n", 1, 8, "mines: 3 but the grid has 1 mine"),
    ("mines: ten\n* 1\n1 1\n", 1, 8, "mines: expected a non-negative integer, got 'ten'"),
    ("mines: -1\n. .\n", 1, 8, "mines: expected a non-negative integer, got '-1'"),
    ("? 1\n1 1\n", 1, 1, "the grid has '?' cells, so it needs a 'mines: N' header"),
    ("mines: 0\n* ?\n? ?\n", 1, 8, "mines: 0 but 1 mine is already known"),
    ("mines: 1\n* *\n? ?\n", 1, 8, "mines: 1 but 2 mines are already known"),
    ("mines: 9\n* ?\n? ?\n", 1, 8, "mines: 9 but only 4 closed cells can hold a mine"),
    ("mines: 1\n? ? ?\n? 2 ?\n? ? ?\n", None, None,
     "no placement of 1 mine agrees with the shown numbers"),
    ("mines: 3\n1 ?\n* *\n", 2, 1, "cell 0,0 shows 1 but has 2 mines around it"),
    ("mines: 2\n? . .\n* 3 .\n", 3, 3, "cell 1,1 shows 3 but at most 2 of its neighbours can be mines"),
    ("mines: 3\n? ? ?\n? 3 0\n", None, None, "no placement of 3 mines agrees with the shown numbers"),
    ("colour: red\n. .\n", 1, 1,
     "unknown header key 'colour' (expected one of: mines, topology, move, name)"),
    ("mines: 1\nmines: 2\n. .\n", 2, 1, "duplicate header 'mines' (first given on line 1)"),
    (". .\nmines: 1\n", 2, 1, "header line after the grid (headers come first)"),
    (". .\n\n. .\n", 3, 1, "blank line 2 splits the grid (the grid must be one block of lines)"),
    ("# nothing\nname: x\n", None, None, "no grid: expected rows of cells (0-8 . * ?) after the headers"),
    ("", None, None, "no grid: expected rows of cells (0-8 . * ?) after the headers"),
    ("topology: round\n. .\n", 1, 11, "topology: expected one of square, torus, hex, got 'round'"),
    ("topology: graph\n. .\n", 1, 11,
     "topology: expected one of square, torus, hex, got 'graph' (graph boards are JSON files)"),
    ("topology: hex\n. . .\n. 7 .\n. . .\n", 3, 3, "cell 1,1 shows 7 but has only 6 neighbours"),
    (".\n", 1, 1, "cell 0,0 has no neighbour (axiom A1)"),
    ("topology: hex\n.\n", 2, 1, "cell 0,0 has no neighbour (axiom A1)"),
    ("0 9\n", 1, 3, "unknown symbol '9' (expected a digit 0-8, '.', '*' or '?')"),
]


@pytest.mark.parametrize("text, line, column, message", ERRORS)
def test_errors(text, line, column, message):
    with pytest.raises(BoardError) as caught:
        parse_board(text, "x.board")
    error = caught.value
    assert error.message == message
    assert (error.line, error.column) == (line, column)
    assert error.path == "x.board"
    head = ":".join(str(p) for p in ("x.board", line, column) if p is not None)
    assert str(error).splitlines()[0] == f"{head}: {message}"


def test_error_shows_a_caret_excerpt():
    with pytest.raises(BoardError) as caught:
        parse_board("mines: 1\n. . . .\n. 2 * .\n. . . .\n", "b.board")
    assert str(caught.value) == (
        "b.board:3:3: cell 1,1 shows 2 but has 1 mine around it\n"
        ". 2 * .\n"
        "  ^"
    )


def test_error_without_a_path():
    with pytest.raises(BoardError) as caught:
        parse_board("1 .\n")
    assert str(caught.value).splitlines()[0] == "<board>:1:1: cell 0,0 shows 1 but has 0 mines around it"


def test_a_view_is_completed():
    board = parse_board("mines: 2\n? ? ?\n1 2 1\n0 0 0\n")
    assert board.completed
    assert board.unknown == {(0, 0), (0, 1), (0, 2)}
    assert board.mines == {(0, 0), (0, 2)}
    assert board.total_mines == 2


def test_star_and_dot_are_known_in_a_view():
    board = parse_board("mines: 2\n* ? ?\n. 2 .\n")
    assert board.known_mines() == {(0, 0)}
    # One of the two '?' cells is a mine; the canonical completion keeps the
    # first in the completion order safe.
    assert board.mines == {(0, 0), (0, 2)}


def test_write_known_text():
    board = parse_board(GOOD)
    assert write_board(board) == "name: small\nmines: 2\nmove: 0,2\n\n1 1 .\n* 2 .\n* 2 .\n"


def test_write_hex_indents_odd_rows():
    text = write_board(parse_board("topology: hex\nmines: 1\n0 1 1\n1 * 1\n0 1 1\n"))
    assert text.splitlines()[3:] == ["0 1 1", " 1 * 1", "0 1 1"]


@settings(max_examples=150, deadline=None)
@given(boards())
def test_round_trip(board):
    assert parse_board(write_board(board)) == board


@settings(max_examples=100, deadline=None)
@given(boards(max_side=5))
def test_round_trip_of_a_completed_view(board):
    completed = parse_board(write_board(board.as_view()))
    assert completed.completed == bool(board.closed())
    assert completed.unknown == board.closed()
    assert parse_board(write_board(completed)) == completed


@pytest.mark.parametrize("brk", ["\u2028", "\u2029", "\x85", "\x0b", "\x1c"])
def test_a_line_break_inside_a_name_is_the_names_not_a_line(brk):
    """A file's lines end at \\n, \\r\\n and \\r only: another break inside
    the name line stays in the name, which the board refuses by name."""
    with pytest.raises(BoardError, match=rf"name holds a line break \(U\+{ord(brk):04X}\)"):
        parse_board(f"name: a{brk}b\nmines: 1\n\n1 *\n")


def test_carriage_returns_end_lines_as_newlines_do():
    text = "name: cr\nmines: 1\n\n1 *\n"
    for ending in ("\r\n", "\r"):
        assert parse_board(text.replace("\n", ending)) == parse_board(text)
