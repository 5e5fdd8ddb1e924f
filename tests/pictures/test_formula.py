"""The formula with hoverable sub-terms (``pictures/formula.py``), judged
against the parts it is made of: the printer (the text, character for
character), the typifier (each closed sub-term's type is what typifying its
text alone gives) and the evaluator (each closed sub-term's value is what
evaluating its text alone gives).  The HTML is parsed as XML: a span that
does not close, or text escaped twice or not at all, fails to parse or to
read back."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings

from setmine.board import load_board, structure
from setmine.eval.interpret.evaluator import Evaluator
from setmine.eval.interpret.model import evaluate_schema
from setmine.eval.shapes.terms import free_locals
from setmine.eval.values.budget import Budget
from setmine.pictures import formula
from setmine.pictures.formula import formula_html, value_text
from setmine.rsl import Schema, parse, unicode
from setmine.rsl.syntax import tree as s
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.semantics.node_types import node_types
from setmine.rsl.semantics.typifier import typify

from ..rsl.strategies import expressions

SCHEMAS = ("spec/saper.rsl", "spec/saper-corrected.rsl")
BOARDS = ("spec/boards/tiny-2x2.board", "spec/boards/beginner-midgame.board")


@cache
def schema(path: str) -> Schema:
    return Schema.load(path)


@cache
def board_values(path: str, board: str) -> dict:
    data = structure(load_board(board))
    results = evaluate_schema(schema(path), data)
    return {**data, **{a: r.value for a, r in results.items() if r.ok}}


CONSTITUENTS = [(path, c.alias) for path in SCHEMAS for c in schema(path)
                if schema(path).analysis[c.alias].tree is not None]

# Expressions over the Saper schema that the constituents do not spell:
# chains mixing operators, parentheses, escaped characters, every binding
# construct, tuples of locals, a function definition.
EXPRESSIONS = [
    "card(X1)<card(S1) & X1=X1",
    "S2∪S3∩S4",
    "X1\\(S3∪S2)\\S4",
    "(X1\\S3)∩S2 ∆ S4",
    "card(S2)+card(S3)*2-1",
    "card(S2)-(card(S3)-1)",
    "¬(S3⊆S2 ∨ S4⊂X1) ⇔ 1≤card(S4)",
    "∀(a, b)∈S1 (a, b)∈S1",
    "∀a, b∈X1 ((a, b)∈S1 ⇒ (b, a)∈S1)",
    "Pr2(Fi1[S3](S1))",
    "{X1, S2, ∅}",
    "bool(debool(S4))",
    "I{(x, y) | x:∈S3; y:∈X1; (x, y)∈S1; z:=card(S2); z>0}",
    "R{m:=S3 | card(m)<card(X1) | m∪Pr2(Fi1[m](S1))}",
    "D{(c, n)∈D5 | card(n)>0}",
    "red(Pr2(D6))∩D8",
    "[a∈ℬ(R1), b∈ℬ(R1×R2)] card(a∪Pr1(b))+card(X1)",
]


def trees():
    for path, alias in CONSTITUENTS:
        yield path, schema(path).tree(alias)
    for text in EXPRESSIONS:
        yield SCHEMAS[1], parse(text)


CASES = list(trees())
IDS = [f"{p.split('/')[-1]}:{unicode(t)[:30]}" for p, t in CASES]


def read(html) -> ET.Element:
    """The HTML as an XML tree (it must be well-formed)."""
    return ET.fromstring(f"<formula>{html}</formula>")


def text(element: ET.Element) -> str:
    return "".join(element.itertext())


def spans(html) -> list[ET.Element]:
    """The spans in document order (their opening tags')."""
    return list(read(html).iter("span"))


def marked_nodes(tree: s.Node) -> list[s.Node]:
    """The nodes that get a span, in the order their spans open."""
    return [n for n in tree.walk() if not isinstance(n, formula.PARTS)]


def closed_tree(piece: str) -> s.Node | None:
    """The tree of a span's text when it parses alone and has no free local
    nor radical (a radical types only in a parameter's domain)."""
    try:
        tree = parse(piece)
    except RSLError:
        return None
    radical = any(isinstance(n, s.Radical) for n in tree.walk())
    return None if free_locals(tree) or radical else tree


# ----------------------------------------------------------------------------
# The text

@pytest.mark.parametrize("path, tree", CASES, ids=IDS)
def test_the_text_is_the_printers_and_every_node_has_its_span(path, tree):
    html = formula_html(tree, schema(path).environment(), board_values(path, BOARDS[0]))
    assert text(read(html)) == unicode(tree)
    found = spans(html)
    nodes = marked_nodes(tree)
    assert [text(e) for e in found] == [unicode(n) for n in nodes]
    assert all(e.get("class") == "st" for e in found)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expressions())
def test_any_tree_prints_as_the_printer_prints_it(tree):
    """Random trees — mostly ill-typed, with locals named like ASCII
    commands (``X1\\ in``) — print character for character, every node in
    its span."""
    html = formula_html(tree, schema(SCHEMAS[1]).environment(), board_values(SCHEMAS[1], BOARDS[0]))
    assert text(read(html)) == unicode(tree)
    assert [text(e) for e in spans(html)] == [unicode(n) for n in marked_nodes(tree)]


def test_a_local_named_like_a_command_keeps_its_space():
    tree = s.SetOperation("\\", s.Global("X1"), s.Local("in"))
    html = formula_html(tree, {})
    assert unicode(tree) == "X1\\ in" == text(read(html))


def test_the_text_is_escaped_once():
    html = formula_html(parse("card(X1)<card(S1) & X1=X1"), schema(SCHEMAS[1]).environment())
    assert "&lt;" in html and " &amp; " in html and "&amp;amp;" not in html
    assert text(read(html)) == "card(X1)<card(S1) & X1=X1"


def test_parentheses_stay_outside_the_spans():
    html = formula_html(parse("X1\\(S3∪S2)"), schema(SCHEMAS[1]).environment())
    assert [text(e) for e in spans(html)] == ["X1\\(S3∪S2)", "X1", "S3∪S2", "S3", "S2"]


# ----------------------------------------------------------------------------
# Types

@pytest.mark.parametrize("path, tree", CASES, ids=IDS)
def test_every_node_of_a_typed_formula_has_the_type_of_its_text(path, tree):
    env = schema(path).environment()
    found = spans(formula_html(tree, env))
    assert all(e.get("data-type") and e.get("title") == e.get("data-type") for e in found)
    assert found[0].get("data-type") == str(typify(tree, env).type)
    for element in found:
        piece = text(element)
        alone = closed_tree(piece)
        if alone is not None:
            assert element.get("data-type") == str(typify(alone, env).type), piece


def test_locals_get_the_type_their_declaration_gives():
    env = schema(SCHEMAS[1]).environment()
    found = spans(formula_html(parse("∀(a, b)∈S1 ∃c∈ℬ(X1) a∈c"), env))
    types = {text(e): e.get("data-type") for e in found}
    assert types["(a, b)"] == "X1×X1"
    assert types["a"] == types["b"] == "X1" and types["c"] == "ℬ(X1)"


def test_a_formula_that_does_not_typify_keeps_what_was_typed():
    env = schema(SCHEMAS[1]).environment()
    found = spans(formula_html(parse("card(S2) ∪ X1"), env, board_values(SCHEMAS[1], BOARDS[0])))
    assert found[0].get("data-type") is None and found[0].get("data-value") is None
    assert found[1].get("data-type") == "Z"


# ----------------------------------------------------------------------------
# Values

@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("path, tree", CASES, ids=IDS)
def test_each_closed_sub_term_has_the_value_of_its_text(path, tree, board):
    """An oracle that shares nothing but the writing of values: each text
    parsed alone and evaluated by a fresh evaluator."""
    values = board_values(path, board)
    cells = values["X1"]
    found = spans(formula_html(tree, schema(path).environment(), values))
    assert any(e.get("data-value") for e in found)
    for element in found:
        alone = closed_tree(text(element))
        if alone is None:
            assert element.get("data-value") is None
            continue
        expected = value_text(Evaluator(values, {}, Budget(20_000)), alone, Budget(20_000),
                              cells, 12)
        assert element.get("data-value") == expected, text(element)
        if expected is not None:
            assert element.get("title") == f"{element.get('data-type')} = {expected}"


def test_small_sets_are_listed_large_ones_counted():
    env = schema(SCHEMAS[1]).environment()
    values = board_values(SCHEMAS[1], BOARDS[1])  # 9×9
    found = {text(e): e.get("data-value") for e in spans(formula_html(
        parse("card(S4)=1 & ℬ(X1)≠∅ & X1×ℬ(X1)≠∅"), env, values))}
    assert found["card(S4)=1 & ℬ(X1)≠∅ & X1×ℬ(X1)≠∅"] == "true"
    assert found["S4"].startswith("{") and found["X1"] == "card 81"
    assert found["ℬ(X1)"] == "card 2^81" and found["X1×ℬ(X1)"] == "card 81·2^81"
    assert found["card(S4)"] == "1"


def test_without_values_only_types():
    html = formula_html(parse("card(S2)"), schema(SCHEMAS[1]).environment())
    assert "data-value" not in html and " = " not in html


@pytest.mark.parametrize("elements", [0, 10])
@pytest.mark.parametrize("path, tree", CASES, ids=IDS)
def test_a_hostile_budget_never_raises(path, tree, elements):
    html = formula_html(tree, schema(path).environment(), board_values(path, BOARDS[1]),
                        budget_elements=elements)
    assert text(read(html)) == unicode(tree)


def test_the_module_doc_runs():
    assert doctest.testmod(formula).failed == 0


def test_the_links_of_chains_over_constant_sets_are_typed_with_their_traits():
    schema = Schema.parse("C1\nC2\nS1 ::= C1\nS2 ::= C2\nS3 ::= ℬ(C1)\n")
    tree = parse("S1 + 1 - S2 + S1")
    types = node_types(tree, schema.environment())
    links = s.chain(tree)
    assert [str(types[id(link)]) for link in links] == ["C1", "Z", "C1"]
    union = parse("S3 ∪ {1} ∪ S3")
    types = node_types(union, schema.environment())
    assert [str(types[id(link)]) for link in s.chain(union)] == ["ℬ(C1)", "ℬ(C1)"]
