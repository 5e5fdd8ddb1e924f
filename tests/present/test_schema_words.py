"""A schema's sets are named in its own words (``glossary.words``): the
Saper's words (cell, mine, neighbour, open) only where a schema's own
texts say a set is the Saper's — decided from its content, never from an
alias — and every other basic set by its alias and its own term.  So
``setmine explain`` on the study plan, in any of its files, says "a member
of X1 (students)", never "a cell"; on the Saper it says what it said."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from setmine import rsl
from setmine.cli import main
from setmine.present.explain.glossary import NO_WORDS, words
from setmine.present.explain.reading import member_noun, read

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "spec" / "models"
STUDY = rsl.Schema.load(MODELS / "study-plan.rsl")
SAPER_WORD = re.compile(r"\b(cells?|mines?|mined|neighbou?rs?|open cells?|board)\b", re.I)
FORMS = {"session": [str(MODELS / "study-plan.session.json")],
         "bundle": [str(MODELS / "study-plan.bundle.json")],
         "model": [str(MODELS / "study-plan.model.json"), "--spec", str(MODELS / "study-plan.rsl")]}


@pytest.mark.parametrize("spec, nouns, names", [
    ("saper.rsl", {"X1": ("cell", "cells")}, {}),
    ("saper-corrected.rsl", {"X1": ("cell", "cells")}, {}),
    ("models/study-plan.rsl", {}, {"X1": "students", "X2": "courses"}),
    ("models/family.rsl", {}, {"X1": "people"}),
])
def test_each_schema_has_its_own_words(spec, nouns, names):
    got = words(rsl.Schema.load(ROOT / "spec" / spec))
    assert dict(got.nouns) == nouns and dict(got.names) == names


def test_the_words_come_from_the_content_not_the_alias():
    saper_x1 = "X1\n  convention: Множество ячеек игрового поля\n"
    # the Saper's convention on another alias makes its members cells …
    moved = rsl.Schema.parse("X7\n  convention: Множество ячеек  игрового поля.\n"
                             "S1 ::= ℬ(X7)\n", "moved.rsl")
    assert read(rsl.parse("X7\\S1"), words(moved)) == "the cells that are not in S1"
    # … and an X1 that does not say so is no cell, even beside the Saper's structures
    bare = rsl.Schema.parse("X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\n"
                            "S4 ::= ℬ(X1)\n", "bare.rsl")
    assert read(rsl.parse("X1\\S3"), words(bare)) == "the members of X1 that are not in S3"
    assert "cell" in read(rsl.parse("X1\\S3"), words(rsl.Schema.parse(saper_x1, "s.rsl")))


def test_without_a_schema_every_set_is_its_alias():
    assert read(rsl.parse("X1\\S3")) == "the members of X1 that are not in S3"
    assert member_noun(rsl.parse("X1×ℬ(X1)"), NO_WORDS) == \
        "a pair of a member of X1 and a set of members of X1"


def test_the_study_plan_reads_in_its_own_words():
    own = words(STUDY)
    assert read(STUDY.analysis["S2"].tree, own) == \
        "the sets of pairs of a member of X1 (students) and a member of X2 (courses)"
    assert read(STUDY.analysis["D3"].tree, own).startswith(
        "the members α of X1 (students) such that for every β in X2 (courses), ")
    for alias, analysis in STUDY.analysis.items():
        if analysis.tree is not None:
            assert not SAPER_WORD.search(read(analysis.tree, own)), alias


EXPLAINED = [("S2",), ("D1",), ("D3",), ("D5",), ("A1",), ("T1",), ("T2",), ("D3", "Boris"),
             ("D2", "(Boris, models)"), ("D5", "(models, {sets})"), ("S2", "(Ann, sets)")]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("args", EXPLAINED, ids=" ".join)
def test_explain_on_the_study_plan_uses_no_saper_word(form, args, capsys):
    assert main(["explain", *FORMS[form][:1], *args, *FORMS[form][1:]]) == 0
    out = capsys.readouterr().out
    assert not SAPER_WORD.search(out), out
    if args[0] in ("S2", "D3", "D5", "A1", "T2"):
        assert "(students)" in out or "(courses)" in out, out


def test_explain_on_the_study_plan_names_its_sets(capsys):
    assert main(["explain", "study-plan", "D3", "Boris"]) == 0
    out = capsys.readouterr().out
    assert "reading: the members α of X1 (students) such that" in out
    assert "Boris ∈ X1: yes — a member of X1 (students)" in out


def test_explain_on_the_saper_keeps_its_words(capsys):
    assert main(["explain", "beginner-midgame", "D2"]) == 0
    assert "reading: the pairs (x, B) of a cell x and a set of cells B such that" in \
        capsys.readouterr().out
