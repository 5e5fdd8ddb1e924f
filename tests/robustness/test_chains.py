"""Long flat chains of one binary operator evaluate; deep nesting is an error.

Issue 11, item A5: a chain ``a∪b∪…``, ``1+2+…``, ``P & Q & …`` (the grammar
makes them left-deep trees) parses, types, prints and evaluates whatever
its length — the evaluator, the naive oracle and the tree rewrites fold it
in a loop — and trees compare and hash without recursion.  A tree nested
past the stack in another way is an RSLError with its span.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine import rsl
from setmine.board import load_board
from setmine.cli import main
from setmine.eval.interpret.evaluator import Evaluator
from setmine.eval.interpret.model import evaluate
from setmine.eval.values.budget import Budget
from setmine.eval.values.sets import LazySet, materialize
from setmine.resources import resolve_board
from setmine.oracle.naive import NaiveEvaluator
from setmine.rsl.syntax import tree as s
from setmine.rsl.syntax.parser import parse_expression

DATA = {"X1": {1, 2, 3}, "S1": {(1, 2), (2, 1)}, "S2": {1}, "S3": {2}, "S4": {3}}
SCHEMA = rsl.Schema.parse("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\nS4 ::= ℬ(X1)\n")


def chain(op: str, operands: list[str]) -> str:
    return op.join(operands)


def cycle(items: list[str], n: int) -> list[str]:
    return [items[i % len(items)] for i in range(n)]


def mixed_sets(n: int) -> frozenset:
    """X1 ∪ S2 ∩ X1 \\ S3 ∆ S4 ∪ S2 …, folded with Python's set operations."""
    value, ops = {1, 2, 3}, cycle(["∪", "∩", "\\", "∆"], n - 1)
    operand = {"∪": {1}, "∩": {1, 2, 3}, "\\": {2}, "∆": {3}}
    for op in ops:
        value = {"∪": value | operand[op], "∩": value & operand[op],
                 "\\": value - operand[op], "∆": value ^ operand[op]}[op]
    return frozenset(value)


# (name, formula of n operands, closed-form value)
CHAINS = [
    ("∪", lambda n: chain("∪", cycle(["S2", "S3"], n)), lambda n: frozenset({1, 2})),
    ("∩", lambda n: chain("∩", ["X1"] * (n - 1) + ["S3"]), lambda n: frozenset({2})),
    ("\\", lambda n: chain("\\", ["X1"] + cycle(["S2", "S3"], n - 1)), lambda n: frozenset({3})),
    ("∆", lambda n: chain("∆", ["S2"] * n), lambda n: frozenset({1}) if n % 2 else frozenset()),
    ("∪∩\\∆ mixed", lambda n: "X1" + "".join(cycle(["∪S2", "∩X1", "\\S3", "∆S4"], n - 1)),
     lambda n: mixed_sets(n)),
    ("+", lambda n: chain("+", ["1"] * n), lambda n: n),
    ("-", lambda n: chain("-", ["1"] * n), lambda n: 2 - n),
    ("*", lambda n: chain("*", ["2"] + ["1"] * (n - 1)), lambda n: 2),
    ("+ * mixed", lambda n: chain("+", ["card(X1)*2"] * n), lambda n: 6 * n),
    ("&", lambda n: chain(" & ", ["X1=X1"] * n), lambda n: True),
    ("∨", lambda n: chain(" ∨ ", ["X1=S2"] * (n - 1) + ["S2⊆X1"]), lambda n: True),
    ("⇒", lambda n: chain(" ⇒ ", ["X1=S2"] * n), lambda n: (n - 1) % 2 == 1),
    ("⇔", lambda n: chain(" ⇔ ", ["X1=S2"] * n), lambda n: (n - 1) % 2 == 1),
    ("& ∨ mixed", lambda n: chain(" & ", ["X1=X1"] * (n - 1)) + " ∨ X1=S2", lambda n: True),
    ("× (n-ary)", lambda n: "card(" + chain("×", ["X1"] * 3 + ["S2"] * (n - 3)) + ")",
     lambda n: 27),
    ("∨ on a bound element", lambda n: "{a∈X1 | " + chain(" ∨ ", cycle(["a∈S2", "a∈S3"], n)) + "}",
     lambda n: frozenset({1, 2})),
    ("& under ∀", lambda n: "∀a∈X1 (" + chain(" & ", ["a∈X1"] * n) + ")", lambda n: True),
    ("∩ on a set variable", lambda n: "{v∈ℬ(X1) | card(v∩" + chain("∩", ["X1"] * n) + ")=1}",
     lambda n: frozenset({frozenset({1}), frozenset({2}), frozenset({3})})),
    ("∪ on a set variable", lambda n: "{v∈ℬ(X1) | v∪" + chain("∪", ["S2"] * n) + "=X1}",
     lambda n: frozenset({frozenset({2, 3}), frozenset({1, 2, 3})})),
    ("⇒ under ∃", lambda n: "∃v∈ℬ(X1) (" + chain(" ⇒ ", ["v=S2"] * n) + ")", lambda n: True),
]


def expand(value):
    if isinstance(value, LazySet):
        value = materialize(value, Budget())
    if isinstance(value, frozenset):
        return frozenset(expand(v) for v in value)
    return value


@pytest.mark.parametrize("n", [300, 3000])
@pytest.mark.parametrize("name, formula, closed", CHAINS, ids=[c[0] for c in CHAINS])
def test_long_chains_evaluate(name, formula, closed, n):
    text = formula(n)
    tree = parse_expression(text)
    SCHEMA.typify(text)
    assert parse_expression(rsl.unicode(tree)) == tree  # printed, read back, compared
    assert hash(parse_expression(text)) == hash(tree)
    assert expand(evaluate(SCHEMA, text, DATA)) == closed(n)
    naive = NaiveEvaluator(DATA)
    got = naive.truth(tree) if s.is_formula(tree) else naive.value(tree)
    assert got == closed(n)


@pytest.mark.parametrize("text", ["∪".join(["X1"] * 10_000), "+".join(["1"] * 10_000),
                                  " & ".join(["X1=X1"] * 10_000)])
def test_ten_thousand_operands(text):
    assert evaluate(SCHEMA, text, DATA) in (frozenset({1, 2, 3}), 10_000, True)


def test_a_chain_of_definitions_evaluates():
    count = 3000
    text = "X1\n" + "".join(f"D{i} :== D{i + 1}\n" for i in range(1, count)) + \
        f"D{count} :== X1\n"
    assert evaluate(rsl.Schema.parse(text), "D1", {"X1": {1, 2}}) == frozenset({1, 2})


# -- equality and hashing of syntax trees --------------------------------------

def test_equality_ignores_spans_and_sees_every_field():
    a = parse_expression("X1∪S2∩S3")
    assert a == parse_expression("X1 ∪ S2 ∩ S3") and hash(a) == hash(parse_expression("X1∪S2∩S3"))
    assert a != parse_expression("X1∪S2∪S3")
    assert a != parse_expression("X1∪S2∩S2")
    assert s.Local("a") != s.Global("a") and s.Local("a") == s.Local("a", span=(3, 4))
    assert s.Enumeration((s.Local("a"),)) != s.Enumeration((s.Local("a"), s.Local("b")))
    assert s.Projection(False, (1,), s.Local("a")) != s.Projection(True, (1,), s.Local("a"))
    assert (s.Local("a") == "a") is False
    assert {parse_expression("1+2"): 1}[parse_expression("1 + 2")] == 1


def test_long_chains_compare_and_hash():
    left = parse_expression("∪".join(["X1"] * 5000))
    right = parse_expression("∪".join(["X1"] * 4999 + ["S2"]))
    assert left != right and left == parse_expression("∪".join(["X1"] * 5000))
    assert len({left, right, parse_expression("∪".join(["X1"] * 5000))}) == 2


# -- random chains: the evaluator and the oracle agree ---------------------------

OPERANDS = {
    "set": (["∪", "∩", "\\", "∆"], ["X1", "S2", "S3", "(S2∪S3)", "Pr1(S1)"]),
    "integer": (["+", "-", "*"], ["1", "2", "card(S2)", "card(S1)", "(1-card(X1))"]),
    "formula": ([" & ", " ∨ ", " ⇒ ", " ⇔ "], ["S2⊆S3", "1∈S2", "X1=X1", "card(S3)>1"]),
    "element": ([" & ", " ∨ ", " ⇒ ", " ⇔ "], ["a∈S2", "a∈S3", "a=1", "(a,a)∉S1"]),
}


@st.composite
def random_chains(draw) -> str:
    kind = draw(st.sampled_from(sorted(OPERANDS)))
    ops, operands = OPERANDS[kind]
    n = draw(st.one_of(st.integers(2, 40), st.integers(300, 400)))
    items = draw(st.lists(st.sampled_from(operands), min_size=n, max_size=n))
    links = draw(st.lists(st.sampled_from(ops), min_size=n - 1, max_size=n - 1))
    text = items[0] + "".join(op + item for op, item in zip(links, items[1:]))
    return "{a∈X1 | " + text + "}" if kind == "element" else text


@st.composite
def small_universes(draw) -> dict:
    cells = list(range(1, draw(st.integers(3, 5)) + 1))
    pairs = st.tuples(st.sampled_from(cells), st.sampled_from(cells))
    return {"X1": frozenset(cells), "S1": frozenset(draw(st.sets(pairs, max_size=6))),
            "S2": frozenset(draw(st.sets(st.sampled_from(cells)))),
            "S3": frozenset(draw(st.sets(st.sampled_from(cells))))}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_universes(), random_chains())
def test_random_chains_evaluate_like_the_oracle(data, text):
    tree = parse_expression(text)
    oracle = NaiveEvaluator(data)
    expected = oracle.truth(tree) if s.is_formula(tree) else oracle.value(tree)
    assert expand(Evaluator(data).evaluate(tree)) == expected, text


# -- nesting: an RSLError with its span, never a RecursionError --------------------

def test_a_tree_nested_past_the_stack_is_an_error_at_the_tree():
    tree = s.Global("X1", span=(0, 2))
    for i in range(5000):  # right-deep: nesting, not a chain (built in code: no parser bound)
        tree = s.SetOperation("∪", s.Global("S2", span=(0, 2)), tree, span=(0, 5 + 3 * i))
    with pytest.raises(rsl.RSLError) as caught:
        Evaluator(DATA).evaluate(tree)
    assert caught.value.code == "unknownSyntax" and "nested too deeply" in caught.value.message
    assert caught.value.span == tree.span


def test_deep_nesting_through_schema_evaluate():
    text = "X1" + "∪(S2" * 150 + ")" * 150
    with pytest.raises(rsl.RSLError) as caught:
        evaluate(SCHEMA, text, DATA)
    assert "nested too deeply" in caught.value.message and caught.value.span != (0, 0)


# -- the commands ------------------------------------------------------------------

def test_eval_of_long_chains_through_the_command(tmp_path, capsys):
    spec = tmp_path / "chains.rsl"
    spec.write_text("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\nS4 ::= ℬ(X1)\n"
                    "D1 :== " + "∪".join(["S2", "S3"] * 1500) + "\n"
                    "D2 :== card(X1)" + "+1" * 3000 + "\n"
                    "A1 :== " + " & ".join(["D1⊆X1"] * 3000) + "\n", encoding="utf-8")
    assert main(["eval", "tiny-2x2", "--spec", str(spec),
                 "--term", "D1", "--term", "D2", "--term", "A1", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"A1": true' in out and "3004" in out


def test_eval_of_deep_nesting_through_the_command(tmp_path, capsys):
    spec = tmp_path / "deep.rsl"
    spec.write_text("X1\nS2 ::= ℬ(X1)\nD1 :== X1" + "∪(S2" * 150 + ")" * 150 + "\n",
                    encoding="utf-8")
    code = main(["eval", "tiny-2x2", "--spec", str(spec), "--term", "D1"])
    captured = capsys.readouterr()
    assert code != 0 and "nested too deeply" in captured.out + captured.err
    assert "RecursionError" not in captured.out + captured.err


@pytest.mark.parametrize("args", [["D1"], ["A1"], ["D1", "0,0"], ["D2", "0,0"]],
                         ids=["a term", "an axiom", "a cell of a long ∪", "a cell of a long &"])
def test_explain_of_long_chains(tmp_path, capsys, args):
    """explain reads, traces and renders long chains in loops too."""
    spec = tmp_path / "chains.rsl"
    spec.write_text("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\nS4 ::= ℬ(X1)\n"
                    "D1 :== " + "∪".join(["S2", "S3"] * 1500) + "\n"
                    "A1 :== " + " & ".join(["D1⊆X1"] * 3000) + "\n"
                    "D2 :== {x ∈ X1 | " + " & ".join(["x ∈ S2"] * 2000) + "}\n",
                    encoding="utf-8")
    code = main(["explain", "tiny-2x2", *args, "--spec", str(spec)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "Traceback" not in captured.out + captured.err


def test_a_chain_of_definitions_in_every_order_of_evaluation(tmp_path):
    """A chain D1 :== D2, D2 :== D3, … of 3,000 terms: ordered by the one
    dependency order (iteratively), so that every part of setmine that
    evaluates a schema — the model, the compiled program, the isolated
    and chained evaluations of the cross-check, a report's sections —
    reaches its end."""
    from setmine.board import structure
    from setmine.crosscheck.isolate import evaluate_chain
    from setmine.eval.compiled.program import Program
    from setmine.eval.interpret.model import dependency_order
    from setmine.pictures.report_data import order

    count = 3000
    text = ("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\nS4 ::= ℬ(X1)\n"
            + "".join(f"D{i} :== D{i + 1}\n" for i in range(1, count)) + f"D{count} :== X1\\S3\n")
    schema = rsl.Schema.parse(text)
    assert dependency_order(schema) == tuple(f"D{i}" for i in range(count, 0, -1))
    board = load_board(resolve_board("tiny-2x2"))
    chain = evaluate_chain(schema, structure(board), only=["D1"])
    assert chain["D1"].value == board.closed()
    assert Program(schema).order[-1] == "D1"
    assert order(schema)[-1] == "D1"
