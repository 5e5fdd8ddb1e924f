"""`setmine eval` and `setmine check` on the shipped boards: the JSON
contract, the values on hand-checked boards, and clear errors."""

import json
from pathlib import Path

import pytest

from setmine.cli import main

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "spec" / "boards"
SAPER = ROOT / "spec" / "saper.rsl"
ALL_TERMS = [f"D{i}" for i in range(1, 22)]
ALL_AXIOMS = [f"A{i}" for i in range(1, 7)]


def run_json(capsys, *args):
    code = main(["eval", *args, "--spec", str(SAPER), "--json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("board", sorted(p.name for p in BOARDS.glob("*.board")))
def test_every_shipped_board_evaluates_every_constituent(capsys, board):
    code, out = run_json(capsys, str(BOARDS / board))
    assert set(out["terms"]) | set(out.get("errors", {})) >= set(ALL_TERMS)
    assert set(out["axioms"]) == set(ALL_AXIOMS)
    assert {"rows", "cols", "mines"} <= set(out["board"])
    for alias, term in out["terms"].items():
        assert {"type", "value", "method"} <= set(term)
        if term["type"].startswith("ℬ"):
            assert isinstance(term["card"], str) and term["value"]["card"] == term["card"]


def test_json_contract_on_a_hand_checked_board(capsys, tmp_path):
    board = tmp_path / "small.board"
    board.write_text("mines: 1\nmove: 0,2\n1 1 .\n* 1 .\n", encoding="utf-8")
    code, out = run_json(capsys, str(board))
    assert code == 0
    assert out["board"] == {"rows": 2, "cols": 3, "mines": 1, "topology": "square", "open": 3,
                            "move": "0,2"}
    terms = out["terms"]
    assert terms["D1"] == {**terms["D1"], "type": "ℬ(X1)", "card": "3",
                           "value": {"card": "3", "elements": ["0,2", "1,0", "1,2"],
                                     "complete": True}}
    assert terms["D8"]["value"]["elements"] == ["1,0"]            # a mine next to open cells
    assert terms["D19"]["value"]["elements"] == ["0,0", "0,1", "0,2", "1,1"]
    pair = terms["D6"]["value"]["elements"][1]
    assert pair == ["0,0", {"card": "1", "elements": ["1,0"], "complete": True}]  # an array
    assert out["axioms"] == {a: True for a in ALL_AXIOMS}


def test_large_sets_are_exact_cardinals_with_their_first_elements(capsys):
    code, out = run_json(capsys, str(BOARDS / "beginner-start.board"), "--term", "D15",
                         "--term", "D16", "--list", "3")
    d15 = out["terms"]["D15"]
    assert d15["card"] == "1878392407320" == str(__import__("math").comb(81, 10))
    assert len(d15["value"]["elements"]) == 3 and d15["value"]["complete"] is False
    assert out["terms"]["D16"]["card"] == "81·2^231900297200"  # Σₓ 2^C(80,9)


def test_list_controls_the_listing(capsys):
    code, out = run_json(capsys, str(BOARDS / "beginner-midgame.board"), "--term", "D1",
                         "--list", "5")
    assert len(out["terms"]["D1"]["value"]["elements"]) == 5
    assert out["terms"]["D1"]["value"]["complete"] is False
    code, out = run_json(capsys, str(BOARDS / "beginner-midgame.board"), "--term", "D1")
    assert len(out["terms"]["D1"]["value"]["elements"]) == 37


def test_terminal_output_draws_sets_of_cells_and_names_the_method(capsys):
    assert main(["eval", str(BOARDS / "beginner-midgame.board"), "--term", "D8"]) == 0
    out = capsys.readouterr().out
    assert "D8" in out and "card 10" in out and "■" in out and "ms" in out


def test_a_players_view_is_completed_and_says_so(capsys):
    code, out = run_json(capsys, str(BOARDS / "view-beginner-midgame.board"), "--term", "D1")
    assert "player's view" in out["note"]


@pytest.mark.parametrize("text, where", [
    ("1 2\n3\n", "2:"),                # ragged rows
    ("1 x\n. .\n", "1:3"),            # unknown symbol
    ("2 .\n. .\n", "cell 0,0"),       # a number that disagrees with its mines
])
def test_malformed_boards_are_clear_errors(tmp_path, capsys, text, where):
    board = tmp_path / "bad.board"
    board.write_text(text, encoding="utf-8")
    assert main(["eval", str(board), "--spec", str(SAPER)]) == 2
    err = capsys.readouterr().err
    assert where in err and "Traceback" not in err


def test_an_evaluation_over_budget_names_the_sub_term_and_its_size(tmp_path, capsys):
    spec = tmp_path / "heavy.rsl"
    spec.write_text("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\nS4 ::= ℬ(X1)\n"
                    "D1 :== {b ∈ ℬ(X1) | card(b ∩ S2) = 1 ∨ b = S3}\nD2 :== card(D1)\n",
                    encoding="utf-8")
    code = main(["eval", str(BOARDS / "beginner-midgame.board"), "--spec", str(spec),
                 "--json", "--max-candidates", "5000"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    error = out["errors"]["D1"]
    assert error["code"] == "setOverflow"
    assert "D{b∈ℬ(X1) | " in error["message"] and "5,000" in error["message"]
    assert "2417851639229258349412352" in error["message"]      # |ℬ(X1)| = 2^81
    assert "D1" in out["errors"]["D2"]["message"]


def test_check_prints_verdicts_and_counterexamples(tmp_path, capsys):
    spec = tmp_path / "bad-axiom.rsl"
    spec.write_text(SAPER.read_text(encoding="utf-8")
                    + "\nA7 :== ∀a ∈ X₁ a ∈ S₃\n  gloss: every cell is open (false)\n",
                    encoding="utf-8")
    code = main(["check", str(BOARDS / "beginner-midgame.board"), "--spec", str(spec)])
    out = capsys.readouterr().out
    assert code == 1
    assert "A1 = true" in out and "A7 = false" in out
    assert "counterexample a = 0,7" in out


def test_check_shows_a_witness_for_a_true_exists(tmp_path, capsys):
    spec = tmp_path / "exists.rsl"
    spec.write_text("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\nS4 ::= ℬ(X1)\n"
                    "A1 :== ∃a ∈ S₂ (a, a) ∉ S₁\n", encoding="utf-8")
    assert main(["check", str(BOARDS / "beginner-midgame.board"), "--spec", str(spec)]) == 0
    assert "witness a = 1,0" in capsys.readouterr().out


def test_one_open_zero_counts_placements_by_closed_form(capsys, tmp_path):
    """One open 0 (no cascade): D11 is its 8 neighbours; D15 is every
    10-subset of the other 72 cells, counted, not listed."""
    board = tmp_path / "zero.board"
    rows = ["." * 9] * 4 + ["....0...."] + ["." * 9] + ["..*****.."] + [".*****..."] + ["." * 9]
    board.write_text("mines: 10\nmove: 8,8\n" + "\n".join(rows) + "\n", encoding="utf-8")
    code, out = run_json(capsys, str(board), "--term", "D11", "--term", "D15", "--term", "D16", "--term", "D18")
    terms = out["terms"]
    assert terms["D11"]["card"] == "8"
    assert terms["D15"]["card"] == str(__import__("math").comb(72, 10))
    assert terms["D15"]["method"] == "narrowed, closed form"
    assert terms["D16"]["card"] == f"72·2^{__import__('math').comb(71, 9)}"
    assert terms["D18"]["card"] == "80"


def test_a_join_a_group_by_and_a_count_per_family_are_narrowing(capsys):
    """D2 (a group-by), D3 (a join) and D8 (the elements common to a
    counted family) are computed by the planner's rules, and say so."""
    code = main(["eval", str(BOARDS / "beginner-midgame.board"), "--spec",
                 str(ROOT / "spec" / "saper-corrected.rsl"), "--term", "D2", "--term", "D3", "--term", "D8", "--json"])
    terms = json.loads(capsys.readouterr().out)["terms"]
    assert code == 0
    assert {alias: term["method"] for alias, term in terms.items()} == \
        {"D2": "narrowed, closed form", "D3": "narrowed, closed form", "D8": "narrowed"}
