"""JSMinesweeper .mine, minesweepr ASCII, and load_board's dispatch."""

from __future__ import annotations

import json

import pytest

from setmine.board import BoardError, load_board, parse_mine, parse_minesweepr, write_board

MINE = "4x3x2\n01HH\n12FH\nHHHH\n"
ASCII = "..1x\n..1x\n111x\nxxxx\n"


def test_mine_file():
    board = parse_mine(MINE)
    assert (board.rows, board.cols, board.total_mines) == (3, 4, 2)
    assert board.completed
    assert board.known_mines() == {(1, 2)}
    assert board.unknown == {(0, 2), (0, 3), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3)}
    assert board.shown() == {(0, 0): 0, (0, 1): 1, (1, 0): 1, (1, 1): 2}
    assert all(board.number(c) == n for c, n in board.shown().items())


def test_mine_file_symbols_are_case_insensitive_and_spaces_ignored():
    assert parse_mine("4x3x2\n0 1 h h\n1 2 f h\nh h h h\n") == parse_mine(MINE)


@pytest.mark.parametrize("text, line, column, message", [
    ("abc\n", 1, 1, "expected WIDTHxHEIGHTxMINES (for example 30x16x99), got 'abc'"),
    ("", None, None, "empty .mine file: expected a first line WIDTHxHEIGHTxMINES"),
    ("3x2x1\n1HH\nH1\n", 3, 3, "ragged grid: this row has 2 cells but the first row has 3"),
    ("3x3x1\n1HH\nH1H\n", 1, 1, "the header says 3x3 but the grid has 2 rows of 3"),
    ("3x2x1\n1HZ\nH1H\n", 2, 3, "unknown symbol 'Z' (expected 0-8, 'H' or 'F')"),
    ("3x2x9\n1HH\nH1H\n", 1, 5, "the header's mine count: 9 but only 4 closed cells can hold a mine"),
    ("3x2x0\n1FH\nH1H\n", 1, 5, "the header's mine count: 0 but 1 mine is already known"),
    ("2x1x0\n1F\n", 1, 5, "the header's mine count: 0 but the grid has 1 mine"),
])
def test_mine_errors(text, line, column, message):
    with pytest.raises(BoardError) as caught:
        parse_mine(text, "a.mine")
    assert caught.value.message == message
    assert (caught.value.line, caught.value.column) == (line, column)


def test_minesweepr_ascii():
    board = parse_minesweepr(ASCII, mines=2)
    assert board.completed and board.total_mines == 2
    assert board.shown()[(0, 0)] == 0 and board.shown()[(0, 2)] == 1
    assert board.unknown == {(0, 3), (1, 3), (2, 3), (3, 0), (3, 1), (3, 2), (3, 3)}
    assert all(board.number(c) == n for c, n in board.shown().items())


def test_minesweepr_known_mine_and_errors():
    board = parse_minesweepr("1*\n11\n", mines=1)
    assert board.mines == {(0, 1)} and not board.completed
    with pytest.raises(BoardError, match="unknown symbol 'q'"):
        parse_minesweepr("1q\n", mines=1)
    with pytest.raises(BoardError, match="no placement of 0 mines"):
        parse_minesweepr(ASCII, mines=0)


def test_load_board_dispatches_on_the_suffix(tmp_path):
    (tmp_path / "a.board").write_text("mines: 1\n1 *\n1 1\n")
    (tmp_path / "b.mine").write_text(MINE)
    (tmp_path / "c.txt").write_text(ASCII)
    (tmp_path / "d.json").write_text(json.dumps({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 1]]}))
    assert load_board(tmp_path / "a.board").mines == {(0, 1)}
    assert load_board(tmp_path / "b.mine") == parse_mine(MINE, str(tmp_path / "b.mine"))
    assert load_board(str(tmp_path / "c.txt"), mines=2).total_mines == 2
    assert load_board(tmp_path / "d.json").topology == "graph"


@pytest.mark.parametrize("name, options, message", [
    ("a.txt", {}, "a minesweepr .txt board needs the total number of mines: give it on the command line as "
              "--mines N (in Python: load_board(path, mines=N))"),
    ("a.board", {"mines": 3}, "--mines (option mines=…) does not apply to .board files"),
    ("a.xyz", {}, "unknown board file type '.xyz' (expected one of: .board, .json, .mine, .txt)"),
    ("missing.board", {}, "cannot read board file: No such file or directory"),
])
def test_load_board_errors(tmp_path, name, options, message):
    (tmp_path / "a.txt").write_text(ASCII)
    (tmp_path / "a.board").write_text("0 0\n")
    (tmp_path / "a.xyz").write_text("")
    with pytest.raises(BoardError) as caught:
        load_board(tmp_path / name, **options)
    assert caught.value.message == message
    assert str(caught.value).startswith(str(tmp_path / name))


def test_load_board_error_carries_the_path(tmp_path):
    path = tmp_path / "bad.board"
    path.write_text("1 .\n")
    with pytest.raises(BoardError) as caught:
        load_board(path)
    assert str(caught.value).startswith(f"{path}:1:1: cell 0,0 shows 1 but has 0 mines around it")


def test_not_utf8(tmp_path):
    path = tmp_path / "bin.board"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(BoardError, match="not UTF-8"):
        load_board(path)


def test_imported_views_write_as_board_files():
    board = parse_mine(MINE)
    assert write_board(board).endswith("\n0 1 ? ?\n1 2 * ?\n? ? ? ?\n")
