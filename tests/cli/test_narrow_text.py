"""The command line's text at 80 and 60 columns (issue 47): `setmine spec`
folds its long columns under each row at word boundaries (never a word a
line, never a word cut), the Portal's markup is rendered, and `check` and
the models scope's evidence say each thing once."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from setmine.cli import main

ROOT = Path(__file__).resolve().parents[2]
CELLS = ROOT / "tests" / "present" / "data"
STUDY = "spec/models/study-plan.session.json"
WIDTHS = (80, 60)


def run(capsys, monkeypatch, width: int, *args: str) -> tuple[int, str]:
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.chdir(ROOT)
    code = main(list(args))
    return code, capsys.readouterr().out


def texts(capsys, monkeypatch, schema: str) -> dict[str, list[str]]:
    """Each constituent's term, convention and gloss, as the JSON gives them."""
    main(["spec", schema, "--json"])
    rows = json.loads(capsys.readouterr().out)
    return {r["alias"]: [r[k] for k in ("term", "convention", "gloss") if r[k]] for r in rows}


def whole_in(text: str, lines: list[str]) -> int | None:
    """How many consecutive lines ``text`` takes when it is wrapped whole
    at its spaces (its words, in order); None when it is not there whole."""
    words = text.split()
    stripped = [line.split() for line in lines]
    for start, first in enumerate(stripped):
        if not first or first[0] != words[0]:
            continue
        taken, end = [], start
        while end < len(stripped) and len(taken) < len(words):
            taken += stripped[end]
            end += 1
        if taken == words:
            return end - start
    return None


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("schema", ["spec/saper.rsl", "corrected", STUDY,
                                    "tests/present/data/cells.bundle.json"])
def test_spec_reads_in_a_narrow_terminal(capsys, monkeypatch, width, schema):
    code, out = run(capsys, monkeypatch, width, "spec", schema)
    lines = out.splitlines()
    assert code == 0
    too_long = [line for line in lines if len(line) > width]
    assert not too_long, f"{len(too_long)} lines wider than {width}: {too_long[:3]}"
    assert not re.search(r"\w…", out), "a word cut short"
    assert any(line.strip() == "term · convention · gloss" for line in lines), \
        "the header on one line"
    assert "@{" not in out
    room = width - 6
    for alias, said in texts(capsys, monkeypatch, schema).items():
        for text in said:
            from setmine.rsl.markup import has_markup
            if has_markup(text):
                continue   # rendered, so not there as written (test_markup_in_every_output)
            taken = whole_in(text, lines)
            assert taken is not None, f"{alias}: {text!r} is not there whole, in order"
            # folded at word boundaries into full lines: no word a line
            longest = max(len(w) for w in text.split())
            assert taken <= len(text) // (room - longest) + 1, \
                f"{alias}: {text!r} takes {taken} lines at {width} columns"


@pytest.mark.parametrize("width", WIDTHS)
def test_markup_is_rendered_in_spec_check_and_eval(capsys, monkeypatch, width):
    _, out = run(capsys, monkeypatch, width, "spec", str(CELLS / "cells.bundle.json"))
    assert "открытые ячейки" in out and "множество ячеек, которые" in out   # the bundle's forms
    assert "(D9)" in out                               # an entity the schema lacks: its alias
    _, out = run(capsys, monkeypatch, width, "check", str(CELLS / "cells.session.json"))
    assert "@{" not in out and "все открытые ячейки — ячейка поля" in out   # no forms: the term
    _, out = run(capsys, monkeypatch, width, "eval", str(CELLS / "cells.bundle.json"))
    assert "@{" not in out and "закрытые ячейки" in out


def test_export_keeps_the_markup_and_the_forms(capsys, monkeypatch, tmp_path):
    target = tmp_path / "again.bundle.json"
    run(capsys, monkeypatch, 80, "export", str(CELLS / "cells.bundle.json"),
        "--as", "bundle", "-o", str(target))
    again = json.loads(target.read_text(encoding="utf-8"))["schema"]["items"]
    first = json.loads((CELLS / "cells.bundle.json").read_text(encoding="utf-8"))["schema"]["items"]
    assert [(i["term_raw"], i["convention"], i["term_forms"]) for i in again] == \
        [(i["term_raw"], i["convention"], i["term_forms"]) for i in first]


PADDED = re.compile(r"^\s*(\S+) = \1$")


@pytest.mark.parametrize("width", WIDTHS)
def test_check_says_each_thing_once(capsys, monkeypatch, width):
    _, out = run(capsys, monkeypatch, width, "check", str(CELLS / "cells.session.json"))
    lines = out.splitlines()
    assert not [line for line in lines if PADDED.match(line)], out    # no `0 = 0`
    assert "∅ = {}" not in out and "= {}" not in out
    assert "for all 0 members" not in out
    assert "vacuously: S1 has no members" in out
    assert "card(S1) = 0" in out and "S1∩D1 = ∅" in out
    _, out = run(capsys, monkeypatch, width, "check", "beginner-midgame")
    assert not [line for line in out.splitlines() if PADDED.match(line)]
    assert "S3∩S2 = ∅" in out and "∅ = {}" not in out and "card(S4) = 1" in out


@pytest.mark.parametrize("width", WIDTHS)
def test_the_models_scope_evidence_says_each_thing_once(capsys, monkeypatch, width):
    _, out = run(capsys, monkeypatch, width, "verify", "--spec", STUDY, "--scope", "models",
                 "--sizes", "X1<=2,X2<=2")
    assert "D2=∅: false" in out and "D2 = {(Ann, logic)}" in out
    assert "∅ = {}" not in out
    assert not [line for line in out.splitlines() if PADDED.match(line)]
