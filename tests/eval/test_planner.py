"""The planner's rules, one shape each: the value (checked against the
oracle too) and the rules that fired (``Evaluator.methods``); and the
budget error, instead of a hang, when no rule applies to a huge domain."""

from __future__ import annotations

import time
from itertools import combinations

import pytest

from setmine.eval.interpret.evaluator import Evaluator
from setmine.eval.interpret.model import evaluate_schema
from setmine.eval.planning.planner import forall
from setmine.eval.values.budget import Budget, BudgetExceeded
from setmine.eval.values.sets import LazySet
from setmine.rsl.syntax import tree as s
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.schema import Schema

from .strategies import Oracle, expand

F = frozenset
X1 = F(range(1, 7))
PATH = F({(i, i + 1) for i in range(1, 6)} | {(i + 1, i) for i in range(1, 6)})  # 1-2-3-4-5-6
DATA = {"X1": X1, "S1": PATH, "S2": F({2, 5}), "S3": F({1, 4})}


def neighbours(x) -> F:
    return F(b for a, b in PATH if a == x)


def subsets(base) -> list:
    items = sorted(base)
    return [F(c) for k in range(len(items) + 1) for c in combinations(items, k)]


CASES = [
    # (rule, expression, expected value, rules that must fire)
    ("split + generator + index",
     "{a ∈ X1×ℬ(X1) | ∀c∈pr2(a) ∃b∈S1 (pr1(a) = pr1(b) & c = pr2(b))}",
     F((x, b) for x in X1 for b in subsets(neighbours(x))),
     {"split", "generator", "index", "narrowed"}),
    ("split: pairs joined from an ∃ generator that defines both (D9's shape)",
     "{a ∈ X1×ℬ(X1) | ∃b∈{(x, y) ∈ S3×ℬ(X1) | y = Pr2(Fi1[{x}](S1))} "
     "(pr1(a) = pr1(b) & pr2(a) = pr2(b) ∩ S2)}",
     F({(1, F({2})), (4, F({5}))}), {"pairs joined from a generator"}),
    ("split: a join with a condition on the generator alone",
     "{a ∈ X1×ℬ(X1) | ∃b∈S1 (pr2(b) ∈ S2 & pr2(a) = {pr2(b)} & pr1(a) = pr1(b))}",
     F({(1, F({2})), (3, F({2})), (4, F({5})), (6, F({5}))}),
     {"pairs joined from a generator"}),
    ("split: a second component defined as the image of the first, grouped (D2's shape)",
     "{a ∈ X1×ℬ(X1) | pr2(a) = {c ∈ X1 | ∃b∈S1 (pr1(a) = pr1(b) & c = pr2(b))}}",
     F((x, neighbours(x)) for x in X1), {"correlated comprehension grouped"}),
    ("split: a grouped image within a smaller set, empty for some first components",
     "{a ∈ X1×ℬ(X1) | pr2(a) = {c ∈ S2 | ∃b∈S1 (pr1(b) = pr1(a) & pr2(b) = c & pr1(b) ≠ 3)}}",
     F((x, neighbours(x) & F({2, 5}) if x != 3 else F()) for x in X1),
     {"correlated comprehension grouped"}),
    ("split: the members of a counted family containing each first component (D16's shape)",
     "{a ∈ X1×ℬ(ℬ(S2)) | pr2(a) = {b ∈ {v ∈ ℬ(S2) | card(v) = 1} | pr1(a) ∈ b}}",
     F((x, F({F({x})}) if x in (2, 5) else F()) for x in X1),
     {"members containing each first component"}),
    ("split: the members of a listed family containing each first component",
     "{a ∈ X1×ℬ(ℬ(S2)) | pr2(a) = {b ∈ {{2}, S2} | pr1(a) ∈ b}}",
     F((x, {2: F({F({2}), F({2, 5})}), 5: F({F({2, 5})})}.get(x, F())) for x in X1),
     {"members containing each first component"}),
    ("split: the first component implied by an ∃ generator, the first also restricted",
     "{a ∈ X1×ℬ(X1) | pr1(a) ∈ S3 & ∃b∈{(x, y) ∈ S3×ℬ(X1) | y = Pr2(Fi1[{x}](S1))} "
     "(pr1(a) = pr1(b) & pr2(a) = pr2(b) ∩ S2)}",
     F({(1, F({2})), (4, F({5}))}), {"split", "first components implied", "generator"}),
    ("∀ over a relation: ∀a,b∈D ((a,b)∈R ⇒ Q) is one pass over R",
     "{x ∈ X1 | ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1 & (a ∈ S2 ⇒ b ∉ S2))}",
     X1, {"∀ over a relation"}),
    ("∃ over a relation: ∃a,b∈D ((a,b)∈R & Q) is one pass over R",
     "{x ∈ X1 | ∃a,b∈X1 ((a,b)∈S1 & a = x & b ∈ S2)}",
     F({1, 3, 4, 6}), {"∃ over a relation"}),
    ("split of a tuple declaration",
     "{(x, b) ∈ S3×ℬ(X1) | b ⊆ Pr2(Fi1[{x}](S1))}",
     F((x, b) for x in (1, 4) for b in subsets(neighbours(x))),
     {"split", "narrowed"}),
    ("set interval: card, ∩ = ∅, ∈, ⊆",
     "{b ∈ ℬ(X1) | card(b) = 2 & b ∩ S2 = ∅ & 1 ∈ b & b ⊆ X1 \\ {6}}",
     F({F({1, 3}), F({1, 4})}), {"narrowed"}),
    ("∀c∈v Q(c) narrows the upper bound",
     "{b ∈ ℬ(X1) | ∀c∈b (c ∈ S2 ∨ c ∈ S3)}",
     F(subsets({1, 2, 4, 5})), {"narrowed"}),
    ("pr i(v) = e through an index",
     "{a ∈ S1 | pr1(a) = 3}", F({(3, 2), (3, 4)}), {"index", "narrowed"}),
    ("a tuple pattern ∈ a relation through an index",
     "{x ∈ X1 | (x, 3) ∈ S1}", F({2, 4}), {"index", "narrowed"}),
    ("generator: ∃x∈G (v = f(x)), f enumerated",
     "{b ∈ ℬ(X1) | ∃x∈S3 (b = Pr2(Fi1[{x}](S1)))}",
     F({F({2}), F({3, 5})}), {"generator", "enumerated image"}),
    ("generator: the image of pr1 over a product, not enumerated",
     "{x ∈ X1 | ∃a∈S3×ℬ(S2) (x = pr1(a))}", F({1, 4}), {"generator", "image"}),
    ("generator: pr2(a) = pr2(b) ∩ C, an interval mapped onto an interval",
     "{a ∈ X1×ℬ(X1) | ∃b∈S3×ℬ(X1) (pr1(a) = pr1(b) & pr2(a) = pr2(b) ∩ S2)}",
     F((x, b) for x in (1, 4) for b in subsets({2, 5})), {"split", "generator", "image"}),
    ("∀ as min: ∀d∈D (e ≤ card(pr2 d)) is e ≤ 0",
     "{b ∈ ℬ(S2) | ∀d∈X1×ℬ(S3) (card(b) ≤ card(pr2(d)))}",
     F({F()}), {"∀ as min/max", "image"}),
    ("∀ as min inside an ∃ (D18's shape)",
     "{x ∈ X1 | ∃c∈X1×ℬ(S2) (pr1(c) = x & ∀d∈X1×ℬ(S2) (card(pr2(c)) ≤ card(pr2(d))))}",
     X1, {"∀ as min/max", "generator"}),
    ("∀ as max: ∀d∈D (card(pr2 d) ≤ 2) from the extremes of the image",
     "∀d∈X1×ℬ(S3) (card(pr2(d)) ≤ 2)", True, {"image"}),
    ("∀ over an image: the body uses the variable only through pr2(a)",
     "∀a∈X1×ℬ(X1) (pr2(a) ∩ S2 = ∅ ∨ card(pr2(a)) ≥ 1)", True, {"∀ over an image"}),
    ("∀ by counting: e ∈ v for every member of an interval",
     "∀b∈{b ∈ ℬ(X1) | card(b) = 2 & 1 ∈ b} (1 ∈ b)", True, {"∀ by counting"}),
    ("∀ over a restricted domain: ∀v (P(v) ⇒ Q)",
     "∀b∈ℬ(X1) (card(b) = 6 ⇒ 3 ∈ b)", True, {"∀ over a restricted domain"}),
    ("checked once: the residue depends only on L",
     "{b ∈ ℬ(X1) | 2 ∈ b & card(b ∩ {2}) = 1}",
     F(b for b in subsets(X1) if 2 in b), {"narrowed", "checked once"}),
    ("counted: card(v ∩ A) = k for each x (D15's shape)",
     "card({b ∈ ℬ(X1) | ∀x∈S3 (card(b ∩ Pr2(Fi1[{x}](S1))) = 1)})",
     2 * 2 ** 3, {"counted"}),
    ("filtered: what no rule consumes",
     "{b ∈ ℬ(X1) | card(b) = 1 & debool(b) ∈ S2}", F({F({2}), F({5})}), {"filtered"}),
    ("hoisted: a conjunct without the variable, computed once",
     "{x ∈ X1 | card(S2) = 2 & x ∈ S3}", F({1, 4}), {"hoisted", "narrowed"}),
    ("narrowed by v ∉ E: the difference, no candidate tried",
     "{x ∈ X1 | x ∉ S2}", F({1, 3, 4, 6}), {"narrowed"}),
    ("narrowed by v ≠ E, E a variable: one member taken out",
     "{a ∈ X1×X1 | ∃b∈X1 (b ≠ pr1(a) & b ≠ pr2(a) & b = 1)}",
     F((x, y) for x in X1 for y in X1 if 1 not in (x, y)), {"narrowed"}),
    ("narrowed by v ≠ E inside a quantifier over a variable's members",
     "{x ∈ X1 | ∃y∈S2 (y ≠ x & (x, y) ∈ S1)}", F({1, 3, 4, 6}), {"narrowed"}),
    ("v ≠ E on sets of sets: the same value, whatever the rule",
     "{a ∈ ℬ(S2) | ∃b∈ℬ(S2) (b ≠ a & card(b) = card(a))}", F({F({2}), F({5})}), set()),
    ("∀b (P(b) ⇒ x ∈ b): the elements common to a counted family, for every x at once",
     "{x ∈ X1 | ∀b∈ℬ(X1) (card(b) = 2 & card(b ∩ {1, 2, 3}) = 2 & 3 ∉ b ⇒ x ∈ b)}",
     F({1, 2}), {"∀ by counting, every candidate at once"}),
    ("∀b (P(b) ⇒ x ∉ b): the elements in no member of the family",
     "{x ∈ X1 | ∀b∈ℬ(X1) (card(b) = 1 & b ⊆ S2 ⇒ x ∉ b)}",
     F({1, 3, 4, 6}), {"∀ by counting, every candidate at once"}),
    ("∀b (P(b) ⇒ x ∈ b) over an empty family: every candidate",
     "{x ∈ X1 | ∀b∈ℬ(X1) (card(b) = 9 ⇒ x ∈ b)}", X1, set()),
    ("∀b∈F (x ∈ b) over a listed family: the common elements",
     "{x ∈ X1 | ∀b∈{S2, S2 ∪ S3} (x ∈ b)}", F({2, 5}),
     {"∀ by counting, every candidate at once"}),
    ("hoisted and false: nothing enumerated",
     "{b ∈ ℬ(X1) | card(S2) = 3 & 1 ∈ b}", F(), {"hoisted"}),
    ("miniscoping an ∃-chain: two independent ∃",
     "∃b∈S1, ∃c∈S1 (pr1(b) = 1 & pr2(c) = 6)", True, {"hoisted", "index"}),
]


@pytest.mark.parametrize("rule, text, expected, rules", CASES, ids=[c[0] for c in CASES])
def test_rule_fires_on_its_shape(rule, text, expected, rules):
    tree = parse_expression(text)
    ev = Evaluator(DATA, budget=Budget())
    value = ev.truth(tree) if s.is_formula(tree) else ev.value(tree)
    assert expand(value) == expected
    oracle = Oracle(DATA)
    assert (oracle.truth(tree) if s.is_formula(tree) else oracle.value(tree)) == expected
    fired = {name for name, n in ev.methods.items() if n}
    assert rules <= fired, fired


def outcome(run):
    try:
        return "value", expand(run())
    except RSLError as error:
        return "error", error.code


# Shapes a review found where a rule could misfire: names declared twice,
# conjuncts that guard an error, mixed kinds of values, shadowing binders,
# projections out of range.  Each must agree with the oracle.
AGREES_WITH_THE_ORACLE = [
    "∃a,a∈X1 ((a,a)∈S1)",
    "∀a,a∈X1 ((a,a)∈S1 ⇒ a = 1)",
    "{(x, x) ∈ X1×X1 | ∃b∈S3 (x = b)}",
    "{(x, y) ∈ X1×X1 | ∃b∈S1 (pr1(b) = x & y = pr2(b) & y ∈ S2)}",
    "{a ∈ X1×ℬ(X1) | ∃b∈S1 (pr2(b) ∈ S3 & pr1(a) = debool({pr2(b)} ∩ S3) & pr2(a) = {pr1(b)})}",
    "∃x∈{1, (1,2)} (x ≠ 5)",
    "{b ∈ ℬ({1, (1,2)}) | card(b) = 1}",
    "{x ∈ {(1,2), ((1,2),3)} | x ≠ (1,2)}",
    "∀v∈X1×ℬ(X1) (card(pr2(v)) ≥ 1 ∨ ∀v∈S1 (pr2(v) ≠ 3))",
    "{a ∈ X1×X1 | pr3(a) = 1}",
    "card({a ∈ X1×X1 | pr1(a) ∈ I{pr2(a) | a :∈ S1}})",
    "{a ∈ X1×ℬ(X1) | pr2(a) = {c ∈ X1 | ∃b∈S1 (pr1(b) = pr1(a) & c = card(pr2(b)))}}",
    "{a ∈ X1×ℬ(X1) | ∃b∈S1 (pr1(a) = card(pr2(b)) & pr2(a) = {pr2(b)})}",
    # ⊂ is no total order: no least or greatest set to compare with
    "{a ∈ X1×{S2, S3, X1} | ∀d∈{S2, S3} (pr2(a) = d)}",
    "{y ∈ ℬ(X1) | ∀d∈{S2, S3} (y = d)}",
    # a non-set where a rule needs a set: the interpreter's error, not a crash
    "{x ∈ X1 | x ∉ 5}",
    "{x ∈ X1 | x ∈ 5}",
    "{x ∈ X1 | ∀b∈5 (x ∈ b)}",
    "{x ∈ X1 | ∃b∈5 (x = b)}",
    "{a ∈ X1×ℬ(X1) | pr2(a) = {c ∈ 5 | ∃b∈S1 (pr1(a) = pr1(b) & c = pr2(b))}}",
    "{a ∈ X1×X1 | ∀d∈5 (pr2(a) ≤ d)}",
    # a narrowing must not take away the candidate an earlier conjunct fails on
    "{x ∈ X1 | ∃y∈S3 (debool({y} \\ {x}) = y & y ≠ x)}",
    "{x ∈ X1 | ∃y∈S3 (debool({y} \\ {x}) = y & y ∉ {x})}",
    "{x ∈ X1 | ∃y∈S3 (debool({y} \\ {x}) = y & y = 4)}",
]


def _cells(n: int) -> F:
    return F(range(1, n + 1))


# Past the plain re-evaluation's limit (PLAIN_LIMIT candidates) a plan's
# error would stand: the plan must not evaluate what the reference order
# never reaches — h(b) of a b that R excludes, a conjunct after one that
# empties the domain, a tuple after the deciding one.
BEYOND_THE_PLAIN_LIMIT = [
    ({"X1": _cells(320), "S1": F({(1, 2), (2, 3)}), "S2": F({7})},
     "{a ∈ X1×X1 | ∃b∈S1 ∪ S2 (b ∈ S1 & pr1(a) = pr1(b) & pr2(a) = pr2(b))}",
     F({(1, 2), (2, 3)})),
    ({"X1": _cells(200), "S1": F({(1, 2), (2, 3)}), "S2": F({7}), "S3": _cells(9)},
     "{a ∈ X1×ℬ(S3) | pr2(a) = {c ∈ S3 | ∃b∈S1 ∪ S2 (b ∈ S1 & pr1(a) = pr1(b) & c = pr2(b))}}",
     F((x, F({x + 1}) if x in (1, 2) else F()) for x in _cells(200))),
    ({"X1": _cells(100_001), "S2": F({2, 5})},
     "{x ∈ X1 | x ∈ ∅ & x ∉ {c ∈ S2 | card(c) = 1}}", F()),
    ({"X1": _cells(100_001), "S2": F({2, 5})},
     "{x ∈ X1 | x = 0 & ∀b∈{c ∈ S2 | card(c) = 1} (x ∈ b)}", F()),
    ({"X1": _cells(320), "S2": F({2, 5})},
     "{a ∈ X1×X1 | pr2(a) ∈ ∅ & ∀d∈{c ∈ S2 | card(c) = 1} (pr2(a) ≤ d)}", F()),
    ({"X1": _cells(400), "S1": F({(300, 1)} | {(k, k) for k in range(301, 311)})},
     "∃a,b∈X1 ((a, b) ∈ S1 & (b = 1 ∨ card(a) = 0))", True),
    ({"X1": _cells(400), "S1": F({(300, 1)} | {(k, k) for k in range(301, 311)})},
     "∀a,b∈X1 ((a, b) ∈ S1 ⇒ (b ≠ 1 & card(a) = 0))", False),
]


@pytest.mark.parametrize("data, text, expected", BEYOND_THE_PLAIN_LIMIT,
                         ids=[c[1] for c in BEYOND_THE_PLAIN_LIMIT])
def test_a_plan_evaluates_nothing_the_reference_order_never_reaches(data, text, expected):
    tree = parse_expression(text)
    ev = Evaluator(data, budget=Budget())
    assert expand(ev.truth(tree) if s.is_formula(tree) else ev.value(tree)) == expected


def test_a_plans_error_is_checked_again_in_the_reference_order():
    """The plan met an error (an image computed before its guard); the
    plain evaluation, in the reference's order, says which error stands."""
    tree = parse_expression("{x ∈ X1 | ∃b∈S1 (card(pr1(b)) > 10 & x = debool({pr2(b)} ∪ X1))}")
    ev = Evaluator(DATA, budget=Budget())
    assert outcome(lambda: ev.value(tree)) == outcome(lambda: Oracle(DATA).value(tree)) \
        == ("error", "calcInvalidData")
    assert ev.methods["plain"] >= 1


@pytest.mark.parametrize("text", AGREES_WITH_THE_ORACLE)
def test_a_reviewed_shape_agrees_with_the_oracle(text):
    tree = parse_expression(text)
    ev, oracle = Evaluator(DATA, budget=Budget()), Oracle(DATA)
    fast = outcome(lambda: ev.truth(tree) if s.is_formula(tree) else ev.value(tree))
    slow = outcome(lambda: oracle.truth(tree) if s.is_formula(tree) else oracle.value(tree))
    assert fast == slow


def test_a_comparison_with_every_pair_is_decided_once_for_all_first_components():
    """D18's inner shape: ∀d∈P (card(pr2 c) ≤ card(pr2 d)) becomes
    card(pr2 c) ≤ m once, not once per first component of c."""
    text = ("{c ∈ {a ∈ X1×ℬ(X1) | pr2(a) = {b ∈ X1 | (pr1(a), b) ∈ S1}} | "
            "∀d∈{a ∈ X1×ℬ(X1) | pr2(a) = {b ∈ X1 | (pr1(a), b) ∈ S1}} "
            "(card(pr2(c)) ≤ card(pr2(d)))}")
    tree = parse_expression(text)
    ev = Evaluator(DATA, budget=Budget())
    expected = F({(1, F({2})), (6, F({5}))})  # the ends of the path: one neighbour each
    assert expand(ev.value(tree)) == expected == Oracle(DATA).value(tree)
    assert ev.methods["∀ as min/max"] == 1


def test_a_witness_of_a_pair_variable_is_the_first_in_canonical_order():
    cells = F((r, c) for r in range(3) for c in range(3))
    data = {"X1": cells, "S1": F(), "S2": F({(1, 1)}), "S3": F()}
    ev = Evaluator(data, budget=Budget())
    tree = parse_expression("∀a∈X1×X1 (pr2(a) ∉ S2)")
    holds, counterexample = forall(ev, tree.var, ev.value(tree.domain), tree.body, {}, tree)
    assert not holds and counterexample == {"a": ((0, 0), (1, 1))}


def test_split_keeps_the_result_symbolic():
    """⋃ₓ {x}×ℬ(Nₓ) is never listed: on 30×30 cells D2's shape is counted
    without enumerating its members."""
    side = 30
    cells = F((r, c) for r in range(side) for c in range(side))
    pairs = F(((r, c), (r + dr, c + dc)) for r, c in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)
              if (dr, dc) != (0, 0) and (r + dr, c + dc) in cells)
    ev = Evaluator({"X1": cells, "S1": pairs}, budget=Budget(max_elements=100_000))
    started = time.perf_counter()
    value = ev.value(parse_expression(
        "{a ∈ X1×ℬ(X1) | ∀c∈pr2(a) ∃b∈S1 (pr1(a) = pr1(b) & c = pr2(b))}"))
    assert isinstance(value, LazySet)
    assert ev.value(parse_expression(
        "card({a ∈ X1×ℬ(X1) | ∀c∈pr2(a) ∃b∈S1 (pr1(a) = pr1(b) & c = pr2(b))})")) == \
        4 * 2 ** 3 + 4 * (side - 2) * 2 ** 5 + (side - 2) ** 2 * 2 ** 8
    assert time.perf_counter() - started < 20


# ----------------------------------------------------------------------------
# The budget: an error that names the sub-term and its size, never a hang

BIG = {"X1": F(range(40)), "S2": F({1, 2, 3})}
OVERFLOWS = [
    ("card({b ∈ ℬ(X1) | card(b ∩ S2) = 1 ∨ b = b})", "{b ∈ ℬ(X1) | card(b ∩ S2) = 1 ∨ b = b}"),
    ("∀b∈ℬ(X1) (card(b ∩ S2) = 1 ∨ b = b)", "∀b∈ℬ(X1) (card(b ∩ S2) = 1 ∨ b = b)"),
    ("{b ∈ ℬ(X1) | card(b ∩ S2) = 1 ∨ b = b} ⊆ {b ∈ ℬ(X1) | 0 ∈ b ∨ 0 ∉ b}",
     "{b ∈ ℬ(X1) | card(b ∩ S2) = 1 ∨ b = b} ⊆ {b ∈ ℬ(X1) | 0 ∈ b ∨ 0 ∉ b}"),
]


@pytest.mark.parametrize("text, fragment", OVERFLOWS, ids=[o[0] for o in OVERFLOWS])
def test_budget_error_instead_of_a_hang(text, fragment):
    tree = parse_expression(text)
    ev = Evaluator(BIG, budget=Budget(max_elements=10_000))
    started = time.perf_counter()
    with pytest.raises(BudgetExceeded) as caught:
        ev.truth(tree) if s.is_formula(tree) else ev.value(tree)
    assert time.perf_counter() - started < 10
    error = caught.value
    assert error.code == "setOverflow"
    assert "1099511627776" in error.message  # |ℬ(X1)| = 2^40, the candidates
    assert "10,000" in error.message
    assert "ℬ(X1)" in error.message and "card(b∩S2)=1 ∨ b=b" in error.message
    start = text.index(fragment)
    assert error.span[0] >= start and error.span[1] <= start + len(fragment)


def test_the_comprehension_itself_stays_lazy():
    """Without a question that needs its members, the term is a filtered
    interval: nothing is enumerated, nothing fails."""
    ev = Evaluator(BIG, budget=Budget(max_elements=10_000))
    value = ev.value(parse_expression("{b ∈ ℬ(X1) | card(b ∩ S2) = 1 ∨ b = b}"))
    assert isinstance(value, LazySet) and ev.budget.spent < 10_000


def test_budget_error_through_evaluate_schema():
    schema = Schema.parse("X1\n\nS2 ::= ℬ(X₁)\n\n"
                          "D2 :== {b ∈ ℬ(X₁) | card(b ∩ S₂) = 1 & b ⊆ S₂}\n\n"
                          "D1 :== {b ∈ ℬ(X₁) | card(b ∩ S₂) = 1 ∨ b = b}\n")
    started = time.perf_counter()
    results = evaluate_schema(schema, BIG, Budget(max_elements=10_000))
    assert time.perf_counter() - started < 10
    assert results["D1"].error is not None and results["D1"].error.code == "setOverflow"
    assert "cardinality 1099511627776" in results["D1"].error.message
    assert expand(results["D2"].value) == F({F({1}), F({2}), F({3})})


def test_materializing_a_huge_set_fails_before_starting():
    ev = Evaluator(BIG, budget=Budget(max_elements=10_000))
    with pytest.raises(RSLError) as caught:
        ev.value(parse_expression("debool({b ∈ ℬ(X1) | card(b) = 2})"))
    assert caught.value.code == "calcInvalidDebool"  # 780 members: decided by counting
    started = time.perf_counter()
    with pytest.raises(BudgetExceeded) as caught:  # T ⊆ f makes T the lower bound: listed
        ev.value(parse_expression("{f ∈ ℬ(ℬ(X1)) | ℬ(X1) ⊆ f}"))
    assert time.perf_counter() - started < 1 and ev.budget.spent == 0
    assert caught.value.code == "setOverflow" and "1099511627776" in caught.value.message
