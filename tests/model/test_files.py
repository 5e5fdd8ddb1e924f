"""ConceptPortal's files and setmine's model file, read as they are — and
every bad one a clear error naming where, never a traceback."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.cli import main
from setmine.portal.files import PortalError, read_portal
from setmine.sources import SourceError, read_contents, read_model, read_schema

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "spec" / "models"
SESSION = json.loads((MODELS / "study-plan.session.json").read_text(encoding="utf-8"))
BUNDLE = json.loads((MODELS / "study-plan.bundle.json").read_text(encoding="utf-8"))


def test_a_session_a_bundle_and_a_setmine_model_are_one_model():
    session = read_model(MODELS / "study-plan.session.json")
    bundle = read_model(MODELS / "study-plan.bundle.json")
    spec = read_schema(MODELS / "study-plan.rsl")
    own = read_model(MODELS / "study-plan.model.json", spec)
    assert session.values == bundle.values == own.values
    assert [c.alias for c in session.schema] == [c.alias for c in own.schema]
    for c in session.schema:
        assert str(session.schema.analysis[c.alias].type) == str(spec.analysis[c.alias].type)
    assert sorted(e.name for e in own.values["X1"]) == ["Ann", "Boris", "Chen"]


def test_the_kind_comes_from_the_file_not_the_letter():
    doc = copy.deepcopy(SESSION)
    items = doc["state"]["items"]
    items.append({"id": 900, "alias": "X9", "cstType": "term", "definitionFormal": "X1"})
    items.append({"id": 901, "alias": "F_IMAGE", "cstType": "function",
                  "definitionFormal": "[α∈ℬ(R1×R2), β∈ℬ(R1)] Pr2(Fi1[β](α))"})
    items.append({"id": 902, "alias": "D90", "cstType": "statement", "definitionFormal": "1=1"})
    items.append({"id": 903, "alias": "N1", "cstType": "nominal", "definitionFormal": ""})
    portal = read_portal(doc)
    kinds = {c.alias: c.kind for c in portal.schema.constituents}
    assert (kinds["X9"], kinds["F_IMAGE"], kinds["D90"], kinds["N1"]) == \
        ("term", "function", "theorem", "nominal")
    from setmine.rsl.schema import Schema
    schema = Schema(portal.schema)
    assert str(schema.analysis["X9"].type) == "ℬ(X1)"
    assert str(schema.analysis["F_IMAGE"].type) == "[ℬ(R1×R2), ℬ(R1)] → ℬ(R2)"
    assert schema.analysis["N1"].error.code == "cstEmptyDerived"  # as the reference says


def bad(path: str, value):
    """A copy of the session with the JSON at ``path`` (dotted, [n] for
    indices) replaced by ``value`` (``...`` deletes it)."""
    doc = copy.deepcopy(SESSION)
    *parents, last = path.replace("[", ".").replace("]", "").split(".")
    node = doc
    for key in parents:
        node = node[int(key)] if key.isdigit() else node[key]
    key = int(last) if last.isdigit() else last
    if value is ...:
        del node[key]
    else:
        node[key] = value
    return doc


BAD_SESSIONS = [
    (bad("contractVersion", "1.0"), "contractVersion: expected a version 2.x"),
    (bad("state", []), "state: expected a JSON object"),
    (bad("state.items", ...), "state.items: expected a JSON array"),
    (bad("state.items[2].alias", ""), "state.items[2].alias: expected the constituent's alias"),
    (bad("state.items[2].alias", "d 1"), "state.items[2].alias: 'd 1' is not an alias"),
    (bad("state.items[2].alias", "X1"), "state.items[2].alias: X1 is already state.items[0]"),
    (bad("state.items[2].cstType", "thing"), "state.items[2].cstType: expected one of basic"),
    (bad("state.items[2].id", 1), "state.items[2].id: 1 is already the id of state.items[0]"),
    (bad("state.items[2].id", "3"), "state.items[2].id: expected an integer"),
    (bad("state.items[2].definitionFormal", 7), "state.items[2].definitionFormal: expected a string"),
    (bad("state.model.items[0].id", 77), "state.model.items[0].id: 77 is the id of no constituent"),
    (bad("state.model.items[0].value", ...), "state.model.items[0]: the value of X1 is missing"),
]


@pytest.mark.parametrize("document, message", BAD_SESSIONS, ids=[m.split(":")[0] + f" {i}"
                                                                   for i, (_, m) in
                                                                   enumerate(BAD_SESSIONS)])
def test_a_bad_session_is_an_error_naming_its_json_path(document, message, tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(SourceError) as info:
        read_model(path)
    assert message in str(info.value) and str(path) in str(info.value)
    for argv in (["eval", str(path)], ["spec", str(path)], ["check", str(path)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err


BAD_VALUES = [
    ("X1", [0, 0], "X1 lists 0 twice"),
    ("X1", {"a": "x"}, "the key \"a\" of X1 is not an element's index"),
    ("S1", [[-111, 2, 9]], "9 is not an element of X2"),
    ("S1", [[2, 0]], "is not a tuple of X2×X2"),
    ("S1", [[-111, 2]], "it has 1 components, not 2"),
    ("S1", [-111, 2, 0], "is not a set of ℬ(X2×X2)"),
    ("S1", [[-111, 2, 0], [-111, 2, 0]], "lists [-111, 2, 0] twice"),
    ("S4", [[-111, 0, "six"]], "an integer (Z) must be an integer, got \"six\""),
    ("S3", [[-111, 1, 0]], "its member (Boris, sets) ∉ S2 in this model"),
]


@pytest.mark.parametrize("alias, value, message", BAD_VALUES,
                         ids=[f"{a} {m[:30]}" for a, _, m in BAD_VALUES])
def test_a_value_that_does_not_fit_names_the_constituent(alias, value, message, tmp_path):
    doc = copy.deepcopy(SESSION)
    ids = {i["alias"]: i["id"] for i in doc["state"]["items"]}
    for item in doc["state"]["model"]["items"]:
        if item["id"] == ids[alias]:
            item["value"] = value
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(SourceError) as info:
        read_model(path)
    assert message in str(info.value) and alias in str(info.value)


def test_what_a_file_leaves_out_is_what_the_reference_takes_it_to_be(tmp_path):
    doc = copy.deepcopy(SESSION)
    ids = {i["alias"]: i["id"] for i in doc["state"]["items"]}
    doc["state"]["model"]["items"] = [i for i in doc["state"]["model"]["items"]
                                      if i["id"] != ids["S4"]]
    doc["state"]["items"].append({"id": 999, "alias": "S9", "cstType": "structure",
                                  "definitionFormal": "X2"})
    doc["state"]["items"].append({"id": 998, "alias": "D99", "cstType": "term",
                                  "definitionFormal": "{S9}"})
    path = tmp_path / "partial.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    model = read_model(path)
    assert model.values["S4"] == frozenset()
    assert "S9" not in model.values
    assert any("S4 is not given: it is empty" in n for n in model.notes)
    from setmine.eval.interpret.model import evaluate_schema
    assert evaluate_schema(model.schema, model.values)["D99"].error.code == "calcGlobalMissing"


def test_a_value_given_to_a_term_is_ignored_as_the_reference_ignores_it(tmp_path):
    doc = copy.deepcopy(SESSION)
    d2 = next(i["id"] for i in doc["state"]["items"] if i["alias"] == "D2")
    doc["state"]["model"]["items"].append({"id": d2, "value": [0]})
    path = tmp_path / "term-value.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    model = read_model(path)
    assert "D2" not in model.values and any("D2, a term, is ignored" in n for n in model.notes)


def test_a_file_that_is_none_of_them_names_the_formats(tmp_path, capsys):
    path = tmp_path / "other.json"
    path.write_text('{"hello": 1}', encoding="utf-8")
    with pytest.raises(SourceError, match="rstool session.*sandbox bundle.*setmine model"):
        read_contents(path)
    assert main(["spec", str(path)]) == 2
    assert "expected" in capsys.readouterr().err


def test_a_setmine_model_needs_its_schema(capsys):
    assert main(["eval", str(MODELS / "study-plan.model.json")]) == 2
    assert "give its schema with --spec" in capsys.readouterr().err


def test_a_portal_file_with_spec_is_refused(capsys):
    assert main(["eval", str(MODELS / "study-plan.session.json"), "--spec",
                 str(MODELS / "study-plan.rsl")]) == 2
    assert "holds its own schema" in capsys.readouterr().err


def test_a_byte_order_mark_is_read_past(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + (MODELS / "study-plan.session.json").read_bytes())
    assert read_model(path).values == read_model(MODELS / "study-plan.session.json").values
    rsl = tmp_path / "bom.rsl"
    rsl.write_bytes(b"\xef\xbb\xbf" + (MODELS / "study-plan.rsl").read_bytes())
    assert len(read_schema(rsl)) == len(read_schema(MODELS / "study-plan.rsl"))


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=8)


def paths_of(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths_of(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths_of(value, prefix + (i,))


ALL_PATHS = [p for p in paths_of(SESSION) if p]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_corrupted_session_is_read_or_refused_clearly(tmp_path_factory, data):
    """Replace any part of a real session by any JSON: the reader gives a
    model or a SourceError, never another exception."""
    doc = copy.deepcopy(SESSION)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(ALL_PATHS))
        node = doc
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = data.draw(JSON)
        except (KeyError, IndexError, TypeError):
            continue
    path = tmp_path_factory.mktemp("fuzz") / "s.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    try:
        read_model(path)
    except SourceError as exc:
        assert str(path) in str(exc)
