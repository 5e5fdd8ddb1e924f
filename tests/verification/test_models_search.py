"""The pruning search (``verification/models/search.py``) against the plain
enumeration (``naive.py``): the same models, in the same order, on schemas of
several structures — domains built from structures and terms, axioms that
read no structure, one, or several — and on random sets of axioms; with
symmetry broken, the same classes and the same labelled count."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.rsl.schema import Schema
from setmine.verification.models import naive, search
from setmine.verification.models.scope import parse_model_scope

SCHEMAS = [
    ("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\nA1 :== S2 ∩ S3 = ∅\n"
     "A2 :== S2 ∪ S3 = X1\nA3 :== ∀a∈X1 (a,a)∉S1\n", "X1<=2", None),
    ("X1\nS1 ::= ℬ(X1)\nS2 ::= ℬ(S1)\nA1 :== card(S2) = 1\n", "X1<=2", None),
    ("X1\nS1 ::= ℬ(X1)\nD1 :== X1 \\ S1\nS2 ::= D1\nA1 :== S2 ∉ S1\n", "X1<=3", None),
    ("X1\nX2\nS1 ::= ℬ(X1×X2)\nS2 ::= X2\nA1 :== card(X1) ≥ 1\n"
     "A2 :== ∀a∈X1 (a, S2) ∈ S1\n", "X1<=2, X2<=2", None),
    ("C1\nS1 ::= ℬ(C1)\nS2 ::= Z\nA1 :== S2 = card(S1)\n", "C1<=2", "0..3"),
    ("X1\nS1 ::= ℬ(X1)\nA1 :== 1 = 2\n", "X1<=2", None),   # no model at all
]


def same(schema: Schema, sizes: str, integers):
    scope = parse_model_scope(schema, sizes, integers)
    axioms = [c.alias for c in schema if c.kind == "axiom"]
    plain = [i for i in naive.interpretations(schema, scope)
             if naive.holds(schema, i.values, axioms)]
    pruned = list(search.models(schema, scope))
    assert [(i.sizes, i.values) for i in pruned] == [(i.sizes, i.values) for i in plain]
    a, b = naive.census(schema, scope), search.census(schema, scope)
    assert (a.models, a.labelled, list(a.classes)) == (b.models, b.labelled, list(b.classes))
    c = search.census(schema, scope, symmetry=True)   # one model or more of each class
    assert (c.models, c.labelled, set(c.classes)) == (a.models, a.labelled, set(a.classes))
    assert c.interpretations <= b.interpretations
    return a, b


@pytest.mark.parametrize("text, sizes, integers", SCHEMAS)
def test_the_search_finds_the_plain_enumeration_s_models(text, sizes, integers):
    same(Schema.parse(text), sizes, integers)


def test_a_false_axiom_on_the_first_structure_cuts_the_rest():
    schema = Schema.parse("X1\nS1 ::= ℬ(X1)\nS2 ::= ℬ(X1×X1)\nA1 :== S1 = X1\n")
    a, b = same(schema, "X1=2", None)
    assert b.interpretations < a.interpretations / 2


AXIOMS = ["∀a∈X1 (a,a)∉S1", "∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)", "S2 ⊆ Pr1(S1)", "card(S2) ≤ 1",
          "S2 ≠ ∅", "∃a∈X1 (a,a)∈S1", "Pr2(S1) ⊆ S2", "card(X1) ≥ 2", "S1 = ∅ ⇒ S2 = X1"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(AXIOMS), max_size=3, unique=True))
def test_random_axioms(chosen):
    text = "X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\n" + "".join(
        f"A{n} :== {a}\n" for n, a in enumerate(chosen, 1))
    same(Schema.parse(text), "X1<=2", None)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_symmetry_keeps_every_class_of_graphs(n):
    schema = Schema.parse("X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∉S1\n"
                          "A2 :== ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)\n")
    scope = parse_model_scope(schema, f"X1={n}")
    full, broken = search.census(schema, scope), search.census(schema, scope, symmetry=True)
    assert (broken.models, broken.labelled) == (full.models, full.labelled)
    assert broken.interpretations < full.interpretations
