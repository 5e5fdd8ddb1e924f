"""The SAT search (``verification/models/sat.py``) and nauty's classes
(``canonical.py``) against the definitions (``naive.py``, ``isomorphism.py``):

* the same models up to isomorphism and the same labelled count as trying
  every interpretation, on schemas of several structures (domains built from
  structures and terms, element structures, constants, integers, terms and
  functions) and on random sets of axioms drawn from a pool that exercises
  every grounded construct;
* without symmetry breaking, exactly the plain enumeration's models;
* certificates equal exactly when the brute-force canonical forms are, and
  nauty's automorphism count equal to the count of renamings that fix a
  model.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.rsl.schema import Schema
from setmine.verification.models import canonical, isomorphism, naive, sat
from setmine.verification.models.circuits import Circuit
from setmine.verification.models.scope import parse_model_scope


def sat_census(schema, scope, symmetry=True):
    classes = canonical.Classes(schema, every=not symmetry)
    for model in sat.models(schema, scope, symmetry=symmetry):
        classes.add(model)
    return classes


def agree(text: str, sizes: str, integers=None):
    schema = Schema.parse(text)
    assert not schema.errors(), schema.errors()
    scope = parse_model_scope(schema, sizes, integers)
    plain = naive.census(schema, scope)
    every = list(sat.models(schema, scope, symmetry=False))
    key = lambda i: (sorted(i.sizes.items()), sorted((a, repr(v)) for a, v in i.values.items()))
    axioms = [c.alias for c in schema if c.kind == "axiom"]
    expected = [i for i in naive.interpretations(schema, scope)
                if naive.holds(schema, i.values, axioms)]
    assert sorted(map(key, every)) == sorted(map(key, expected))
    found = sat_census(schema, scope)
    assert (len(found), found.labelled) == (plain.models, plain.labelled)
    assert {naive.class_key(schema, m) for m in found.representatives.values()} == \
        set(plain.classes)
    return plain


GRAPHS = "X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∉S1\nA2 :== ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)\n"
ORDERS = ("X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∈S1\n"
          "A2 :== ∀a,b∈X1 ((a,b)∈S1 & (b,a)∈S1 ⇒ a = b)\n"
          "A3 :== ∀a,b,c∈X1 ((a,b)∈S1 & (b,c)∈S1 ⇒ (a,c)∈S1)\n")

SCHEMAS = [
    (GRAPHS, "X1<=3", None, (1 + 1 + 2 + 4, 1 + 1 + 2 + 8)),
    (ORDERS, "X1=3", None, (5, 19)),
    ("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\nS4 ::= ℬ(S2×S3)\nA1 :== S2 ∩ S3 = ∅\n"
     "A2 :== S2 ∪ S3 = X1\nA3 :== ∀a∈X1 (a,a)∉S1\n", "X1<=2", None, None),
    ("X1\nS1 ::= ℬ(X1)\nS2 ::= ℬ(S1)\nA1 :== card(S2) = 1\n", "X1<=3", None, None),
    ("X1\nS1 ::= ℬ(X1)\nD1 :== X1 \\ S1\nS2 ::= D1\nA1 :== S2 ∉ S1\n", "X1<=3", None, None),
    ("X1\nX2\nS1 ::= ℬ(X1×X2)\nS2 ::= X2\nA1 :== card(X1) ≥ 1\n"
     "A2 :== ∀a∈X1 (a, S2) ∈ S1\n", "X1<=2, X2<=2", None, None),
    ("C1\nS1 ::= ℬ(C1)\nS2 ::= Z\nA1 :== S2 = card(S1)\n", "C1<=2", "0..3", None),
    ("X1\nX2\nS1 ::= ℬ(X1×X2)\nA1 :== ∀a∈X1 card(Pr2(Fi1[{a}](S1))) = 1\n",   # functions
     "X1<=2, X2<=2", None, None),
    ("X1\nS1 ::= ℬ(X1×X1)\nF1 :== [α∈X1] Pr1(Fi2[{α}](S1))\n"
     "A1 :== ∀a∈X1 card(F1[a]) ≤ 1\nA2 :== ∀a∈X1 a ∉ F1[a]\n", "X1<=3", None, None),
    ("X1\nS1 ::= ℬℬ(X1)\nA1 :== ∀a∈S1 card(a) = 1\nA2 :== red(S1) = X1\n", "X1<=3", None, None),
    ("X1\nS1 ::= ℬ(X1)\nS2 ::= X1\nA1 :== debool(S1) = S2\n", "X1<=3", None, None),
    ("X1\nS1 ::= ℬ(X1)\nA1 :== 1 = 2\n", "X1<=2", None, (0, 0)),   # no model at all
    ("X1\nS1 ::= ℬ(X1)\nA1 :== R{a := S1 | a ∪ S1} = S1\n", "X1<=2", None, None),  # left over
]


@pytest.mark.parametrize("text, sizes, integers, known", SCHEMAS)
def test_the_sat_search_counts_what_trying_everything_counts(text, sizes, integers, known):
    plain = agree(text, sizes, integers)
    if known is not None:
        assert (plain.models, plain.labelled) == known


@pytest.mark.parametrize("text, n, known", [
    (GRAPHS, 4, (11, 64)), (GRAPHS, 5, (34, 1024)), (GRAPHS, 6, (156, 32768)),
    (ORDERS, 4, (16, 219)), (ORDERS, 5, (63, 4231))])
def test_known_counts_past_what_brute_force_reaches(text, n, known):
    """OEIS A000088/A006125 (graphs) and A000112/A001035 (partial orders):
    the sizes past the brute-force test above."""
    schema = Schema.parse(text)
    found = sat_census(schema, parse_model_scope(schema, f"X1={n}"))
    assert (len(found), found.labelled) == known


POOL = ["∀a∈X1 (a,a)∉S1", "∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)", "S2 ⊆ Pr1(S1)", "card(S2) ≤ 1",
        "S2 ≠ ∅", "∃a∈X1 (a,a)∈S1", "Pr2(S1) ⊆ S2", "card(X1) ≥ 2", "S1 = ∅ ⇒ S2 = X1",
        "D{x∈X1 | (x,x)∈S1} = S2", "card(S1) = card(S2) + 1", "S2 ⊂ X1", "¬(S2 ⊄ X1)",
        "∀(a,b)∈S1 (a ∈ S2 ∨ b ∈ S2)", "Fi1[S2](S1) = S1 ∆ (S1 \\ S1)", "S2 ∈ ℬ(Pr2(S1))",
        "{S2} ≠ {X1 \\ S2}", "card(S2 × S2) < 4", "∃x∈ℬ(X1) (x ⊆ S2 & card(x) = 2)",
        "(1, 2) ∈ {(1, card(S2))} ⇔ S2 ≠ ∅", "red({S2, Pr1(S1)}) = S2 ∪ Pr1(S1)",
        "∀a∈X1 card(F1[a]) ≤ 1", "P1[S2]"]


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(POOL), max_size=3, unique=True))
def test_random_axioms_give_the_plain_enumeration_s_counts(axioms):
    text = ("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nF1 :== [α∈X1] Pr1(Fi2[{α}](S1))\n"
            "P1 :== [σ∈ℬ(X1)] card(σ) ≠ 1\n"
            + "".join(f"A{i} :== {a}\n" for i, a in enumerate(axioms, 1)))
    agree(text, "X1<=2")


MODEL_TYPES = "X1\nX2\nC1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1×X2)\nS3 ::= ℬ(C1×X1)\nS4 ::= ℬℬ(X2)\n"


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_certificates_and_automorphisms_agree_with_every_renaming(data):
    schema = Schema.parse(MODEL_TYPES)
    types = naive.structure_types(schema)
    n1, n2 = data.draw(st.integers(0, 3)), data.draw(st.integers(0, 2))
    sizes = {"X1": n1, "X2": n2}

    def model():
        def pairs(a, b):
            if not (a and b):
                return st.just(frozenset())
            return st.frozensets(st.tuples(st.integers(0, a - 1), st.integers(0, b - 1)),
                                 max_size=4)
        return {"S1": data.draw(pairs(n1, n1)), "S2": data.draw(pairs(n1, n2)),
                "S3": data.draw(pairs(2, n1)),
                "S4": data.draw(st.frozensets(st.frozensets(st.integers(0, n2 - 1))
                                              if n2 else st.just(frozenset()), max_size=3)),
                "C1": frozenset({0, 1})}
    a, b = model(), model()
    same = isomorphism.canonical(a, types, sizes) == isomorphism.canonical(b, types, sizes)
    assert (canonical.certificate(a, types, sizes) == canonical.certificate(b, types, sizes)) \
        == same
    assert canonical.automorphisms(a, types, sizes) == \
        isomorphism.automorphisms(a, types, sizes)


def test_lex_leq_admits_exactly_the_ordered_pairs():
    from itertools import product

    from pysat.solvers import Solver

    c = Circuit()
    xs, ys = [c.var() for _ in range(3)], [c.var() for _ in range(3)]
    c.lex_leq(xs, ys)
    solutions = set()
    with Solver(name="cadical153", bootstrap_with=c.clauses) as solver:
        while solver.solve():
            model = solver.get_model()
            bits = tuple(model[v - 1] > 0 for v in xs + ys)
            solutions.add(bits)
            solver.add_clause([-(v) if model[v - 1] > 0 else v for v in xs + ys])
    expected = {x + y for x, y in product(product((False, True), repeat=3), repeat=2) if x <= y}
    assert solutions == expected


def test_a_count_is_exact():
    from itertools import product

    from pysat.solvers import Solver

    c = Circuit()
    xs = [c.var() for _ in range(4)]
    counts = c.count(xs)
    for bits in product((False, True), repeat=4):
        with Solver(name="cadical153", bootstrap_with=c.clauses) as solver:
            assumptions = [v if b else -v for v, b in zip(xs, bits)]
            for k, lit in counts.items():
                want = k == sum(bits)
                if lit is True or lit is False:
                    assert lit == want
                else:
                    assert solver.solve(assumptions + [lit]) == want
