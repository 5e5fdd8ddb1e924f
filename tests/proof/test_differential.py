"""The translation against the evaluator: random formulas of the
conformance runs' generator (bench/rslgen), each over its random model, its
translated truth (the model fixed in SMT-LIB) what the evaluator says.

A prover whose translation is wrong proves false things; this is the check
that would see it formula by formula.  The fast tier asks 150 formulas,
the slow tier 1,500; ``bench/prove_differential.py`` runs 5,000 and more
(docs/conformance.md has its figures).  The fixed model is also checked
directly, on hand-made cases whose truth is known."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from setmine.eval.interpret.model import evaluate, functions
from setmine.proof.concrete import truth
from setmine.proof.theory import Theory
from setmine.rsl.schema import Schema

BENCH = Path(__file__).resolve().parents[2] / "bench"


def differential(formulas: int, seed: int) -> dict:
    sys.path.insert(0, str(BENCH))
    try:
        from prove_differential import run
    finally:
        sys.path.remove(str(BENCH))
    return run(formulas, seed, seconds=5.0)


def test_random_formulas_agree_with_the_evaluator():
    found = differential(150, seed=7)
    counts = found["counts"]
    assert counts.get("DIFFER", 0) == 0, found["differing"][:3]
    assert counts.get("agree", 0) >= 60       # most are decided: the check has teeth


@pytest.mark.slow
def test_many_random_formulas_agree_with_the_evaluator():
    found = differential(1500, seed=11)
    assert found["counts"].get("DIFFER", 0) == 0, found["differing"][:3]


SCHEMA = """\
X1
X2
S1 ::= ℬ(X1×X2)
S2 ::= ℬ(X1)
S3 ::= X2
S4 ::= ℬ(Z×X1)
D1 :== Pr1(S1)
D2 :== D{b∈ℬ(X1) | S2 ⊆ b}
F1 :== [α∈X1] Pr2(Fi1[{α}](S1))
"""
DATA = {"X1": frozenset({1, 2, 3}), "X2": frozenset({"p", "q"}),
        "S1": frozenset({(1, "p"), (2, "p"), (2, "q")}), "S2": frozenset({2}), "S3": "q",
        "S4": frozenset({(0, 1), (-3, 2)})}

KNOWN = [
    ("card(S4) = 2", True), ("card(X2 ∪ {S3}) = 3", False),
    ("∀a∈X1 (a∈D1 ⇔ F1[a] ≠ ∅)", True), ("∃a∈S2 S3 ∈ F1[a]", True),
    ("∀a∈X1 (S3 ∈ F1[a] ⇒ a∈S2)", True), ("∀a∈X1 S3 ∈ F1[a]", False),
    ("card(S1) - card(S2) * 2 = 1", True), ("∃(i, a)∈S4 (i < 0 & a∈S2)", True),
    ("red(D2) = X1", True), ("debool(S2) ∈ D1", True),
    ("Fi2[{S3}](S1) ⊆ S1", True), ("S2 ⊂ D1", True), ("D1 ⊄ S2", True),
    ("(X1 ∆ S2) ∩ S2 = ∅", True), ("bool(S3) ⊆ X2", True), ("S3 ∈ Pr2(S1) \\ {S3}", False),
]


@pytest.mark.parametrize("formula,want", KNOWN, ids=[k[0] for k in KNOWN])
def test_known_truths_on_a_fixed_model(formula, want):
    schema = Schema.parse(SCHEMA)
    assert evaluate(schema, formula, DATA) is want
    got = truth(Theory(schema, functions(schema)), DATA, "probe", schema.expression_tree(formula))
    assert got is want
