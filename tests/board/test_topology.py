"""Neighbour relations: counts per topology, the axioms A1–A3, and JSON graphs."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from setmine.board import (BoardError, grid_neighbours, hex_neighbours, parse_graph_json,
                           square_neighbours, torus_neighbours, write_graph_json)
from setmine.board.board import check_relation

from .strategies import boards, grid_shapes


@pytest.mark.parametrize("cell, count", [
    ((0, 0), 3), ((0, 8), 3), ((8, 0), 3), ((8, 8), 3),  # corners
    ((0, 4), 5), ((4, 0), 5), ((8, 4), 5), ((4, 8), 5),  # edges
    ((4, 4), 8), ((1, 1), 8),                            # interior
])
def test_square_counts(cell, count):
    assert len(square_neighbours(9, 9)[cell]) == count


def test_square_interior_is_the_king_move():
    assert square_neighbours(5, 5)[(2, 2)] == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)}


def test_torus_every_cell_has_eight():
    relation = torus_neighbours(5, 7)
    assert all(len(ns) == 8 for ns in relation.values())
    assert relation[(0, 0)] == {(4, 6), (4, 0), (4, 1), (0, 6), (0, 1), (1, 6), (1, 0), (1, 1)}


@pytest.mark.parametrize("rows, cols, count", [(2, 2, 3), (1, 3, 2), (2, 5, 5), (1, 2, 1)])
def test_narrow_torus_merges_wrapped_neighbours(rows, cols, count):
    relation = torus_neighbours(rows, cols)
    assert all(len(ns) == count and cell not in ns for cell, ns in relation.items())


def test_hex_odd_r_convention():
    relation = hex_neighbours(5, 5)
    # even row: the rows above and below reach back to column c-1
    assert relation[(2, 2)] == {(2, 1), (2, 3), (1, 1), (1, 2), (3, 1), (3, 2)}
    # odd row (shifted right): they reach forward to column c+1
    assert relation[(1, 2)] == {(1, 1), (1, 3), (0, 2), (0, 3), (2, 2), (2, 3)}
    assert all(len(relation[(r, c)]) == 6 for r in range(1, 4) for c in range(1, 4))


@pytest.mark.parametrize("cell, count", [
    ((0, 0), 2),  # even-row corner: (0,1), (1,0)
    ((0, 4), 3),  # (0,3), (1,3), (1,4)
    ((1, 0), 5),  # odd row, left edge: (1,1), (0,0), (0,1), (2,0), (2,1)
    ((1, 4), 3),  # odd row, right edge: (1,3), (0,4), (2,4)
    ((4, 0), 2), ((4, 4), 3),
])
def test_hex_edge_counts(cell, count):
    assert len(hex_neighbours(5, 5)[cell]) == count


def test_unknown_grid_topology():
    with pytest.raises(BoardError, match="unknown topology 'round'"):
        grid_neighbours("round", 3, 3)


@settings(max_examples=200, deadline=None)
@given(grid_shapes(max_side=9))
def test_grid_relations_satisfy_the_axioms(shape):
    topology, rows, cols = shape
    relation = grid_neighbours(topology, rows, cols)
    cells = tuple((r, c) for r in range(rows) for c in range(cols))
    assert set(relation) == set(cells)
    for cell, around in relation.items():
        assert around, "A1: every cell has a neighbour"
        assert cell not in around, "A3: irreflexive"
        assert all(cell in relation[other] for other in around), "A2: symmetric"
        assert all(0 <= r < rows and 0 <= c < cols for r, c in around)
    check_relation(cells, relation)


@pytest.mark.parametrize("relation, message", [
    ({(0, 0): {(0, 1)}, (0, 1): set()}, "cell 0,0 has neighbour 0,1 but 0,1 does not have 0,0 (axiom A2)"),
    ({(0, 0): {(0, 0), (0, 1)}, (0, 1): {(0, 0)}}, "cell 0,0 is its own neighbour (axiom A3)"),
    ({(0, 0): set(), (0, 1): set()}, "cell 0,0 has no neighbour (axiom A1)"),
    ({(0, 0): {(0, 1)}}, "cell 0,1 has no entry in the neighbour relation"),
    ({(0, 0): {(5, 5)}, (0, 1): {(0, 0)}}, "cell 0,0 has neighbour 5,5, which is not a cell"),
])
def test_check_relation_names_the_cell(relation, message):
    with pytest.raises(BoardError) as caught:
        check_relation(((0, 0), (0, 1)), relation)
    assert caught.value.message == message
    assert caught.value.cell is not None


# -- JSON graphs ---------------------------------------------------------------

RING = {
    "name": "a ring of four",
    "cells": [[0, 0], [0, 1], [1, 1], [1, 0]],
    "neighbours": [[0, 1], [1, 2], [2, 3], [3, 0]],
    "mines": [[1, 1]],
    "opened": [[0, 0]],
    "move": [1, 0],
    "total_mines": 1,
}


def test_graph_from_edges():
    board = parse_graph_json(json.dumps(RING))
    assert board.topology == "graph" and board.name == "a ring of four"
    assert board.cells == ((0, 0), (0, 1), (1, 0), (1, 1))
    assert board.neighbours[(0, 0)] == {(0, 1), (1, 0)}
    assert board.neighbours[(1, 1)] == {(0, 1), (1, 0)}
    assert board.shown() == {(0, 0): 0}
    assert board.move == (1, 0) and board.total_mines == 1


def test_graph_from_adjacency_object_equals_edges():
    data = dict(RING, neighbours={"0,0": ["0,1", "1,0"], "0,1": ["0,0", "1,1"],
                                  "1,1": [[0, 1], [1, 0]], "1,0": ["1,1", "0,0"]})
    assert parse_graph_json(json.dumps(data)) == parse_graph_json(json.dumps(RING))


def test_graph_view_is_completed():
    data = {"cells": [[0, 0], [0, 1], [0, 2]], "neighbours": [[0, 1], [1, 2]],
            "opened": [[0, 1]], "unknown": [[0, 0], [0, 2]], "shown": {"0,1": 1}, "total_mines": 1}
    board = parse_graph_json(json.dumps(data))
    assert board.completed and board.mines == {(0, 2)}


GRAPH_ERRORS = [
    ('{"cells": [}', "invalid JSON: Expecting value"),
    ("[1, 2]", "a JSON board must be an object with at least 'cells' and 'neighbours'"),
    ({"cells": [[0, 0]]}, "a JSON board needs 'neighbours'"),
    ({"cells": [], "neighbours": []}, "'cells' must be a non-empty list of cells [row, col]"),
    ({"cells": [[0, 0], [0, 0]], "neighbours": []}, "'cells' lists 0,0 twice"),
    ({"cells": [[0, 0], [-1, 0]], "neighbours": []},
     "'cells'[1]: expected a cell [row, col] or \"row,col\" of integers from 0 to 1,000,000,000, got [-1, 0]"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": {"0,0": ["0,1"], "0,1": []}},
     "cell 0,0 has neighbour 0,1 but 0,1 does not have 0,0 (axiom A2)"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 0], [0, 1]]}, "cell 0,0 is its own neighbour (axiom A3)"),
    ({"cells": [[0, 0], [0, 1], [0, 2]], "neighbours": [[0, 1]]}, "cell 0,2 has no neighbour (axiom A1)"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 1]], "mines": [[0, 0]], "opened": [[0, 0]]},
     "cell 0,0 is open but is a mine (axiom A4)"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 1]], "colour": 1},
     "unknown key 'colour' (expected some of: cells, neighbours, mines, opened, shown, unknown, move, "
     "total_mines, name)"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 1]], "mines": [[0, 0]], "opened": [[0, 1]],
      "shown": {"0,1": 0}}, "cell 0,1 shows 0 but has 1 mine around it"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 5]]},
     "'neighbours': edge [0, 5] uses index 5, but 'cells' has 2 entries"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 1]], "mines": [[3, 3]]},
     "'mines' names 3,3, which is not in 'cells'"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 1]], "mines": [[0, 1], [0, 1]]},
     "'mines'[1] names 0,1 a second time"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 1]], "name": "two\u2028lines"},
     "the board's name holds a line break (U+2028); a name is one line"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 1]], "opened": [[0, 0]], "move": [0, 0]},
     "move 0,0 is on an open cell"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 1]], "mines": [[0, 0]], "total_mines": 2},
     "total_mines: 2 but the grid has 1 mine"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 1]], "opened": [[0, 1]], "unknown": [[0, 0]],
      "shown": {"0,1": 1}}, "a board with 'unknown' cells needs 'total_mines'"),
    ({"cells": [[0, 0], [0, 1]], "neighbours": [[0, 1]], "opened": [[0, 1]], "unknown": [[0, 0]],
      "total_mines": 1}, "open cell 0,1 needs its number in 'shown' when some cells are unknown"),
]


@pytest.mark.parametrize("data, message", GRAPH_ERRORS)
def test_graph_errors(data, message):
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(BoardError) as caught:
        parse_graph_json(text, "g.json")
    assert caught.value.message == message
    assert str(caught.value).startswith("g.json:")


def test_json_syntax_error_has_line_and_column():
    with pytest.raises(BoardError) as caught:
        parse_graph_json('{\n  "cells": [}', "g.json")
    assert (caught.value.line, caught.value.column) == (2, 13)


@settings(max_examples=100, deadline=None)
@given(boards(max_side=6))
def test_graph_json_round_trip_keeps_the_structure(board):
    again = parse_graph_json(write_graph_json(board))
    assert again.topology == "graph"
    assert again.cells == board.cells and again.neighbours == board.neighbours
    assert (again.mines, again.opened, again.move) == (board.mines, board.opened, board.move)
    assert again.name == board.name
