"""One size convention, rows×columns, in every command that prints a board's
size; one word per topology (a square grid played with --board is a square
grid, not a graph)."""

from __future__ import annotations

import json
import re

import pytest

from setmine.cli import main

EXPERT = "spec/boards/expert-midgame.board"   # 16 rows, 30 columns


@pytest.mark.parametrize("argv", [
    ["solve", EXPERT],
    ["eval", EXPERT, "--term", "D1"],
    ["play", "--level", "expert", "--games", "1"],
    ["play", "--board", EXPERT, "--games", "1"],
])
def test_every_command_says_rows_by_columns(capsys, argv):
    assert main(argv) == 0
    out = capsys.readouterr().out
    sizes = re.findall(r"\b(\d+)×(\d+)\b", out)
    assert sizes and all(size == ("16", "30") for size in sizes), sizes


def test_a_square_board_played_with_board_is_a_square_grid(capsys):
    assert main(["play", "--board", "spec/boards/tiny-2x2.board", "--games", "1"]) == 0
    assert "2×2 square" in capsys.readouterr().out
    assert main(["play", "--board", "spec/boards/tiny-2x2.board", "--games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["topology"] == "square"
