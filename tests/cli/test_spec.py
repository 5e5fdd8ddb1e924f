"""`setmine spec`: every constituent with its typification."""

import json
from pathlib import Path

from setmine.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAPER = ROOT / "spec" / "saper.rsl"


def test_spec_prints_all_32_constituents_with_their_typifications(capsys):
    assert main(["spec", str(SAPER)]) == 0
    out = capsys.readouterr().out
    assert "32 constituents, 0 with errors." in out
    for alias in ["X1", "S4", "A6", "D15", "D21"]:
        assert alias in out
    assert "ℬℬ(X1)" in out and "ℬ(X1×ℬℬ(X1))" in out


def test_spec_json_lists_objects_with_the_contract_keys(capsys):
    assert main(["spec", str(SAPER), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["alias"] for r in rows][:5] == ["X1", "S1", "S2", "S3", "S4"]
    by = {r["alias"]: r for r in rows}
    assert by["D15"]["type"] == "ℬℬ(X1)"
    assert by["D15"]["kind"] == "term"
    assert by["D15"]["formal"].startswith("{b ∈ ℬ(X₁)| (card (b)")
    assert by["A1"]["type"] == "Logic" and by["A1"]["kind"] == "axiom"
    assert all({"alias", "kind", "type", "formal"} <= set(r) for r in rows)


def test_spec_with_errors_exits_non_zero_and_says_where(tmp_path, capsys):
    bad = tmp_path / "bad.rsl"
    bad.write_text("X1\nD1 :== X1 ∪ ℬ(X1)\n", encoding="utf-8")
    assert main(["spec", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "typesNotEqual" in out and "bad.rsl:2:8" in out  # the whole operation


def test_spec_of_a_missing_or_malformed_file_is_a_clear_error(tmp_path, capsys):
    assert main(["spec", str(tmp_path / "none.rsl")]) == 2
    assert "no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.rsl"
    bad.write_text("X1\nnot a line\n", encoding="utf-8")
    assert main(["spec", str(bad)]) == 2
    assert "bad.rsl:2:1" in capsys.readouterr().err


def test_spec_shows_the_constituents_named(capsys):
    """`setmine spec D15`, `setmine spec corrected D8 D11` (issue 37: spec
    took only a file, and `setmine spec D15` was 'no such file')."""
    import json

    assert main(["spec", "D15"]) == 0
    out = capsys.readouterr().out
    assert "1 constituent, 0 with errors." in out and "D15" in out
    assert main(["spec", "corrected", "D8", "D11", "--json"]) == 0
    assert [r["alias"] for r in json.loads(capsys.readouterr().out)] == ["D8", "D11"]
    assert main(["spec", "D99"]) == 2
    assert "D99: not a constituent of" in capsys.readouterr().err
