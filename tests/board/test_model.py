"""The Board type: what it computes, what it refuses, its small helpers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from setmine.board import Board, BoardError, cell_str, parse_board, parse_cell, square_neighbours

from .strategies import boards

SMALL = parse_board("mines: 2\nmove: 0,2\n1 1 .\n* 2 .\n* 2 .\n")


def make(**changes) -> Board:
    fields = dict(rows=2, cols=2, cells=[(0, 0), (0, 1), (1, 0), (1, 1)],
                  neighbours=square_neighbours(2, 2), mines={(1, 0)}, opened={(0, 0)},
                  move=(1, 1), total_mines=1, topology="square")
    fields.update(changes)
    return Board(**fields)


def test_numbers_closed_shown():
    assert SMALL.number((1, 1)) == 2 and SMALL.number((0, 2)) == 0 and SMALL.number((1, 0)) == 1
    assert SMALL.closed() == {(0, 2), (1, 0), (1, 2), (2, 0), (2, 2)}
    assert list(SMALL.shown().items()) == [((0, 0), 1), ((0, 1), 1), ((1, 1), 2), ((2, 1), 2)]


def test_constructor_normalises():
    board = make(cells=[(1, 1), (0, 0), (1, 0), (0, 1)], mines=[[1, 0]], opened=[(0, 0)], move=[1, 1])
    assert board.cells == ((0, 0), (0, 1), (1, 0), (1, 1))
    assert isinstance(board.mines, frozenset) and board.move == (1, 1)
    with pytest.raises(TypeError):
        board.neighbours[(0, 0)] = frozenset()  # read-only mapping
    assert hash(board) == hash(make())
    assert board == make()


@pytest.mark.parametrize("changes, message", [
    (dict(opened={(1, 0)}), "cell 1,0 is open but is a mine (axiom A4)"),
    (dict(move=(0, 0)), "move 0,0 is on an open cell (axiom A5)"),
    (dict(move=(5, 5)), "move 5,5 is outside the board (2 rows × 2 columns)"),
    (dict(total_mines=3), "total_mines is 3 but the board has 1 mine"),
    (dict(mines={(7, 7)}), "mine 7,7 is not a cell of the board"),
    (dict(topology="cube"), "unknown topology 'cube' (expected one of: square, torus, hex, graph)"),
    (dict(unknown={(0, 0)}), "cell 0,0 is open but marked unknown"),
    (dict(neighbours={(0, 0): {(0, 1)}, (0, 1): {(0, 0)}, (1, 0): {(1, 1)}, (1, 1): set()}),
     "cell 1,0 has neighbour 1,1 but 1,1 does not have 1,0 (axiom A2)"),
    (dict(rows=1, cols=2), "cell 1,0 lies outside the 1×2 grid"),
])
def test_invalid_boards(changes, message):
    with pytest.raises(BoardError) as caught:
        make(**changes)
    assert caught.value.message == message


def test_with_move_and_with_opened():
    board = make()
    assert board.with_move(None).move is None
    assert board.with_move((0, 1)).move == (0, 1)
    opened = board.with_opened([(1, 1)])
    assert opened.opened == {(0, 0), (1, 1)} and opened.move is None
    with pytest.raises(BoardError, match="open but is a mine"):
        board.with_opened([(1, 0)])
    assert board.with_mines({(0, 1)}).mines == {(0, 1)}


def test_as_view_and_known_mines():
    view = SMALL.as_view()
    assert view.unknown == SMALL.closed() and not view.completed
    assert view.known_mines() == frozenset()
    assert SMALL.known_mines() == SMALL.mines


def test_cell_text():
    assert cell_str((2, 13)) == "2,13"
    assert parse_cell(" 2 , 13 ") == (2, 13)
    for bad in ("2", "a,b", "-1,0", "1,2,3", ""):
        with pytest.raises(BoardError):
            parse_cell(bad)


def test_error_rendering():
    error = BoardError("boom", 3, 5, path="f.board", source_line="\t. x .")
    assert str(error) == "f.board:3:5: boom\n\t. x .\n\t   ^"
    assert str(BoardError("boom")) == "boom"
    assert str(BoardError("boom", path="f.board")) == "f.board: boom"
    assert str(BoardError("boom", 2)) == "<board>:2: boom"


@settings(max_examples=100, deadline=None)
@given(boards())
def test_numbers_count_neighbouring_mines(board):
    for cell, shown in board.shown().items():
        assert shown == sum(1 for n in board.neighbours[cell] if n in board.mines)
    assert board.closed() | board.opened == set(board.cells)
