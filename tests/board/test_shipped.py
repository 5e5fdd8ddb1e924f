"""The example boards in spec/boards/ and the examples in docs/board-format.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from setmine.board import load_board, parse_board, parse_graph_json, parse_mine, parse_minesweepr, write_board

from . import make_boards

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "spec" / "boards"
SHIPPED = sorted(BOARDS.glob("*.board"))


def test_the_expected_boards_are_shipped():
    names = {path.name for path in SHIPPED}
    assert {"beginner-midgame.board", "beginner-start.board", "beginner-one-open.board",
            "expert-midgame.board", "tiny-2x2.board"} <= names
    assert any(load_board(p).topology == "torus" for p in SHIPPED)
    assert any(load_board(p).topology == "hex" for p in SHIPPED)
    assert any(p.name.startswith("view-") and load_board(p).completed for p in SHIPPED)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_every_shipped_board_loads_and_round_trips(path):
    board = load_board(path)
    assert parse_board(write_board(board)) == board
    assert board.name


def test_shipped_boards_are_what_the_generator_makes():
    made = make_boards.boards()
    assert sorted(made) == [p.name for p in SHIPPED]
    for path in SHIPPED:
        assert path.read_text(encoding="utf-8") == made[path.name], path.name


def test_beginner_boards():
    start = load_board(BOARDS / "beginner-start.board")
    assert (start.rows, start.cols, start.total_mines) == (9, 9, 10) and not start.opened
    one = load_board(BOARDS / "beginner-one-open.board")
    assert (one.rows, one.cols, one.total_mines, len(one.opened)) == (9, 9, 10, 1)
    mid = load_board(BOARDS / "beginner-midgame.board")
    assert (mid.rows, mid.cols, mid.total_mines) == (9, 9, 10)
    assert mid.move is not None and mid.move not in mid.mines and mid.move not in mid.opened
    assert make_boards.open_regions(mid) >= 2


def test_expert_midgame():
    board = load_board(BOARDS / "expert-midgame.board")
    assert (board.rows, board.cols, board.total_mines) == (16, 30, 99)
    assert board.move is not None and board.move in board.closed() - board.mines
    assert 100 < len(board.opened) < 381
    assert make_boards.open_regions(board) >= 2


def test_views_match_their_boards():
    for name in ("beginner-midgame", "expert-midgame"):
        view = load_board(BOARDS / f"view-{name}.board")
        truth = load_board(BOARDS / f"{name}.board")
        assert view.completed and view.shown() == truth.shown() and view.move == truth.move
        assert view.known_mines() <= truth.mines
        assert view.unknown | view.known_mines() == truth.closed()


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    return re.findall(r"```(\w*)\n(.*?)```", text, flags=re.S)


def test_documentation_examples_parse():
    blocks = fenced_blocks((ROOT / "docs" / "board-format.md").read_text(encoding="utf-8"))
    hex_board = next(b for _, b in blocks if "topology: hex" in b)
    assert parse_board("\n".join(line.strip() for line in hex_board.splitlines())).topology == "hex"
    view = next(b for _, b in blocks if b.startswith("name: a view"))
    assert parse_board(view).completed
    ring = next(b for kind, b in blocks if kind == "json")
    assert parse_graph_json(ring).name == json.loads(ring)["name"]
    mine = next(b for _, b in blocks if b.startswith("4x3x2"))
    assert parse_mine(mine).total_mines == 2
    ascii_view = next(b for _, b in blocks if b.startswith("..1x"))
    assert parse_minesweepr(ascii_view, mines=2).completed
    first = next(b for _, b in blocks if b.startswith("# Beginner"))
    stripped = "\n".join(line.split("<-")[0].rstrip() for line in first.splitlines())
    assert parse_board(stripped) == load_board(BOARDS / "beginner-midgame.board")
