"""Scopes: the shape lists and mine ranges `setmine verify` reads, and the
numbers of positions and deals the orbits must add up to."""

from __future__ import annotations

import json
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.board import BoardError, load_board
from setmine.board.shapes import grid_shape, iter_shapes, star
from setmine.crosscheck.positions import is_legal, positions
from setmine.verification.boards.scope import (MAX_CELLS, MineRange, ScopeError, count_deals, count_positions,
                                  label, parse_mines, parse_shapes)


def labels(text: str) -> list[str]:
    return [shape.name for shape in parse_shapes(text)]


# ----------------------------------------------------------------------------
# Shapes: good lists

@pytest.mark.parametrize("text, expected", [
    ("2x2", ["square 2×2"]),
    ("1x3", ["square 1×3"]),
    ("2×2", ["square 2×2"]),
    ("2X3", ["square 2×3"]),
    ("torus:3x3", ["torus 3×3"]),
    ("hex:2x3", ["hex 2×3"]),
    ("hex:3x2", ["hex 3×2"]),
    (" HEX : 2 x 3 ", ["hex 2×3"]),
    ("square:2x2", ["square 2×2"]),
    # sorted by cells, then topology (square, torus, hex), then rows, then as given
    ("3x3,hex:2x2,torus:2x2,2x2", ["square 2×2", "torus 2×2", "hex 2×2", "square 3×3"]),
    ("2x3,1x6", ["square 1×6", "square 2×3"]),
    ("hex:3x2,hex:2x3", ["hex 2×3", "hex 3×2"]),
    ("hex:2x3,1x6", ["square 1×6", "hex 2×3"]),
    # each shape once
    ("2x2,2x2,square:2x2,2×2", ["square 2×2"]),
    ("torus:2x2,2x2", ["square 2×2", "torus 2×2"]),  # one relation (K4), two topologies
    # every R×C with R ≤ C and 2 ≤ R·C ≤ N
    ("cells<=4", ["square 1×2", "square 1×3", "square 1×4", "square 2×2"]),
    ("cells <= 6", ["square 1×2", "square 1×3", "square 1×4", "square 2×2", "square 1×5",
                    "square 1×6", "square 2×3"]),
    ("torus:cells<=4", ["torus 1×2", "torus 1×3", "torus 1×4", "torus 2×2"]),
    ("hex:cells≤3", ["hex 1×2", "hex 1×3"]),
    ("cells<=2", ["square 1×2"]),
    ("cells<=4,2x2,1x2", ["square 1×2", "square 1×3", "square 1×4", "square 2×2"]),
    # shipped boards, by name: their cells and relation, labelled with the file
    ("tiny-2x2", ["square 2×2 (tiny-2x2.board)"]),
    ("tiny-2x2,2x2", ["square 2×2 (tiny-2x2.board)"]),
    ("2x2,tiny-2x2", ["square 2×2"]),
    ("torus-6x6", ["torus 6×6 (torus-6x6.board)"]),
    ("hex-7x7,1x2", ["square 1×2", "hex 7×7 (hex-7x7.board)"]),
    ("spec/boards/tiny-2x2.board", ["square 2×2 (tiny-2x2.board)"]),
])
def test_good_scopes(text, expected):
    assert labels(text) == expected


def test_a_shape_is_its_grid():
    for shape in parse_shapes("2x3,torus:3x3,hex:2x3,cells<=5"):
        expected = grid_shape(shape.topology, shape.rows, shape.cols)
        assert dict(shape.neighbours) == dict(expected.neighbours)
        assert shape.cells == expected.cells
        assert shape.name == label(shape)


@pytest.mark.parametrize("topology", ["square", "torus", "hex"])
def test_cells_up_to_n_is_every_board_grid(topology):
    shapes = parse_shapes(f"{topology}:cells<={MAX_CELLS}")
    expected = {(r, c) for r in range(1, MAX_CELLS + 1) for c in range(r, MAX_CELLS + 1)
                if 2 <= r * c <= MAX_CELLS}
    assert {(s.rows, s.cols) for s in shapes} == expected
    assert all(s.topology == topology for s in shapes)
    sizes = [(len(s.cells), s.rows) for s in shapes]
    assert sizes == sorted(sizes)


def test_board_files(tmp_path):
    (tmp_path / "ring.json").write_text(json.dumps({
        "name": "ring", "cells": [[0, c] for c in range(4)],
        "neighbours": [[0, 1], [1, 2], [2, 3], [3, 0]], "mines": [[0, 0]]}))
    (tmp_path / "path.json").write_text(json.dumps({
        "cells": [[0, 0], [0, 1], [0, 2]], "neighbours": [[0, 1], [1, 2]]}))
    (tmp_path / "a.mine").write_text("3x2x1\nHHH\nHHH\n")
    (tmp_path / "b.txt").write_text("x x\n2 x\n")  # needs 2 mines: found, then ignored
    (tmp_path / "c.board").write_text("topology: hex\n\n. .\n. .\n* .\n")
    shapes = parse_shapes(",".join(str(tmp_path / name) for name in
                                   ("ring.json", "path.json", "a.mine", "b.txt", "c.board")))
    assert [s.name for s in shapes] == ["graph path.json", "square 2×2 (b.txt)", "graph ring",
                                        "square 2×3 (a.mine)", "hex 3×2 (c.board)"]
    ring = shapes[2]
    assert ring.topology == "graph" and ring.neighbours[(0, 0)] == {(0, 1), (0, 3)}
    assert label(ring) == "graph ring" and label(ring, "x.json") == "graph x.json"


# ----------------------------------------------------------------------------
# Shapes: errors

@pytest.mark.parametrize("text, phrase, item, at", [
    ("", "the scope is empty", None, None),
    ("  ", "the scope is empty", None, None),
    ("2x2,", "the item is empty", 2, None),
    ("2x2,,3x3", "the item is empty", 2, None),
    (",,,", "the item is empty", 1, None),
    ("cube:2x2", "unknown topology 'cube' (expected one of: square, torus, hex", 1, 1),
    ("2x2,graph:2x2", "unknown topology 'graph'", 2, 1),
    ("2y2", "expected 'x' between the rows and the columns", 1, 2),
    ("2", "the 'x' and the number of columns are missing", 1, 2),
    ("2x", "expected the number of columns", 1, 3),
    ("torus:2xa", "expected the number of columns after 'x', got 'a'", 1, 9),
    ("2x2x", "unexpected 'x' after RxC", 1, 4),
    ("2x-2", "expected the number of columns", 1, 3),
    ("0x3", "at least one row and one column", 1, None),
    ("3x0", "at least one row and one column", 1, None),
    ("1x1", "1 cell", 1, None),
    ("torus:1x1", "no neighbour (axiom A1)", 1, None),
    ("hex:1x1", "axiom A1", 1, None),
    ("9x9", "too large: 81 cells", 1, None),
    ("1x65", "MAX_CELLS = 64", 1, None),
    ("99999999999999999999x2", "too large", 1, None),
    ("2x" + "9" * 500, "a number of 500 digits", 1, None),
    ("cells<=1", "from 2 to MAX_CELLS = 64", 1, 8),
    ("cells<=0", "from 2 to", 1, 8),
    ("cells<=65", "from 2 to", 1, 8),
    ("torus:cells<=99999999999999999999999", "from 2 to", 1, 14),
    ("cells<=", "expected a number of cells after 'cells<=', got nothing", 1, 8),
    ("cells<=4x", "got 'x'", 1, 9),
    ("nope.board", "cannot read board file", 1, None),
    ("beginner-start", "too large: 81 cells", 1, None),
    ("2x2,expert-midgame", "too large", 2, None),
    ("foo", "expected [TOPOLOGY:]RxC", 1, None),
    ("torus:", "expected [TOPOLOGY:]RxC", 1, None),
    ("2x2\0", "control character U+0000 (NUL)", 1, 4),
    ("2x2,\x1b[31m", "U+001B", 2, 1),
])
def test_bad_scopes(text, phrase, item, at):
    with pytest.raises(ScopeError) as caught:
        parse_shapes(text)
    error = caught.value
    assert phrase in str(error)
    assert (error.item, error.at) == (item, at)
    if item is not None:
        assert str(error).startswith(f"scope item {item} ")
    if at is not None:
        assert f", character {at}:" in str(error)


def test_a_bad_board_file_says_why(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"cells": [[0, 0], [0, 1], [0, 2]], "neighbours": [[0, 1]]}))
    with pytest.raises(ScopeError, match=r"cell 0,2 has no neighbour \(axiom A1\)"):
        parse_shapes(f"2x2,{path}")


def test_a_txt_board_that_no_number_of_mines_fits_says_why_for_none(tmp_path):
    path = tmp_path / "wrong.txt"
    path.write_text("1 x x\n. x x\n")  # the 0 makes the 1 impossible
    with pytest.raises(BoardError) as first:
        load_board(path, mines=0)
    with pytest.raises(ScopeError) as caught:
        parse_shapes(str(path))
    assert str(caught.value).endswith(f": {first.value}")


def test_a_long_scope_is_refused_whole():
    with pytest.raises(ScopeError, match="characters long, more than any list of shapes needs"):
        parse_shapes(",".join(["2x2"] * 3_000))
    assert labels(",".join(["2x2"] * 2_000)) == ["square 2×2"]


@pytest.mark.parametrize("text", [
    "\0" * 10_000_000,
    "9" * 10_000_000,
    "2x2," * 2_500_000,
    "9" * 9_000 + "x2",
    "cells<=" + "9" * 9_000,
    "torus:" + "x" * 9_000,
    "2x2," * 2_400 + "1x1",
    ",".join(["cells<=64", "cells <=64", "square:cells<=64", "cells<=064"] * 250)[:9_990] + ",0x0",
    "a" * 300 + ".board",
    "é" * 5_000,
])
def test_hostile_scopes_are_refused(text):
    with pytest.raises(ScopeError):
        parse_shapes(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_shapes_or_a_scope_error(text):
    try:
        shapes = parse_shapes(text)
    except ScopeError as error:
        assert str(error)
    else:
        assert shapes and all(2 <= len(s.cells) <= MAX_CELLS for s in shapes)


# ----------------------------------------------------------------------------
# Mine counts

@pytest.mark.parametrize("text, expected, counts_on_5", [
    (None, MineRange(0, None), [0, 1, 2, 3, 4]),
    ("3", MineRange(3, 3), [3]),
    (" 3 ", MineRange(3, 3), [3]),
    ("1..3", MineRange(1, 3), [1, 2, 3]),
    ("2..", MineRange(2, None), [2, 3, 4]),
    ("..2", MineRange(0, 2), [0, 1, 2]),
    ("3..9", MineRange(3, 9), [3, 4]),
    ("7", MineRange(7, 7), []),
    ("0", MineRange(0, 0), [0]),
])
def test_mine_ranges(text, expected, counts_on_5):
    mines = parse_mines(text)
    assert mines == expected
    assert list(mines.counts(5)) == counts_on_5


@pytest.mark.parametrize("text, phrase", [
    ("3..1", "the range is empty (3 is more than 1)"),
    ("-1", "non-negative integers"),
    ("x", "non-negative integers"),
    ("", "non-negative integers"),
    ("..", "non-negative integers"),
    ("1...3", "non-negative integers"),
    ("64", "at most 63 mines"),
    ("1..99999999999999999999", "is too many"),
    ("9" * 10_000, "non-negative integers"),
    ("1\0", "non-negative integers"),
])
def test_bad_mine_ranges(text, phrase):
    with pytest.raises(ScopeError, match=phrase.replace("(", r"\(").replace(")", r"\)")):
        parse_mines(text)


# ----------------------------------------------------------------------------
# Counts

@pytest.mark.parametrize("cells, count", [(2, 8), (4, 184), (9, 115_794), (12, 4_226_952)])
def test_count_positions(cells, count):
    assert count_positions(cells, range(cells)) == count


@pytest.mark.parametrize("shape", [s for s in iter_shapes(6)] + [grid_shape("hex", 3, 2), star(7)],
                         ids=str)
def test_count_positions_is_the_number_of_legal_positions(shape):
    n = len(shape.cells)
    by_mines = [0] * n
    for board in positions(shape, moves="all"):
        assert is_legal(board)
        by_mines[len(board.mines)] += 1
    assert count_positions(n, range(n)) == sum(by_mines)
    for k in range(n):
        assert count_positions(n, [k]) == by_mines[k]
    assert count_positions(n, [n, n + 1]) == 0


def test_count_deals():
    assert count_deals(4, range(4)) == 15
    assert count_deals(9, [2]) == 36
    assert count_deals(5, MineRange(1, 2).counts(5)) == comb(5, 1) + comb(5, 2)
