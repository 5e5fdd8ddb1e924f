"""The compiled closures (eval/compiled.py) against the interpreter: the same
value, the same truth and the same error, on plain values (the fast path)
and on the values a closure must hand back to the interpreter (lazy sets,
non-tuples, mixed kinds)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.eval.interpret.evaluator import Evaluator
from setmine.eval.planning.compiled import truth_code, value_code
from setmine.eval.values.subsets import Subsets
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import parse_expression

X1 = frozenset({(0, 0), (0, 1), (1, 0), (1, 1)})
S1 = frozenset({((0, 0), (0, 1)), ((0, 1), (0, 0)), ((1, 0), (1, 1))})
DATA = {"X1": X1, "S1": S1, "S2": frozenset({(0, 1)})}
LAZY = Subsets(frozenset(), X1)  # ℬ(X1), lazy


def outcome(run):
    try:
        return "value", run()
    except RSLError as error:
        return "error", error.code


FORMULAS = [
    "pr1 a ≠ pr2 a", "pr1 a = pr2 a", "(pr2 a, pr1 a) ∈ S1", "(pr2 a, pr1 a) ∉ S1",
    "a ∈ S1", "a ∉ S1", "pr1 a ∈ S2 ∨ pr2 a ∈ S2", "pr1 a ∈ S2 ⇒ pr2 a ∈ S2",
    "¬(pr1 a ∈ S2) & pr2 a ∈ X1", "pr1 a ∈ S2 ⇔ pr2 a ∈ S2",
    "card(b ∩ S2) = 1", "card(b \\ S2) ≤ card(b)", "card(b ∪ S2) > 1", "card(b ∆ S2) ≥ 0",
    "card(b) < 3", "b = S2", "b ≠ ∅", "pr1 a ∈ b", "(pr1 a, pr1 a) ∈ S1",
    "b ∈ c", "b ⊆ X1",
]

BINDINGS = [
    {"a": ((0, 0), (0, 1)), "b": frozenset({(0, 1)}), "c": frozenset({frozenset({(0, 1)})})},
    {"a": ((1, 1), (1, 1)), "b": frozenset(), "c": frozenset()},
    {"a": ((0, 1), (0, 0)), "b": X1, "c": LAZY},          # a lazy set to test membership in
    {"a": ((0, 0), (0, 1)), "b": LAZY, "c": LAZY},        # a lazy operand
    {"a": (0, 0), "b": frozenset({(0, 0)}), "c": X1},      # pr2 of a cell's component
    {"a": 7, "b": 3, "c": frozenset()},                   # not a tuple, not a set
    {"b": frozenset()},                                   # a unbound
]


@pytest.mark.parametrize("text", FORMULAS)
@pytest.mark.parametrize("env", BINDINGS, ids=range(len(BINDINGS)))
def test_a_compiled_formula_is_the_interpreted_one(text, env):
    node = parse_expression(text)
    compiled = outcome(lambda: truth_code(node)(Evaluator(DATA), env))
    assert compiled == outcome(lambda: Evaluator(DATA).truth(node, env))


VALUES = ["pr1 a", "pr2 a", "pr1,2 a", "(pr2 a, pr1 a)", "b ∩ S2", "b ∪ S2", "b \\ S2",
          "card(b)", "card(b ∩ X1) ", "7", "S1", "(b, pr1 a)", "Pr1(S1)"]


@pytest.mark.parametrize("text", VALUES)
@pytest.mark.parametrize("env", BINDINGS, ids=range(len(BINDINGS)))
def test_a_compiled_term_is_the_interpreted_one(text, env):
    node = parse_expression(text)
    compiled = outcome(lambda: value_code(node)(Evaluator(DATA), env))
    assert compiled == outcome(lambda: Evaluator(DATA).value(node, env))


cells = st.sampled_from(sorted(X1))
plain_sets = st.frozensets(cells)


@settings(max_examples=200, deadline=None)
@given(a=st.tuples(cells, cells), b=plain_sets,
       text=st.sampled_from(FORMULAS[:-2]))  # not those with c
def test_on_random_plain_bindings(a, b, text):
    node, env = parse_expression(text), {"a": a, "b": b}
    assert truth_code(node)(Evaluator(DATA), env) == Evaluator(DATA).truth(node, env)


def test_the_same_tree_gives_the_same_closure():
    node = parse_expression("pr1 a ≠ pr2 a")
    assert truth_code(node) is truth_code(node)
    assert truth_code(node) is not truth_code(parse_expression("pr1 a ≠ pr2 a"))
