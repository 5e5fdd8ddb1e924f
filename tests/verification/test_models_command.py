"""``setmine verify --scope models``: counts, properties, counterexamples,
instances, the model written for ConceptPortal and read back, and every bad
scope a clear error with exit status 2."""

from __future__ import annotations

import json

import pytest

from setmine.cli import main

KINSHIP = """\
X1
  term: people
S1 ::= ℬ(X1×X1)
  term: parent of
S2 ::= ℬ(X1)
  term: men
S3 ::= ℬ(X1)
  term: women
A1 :== S2 ∩ S3 = ∅
A2 :== S2 ∪ S3 = X1
A3 :== ∀a∈X1 (a,a)∉S1
T1 :== ∃a∈X1 a∈S2
T2 :== ∀a∈X1 (a∈S2 ∨ a∈S3)
"""


@pytest.fixture
def kinship(tmp_path):
    path = tmp_path / "kinship.rsl"
    path.write_text(KINSHIP, encoding="utf-8")
    return str(path)


def run(capsys, *argv):
    code = main(["verify", "--scope", "models", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_counts_and_a_smallest_counterexample(capsys, kinship):
    code, out, _ = run(capsys, "--spec", kinship, "--sizes", "X1<=2", "--json", "--count")
    assert code == 1
    result = json.loads(out)
    # X1 empty: 1; one person, a man or a woman: 2; two: 4 partitions × 4 irreflexive S1 = 16
    assert (result["models"], result["labelled_models"]) == (13, 19)
    t1, t2 = result["properties"]
    assert (t1["name"], t1["holds"], t2["holds"]) == ("T1", False, True)
    assert t1["counterexample"]["sizes"] == {"X1": 0}   # the smallest model: nobody, so no man
    assert t2["counterexample"] is None


def test_an_assertion_and_its_text(capsys, kinship):
    code, out, _ = run(capsys, "--spec", kinship, "--sizes", "X1=2", "--count",
                       "--assert", "card(S1) ≤ 2", "--assert", "S2 = X1")
    assert code == 1
    assert "✓ card(S1) ≤ 2  holds on every model" in out
    assert "✗ S2 = X1  fails" in out
    assert "10 up to isomorphism, 16 labelled" in out


def test_no_model_is_a_vacuous_check(capsys, tmp_path):
    path = tmp_path / "none.rsl"
    path.write_text("X1\nA1 :== X1 ≠ X1\nT1 :== X1 = ∅\n", encoding="utf-8")
    code, out, _ = run(capsys, "--spec", str(path), "--sizes", "X1<=2", "--json")
    result = json.loads(out)
    assert (code, result["models"], result["vacuous"]) == (0, None, True)   # decided, not counted
    code, out, _ = run(capsys, "--spec", str(path), "--sizes", "X1<=2", "--json", "--count")
    result = json.loads(out)
    assert (code, result["models"], result["vacuous"]) == (0, 0, True)


def test_instances_when_nothing_is_checked(capsys, tmp_path):
    path = tmp_path / "graphs.rsl"
    path.write_text("X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∉S1\n"
                    "A2 :== ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)\n", encoding="utf-8")
    code, out, _ = run(capsys, "--spec", str(path), "--sizes", "X1=3", "--instances", "5",
                       "--json", "--count")
    result = json.loads(out)
    assert (code, result["models"], result["labelled_models"]) == (0, 4, 8)
    assert len(result["instances"]) == 4


def test_the_written_model_reads_back(capsys, kinship, tmp_path):
    out_path = tmp_path / "counterexample.json"
    code, _, err = run(capsys, "--spec", kinship, "--sizes", "X1<=2", "--write-model",
                       str(out_path))
    assert code == 1 and "wrote" in err
    assert main(["eval", str(out_path), "--json"]) == 0   # every axiom holds (T1 is a theorem)
    axioms = json.loads(capsys.readouterr().out)["axioms"]
    assert axioms == {"A1": True, "A2": True, "A3": True, "T1": False, "T2": True}


@pytest.mark.parametrize("argv, words", [
    (["--sizes", "X9<=2"], "has no X9"),
    (["--sizes", "S1<=2"], "basic and constant sets only"),
    (["--sizes", "X1<=2", "--property", "axioms"], "--assert"),
    # an ill-typed --assert (the local a declared twice): its code and span, no traceback
    (["--sizes", "X1<=2", "--assert", "D{a∈X1 | a∈S2} = D{a∈X1 | a∈S3}"],
     "localDoubleDeclare at 19..20"),
    (["--sizes", "X1<=2", "--assert", "S2 ∪ S3"], "must be a formula"),
])
def test_bad_scopes_exit_2(capsys, kinship, argv, words):
    code, _, err = run(capsys, "--spec", kinship, *argv)
    assert code == 2
    assert words in err


def test_without_sizes_every_set_takes_the_stated_default(capsys, kinship):
    code, out, err = run(capsys, "--spec", kinship, "--json")
    result = json.loads(out)
    assert result["sizes"] == {"X1": {"least": 0, "most": 3}}
    assert result["defaulted"] == {"sizes": ["X1"], "integers": False}
    assert "X1 has no size: at most 3 elements" in err


def test_a_schema_of_integers_alone_needs_no_sizes(capsys, tmp_path):
    path = tmp_path / "z.rsl"
    path.write_text("S1 ::= ℬ(Z)\nA1 :== card(S1) ≤ 2\nT1 :== ∀a∈S1 a ≥ 0\n", encoding="utf-8")
    code, out, _ = run(capsys, "--spec", str(path), "--integers", "0..3")
    assert code == 0
    assert "models in the scope Z = 0..3" in out and "✓ T1" in out


def test_a_scope_too_large_to_list_is_refused_before_any_work(capsys, tmp_path):
    """A domain that does not ground (ℬ of ℬ(X1) past 12 candidates) is
    listed value by value: a scope of more values than --max-states is
    refused, naming the structure."""
    path = tmp_path / "families.rsl"
    path.write_text("X1\nS1 ::= ℬℬ(X1)\n", encoding="utf-8")
    code, _, err = run(capsys, "--spec", str(path), "--sizes", "X1<=13")
    assert code == 2
    assert "more than --max-states" in err and "S1" in err and "ℬ of a set of 13" in err


def test_the_counterexample_has_the_fewest_members(capsys, tmp_path):
    """The first model that breaks the formula (S1 = ∅, S2 = X1: two
    members) is not the least: S1 of one member and S2 empty is."""
    path = tmp_path / "two.rsl"
    path.write_text("X1\nS1 ::= ℬ(X1)\nS2 ::= ℬ(X1)\n", encoding="utf-8")
    code, out, _ = run(capsys, "--spec", str(path), "--sizes", "X1=2", "--json", "--assert",
                       "¬((S1 = ∅ & S2 = X1) ∨ (S1 ≠ ∅ & S2 = ∅))")
    model = json.loads(out)["properties"][0]["counterexample"]["model"]
    assert code == 1
    assert (model["S1"]["card"], model["S2"]["card"]) == ("1", "0")


def test_the_shipped_family(capsys):
    """spec/models/family.rsl, as docs/verification.md shows it (at X1<=2)."""
    from setmine import resources
    code, out, _ = run(capsys, "--spec", str(resources.MODEL_DIR / "family.rsl"),
                       "--sizes", "X1<=2", "--json", "--count")
    result = json.loads(out)
    assert (code, result["models"], result["labelled_models"]) == (1, 14, 21)
    assert [(p["name"], p["holds"]) for p in result["properties"]] == \
        [("T1", True), ("T2", True), ("T3", False)]
    assert result["properties"][2]["counterexample"]["sizes"] == {"X1": 0}


def test_a_stopped_run_says_how_far_and_resumes_from_its_checkpoint(capsys, kinship, tmp_path,
                                                                     monkeypatch):
    """Ctrl-C during the third size vector: the two finished are kept;
    the same command again runs only the rest and answers as a run that was
    never stopped."""
    from setmine.verification.models.answers import tasks

    checkpoint = str(tmp_path / "models.ckpt")
    argv = ("--spec", kinship, "--sizes", "X1<=3", "--json")
    whole = run(capsys, *argv)
    ran = []
    real = tasks.run_task

    def stopping(task, *args, **kwargs):
        ran.append(task["sizes"]["X1"])
        if len(ran) == 3:
            raise KeyboardInterrupt
        return real(task, *args, **kwargs)
    monkeypatch.setattr(tasks, "run_task", stopping)
    code, _, err = run(capsys, *argv, "--checkpoint", checkpoint)
    assert code == 130
    assert "after 2 of 4 tasks" in err and "kept in" in err and "resume" in err
    ran.clear()
    resumed = run(capsys, *argv, "--checkpoint", checkpoint)
    assert ran == [2, 3]   # the unfinished size vectors only
    assert resumed == whole


def test_a_local_dask_cluster_answers_as_the_run_here(capsys, kinship):
    """The same answers; only the bookkeeping of where each property was
    decided may differ (tasks end in another order, so a larger size vector
    may decide a property a smaller one had refuted meanwhile)."""
    argv = ("--spec", kinship, "--sizes", "X1<=4", "--json")

    def answers(code, out, err):
        found = json.loads(out)
        for key in ("per_size", "queries"):
            found.pop(key)
        for p in found["properties"]:
            p.pop("decided_in")
        return code, found, err
    assert answers(*run(capsys, *argv, "--workers", "2")) == answers(*run(capsys, *argv))


def test_a_counterexample_carries_verify_s_evidence(capsys, tmp_path):
    """The terms the failing formula reads, the witness of its ∀, the
    explanation — in the JSON and in the text."""
    path = tmp_path / "cover.rsl"
    path.write_text("X1\nS1 ::= ℬ(X1)\nD1 :== X1 \\ S1\nT1 :== ∀a∈D1 a ∈ S1\n",
                    encoding="utf-8")
    code, out, _ = run(capsys, "--spec", str(path), "--sizes", "X1<=2", "--json")
    found = json.loads(out)["properties"][0]["counterexample"]
    assert code == 1 and found["sizes"] == {"X1": 1}
    assert found["values"]["D1"]["elements"] == [0]
    assert found["witnesses"] == [{"formula": "∀a∈D1 a∈S1", "binding": {"a": 0}}]
    assert found["explanation"][0].startswith("∀a∈D1 a∈S1: false")
    code, out, _ = run(capsys, "--spec", str(path), "--sizes", "X1<=2")
    assert "    D1 = {0}" in out and "counterexample a = 0" in out


def test_a_schema_with_errors_checks_its_valid_part(capsys, tmp_path):
    """D1 is ill-typed: it and what reads it (D2, T2) are named and left
    out, the rest is checked; an --assert naming D2 says why it cannot."""
    path = tmp_path / "faulty.rsl"
    path.write_text("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nD1 :== S1 ∪ S2\nD2 :== D1 \\ S1\n"
                    "A1 :== ∀a∈X1 (a,a)∉S1\nT1 :== card(S2) ≤ 2\nT2 :== D2 = ∅\n",
                    encoding="utf-8")
    code, out, err = run(capsys, "--spec", str(path), "--sizes", "X1<=3", "--json")
    result = json.loads(out)
    assert code == 1 and [p["name"] for p in result["properties"]] == ["T1"]
    assert "D1: error typesNotEqual" in err and "D2 is skipped" in err and "T2 is skipped" in err
    assert [f["alias"] for f in result["schema_errors"]["faulty"]] == ["D1"]
    code, _, err = run(capsys, "--spec", str(path), "--sizes", "X1<=3", "--assert", "D2 = ∅")
    assert code == 2 and "D2 depends on D1, which has an error" in err


def test_counterexamples_name_elements_as_the_file_does(capsys, tmp_path):
    """A Portal session's model names its students and courses: the
    counterexample and the written session use those names."""
    from setmine import resources

    session = str(resources.MODEL_DIR / "study-plan.session.json")
    out_path = tmp_path / "counterexample.json"
    code, out, _ = run(capsys, "--spec", session, "--sizes", "X1<=1,X2<=2", "--integers", "0..1",
                       "--write-model", str(out_path))
    assert code == 1
    assert "X2 = {sets, logic}" in out or "X2 = {logic, sets}" in out
    written = json.loads(out_path.read_text(encoding="utf-8"))
    text = json.dumps(written, ensure_ascii=False)
    assert "Counterexample to T1" in text and "logic" in text
