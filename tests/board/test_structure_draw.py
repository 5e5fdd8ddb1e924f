"""A board as X1, S1…S4, and its text pictures."""

from __future__ import annotations

from hypothesis import given, settings

from setmine.board import draw, parse_board, parse_graph_json, structure

from .strategies import boards

SMALL = parse_board("mines: 2\nmove: 0,2\n1 1 .\n* 2 .\n* 2 .\n")


def test_structure_of_a_small_board():
    s = structure(SMALL)
    assert set(s) == {"X1", "S1", "S2", "S3", "S4"}
    assert s["X1"] == frozenset((r, c) for r in range(3) for c in range(3))
    assert ((0, 0), (1, 1)) in s["S1"] and ((1, 1), (0, 0)) in s["S1"]
    assert len(s["S1"]) == 2 * 20  # a 3×3 king graph has 20 edges
    assert s["S2"] == {(1, 0), (2, 0)}
    assert s["S3"] == {(0, 0), (0, 1), (1, 1), (2, 1)}
    assert s["S4"] == {(0, 2)}
    assert structure(SMALL.with_move(None))["S4"] == frozenset()


@settings(max_examples=100, deadline=None)
@given(boards())
def test_structure_satisfies_the_axioms(board):
    s = structure(board)
    x1, s1 = s["X1"], s["S1"]
    assert all(isinstance(v, frozenset) for v in s.values())
    assert {a for a, _ in s1} == x1                       # A1
    assert all((b, a) in s1 for a, b in s1)               # A2
    assert all(a != b for a, b in s1)                     # A3
    assert not s["S3"] & s["S2"]                          # A4
    assert len(s["S4"]) <= 1 and not s["S4"] & s["S3"]    # the move is closed


def test_draw_small():
    assert draw(SMALL) == (
        "   0 1 2\n"
        "0  1 1 ·\n"
        "1  · 2 ·\n"
        "2  · 2 ·\n"
    )


def test_draw_highlight_marks_and_mines():
    picture = draw(SMALL, highlight=[(0, 2)], marks={(2, 2): "?"}, show_mines=True)
    assert picture.splitlines()[1:] == ["0  1 1 ■", "1  * 2 ·", "2  * 2 ?"]


def test_draw_wide_board_has_two_header_lines():
    board = parse_board(" ".join("0" * 12) + "\n" + " ".join("0" * 12) + "\n")
    lines = draw(board).splitlines()
    assert lines[0] == "                       1 1"
    assert lines[1] == "   0 1 2 3 4 5 6 7 8 9 0 1"
    assert lines[2] == "0  " + " ".join("0" * 12)


def test_draw_hex_staggers_odd_rows():
    board = parse_board("topology: hex\nmines: 1\n0 1 1\n1 * 1\n0 1 1\n")
    assert draw(board).splitlines()[1:] == ["0  0 1 1", "1   1 · 1", "2  0 1 1"]


def test_draw_graph_leaves_missing_places_blank():
    board = parse_graph_json('{"cells": [[0, 0], [1, 1]], "neighbours": [[0, 1]], "opened": [[0, 0]]}')
    assert draw(board).splitlines() == ["   0 1", "0  0", "1    ·"]


def test_row_labels_are_right_aligned():
    board = parse_board("\n".join(["0 0"] * 11) + "\n")
    lines = draw(board).splitlines()
    assert lines[1] == " 0  0 0" and lines[11] == "10  0 0"
