"""The cross-check: the corrected schema agrees with the reference on every
term — on hand-made and shipped boards, on random boards of every topology
up to 5×5 (a property test), and on every legal position of every board of
up to 8 cells (exhaustive) — and the schema as written does not."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine import resources
from setmine.board import load_board, parse_board
from setmine.crosscheck.agreement import crosscheck, render, to_json
from setmine.board.shapes import graph_shape, grid_shape
from setmine.crosscheck.positions import is_legal
from setmine.rsl.schema import Schema

SPEC = resources.SPEC_DIR
SHIPPED = sorted((SPEC / "boards").glob("*.board"))


@lru_cache(maxsize=None)
def schema(name: str) -> Schema:
    return Schema.load(SPEC / name)


def corrected() -> Schema:
    return schema("saper-corrected.rsl")


def literal() -> Schema:
    return schema("saper.rsl")


def failures(report) -> list:
    return [(r.alias, r.status, r.message or (r.comparison and r.comparison.difference))
            for r in report.failures()]


def test_the_corrected_schema_agrees_on_a_tiny_board():
    board = parse_board("mines: 1\nmove: 1,1\n\n1 .\n* .\n")
    report = crosscheck(corrected(), board)
    assert report.ok, failures(report)
    assert {r.status for r in report.rows} == {"agree"}
    assert len(report.rows) == 27


def test_the_literal_schema_disagrees_where_expected():
    board = load_board(SPEC / "boards" / "torus-6x6.board")
    report = crosscheck(literal(), board)
    bad = {r.alias for r in report.failures()}
    assert bad == {f"D{i}" for i in range(2, 19)}
    d2 = report.row("D2").comparison
    assert d2.side == "schema" and d2.element == ((0, 0), frozenset())
    assert "cardinality 9216, reference 36" in d2.difference
    d15 = report.row("D15").comparison
    assert d15.side == "reference" and "cardinality 0, reference 2" in d15.difference
    text = "\n".join(render(report))
    assert "D17  disagree" in text and "first difference" in text
    data = to_json(report)
    assert data["ok"] is False and data["rows"][0]["alias"] == "A1"


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_boards(path):
    """Every term agrees on every shipped board; on the one that is not a
    legal position (no move) the terms that need the move are skipped."""
    board = load_board(path)
    report = crosscheck(corrected(), board)
    assert report.ok, failures(report)
    skipped = {r.alias for r in report.rows if r.status == "skipped"}
    assert skipped == (set() if is_legal(board) else {"A6", "D21"})


# ----------------------------------------------------------------------------
# Random boards of every topology, up to 5×5

@st.composite
def legal_positions(draw):
    """A legal position: a grid (square, torus, hex) or a connected graph of
    at most 5×5 cells; random mines and open cells with a closed safe cell
    left; the move on any closed cell."""
    topology = draw(st.sampled_from(["square", "torus", "hex", "graph"]))
    rows = draw(st.integers(1, 5))
    cols = draw(st.integers(2 if rows == 1 else 1, 5))
    if topology == "graph":
        n = rows * cols
        tree = [(draw(st.integers(0, i - 1)), i) for i in range(1, n)]
        extra = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                              max_size=n))
        edges = tree + [(i, j) for i, j in extra if i != j]
        shape = graph_shape("graph", [(0, c) for c in range(n)], edges)
    else:
        shape = grid_shape(topology, rows, cols)
    cells = list(shape.cells)
    keep = draw(st.sampled_from(cells))
    others = [c for c in cells if c != keep]
    mines = draw(st.sets(st.sampled_from(others))) if others else set()
    safe = [c for c in others if c not in mines]
    opened = draw(st.sets(st.sampled_from(safe))) if safe else set()
    closed = [c for c in cells if c not in opened]
    move = draw(st.sampled_from(closed))
    return shape.board(mines, opened, move)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_positions())
def test_property_the_corrected_schema_agrees(board):
    assert is_legal(board)
    report = crosscheck(corrected(), board)
    assert report.ok, failures(report)


# Every legal position of every board of up to 8 cells, every move: `setmine
# verify --property crosscheck` (tests/verification/test_verify.py)


# -- D16/D17 compared cell by cell: the family of each cell, by its size

def _families_case():
    """A position with undecided cells, the reference D16, and the schema's
    right value built from the reference families."""
    from setmine.crosscheck.reference import Facts, as_data, reference

    board = parse_board("name: five\nmines: 2\n\n0 . . * *\n")  # 2 of 3 cells: 3 placements
    facts = Facts.of(board)
    expected = reference("D16", facts)
    return facts, expected, as_data(expected)


def test_a_family_of_the_wrong_size_disagrees_and_names_the_cell():
    """The per-cell size comparison (``compare._families``) is what catches
    a family with a placement too few: the cells and the one family per
    cell are right."""
    from setmine.crosscheck.compare import compare

    facts, expected, right = _families_case()
    assert compare("D16", right, expected, facts.cells).agree
    cell, family = max(right, key=lambda pair: len(pair[1]))
    assert len(family) >= 2
    short = frozenset(family - {next(iter(family))})
    wrong = (right - {(cell, family)}) | {(cell, short)}
    verdict = compare("D16", wrong, expected, facts.cells)
    assert not verdict.agree and verdict.side == "schema"
    assert verdict.difference == (f"cell {cell[0]},{cell[1]}: the schema's family has 1 "
                                  f"placement, the reference {len(family)}")


def test_a_family_of_the_right_size_but_a_wrong_placement_disagrees():
    from setmine.crosscheck.compare import compare

    facts, expected, right = _families_case()
    cell, family = max(right, key=lambda pair: len(pair[1]))
    member = next(iter(family))
    stranger = frozenset(facts.closed - member) if facts.closed - member else frozenset()
    swapped = frozenset(family - {member}) | {stranger}
    assert len(swapped) == len(family) and stranger not in family
    wrong = (right - {(cell, family)}) | {(cell, swapped)}
    verdict = compare("D16", wrong, expected, facts.cells)
    assert not verdict.agree and "not a placement that mines it" in verdict.difference
