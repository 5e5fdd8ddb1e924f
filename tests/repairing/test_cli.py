"""``setmine repair``: what it prints, its exit status, its JSON, --apply,
and a clear message (exit 2) for every bad input."""

from __future__ import annotations

import json

import pytest

from setmine.cli import main
from setmine.resources import WRITTEN_SCHEMA
from setmine.rsl.schema import Schema

FAST = ["--scope", "cells<=4", "--validate", "none"]


def run(capsys, *argv):
    status = main(["repair", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_fixed_term_prints_both_formulas_marked_and_exits_0(capsys):
    status, out, err = run(capsys, "D14", *FAST)
    assert status == 0, err
    assert "X₁\\(S₃ ∪ D₁₁ ∪ D₁₃)" in out and "X₁\\(S₃ ∪ D₁₁ ∪ D₈)" in out
    assert "fix (1 edit: identifier D13 → D8)" in out
    assert "^^" in out
    assert "D14: fixed (1 edit)" in out


def test_a_fault_without_a_fix_within_the_bound_exits_1(capsys):
    status, out, _ = run(capsys, "D2", *FAST, "--max-edits", "1")
    assert status == 1
    assert "no change of at most 1 edit makes D2 mean its convention" in out


def test_localize_ranks_without_searching(capsys):
    status, out, _ = run(capsys, "D14", *FAST, "--localize")
    assert status == 1  # the fault is still there
    assert "1. D13" in out and "fix (" not in out


def test_json_lists_the_terms_in_dependency_order(capsys):
    status, out, _ = run(capsys, "D15", "D14", "D3", *FAST, "--json")
    data = json.loads(out)
    assert [t["term"] for t in data["terms"]] == ["D3", "D14", "D15"]
    assert [t["status"] for t in data["terms"]] == ["inherited", "fixed", "fixed"]
    assert data["applied_to"] is None and status == 0


def test_apply_writes_the_repaired_schema_with_a_repair_note(capsys, tmp_path):
    target = tmp_path / "repaired.rsl"
    status, _, err = run(capsys, "D14", "D15", *FAST, "--apply", "-o", str(target))
    assert status == 0, err
    repaired = Schema.load(target)
    assert not repaired.errors()
    assert repaired["D14"].formal == "X₁\\(S₃ ∪ D₁₁ ∪ D₈)"
    assert "⇒" in repaired["D15"].formal
    assert any(n.startswith("repair: setmine repair changed") for n in repaired["D14"].notes)
    written = Schema.load(WRITTEN_SCHEMA)
    assert [c.alias for c in repaired] == [c.alias for c in written]
    assert repaired["D2"].formal == written["D2"].formal


@pytest.mark.parametrize("argv,message", [
    (["D99"], "'D99' is not a constituent"),
    (["S2"], "S2 cannot be repaired"),
    (["D14", "--apply"], "give the file with -o FILE"),
    (["D14", "-o", "x.rsl"], "add --apply"),
    (["D14", "--scope", "cells<=banana"], "--scope 'cells<=banana'"),
    (["D14", "--validate", ""], "--validate ''"),
    (["D14", "--max-edits", "9"], "at most 4"),
    (["D14", "--spec", "no-such-file.rsl"], "no-such-file.rsl"),
])
def test_bad_input_is_a_clear_message_and_exit_2(capsys, argv, message):
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert message in err and "Traceback" not in err


def test_apply_to_a_folder_that_does_not_exist_writes_nothing(capsys, tmp_path):
    target = tmp_path / "missing" / "x.rsl"
    status, _, err = run(capsys, "D14", *FAST, "--apply", "-o", str(target))
    assert status == 2 and "does not exist" in err
    assert not target.exists()
