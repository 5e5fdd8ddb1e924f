"""`--assert` messages: each suggested formula type-checks, a LaTeX word
gets the RSLang command, and an error shows its text with a caret."""

from __future__ import annotations

import re

import pytest

from setmine.rsl.schema import Schema
from setmine.rsl.syntax.spelling import unknown_commands
from setmine.verification.boards.properties import PropertyError, parse_assertion

CORRECTED = Schema.load("spec/saper-corrected.rsl")
TERMS = [c.alias for c in CORRECTED if c.kind == "term"]


@pytest.mark.parametrize("text", TERMS + ["card(D18)", "card(D15) + 1", "D18 × D8", "X1"])
def test_every_suggested_formula_type_checks(text):
    with pytest.raises(PropertyError) as caught:
        parse_assertion(CORRECTED, text)
    message = str(caught.value)
    assert "not a formula" in message
    suggested = re.findall(r"'([^']+)'", message.split("e.g.", 1)[1]) if "e.g." in message else []
    assert suggested, message
    for formula in suggested:
        parse_assertion(CORRECTED, formula)  # raises if it does not type-check


def test_latex_words_get_the_rslang_command():
    assert unknown_commands(r"D18 \cap D8 = \emptyset") == [("\\cap", "\\intersect"),
                                                            ("\\emptyset", "{}")]
    assert unknown_commands(r"X1\S3") == []          # the set difference before an alias
    assert unknown_commands(r"\A a \in X1 a \eq a") == []
    assert unknown_commands(r"a\b") == []             # a set difference of two locals
    assert unknown_commands(r"\intersec") == [("\\intersec", "\\intersect")]
    assert unknown_commands(r"\card(D18)") == [("\\card", None)]   # no far-fetched guess


def test_a_syntax_error_shows_a_caret_under_the_span():
    with pytest.raises(PropertyError) as caught:
        parse_assertion(CORRECTED, r"D18 \cap D8 = \emptyset")
    lines = str(caught.value).splitlines()
    assert "write \\intersect" in lines[0]
    assert lines[1] == r"D18 \cap D8 = \emptyset"
    assert lines[2] == " " * 9 + "^^"                 # under D8, where the parser stopped
