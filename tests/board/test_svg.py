"""The SVG picture of a board: one element per cell with the page contract's
attributes (docs/pictures.md), checked against the board itself."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from setmine import resources
from setmine.board import Board, load_board
from setmine.board.svg import SAFE_TINT, board_svg, heat_colour

from .strategies import boards

NS = "{http://www.w3.org/2000/svg}"


def cells_of(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {g.get("data-cell"): g for g in root.iter(f"{NS}g") if g.get("data-cell")}


def parse_cell(key: str):
    r, c = key.split(",")
    return int(r), int(c)


@settings(max_examples=60, deadline=None)
@given(boards(max_side=6, topologies=("square", "torus", "hex")), st.data())
def test_every_cell_is_drawn_once_with_its_contract(board: Board, data):
    lit = data.draw(st.sets(st.sampled_from(sorted(board.cells))))
    closed = sorted(board.closed())
    heat = {c: Fraction(data.draw(st.integers(0, 7)), 7) for c in closed[: len(closed) // 2]}
    svg = board_svg(board, lit=lit, heat=heat, show_mines=True, standalone=True)
    drawn = cells_of(svg)
    assert {parse_cell(k) for k in drawn} == set(board.cells)
    assert {parse_cell(k) for k, g in drawn.items() if g.get("data-member") == "1"} == lit
    assert {parse_cell(k): Fraction(g.get("data-p")) for k, g in drawn.items() if g.get("data-p")} \
        == heat
    for key, g in drawn.items():
        cell = parse_cell(key)
        text = "".join(t.text or "" for t in g.iter(f"{NS}text"))
        if cell in board.opened:
            assert "open" in g.get("class").split()
            assert text == (str(board.number(cell)) if board.number(cell) else "")
        else:
            assert "closed" in g.get("class").split()
            assert text == ("*" if cell in board.mines else "")
        assert ("move" in g.get("class").split()) == (cell == board.move)


def test_the_move_and_an_undefined_probability_are_classes():
    board = load_board(resources.board_file("beginner-midgame"))
    svg = board_svg(board, heat={c: None for c in board.closed()})
    drawn = cells_of(f'<svg xmlns="http://www.w3.org/2000/svg">{svg[svg.index(">") + 1:]}')
    assert all("nop" in drawn[f"{r},{c}"].get("class") for r, c in board.closed())
    assert not any(g.get("data-p") for g in drawn.values())


def test_graph_boards_draw_their_edges_and_huge_boxes_are_not_drawn():
    board = load_board(resources.board_file("tiny-2x2"))
    graph = Board(rows=1, cols=40, cells=((0, 0), (0, 39)),
                  neighbours={(0, 0): frozenset({(0, 39)}), (0, 39): frozenset({(0, 0)})},
                  mines=frozenset(), opened=frozenset(), move=None, total_mines=0, topology="graph")
    svg = board_svg(graph, standalone=True)
    assert len(ET.fromstring(svg).findall(f"{NS}line")) == 1
    assert len(cells_of(svg)) == 2
    far = Board(rows=100_001, cols=2, cells=((0, 0), (100_000, 1)),
                neighbours={(0, 0): frozenset({(100_000, 1)}), (100_000, 1): frozenset({(0, 0)})},
                mines=frozenset(), opened=frozenset(), move=None, total_mines=0, topology="graph")
    svg = board_svg(far, standalone=True)
    assert cells_of(svg) == {} and "not drawn" in svg
    assert board._repr_svg_().startswith("<svg")


def test_text_is_escaped():
    board = load_board(resources.board_file("tiny-2x2"))
    svg = board_svg(board, label='<script>alert("x")</script> & co', standalone=True)
    assert "<script>" not in svg
    ET.fromstring(svg)   # well-formed


@given(st.fractions(0, 1), st.fractions(0, 1))
def test_heat_colour_is_monotone_in_red_dominance(p, q):
    def redness(colour):
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        return r - b + (255 - g)
    if 0 < p < q:
        assert redness(heat_colour(p)) <= redness(heat_colour(q))
    assert heat_colour(Fraction(0)) == SAFE_TINT            # surely safe: its own colour
    assert heat_colour(Fraction(1)) == "#c81e1e"
