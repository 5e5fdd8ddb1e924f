"""Completing a player's view: agreement, the total, canonicity, speed."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.board import BoardError, complete_view, completion_order, load_board, parse_board, write_board

from .strategies import views

BOARDS = Path(__file__).resolve().parents[2] / "spec" / "boards"


def complete(board, unknown):
    """Complete the view of ``board`` in which ``unknown`` cells are hidden."""
    known = board.mines - unknown
    return known | complete_view(board.neighbours, board.shown(), known, unknown, board.total_mines)


@settings(max_examples=300, deadline=None)
@given(views())
def test_completion_agrees_with_the_view(case):
    board, unknown = case
    mines = complete(board, unknown)
    assert len(mines) == board.total_mines
    assert mines - unknown == board.mines - unknown  # known cells keep their content
    assert not mines & board.opened
    for cell, shown in board.shown().items():
        assert len(board.neighbours[cell] & mines) == shown


@settings(max_examples=100, deadline=None)
@given(views(max_side=5))
def test_completion_through_the_file_format(case):
    board, unknown = case
    text = write_board(replace(board, unknown=unknown))
    completed = parse_board(text)
    assert completed.completed == bool(unknown)
    assert completed.total_mines == board.total_mines
    assert completed.shown() == board.shown()
    assert completed.unknown == unknown


def brute_force(board, unknown):
    """The least consistent placement in the completion order, by enumeration."""
    known = board.mines - unknown
    order = completion_order(board.neighbours, board.shown(), known, unknown)
    assert sorted(order) == sorted(unknown)
    left = board.total_mines - len(known)
    best = None
    for chosen in combinations(order, left):
        mines = known | set(chosen)
        if all(len(board.neighbours[c] & mines) == n for c, n in board.shown().items()):
            key = tuple(c in mines for c in order)
            if best is None or key < best[0]:
                best = (key, frozenset(chosen))
    return None if best is None else best[1]


@settings(max_examples=200, deadline=None)
@given(views(max_side=4))
def test_completion_is_the_least_placement_in_completion_order(case):
    board, unknown = case
    if len(unknown) > 12:
        unknown = frozenset(sorted(unknown)[:12])
    assert complete_view(board.neighbours, board.shown(), board.mines - unknown, unknown,
                         board.total_mines) == brute_force(board, unknown)


class _OtherTotal:
    """The same view with another total, for :func:`brute_force`."""

    def __init__(self, board, total):
        self.neighbours, self.mines, self.total_mines = board.neighbours, board.mines, total
        self.shown = board.shown


@settings(max_examples=200, deadline=None)
@given(views(max_side=4), st.integers(-3, 3))
def test_no_placement_exactly_when_brute_force_finds_none(case, delta):
    board, unknown = case
    if len(unknown) > 12:
        unknown = frozenset(sorted(unknown)[:12])
    known = board.mines - unknown
    total = board.total_mines + delta
    if not len(known) <= total <= len(known) + len(unknown):
        return
    expected = brute_force(_OtherTotal(board, total), unknown)
    try:
        got = complete_view(board.neighbours, board.shown(), known, unknown, total)
    except BoardError as error:
        assert expected is None
        assert error.message == (f"no placement of {total} mine{'s' if total != 1 else ''} "
                                 "agrees with the shown numbers")
    else:
        assert got == expected


def test_interior_mines_go_to_the_last_cells():
    board = parse_board("mines: 3\n0 0 ? ? ?\n0 0 ? ? ?\n0 0 ? ? ?\n")
    # the frontier column 2 must be safe (its neighbours show 0); the other mines
    # fill the last interior cells row-major
    assert board.mines == {(1, 4), (2, 3), (2, 4)}


def test_global_count_forces_the_frontier():
    # a + b = 1 and b + c = 1: either {b} or {a, c}; with no interior cells the
    # total decides which
    assert parse_board("mines: 1\n? ? ?\n1 . 1\n").mines == {(0, 1)}
    assert parse_board("mines: 2\n? ? ?\n1 . 1\n").mines == {(0, 0), (0, 2)}
    with pytest.raises(BoardError, match="no placement of 3 mines agrees with the shown numbers"):
        parse_board("mines: 3\n? ? ?\n1 . 1\n")


def test_a_number_impossible_on_its_own_names_its_cell():
    with pytest.raises(BoardError) as caught:
        parse_board("mines: 1\n? 0\n* 2\n")
    assert caught.value.message == "cell 0,1 shows 0 but has 1 mine around it"
    assert caught.value.cell == (0, 1)


def test_expert_view_completes_like_the_true_board():
    view = load_board(BOARDS / "view-expert-midgame.board")
    truth = load_board(BOARDS / "expert-midgame.board")
    assert view.completed and view.total_mines == 99 and len(view.mines) == 99
    assert view.shown() == truth.shown()
    assert view.known_mines() <= truth.mines


def test_expert_view_with_every_closed_cell_unknown():
    truth = load_board(BOARDS / "expert-midgame.board")
    completed = parse_board(write_board(truth.as_view()))
    assert completed.shown() == truth.shown() and len(completed.mines) == 99
