"""The defect search finds, unaided, every constituent of the schema as
written whose value betrays its convention — own defects and inherited
ones, on minimal boards — and nothing in the corrected schema."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from setmine import resources
from setmine.crosscheck.compare import canonical, differing_part, reading_part
from setmine.crosscheck.defect_search import Search, findings, search
from setmine.crosscheck.isolate import evaluate_isolated
from setmine.eval.interpret.model import Limits
from setmine.board.shapes import grid_shape
from setmine.crosscheck.positions import shrink, smaller_boards
from setmine.crosscheck.reference import Facts
from setmine.rsl import parse, unicode
from setmine.rsl.schema import Schema

SPEC = resources.SPEC_DIR
OWN = ["D2", "D8", "D10", "D11", "D14", "D15", "D16", "D17"]
INHERITED = ["D3", "D4", "D5", "D6", "D7", "D9", "D12", "D13", "D18"]


@lru_cache(maxsize=None)
def schema(name: str) -> Schema:
    return Schema.load(SPEC / name)


@lru_cache(maxsize=None)
def small_search():
    """The sweep of every board of up to 3 cells: enough for every defect."""
    result = search(schema("saper.rsl"), budget=120, max_cells=3, examples=0)
    return result, findings(result, schema("saper-corrected.rsl"))


def by_kind(found, kind):
    return {f.alias: f for f in found if f.kind == kind}


def test_own_and_inherited_disagreements():
    _, found = small_search()
    wrong = by_kind(found, "disagreement")
    assert sorted(a for a, f in wrong.items() if not f.inherited_from) == sorted(OWN)
    assert sorted(a for a, f in wrong.items() if f.inherited_from) == sorted(INHERITED)
    assert wrong["D3"].inherited_from == ["D2"]
    assert "D10" in wrong["D12"].inherited_from
    assert set(wrong["D18"].inherited_from) <= set(OWN)
    assert not {"D1", "D19", "D20", "D21"} & set(wrong)


def test_minimal_boards():
    _, found = small_search()
    wrong = by_kind(found, "disagreement")
    sizes = {a: len(f.board.cells) for a, f in wrong.items()}
    assert sizes["D2"] == 2 and sizes["D11"] == 2 and sizes["D16"] == 2
    assert sizes["D8"] == 3 and sizes["D14"] == 3 and sizes["D15"] == 3
    d8 = wrong["D8"]
    assert d8.board.mines == {(0, 2)} and d8.board.opened == {(0, 0)}  # `0 . *`
    assert d8.value == "{}" and d8.expected == "{0,2}"
    d15 = wrong["D15"]
    assert len(d15.board.opened) == 2 and not d15.board.mines  # two open cells empty it


def test_parts_and_explanations():
    _, found = small_search()
    wrong = by_kind(found, "disagreement")
    assert wrong["D14"].part == "D13" and wrong["D14"].corrected_part == "D8"
    assert wrong["D2"].part.startswith("∀c∈pr2(a)")
    assert wrong["D16"].part == "∀b∈pr2(a) (b∈D15 & pr1(a)∈b)"
    assert "vacuously: pr2(a) has no members" in wrong["D16"].explanation
    assert "the single-cell rule" in wrong["D8"].explanation  # the note: line, quoted
    assert "pr1(c)=pr1(d): false" in wrong["D15"].explanation
    assert wrong["D3"].part == "" and "the root cause: D2" in wrong["D3"].explanation
    record = wrong["D8"].to_json()
    assert set(record) >= {"alias", "kind", "inherited_from", "convention", "formula",
                           "corrected_formula", "part", "board", "value", "expected",
                           "explanation"}
    assert record["board"].startswith("name: 1×3 square\nmines: 1\n")


def test_hidden_information_and_axioms():
    _, found = small_search()
    hidden = by_kind(found, "hidden-information")
    assert {"D4", "D6", "D8"} <= set(hidden)
    assert hidden["D4"].inherited_from == [] and hidden["D6"].inherited_from == ["D4"]
    assert "reads the mines in `pr2(b)∩S2`" in hidden["D4"].explanation
    assert hidden["D4"].other is not None
    assert hidden["D4"].other.mines != hidden["D4"].board.mines
    axioms = by_kind(found, "axiom")
    assert set(axioms) == {"A6"} and axioms["A6"].inherited_from
    assert axioms["A6"].value == "true" and axioms["A6"].expected == "false"


def test_the_corrected_schema_has_no_defect():
    result = search(schema("saper-corrected.rsl"), budget=120, max_cells=3, examples=0)
    assert findings(result, schema("saper-corrected.rsl")) == []


def test_isolation_blames_the_term_itself():
    board = grid_shape("square", 1, 3).board({(0, 2)}, {(0, 0)}, (0, 1))
    iso = evaluate_isolated(schema("saper.rsl"), Facts.of(board), Limits(), only=["D8", "D9"])
    assert iso["D8"].value == frozenset()  # red(Pr2 D7) misses the total's sure mine
    assert canonical(iso["D9"].value) == frozenset({((0, 0), frozenset())})  # right, given D6, D8


def test_shrinking_reaches_a_minimal_board():
    big = grid_shape("square", 3, 3).board({(2, 2)}, {(0, 0), (1, 1)}, (0, 1))
    state = Search(schema("saper.rsl"), Limits(), deadline=float("inf"))
    witness = state.check("D2", "own", big)
    assert witness is not None
    small = state.shrunk(witness)
    assert len(small.board.cells) == 2
    assert all(b.move is not None for b in smaller_boards(big))
    assert len(shrink(big, lambda b: True).cells) == 2


def test_differing_part():
    a = parse("D{x∈X1 | x∈S2 & x∉S3}")
    b = parse("D{x∈X1 | x∈S2 & x∉S4}")
    part, other = differing_part(a, b)
    assert unicode(part) == "S3" and unicode(other) == "S4"
    assert differing_part(a, a) == (None, None)
    assert unicode(reading_part(parse("D{x∈X1 | x∈S2 ∩ S3}"))) == "S2∩S3"


@pytest.mark.slow
def test_the_default_search_and_the_committed_findings(tmp_path):
    """The default search (budget and seed; about 15 s of CPU) finds the
    expected list, and docs/defects.json is what it writes."""
    from setmine.cli import main

    out = tmp_path / "defects.json"
    assert main(["defects", "--write", str(out)]) == 1
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["schema"] == "spec/saper.rsl" and not written["exhausted"]
    own = sorted(f["alias"] for f in written["findings"]
                 if f["kind"] == "disagreement" and not f["inherited_from"])
    assert own == sorted(OWN)
    committed = resources.DEFECTS
    assert committed.exists(), "run: setmine defects --write docs/defects.json"
    assert json.loads(committed.read_text(encoding="utf-8")) == written, \
        "docs/defects.json is stale: run setmine defects --write docs/defects.json"
