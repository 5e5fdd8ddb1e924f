"""Issue 11, output: every command prints every value (or its exact size)
without a traceback, says when the schema is the broken one, answers the
teaching question, and writes one JSON encoding of values."""

import json
from pathlib import Path

import pytest

from setmine.cli import main

ROOT = Path(__file__).resolve().parents[2]
BOARDS = sorted((ROOT / "spec" / "boards").glob("*.board"))
WRITTEN = str(ROOT / "spec" / "saper.rsl")
CORRECTED = str(ROOT / "spec" / "saper-corrected.rsl")
MIDGAME = str(ROOT / "spec" / "boards" / "beginner-midgame.board")
START = str(ROOT / "spec" / "boards" / "beginner-start.board")


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


# -- A1: every shipped board × both schemas, eval and check, text and JSON ----

FAST = ["beginner-midgame", "beginner-one-open", "tiny-2x2", "hex-7x7", "torus-6x6",
        "view-beginner-midgame"]


@pytest.mark.parametrize("spec", [WRITTEN, CORRECTED], ids=["written", "corrected"])
@pytest.mark.parametrize("board", [pytest.param(b, id=b.stem, marks=() if b.stem in FAST
                                                else pytest.mark.slow) for b in BOARDS])
@pytest.mark.parametrize("command", ["eval", "check"])
@pytest.mark.parametrize("json_mode", [False, True], ids=["text", "json"])
def test_every_shipped_board_prints_without_a_traceback(capsys, spec, board, command, json_mode):
    code, out, err = run(capsys, command, board, "--spec", spec, *(["--json"] if json_mode else []))
    assert code in (0, 1), err
    if json_mode:
        assert json.loads(out)["schema"] in ("spec/saper.rsl", "spec/saper-corrected.rsl")
    else:
        assert out.startswith("schema: spec/")


def test_a_value_too_large_to_list_prints_its_exact_size_and_first_members(capsys):
    code, out, _ = run(capsys, "eval", START, "--term", "D16", "--term", "D15", "--list", "2")
    assert "81·2^231900297200" in out                  # D16's exact cardinality
    assert "1878392407320 members, the first 2:" in out  # D15 = C(81,10), two listed


def test_list_lists_more_in_text(capsys):
    _, out, _ = run(capsys, "eval", MIDGAME, "--term", "D1")
    assert "(37 in all)" in out                          # 12 listed by default
    _, out, _ = run(capsys, "eval", MIDGAME, "--term", "D1", "--list", "40")
    assert "in all" not in out and "8,8}" in out         # all 37


# -- B1: the schema's defects, by formula ----------------------------------

def test_the_written_schema_is_marked_and_summarised(capsys):
    _, out, _ = run(capsys, "eval", MIDGAME, "--term", "D15", "--term", "D1")
    assert "schema: spec/saper.rsl" in out
    assert "18 constituents of this schema differ from their conventions" in out
    assert "docs/schema/D15.md" in out and "docs/schema/D1.md" not in out


def test_the_corrected_schema_has_no_marks(capsys):
    _, out, _ = run(capsys, "eval", MIDGAME, "--spec", CORRECTED, "--term", "D15")
    assert "⚠" not in out and "schema: spec/saper-corrected.rsl" in out
    _, out, _ = run(capsys, "eval", MIDGAME, "--spec", CORRECTED, "--json", "--term", "D18")
    assert json.loads(out)["defects"] == {}


def test_a_renamed_copy_with_the_broken_formula_is_marked(capsys, tmp_path):
    copy = tmp_path / "mine.rsl"
    copy.write_text(Path(WRITTEN).read_text(encoding="utf-8"), encoding="utf-8")
    _, out, _ = run(capsys, "eval", MIDGAME, "--spec", copy, "--json", "--term", "D18")
    data = json.loads(out)
    assert data["schema"] == str(copy)
    assert data["defects"]["D18"][0]["inherited_from"] == ["D2", "D11", "D14"]


def test_check_says_a6_is_meaningless_on_the_written_schema(capsys):
    _, out, _ = run(capsys, "check", MIDGAME)
    a6 = out[out.index("A6 = true"):]
    assert "meaningless on this schema: it reads D18" in a6.splitlines()[1]
    _, out, _ = run(capsys, "check", MIDGAME, "--spec", CORRECTED)
    assert "meaningless" not in out


# -- B3: explain a candidate --------------------------------------------------

def test_explain_a_set_candidate_shows_the_rejecting_sub_formula(capsys):
    code, out, _ = run(capsys, "explain", MIDGAME, "D15", "{8,4}")
    assert code == 0
    assert "{8,4} ∈ D15: no" in out and "card(b)=card(S2)-card(D8): false" in out


def test_explain_a_pair_candidate(capsys):
    code, out, _ = run(capsys, "explain", MIDGAME, "D2", "(0,1, {0,2})")
    assert code == 0 and "(0,1, {0,2}) ∈ D2: yes" in out


def test_explain_a_candidate_of_the_wrong_type_names_the_type(capsys):
    code, _, err = run(capsys, "explain", MIDGAME, "D2", "{0,2}")
    assert code == 2 and "not an element of X1×ℬ(X1)" in err


def test_explain_why_an_empty_term_is_empty(capsys):
    _, out, _ = run(capsys, "explain", MIDGAME, "D15")
    assert "D15 is empty: none of the" in out and "∅ ∈ D15: no" in out or "{} ∈ D15: no" in out


def test_explain_json_has_the_chain(capsys):
    _, out, _ = run(capsys, "explain", MIDGAME, "D15", "{8,4}", "--json")
    data = json.loads(out)
    assert data["member"] is False and data["candidate"]["elements"] == ["8,4"]
    assert data["chain"]["verdict"] == "no"


# -- B4: one JSON encoding ---------------------------------------------------

def test_sets_are_whole_values_with_an_explicit_complete_flag(capsys):
    _, out, _ = run(capsys, "eval", START, "--json", "--term", "D15", "--list", "2")
    d15 = json.loads(out)["terms"]["D15"]["value"]
    assert d15["card"] == "1878392407320" and len(d15["elements"]) == 2
    assert d15["complete"] is False and all(e["card"] == "10" for e in d15["elements"])


def test_integers_beyond_the_safe_range_are_exact_strings():
    from fractions import Fraction

    from setmine.present.output.values import to_json
    from setmine.rsl.semantics.types import Integer

    assert to_json(2 ** 53 - 1, Integer()) == 2 ** 53 - 1
    assert to_json(2 ** 64, Integer()) == "18446744073709551616"
    assert to_json(Fraction(3, 7), None) == "3/7"


# -- B5: --term ---------------------------------------------------------------

def test_term_is_repeatable(capsys):
    _, out, _ = run(capsys, "eval", MIDGAME, "--json", "--term", "D8", "--term", "D11")
    assert set(json.loads(out)["terms"]) == {"D8", "D11"}


def test_term_accepts_an_expression(capsys):
    _, out, _ = run(capsys, "eval", MIDGAME, "--json", "--term", "card(D15)")
    assert json.loads(out)["terms"]["card(D15)"]["value"] == 0


def test_term_before_the_board(capsys):
    code, out, _ = run(capsys, "eval", "--term", "D8", MIDGAME, "--json")
    assert code == 0 and set(json.loads(out)["terms"]) == {"D8"}


def test_an_unknown_alias_lists_the_valid_ones(capsys):
    code, _, err = run(capsys, "eval", MIDGAME, "--term", "D99")
    assert code == 2 and "no constituent D99" in err and "D18" in err


def test_a_bad_expression_says_where(capsys):
    code, _, err = run(capsys, "eval", MIDGAME, "--term", "card(D15")
    assert code == 2 and "--term 'card(D15'" in err


# -- B6: a player's view -----------------------------------------------------

def test_a_completed_views_invented_mines_are_not_real_mines(capsys):
    _, out, _ = run(capsys, "eval", str(ROOT / "spec" / "boards" / "view-beginner-midgame.board"),
                    "--term", "D1")
    assert "x mine setmine chose" in out


def test_a_board_without_a_move_gets_a_hint(capsys, tmp_path):
    board = tmp_path / "nomove.board"
    board.write_text("mines: 1\n1 *\n", encoding="utf-8")
    _, out, err = run(capsys, "eval", board, "--term", "D21")
    assert "move: r,c" in out + err


def test_relations_filter_to_one_cell(capsys):
    _, out, _ = run(capsys, "eval", MIDGAME, "--spec", CORRECTED, "--term", "D2", "--cell", "0,0")
    assert "0,0" in out and "8,8" not in out.split("D2", 1)[1]


def test_a_sparse_graph_board_is_summarised_not_allocated():
    from setmine.board import Board, draw

    board = Board(rows=100001, cols=100001, cells=[(0, 0), (100000, 100000)],
                  neighbours={(0, 0): [(100000, 100000)], (100000, 100000): [(0, 0)]}, mines=[], opened=[],
                  move=None, total_mines=0, topology="graph")
    assert "not drawn" in draw(board)


def test_column_labels_past_99_align():
    from setmine.board import Board, draw

    cells = [(0, c) for c in range(120)]
    board = Board(rows=1, cols=120, cells=cells, neighbours={(0, c): [(0, c - 1 if c else 1)] + ([(0, c + 1)] if 0 < c < 119 else [])
                                                  for c in range(120)}, mines=[],
                  opened=[], move=None, total_mines=0, topology="graph")
    lines = draw(board).splitlines()
    assert len(lines) == 4 and lines[0].rstrip().endswith("1") and lines[2].endswith("9")
    assert len({len(line) for line in lines[:3]}) == 1
