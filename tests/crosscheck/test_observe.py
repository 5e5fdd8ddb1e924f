"""Observability: the schema as written lets the move depend on the hidden
mines (D4, D6 and what inherits from them); the corrected schema does not,
and the referee's terms D20/D21 read the mines outside the move's closure."""

from __future__ import annotations

from functools import lru_cache

from setmine import resources
from setmine.board import load_board, parse_board
from setmine.crosscheck.observability import move_closure, observe, render, to_json
from setmine.rsl.schema import Schema

SPEC = resources.SPEC_DIR
MIDGAME = SPEC / "boards" / "beginner-midgame.board"


@lru_cache(maxsize=None)
def schema(name: str) -> Schema:
    return Schema.load(SPEC / name)


def test_the_literal_schema_uses_hidden_information():
    obs = observe(schema("saper.rsl"), load_board(MIDGAME))
    assert obs.exact and len(obs.placements) == 3
    changing = set(obs.changing())
    assert {"D4", "D6"} <= changing
    assert "D8" in changing  # the literal D8: the mines next to open cells
    assert {"D4", "D6", "D8"} <= set(obs.hidden_in_move_closure())
    rows = {r.alias: r for r in obs.rows}
    assert rows["D4"].source == "reads the mines (S2) itself"
    assert rows["D6"].roots == ["D4"] and rows["D8"].roots == ["D4"]
    assert rows["D4"].element is not None and rows["D4"].pair == (0, 1)


def test_the_corrected_move_uses_no_hidden_information():
    board = load_board(MIDGAME)
    obs = observe(schema("saper-corrected.rsl"), board)
    closure = move_closure(schema("saper-corrected.rsl"))
    assert {"D18", "D17", "D15", "D8", "D11", "D5"} <= closure
    assert not {"D4", "D6", "D20", "D21"} & closure
    assert obs.hidden_in_move_closure() == []
    assert set(obs.changing()) == {"D4", "D6"}
    text = "\n".join(render(obs))
    assert "none uses hidden information" in text
    data = to_json(obs)
    assert data["hidden_in_move_closure"] == [] and len(data["placements"]) == 3


def test_the_referee_terms_read_the_mines_outside_the_closure():
    # a 1 between two closed cells, the move on one of them: in one
    # placement the move is a mine (D21 ≠ ∅), in the other the game is won
    board = parse_board("mines: 1\nmove: 0,2\n\n* 1 .\n")
    obs = observe(schema("saper-corrected.rsl"), board)
    rows = {r.alias: r for r in obs.rows}
    assert rows["D21"].changes and rows["D20"].changes
    assert not rows["D21"].in_move_closure and not rows["D20"].in_move_closure
    assert rows["D21"].source == "reads the mines (S2) itself"
    assert obs.hidden_in_move_closure() == []


def test_one_placement_changes_nothing():
    board = parse_board("mines: 1\nmove: 0,1\n\n0 . *\n")
    obs = observe(schema("saper.rsl"), board)
    assert len(obs.placements) == 1 and obs.changing() == []
    assert "only one placement" in "\n".join(render(obs))
