"""One spelling of formulas per output, chosen by ``--spelling`` (issue 37).

The schema's author mixes spellings (``X₁\\(S₃ ∪ D₁₁ ∪ D₁₃)`` beside
``red(Pr2(D7))``); a command shows each formula as RSLang's printer writes
it, in Unicode or in ASCII, and the author's text only when asked
(``spec --as-written``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from setmine.cli import main
from setmine.rsl import Schema
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.syntax.spelling import SUBSCRIPTS, UNICODE_OPERATORS

ROOT = Path(__file__).resolve().parents[2]
SAPER = Schema.load(ROOT / "spec" / "saper.rsl")
BOARD = str(ROOT / "spec" / "boards" / "tiny-2x2.board")
SUBSCRIPT_DIGITS = set("₀₁₂₃₄₅₆₇₈₉")


def test_spec_shows_each_formula_in_the_chosen_spelling(capsys):
    for spelling in ("unicode", "ascii"):
        assert main(["spec", "--json", "--spelling", spelling]) == 0
        rows = json.loads(capsys.readouterr().out)
        for row in rows:
            if row["normalised"] is None:
                continue
            tree = parse_expression(row["normalised"], syntax=spelling)
            assert tree == SAPER.analysis[row["alias"]].tree, row["alias"]
            if spelling == "ascii":
                assert not UNICODE_OPERATORS & set(row["normalised"]), row["normalised"]


@pytest.mark.parametrize("argv, status", [
    (["spec"], 0), (["spec", "D15", "D8"], 0), (["explain", BOARD, "D8"], 0),
    (["explain", BOARD, "D18"], 0),
    (["defects", "--max-cells", "3", "--examples", "0", "--budget", "20"], 1)])
def test_no_output_mixes_the_authors_subscripts_with_the_printers_names(argv, status, capsys):
    assert main(argv) == status
    out = capsys.readouterr().out
    assert any(word in out for word in (":==", "disagrees", "constituents"))
    assert not SUBSCRIPT_DIGITS & set(out), [line for line in out.splitlines()
                                            if SUBSCRIPT_DIGITS & set(line)][:3]


def test_as_written_shows_the_authors_text(capsys):
    assert main(["spec", "D8", "--as-written"]) == 0
    out = capsys.readouterr().out
    assert "formula as written" in out and "D₇" in out


def test_explain_heads_with_the_declaration_in_the_chosen_spelling(capsys):
    assert main(["explain", BOARD, "D8", "--spelling", "ascii"]) == 0
    head = capsys.readouterr().out.splitlines()[1]
    assert head == "D8 \\defexpr red(Pr2(D7))"
    assert main(["explain", BOARD, "D8"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "D8 :== red(Pr2(D7))"
    assert SUBSCRIPTS  # (the digits the printer never writes)
