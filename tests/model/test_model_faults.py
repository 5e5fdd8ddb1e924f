"""A model file that says too much is refused, naming the constituent (issue
45, "tests that bite"): a tuple with more components than its type — in
ConceptPortal's encoding, ``[-111, a, b, c]`` for a pair — is never cut to
fit, and setmine's own file never names two elements of a basic set alike
(its values name elements, so a shared name would silently mean one of
them).  A ConceptPortal binding ``{"0": "a", "1": "a"}`` is read, as the
reference reads it: its values give elements by index, and the two are
shown apart (``a#0``, ``a#1``)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from setmine.model.decode import Encoding
from setmine.model.interpretation import ModelError, interpret
from setmine.model.own import read_own
from setmine.rsl.schema import Schema
from setmine.sources import SourceError, read_model

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "spec" / "models"
SESSION = json.loads((MODELS / "study-plan.session.json").read_text(encoding="utf-8"))
BUNDLE = json.loads((MODELS / "study-plan.bundle.json").read_text(encoding="utf-8"))
OWN = json.loads((MODELS / "study-plan.model.json").read_text(encoding="utf-8"))


def with_value(doc: dict, alias: str, value, items=("state", "items"),
               model=("state", "model")) -> dict:
    doc = copy.deepcopy(doc)
    constituents = doc[items[0]][items[1]]
    number = next(i["id"] for i in constituents if i["alias"] == alias)
    values = doc
    for key in model:
        values = values[key]
    for item in values["items"]:
        if item["id"] == number:
            item["value"] = value
    return doc


def refused(doc: dict, tmp_path, spec=None) -> str:
    path = tmp_path / "model.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(SourceError) as info:
        read_model(path, spec)
    return str(info.value)


# (alias, value, what the message says) — each in the reference's encoding
LONG_TUPLES = [
    ("S1", [[-111, 2, 0, 1]], "it has 3 components, not 2"),            # ℬ(X2×X2)
    ("S1", [[-111, 2, 0], [-111, 3, 1, 0]], "it has 3 components, not 2"),
    ("S2", [[-111, 0, 0, 0, 0]], "it has 4 components, not 2"),          # ℬ(X1×X2)
    ("S3", [[-111, 0, 0, 2]], "it has 3 components, not 2"),             # ℬ(S2)
    ("S4", [[-111, 0, 6, 7]], "it has 3 components, not 2"),             # ℬ(X2×Z)
]


@pytest.mark.parametrize("alias, value, message", LONG_TUPLES,
                         ids=[f"{a} {v}" for a, v, _ in LONG_TUPLES])
def test_a_portal_tuple_with_extra_components_is_refused_not_cut(alias, value, message,
                                                                  tmp_path):
    for doc in (with_value(SESSION, alias, value),
                with_value(BUNDLE, alias, value, ("schema", "items"), ("model",))):
        text = refused(doc, tmp_path)
        assert message in text and f"{alias} ::= " in text, text


def test_a_tuple_with_extra_components_in_setmine_s_own_file_is_refused(tmp_path):
    spec = Schema.parse((MODELS / "study-plan.rsl").read_text(encoding="utf-8"))
    doc = copy.deepcopy(OWN)
    doc["values"]["S1"] = [["algebra", "sets", "logic"]]
    text = refused(doc, tmp_path, spec)
    assert "values.S1" in text and "it has 3 components, not 2" in text, text


def test_a_tuple_of_the_right_length_is_read():
    """The refusal above is not of every tuple: the file as written is read."""
    model = read_model(MODELS / "study-plan.session.json")
    assert (2, 0) in {tuple(int(e) for e in t) for t in model.values["S1"]}


@pytest.mark.parametrize("elements", [["Ann", "Boris", "Ann"], {"0": "Ann", "1": "Boris",
                                                                "2": "Ann"}],
                         ids=["a list", "a binding"])
def test_setmine_s_own_file_naming_an_element_twice_is_refused(elements, tmp_path):
    spec = Schema.parse((MODELS / "study-plan.rsl").read_text(encoding="utf-8"))
    doc = copy.deepcopy(OWN)
    doc["values"]["X1"] = elements
    doc["values"]["S2"] = [["Ann", "sets"]]
    doc["values"]["S3"] = []
    text = refused(doc, tmp_path, spec)
    assert 'values.X1: X1 names "Ann" twice (elements 0 and 2)' in text, text


def test_a_shared_name_would_make_a_value_mean_one_element_silently():
    """Why the refusal: ``(a, a)`` in a file whose X1 names two elements
    ``a`` would be read as one of four pairs."""
    schema = Schema.parse("X1\nS1 ::= ℬ(X1×X1)\n")
    for elements in (["a", "a"], {"0": "a", "1": "a"}):
        with pytest.raises(ModelError, match='X1 names "a" twice'):
            read_own({"format": "setmine-model/1",
                      "values": {"X1": elements, "S1": [["a", "a"]]}}, schema)
    with pytest.raises(ModelError, match="non-empty string"):
        read_own({"format": "setmine-model/1", "values": {"X1": {"0": ""}}}, schema)


def test_a_portal_binding_with_a_shared_name_is_read_by_index():
    schema = Schema.parse("X1\nS1 ::= ℬ(X1×X1)\n")
    model = interpret(schema, {"X1": {"0": "a", "1": "a"}, "S1": [[-111, 0, 1]]},
                      Encoding.INDEX)
    assert [tuple(int(e) for e in t) for t in model.values["S1"]] == [(0, 1)]
    assert model.shown_names()["X1"] == {0: "a#0", 1: "a#1"}
    assert sorted(model.encoded(Encoding.NAME)["X1"]) == ["a#0", "a#1"]


def test_a_key_given_twice_is_refused_not_dropped(tmp_path):
    """``{"0": "Ann", "0": "Boris"}`` (or ``"X1"`` twice in ``values``):
    JSON readers keep the last and drop the first without a word — the
    file is refused, naming the key and where its second copy is."""
    text = json.dumps(OWN, ensure_ascii=False, indent=1)
    doubled = text.replace('"values": {', '"values": {\n  "X1": ["Ann"],', 1)
    path = tmp_path / "model.json"
    path.write_text(doubled, encoding="utf-8")
    spec = Schema.parse((MODELS / "study-plan.rsl").read_text(encoding="utf-8"))
    with pytest.raises(SourceError) as info:
        read_model(path, spec)
    assert 'the key "X1" is given twice in one object' in str(info.value)
    second = doubled.index('"X1"', doubled.index('"X1"') + 1)
    line = doubled.count("\n", 0, second) + 1
    assert f"model.json:{line}:" in str(info.value)   # where the second copy is
