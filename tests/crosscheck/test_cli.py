"""The three commands: output, JSON and exit status."""

from __future__ import annotations

import json

from setmine import resources
from setmine.cli import main

TINY = str(resources.board_file("tiny-2x2"))
CORRECTED = str(resources.CORRECTED_SCHEMA)


def board_file(tmp_path, text: str) -> str:
    path = tmp_path / "b.board"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_crosscheck(capsys):
    assert main(["crosscheck", TINY, "--spec", CORRECTED]) == 0
    out = capsys.readouterr().out
    assert "27 agree, 0 disagree or fail" in out
    assert main(["crosscheck", TINY]) == 1
    out = capsys.readouterr().out
    assert "D2   disagree" in out and "first difference: (0,0, {})" in out


def test_crosscheck_json_and_terms(capsys):
    assert main(["crosscheck", TINY, "--json", "--term", "D8", "--term", "D15"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [r["alias"] for r in data["rows"]] == ["D8", "D15"]
    assert data["rows"][1]["status"] == "disagree" and data["rows"][1]["expected"]


def test_crosscheck_errors(capsys):
    assert main(["crosscheck", "no/such.board"]) == 2
    assert "no/such.board" in capsys.readouterr().err
    assert main(["crosscheck", TINY, "--term", "D99"]) == 2


def test_observe(tmp_path, capsys):
    board = board_file(tmp_path, "mines: 1\nmove: 0,2\n\n* 1 .\n")
    assert main(["observe", board]) == 1
    out = capsys.readouterr().out
    assert "D4   HIDDEN   move depends on it; reads the mines (S2) itself" in out
    assert main(["observe", board, "--spec", CORRECTED, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["all_placements"] and data["hidden_in_move_closure"] == []
    changes = {t["alias"] for t in data["terms"] if t["changes"]}
    assert changes == {"D4", "D6", "D20", "D21"}
    assert main(["observe", board, "--placements", "0"]) == 2


def test_defects(tmp_path, capsys):
    small = ["--max-cells", "3", "--examples", "0"]
    assert main(["defects", "--spec", CORRECTED, *small]) == 0
    assert "own defects: none" in capsys.readouterr().out
    out = tmp_path / "found.json"
    assert main(["defects", *small, "--json", "--write", str(out)]) == 1
    printed = json.loads(capsys.readouterr().out)
    written = json.loads(out.read_text(encoding="utf-8"))
    assert printed == written                       # one shape: --json is what --write writes
    first = written["findings"][0]
    assert first["alias"] == "D2" and first["kind"] == "disagreement"
    assert first["board"].endswith("\n. .\n")
    assert first["expected"]["card"] == "2" and first["expected_text"].startswith("{(0,0, {0,1})")
    assert main(["defects", "--max-cells", "1"]) == 2
