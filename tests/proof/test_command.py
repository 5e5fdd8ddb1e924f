"""``setmine prove`` as a command: the text, the JSON interface scripts
depend on, the exit statuses, the obligations written as SMT-LIB files
that cvc5 alone answers alike, the counterexample written as a session,
and bad input said with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from setmine.cli import main

SCHEMA = """\
X1
S1 ::= ℬ(X1×X1)
A1 :== ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)
T1 :== ∀a,b∈X1 ((a,b)∈S1 ⇔ (b,a)∈S1)
"""


@pytest.fixture
def schema(tmp_path):
    path = tmp_path / "sym.rsl"
    path.write_text(SCHEMA, encoding="utf-8")
    return str(path)


def run(capsys, *argv):
    code = main(["prove", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_proved_text_and_exit_zero(schema, capsys):
    code, out, _ = run(capsys, schema, "--sizes", "X1<=2", "--timeout", "10")
    assert code == 0
    assert "✓ T1" in out and "proved for every model (from A1)" in out


def test_refuted_exit_one_with_the_smallest_model(schema, capsys):
    code, out, _ = run(capsys, schema, "--assert", "S1 = ∅", "--sizes", "X1<=2")
    assert code == 1
    assert "✗ assert1  S1 = ∅  refuted: smallest model X1=1" in out
    assert "S1 = {(0, 0)}" in out


def test_unknown_exits_three(schema, capsys):
    code, out, _ = run(capsys, schema, "--assert", "card(X1) ≤ 2", "--sizes", "X1<=2",
                       "--timeout", "2")
    assert code == 3
    assert "? assert1  card(X1) ≤ 2  unknown: holds up to X1<=2; the prover" in out


def test_the_json_interface(schema, capsys):
    code, out, _ = run(capsys, schema, "--assert", "S1 = ∅", "--assert", "S1 ⊆ X1×X1",
                       "--sizes", "X1<=2", "--json")
    assert code == 1
    result = json.loads(out)
    assert result["axioms"] == "consistent"
    names = [st["name"] for st in result["statements"]]
    assert names == ["T1", "assert1", "assert2"]
    for st in result["statements"]:
        assert set(st) >= {"name", "formula", "verdict", "used", "counterexample", "bounded",
                           "seconds"}
        assert st["bounded"]["scope"] == "X1<=2"
    t1, refuted, proved = result["statements"]
    assert t1["verdict"] == "proved" and t1["used"] == ["A1"]
    assert refuted["verdict"] == "refuted" and refuted["used"] == []
    assert refuted["counterexample"]["sizes"] == {"X1": 1}
    assert refuted["counterexample"]["model"]["S1"]
    assert refuted["bounded"]["holds"] is False
    assert proved["verdict"] == "proved" and proved["counterexample"] is None


def test_obligations_written_are_answered_alike_by_cvc5_alone(schema, capsys, tmp_path):
    folder = tmp_path / "smt2"
    folder.mkdir()
    code, out, _ = run(capsys, schema, "--sizes", "X1<=2", "--smt2", str(folder), "--json")
    assert code == 0
    files = json.loads(out)["statements"][0]["prover"]["smt2"]
    assert files and all(f.endswith(".smt2") for f in files)
    answers = []
    for name in files:
        done = subprocess.run([sys.executable, "-m", "setmine.proof.cvc5run", name],
                              capture_output=True, text=True, timeout=120)
        answers.append(done.stdout.split()[0])
    assert "unsat" in answers   # the obligation that proved it, re-proved from the file alone


def test_the_counterexample_is_written_as_a_session_eval_reads(schema, capsys, tmp_path):
    out_file = tmp_path / "cex.json"
    code, _, err = run(capsys, schema, "--assert", "S1 = ∅", "--sizes", "X1<=2",
                       "--write-model", str(out_file))
    assert code == 1 and "wrote" in err
    assert main(["eval", str(out_file), "--json"]) in (0, 1)
    capsys.readouterr()


@pytest.mark.parametrize("argv,words", [
    (["--assert", "S1 ∪"], "--assert 'S1 ∪'"),
    (["--assert", "S1 ∪ S1"], "must be a formula"),
    (["--assert", "S1 ∪ X1"], "typesNotEqual at 0..7"),
    (["--assert", "D{a∈X1 | a∈X1} = D{a∈X1 | a∈X1} ∪ S9"], "S9"),
    (["--sizes", "X2<=3"], "--sizes"),
])
def test_bad_input_is_exit_two_with_a_message(schema, capsys, argv, words):
    code, out, err = run(capsys, schema, *argv)
    assert code == 2
    assert words in err
    assert "Traceback" not in err


def test_a_local_declared_twice_is_no_traceback(schema, capsys):
    code, out, err = run(capsys, schema, "--assert",
                         "D{a∈X1 | (a,a)∈S1} = D{a∈X1 | (a,a)∉S1}", "--sizes", "X1<=2")
    assert code in (1, 2) and "Traceback" not in err


def test_a_missing_schema_is_a_clear_error(capsys, tmp_path):
    code, _, err = run(capsys, str(tmp_path / "nothing.rsl"))
    assert code == 2 and "nothing.rsl" in err


def test_the_facade_returns_the_json():
    import setmine

    result = setmine.prove("corrected", ["D8 ⊆ S2"], sizes="X1<=2")
    assert [(st["name"], st["verdict"]) for st in result["statements"]] == [
        ("assert1", "proved")]
    assert {"A4", "D8"} <= set(result["statements"][0]["used"])
