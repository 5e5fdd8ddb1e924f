"""The compiled path against the reference on random formulas: each a
one-term schema over a small universe (``strategies.expressions``, and the
shapes the compiled path plans specially), its integer literals in element
places made elements (structures S5…S9 of type X1).  The disagreements
found are pinned by ``FORMULA_CASES`` and ``ERROR_CASES`` (strict xfail,
the reason naming the fault) and recognised in the random tests by their
signature (``known_disagreement``), so that those fail on a new one only.
``test_compiled_program.py`` has the shipped schemas and the helpers that
compare values by meaning."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.eval.compiled.masks import (
    is_family,
)
from setmine.eval.compiled.program import Program
from setmine.eval.interpret.model import (
    evaluate_schema,
)
from setmine.eval.values.budget import Budget
from setmine.eval.values.subsets import Subsets
from setmine.rsl.syntax import tree as s
from setmine.rsl.semantics import types as t
from setmine.rsl.semantics.node_types import node_types
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.syntax.printer import unicode
from setmine.rsl.schema import Schema

from .strategies import (
    Scope,
    expressions,
    families_containing,
    least_probability,
    pair_comprehension,
    quantified,
    subset_comprehension,
    sure_members,
    universes,
)
from .test_compiled_program import FAST, disagreement, same

ELEMENTS = {k: f"S{4 + k}" for k in range(1, 6)}  # the literal k as an element: S(4+k) ::= X1
HEAD = "X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\n" + \
    "".join(f"{name} ::= X1\n" for name in ELEMENTS.values())
BUDGET_CODES = {"setOverflow", "iterationsLimit", "timeLimit", "memoryLimit"}


def element_like(node: s.Node) -> bool:
    return isinstance(node, s.Local) or isinstance(node, s.Projection) and not node.big or \
        isinstance(node, s.Apply) and node.op == "debool" or \
        isinstance(node, s.Global) and node.name in ELEMENTS.values()


def typed_elements(node: s.Node, element: bool = False) -> s.Node:
    """``node`` with each integer literal 1…5 in an element's place (an
    item of an enumeration or a tuple, the argument of bool, the left of
    ∈, either side of = against an element) replaced by the structure
    naming it, so that the formula types over X1."""
    if isinstance(node, s.Integer):
        return s.Global(ELEMENTS[node.value], span=node.span) \
            if element and node.value in ELEMENTS else node
    if isinstance(node, (s.Enumeration, s.Tuple)):
        return replace(node, items=tuple(typed_elements(i, True) for i in node.items))
    if isinstance(node, s.Apply) and node.op == "bool":
        return replace(node, arg=typed_elements(node.arg, True))
    if isinstance(node, s.Predicate) and node.op in ("∈", "∉"):
        return replace(node, left=typed_elements(node.left, True),
                       right=typed_elements(node.right))
    if isinstance(node, s.Predicate) and node.op in ("=", "≠"):
        return replace(node, left=typed_elements(node.left, element_like(node.right)),
                       right=typed_elements(node.right, element_like(node.left)))
    changes = {}
    for f in fields(node):
        value = getattr(node, f.name)
        if isinstance(value, s.Node):
            changes[f.name] = typed_elements(value)
        elif isinstance(value, tuple) and any(isinstance(v, s.Node) for v in value):
            changes[f.name] = tuple(typed_elements(v) if isinstance(v, s.Node) else v
                                    for v in value)
    return replace(node, **changes) if changes else node


def one_term(text: str) -> tuple[Schema, str]:
    """The schema of the universe with ``text`` as its one term (D1) or
    axiom (A1)."""
    tree = typed_elements(parse_expression(text))
    alias = "A1" if s.is_formula(tree) else "D1"
    return Schema.parse(f"{HEAD}{alias} :== {unicode(tree)}\n"), alias


def with_elements(data: dict) -> dict:
    """The universe with S5…S9: the literal k, or an element of X1 for a k
    outside it."""
    n = max(data["X1"])
    return {**data, **{name: k if k in data["X1"] else (k - 1) % n + 1
                       for k, name in ELEMENTS.items()}}


# The disagreement left, pinned by ERROR_CASES (strict xfail) and recognised
# in the random tests by its signature (known_disagreement), so that those
# fail on a new one only.  Remove it, and its signature, when its cases pass.
# (Mended: a family over ℬℬ(T), T ≠ X1, tested by its upper bound; sets of
# families compared by representation, now declined; an empty family of an
# impossible size decoded to an interval the reference cannot count.)
ORDER = (
    "element_plans.listed_variable tries a listed domain (a frozenset: S1, pairs, a family) "
    "in Python's set order, the reference in canonical order: a ∀ that meets a false case, "
    "or an ∃ a true one, before the case whose evaluation fails returns a value where the "
    "reference fails (calcInvalidDebool at e = (1, 1) of S1 = {(1, 1), (1, 2)} in "
    "∀e∈S1 debool({S6, pr2(e)}) = S5)")


def holds_families(typ) -> bool:
    """A set type whose members are, or hold, families of sets of elements."""
    def has_family(h) -> bool:
        if isinstance(h, t.SetType):
            return is_family(h) or has_family(h.base)
        return isinstance(h, t.TupleType) and any(has_family(f) for f in h.factors)
    return isinstance(typ, t.SetType) and has_family(typ.base)


def oversized(v) -> bool:
    """``v`` holds a set interval of no member that is too large to count."""
    if isinstance(v, Subsets):
        return v.lo > 64 and isinstance(v.upper, frozenset) and v.lo > len(v.upper)
    if isinstance(v, (tuple, frozenset)):
        return any(oversized(x) for x in v)
    return False


def known_disagreement(sch: Schema, alias: str, ref, got, problem: str) -> str | None:
    """The pinned disagreement (above) that explains ``problem``, or None."""
    tree = sch.analysis[alias].tree
    types = node_types(tree, sch.environment())
    # ORDER's signature, and nothing wider: the reference fails on debool (the
    # one partial operation a case's order can reach first) inside a ∀ or ∃
    # over a listed domain of non-elements, where the compiled path decided
    if not ref.ok and ref.error.code == "calcInvalidDebool" and got.ok and got.compiled \
            and isinstance(got.value, bool) and any(
            isinstance(node, s.Quantifier) and
            isinstance(typ := types.get(id(node.domain)), t.SetType) and
            not isinstance(typ.base, t.Element) and
            any(isinstance(n, s.Apply) and n.op == "debool" for n in node.body.walk())
            for node in tree.walk()):
        return "ORDER"  # a value where the reference meets an error first
    return None


def check_formula(text: str, data: dict) -> str:
    """Both evaluators on the one-term schema of ``text``: "declined",
    "too big" (the reference's budget), "known: …" (a pinned
    disagreement), or how it ran."""
    sch, alias = one_term(text)
    p = Program(sch)
    if alias not in p.closures:
        return "declined"
    data = with_elements(data)
    ref = evaluate_schema(sch, data, Budget(max_elements=2_000_000))[alias]
    if not ref.ok and ref.error.code in BUDGET_CODES:
        return "too big"
    got = p.run(data, budget=Budget(max_elements=2_000_000))[alias]
    problem = disagreement(alias, ref, got)
    if problem is None:
        return "compiled" if got.compiled else "fell back"
    known = known_disagreement(sch, alias, ref, got, problem)
    assert known is not None, f"{unicode(sch.analysis[alias].tree)} on {data}: {problem}"
    return f"known: {known}"


@settings(FAST, max_examples=300)
@given(universes(), expressions(depth=2))
def test_random_formulas(data, text):
    check_formula(text, data)


@settings(FAST, max_examples=100)
@given(universes(), expressions(depth=3))
def test_random_deeper_formulas(data, text):
    check_formula(text, data)


@pytest.mark.slow
@settings(FAST, max_examples=2000)
@given(universes(), expressions(depth=3))
def test_random_formulas_many(data, text):
    check_formula(text, data)


@pytest.mark.slow
@settings(FAST, max_examples=1500)
@given(universes(), st.data())
def test_random_formulas_of_the_compiled_plans(data, draws):
    """The shapes the compiled path plans specially (D8/D11, D15, D16, D18,
    pairs, set variables), more often than ``expressions`` draws them."""
    shape = draws.draw(st.sampled_from([families_containing, sure_members, least_probability,
                                        pair_comprehension, subset_comprehension, quantified]))
    check_formula(shape(draws.draw, Scope(), 2), data)


def test_random_formulas_are_mostly_compiled():
    """The rewrite keeps the random formulas typed: most compile and run
    compiled (the rest: Fi, R{…}, I{…}, ∅ of no type, shadowed names)."""
    from collections import Counter

    seen: Counter = Counter()

    @settings(FAST, max_examples=150, derandomize=True)
    @given(universes(), expressions(depth=2))
    def run(data, text):
        seen[check_formula(text, data)] += 1

    run()
    assert seen["compiled"] > sum(seen.values()) / 2, seen


X12 = {"X1": frozenset({1, 2}), "S1": frozenset({(1, 2), (2, 1)}), "S2": frozenset({1}),
       "S3": frozenset({2})}


X12_LOOPS = {**X12, "S1": frozenset({(1, 1), (1, 2)})}  # (1, 1) first in canonical order


def xfail(reason: str):
    return pytest.mark.xfail(strict=True, reason=reason)


FORMULA_CASES = [
    # (formula over X12, the reference's value, why it is here)
    pytest.param("{a ∈ X1×ℬ(ℬ(S2)) | pr2(a) = {b ∈ {c ∈ ℬ(X1) | card(c) = 1} | pr1(a) ∈ b}}",
                 frozenset({(1, frozenset({frozenset({1})}))}),
                 id="D16's shape over ℬℬ(T), T ⊂ X1"),
    pytest.param("{a ∈ X1×ℬ(ℬ(X1)) | pr2(a) = {b ∈ {c ∈ ℬ(X1) | card(c) = 1} | pr1(a) ∈ b}}",
                 frozenset({(1, frozenset({frozenset({1})})), (2, frozenset({frozenset({2})}))}),
                 id="D16's shape over ℬℬ(X1)"),
    pytest.param("{b ∈ ℬ(X1) | card(b) ≤ 5} = ℬ(X1)", True, id="one family spelt twice, ="),
    pytest.param("{x ∈ X1 | ∀b∈ℬ(X1) (card(b) = 3 ⇒ x ∈ b)}", frozenset({1, 2}),
                 id="∀ over an empty family: every candidate"),
    pytest.param("{x ∈ X1 | ∀b∈{c ∈ ℬ(X1) | card(c) = 3} (x ∉ b)}", frozenset({1, 2}),
                 id="in no member of an empty family"),
    pytest.param("∃b∈ℬ(X1) (card(b) = 2 & b ∩ S2 = ∅)", False, id="∃ over an empty family"),
    pytest.param("debool({x ∈ X1 | x ∈ S2})", 1, id="debool of a singleton"),
    pytest.param("{b ∈ ℬ(X1) | card(b) = 65}", frozenset(),
                 id="no size fits, beyond 64"),
    pytest.param("{b ∈ ℬ(X1) | card(b) ≥ 65}", frozenset(),
                 id="no size fits, at least 65"),
    pytest.param("{b ∈ ℬ(X1) | card(b) = 64}", frozenset(), id="no size fits, 64"),
    pytest.param("card({b ∈ ℬ(X1) | card(b) = 65})", 0, id="no size fits, counted"),
]


DECLINED_CASES = [
    # sets whose members are families: the reference's (a counted family and
    # a listed one are one set, which representations cannot tell)
    pytest.param("card({ℬ(X1), {b ∈ ℬ(X1) | card(b) ≤ 5}})", 1,
                 id="one family spelt twice, enumerated"),
    pytest.param("{b ∈ ℬ(X1) | card(b) ≤ 5} ∈ {ℬ(X1)}", True,
                 id="one family spelt twice, ∈"),
    pytest.param("{ℬ(X1), {b ∈ ℬ(X1) | card(b) ≤ 5}} ∪ {ℬ(X1)}",
                 frozenset({frozenset({frozenset(), frozenset({1}), frozenset({2}),
                                       frozenset({1, 2})})}),
                 id="one family spelt twice, ∪"),
    pytest.param("card({Pr2(X1×ℬ(S2)), ℬ(S2)})", 1,
                 id="a listed family and a counted one, enumerated"),
    pytest.param("{{b ∈ ℬ(X1) | b ⊆ S2}} = {{c ∈ ℬ(X1) | card(c) ≤ 1 & c ∩ S3 = ∅}}", True,
                 id="sets of one family spelt twice, ="),
    pytest.param("{b ∈ ℬ(X1) | bool({b}) = {ℬ(b)}}", frozenset({frozenset()}),
                 id="bool of a listed family = {a counted one}"),
    pytest.param("card({ℬ(S2), {b ∈ ℬ(X1) | b ⊆ S2}})", 1, id="the same bounds, enumerated"),
    pytest.param("{x ∈ X1 | ∀f∈{ℬ(X1), {b ∈ ℬ(X1) | card(b) ≤ 5}} card(f) = 4}",
                 frozenset({1, 2}), id="∀ over a set of families"),
]


def both_ways(text: str, expected):
    """The one-term schema of ``text`` on X12: the program, the alias, the
    reference's outcome (checked to be ``expected``) and the program's."""
    sch, alias = one_term(text)
    ref = evaluate_schema(sch, X12)[alias]
    assert ref.ok and same(ref.value, expected), ref
    p = Program(sch)
    return p, alias, ref, p.run(X12)[alias]


@pytest.mark.parametrize("text, expected", DECLINED_CASES)
def test_sets_of_families_are_the_reference_s(text, expected):
    p, alias, ref, got = both_ways(text, expected)
    assert alias not in p.closures and "a set of families" in p.declined[alias]
    assert not got.compiled and disagreement(alias, ref, got) is None


@pytest.mark.parametrize("text, known", [
    ("∀e∈S1 debool({2, pr2(e)}) = 1", "ORDER"),
])
def test_the_random_tests_know_the_pinned_disagreements(text, known):
    """The random tests pass over the disagreements FORMULA_CASES pin, and
    only those: when one is mended, its entry goes (and this case)."""
    assert check_formula(text, X12_LOOPS) == f"known: {known}"


@pytest.mark.parametrize("text, expected", FORMULA_CASES)
def test_formula_cases(text, expected):
    p, alias, ref, got = both_ways(text, expected)
    assert alias in p.closures, p.explain()
    assert got.compiled
    assert disagreement(alias, ref, got) is None, disagreement(alias, ref, got)



ERROR_CASES = [
    # (formula over X12, the reference's error code)
    pytest.param("debool(X1)", "calcInvalidDebool", id="debool of two"),
    pytest.param("{x ∈ X1 | debool(X1) = x}", "calcInvalidDebool", id="hoisted, failing"),
    pytest.param("∀x∈X1 debool({2, x}) = 1", "calcInvalidDebool",
                 id="∀ over elements, in canonical order"),
    pytest.param("card({b ∈ ℬ(X1) | debool(b) = 1})", "calcInvalidDebool",
                 id="a residual test failing on ∅"),
    pytest.param("∀e∈S1 debool({2, pr2(e)}) = 1", "calcInvalidDebool", marks=xfail(ORDER),
                 id="∀ over a relation, a false case after the failing one"),
    pytest.param("∃e∈S1 debool({2, pr2(e)}) = 2", "calcInvalidDebool", marks=xfail(ORDER),
                 id="∃ over a relation, a true case after the failing one"),
    # the domain of a pair variable is computed first, even when no pair is made
    # (found by test_random_formulas_many: the join never tested its second factor)
    pytest.param("{a ∈ S3×ℬ(bool(debool(X1))) | ∃k∈{b ∈ X1×ℬ(X1) | pr1(b) ∈ X1 \\ X1} "
                 "(pr1(a) = pr1(k) & pr2(a) = pr2(k) ∩ X1)}", "calcInvalidDebool",
                 id="a join over nothing, its second factor failing"),
    pytest.param("{a ∈ S3×ℬ(bool(debool(X1))) | pr2(a) = {pr1(a)} & pr1(a) ∈ X1 \\ X1}",
                 "calcInvalidDebool", id="a fibre over no first component, its second factor "
                                         "failing"),
    # a conjunct narrows only before any is tested on the candidates: the reference
    # tests them in order, and meets the earlier one's error first (found by the
    # slow tier's random formulas, the compiled plans' shapes)
    pytest.param("{x ∈ X1 | debool({x} ∪ X1) = x & x ∈ X1 \\ X1}", "calcInvalidDebool",
                 id="an element narrowed after a failing test"),
]


FOUND = {'X1': frozenset({1, 2, 3}), 'S1': frozenset({(1, 1)}), 'S2': frozenset(),
         'S3': frozenset({1})}


@pytest.mark.parametrize("text", [
    "{a0 ∈ S3×ℬ(bool(debool(X1))) | (∃k1∈{a1 ∈ X1×ℬ(X1) | (pr1(a1) ∈ (X1 \\ X1))} "
    "(pr1(a0) = pr1(k1) & pr2(a0) = pr2(k1) ∩ X1))}",
    "{b0 ∈ ℬ(X1) | S5 = debool(b0) & b0 ∩ X1 = ∅ & card(b0 ∩ X1) = 1}",
    # a join after a conjunct that fails: the join is the first conjunct or none
    "{a0 ∈ X1×ℬ(X1) | (pr1(a0) ∈ bool(debool(X1))) & (∃k1∈((X1×ℬ(X1)) \\ (X1×ℬ(X1))) "
    "(pr1(a0) = pr1(k1) & pr2(a0) = pr2(k1) \\ X1))}",
])
def test_what_the_slow_tier_found_agrees(text):
    """Formulas the random tests found where the compiled path had a value
    and the reference an error (its domain's, or an earlier conjunct's):
    each agrees now (the compiled path fails, or declines, and falls back)."""
    assert check_formula(text, FOUND) in ("compiled", "fell back")


@pytest.mark.parametrize("text, code", ERROR_CASES)
def test_error_cases(text, code):
    """The compiled path fails as the reference does (falling back to it)."""
    sch, alias = one_term(text)
    data = with_elements(X12_LOOPS)
    ref = evaluate_schema(sch, data)[alias]
    assert not ref.ok and ref.error.code == code, ref
    p = Program(sch)
    assert alias in p.closures, p.explain()
    got = p.run(data)[alias]
    assert disagreement(alias, ref, got) is None, disagreement(alias, ref, got)


NESTED_PAIR_PLANS = [
    # a pair plan whose fibre reads a family hoisted into its loop, the family's ∀
    # ranging over another pair plan's set: the inner plan's first components
    # overwrote the outer one's (each plan now numbers its own)
    "{a0f ∈ X1×ℬ(ℬ({1, 2})) | pr2(a0f) = {b0f ∈ {b1 ∈ ℬ(X1) | ∀d2m∈{a2 ∈ X1×ℬ(X1) | "
    "(pr2(a2) = {c3g ∈ X1 | ∃k3∈S1 (pr1(k3) = pr1(a2) & c3g = pr2(k3))}) & "
    "(card(pr2(a2)) = 1)} (card(pr2(d2m)) ≥ card(b1))} | pr1(a0f) ∈ b0f}}",
    "{a0f ∈ X1×ℬ(ℬ(X1)) | pr2(a0f) = {b0f ∈ {b1 ∈ ℬ(X1) | ∀d2m∈{a2 ∈ X1×ℬ(X1) | "
    "pr2(a2) = {pr1(a2)}} (card(pr2(d2m)) ≥ card(b1))} | pr1(a0f) ∈ b0f}}",
]


@pytest.mark.parametrize("text", NESTED_PAIR_PLANS)
def test_a_pair_plan_inside_another_keeps_its_first_component(text):
    data = {"X1": frozenset({1, 2, 3}), "S1": frozenset({(1, 1)}), "S2": frozenset(),
            "S3": frozenset({1})}
    assert check_formula(text, data) == "compiled"
