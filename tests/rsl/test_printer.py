"""The printers: canonical Unicode, ASCII and the bracket tree.

Round trips on hypothesis-generated trees (``tests/rsl/strategies.py``):
``parse(unicode(t), "unicode") == t``, ``parse(ascii(t), "ascii") == t``,
idempotent printing, and no printed text is ever ambiguous.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from setmine.rsl.syntax import tree as s
from setmine.rsl.syntax.parser import parse_expression, parse_with_warnings
from setmine.rsl.syntax.printer import ascii, unicode
from setmine.rsl.syntax.tree import bracket_tree

from .strategies import expressions
from .test_grammar import CONSTRUCTS, PRECEDENCE, SEED

ROUND_TRIPS = settings(max_examples=250, deadline=None,
                       suppress_health_check=[HealthCheck.too_slow])


# ----------------------------------------------------------------------------
# Canonical texts

@pytest.mark.parametrize("text, unicode_text, ascii_text", [
    ("∀ a ∈ X₁ a = a", "∀a∈X1 a=a", r"\A a \in X1 a \eq a"),
    ("∀a, b ∈ X₁ a = b", "∀a, b∈X1 a=b", r"\A a, b \in X1 a \eq b"),
    ("∀(a,b) ∈ S₁ a = b", "∀(a, b)∈S1 a=b", r"\A (a, b) \in S1 a \eq b"),
    ("∀c ∈ D₅, ∀d ∈ D₆ (c=d & d=c)", "∀c∈D5 ∀d∈D6 (c=d & d=c)",
     r"\A c \in D5 \A d \in D6 (c \eq d \and d \eq c)"),
    ("¬ a ∈ X1", "¬a∈X1", r"\neg a \in X1"),
    ("¬(a=a ∨ b=b)", "¬(a=a ∨ b=b)", r"\neg (a \eq a \or b \eq b)"),
    ("a=a & b=b ∨ c=c", "a=a & b=b ∨ c=c", r"a \eq a \and b \eq b \or c \eq c"),
    ("a=a & (b=b ∨ c=c)", "a=a & (b=b ∨ c=c)", r"a \eq a \and (b \eq b \or c \eq c)"),
    ("(a=a ⇒ b=b) ⇒ c=c", "a=a ⇒ b=b ⇒ c=c", r"a \eq a \impl b \eq b \impl c \eq c"),
    ("a=a ⇒ (b=b ⇒ c=c)", "a=a ⇒ (b=b ⇒ c=c)", r"a \eq a \impl (b \eq b \impl c \eq c)"),
    ("(∀a∈X1 a=a) & b=b", "∀a∈X1 a=a & b=b", r"\A a \in X1 a \eq a \and b \eq b"),
    ("pr₂ d \\ D₈", "pr2(d)\\D8", r"pr2(d) \setminus D8"),
    ("red (Pr₂ D₇)", "red(Pr2(D7))", "red(Pr2(D7))"),
    ("ℬℬ(X1)", "ℬ(ℬ(X1))", "B(B(X1))"),
    ("X1×ℬ(X1)", "X1×ℬ(X1)", "X1*B(X1)"),
    ("(X1×X1)×X1", "(X1×X1)×X1", "(X1*X1)*X1"),
    ("a∪b×c", "a∪(b×c)", r"a \union (b*c)"),
    ("a∩b∪c", "(a∩b)∪c", r"(a \intersect b) \union c"),
    ("a∪b∪c", "a∪b∪c", r"a \union b \union c"),
    ("a∪(b∪c)", "a∪(b∪c)", r"a \union (b \union c)"),
    ("a\\b\\c", "(a\\b)\\c", r"(a \setminus b) \setminus c"),
    ("1-2+3", "(1-2)+3", r"(1 \minus 2) \plus 3"),
    ("1+2-3", "1+2-3", r"1 \plus 2 \minus 3"),
    ("1-(2-3)", "1-(2-3)", r"1 \minus (2 \minus 3)"),
    ("(1+2)*3", "(1+2)*3", r"(1 \plus 2) \multiply 3"),
    ("card(S2) - card(D8)", "card(S2)-card(D8)", r"card(S2) \minus card(D8)"),
    ("{a ∈ X1 | a = a}", "D{a∈X1 | a=a}", r"D{a \in X1 | a \eq a}"),
    ("I{(a,b) | a:∈X1; b:=a; a=b}", "I{(a, b) | a:∈X1; b:=a; a=b}",
     r"I{(a, b) | a \from X1; b \assign a; a \eq b}"),
    ("R{a:=X1 | a=a | a∩X1}", "R{a:=X1 | a=a | a∩X1}",
     r"R{a \assign X1 | a \eq a | a \intersect X1}"),
    ("R{a:=X1 | a∩X1}", "R{a:=X1 | a∩X1}", r"R{a \assign X1 | a \intersect X1}"),
    ("Fi1,2[X1,X2](S1)", "Fi1,2[X1, X2](S1)", "Fi1,2[X1, X2](S1)"),
    ("Pr1,2(S1)", "Pr1,2(S1)", "Pr1,2(S1)"),
    ("{a,b}", "{a, b}", "{a, b}"),
    ("{∅}", "{∅}", "{{}}"),
    ("card((a,b))", "card((a, b))", "card((a, b))"),
    ("F1[a,b]", "F1[a, b]", "F1[a, b]"),
    ("[a∈ℬ(R1), b∈ℬ(R1×R2)] a∩Pr1(b)", "[a∈ℬ(R1), b∈ℬ(R1×R2)] a∩Pr1(b)",
     r"[a \in B(R1), b \in B(R1*R2)] a \intersect Pr1(b)"),
    ("1 ≤ Z", "1≤Z", r"1 \le Z"),
    # a local spelled like an ASCII command after a set difference
    ("X1\\ in", "X1\\ in", r"X1 \setminus in"),
    ("X1\\ and", "X1\\ and", r"X1 \setminus and"),
    ("X1\\in1", "X1\\in1", r"X1 \setminus in1"),
])
def test_canonical_texts(text, unicode_text, ascii_text):
    node = parse_expression(text, "unicode")
    assert unicode(node) == unicode_text
    assert ascii(node) == ascii_text
    assert parse_expression(unicode_text, "unicode") == node
    assert parse_expression(ascii_text, "ascii") == node


def test_star_is_multiplication_in_unicode_and_product_in_ascii():
    node = parse_expression("(a×b)*c", "unicode")
    assert str(node) == "[*[×[a][b]][c]]"
    assert unicode(node) == "a×b*c"
    assert ascii(node) == r"a*b \multiply c"


def test_bracket_tree_of_every_node_kind():
    node = s.FunctionDef((s.Parameter(s.Local("a"), s.Apply("ℬ", s.Radical("R1"))),),
                         s.Imperative(s.Local("a"), (
                             s.Iterate(s.TupleDecl((s.Local("b"), s.Local("c"))), s.Global("S1")),
                             s.Assign(s.Local("d"), s.Recursive(s.Local("e"), s.EmptySet(), None,
                                                                s.IntegerSet())),
                             s.Quantifier("∃", s.DeclList((s.Local("f"), s.Local("g"))),
                                          s.Filter((1, 2), (s.Integer(3),), s.Local("a")),
                                          s.Negation(s.Call("P1", (s.Local("f"),)))),
                         )))
    assert bracket_tree(node) == str(node) == (
        "[FUNCTION_DEFINITION[ARGUMENT[a][ℬ[R1]]][IMPERATIVE[a]"
        "[:∈[TUPLE_DECLARATION[b][c]][S1]][:=[d][RECURSIVE[e][∅][Z]]]"
        "[∃[ENUM_DECLARATION[f][g]][Fi1,2[3][a]][¬[P1[f]]]]]]")
    assert parse_expression(unicode(node), "unicode") == node
    assert parse_expression(ascii(node), "ascii") == node


ALL_TABLE_TEXTS = ([row[0] for row in CONSTRUCTS] + [row[0] for row in PRECEDENCE]
                   + [row[1] for row in SEED] + [row[2] for row in SEED])


@pytest.mark.parametrize("text", ALL_TABLE_TEXTS)
def test_table_texts_round_trip(text):
    node = parse_expression(text, "unicode")
    for printed, syntax in ((unicode(node), "unicode"), (ascii(node), "ascii")):
        parsed = parse_with_warnings(printed, syntax)
        assert parsed.tree == node, printed
        assert parsed.warnings == [], printed


# ----------------------------------------------------------------------------
# Round trips of generated trees

@ROUND_TRIPS
@given(expressions())
def test_unicode_round_trip(node):
    text = unicode(node)
    parsed = parse_with_warnings(text, "unicode")
    assert parsed.tree == node, text
    assert parsed.warnings == [], text
    assert unicode(parsed.tree) == text          # idempotent printing
    assert parse_expression(text) == node        # auto reads canonical text as Unicode


@ROUND_TRIPS
@given(expressions())
def test_ascii_round_trip(node):
    text = ascii(node)
    parsed = parse_with_warnings(text, "ascii")
    assert parsed.tree == node, text
    assert parsed.warnings == [], text
    assert ascii(parsed.tree) == text
    assert unicode(parse_expression(text, "ascii")) == unicode(node)
    name_characters = set("".join(_names(node)))
    assert all(ch.isascii() or ch in name_characters for ch in text), text


@ROUND_TRIPS
@given(expressions())
def test_bracket_tree_is_a_function_of_the_tree(node):
    text = unicode(node)
    assert str(parse_expression(text, "unicode")) == str(node) == bracket_tree(node)


def _names(node: s.Node) -> list[str]:
    return [n.name for n in node.walk() if isinstance(n, (s.Local, s.Global, s.Radical))]
