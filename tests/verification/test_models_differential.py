"""The models scope's SAT circuits against the plain enumeration on random
axioms (issue 45, "tests that bite").

The schema's structures are of every kind the grounding handles: a relation
``S1 ::= ℬ(X1×X1)``, a set ``S2 ::= ℬ(X1)``, a structure over a structure
``S3 ::= ℬ(S2)`` (a subset of S2), a structure over a term ``D1 :== X1 \\ S2; S4 ::= ℬ(D1)``
and an element ``S5 ::= X1``; so the candidates of S3 and S4 are not all
present, and the pool's axioms quantify over structures (``∀x∈S2``,
``∃x∈S4``), build sets over them (``D{x∈S2 | …}``) and use those negatively
and in equalities, filter with several parameters (``Fi1,2[S2,S4](S1)``),
subtract and multiply.

Where every axiom grounds (nothing left to the evaluator) and none holds a
``debool`` (where the evaluator errs the circuits may say anything), the
circuits' *raw* solutions — no evaluator re-check, which would hide a model
the circuits add — must be exactly the models the plain enumeration finds,
each once.  Otherwise the search's re-checked models must be.  The scope is
X1 ≤ 2: a few hundred interpretations, so the oracle stays fast.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.rsl.schema import Schema
from setmine.verification.models import naive, sat
from setmine.verification.models.scope import parse_model_scope

BASE = ("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(S2)\nD1 :== X1 \\ S2\nS4 ::= ℬ(D1)\n"
        "S5 ::= X1\n")

POOL = [
    # quantifiers over structures (S3's and S4's candidates are not all present)
    "∀x∈S2 (x,x)∈S1",
    "∃x∈S2 (x,S5)∈S1",
    "∀(a,b)∈S1 (a∈S2 ∨ b∈S4)",
    "∃y∈S3 (y,S5)∈S1",
    "∀y∈S3 y ≠ S5",
    "¬∃x∈S4 x = S5",
    "∃x,y∈S2 x ≠ y",
    "∀x∈S4 ∃y∈S2 (x,y)∈S1",
    "¬∀y∈S3 (y,y) ∈ S1",
    # sets built over structures, negatively and in equalities
    "D{x∈S2 | (x,x)∈S1} = S2",
    "¬(S5 ∈ D{x∈S4 | (S5,x)∈S1})",
    "D{p∈S1 | pr1(p) ∈ S2} = ∅",
    "card(D{y∈S3 | (S5,y) ∈ S1}) = 1",
    "D{x∈S4 | x ≠ S5} ≠ S4",
    "∀x∈D{y∈S2 | y ≠ S5} (x,S5)∈S1",
    "¬(D{x∈S2 | (x,x)∈S1} = D{y∈S3 | y≠S5})",
    # filters of several parameters
    "Fi1,2[S2,S4](S1) = S1",
    "Fi2,1[S2,S2](S1) ≠ ∅",
    "card(Fi1,2[S2,D1](S1)) ≤ 1",
    "¬(Fi1,2[S4,S2](S1) ⊆ Fi1[S2](S1))",
    # arithmetic
    "card(S2) - card(S4) = 1",
    "card(S1) = card(S2) * card(S2)",
    "card(S3) - 1 < card(S2) * 2",
    "card(S1) - card(S2) * card(S4) ≥ 1",
    # the structure over a term, the element, sets of sets
    "S4 = D1",
    "S4 ≠ ∅",
    "S5 ∈ S2",
    "(S5,S5) ∉ S1",
    "{S5} = S4",
    "S3 ∈ ℬ(S2 \\ {S5})",
    "red({S3, S4}) = S2",
    "∃z∈ℬ(S2) z = S3 ∪ S4",
    # left to the evaluator, or where it errs: the re-checked search instead
    "debool(S4) = S5",
    "R{a := S4 | a ∪ S4} = S4",
]

SCOPE = "X1<=2"


def model_key(sizes, values) -> tuple:
    return (tuple(sorted(sizes.items())), tuple(sorted(values.items(), key=lambda kv: kv[0])))


def raw_models(schema, scope) -> Counter | None:
    """Every solution of the circuits, without the evaluator's re-check
    (``test_models_faults.raw_models``); None when some axiom (or part) is
    left to the evaluator."""
    from .test_models_faults import raw_models as every_solution

    if any(sat.Grounded(schema, dict(sizes), scope.integers, symmetry=False).left_to_evaluator
           for sizes in scope.size_vectors()):
        return None
    return every_solution(schema, scope)


def rechecked_models(schema, scope) -> Counter:
    """The search's models, each checked by the evaluator (no symmetry breaking)."""
    return Counter(model_key(m.sizes, m.values)
                   for m in sat.models(schema, scope, symmetry=False))


def plain_models(schema, scope) -> Counter:
    axioms = [c.alias for c in schema if c.kind == "axiom"]
    return Counter(model_key(i.sizes, i.values) for i in naive.interpretations(schema, scope)
                   if naive.holds(schema, i.values, axioms))


def compare(axioms: list[str]) -> str:
    """Which comparison was made ("raw" or "re-checked"); fails on any difference."""
    text = BASE + "".join(f"A{i} :== {a}\n" for i, a in enumerate(axioms, 1))
    schema = Schema.parse(text)
    assert not schema.errors(), schema.errors()
    scope = parse_model_scope(schema, SCOPE)
    plain = plain_models(schema, scope)
    raw = None if any("debool" in a for a in axioms) else raw_models(schema, scope)
    if raw is not None:
        assert sum(raw.values()) == sum(plain.values()), (sum(raw.values()), sum(plain.values()))
        assert raw == plain
        return "raw"
    found = rechecked_models(schema, scope)
    assert sum(found.values()) == sum(plain.values()), (sum(found.values()),
                                                        sum(plain.values()))
    assert found == plain
    return "re-checked"


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(POOL), min_size=1, max_size=3, unique=True))
def test_random_axioms_over_structures_give_the_plain_enumeration_s_models(axioms):
    compare(axioms)


def test_every_axiom_of_the_pool_alone():
    """Each item once, by itself, whatever the random draw: and the raw
    comparison is made on all but the two meant for the re-check."""
    kinds = Counter(compare([a]) for a in POOL)
    assert kinds == Counter({"raw": len(POOL) - 2, "re-checked": 2})
