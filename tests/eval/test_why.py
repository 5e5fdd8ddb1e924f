"""Why-chains (``setmine.eval.why`` and ``setmine explain``) on small boards
checked by hand: a sure mine, a safe cell, a cell of least probability, a
cell that is not in a term because it is open, a relation without the cell."""

from pathlib import Path

import pytest

from setmine import rsl
from setmine.board import parse_board, structure
from setmine.cli import main
from setmine.eval.interpret.evaluator import Evaluator
from setmine.eval.values.budget import Budget
from setmine.present.explain.why import Reason, cell_question, evaluate_terms, render, why_cell, why_member
from setmine.rsl.syntax import tree as s

ROOT = Path(__file__).resolve().parents[2]
SAPER = rsl.Schema.load(ROOT / "spec" / "saper.rsl")
CORRECTED = rsl.Schema.load(ROOT / "spec" / "saper-corrected.rsl")
BOARDS = ROOT / "spec" / "boards"

# 0,0 and 0,1 show 1; 1,0 is the mine; 1,1 shows 1; 0,2 and 1,2 are closed.
SMALL = "mines: 1\nmove: 0,2\n1 1 .\n* 1 .\n"
# One row: a mine, a 1, a closed cell: by the single-cell rule the mine is
# 0,0 and 0,2 is safe, but the player cannot tell 0,0 from 0,2.
ROW = "mines: 1\n* 1 .\n"


def evaluator(schema, text: str, search: int = 200_000) -> Evaluator:
    """The terms' values on a board, and an evaluator whose budget bounds
    each step of an explanation."""
    data = structure(parse_board(text))
    results = evaluate_terms(schema, data, Budget())
    return Evaluator({**data, **{a: r.value for a, r in results.items()
                                 if r.ok and r.kind == "term"}},
                     budget=Budget(max_elements=search))


def lines(schema, board: str, alias: str, cell) -> list[str]:
    return render(why_cell(evaluator(schema, board), schema, alias, cell))


def test_a_sure_mine_is_in_d8_through_its_open_neighbour_and_the_pair_of_d7():
    chain = lines(SAPER, SMALL, "D8", (1, 0))
    assert chain[0] == "1,0 ∈ D8: yes — it is in {1,0}, a member of Pr2(D7)"
    assert chain[1].strip().startswith("D8 :== red(Pr2(D7)) — {1,0}")
    text = "\n".join(chain)
    # the open neighbour x = 0,0 and the pair (x, B) = (0,0, {1,0}) of D7 …
    assert "{1,0} ∈ Pr2(D7): yes — the second component of (0,0, {1,0}), a member of D7" in text
    assert "(0,0, {1,0}) ∈ D7: yes — in both" in text
    # … which is in D5 and D6 because 0,0 is open, down to the board's facts
    assert "for a = (0,0, {1,0}): pr1(a)∈S3: true — 0,0 is open, showing 1" in text
    assert "(0,0, 1,0) ∈ S1: yes — 0,0 and 1,0 are neighbours" in text
    # each definition is expanded once
    assert text.count("D3 :== ") == 1 and "as explained above for D3" in text


def test_a_cell_is_not_in_d1_because_it_is_open():
    assert lines(SAPER, SMALL, "D1", (0, 0)) == [
        "0,0 ∈ D1: no — but it is in S3",
        "  D1 :== X1\\S3 — {0,2, 1,0, 1,2}",
        "  0,0 ∈ S3: yes — 0,0 is open, showing 1",
    ]
    assert lines(SAPER, SMALL, "D1", (1, 2))[2:] == [
        "  1,2 ∈ X1: yes — a cell of the board", "  1,2 ∈ S3: no — 1,2 is closed"]


def test_a_safe_cell_is_in_d11_through_a_pair_of_d10_and_its_witnesses():
    text = "\n".join(lines(SAPER, ROW, "D11", (0, 2)))
    assert text.startswith("0,2 ∈ D11: yes — it is in {0,2}, a member of Pr2(D10)")
    assert "the second component of (0,1, {0,2}), a member of D10" in text
    assert "witness b = (0,1, {})" in text and "witness d = (0,1, {0,2})" in text
    assert "pr2(a)=pr2(d)\\D8: true — {0,2} = {0,2}" in text


def test_a_cell_of_least_probability_in_the_corrected_d18():
    chain = lines(CORRECTED, ROW, "D18", (0, 2))
    text = "\n".join(chain)
    assert chain[0] == "0,2 ∈ D18: yes"
    # the witness pairs the cell with the placements that mine it …
    assert "witness c = (0,2, {{0,2}})" in text
    assert "pr2(a)=D{b∈D15 | pr1(a)∈b}: true — {{0,2}} = {{0,2}}" in text
    # … and no cell has fewer
    assert "∀d∈D17 card(pr2(c))≤card(pr2(d)): true — holds for each of the 2 members of D17" \
        in text
    # it is not surely safe: a placement of the mine on 0,2 is the counterexample
    assert "counterexample b = {0,2}" in text and "x∉b: false — 0,2 ∉ {0,2}" in text


def test_the_defect_of_d17_as_written_shows_in_the_witness():
    text = "\n".join(lines(SAPER, ROW, "D18", (0, 2)))
    assert "witness c = (0,2, {})" in text                   # the empty family
    assert "∀b∈pr2(a) (b∈D15 & pr1(a)∈b): true — pr2(a) is empty, so it holds" in text


def test_a_relation_without_the_cell_says_which_condition_fails():
    assert lines(SAPER, ROW, "D5", (0, 2)) == [
        "0,2 ∈ Pr1(D5): no — no member of D5 has it as its first component",
        "  D5 :== D{a∈D3 | pr1(a)∈S3} — {(0,1, {}), (0,1, {0,0}), (0,1, {0,2}), … (4 members)}",
        "  for pr1(a) = 0,2: pr1(a)∈S3: false — 0,2 is closed",
    ]
    chain = lines(SAPER, ROW, "D7", (0, 0))                 # D5∩D6: the factor that lacks it
    assert chain[2] == "  0,0 ∈ Pr1(D5): no — no member of D5 has it as its first component"


def test_a_relation_with_the_cell_gives_a_pair_and_counts_the_others():
    chain = lines(SAPER, SMALL, "D2", (0, 0))
    assert chain[0] == ("0,0 ∈ Pr1(D2): yes — the first component of (0,0, {}), a member of "
                        "D2 (one of 8 with this first component)")


def test_a_family_is_explained_through_a_member_containing_the_cell():
    chain = lines(CORRECTED, ROW, "D15", (0, 0))
    assert chain[0] == "0,0 ∈ red(D15): yes — it is in {0,0}, a member of D15"


def test_why_member_on_any_set_expression_and_cell_question():
    ev = evaluator(SAPER, SMALL)
    tree = rsl.parse("(X1\\S3) ∩ S2")
    reason = why_member(ev, SAPER, tree, (1, 0))
    assert isinstance(reason, Reason) and reason.holds is True
    assert render(reason)[0] == "1,0 ∈ (X1\\S3)∩S2: yes — in both"
    assert why_member(ev, SAPER, rsl.parse("S2 ∪ S3"), (0, 2)).note == "in none of them"
    assert cell_question(SAPER, "D5") == s.Projection(True, (1,), s.Global("D5"))
    odd = rsl.Schema.parse("X1\n\nD1 :== card(X₁)\n")
    with pytest.raises(ValueError, match="neither cells"):
        cell_question(odd, "D1")


def run(capsys, *args):
    code = main(["explain", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_explains_a_cell_with_the_board_and_the_reading(capsys, tmp_path):
    board = tmp_path / "small.board"
    board.write_text(SMALL, encoding="utf-8")
    code, out, _ = run(capsys, board, "D8", "1,0", "--spec", ROOT / "spec" / "saper.rsl")
    assert code == 0
    assert out.startswith("schema: spec/saper.rsl\nD8 :== red(Pr2(D7))\n"
                          "  reading: the union of the sets in the second")
    assert "1,0 ∈ D8: yes" in out and "■" in out


def test_cli_without_a_cell_shows_the_value_and_an_axiom_its_verdict(capsys):
    board = BOARDS / "beginner-midgame.board"
    code, out, _ = run(capsys, board, "D8", "--spec", ROOT / "spec" / "saper.rsl")
    assert code == 0 and "value: 10 cells" in out
    code, out, _ = run(capsys, board, "D5", "--spec", ROOT / "spec" / "saper.rsl")
    assert "value: 455 tuples, the first 12:" in out
    code, out, _ = run(capsys, board, "A2", "--spec", ROOT / "spec" / "saper.rsl")
    assert code == 0 and "A2 is true on this board:" in out


@pytest.mark.parametrize("args, message", [
    (["D99", "1,0"], "no constituent D99"),
    (["D8", "9,9"], "cell 9,9 is not on the board"),
    (["D8", "one"], "is not an element of X1 (a cell r,c)"),
    (["A2", "1,0"], "A2 is an axiom, not a term"),
])
def test_cli_errors_are_clear_and_exit_2(capsys, args, message):
    code, _, err = run(capsys, BOARDS / "beginner-midgame.board", *args,
                       "--spec", ROOT / "spec" / "saper.rsl")
    assert code == 2 and message in err and "Traceback" not in err


@pytest.mark.parametrize("spec", [SAPER, CORRECTED], ids=["as-written", "corrected"])
@pytest.mark.parametrize("board", sorted(p.name for p in BOARDS.glob("*.board")))
def test_every_term_on_every_shipped_board_is_explained(spec, board):
    text = (BOARDS / board).read_text(encoding="utf-8")
    ev = evaluator(spec, text, search=5_000)
    cells = sorted(ev.data["X1"])
    for i, alias in enumerate(c.alias for c in spec if c.kind == "term"):
        if alias not in ev.data:
            continue  # not computed within the default budget on this board
        cell = cells[i * 7 % len(cells)]  # a different cell for each term
        reason = why_cell(ev, spec, alias, cell)
        assert reason.verdict in ("yes", "no"), (alias, cell, render(reason))


def test_a_cell_not_surely_mined_gets_a_placement_without_it_on_a_9x9_board():
    """The counterexample of the corrected D8's ∀ is a member of a counted
    set (placements that agree with every number and lack the cell): it is
    found by counting, not by listing ℬ(D1)."""
    board = (BOARDS / "beginner-midgame.board").read_text()
    text = "\n".join(lines(CORRECTED, board, "D8", (5, 5)))
    assert text.splitlines()[0] == "5,5 ∈ D8: no — its condition is false"
    assert "not found within the budget" not in text
    assert "counterexample b = " in text and "x∈b: false — 5,5 ∈ " in text
    assert "∀c∈D5 card(pr2(c)∩b)=card(pr2(c)∩S2): true" in text
