"""A second schema's evaluation on the same board takes, from the first,
the value of each constituent that computes the same thing (the live page
evaluates the corrected schema beside the written one on every click):
the values are those it would compute itself, and a constituent whose own
formula is the same but which reads a changed one is computed again."""

from __future__ import annotations

import pytest

from setmine.board import load_board
from setmine.eval.values.budget import Budget
from setmine.pictures.report_data import evaluation, same_constituents
from setmine.resources import BOARD_DIR, SCHEMAS
from setmine.rsl.schema import Schema

WRITTEN, CORRECTED = (Schema.load(SCHEMAS[n]) for n in ("written", "corrected"))


def test_what_is_shared_reads_only_what_is_shared():
    same = same_constituents(WRITTEN, CORRECTED)
    assert {"D1", "A1", "A4"} <= same
    for alias in same:
        assert WRITTEN.analysis[alias].tree == CORRECTED.analysis[alias].tree
        assert all(u in same or CORRECTED[u].kind in ("basic", "structure", "function")
                   for u in CORRECTED.closure(alias))
    aliases = [c.alias for c in CORRECTED]
    changed = {a for a in aliases if a in WRITTEN
               and WRITTEN.analysis[a].tree != CORRECTED.analysis[a].tree}
    assert changed and not changed & same
    readers = {a for a in aliases if CORRECTED.closure(a) & changed}
    assert readers and not readers & same    # the same formula over a changed term: computed


def test_a_changed_term_is_not_taken_from_the_other_schema():
    same = same_constituents(WRITTEN, Schema.parse(WRITTEN.source))
    assert same == {c.alias for c in WRITTEN if c.kind in ("term", "axiom", "theorem")
                    and WRITTEN.analysis[c.alias].error is None}   # itself: everything
    tweaked = Schema.parse("X1\nS1 ::= ℬ(X1×X1)\nD1 :== Pr1(S1)\nD2 :== D1 ∪ X1\n")
    base = Schema.parse("X1\nS1 ::= ℬ(X1×X1)\nD1 :== Pr2(S1)\nD2 :== D1 ∪ X1\n")
    assert same_constituents(base, tweaked) == frozenset()   # D2 reads the changed D1


@pytest.mark.parametrize("name", sorted(p.stem for p in BOARD_DIR.glob("*.board"))[:6])
def test_the_shared_values_are_the_computed_ones(name):
    board = load_board(BOARD_DIR / f"{name}.board")
    mine = evaluation(WRITTEN, board, Budget())
    alone = evaluation(CORRECTED, board, Budget())
    beside = evaluation(CORRECTED, board, Budget(), known=mine)
    assert beside.results.keys() == alone.results.keys()
    for alias, result in alone.results.items():
        assert beside.results[alias].ok == result.ok, alias
        if result.ok:
            assert beside.results[alias].value == result.value, alias
