"""A schema with errors, checked in its valid part
(``verification/models/readable/valid_part.py``): the faulty constituents named
with their errors as ``eval`` and ``check`` say them, every one that
depends on them skipped with a line, an axiom left out said to leave the
models those of the other axioms — and the valid part's models exactly
those of the schema written without them."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from setmine.cli import main
from setmine.portal.writing import session_json
from setmine.rsl.schema import Schema
from setmine.rsl.schemafile import Constituent
from setmine.sources import read_schema
from setmine.verification.models.naive import census
from setmine.verification.models.readable.valid_part import valid_part
from setmine.verification.models.scope import parse_model_scope

ROOT = Path(__file__).resolve().parents[2]

FAULTY = """\
@alias BAD
@title A faulty schema

X1
  term: people

S1 ::= ℬ(X1×X1)
  term: parent

S2 ::= ℬ(X1)

A1 :== ∀a∈X1 (a,a)∉S1

A2 :== S2 ∪ S1 = X1

D1 :== card(S2) + X1

D2 :== D1 ∪ S2

D3 :== Pr1(S1)

A3 :== D2 ⊆ X1

T1 :== D3 ⊆ S2
"""

# the same schema as its author would have to write it to check it today
WITHOUT = """\
X1
S1 ::= ℬ(X1×X1)
S2 ::= ℬ(X1)
A1 :== ∀a∈X1 (a,a)∉S1
D3 :== Pr1(S1)
T1 :== D3 ⊆ S2
"""


def faulty(tmp_path) -> Schema:
    path = tmp_path / "bad.rsl"
    path.write_text(FAULTY, encoding="utf-8")
    return read_schema(path)


def test_an_ill_typed_term_and_axiom_and_their_dependants(tmp_path):
    schema = faulty(tmp_path)
    part = valid_part(schema)
    assert [c.alias for c in part.schema] == ["X1", "S1", "S2", "A1", "D3", "T1"]
    assert part.schema.errors() == [] and part.original is schema
    assert part.faulty == [
        ("A2", "typesNotEqual", "'∪' needs sets of one type: ℬ(X1) and ℬ(X1×X1) differ"),
        ("D1", "arithmeticNotSupported", "'+' needs integers, not an operand of type ℬ(X1)")]
    assert part.skipped == [("D2", ["D1"]), ("A3", ["D1"])]
    path = schema.path
    assert part.lines() == [
        f"A2: error typesNotEqual: '∪' needs sets of one type: ℬ(X1) and ℬ(X1×X1) differ "
        f"({path}:14:8)",
        f"D1: error arithmeticNotSupported: '+' needs integers, not an operand of type ℬ(X1) "
        f"({path}:16:19)",
        "D2 is skipped: D1 has an error, so it has no type",
        "A3 is skipped: D2 has an error, so it has no type; it depends on D1, which has an "
        "error",
        "A2 and A3 are left out: the models below satisfy the other axioms (A1)"]
    assert part.to_json() == {
        "faulty": [{"alias": "A2", "code": "typesNotEqual", "message": part.faulty[0][2],
                    "line": 14, "column": 8},
                   {"alias": "D1", "code": "arithmeticNotSupported",
                    "message": part.faulty[1][2], "line": 16, "column": 19}],
        "skipped": [{"alias": "D2", "because": ["D1"]}, {"alias": "A3", "because": ["D1"]}],
        "left_out_axioms": ["A2", "A3"]}
    assert part.why("A3") == "A3 depends on D1, which has an error"
    assert part.why("A2").startswith("A2 has an error (typesNotEqual: ")
    assert part.why("A1") is None and not part.whole


def test_the_errors_are_worded_as_check_words_them(tmp_path, capsys):
    schema = faulty(tmp_path)
    model = tmp_path / "bad.model.json"
    model.write_text(json.dumps({"format": "setmine-model/1",
                                 "values": {"X1": ["Ann", "Bob"], "S1": [["Ann", "Bob"]],
                                            "S2": ["Ann"]}}), encoding="utf-8")
    main(["check", str(model), "--spec", schema.path])
    said = capsys.readouterr().out
    for alias, code, message in valid_part(schema).faulty:
        if schema[alias].kind == "axiom":
            assert f"{code}: {message}" in said
    for line in valid_part(schema).lines():
        if " is skipped: " in line and line.startswith("A"):
            assert line.split(" is skipped: ")[1].split(";")[0] in said  # D2 has an error, …


def test_the_valid_parts_models_are_the_schemas_without_the_faulty_ones(tmp_path):
    part = valid_part(faulty(tmp_path))
    by_hand = Schema.parse(WITHOUT)
    for sizes in ("X1<=2", "X1=3"):
        got = census(part.schema, parse_model_scope(part.schema, sizes))
        expected = census(by_hand, parse_model_scope(by_hand, sizes))
        assert (got.models, got.labelled) == (expected.models, expected.labelled)


def test_a_faulty_structure_leaves_out_what_reads_it():
    schema = Schema.parse("X1\nS1 ::= ℬ(X1×X9)\nS2 ::= ℬ(S1)\nS3 ::= ℬ(X1)\n"
                          "A1 :== S2 = S1\nA2 :== card(S3) ≤ 1\nT1 :== S3 ⊆ X1\n"
                          "T2 :== card(S1) = 0\n")
    part = valid_part(schema)
    assert [c.alias for c in part.schema] == ["X1", "S3", "A2", "T1"]
    assert [a for a, _, _ in part.faulty] == ["S1"]
    assert part.skipped == [("S2", ["S1"]), ("A1", ["S1"]), ("T2", ["S1"])]
    lines = part.lines()
    assert lines[0].startswith("S1: error globalNotTyped: X9 is not a constituent")
    assert "A1 is left out: the models below satisfy the other axioms (A2)" in lines
    assert "S1 and S2 are left out: the models below give them no value" in lines
    assert "T2 is not checked" in lines


def test_no_axiom_left_and_a_cycle():
    schema = Schema.parse("X1\nD1 :== D2 ∪ X1\nD2 :== D1\nA1 :== D1 = X1\n")
    part = valid_part(schema)
    assert [c.alias for c in part.schema] == ["X1"]
    assert [(a, code) for a, code, _ in part.faulty] == [("D1", "cyclicDefinition")]
    assert part.skipped == [("D2", ["D1"]), ("A1", ["D1"])]
    assert part.lines()[-1] == ("A1 is left out: no axiom is left, so every interpretation in "
                                "the scope is a model")


def test_a_valid_schema_is_its_own_valid_part():
    schema = Schema.parse(WITHOUT)
    part = valid_part(schema)
    assert part.schema is schema and part.whole and part.lines() == []
    assert part.to_json() == {"faulty": [], "skipped": [], "left_out_axioms": []}


def test_a_portal_session_with_an_ill_typed_term_an_axiom_and_a_basic_set(tmp_path):
    """As a ConceptPortal library schema may be: a basic set given a formula,
    an ill-typed term and axiom, dependants; the session has no source text,
    so no line numbers."""
    study = read_schema(ROOT / "spec" / "models" / "study-plan.session.json")
    text = study.text
    extra = (Constituent("X3", "X1×X2"),                       # a basic set with a formula
             Constituent("S5", "ℬ(X3×X1)", declared_kind="structure"),
             Constituent("D9", "card(S1) ∪ X1"),               # ill-typed term
             Constituent("D10", "D9 ∩ X1"),
             Constituent("A9", "S1 ⊆ X1"),                     # ill-typed axiom
             Constituent("A10", "card(S5) ≥ 0"),
             Constituent("T9", "D10 = ∅", declared_kind="theorem"))
    document = session_json(replace(text, constituents=text.constituents + extra), {})
    path = tmp_path / "library.session.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    schema = read_schema(path)
    part = valid_part(schema)
    assert [a for a, _, _ in part.faulty] == ["X3", "D9", "A9"]
    assert dict(part.skipped) == {"S5": ["X3"], "D10": ["D9"], "A10": ["X3"], "T9": ["D9"]}
    assert [c.alias for c in part.schema] == [c.alias for c in study]
    lines = part.lines()
    assert lines[0] == ("X3: error definitionNotAllowed: X3 is a basic set: it has no formal "
                        "definition (its elements are given by a model)")
    assert "A9 and A10 are left out: the models below satisfy the other axioms (A1, A2)" in lines
    assert "X3 and S5 are left out: the models below give them no value" in lines
    assert "T9 is not checked" in lines
