"""Syntax errors: the code and the exact span (code points) of each, and
robustness: any text either parses or raises RSLError with a sane span."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import MAX_NESTING, parse_expression, parse_with_warnings

from .strategies import mutations, texts
from .test_grammar import CONSTRUCTS, SEED

ERRORS = [
    # (text, code, span)
    # -- forbiddenCharacter: a character that is not RSLang, anywhere
    ("a@b", "forbiddenCharacter", (1, 2)),
    ("X1$", "forbiddenCharacter", (2, 3)),
    ("$", "forbiddenCharacter", (0, 1)),
    ("a∈X1 # comment", "forbiddenCharacter", (5, 6)),
    ("∀a∈X₁ a=a & @", "forbiddenCharacter", (12, 13)),
    ("а∈X1", "forbiddenCharacter", (0, 1)),              # a Cyrillic а
    ("a∈X1 !", "forbiddenCharacter", (5, 6)),
    ("∀a∈X1 a=a\x0b", "forbiddenCharacter", (9, 10)),
    # -- bracket errors come first, with the span of the bracket at fault
    ("{a∈X1 | a=a", "missingCloseBracket", (0, 1)),
    ("card(X1", "missingCloseBracket", (4, 5)),
    ("((a,b)∈S1", "missingCloseBracket", (0, 1)),
    ("F1[a", "missingCloseBracket", (2, 3)),
    ("X1)", "missingOpenBracket", (2, 3)),
    ("a=a}", "missingOpenBracket", (3, 4)),
    ("(a]", "bracketMismatch", (2, 3)),
    ("(X1]", "bracketMismatch", (3, 4)),
    ("{a∈X1 | (a=a}", "bracketMismatch", (12, 13)),
    ("X1) @", "missingOpenBracket", (2, 3)),
    # -- expectedLocal
    ("∀1∈X1 a=a", "expectedLocal", (1, 2)),
    ("∀X1∈X1 a=a", "expectedLocal", (1, 3)),
    ("∃∈X1 a=a", "expectedLocal", (1, 2)),
    ("∀", "expectedLocal", (1, 1)),
    ("∀a, ∈X1 a=a", "expectedLocal", (4, 5)),
    ("∀(a,1)∈X1 a=a", "expectedLocal", (4, 5)),
    ("{X1∪X2 ∈ X1 | a=a}", "expectedLocal", (1, 6)),
    ("D{1∈X1 | 1=1}", "expectedLocal", (2, 3)),
    ("{(a,b∪c) ∈ S1 | a=a}", "expectedLocal", (4, 7)),
    ("I{a | X1:∈X1}", "expectedLocal", (6, 8)),
    ("I{a | card(b):=X1}", "expectedLocal", (6, 13)),
    ("R{X1:=X1 | a}", "expectedLocal", (2, 4)),
    ("[X1∈X1] a", "expectedLocal", (1, 3)),
    # -- expectedQuantifierDomain
    ("∀a X1 a=a", "expectedQuantifierDomain", (3, 5)),
    ("∀a a=a", "expectedQuantifierDomain", (3, 4)),
    ("∀a,b X1 a=a", "expectedQuantifierDomain", (5, 7)),
    ("∃(a,b) S1 a=b", "expectedQuantifierDomain", (7, 9)),
    ("∀a", "expectedQuantifierDomain", (2, 2)),
    ("[a X1] a", "expectedQuantifierDomain", (3, 5)),
    # -- expectedRightOperand
    ("X1∪", "expectedRightOperand", (3, 3)),
    ("a ∈", "expectedRightOperand", (3, 3)),
    ("a=", "expectedRightOperand", (2, 2)),
    ("1+", "expectedRightOperand", (2, 2)),
    ("X1×", "expectedRightOperand", (3, 3)),
    ("¬", "expectedUnaryOperand", (1, 1)),           # as ConceptPortal
    ("card", "expectedRightOperand", (4, 4)),
    ("pr1", "expectedRightOperand", (3, 3)),
    ("a=a &", "expectedRightOperand", (5, 5)),
    ("a=a ⇒ ", "expectedRightOperand", (6, 6)),
    ("∀a∈X1", "expectedRightOperand", (5, 5)),
    ("∀a∈", "expectedRightOperand", (3, 3)),
    ("(X1∪)", "expectedRightOperand", (4, 5)),
    ("a=a & ∨ b=b", "expectedRightOperand", (6, 7)),
    ("a ∈ = b", "expectedRightOperand", (4, 5)),
    ("", "expectedRightOperand", (0, 0)),
    ("   ", "expectedRightOperand", (3, 3)),
    # -- unknownSyntax: the rest
    ("X1 X2", "unknownSyntax", (3, 5)),
    ("a b", "unknownSyntax", (2, 3)),
    ("1 2", "unknownSyntax", (2, 3)),
    ("a:b", "unknownSyntax", (1, 2)),
    ("X", "unknownSyntax", (0, 1)),
    ("a∈X1 a", "unknownSyntax", (5, 6)),
    ("{a∈X1 | }", "unknownSyntax", (8, 9)),
    ("R{a X1 | a}", "unknownSyntax", (4, 6)),
    (r"a \deftype b", "unknownSyntax", (2, 10)),
    ("a=b\nc", "unknownSyntax", (4, 5)),
]


@pytest.mark.parametrize("text, code, span", ERRORS)
def test_syntax_error(text, code, span):
    with pytest.raises(RSLError) as caught:
        parse_expression(text)
    assert (caught.value.code, caught.value.span) == (code, span), caught.value.message


def test_every_code_is_covered():
    codes = {code for _, code, _ in ERRORS}
    assert codes == {"forbiddenCharacter", "missingCloseBracket", "missingOpenBracket",
                     "bracketMismatch", "expectedLocal", "expectedQuantifierDomain",
                     "expectedRightOperand", "expectedUnaryOperand", "unknownSyntax"}


def test_errors_in_ascii_spelling():
    with pytest.raises(RSLError) as caught:
        parse_expression(r"\A 1 \in X1 a \eq a", "ascii")
    assert (caught.value.code, caught.value.span) == ("expectedLocal", (3, 4))
    with pytest.raises(RSLError) as caught:
        parse_expression(r"X1 \union", "ascii")
    assert (caught.value.code, caught.value.span) == ("expectedRightOperand", (9, 9))


def test_too_deep_nesting_is_an_rsl_error():
    text = "card(" * 2000 + "a" + ")" * 2000 + "=1"
    with pytest.raises(RSLError) as caught:
        parse_expression(text)
    assert caught.value.message.startswith("the expression is nested too deeply")
    k = MAX_NESTING - 1  # the cards outside the one too deep (the '=' is the first level)
    assert caught.value.span == (len("card(") * k, len(text) - len("=1") - len(")") * k)
    assert parse_expression("(" * 2000 + "a" + ")" * 2000 + "=a") == parse_expression("a=a")


def test_a_long_chain_is_one_level():
    chain = "∪".join(["X1"] * 3000)
    tree = parse_expression(f"card({chain})=1")
    assert sum(1 for _ in tree.walk()) == 3000 * 2 - 1 + 3


def test_unknown_syntax_argument_is_a_value_error():
    with pytest.raises(ValueError):
        parse_expression("a=a", syntax="latex")


# ----------------------------------------------------------------------------
# Robustness

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _parses_or_fails_cleanly(text: str, syntax: str = "auto") -> None:
    try:
        parsed = parse_with_warnings(text, syntax)
    except RSLError as error:
        assert 0 <= error.start <= error.end <= len(text), (text, error)
        assert error.code in {"forbiddenCharacter", "missingCloseBracket", "missingOpenBracket",
                              "bracketMismatch", "expectedLocal", "expectedQuantifierDomain",
                              "expectedRightOperand", "expectedUnaryOperand", "unknownSyntax",
                              "globalFuncParenCall",
                              "globalFuncWithoutArgs"}, (text, error)
    else:
        for warning in parsed.warnings:
            assert 0 <= warning.start <= warning.end <= len(text)


@FUZZ
@given(texts(), st.sampled_from(("auto", "unicode", "ascii")))
def test_random_texts_parse_or_raise_rsl_error(text, syntax):
    _parses_or_fails_cleanly(text, syntax)


SOURCES = ([row[1] for row in SEED] + [row[0] for row in CONSTRUCTS]
           + [row[1] for row in CONSTRUCTS])


@FUZZ
@given(st.sampled_from(SOURCES).flatmap(mutations))
def test_mutated_formulas_parse_or_raise_rsl_error(text):
    _parses_or_fails_cleanly(text)


@FUZZ
@given(st.sampled_from(SOURCES).flatmap(mutations).flatmap(mutations))
def test_doubly_mutated_formulas_parse_or_raise_rsl_error(text):
    _parses_or_fails_cleanly(text)
