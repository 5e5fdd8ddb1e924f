"""Constant sets with traits (issue 15, item 1), table-driven.

A constant set ``C#`` is *integral* (its elements are integers: ``+ − *``
apply and it mixes with ``Z``) and *ordered* (``< > ≤ ≥`` apply) unless its
schema entry says otherwise; a basic set ``X#`` is neither.  Each row is an
expression over the schema below, in Unicode and in ASCII where the ASCII
spelling differs, with its type or its error code and the text under the
error's span; the evaluation rows give the value, which the evaluator and
the naive oracle must both compute.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from setmine.eval.interpret.model import evaluate, evaluate_schema
from setmine.oracle.naive import evaluate as naive
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.schema import Schema
from setmine.rsl.semantics.compat import NO_TRAITS, Traits, compatible, merge, unify
from setmine.rsl.semantics.types import INTEGER, Element, SetType, TupleType, parse_type

ROOT = Path(__file__).resolve().parents[2]

SCHEMA = Schema.parse("""\
X1
C1
  traits: integral, ordered
C2
  traits: integral, ordered
C3
  traits: none
C4
  traits: ordered
C5
S1 ::= C1
S2 ::= ℬ(C1×X1)
S3 ::= C1
S4 ::= C2
S5 ::= C3
S6 ::= X1
S7 ::= C4
S8 ::= ℬ(C1)
S9 ::= C5
D1 :== S1 + 1
D2 :== S8 ∪ {1}
F1 :== [a∈ℬ(R1), b∈ℬ(R1)] a ∪ b
F2 :== [a∈Z] a + 1
F3 :== [a∈C1] a
""")

# (Unicode, ASCII or None when it is spelled the same, the type or (code, fragment))
ROWS = [
    # the examples: enumerations and unions of a C1 term and integers are ℬ(C1)
    ("{S1, 1}", None, "ℬ(C1)"),
    ("{1, S1}", None, "ℬ(C1)"),
    ("{S1} ∪ {1}", r"{S1} \union {1}", "ℬ(C1)"),
    ("S8 ∪ {1}", r"S8 \union {1}", "ℬ(C1)"),
    ("{1} ∪ S8", r"{1} \union S8", "ℬ(C1)"),
    ("S8 ∩ Z", r"S8 \intersect Z", "ℬ(C1)"),
    ("S8 \\ {1}", r"S8 \setminus {1}", "ℬ(C1)"),
    ("S8 ∆ {2}", r"S8 \symmdiff {2}", "ℬ(C1)"),
    ("S2 ∪ {(1, S6)}", r"S2 \union {(1, S6)}", "ℬ(C1×X1)"),
    ("D2", None, "ℬ(C1)"),
    # arithmetic: a constant with itself or Z is the constant, two constants give Z
    ("S1 + 1", r"S1 \plus 1", "C1"),
    ("1 + S1", r"1 \plus S1", "C1"),
    ("S1 * 2", r"S1 \multiply 2", "C1"),
    ("S1 - S3", r"S1 \minus S3", "C1"),
    ("S3 - S4", r"S3 \minus S4", "Z"),
    ("S3 - S4 + 1", r"S3 \minus S4 \plus 1", "Z"),
    ("card(S2) + S1", r"card(S2) \plus S1", "C1"),
    ("S9 + 1", r"S9 \plus 1", "C5"),          # no traits line: integral by default
    ("D1", None, "C1"),
    # ordering
    ("S1 < 1", r"S1 \ls 1", "Logic"),
    ("1 ≤ S1", r"1 \le S1", "Logic"),
    ("S1 ≥ S3", r"S1 \ge S3", "Logic"),
    ("S1 > S4", r"S1 \gr S4", "Logic"),       # two integral constants compare as integers
    ("S7 < S7", r"S7 \ls S7", "Logic"),       # ordered, not integral
    ("S9 > 0", r"S9 \gr 0", "Logic"),
    # membership, equality, inclusion
    ("S1 ∈ Z", r"S1 \in Z", "Logic"),
    ("S1 ∉ Z", r"S1 \notin Z", "Logic"),
    ("1 ∈ S8", r"1 \in S8", "Logic"),
    ("S1 = 1", r"S1 \eq 1", "Logic"),
    ("S1 ≠ 1", r"S1 \noteq 1", "Logic"),
    ("S8 ⊆ Z", r"S8 \subseteq Z", "Logic"),
    # filters, comprehensions, R{}, I{}, calls
    ("Fi1[{1}](S2)", None, "ℬ(C1×X1)"),
    ("Fi1[Z](S2)", None, "ℬ(C1×X1)"),
    ("Fi1,2[{1}, X1](S2)", None, "ℬ(C1×X1)"),
    ("D{c ∈ S8 | c > 1}", r"D{c \in S8 | c \gr 1}", "ℬ(C1)"),
    ("R{a := S1 | a < 9 | a + 1}", r"R{a \assign S1 | a \ls 9 | a \plus 1}", "C1"),
    ("I{c + 1 | c :∈ S8}", r"I{c \plus 1 | c \from S8}", "ℬ(C1)"),
    ("F1[S8, {1}]", None, "ℬ(C1)"),
    ("F2[S1]", None, "Z"),
    ("F3[1]", None, "C1"),
    # a constant without traits
    ("S5 + 1", r"S5 \plus 1", ("arithmeticNotSupported", "S5")),
    ("S5 < 1", r"S5 \ls 1", ("orderingNotSupported", "S5")),
    ("S5 ∈ Z", r"S5 \in Z", ("invalidElementPredicate", None)),
    ("{S5, 1}", None, ("invalidEnumeration", "1")),
    ("S5 = 1", r"S5 \eq 1", ("typesNotCompatible", None)),
    # an ordered constant that is not integral
    ("S7 + 1", r"S7 \plus 1", ("arithmeticNotSupported", "S7")),
    ("S7 < 1", r"S7 \ls 1", ("typesNotCompatible", None)),
    ("S7 ∈ Z", r"S7 \in Z", ("invalidElementPredicate", None)),
    # a basic set: neither integral nor ordered
    ("S6 + 1", r"S6 \plus 1", ("arithmeticNotSupported", "S6")),
    ("S6 < 1", r"S6 \ls 1", ("orderingNotSupported", "S6")),
    ("S6 ∈ Z", r"S6 \in Z", ("invalidElementPredicate", None)),
    ("{S6, 1}", None, ("invalidEnumeration", "1")),
    ("X1 ∪ {1}", r"X1 \union {1}", ("typesNotEqual", None)),
    ("Fi2[{1}](S2)", None, ("invalidFilterParameterType", "{1}")),
    # two different constants are different types
    ("{S1, S4}", None, ("invalidEnumeration", "S4")),
    ("S1 = S4", r"S1 \eq S4", ("typesNotCompatible", None)),
    ("S8 ∪ {S4}", r"S8 \union {S4}", ("typesNotEqual", None)),
    ("F3[S4]", None, ("invalidArgumentType", "S4")),
    ("R{a := S1 | a < 9 | S4}", r"R{a \assign S1 | a \ls 9 | S4}", ("typesNotEqual", "S4")),
]


def _forms(rows):
    for text, ascii_text, expected in rows:
        yield pytest.param(text, expected, id=text)
        if ascii_text is not None:
            yield pytest.param(ascii_text, expected, id=ascii_text)


@pytest.mark.parametrize("text, expected", list(_forms(ROWS)))
def test_typing_with_traits(text, expected):
    if isinstance(expected, str):
        assert SCHEMA.typify(text) == expected
        return
    code, fragment = expected  # None: the whole expression, as the reference spans
    fragment = text if fragment is None else fragment  # a mismatch of an operation's sides
    assert text.count(fragment) == 1
    start = text.index(fragment)
    with pytest.raises(RSLError) as caught:
        SCHEMA.typify(text)
    assert (caught.value.code, caught.value.span) == (code, (start, start + len(fragment))), \
        caught.value.message


def test_every_constituent_of_the_schema_types():
    assert SCHEMA.errors() == []


# ----------------------------------------------------------------------------
# The comparisons: with no traits they are the plain ones

C1, C2, X1 = Element("C1"), Element("C2"), Element("X1")
TRAITS = Traits(integral=frozenset({"C1", "C2"}), ordered=frozenset({"C1", "C2"}))


def test_without_traits_a_constant_is_not_an_integer():
    assert not compatible(C1, INTEGER) and not compatible(SetType(INTEGER), SetType(C1))
    assert not compatible(C1, INTEGER, NO_TRAITS)
    assert not unify(SetType(C1), SetType(INTEGER), {})


def test_with_traits_an_integral_constant_mixes_with_z():
    assert compatible(C1, INTEGER, TRAITS) and compatible(INTEGER, C1, TRAITS)
    assert merge(INTEGER, C1, TRAITS) == C1 == merge(C1, INTEGER, TRAITS)
    assert merge(parse_type("ℬ(Z×X1)"), parse_type("ℬ(C1×X1)"), TRAITS) == \
        SetType(TupleType((C1, X1)))
    assert not compatible(C1, C2, TRAITS) and not compatible(X1, INTEGER, TRAITS)
    bindings: dict = {}
    assert unify(parse_type("ℬ(R1)"), SetType(INTEGER), bindings, TRAITS)
    assert unify(parse_type("ℬ(R1)"), SetType(C1), bindings, TRAITS)
    assert bindings == {"R1": C1}


def test_arithmetic_types():
    assert TRAITS.arithmetic(TRAITS.arithmetic(None, C1), INTEGER) == C1
    assert TRAITS.arithmetic(C1, C2) == INTEGER
    assert TRAITS.arithmetic(None, parse_type("R0")) == INTEGER


# ----------------------------------------------------------------------------
# Evaluation: the elements of a constant set are integers

DATA = {"X1": {10, 20}, "C1": {1, 2, 3}, "C2": {5, 6}, "C3": {7}, "C4": {8, 9}, "C5": {0},
        "S1": 2, "S2": {(1, 10), (3, 20)}, "S3": 3, "S4": 5, "S5": 7, "S6": 10, "S7": 8,
        "S8": {1, 3}, "S9": 0}
F = frozenset

VALUES = [
    ("S1 + 1", r"S1 \plus 1", 3),
    ("S3 - S4", r"S3 \minus S4", -2),
    ("S1 * S3", r"S1 \multiply S3", 6),
    ("S1 < 1", r"S1 \ls 1", False),
    ("S1 ≥ S3", r"S1 \ge S3", False),
    ("S4 > S1", r"S4 \gr S1", True),
    ("S1 ∈ Z", r"S1 \in Z", True),
    ("S1 + 1 ∈ C1", r"S1 \plus 1 \in C1", True),
    ("S3 + 1 ∈ C1", r"S3 \plus 1 \in C1", False),
    ("∀c∈C1 c ∈ Z", r"\A c \in C1 c \in Z", True),
    ("{S1, 1}", None, F({1, 2})),
    ("S8 ∪ {2}", r"S8 \union {2}", F({1, 2, 3})),
    ("C1 \\ {2}", r"C1 \setminus {2}", F({1, 3})),
    ("D{c ∈ C1 | c ∈ Z}", r"D{c \in C1 | c \in Z}", F({1, 2, 3})),
    ("Fi1[{1}](S2)", None, F({(1, 10)})),
    ("D{c ∈ C1 | c > 1}", r"D{c \in C1 | c \gr 1}", F({2, 3})),
    ("R{a := S1 | a < 9 | a + 1}", r"R{a \assign S1 | a \ls 9 | a \plus 1}", 9),
    ("I{c + 1 | c :∈ S8}", r"I{c \plus 1 | c \from S8}", F({2, 4})),
    ("card(S2) + S1", r"card(S2) \plus S1", 4),
    ("F3[S1 + 1]", r"F3[S1 \plus 1]", 3),
]

FUNCTIONS = {alias: SCHEMA.tree(alias) for alias in ("F1", "F2", "F3")}


@pytest.mark.parametrize("text, expected", list(_forms(VALUES)))
def test_evaluator_and_oracle_agree_on_constants(text, expected):
    assert evaluate(SCHEMA, text, DATA) == expected
    assert naive(parse_expression(text), DATA, FUNCTIONS) == expected


def test_terms_over_constants_evaluate():
    results = evaluate_schema(SCHEMA, DATA)
    assert results["D1"].value == 3 and results["D2"].value == F({1, 3})


@pytest.mark.parametrize("value, problem", [
    ("abc", "not a finite set"),
    ({1, "a"}, "not an integer"),
    ({True, 2}, "not an integer"),
    ({1, 2.5}, "not an integer"),
])
def test_a_constant_set_must_hold_integers(value, problem):
    data = {**DATA, "C1": value}
    text = "C1 ∪ {1}"
    with pytest.raises(RSLError) as caught:
        evaluate(SCHEMA, text, data)
    assert (caught.value.code, caught.value.span) == ("calcInvalidData", (0, 2))
    assert problem in caught.value.message
    with pytest.raises(RSLError) as caught:  # through a structure and a term
        evaluate(SCHEMA, "D1 + 1", data)
    assert (caught.value.code, caught.value.span) == ("calcInvalidData", (0, 2))
    result = evaluate_schema(SCHEMA, data)["D1"]
    assert result.error is not None and result.error.code == "calcInvalidData"
    assert evaluate(SCHEMA, "S6", data) == 10  # what does not use C1 is unaffected


# ----------------------------------------------------------------------------
# The Saper schema has no constants: it reads, types and evaluates as before

def test_saper_has_no_constants_and_types():
    saper = Schema.load(ROOT / "spec" / "saper.rsl")
    assert not [c for c in saper if c.kind == "constant"]
    assert all(c.traits is None for c in saper)
    assert saper.errors() == []
    assert saper.typify("D15") == "ℬℬ(X1)"
