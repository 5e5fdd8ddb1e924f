"""The models scope's answers against the plain enumeration (``naive.py``):

* a property decided by one SAT query per size vector (``deciding.py``)
  holds exactly when every model satisfies it, and its counterexample has
  the least weight (elements, then members) of every failing model, on
  random axioms and properties — some of them not exact (``debool``), so
  the enumerating fallback is held to the same answers;
* the counts by Burnside's lemma over an exact model counter
  (``counting.py``) equal the enumeration's, and the known counts (OEIS)
  past its reach;
* each question is answered alone: counts only when asked, the search
  stopping after ``--instances`` classes; the JSON says what was done;
* a run stopped half-way prints what it had.
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.rsl.schema import Schema
from setmine.verification.models import naive
from setmine.verification.models.answers import counting
from setmine.verification.models.answers.run import search
from setmine.verification.models.scope import parse_model_scope
from setmine.verification.models.naive import weight

BASE = ("X1\nX2\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(S1)\nS4 ::= X2\n"
        "D1 :== Pr1(S1)\nS5 ::= ℬ(D1×X2)\nF1 :== [α∈X1] Pr2(Fi1[{α}](S1))\n")
AXIOMS = ["∀a∈X1 (a,a)∉S1", "S2 ⊆ Pr2(S1)", "card(S2) ≤ 1", "∀x∈S3 pr1(x) ∈ S2",
          "∃x∈S1 pr1(x) ≠ pr2(x)", "card(S3) = card(S2) + 1", "S5 ≠ ∅ ⇒ S4 ∈ Pr2(S5)",
          "D{x∈S1 | pr1(x) ∈ S2} = S3", "¬(S3 ⊆ D{x∈S1 | pr2(x) ∈ S2})",
          "Fi1,2[S2,S2](S1) = ∅", "card(S1) - card(S2) ≥ 0", "debool(S2) ∈ X1",
          "∀a∈X1 card(F1[a]) ≤ 1"]
PROPERTIES = ["S2 = ∅", "card(S1) ≤ 1", "∀x∈S1 (pr2(x), pr1(x)) ∈ S1", "S3 ⊆ S1",
              "∃y∈S5 pr2(y) = S4", "card(S1) * 2 ≥ card(S3)", "debool(S2) ∉ Pr1(S1)",
              "Fi1,2[S2,S2](S1) ≠ S1", "D{x∈S1 | pr1(x) = pr2(x)} = ∅", "S5 = ∅ ∨ S2 ≠ ∅"]


def naive_answers(schema, scope, properties):
    """Every model by trying every interpretation: the counts, and each
    property's verdict and least weight of a failing model."""
    from setmine.eval.interpret.model import evaluate
    from setmine.rsl.syntax.errors import RSLError

    census = naive.census(schema, scope)
    least = {}
    for model in census.classes.values():
        for p in properties:
            try:
                truth = evaluate(schema, p, model.values)
            except RSLError:
                truth = False
            if truth is not True:
                least[p] = min(least.get(p, weight(model)), weight(model))
    return census, least


DRAWN = (st.lists(st.sampled_from(AXIOMS), max_size=3, unique=True),
         st.lists(st.sampled_from(PROPERTIES), min_size=1, max_size=3, unique=True))


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(*DRAWN)
def test_decided_and_counted_as_the_plain_enumeration(axioms, properties):
    agree(axioms, properties)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(*DRAWN)
def test_decided_and_counted_as_the_plain_enumeration_at_length(axioms, properties):
    agree(axioms, properties)


def agree(axioms, properties):
    text = BASE + "".join(f"A{i} :== {a}\n" for i, a in enumerate(axioms, 1))
    schema = Schema.parse(text)
    assert not schema.errors(), schema.errors()
    scope = parse_model_scope(schema, "X1<=2, X2<=1")
    census, least = naive_answers(schema, scope, properties)
    found = search(schema, scope, properties, count=True)
    assert (found["models"], found["labelled"]) == (census.models, census.labelled)
    for p in found["properties"]:
        assert p["holds"] == (p["name"] not in least), p["name"]
        if not p["holds"]:
            assert p["weight"] == least[p["name"]], p["name"]
            assert weight(p["counterexample"]) == p["weight"]
    assert found["has_model"] == (census.models > 0)


def test_the_least_counterexample_of_as_many_elements_in_a_later_size_vector():
    """X2's elements must all be in S2, X1's need not be in S1: at one
    element in all, (X1=0, X2=1) comes first with one member, (X1=1, X2=0)
    later with none — the least; deciding must look at every vector of as
    many elements as the first counterexample."""
    schema = Schema.parse("X1\nX2\nS1 ::= ℬ(X1)\nS2 ::= ℬ(X2)\nA1 :== S2 = X2\n")
    found = search(schema, parse_model_scope(schema, "X1<=1, X2<=1"),
                   ["card(X1) + card(X2) = 0"])
    p = found["properties"][0]
    assert p["counterexample"].sizes == {"X1": 1, "X2": 0} and p["weight"] == (1, 0)


GRAPHS = "X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∉S1\nA2 :== ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)\n"
ORDERS = ("X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∈S1\n"
          "A2 :== ∀a,b∈X1 ((a,b)∈S1 & (b,a)∈S1 ⇒ a = b)\n"
          "A3 :== ∀a,b,c∈X1 ((a,b)∈S1 & (b,c)∈S1 ⇒ (a,c)∈S1)\n")


@pytest.mark.parametrize("text, sizes, known", [
    (GRAPHS, "X1=8", (12346, 268435456)),          # OEIS A000088, A006125
    (ORDERS, "X1=6", (318, 130023)),               # OEIS A000112, A001035
    ("X1\nX2\nS1 ::= ℬ(X1×X2)\n", "X1=2, X2=2", (7, 16)),   # bipartite relations, 2×2
    ("X1\nS1 ::= ℬ(X1)\nS2 ::= X1\nA1 :== S2 ∈ S1\n", "X1=3", (3, 12))])
def test_counts_without_listing_the_models(text, sizes, known):
    schema = Schema.parse(text)
    found = search(schema, parse_model_scope(schema, sizes), [], count=True)
    assert (found["models"], found["labelled"]) == known
    assert found["tried"] == 0 or found["answered"]["instances"]   # nothing listed to count


@pytest.mark.parametrize("text, sizes", [
    (ORDERS, "X1<=4"), (GRAPHS, "X1=5"),
    (BASE + "A1 :== debool(S2) ∈ X1\nA2 :== card(S1) ≤ 2\n", "X1<=2, X2=1"),   # listed
    ("X1\nX2\nS1 ::= ℬ(X1×X2)\nS2 ::= X2\nA1 :== ∀a∈X1 (a, S2) ∈ S1\n", "X1<=2, X2<=2")])
def test_a_count_split_in_parts_adds_up_to_the_whole(text, sizes):
    """The parts a vector's count is split into for workers (the identity's
    cubes and the other renamings; or the models listed, shared by the
    number of members of a structure) add up to the count in one part."""
    schema = Schema.parse(text)
    scope = parse_model_scope(schema, sizes)
    whole = search(schema, scope, [], count=True, parts=1)
    for parts in (2, 3, 5):
        split = search(schema, scope, [], count=True, parts=parts)
        assert (split["models"], split["labelled"]) == (whole["models"], whole["labelled"])


CONNECTED = GRAPHS + ("A3 :== ∀a∈X1 R{ξ := {a} | Pr2(Fi1[ξ](S1)) \\ ξ ≠ ∅ | "
                      "ξ ∪ Pr2(Fi1[ξ](S1))} = X1\n")


@pytest.mark.parametrize("parts", [1, 3])
def test_counts_where_the_models_are_listed(parts):
    """A recursive axiom (R{}) is not translated: the models are listed,
    the evaluator checks it on each — connected graphs on 5 vertices, OEIS
    A001349 and A001187."""
    schema = Schema.parse(CONNECTED)
    found = search(schema, parse_model_scope(schema, "X1=5"), [], count=True, parts=parts)
    assert (found["models"], found["labelled"]) == (21, 728)


def test_cycle_types_cover_the_group_once():
    from math import factorial

    for n in range(0, 8):
        assert sum(w for w, _ in counting.cycle_types(n)) == factorial(n)
    assert [len(list(counting.partitions(n))) for n in range(12)] == \
        [1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42, 56]   # OEIS A000041
    weights = counting.renamings({"X1": 3, "X2": 2})
    assert sum(w for w, _ in weights) == 12 and weights[0] == (1, {"X1": (0, 1, 2), "X2": (0, 1)})


def test_the_empty_graph_s_group_has_order_8_factorial():
    from setmine.verification.models.canonical import automorphisms

    schema = Schema.parse(GRAPHS)
    types = naive.structure_types(schema)
    assert automorphisms({"S1": frozenset()}, types, {"X1": 8}) == 40320


def test_each_question_alone(capsys):
    """Properties: decided, not counted; --instances 1: one class, the search
    stopping there; nothing asked: counted, three instances."""
    schema = Schema.parse(GRAPHS + "T1 :== card(S1) ≤ 4\n")
    scope = parse_model_scope(schema, "X1<=4")
    decided = search(schema, scope, [])
    assert decided["models"] is None and decided["answered"]["decided"] == ["T1"]
    assert not decided["properties"][0]["holds"]
    assert decided["properties"][0]["counterexample"].sizes == {"X1": 3}   # a triangle: 6 pairs
    plain = Schema.parse(GRAPHS)
    one = search(plain, parse_model_scope(plain, "X1=6"), [], instances=1)
    assert one["models"] is None and len(one["instances"]) == 1 and one["tried"] <= 2
    counted = search(plain, parse_model_scope(plain, "X1=6"), [])
    assert (counted["models"], len(counted["instances"])) == (156, 3)


def run(capsys, *argv):
    from setmine.cli import main

    code = main(["verify", "--scope", "models", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_json_says_what_was_done(capsys, tmp_path):
    path = tmp_path / "graphs.rsl"
    path.write_text(GRAPHS, encoding="utf-8")
    code, out, _ = run(capsys, "--spec", str(path), "--sizes", "X1<=3", "--json",
                       "--assert", "card(S1) ≤ 2")
    result = json.loads(out)
    assert result["done"] == {"decided": ["card(S1) ≤ 2"], "counted": False, "instances": 0}
    assert result["models"] is None and result["complete"] is True
    assert result["properties"][0]["how"] == "query"
    code, out, _ = run(capsys, "--spec", str(path), "--sizes", "X1<=3", "--json")
    result = json.loads(out)
    assert result["done"] == {"decided": [], "counted": True, "instances": 3}
    assert (result["models"], result["labelled_models"]) == (1 + 1 + 2 + 4, 1 + 1 + 2 + 8)
    assert [v["models"] for v in result["per_size"]] == [1, 1, 2, 4]


def test_a_stopped_run_prints_what_it_had(capsys, tmp_path, monkeypatch):
    """Stopped in the third size vector: the first two are decided and
    printed, with the sizes they were decided in, before the message."""
    from setmine.cli.limits import TimeLimit
    from setmine.verification.models.answers import tasks

    path = tmp_path / "graphs.rsl"
    path.write_text(GRAPHS, encoding="utf-8")
    real, ran = tasks.run_task, []

    def stopping(task, *args, **kwargs):
        ran.append(task["sizes"]["X1"])
        if len(ran) == 3:
            raise TimeLimit(5, None)
        return real(task, *args, **kwargs)
    monkeypatch.setattr(tasks, "run_task", stopping)
    code, out, err = run(capsys, "--spec", str(path), "--sizes", "X1<=4", "--json",
                         "--assert", "card(S1) ≠ 6")
    result = json.loads(out)
    assert code != 0 and "after 2 of 5 tasks" in err
    assert result["complete"] is False
    assert result["properties"][0]["holds"] is True
    assert result["properties"][0]["decided_in"] == [{"X1": 0}, {"X1": 1}]


def test_a_long_sat_query_stops_at_the_deadline():
    """The solver's search is native code a signal does not reach: a
    deadline interrupts it (the pigeonhole formula on 11 holes runs for
    minutes)."""
    from pysat.examples.genhard import PHP
    from pysat.solvers import Solver

    from setmine.base.deadline import Deadline
    from setmine.eval.values.budget import Budget, BudgetExceeded
    from setmine.verification.models.sat import SOLVER, solve

    budget = Budget(deadline=Deadline(time.monotonic() + 0.5, 0.5))
    with Solver(name=SOLVER, bootstrap_with=PHP(11).clauses) as solver:
        with pytest.raises(BudgetExceeded):
            solve(solver, [], budget)
