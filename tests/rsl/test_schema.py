"""A schema analysed: every constituent typed in dependency order; errors
located in the file; the Python API of issue 2."""

from pathlib import Path

import pytest

from setmine import rsl

ROOT = Path(__file__).resolve().parents[2]
SAPER = ROOT / "spec" / "saper.rsl"

EXPECTED_TYPES = {
    "X1": "ℬ(X1)", "S1": "ℬ(X1×X1)", "S2": "ℬ(X1)", "S3": "ℬ(X1)", "S4": "ℬ(X1)",
    **{a: "Logic" for a in ("A1", "A2", "A3", "A4", "A5", "A6")},
    **{d: "ℬ(X1×ℬ(X1))" for d in ("D2", "D3", "D4", "D5", "D6", "D7", "D9", "D10", "D12")},
    **{d: "ℬ(X1)" for d in ("D1", "D8", "D11", "D13", "D14", "D18", "D19", "D20", "D21")},
    "D15": "ℬℬ(X1)", "D16": "ℬ(X1×ℬℬ(X1))", "D17": "ℬ(X1×ℬℬ(X1))",
}


@pytest.fixture(scope="module")
def saper():
    return rsl.Schema.load(SAPER)


def test_every_constituent_of_the_seed_parses_and_types(saper):
    assert len(saper) == 32
    assert saper.errors() == []
    assert {alias: a.typification for alias, a in saper.analysis.items()} == EXPECTED_TYPES


def test_value_classes_of_the_seed(saper):
    assert saper.analysis["D15"].value_class == "property"
    assert saper.analysis["D8"].value_class == "value"
    assert saper.analysis["X1"].value_class == "value"


@pytest.mark.parametrize("expression, expected", [
    ("D15", "ℬℬ(X1)"),
    ("card(S2) - card(D8)", "Z"),
    ("Pr1(D17)", "ℬ(X1)"),
    ("D8 ∪ D11 = ∅", "Logic"),
    ("[a∈ℬ(R1), b∈ℬ(R1×R2)] a∩Pr1(b)", "[ℬ(R1), ℬ(R1×R2)] → ℬ(R1)"),
    ("[a∈X1] a∈D8", "[X1] → Logic"),
])
def test_typify_any_expression_in_the_context_of_the_schema(saper, expression, expected):
    assert saper.typify(expression) == expected


def test_parse_gives_the_bracket_tree():
    assert str(rsl.parse("∀a∈X1 a=a")) == "[∀[a][X1][=[a][a]]]"


@pytest.mark.parametrize("expression, code, start, end", [
    ("∀a X1 a=a", "expectedQuantifierDomain", 3, 5),
    ("D99 ∪ D1", "globalNotTyped", 0, 3),
    ("S1 ∪ S2", "typesNotEqual", 0, 7),
    ("card(X1) ∪ X1", "invalidTypeOperation", 0, 8),
])
def test_failures_raise_rsl_error_with_code_and_span(saper, expression, code, start, end):
    with pytest.raises(rsl.RSLError) as info:
        saper.typify(expression)
    assert (info.value.code, info.value.start, info.value.end) == (code, start, end)
    assert info.value.message


SCHEMA_ERRORS = [
    # (schema text, alias in error, code, line, column)
    ("X1\nD1 :== X1 ∪ D7\n", "D1", "globalNotTyped", 2, 13),
    ("X1\nD1 :== D2 ∪ X1\nD2 :== D1\n", "D1", "cyclicDefinition", 2, 8),
    ("X1\nS1 ::= ℬ(X1) ∪ ℬ(X1)\n", "S1", "globalStructure", 2, 8),
    ("X1\nD1 :== X1 ∪ ℬ(X1)\n", "D1", "typesNotEqual", 2, 8),
    ("X1\nD1 :== {a ∈ X1 | a = a\n", "D1", "missingCloseBracket", 2, 8),
    ("X1\nD1 :== X1 @ X1\n", "D1", "forbiddenCharacter", 2, 11),
    ("X1\nA1 :== X1\n", "A1", "expectedType", 2, 8),
    ("X1\nD1 :== ∀a∈X1 a=a\n", "D1", "expectedType", 2, 8),
]


@pytest.mark.parametrize("text, alias, code, line, column", SCHEMA_ERRORS)
def test_constituent_errors_are_located_in_the_file(text, alias, code, line, column):
    schema = rsl.Schema.parse(text, "demo.rsl")
    error = schema.analysis[alias].error
    assert error is not None and error.code == code
    assert (error.line, error.column) == (line, column)
    assert str(error).startswith(f"demo.rsl:{line}:{column}: {code}")
    assert "^" in str(error)


def test_a_constituent_that_uses_a_broken_one_is_untyped_too():
    schema = rsl.Schema.parse("X1\nD1 :== X1 ∪ ℬ(X1)\nD2 :== D1 ∩ X1\n")
    assert schema.analysis["D1"].error.code == "typesNotEqual"
    assert schema.analysis["D2"].error.code == "globalNotTyped"
    assert schema.analysis["X1"].ok


def test_functions_and_predicates_of_a_schema_are_typed():
    schema = rsl.Schema.parse("X1\nS1 ::= ℬ(X1×X1)\nF1 :== [a∈ℬ(R1), b∈ℬ(R1×R2)] a∩Pr1(b)\n"
                              "P1 :== [a∈X1] a∈Pr1(S1)\nD1 :== F1[X1, S1]\nA1 :== ∀x∈X1 P1[x]\n")
    assert schema.errors() == []
    assert schema.typify("F1") == "[ℬ(R1), ℬ(R1×R2)] → ℬ(R1)"
    assert schema.typify("P1") == "[X1] → Logic"
    assert schema.typify("D1") == "ℬ(X1)"
