"""The commands on models of any schema: eval, spec, check, explain, import
and export — the same answers from a session, a bundle and a setmine model
with its schema, elements by name, and every written file read back as it
was meant."""

import json
from pathlib import Path

import pytest

from setmine.cli import main

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "spec" / "models"
SESSION, BUNDLE = MODELS / "study-plan.session.json", MODELS / "study-plan.bundle.json"
OWN, RSL = MODELS / "study-plan.model.json", MODELS / "study-plan.rsl"
FORMS = {"session": [str(SESSION)], "bundle": [str(BUNDLE)],
         "model": [str(OWN), "--spec", str(RSL)]}


def run_json(capsys, *argv):
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


@pytest.mark.parametrize("form", FORMS)
def test_eval_names_the_elements(form, capsys):
    code, out = run_json(capsys, "eval", *FORMS[form])
    assert code == 0
    assert out["terms"]["D2"]["value"] == {"card": "1", "elements": [["Boris", "models"]],
                                           "complete": True}
    assert out["terms"]["D4"]["value"]["elements"] == [["sets", 2], ["logic", 1], ["algebra", 1]]
    assert out["axioms"] == {"A1": True, "A2": True, "T1": False, "T2": False}
    assert out["model"]["sizes"] == {"X1": 3, "X2": 4}
    assert out["model"]["values"]["X1"]["value"]["elements"] == ["Ann", "Boris", "Chen"]


def test_the_three_forms_agree(capsys):
    outs = [run_json(capsys, "eval", *argv)[1] for argv in FORMS.values()]
    for out in outs:
        for entry in out["terms"].values():
            del entry["seconds"], entry["method"]
    assert outs[0]["terms"] == outs[1]["terms"] == outs[2]["terms"]
    assert outs[0]["axioms"] == outs[1]["axioms"] == outs[2]["axioms"]


def test_eval_by_stem_and_with_terms(capsys):
    assert main(["eval", "study-plan", "--term", "card(D1)", "--term", "F1[debool(D3)]"]) == 0
    out = capsys.readouterr().out
    assert "card(D1)  Z" in out and "\n  5" in out and "{sets, algebra}" in out


@pytest.mark.parametrize("form", ["session", "bundle"])
def test_spec_types_every_constituent(form, capsys):
    code, rows = run_json(capsys, "spec", FORMS[form][0])
    assert code == 0
    types = {r["alias"]: r["type"] for r in rows}
    assert types["S3"] == "ℬ(X1×X2)" and types["F3"] == "[X2] → ℬ(X2)"
    assert {r["alias"]: r["kind"] for r in rows}["T1"] == "theorem"


def test_check_refutes_a_theorem_with_its_counterexample(capsys):
    code, out = run_json(capsys, "check", "study-plan")
    assert code == 1
    t2 = next(a for a in out["axioms"] if a["alias"] == "T2")
    assert t2["verdict"] is False and t2["binding"] == {"β": "models"}


def test_explain_reads_a_candidate_by_name(capsys):
    code, out = run_json(capsys, "explain", "study-plan", "D1", "(Boris, models)")
    assert code == 0 and out["member"] is False and out["candidate"] == ["Boris", "models"]
    assert main(["explain", "study-plan", "D1", "(Bob, models)"]) == 2
    assert "'Bob' is not an element of X1" in capsys.readouterr().err


@pytest.mark.parametrize("form", ["session", "bundle", "model"])
def test_export_reads_back_as_it_was(form, tmp_path, capsys):
    target = tmp_path / f"out.{form}.json"
    assert main(["export", str(SESSION), "--as", form, "-o", str(target)]) == 0
    capsys.readouterr()
    back = ["eval", str(target)] + (["--spec", str(SESSION)] if form == "model" else [])
    if form == "model":  # a setmine model needs its schema: the session's, read as a schema
        back = ["eval", str(target), "--spec", str(RSL)]
    _, again = run_json(capsys, *back)
    _, first = run_json(capsys, "eval", str(SESSION))
    for out in (again, first):
        for entry in out["terms"].values():
            del entry["seconds"], entry["method"]
    assert again["terms"] == first["terms"] and again["axioms"] == first["axioms"]


def test_a_board_exports_as_a_session_with_named_cells(tmp_path, capsys):
    target = tmp_path / "tiny.json"
    assert main(["export", "tiny-2x2", "--spec", "spec/saper-corrected.rsl", "-o",
                 str(target)]) == 0
    session = json.loads(target.read_text(encoding="utf-8"))
    x1 = session["state"]["model"]["items"][0]
    assert x1["value"] == {"0": "0,0", "1": "0,1", "2": "1,0", "3": "1,1"}
    formulas = {i["alias"]: i["definitionFormal"] for i in session["state"]["items"]}
    assert "₁" not in formulas["D15"]  # written in the syntax the reference reads
    capsys.readouterr()
    _, model = run_json(capsys, "eval", str(target))
    _, board = run_json(capsys, "eval", "tiny-2x2", "--spec", "spec/saper-corrected.rsl")
    for alias in ("D8", "D11", "D14", "D15", "D18"):
        assert model["terms"][alias]["value"] == board["terms"][alias]["value"], alias
    assert model["axioms"] == board["axioms"]


def test_import_writes_any_schema_as_rsl_that_reads_back(tmp_path, capsys):
    target = tmp_path / "study.rsl"
    assert main(["import", str(BUNDLE), "-o", str(target)]) == 0
    capsys.readouterr()
    _, ours = run_json(capsys, "spec", str(target))
    _, theirs = run_json(capsys, "spec", str(BUNDLE))
    assert [(r["alias"], r["type"], r["formal"], r["term"]) for r in ours] == \
        [(r["alias"], r["type"], r["formal"], r["term"]) for r in theirs]


def test_export_checks_its_target_before_the_work(tmp_path, capsys):
    assert main(["export", str(SESSION), "-o", str(tmp_path / "no" / "such.json")]) == 2
    assert "does not exist" in capsys.readouterr().err
