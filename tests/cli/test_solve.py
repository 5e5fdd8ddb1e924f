"""`setmine solve`: the JSON contract, exact values on hand-checked boards,
every board format, and clear errors."""

import json
import re
from pathlib import Path

import pytest

from setmine.cli import main

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "spec" / "boards"
CELL = re.compile(r"^\d+,\d+$")
FRACTION = re.compile(r"^(0|1|[1-9]\d*/[1-9]\d*)$")


def solve_json(capsys, path, *extra):
    code = main(["solve", str(path), "--json", *extra])
    out = capsys.readouterr().out
    assert code == 0
    return json.loads(out)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def row_major(cells):
    return sorted(cells, key=lambda s: tuple(map(int, s.split(","))))


def check_shape(out):
    assert set(out) == {"total", "safe", "mines", "probabilities", "least_likely"}
    assert isinstance(out["total"], str) and out["total"].isdigit() and int(out["total"]) > 0
    for key in ("safe", "mines", "least_likely"):
        assert all(CELL.match(c) for c in out[key])
        assert out[key] == row_major(out[key])
    assert list(out["probabilities"]) == row_major(out["probabilities"])
    assert all(FRACTION.match(p) for p in out["probabilities"].values())
    assert out["safe"] == [c for c, p in out["probabilities"].items() if p == "0"]
    assert out["mines"] == [c for c, p in out["probabilities"].items() if p == "1"]


# ---------------------------------------------------------------------------
# Hand-checked values


def test_a_fifty_fifty(capsys, tmp_path):
    out = solve_json(capsys, write(tmp_path, "ff.board", "mines: 1\n? ?\n1 1\n"))
    assert out == {"total": "2", "safe": [], "mines": [],
                   "probabilities": {"0,0": "1/2", "0,1": "1/2"}, "least_likely": ["0,0", "0,1"]}


def test_one_two_one(capsys, tmp_path):
    out = solve_json(capsys, write(tmp_path, "121.board", "mines: 2\n? ? ?\n1 2 1\n"))
    assert out == {"total": "1", "safe": ["0,1"], "mines": ["0,0", "0,2"],
                   "probabilities": {"0,0": "1", "0,1": "0", "0,2": "1"}, "least_likely": ["0,1"]}


def test_a_frontier_and_an_interior(capsys, tmp_path):
    # the 1 at 1,1 sees 8 cells holding one mine; the 6 cells of columns 3-4
    # hold the other two: 8 * C(6,2) = 120 placements; a frontier cell has a
    # mine in 15 of them (1/8), an interior cell in 8 * C(5,1) = 40 (1/3)
    out = solve_json(capsys, write(tmp_path, "fi.board",
                                   "mines: 3\n? ? ? ? ?\n? 1 ? ? ?\n? ? ? ? ?\n"))
    check_shape(out)
    frontier = ["0,0", "0,1", "0,2", "1,0", "1,2", "2,0", "2,1", "2,2"]
    interior = ["0,3", "0,4", "1,3", "1,4", "2,3", "2,4"]
    assert out["total"] == "120"
    assert all(out["probabilities"][c] == "1/8" for c in frontier)
    assert all(out["probabilities"][c] == "1/3" for c in interior)
    assert out["least_likely"] == frontier and out["safe"] == [] and out["mines"] == []


def test_flags_and_known_safe_cells_of_a_view(capsys, tmp_path):
    # the player flagged 0,0 and knows 0,3 is empty: the 1s at 1,0 and 1,1
    # see the flag, so 0,1 and 0,2 are safe; the other mine is at 1,3 or 0,4 ...
    out = solve_json(capsys, write(tmp_path, "v.board", "mines: 2\n* ? ? . ?\n1 1 1 ? ?\n"))
    check_shape(out)
    assert out["probabilities"]["0,0"] == "1" and "0,0" in out["mines"]
    assert out["probabilities"]["0,3"] == "0"
    assert out["probabilities"]["0,1"] == "0"


def test_a_won_position_has_no_best_move(capsys, tmp_path):
    out = solve_json(capsys, write(tmp_path, "w.board", "mines: 1\n1 ?\n1 1\n"))
    assert out == {"total": "1", "safe": [], "mines": ["0,1"], "probabilities": {"0,1": "1"},
                   "least_likely": []}


# ---------------------------------------------------------------------------
# Full boards and views; every format


def test_a_full_board_uses_only_what_a_player_sees(capsys, tmp_path):
    full = solve_json(capsys, BOARDS / "beginner-midgame.board")
    view = solve_json(capsys, BOARDS / "view-beginner-midgame.board")
    check_shape(full)
    assert full["total"] == "3"
    assert full == view
    # where the hidden mines are does not matter, only the numbers shown
    a = solve_json(capsys, write(tmp_path, "a.board", "mines: 1\n0 1 .\n0 1 *\n"))
    b = solve_json(capsys, write(tmp_path, "b.board", "mines: 1\n0 1 *\n0 1 .\n"))
    assert a == b == {"total": "2", "safe": [], "mines": [],
                      "probabilities": {"0,2": "1/2", "1,2": "1/2"}, "least_likely": ["0,2", "1,2"]}


@pytest.mark.parametrize("board", sorted(p.name for p in BOARDS.glob("*.board")))
def test_every_shipped_board(capsys, board):
    check_shape(solve_json(capsys, BOARDS / board))


def test_mine_and_minesweepr_formats(capsys, tmp_path):
    mine = solve_json(capsys, write(tmp_path, "p.mine", "3x2x2\nHHH\n121\n"))
    assert mine == {"total": "1", "safe": ["0,1"], "mines": ["0,0", "0,2"],
                    "probabilities": {"0,0": "1", "0,1": "0", "0,2": "1"}, "least_likely": ["0,1"]}
    txt = write(tmp_path, "p.txt", "xxx\n121\n")
    assert solve_json(capsys, txt, "--mines", "2") == mine
    graph = write(tmp_path, "g.json", json.dumps({
        "cells": [[0, 0], [0, 1], [0, 2], [0, 3]],
        "neighbours": [[0, 1], [1, 2], [2, 3], [3, 0]],
        "opened": [[0, 0]], "shown": {"0,0": 1}, "unknown": [[0, 1], [0, 2], [0, 3]],
        "total_mines": 1}))
    out = solve_json(capsys, graph)
    assert out["probabilities"] == {"0,1": "1/2", "0,2": "0", "0,3": "1/2"}


def test_text_output(capsys):
    assert main(["solve", str(BOARDS / "beginner-midgame.board")]) == 0
    out = capsys.readouterr().out
    assert "consistent placements: 3" in out
    assert "sure safe (25)" in out and "sure mines (9)" in out
    assert "1/3 ≈ 0.3333" in out
    assert "0  1 1 0 0 0 0 1 o o" in out          # the drawing, safe cells marked


def test_text_output_of_a_large_count(capsys):
    assert main(["solve", str(BOARDS / "view-expert-midgame.board")]) == 0
    out = capsys.readouterr().out
    assert "consistent placements: 5.867276…×10^44 (45 digits; exact: --json)" in out


# ---------------------------------------------------------------------------
# Errors: exit 2, a message naming the file, line or cell, no traceback


def error_of(capsys, *argv):
    code = main(["solve", *argv])
    err = capsys.readouterr().err
    assert code == 2
    assert "Traceback" not in err
    return err


def test_missing_file(capsys, tmp_path):
    err = error_of(capsys, str(tmp_path / "nope.board"))
    assert "nope.board" in err and "cannot read" in err


def test_malformed_board(capsys, tmp_path):
    err = error_of(capsys, str(write(tmp_path, "bad.board", "mines: 1\n1 x\n1 1\n")))
    assert "bad.board:2:3" in err and "unknown symbol" in err


def test_inconsistent_numbers(capsys, tmp_path):
    err = error_of(capsys, str(write(tmp_path, "inc.board", "mines: 1\n? ? ?\n2 0 ?\n")))
    assert "inc.board" in err and "no placement" in err
    err = error_of(capsys, str(write(tmp_path, "inc.mine", "3x2x1\nHHH\n1H3\n")))
    assert "inc.mine" in err


def test_minesweepr_needs_the_mine_count(capsys, tmp_path):
    err = error_of(capsys, str(write(tmp_path, "p.txt", "xxx\n121\n")))
    assert "mines" in err


def test_unknown_suffix(capsys, tmp_path):
    err = error_of(capsys, str(write(tmp_path, "p.csv", "1,2\n")))
    assert "unknown board file type" in err
