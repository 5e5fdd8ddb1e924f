"""What the reference's parser accepts, setmine's parser accepts (issue 15).

The reference (ConceptCore, ConceptPortal) reads formulas and set
expressions as one kind of expression and leaves it to the semantic analysis
to say which one each place needs; setmine used to stop at the syntax
(``unknownSyntax``, ``expectedRightOperand``, ``expectedLocal``).  Each row:
an expression (Unicode, then its ASCII spelling), the semantic code, its span
``[start, end)`` in code points and the text under the span.  Then the
declarations of constituents, ``D1 :== …`` / ``S1 ::= …`` (ASCII
``\\defexpr`` / ``\\deftype``): their trees, both printers, their types and
their values.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from setmine.eval.interpret.evaluator import Evaluator
from setmine.eval.interpret.model import evaluate
from setmine.oracle import naive
from setmine.rsl.syntax import tree as s
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import parse_expression, parse_with_warnings
from setmine.rsl.syntax.printer import ascii, unicode
from setmine.rsl.schema import Schema
from setmine.rsl.semantics.types import parse_type
from setmine.rsl.semantics.typification import VALUE, GlobalInfo
from setmine.rsl.semantics.typifier import typify

from .strategies import misplaced_expressions

ROOT = Path(__file__).resolve().parents[2]


def info(kind: str, type_text: str) -> GlobalInfo:
    return GlobalInfo(kind, parse_type(type_text), VALUE)


ENV = {
    "X1": info("basic", "ℬ(X1)"),
    "S1": info("structure", "ℬ(X1×X1)"),
    "S2": info("structure", "ℬ(X1)"),
    "D1": info("term", "ℬ(X1)"),
    "F1": info("function", "[ℬ(R1)] → ℬ(R1)"),
    "P1": info("predicate", "[X1] → Logic"),
}

# (expression, code, span, the text under the span); each Unicode row is
# followed by its ASCII spelling (the printer's).
SEMANTIC = [
    # -- expectedSetexpr: a formula where a set expression is expected
    ("(1=1)∪X1", "expectedSetexpr", (0, 5), "(1=1)"),
    (r"(1 \eq 1) \union X1", "expectedSetexpr", (0, 9), r"(1 \eq 1)"),
    ("X1∪(1=1)", "expectedSetexpr", (3, 8), "(1=1)"),
    (r"X1 \union (1 \eq 1)", "expectedSetexpr", (10, 19), r"(1 \eq 1)"),
    ("X1\\(S2⊆X1)", "expectedSetexpr", (3, 10), "(S2⊆X1)"),
    (r"X1 \setminus (S2 \subseteq X1)", "expectedSetexpr", (13, 30), r"(S2 \subseteq X1)"),
    ("Fi1[X1](1=1)", "expectedSetexpr", (8, 11), "1=1"),
    (r"Fi1[X1](1 \eq 1)", "expectedSetexpr", (8, 15), r"1 \eq 1"),
    ("card(1=1)", "expectedSetexpr", (5, 8), "1=1"),
    (r"card(1 \eq 1)", "expectedSetexpr", (5, 12), r"1 \eq 1"),
    ("bool(1=1)", "expectedSetexpr", (5, 8), "1=1"),
    (r"bool(1 \eq 1)", "expectedSetexpr", (5, 12), r"1 \eq 1"),
    ("{X1, (1=1)}", "expectedSetexpr", (5, 10), "(1=1)"),
    (r"{X1, (1 \eq 1)}", "expectedSetexpr", (5, 14), r"(1 \eq 1)"),
    ("(1=1)=(2=2)", "expectedSetexpr", (0, 5), "(1=1)"),
    (r"(1 \eq 1) \eq (2 \eq 2)", "expectedSetexpr", (0, 9), r"(1 \eq 1)"),
    ("(S2=X1)+1", "expectedSetexpr", (0, 7), "(S2=X1)"),
    (r"(S2 \eq X1) \plus 1", "expectedSetexpr", (0, 11), r"(S2 \eq X1)"),
    ("F1[(S2=X1)]", "expectedSetexpr", (3, 10), "(S2=X1)"),
    (r"F1[(S2 \eq X1)]", "expectedSetexpr", (3, 14), r"(S2 \eq X1)"),
    ("∀a∈X1 P1[a]∪X1=X1", "expectedSetexpr", (6, 11), "P1[a]"),       # a predicate's call
    (r"\A a \in X1 P1[a] \union X1 \eq X1", "expectedSetexpr", (12, 17), "P1[a]"),
    # -- expectedLogic: a set expression where a formula is expected
    ("X1 & 1=1", "expectedLogic", (0, 2), "X1"),
    (r"X1 \and 1 \eq 1", "expectedLogic", (0, 2), "X1"),
    ("1=1 & X1", "expectedLogic", (6, 8), "X1"),
    (r"1 \eq 1 \and X1", "expectedLogic", (13, 15), "X1"),
    ("X1 ⇔ S2", "expectedLogic", (0, 2), "X1"),
    (r"X1 \equiv S2", "expectedLogic", (0, 2), "X1"),
    ("¬X1", "expectedLogic", (1, 3), "X1"),
    (r"\neg X1", "expectedLogic", (5, 7), "X1"),
    ("∀a∈X1 X1", "expectedLogic", (6, 8), "X1"),                         # a quantifier's body
    (r"\A a \in X1 X1", "expectedLogic", (12, 14), "X1"),
    ("∃a∈X1 a", "expectedLogic", (6, 7), "a"),
    (r"\E a \in X1 a", "expectedLogic", (12, 13), "a"),
    ("F1[S2] ∨ 1=1", "expectedLogic", (0, 6), "F1[S2]"),                 # a function's call
    (r"F1[S2] \or 1 \eq 1", "expectedLogic", (0, 6), "F1[S2]"),
    ("1=1 ⇒ F1[S2]", "expectedLogic", (6, 12), "F1[S2]"),
    (r"1 \eq 1 \impl F1[S2]", "expectedLogic", (14, 20), "F1[S2]"),
    ("D{a∈X1 | a}", "expectedLogic", (9, 10), "a"),
    (r"D{a \in X1 | a}", "expectedLogic", (13, 14), "a"),
    ("R{a:=X1 | X1 | a}", "expectedLogic", (10, 12), "X1"),
    (r"R{a \assign X1 | X1 | a}", "expectedLogic", (17, 19), "X1"),
    ("I{a | a:∈X1; S2}", "expectedLogic", (13, 15), "S2"),
    (r"I{a | a \from X1; S2}", "expectedLogic", (18, 20), "S2"),
    # -- invalidQuantifierDomain: a domain that is not a set (a formula too)
    ("∀a∈(1=1) a=a", "invalidQuantifierDomain", (3, 8), "(1=1)"),
    (r"\A a \in (1 \eq 1) a \eq a", "invalidQuantifierDomain", (9, 18), r"(1 \eq 1)"),
    ("∀a∈(S2⊆X1) a=a", "invalidQuantifierDomain", (3, 10), "(S2⊆X1)"),
    (r"\A a \in (S2 \subseteq X1) a \eq a", "invalidQuantifierDomain", (9, 26),
     r"(S2 \subseteq X1)"),
    ("∃a∈1 a=a", "invalidQuantifierDomain", (3, 4), "1"),
    (r"\E a \in 1 a \eq a", "invalidQuantifierDomain", (9, 10), "1"),
    ("D{a∈(1=1) | a=a}", "expectedSetexpr", (4, 9), "(1=1)"),
    (r"D{a \in (1 \eq 1) | a \eq a}", "expectedSetexpr", (8, 17), r"(1 \eq 1)"),
    ("[a∈(1=1)] a", "expectedSetexpr", (3, 8), "(1=1)"),
    (r"[a \in (1 \eq 1)] a", "expectedSetexpr", (7, 16), r"(1 \eq 1)"),
    # -- invalidArgumentCortegeDeclare: a tuple declares a function's argument
    ("[(a, b)∈S1] a", "invalidArgumentCortegeDeclare", (1, 7), "(a, b)"),
    (r"[(a, b) \in S1] a", "invalidArgumentCortegeDeclare", (1, 7), "(a, b)"),
    ("[a∈X1, (b, c)∈S1] a", "invalidArgumentCortegeDeclare", (7, 13), "(b, c)"),
    (r"[a \in X1, (b, c) \in S1] a", "invalidArgumentCortegeDeclare", (11, 17), "(b, c)"),
    ("[((a, b), c)∈S1×X1] c", "invalidArgumentCortegeDeclare", (1, 12), "((a, b), c)"),
    (r"[((a, b), c) \in S1*X1] c", "invalidArgumentCortegeDeclare", (1, 12), "((a, b), c)"),
]

DATA = {"X1": frozenset({1, 2, 3}), "S1": frozenset({(1, 2), (2, 1)}), "S2": frozenset({2})}
FUNCTIONS = {"F1": parse_expression("[a∈ℬ(R1)] a"), "P1": parse_expression("[a∈X1] a=a")}


@pytest.mark.parametrize("text, code, span, fragment", SEMANTIC, ids=[r[0] for r in SEMANTIC])
def test_parsed_then_rejected_with_the_semantic_code(text, code, span, fragment):
    tree = parse_expression(text)  # no syntax error any more
    with pytest.raises(RSLError) as caught:
        typify(tree, ENV)
    assert (caught.value.code, caught.value.span) == (code, span), caught.value.message
    assert text[span[0]:span[1]] == fragment


@pytest.mark.parametrize("unicode_text, ascii_text", list(zip(SEMANTIC[::2], SEMANTIC[1::2])),
                         ids=[r[0] for r in SEMANTIC[::2]])
def test_rows_print_and_read_back(unicode_text, ascii_text):
    tree = parse_expression(unicode_text[0])
    assert unicode(tree) == unicode_text[0]
    assert ascii(tree) == ascii_text[0]
    assert parse_expression(ascii_text[0], "ascii") == tree
    assert parse_expression(unicode(tree)) == tree


@pytest.mark.parametrize("text", [row[0] for row in SEMANTIC[::2]])
def test_evaluators_reject_misplaced_operands_cleanly(text):
    """Evaluated without the typifier, a misplaced operand is an RSLError of
    the evaluator and of the oracle, never a crash."""
    tree = parse_expression(text)
    for run in (lambda: Evaluator(DATA, FUNCTIONS).evaluate(tree),
                lambda: naive.evaluate(tree, DATA, FUNCTIONS)):
        with pytest.raises(RSLError):
            run()


def test_a_schema_rejects_a_misplaced_operand_with_its_line():
    schema = Schema.parse("X1\nS2 ::= ℬ(X1)\nA1 :== X1 & 1=1\nD1 :== (1=1) ∪ S2\n")
    assert (schema.analysis["A1"].error.code, schema.analysis["A1"].error.span) == \
        ("expectedLogic", (0, 2))
    assert (schema.analysis["D1"].error.code, schema.analysis["D1"].error.span) == \
        ("expectedSetexpr", (0, 5))


# ----------------------------------------------------------------------------
# Declarations of constituents: ALIAS :== EXPR, ALIAS ::= TYPE

DEFINITIONS = [
    # (Unicode, ASCII, bracket tree, type in ENV)
    ("D1 :== X1\\S2", r"D1 \defexpr X1 \setminus S2", "[:==[D1][\\[X1][S2]]]", "ℬ(X1)"),
    ("D2 :== card(S2)", r"D2 \defexpr card(S2)", "[:==[D2][card[S2]]]", "Z"),
    ("S1 ::= ℬ(X1×X1)", r"S1 \deftype B(X1*X1)", "[::=[S1][ℬ[×[X1][X1]]]]", "ℬ(X1×X1)"),
    ("S2 ::= ℬ(X1)", r"S2 \deftype B(X1)", "[::=[S2][ℬ[X1]]]", "ℬ(X1)"),
    ("A1 :== ∀a∈S2 a∈X1", r"A1 \defexpr \A a \in S2 a \in X1", "[:==[A1][∀[a][S2][∈[a][X1]]]]",
     "Logic"),
    ("F2 :== [a∈ℬ(R1)] a∪a", r"F2 \defexpr [a \in B(R1)] a \union a",
     "[:==[F2][FUNCTION_DEFINITION[ARGUMENT[a][ℬ[R1]]][∪[a][a]]]]", "[ℬ(R1)] → ℬ(R1)"),
    ("P2 :== [a∈X1] a∈S2", r"P2 \defexpr [a \in X1] a \in S2",
     "[:==[P2][FUNCTION_DEFINITION[ARGUMENT[a][X1]][∈[a][S2]]]]", "[X1] → Logic"),
]


@pytest.mark.parametrize("text, ascii_text, expected, type_text", DEFINITIONS,
                         ids=[r[0] for r in DEFINITIONS])
def test_definitions(text, ascii_text, expected, type_text):
    tree = parse_expression(text)
    assert isinstance(tree, s.GlobalDefinition)
    assert str(tree) == expected
    assert parse_expression(ascii_text) == tree          # auto reads the ASCII form
    assert parse_expression(ascii_text, "ascii") == tree
    assert unicode(tree) == text and ascii(tree) == ascii_text
    assert str(typify(tree, ENV).type) == type_text


def test_definitions_in_the_2013_forms():
    assert parse_expression("D₁ :== X₁\\S₂") == parse_expression("D1 :== X1\\S2")
    assert parse_expression("D1\\defexpr X1") == parse_expression("D1 :== X1")


@pytest.mark.parametrize("text, code, span, fragment", [
    ("S1 ::= X1∪X1", "globalStructure", (7, 12), "X1∪X1"),
    ("S1 ::= (1=1)", "globalStructure", (7, 12), "(1=1)"),
    ("D1 :== (1=1) ∪ X1", "expectedSetexpr", (7, 12), "(1=1)"),
    (r"D1 \defexpr (1 \eq 1) \union X1", "expectedSetexpr", (12, 21), r"(1 \eq 1)"),
    ("F2 :== [(a, b)∈S1] a", "invalidArgumentCortegeDeclare", (8, 14), "(a, b)"),
])
def test_definitions_with_semantic_errors(text, code, span, fragment):
    with pytest.raises(RSLError) as caught:
        typify(parse_expression(text), ENV)
    assert (caught.value.code, caught.value.span) == (code, span), caught.value.message
    assert text[span[0]:span[1]] == fragment


@pytest.mark.parametrize("text, code, span", [
    ("D1 :==", "expectedRightOperand", (6, 6)),
    ("D1 :== S1 ::= X1", "unknownSyntax", (10, 13)),       # one declaration, at the top
    ("X1 ∪ D1 :== X1", "unknownSyntax", (8, 11)),
    (r"a \deftype b", "unknownSyntax", (2, 10)),           # a constituent's alias only
    ("R1 :== X1", "unknownSyntax", (3, 6)),
])
def test_definitions_with_syntax_errors(text, code, span):
    with pytest.raises(RSLError) as caught:
        parse_expression(text)
    assert (caught.value.code, caught.value.span) == (code, span), caught.value.message


SAPER = Schema.load(ROOT / "spec" / "saper.rsl")


@pytest.mark.parametrize("text, expected", [
    ("D1 :== X1\\S3", "ℬ(X1)"),
    (r"D1 \defexpr X1 \setminus S3", "ℬ(X1)"),
    ("S1 ::= ℬ(X1×X1)", "ℬ(X1×X1)"),
    (r"S1 \deftype B(X1*X1)", "ℬ(X1×X1)"),
    ("A99 :== ∀a∈X1 a∈Pr1(S1)", "Logic"),
])
def test_definitions_in_the_saper_schema(text, expected):
    assert SAPER.typify(text) == expected
    assert isinstance(SAPER.expression_tree(text), s.GlobalDefinition)


SCHEMA = Schema.parse("X1\nS1 ::= ℬ(X₁×X₁)\nS2 ::= ℬ(X₁)\nF1 :== [a∈ℬ(X1)] a ∪ a\n")


@pytest.mark.parametrize("text, expected", [
    ("D1 :== S2 ∪ X1", frozenset({1, 2, 3})),
    (r"D1 \defexpr S2 \union X1", frozenset({1, 2, 3})),
    ("D1 :== F1[S2]", frozenset({2})),
    ("A1 :== ∀a∈S2 a∈X1", True),
    (r"A1 \defexpr \E a \in X1 a \notin S2", True),
    ("S1 ::= ℬ(X1×X1)", "calculationNotSupported"),   # a structure's value is data
    (r"S1 \deftype B(X1*X1)", "calculationNotSupported"),
    ("F2 :== [a∈ℬ(X1)] a", "calculationNotSupported"),  # a function's only when applied
])
def test_evaluating_a_definition(text, expected):
    tree = parse_expression(text)
    if isinstance(expected, str):
        for run in (lambda: evaluate(SCHEMA, text, DATA), lambda: Evaluator(DATA).evaluate(tree),
                    lambda: naive.evaluate(tree, DATA)):
            with pytest.raises(RSLError) as caught:
                run()
            assert caught.value.code == expected
    else:
        assert evaluate(SCHEMA, text, DATA) == expected
        functions = {"F1": SCHEMA.tree("F1")}
        assert Evaluator(DATA, functions).evaluate(tree) == expected
        assert naive.evaluate(tree, DATA, functions) == expected


def test_a_function_with_a_tuple_argument_evaluates_or_fails_cleanly():
    """The typifier rejects ``[(a, b)∈S1] a``; evaluated anyway, it binds
    the components."""
    functions = {"F9": parse_expression("[(a, b)∈S1] a")}
    tree = parse_expression("F9[(1, 2)]")
    assert Evaluator(DATA, functions).evaluate(tree) == 1
    assert naive.evaluate(tree, DATA, functions) == 1


# ----------------------------------------------------------------------------
# The spec files, and round trips of any tree the parser now reads

@pytest.mark.parametrize("path", sorted((ROOT / "spec").glob("*.rsl")), ids=lambda p: p.name)
def test_spec_files_parse_and_type_without_errors(path):
    schema = Schema.load(path)
    for alias, analysis in schema.analysis.items():
        tree = analysis.tree
        if tree is None:
            continue
        assert parse_expression(unicode(tree)) == tree, alias
        assert parse_expression(ascii(tree), "ascii") == tree, alias
    assert schema.errors() == [] or path.name != "saper-corrected.rsl"


ROUND_TRIPS = settings(max_examples=300, deadline=None,
                       suppress_health_check=[HealthCheck.too_slow])


@ROUND_TRIPS
@given(misplaced_expressions())
def test_misplaced_and_definition_trees_round_trip(node):
    for text, syntax in ((unicode(node), "unicode"), (ascii(node), "ascii")):
        parsed = parse_with_warnings(text, syntax)
        assert parsed.tree == node, text
        assert parsed.warnings == [], text
