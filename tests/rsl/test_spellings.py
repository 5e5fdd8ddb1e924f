"""The Unicode and ASCII forms of a formula mean the same (issue 15).

* ``parse(unicode(t)) == t``;
* ``ascii(t)`` — where ``×`` is ``*`` and multiplication ``\\multiply`` —
  read back in the ASCII spelling is ``t`` itself, and read with the spelling
  left to the parser (a text like ``X1*X1`` says nothing of its spelling) it
  types to ``t``: the typifier reads a ``*`` between sets as the product;
* and so it evaluates as ``t`` does.

For every formula of both shipped schemas (evaluated on a board) and for
generated trees: well-typed random formulas over a small universe (evaluated
there) and random trees of every syntax node (typed when they type).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.board import load_board, structure
from setmine.eval.interpret.evaluator import Evaluator
from setmine.eval.interpret.model import evaluate_schema
from setmine.eval.values.budget import Budget
from setmine.rsl.syntax import tree as s
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.syntax.printer import ascii, unicode
from setmine.rsl.schema import Schema
from setmine.rsl.semantics.typifier import typify

from ..eval.strategies import expand, expressions as typed_texts, universes
from .strategies import expressions as trees

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = {name: Schema.load(ROOT / "spec" / f"{name}.rsl") for name in ("saper", "saper-corrected")}
ENV = SCHEMAS["saper"].environment()
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read_back(text: str, env) -> s.Node:
    """``text`` parsed with its spelling guessed, as the typifier reads it."""
    return typify(parse_expression(text), env).tree


def formulas():
    for name, schema in SCHEMAS.items():
        for c in schema:
            if c.kind not in ("basic", "constant"):
                yield pytest.param(name, c.alias, id=f"{name}-{c.alias}")


@pytest.mark.parametrize("name, alias", list(formulas()))
def test_every_formula_of_the_shipped_schemas(name, alias):
    schema = SCHEMAS[name]
    tree = schema.tree(alias)
    env = {k: v for k, v in schema.environment().items() if k != alias}
    assert parse_expression(unicode(tree)) == tree
    assert parse_expression(ascii(tree), "ascii") == tree
    if schema[alias].kind == "structure":
        return  # a domain, typed as a structure: its ASCII is read as ℬ(…) of it
    back = read_back(ascii(tree), env)
    assert back == tree
    assert typify(back, env).type == schema.analysis[alias].type


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_every_formula_evaluates_in_ascii_as_written(name):
    """Each term and axiom, read from its ASCII text, has the value the
    schema gives it on a board with a frontier."""
    schema = SCHEMAS[name]
    data = structure(load_board(ROOT / "spec" / "boards" / "beginner-midgame.board"))
    results = evaluate_schema(schema, data)
    values = dict(data)
    values.update({a: r.value for a, r in results.items() if r.ok and r.kind == "term"})
    functions = {c.alias: schema.tree(c.alias) for c in schema
                 if c.kind in ("function", "predicate")}
    checked = 0
    for alias, result in results.items():
        if not result.ok or result.kind not in ("term", "axiom", "theorem"):
            continue
        tree = read_back(ascii(schema.tree(alias)), schema.environment())
        got = Evaluator({k: v for k, v in values.items() if k != alias}, functions,
                        Budget()).evaluate(tree)
        assert expand(got) == expand(result.value), alias
        checked += 1
    assert checked >= 15


@FAST
@given(data=universes(), text=typed_texts(depth=2))
def test_random_typed_formulas(data, text):
    try:
        tree = read_back(text, ENV)
    except RSLError:  # the generator's rare ill-typed text (`X1 ∩ ∅`)
        return
    assert parse_expression(unicode(tree)) == tree
    assert parse_expression(ascii(tree), "ascii") == tree
    back = read_back(ascii(tree), ENV)
    assert back == tree
    assert typify(back, ENV).type == typify(tree, ENV).type
    assert outcome(back, data) == outcome(tree, data)


@FAST
@given(tree=trees())
def test_random_trees(tree):
    """Trees of every node: the spellings give the tree back; when the tree
    types, its ASCII text types to the same tree and type."""
    assert parse_expression(unicode(tree), "unicode") == tree
    assert parse_expression(ascii(tree), "ascii") == tree
    try:
        typed = typify(tree, ENV)
    except RSLError:
        return
    back = typify(parse_expression(ascii(tree)), ENV)
    assert back.tree == typed.tree
    assert back.type == typed.type


def set_trees(depth: int = 3):
    """Set expressions over the Saper structures rich in products: products
    of products, ℬ of them, projections, enumerations."""
    leaves = st.sampled_from([s.Global("X1"), s.Global("S2"), s.Global("S3"),
                              s.Projection(True, (1,), s.Global("S1")),
                              s.Enumeration((s.Integer(1),)),
                              s.Enumeration((s.Integer(1), s.Integer(2)))])
    if depth == 0:
        return leaves
    inner = set_trees(depth - 1)
    return st.one_of(
        leaves,
        st.lists(inner, min_size=2, max_size=3).map(lambda fs: s.Product(tuple(fs))),
        inner.map(lambda a: s.Apply("ℬ", a)))


def int_trees(depth: int = 2):
    counted = set_trees(2).map(lambda a: s.Apply("card", a))
    if depth == 0:
        return st.one_of(st.integers(0, 3).map(s.Integer), counted)
    inner = int_trees(depth - 1)
    return st.one_of(counted, st.tuples(st.sampled_from("*+-"), inner, inner)
                     .map(lambda t: s.Arithmetic(*t)))


@pytest.mark.slow
@FAST
@given(tree=st.one_of(set_trees(), int_trees()))
def test_random_products_and_multiplications(tree):
    """A tree of products and of integer `*`: its ASCII text (every × a
    `*`, every multiplication `\\multiply`) reads back as the tree, in the
    ASCII spelling and by types; its value is the same."""
    typed = typify(tree, ENV)
    assert typed.tree == tree
    assert parse_expression(ascii(tree), "ascii") == tree
    assert read_back(ascii(tree), ENV) == tree
    assert read_back(unicode(tree), ENV) == tree
    data = {"X1": frozenset({1, 2}), "S1": frozenset({(1, 2)}), "S2": frozenset({2}),
            "S3": frozenset({1})}
    assert outcome(read_back(ascii(tree), ENV), data) == outcome(tree, data)


def outcome(tree, data):
    try:
        ev = Evaluator(data, budget=Budget(max_elements=200_000))
        return ("value", expand(ev.evaluate(tree)))
    except RSLError as exc:
        return ("error", exc.code)


# ----------------------------------------------------------------------------
# `*` by the operands' types

STAR_ROWS = [
    # text (no ASCII command: the spelling is not said), its type, its Unicode reading
    ("X1*X1", "ℬ(X1×X1)", "X1×X1"),
    ("S1*S2", "ℬ((X1×X1)×X1)", "S1×S2"),
    ("Pr1(S1)*X1", "ℬ(X1×X1)", "Pr1(S1)×X1"),
    ("{1}*{2}", "ℬ(Z×Z)", "{1}×{2}"),
    ("card(X1*X1)", "Z", "card(X1×X1)"),
    ("X1*X1*X1", "ℬ(X1×X1×X1)", "X1×X1×X1"),
    ("(X1*X1)*X1", "ℬ((X1×X1)×X1)", "(X1×X1)×X1"),
    ("X1*(X1*X1)", "ℬ(X1×(X1×X1))", "X1×(X1×X1)"),
    ("card(X1)*2", "Z", "card(X1)*2"),
    ("2*3*card(S1*S2)", "Z", "2*3*card(S1×S2)"),
    (r"card(X1) \multiply 2", "Z", "card(X1)*2"),
    (r"X1*X1 \union S1", "ℬ(X1×X1)", "(X1×X1)∪S1"),
]


@pytest.mark.parametrize("text, type_text, reading", STAR_ROWS)
def test_star_between_sets_is_the_product(text, type_text, reading):
    typed = typify(parse_expression(text), ENV)
    assert str(typed.type) == type_text
    assert unicode(typed.tree) == reading
    assert SCHEMAS["saper"].typify(text) == type_text


STAR_ERRORS = [
    ("X1*X1+1", "arithmeticNotSupported", (0, 5)),
    ("1+X1*X1", "arithmeticNotSupported", (2, 7)),
    ("X1*2", "arithmeticNotSupported", (0, 2)),  # a product needs two sets
    ("2*X1", "arithmeticNotSupported", (2, 4)),
    (r"1*X1 \union X1", "invalidDecart", (0, 1)),   # ASCII: `*` is the product
]


@pytest.mark.parametrize("text, code, span", STAR_ERRORS)
def test_star_errors(text, code, span):
    with pytest.raises(RSLError) as caught:
        typify(parse_expression(text), ENV)
    assert (caught.value.code, (caught.value.start, caught.value.end)) == (code, span)


def test_a_schema_reads_star_as_the_product_in_its_definitions():
    schema = Schema.parse("X1\nS1 ::= X1*X1\nS2 \\deftype B(X1*X1)\nD1 :== Pr1(S2)*X1\n"
                          "D2 \\defexpr card(X1*X1) \\multiply 2\n")
    assert [schema.typify(a) for a in ("S1", "S2", "D1", "D2")] == \
        ["X1×X1", "ℬ(X1×X1)", "ℬ(X1×X1)", "Z"]
    assert unicode(schema.tree("D1")) == "Pr1(S2)×X1"
    from setmine.eval.interpret.model import evaluate
    data = {"X1": frozenset({1, 2}), "S1": (1, 2), "S2": frozenset({(1, 2)})}
    assert evaluate(schema, "D2", data) == 8
    assert expand(evaluate(schema, "D1", data)) == frozenset({(1, 1), (1, 2)})
    assert evaluate(schema, "card(X1*X1*X1)", data) == 8
