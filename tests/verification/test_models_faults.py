"""Faults in the models scope's grounding that the SAT search's own tests
let through (issue 45, "tests that bite"), each held here to the plain
enumeration (``naive.py``: every interpretation, the evaluator on each).

The SAT search re-checks every solution with the evaluator, which removes
models the circuits add but cannot bring back models they lose; so these
tests compare the circuits' *raw* solutions (no re-check) with the models
the plain enumeration finds — as a multiset, so a model added, lost or
given twice is seen — on schemas whose every axiom grounds.  Each schema
below is chosen so that one fault changes its solutions:

* a set-builder over a structure, ``D{x∈S1 | …}``, that forgets ``x ∈ S1``;
* an ∃ over a structure that forgets whether the candidate is present;
* a filter with several parameters, ``Fi1,2[S2,S3](S1)``, grounded with
  ``or`` for ``and``;
* a grounded ``-`` computing ``+`` (or anything else);

and nauty's group order read from its float (mantissa, exponent) pair is
held to n! and products of factorials past where the float is exact.
"""

from __future__ import annotations

from collections import Counter
from math import factorial, prod

import pytest
from pysat.solvers import Solver

from setmine.rsl.schema import Schema
from setmine.verification.models import canonical, isomorphism, naive, sat
from setmine.verification.models.scope import parse_model_scope


def model_key(sizes, values) -> tuple:
    """A model as a hashable key: its sizes and its values by alias."""
    return (tuple(sorted(sizes.items())), tuple(sorted(values.items(), key=lambda kv: kv[0])))


def raw_models(schema, scope, required=()) -> Counter:
    """Every solution of the grounded circuits, without the evaluator's
    re-check, one size vector after another (each solution blocked on the
    structures' variables once found); ``required``: formulas (trees) whose
    grounded literal is required too.  Fails unless every axiom grounds."""
    found: Counter = Counter()
    for sizes in scope.size_vectors():
        grounded = sat.Grounded(schema, dict(sizes), scope.integers, symmetry=False)
        assert grounded.left_to_evaluator == [], grounded.left_to_evaluator
        for tree in required:
            grounded.circuit.require(grounded.grounder.formula(tree))
        variables = grounded.variables()
        with Solver(name="cadical153", bootstrap_with=grounded.circuit.clauses) as solver:
            while solver.solve():
                true = {lit for lit in solver.get_model() if lit > 0}
                found[model_key(sizes, grounded.decode(true))] += 1
                if not variables:
                    break
                solver.add_clause([-v if v in true else v for v in variables])
    return found


def plain_models(schema, scope) -> Counter:
    """Every model by the definition: each interpretation, its axioms evaluated."""
    axioms = [c.alias for c in schema if c.kind == "axiom"]
    return Counter(model_key(i.sizes, i.values) for i in naive.interpretations(schema, scope)
                   if naive.holds(schema, i.values, axioms))


def parsed(text: str):
    schema = Schema.parse(text)
    assert not schema.errors(), schema.errors()
    return schema


def agree_raw(text: str, sizes: str = "X1<=2", integers: str | None = None) -> Counter:
    """The raw circuit solutions are exactly the plain enumeration's models
    (so their number too, and — re-checked as the search does — no model
    is lost).  Returns the plain models."""
    schema = parsed(text)
    scope = parse_model_scope(schema, sizes, integers)
    plain = plain_models(schema, scope)
    raw = raw_models(schema, scope)
    axioms = [c.alias for c in schema if c.kind == "axiom"]
    rechecked = sum(n for (sizes_, values), n in raw.items()
                    if naive.holds(schema, dict(values), axioms))
    assert rechecked == sum(plain.values()), "the circuits lose models"
    assert sum(raw.values()) == sum(plain.values()), "the circuits add models"
    assert raw == plain
    return plain


SETS = "X1\nS1 ::= ℬ(X1)\nS2 ::= ℬ(X1)\n"
PAIRS = "X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\n"

# (the fault it catches, the schema, the number of models at X1 ≤ 2 by hand)
CASES = [
    # a set-builder over a structure: x ranges over S1's members, not X1's
    ("set-builder, positive", SETS + "A1 :== D{x∈S1 | x∈S2} = S2\n", 1 + 3 + 9),       # S2 ⊆ S1
    ("set-builder, negated", SETS + "A1 :== ∀a∈X1 a ∉ D{x∈S1 | x∈S2}\n", 1 + 3 + 9),  # disjoint
    ("set-builder, in an equality", SETS + "A1 :== D{x∈S1 | x∉S2} = ∅\n", 1 + 3 + 9),
    ("set-builder over pairs", PAIRS + "A1 :== card(D{p∈S1 | pr1(p) ∈ S2}) = 1\n", None),
    # ∃ over a structure: a candidate that is not a member is no witness
    ("∃, positive", SETS + "A1 :== ∃x∈S1 x∈S2\n", 0 + 1 + 7),
    ("∃, negated", SETS + "A1 :== ¬∃x∈S1 x∈S2\n", 1 + 3 + 9),
    ("∃ of two variables", SETS + "A1 :== ∃x,y∈S1 x≠y\n", 4),
    ("∃ in a structure over a structure",
     "X1\nS1 ::= ℬ(X1)\nS2 ::= ℬ(S1)\nA1 :== ¬∃x∈S2 x∈X1\n", 1 + 2 + 4),
    # a filter of several parameters keeps a tuple when every component is in its set
    ("filter of two parameters, equal to the whole",
     PAIRS + "A1 :== Fi1,2[S2,S3](S1) = S1\n", None),
    ("filter of two parameters, empty", PAIRS + "A1 :== Fi1,2[S2,S3](S1) = ∅ & S1 ≠ ∅\n", None),
    ("filter of two parameters, counted",
     PAIRS + "A1 :== card(Fi2,1[S2,S3](S1)) = 1\n", None),
    # - is a difference
    ("a difference of cards", SETS + "A1 :== card(S1) - card(S2) = 1\n", 1 + 4),
    ("a difference into Z", "X1\nS1 ::= ℬ(X1)\nS2 ::= Z\nA1 :== S2 = 1 - card(S1)\n",
     None),
    ("a product and a difference",
     SETS + "A1 :== card(S1) * card(S2) - card(S1) = 0 & S1 ≠ ∅\n", None),
]


@pytest.mark.parametrize("name, text, known", CASES, ids=[c[0] for c in CASES])
def test_the_raw_circuits_have_exactly_the_plain_models(name, text, known):
    integers = "-1..2" if "Z" in text else None
    plain = agree_raw(text, "X1<=2", integers)
    if known is not None:
        assert sum(plain.values()) == known
    assert plain, "a schema with models tells more"


@pytest.mark.parametrize("n", range(1, 18))
def test_the_empty_graph_on_n_vertices_has_n_factorial_automorphisms(n):
    """nauty gives |Aut| as a float's mantissa and a power of ten: past
    10¹⁰ the mantissa is not an integer (15! is 130.76743679999998 × 10¹⁰),
    and it must be rounded, not truncated.  As the empty relation and with
    no structure at all."""
    schema = parsed("X1\nS1 ::= ℬ(X1×X1)\n")
    types = naive.structure_types(schema)
    assert canonical.automorphisms({"S1": frozenset()}, types, {"X1": n}) == factorial(n)
    assert canonical.automorphisms({}, {}, {"X1": n}) == factorial(n)
    assert canonical.class_size({"S1": frozenset()}, types, {"X1": n}) == 1


def test_the_empty_graph_on_8_has_40320_automorphisms():
    schema = parsed("X1\nS1 ::= ℬ(X1×X1)\n")
    types = naive.structure_types(schema)
    assert canonical.automorphisms({"S1": frozenset()}, types, {"X1": 8}) == 40_320
    loops = frozenset((a, a) for a in range(8))
    assert canonical.automorphisms({"S1": loops}, types, {"X1": 8}) == 40_320
    star = frozenset((0, a) for a in range(1, 8))
    assert canonical.automorphisms({"S1": star}, types, {"X1": 8}) == 5_040


@pytest.mark.parametrize("sizes", [(5, 4), (8, 8), (12, 6), (13, 5), (14, 7), (11, 11)])
def test_a_product_of_symmetric_groups_has_the_product_order(sizes):
    """X1=5, X2=4 and no structure: 5!·4! = 2,880; past 10¹⁰ (12!·6!, 13!·5!,
    14!·7!) nauty's float is not an integer; 11!·11! is past 2⁵⁰."""
    basic = {f"X{i}": n for i, n in enumerate(sizes, 1)}
    assert canonical.automorphisms({}, {}, basic) == prod(factorial(n) for n in sizes)


def test_the_largest_groups_are_exact_past_a_float():
    """Past 2⁵⁰ the order comes from the generators (a float's 18! is off by 2)."""
    for n in (18, 20):
        assert canonical.automorphisms({}, {}, {"X1": n}) == factorial(n)


def test_nauty_s_orders_agree_with_every_renaming_on_a_small_model():
    schema = parsed("X1\nX2\nS1 ::= ℬ(X1×X2)\n")
    types = naive.structure_types(schema)
    values = {"S1": frozenset({(0, 0), (1, 0), (2, 1)})}
    sizes = {"X1": 4, "X2": 3}
    assert canonical.automorphisms(values, types, sizes) == \
        isomorphism.automorphisms(values, types, sizes) == 2 * 1 * 1
