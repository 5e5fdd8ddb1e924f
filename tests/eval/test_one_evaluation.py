"""The one evaluation of a schema (``model.evaluate_schema``): ``only``
bounds the work (``[]`` asks for nothing), a given value is kept, and a term
whose input failed says which input and why."""

from __future__ import annotations

from setmine import resources
from setmine.board import load_board, structure
from setmine.crosscheck.agreement import crosscheck
from setmine.eval.interpret.model import evaluate_schema
from setmine.eval.values.budget import Budget
from setmine.present.output.kinds import fibers
from setmine.rsl.schema import Schema

WRITTEN = Schema.load(resources.WRITTEN_SCHEMA)
TINY = structure(load_board(resources.board_file("tiny-2x2")))


def test_only_bounds_the_work():
    assert evaluate_schema(WRITTEN, TINY, only=[]) == {}
    assert set(evaluate_schema(WRITTEN, TINY, only=["D1"])) == {"D1"}
    assert len(evaluate_schema(WRITTEN, TINY)) == len(
        [c for c in WRITTEN if c.kind in ("term", "axiom", "theorem")])


def test_a_given_value_is_kept_and_feeds_the_terms_that_use_it():
    given = frozenset({(0, 1)})
    results = evaluate_schema(WRITTEN, {**TINY, "D1": given}, only=["D1"])
    assert results["D1"].value == given


def test_a_term_whose_input_failed_names_it_and_its_cause():
    board = structure(load_board(resources.board_file("beginner-midgame")))
    results = evaluate_schema(WRITTEN, board, Budget(max_elements=300), only=["D3"])
    assert not results["D2"].ok and results["D2"].error.code == "setOverflow"
    assert results["D3"].error.message == "D2 could not be evaluated (D2: setOverflow)"


def test_a_set_that_is_not_a_relation_has_no_fibres_and_the_crosscheck_says_so(tmp_path):
    assert fibers(frozenset({1, 2})) is None
    assert fibers(frozenset({(1, 2), (1, 3)})) == {1: frozenset({2, 3})}
    text = Schema.load(resources.CORRECTED_SCHEMA).source
    bad = "\n".join("D16 :== D15" if line.startswith("D16 :==") else line
                    for line in text.splitlines())
    path = tmp_path / "bad.rsl"
    path.write_text(bad, encoding="utf-8")
    report = crosscheck(Schema.load(path), load_board(resources.board_file("tiny-2x2")))
    row = next(r for r in report.rows if r.alias == "D16")
    assert not row.agree
