"""A model of the models scope named from the schema file's own model
(``verification/models/readable/naming.py``): the file's labels in its order,
``X1#i`` past them (never one of the file's labels), constants and
integers by number; values shown and encoded as ``show``/``to_json`` do
them; the written ConceptPortal session says what it is and ``setmine
eval`` reads it back with the labels."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from setmine.cli import main
from setmine.eval.interpret.model import evaluate_schema
from setmine.present.output.values import show
from setmine.rsl.schema import Schema
from setmine.sources import read_contents, read_model, read_schema
from setmine.verification.models.evidence import gather, values_json
from setmine.verification.models.naive import Interpretation, census
from setmine.verification.models.readable.naming import (Names, element_names, json_named, name_for,
                                                   named_interpretation, session_for,
                                                   session_id, session_title, show_named)
from setmine.verification.models.scope import parse_model_scope

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "spec" / "models"
SESSION = MODELS / "study-plan.session.json"
STUDENTS = ["Ann", "Boris", "Chen"]
COURSES = ["sets", "logic", "algebra", "models"]

KINSHIP = """\
@alias KIN
@title Kinship
X1
  term: people
S1 ::= ℬ(X1×X1)
  term: parent of
S2 ::= ℬ(X1)
  term: men
A1 :== ∀a∈X1 (a,a)∉S1
T1 :== ∀a∈X1 ∃b∈X1 (b,a)∈S1
"""


@pytest.fixture(scope="module")
def study():
    return read_schema(SESSION)


def test_each_file_that_carries_a_model_gives_its_labels_in_its_order(study):
    rsl = read_schema(MODELS / "study-plan.rsl")
    expected = {"X1": STUDENTS, "X2": COURSES}
    assert element_names(SESSION, study) == expected
    assert element_names(MODELS / "study-plan.bundle.json", study) == expected
    assert element_names(str(MODELS / "study-plan.model.json"), rsl) == expected
    # what the readers already read: the file's contents, its model
    assert element_names(read_contents(SESSION), study) == expected
    assert element_names(read_model(SESSION), study) == expected


def test_a_file_without_a_model_gives_no_labels_but_knows_its_basic_sets(tmp_path):
    rsl = read_schema(MODELS / "study-plan.rsl")
    names = element_names(MODELS / "study-plan.rsl", rsl)
    assert names == {} and isinstance(names, Names)
    assert names.basic == {"X1", "X2"}
    assert name_for("X2", 0, names) == "X2#0"


def test_a_portal_binding_is_read_by_index_and_shared_or_empty_labels_stay_apart(tmp_path):
    doc = json.loads(SESSION.read_text(encoding="utf-8"))
    x1 = next(i for i in doc["state"]["model"]["items"] if i["id"] == 1)
    x1["value"] = {"2": "Иван", "0": "Пётр", "1": "Пётр", "3": ""}
    for item in doc["state"]["model"]["items"]:
        if item["id"] in (4, 5):
            item["value"] = []
    path = tmp_path / "named.session.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    schema = read_schema(path)
    assert element_names(path, schema)["X1"] == ["Пётр#0", "Пётр#1", "Иван", "#3"]


def test_a_structure_that_does_not_fit_does_not_stop_the_naming(tmp_path):
    rsl = read_schema(MODELS / "study-plan.rsl")
    data = json.loads((MODELS / "study-plan.model.json").read_text(encoding="utf-8"))
    data["values"]["S2"] = [["Nobody", "sets"]]      # not an element of X1
    data["values"]["S9"] = []                          # no such structure
    path = tmp_path / "odd.model.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert element_names(path, rsl)["X1"] == STUDENTS


def test_past_the_files_labels_the_scheme_names_never_a_label_of_the_file():
    names = Names({"X1": ["Иван", "Пётр", "X1#3"]}, {"X1", "X2"})
    assert [name_for("X1", i, names) for i in range(5)] == \
        ["Иван", "Пётр", "X1#3", "X1#3′", "X1#4"]   # X1#3 is the file's own label
    assert name_for("X2", 1, names) == "X2#1"         # a basic set the file does not name
    assert name_for("C1", 2, names) == "2"            # a constant set keeps its numbers
    assert name_for("X1", 3, names) == name_for("X1", 3, copy.deepcopy(names))  # deterministic
    plain = {"X1": ["a"]}                              # a plain dict: the alias's letter tells
    assert (name_for("X1", 1, plain), name_for("C1", 1, plain)) == ("X1#1", "1")


def test_values_are_shown_as_show_shows_them_with_names(study):
    names = element_names(SESSION, study)
    env = study.environment()
    s2 = frozenset({(2, 0), (0, 3), (4, 1), (0, 0)})   # element 4 of X1 is past the file
    assert show_named(s2, env["S2"].type, names) == \
        "{(Ann, sets), (Ann, models), (Chen, sets), (X1#4, logic)}"
    # the same order as the numbered value's: by the elements' numbers
    assert show(s2) == "{(0, 0), (0, 3), (2, 0), (4, 1)}"
    s4 = frozenset({(3, 6), (0, -1)})                   # X2×Z: the integers keep their numbers
    assert show_named(s4, env["S4"].type, names) == "{(sets, -1), (models, 6)}"
    assert json_named(s4, env["S4"].type, names) == \
        {"card": "2", "elements": [["sets", -1], ["models", 6]], "complete": True}
    assert show_named(frozenset(range(3)), env["X1"].type, names) == "{Ann, Boris, Chen}"


def test_constant_sets_and_element_structures():
    schema = Schema.parse("X1\nC1\nS1 ::= ℬ(X1×C1)\nS2 ::= X1\nS3 ::= ℬ(ℬ(X1))\n")
    env = schema.environment()
    names = Names({"X1": ["a", "b"]}, {"X1"})
    assert show_named(frozenset({(1, 0), (0, 1)}), env["S1"].type, names) == "{(a, 1), (b, 0)}"
    assert show_named(1, env["S2"].type, names) == "b"
    assert show_named(frozenset({frozenset({0, 2}), frozenset()}), env["S3"].type, names) == \
        "{{}, {a, X1#2}}"
    assert show_named(frozenset({0, 1}), env["C1"].type, names) == "{0, 1}"


def test_a_named_model_names_its_evidence_and_its_json():
    schema = Schema.parse(KINSHIP, "kinship.rsl")
    scope = parse_model_scope(schema, "X1=2")
    failing = next(i for i in census(schema, scope).classes.values()
                   if not evaluate_schema(schema, i.values, only=["T1"])["T1"].value)
    names = Names({"X1": ["Иван"]}, {"X1"})
    model = named_interpretation(schema, failing, names)
    assert model.sizes == failing.sizes
    assert show(model.values["X1"]) == "{Иван, X1#1}"
    assert values_json(schema, model)["X1"]["elements"] == ["Иван", "X1#1"]
    evidence = gather(schema, model, "T1")
    witness = [binding for _, binding in evidence.witnesses][0]
    assert {show(v) for v in witness.values()} <= {"Иван", "X1#1"}


def test_the_session_says_what_it_is():
    assert session_title("counterexample", "T1", {"X1": 3}) == \
        "Counterexample to T1 (setmine verify --scope models, X1=3)"
    assert session_title("first model", None, {"X1": 1, "X2": 0}, "A study plan") == \
        "First model of A study plan (setmine verify --scope models, X1=1, X2=0)"
    assert session_title("counterexample", "card(S1) ≤ " + "1 + " * 30 + "1", {}).endswith(
        "… (setmine verify --scope models)")
    assert session_id("counterexample", "T1", "STUDY") == "STUDY-counterexample-T1"
    assert session_id("counterexample", "card(S1) ≤ 2", "") == "counterexample-assert"
    assert session_id("first model", None, "KIN") == "KIN-first-model"


def test_a_written_session_carries_the_names_and_eval_reads_them_back(tmp_path, capsys, study):
    names = element_names(SESSION, study)
    # a model of the study plan's axioms (no course requires itself, one credit number each)
    # in a scope larger than the file's model: 4 students
    values = {"X1": frozenset(range(4)), "X2": frozenset(range(2)),
              "S1": frozenset({(0, 1)}), "S2": frozenset({(3, 1), (0, 0)}),
              "S3": frozenset({(0, 0)}), "S4": frozenset({(0, 2), (1, 5)})}
    model = Interpretation({"X1": 4, "X2": 2}, values)
    document = session_for(study, model, names, "counterexample", "T1")
    state = document["state"]
    assert state["sessionId"] == "STUDY-counterexample-T1"
    assert state["title"] == "Counterexample to T1 (setmine verify --scope models, X1=4, X2=2)"
    assert state["comment"].startswith("A model of A study plan in which T1 fails")
    path = tmp_path / "counterexample.session.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")

    back = read_model(path)
    assert back.names["X1"] == {0: "Ann", 1: "Boris", 2: "Chen", 3: "X1#3"}
    assert back.names["X2"] == {0: "sets", 1: "logic"}
    assert element_names(path, back.schema) == {"X1": STUDENTS + ["X1#3"],
                                                "X2": ["sets", "logic"]}
    assert main(["eval", str(path), "--term", "S2", "--term", "A1", "--term", "A2",
                 "--term", "T1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["model"]["name"] == "STUDY-counterexample-T1"
    s2 = out["terms"]["S2"]["value"]["elements"]
    assert s2 == [["Ann", "sets"], ["X1#3", "logic"]]
    assert out["axioms"] == {"A1": True, "A2": True, "T1": False}   # a counterexample to T1
    assert main(["eval", str(path), "--term", "S2"]) == 0
    assert "{(Ann, sets), (X1#3, logic)}" in capsys.readouterr().out


def test_a_session_of_a_schema_without_a_model_names_by_the_scheme(tmp_path, capsys):
    schema = Schema.parse(KINSHIP, "kinship.rsl")
    scope = parse_model_scope(schema, "X1=2")
    first = next(iter(census(schema, scope).classes.values()))
    rsl = tmp_path / "kinship.rsl"
    rsl.write_text(KINSHIP, encoding="utf-8")
    names = element_names(read_contents(rsl), schema)
    assert names == {}
    document = session_for(schema, first, names, "first model")
    assert document["state"]["sessionId"] == "KIN-first-model"
    assert document["state"]["title"] == \
        "First model of Kinship (setmine verify --scope models, X1=2)"
    path = tmp_path / "first.session.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    assert read_model(path).names["X1"] == {0: "X1#0", 1: "X1#1"}
    main(["check", str(path)])
    out = capsys.readouterr().out
    assert "A1 = true" in out                   # a model: its one axiom holds
    assert "counterexample a = X1#" in out      # T1 fails, said with the scheme's names

