"""``setmine prove``'s verdicts, table-driven: laws proved for every model,
false statements refuted on their smallest model, and false statements
whose counterexamples lie beyond the models scope never proved.

Every proof is also re-checked by the models scope (``bounded.holds``):
a statement the prover proves and the models scope refutes would be a
fault of the translation."""

from __future__ import annotations

import pytest

from setmine.proof.decide import decide
from setmine.rsl.schema import Schema
from setmine.verification.models.scope import parse_model_scope

EQUIVALENCE = """\
X1
S1 ::= ℬ(X1×X1)
A1 :== ∀a∈X1 (a,a)∈S1
A2 :== ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)
A3 :== ∀a,b,c∈X1 ((a,b)∈S1 & (b,c)∈S1 ⇒ (a,c)∈S1)
"""

STRICT_TOTAL_ORDER = """\
X1
S1 ::= ℬ(X1×X1)
A1 :== ∀a∈X1 (a,a)∉S1
A2 :== ∀a,b,c∈X1 ((a,b)∈S1 & (b,c)∈S1 ⇒ (a,c)∈S1)
A3 :== ∀a,b∈X1 (a≠b ⇒ (a,b)∈S1 ∨ (b,a)∈S1)
"""

PARTIAL_ORDER = """\
X1
S1 ::= ℬ(X1×X1)
A1 :== ∀a∈X1 (a,a)∈S1
A2 :== ∀a,b∈X1 ((a,b)∈S1 & (b,a)∈S1 ⇒ a=b)
A3 :== ∀a,b,c∈X1 ((a,b)∈S1 & (b,c)∈S1 ⇒ (a,c)∈S1)
D1 :== D{p∈S1 | (pr2(p), pr1(p))∈S1}
D2 :== D{p∈X1×X1 | pr1(p)=pr2(p)}
"""

RELATION = """\
X1
S1 ::= ℬ(X1×X1)
S2 ::= ℬ(X1)
F1 :== [α∈X1] Pr2(Fi1[{α}](S1))
"""

SCORES = """\
X1
C1
S1 ::= ℬ(X1×C1)
A1 :== ∀(a, n)∈S1 n ≥ 0
"""

CONTRADICTORY = """\
X1
S1 ::= ℬ(X1)
A1 :== X1 = ∅
A2 :== ∃a∈X1 a∈X1
"""

CASES = [
    # (schema, statement, verdict, what the proof must name)
    (EQUIVALENCE, "∀a,b,c∈X1 ((a,b)∈S1 & (a,c)∈S1 ⇒ (b,c)∈S1)", "proved", {"A2", "A3"}),
    (STRICT_TOTAL_ORDER, "∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∉S1)", "proved", {"A1", "A2"}),
    (PARTIAL_ORDER, "D1 = D2", "proved", {"A1", "A2", "D1", "D2"}),
    (EQUIVALENCE, "∀a,b∈X1 ((a,b)∈S1 ⇒ a=b)", "refuted", set()),
    (STRICT_TOTAL_ORDER, "S1 = ∅", "refuted", set()),
    (RELATION, "S2 ∪ X1 = X1", "proved", set()),
    (RELATION, "∀a∈X1 F1[a] ⊆ X1", "proved", set()),
    (RELATION, "card(S2 ∩ X1) ≤ card(X1)", "proved", set()),
    (RELATION, "Pr1(S1) ⊆ X1", "proved", set()),
    (RELATION, "D{b∈ℬ(X1) | S2 ⊆ b} ≠ ∅", "proved", set()),
    (RELATION, "S2 ⊂ X1", "refuted", set()),
    (RELATION, "card(D{a∈X1 | a∈S2}) = card(S2)", "proved", {"S2"}),
    # an integral constant set is a set of integers: added, compared, equal to integers
    (SCORES, "∀(a, n)∈S1 n + 1 > 0", "proved", {"A1"}),
    (SCORES, "∀(a, n)∈S1 n ≠ 2", "refuted", set()),
]


def run(schema_text: str, *assertions, sizes=None, timeout=10.0):
    schema = Schema.parse(schema_text, "test.rsl")
    if sizes is None:
        sizes = ",".join(f"{c.alias}<=3" for c in schema if c.kind in ("basic", "constant"))
    return decide(schema, list(assertions), timeout=timeout,
                  scope=parse_model_scope(schema, sizes), apart=False)


def rechecked(outcome) -> None:
    """No statement is proved that the models scope refutes."""
    for st in outcome.statements:
        if st.verdict in ("proved", "vacuous"):
            assert st.bounded_holds and st.counterexample is None, st.name


@pytest.mark.parametrize("schema,statement,verdict,used", CASES,
                         ids=[c[1] for c in CASES])
def test_verdict(schema, statement, verdict, used):
    outcome = run(schema, statement)
    rechecked(outcome)
    st = outcome.statements[-1]
    assert st.verdict == verdict, st.why
    assert used <= set(st.used)
    if verdict == "refuted":
        assert st.counterexample is not None and not st.used


# Each false, with a smallest counterexample of more elements than the
# models scope (X1<=3) has: the prover must not prove it (it may not refute
# it either: unknown is the honest answer).
BEYOND_THE_SCOPE = [
    (RELATION, "card(X1) ≤ 3"),
    (RELATION, "card(S1) ≤ 9"),
    (RELATION, "∀a∈X1 card(F1[a]) ≤ 3"),
    (RELATION, "card(S2) < 4"),
    (EQUIVALENCE, "card(S1) ≠ 16"),
    (RELATION, "card(ℬ(S2)) ≤ 8"),
]


@pytest.mark.parametrize("schema,statement", BEYOND_THE_SCOPE,
                         ids=[c[1] for c in BEYOND_THE_SCOPE])
def test_never_a_false_proof(schema, statement):
    outcome = run(schema, statement, timeout=5.0)
    st = outcome.statements[-1]
    assert st.verdict == "unknown"
    assert st.bounded_holds
    assert "holds up to X1<=3" in st.why


# Found by a review: the evaluator cannot list Z (iterateInfinity), so a
# statement that iterates it has no value where that part is evaluated —
# a guard keeps the small scope from evaluating it. Never proved.
OVER_Z = [
    "card(X1) ≤ 1 ∨ ∀x∈Z x = x",
    "card(X1) ≤ 1 ∨ ∃x∈Z x > 5",
    "card(X1) ≤ 1 ∨ ∀x∈Z (x ≥ 0 ⇒ x + 1 > 0)",
    "card(X1) ≤ 1 ∨ 3 ∈ D{x∈Z | x > 2}",
    "card(X1) ≤ 1 ∨ D{x∈Z | x > 2} ≠ ∅",
    "card(S2) ≥ 2 ⇒ 7 ∈ D1",
    "card(S2) ≤ 1 ∨ card(D{y∈F2[S2] | y=y}) = 7",
]


@pytest.mark.parametrize("statement", OVER_Z)
def test_a_statement_that_iterates_z_is_never_proved(statement):
    text = RELATION + ("D1 :== D{x∈Z | card(S2) > 1}\n"
                       "F2 :== [a∈ℬ(R1)] D{x∈Z | card(a) > 1}\n")
    st = run(text, statement, sizes="X1<=1", timeout=5.0).statements[-1]
    assert st.verdict != "proved"
    assert st.verdict == "unknown" and ("Z" in st.why or "infinite" in st.why), st.why


def test_the_unknown_says_what_was_tried():
    st = run(RELATION, "card(X1) ≤ 3", timeout=3.0).statements[-1]
    assert st.why.startswith("holds up to X1<=3; the prover ")
    assert st.attempts and all(status != "unsat" for _, status, _ in st.attempts)


def test_a_statement_proved_is_a_lemma_for_the_next():
    outcome = run(EQUIVALENCE, "∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)",
                  "∀a,b,c∈X1 ((b,a)∈S1 & (c,a)∈S1 ⇒ (b,c)∈S1)")
    rechecked(outcome)
    assert [st.verdict for st in outcome.statements] == ["proved", "proved"]
    assert "assert1" not in outcome.statements[0].used


def test_the_schemas_own_statements_come_first_then_the_assertions():
    text = EQUIVALENCE + "T1 :== ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)\nT2 :== S1 = ∅\n"
    outcome = run(text, "S1 ⊆ X1×X1")
    assert [(st.name, st.verdict) for st in outcome.statements] == [
        ("T1", "proved"), ("T2", "refuted"), ("assert1", "proved")]
    assert outcome.statements[1].counterexample.sizes == {"X1": 1}


def test_contradictory_axioms_make_every_proof_vacuous():
    outcome = run(CONTRADICTORY, "S1 = ∅", "card(X1) = 7")
    assert outcome.axioms == "inconsistent"
    assert [st.verdict for st in outcome.statements] == ["vacuous", "vacuous"]


def test_a_proof_that_does_not_use_its_statement_shows_the_axioms_contradictory():
    """The consistency check may not find the contradiction; a proof whose
    unsat core leaves the statement out has found it, and says so."""
    text = EQUIVALENCE + "A4 :== ∀a∈X1 (a,a)∉S1\nA5 :== X1 ≠ ∅\n"
    schema = Schema.parse(text, "test.rsl")
    outcome = decide(schema, ["S1 = ∅"], timeout=10.0, scope=parse_model_scope(schema, "X1<=2"),
                     apart=False)
    assert outcome.axioms == "inconsistent"
    assert outcome.statements[0].verdict == "vacuous"


def test_a_statement_read_as_a_formula_brings_its_debools_definedness():
    from setmine.eval.interpret.model import functions
    from setmine.proof.theory import Theory

    text = RELATION + "S3 ::= ℬ(X1)\nT1 :== debool(S3) ∈ X1\n"
    schema = Schema.parse(text, "test.rsl")
    goal = Theory(schema, functions(schema)).statement("g", schema.expression_tree("T1 ∨ T1"))
    assert "(set.card S3) 1" in goal.guard


def test_axioms_with_a_model_are_consistent():
    outcome = run(EQUIVALENCE, "S1 ⊆ X1×X1")
    assert outcome.axioms == "consistent"


def test_a_construct_without_translation_is_named():
    st = run(RELATION, "∀a∈X1 I{b | b :∈ S2} ⊆ X1").statements[-1]
    assert st.verdict == "unknown"
    assert "imperative" in st.why
    st = run(RELATION, "∀a∈S2 R{b := {a} | b ∪ Pr2(Fi1[b](S1))} ⊆ X1").statements[-1]
    assert st.verdict == "unknown" and "recursive" in st.why


def test_debool_at_the_top_is_said_where_it_is_defined():
    text = RELATION + "S3 ::= ℬ(X1)\nA1 :== card(S3) = 1 & debool(S3) ∈ S2\n"
    outcome = run(text, "debool(S3) ∈ X1", "S3 ⊆ S2", "debool(S2) ∈ S2")
    rechecked(outcome)
    verdicts = [st.verdict for st in outcome.statements]
    assert verdicts[:2] == ["proved", "proved"]
    # debool(S2) is an error where S2 is no singleton: not a theorem
    assert verdicts[2] == "refuted"


def test_debool_under_a_quantifier_is_proved_where_it_is_defined():
    text = RELATION + "S3 ::= ℬ(X1)\n"
    outcome = run(text, "∀a∈X1 debool({a}) = a", "∀a∈S2 debool(S2) = a")
    rechecked(outcome)
    assert outcome.statements[0].verdict == "proved"
    # debool(S2) for each a ∈ S2: an error where S2 has two members
    assert outcome.statements[1].verdict == "refuted"


def test_debool_defined_only_through_a_conjunction_is_not_proved():
    """RSLang evaluates P & Q without Q when P is false; the prover asks
    debool to be defined for every value in scope, so it proves less, never
    more: here the statement is true where RSLang evaluates it, and it is
    unknown (not a false proof, not a refutation)."""
    text = RELATION + "S3 ::= ℬ(X1)\n"
    st = run(text, "∀a∈X1 (card(S2) = 1 ⇒ debool(S2) ∈ X1)", timeout=3.0).statements[-1]
    assert st.verdict == "unknown"


def test_the_corrected_sapers_claims_are_proved_with_their_lemmas():
    from setmine import load_schema

    schema = load_schema("corrected")
    outcome = decide(schema, ["D8 ⊆ S2", "D11 ∩ S2 = ∅", "S2 \\ D8 ∈ D15", "D18 ∩ D8 = ∅"],
                     timeout=30.0, scope=parse_model_scope(schema, "X1<=2"), apart=False)
    rechecked(outcome)
    assert [st.verdict for st in outcome.statements] == ["proved"] * 4
    assert {"assert1", "assert2"} <= set(outcome.statements[2].used)
    assert "A4" in outcome.statements[0].used


def test_the_written_sapers_move_may_be_a_sure_mine():
    from setmine import load_schema

    schema = load_schema("written")
    outcome = decide(schema, ["D18 ∩ D8 = ∅"], timeout=5.0,
                     scope=parse_model_scope(schema, "X1<=2"), apart=False)
    st = outcome.statements[0]
    assert st.verdict == "refuted"
    assert st.counterexample.sizes == {"X1": 2}
