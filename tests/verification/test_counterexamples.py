"""`setmine verify`'s defaults and counterexamples: with no property the
written schema is found wrong and the corrected one right; a failing ∀
names its witness; a games counterexample lists its states; every value a
counterexample reports is the evaluator's on its board."""

from __future__ import annotations

import html
import io
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from setmine.board import parse_board, structure
from setmine.board.topology import parse_graph_json
from setmine.cli import main
from setmine.cli.progress import progress_bar
from setmine.eval.interpret.model import evaluate
from setmine.present.output.values import to_json
from setmine.rsl.schema import Schema
from setmine.verification.boards.properties import default_properties

WRITTEN = "spec/saper.rsl"
CORRECTED = "spec/saper-corrected.rsl"


def run(capsys, *argv) -> tuple[int, str]:
    code = main(["verify", *argv])
    captured = capsys.readouterr()
    assert code in (0, 1), captured.err
    return code, captured.out


def board_of(text: str):
    return parse_graph_json(text) if text.lstrip().startswith("{") else parse_board(text)


def test_the_defaults_leave_the_move_axiom_to_the_games():
    schema = Schema.load(WRITTEN)
    positions = default_properties(schema, "positions")
    games = default_properties(schema, "games")
    assert positions[0] == ("builtin", "invariants") and games[0] == ("builtin", "axioms")
    assert positions[1:] == games[1:] == [("assert", "D18 ⊆ D1"), ("assert", "D18 ∩ D8 = ∅"),
                                          ("assert", "card(D15) ≥ 1")]


SMALL = """X1

S1 ::= ℬ(X1×X1)

S2 ::= ℬ(X1)

S3 ::= ℬ(X1)

S4 ::= ℬ(X1)

D1 :== X1 \\ S3

D8 :== S3 \\ S3

D18 :== D1
"""


def test_a_claim_the_schema_cannot_state_is_left_out(tmp_path):
    path = tmp_path / "small.rsl"
    path.write_text(SMALL, encoding="utf-8")
    schema = Schema.load(path)
    assert default_properties(schema, "positions") == [
        ("builtin", "invariants"), ("assert", "D18 ⊆ D1"), ("assert", "D18 ∩ D8 = ∅")]


def test_by_default_the_written_schema_is_wrong_and_the_corrected_right(capsys):
    code, out = run(capsys, "--shapes", "1x3,2x2")
    assert code == 1
    first = out.splitlines()[0]
    assert first.startswith("✗ spec/saper.rsl breaks 2 of 4 properties")
    assert "D18 ∩ D8 = ∅" in first and "card(D15) ≥ 1" in first
    assert "✓ invariants hold on all" in out and "A6" not in out
    assert "D8 = {0,0} — its convention says {}" in out   # the broken term, named
    code, out = run(capsys, "--spec", CORRECTED, "--shapes", "1x3,2x2")
    assert code == 0 and out.startswith("✓ spec/saper-corrected.rsl: all 4 properties hold")


def test_a_failing_forall_names_its_witness_in_text_and_json(capsys):
    code, out = run(capsys, "--shapes", "1x3", "--assert", "∀x∈D18 x∉S2")
    assert code == 1
    assert "✗ ∀x∈D18 x∉S2 fails: counterexample x = 0,0" in out
    code, out = run(capsys, "--shapes", "1x3", "--assert", "∀x∈D18 x∉S2", "--json")
    found = json.loads(out)["properties"][0]["counterexample"]
    assert found["witnesses"] == [{"formula": "∀x∈D18 x∉S2", "binding": {"x": "0,0"}}]
    assert found["explanation"][0] == "∀x∈D18 x∉S2: false, counterexample x = 0,0"
    board = board_of(found["board"])
    assert (0, 0) in board.mines   # the witness is a mine: x∉S2 fails on it


def test_a_games_counterexample_lists_the_state_after_each_move(capsys):
    code, out = run(capsys, "--shapes", "1x3", "--scope", "games", "--assert", "D18 ∩ D8 = ∅",
                    "--json")
    found = json.loads(out)["properties"][0]["counterexample"]
    states = [board_of(text) for text in found["states"]]
    trace = [tuple(c) for c in found["trace"]]
    assert len(states) == len(trace) and trace
    assert [s.move for s in states] == trace
    assert not states[0].opened                     # the deal: nothing open yet
    for before, after in zip(states, states[1:]):   # each move opens its cell
        assert before.move in after.opened and before.opened <= after.opened
    final = board_of(found["board"])
    assert (states[-1].opened, states[-1].move) == (final.opened, final.move)
    assert all(s.mines == final.mines for s in states)


@pytest.mark.parametrize("argv", [
    ("--shapes", "1x3,2x2"),
    ("--shapes", "1x3", "--assert", "∀x∈D18 x∉S2", "--assert", "card(D18) ≤ 1"),
    ("--shapes", "1x3", "--scope", "games"),
    ("--spec", CORRECTED, "--shapes", "1x3", "--property", "axioms"),
])
def test_every_reported_value_is_the_evaluators(capsys, argv):
    code, out = run(capsys, *argv, "--json")
    result = json.loads(out)
    schema = Schema.load(result["schema"])
    reported = 0
    for prop in result["properties"]:
        found = prop["counterexample"]
        if found is None:
            continue
        data = structure(board_of(found["board"]))
        for name, value in found["values"].items():
            again = evaluate(schema, name, data)
            assert value == to_json(again, schema.analysis[name].type), name
            reported += 1
        for witness in found["witnesses"]:
            assert witness["binding"]
    assert code == (1 if reported or any(not p["holds"] for p in result["properties"]) else 0)


def test_the_docs_default_runs_print_what_the_docs_show(capsys):
    """docs/verification.md's and docs/model-finding.md's `$ setmine verify …`
    lines, run as written:
    the first line printed is the line the page shows under each."""
    lines = [line for page in ("docs/verification.md", "docs/model-finding.md")
             for line in Path(page).read_text(encoding="utf-8").splitlines()]
    shown = [(line[2:], lines[i + 1]) for i, line in enumerate(lines)
             if line.startswith("$ setmine verify")]
    assert len(shown) >= 2
    for command, first in shown:
        argv = shlex.split(command)[1:]
        code = main(argv)
        out = capsys.readouterr().out
        assert code in (0, 1) and out.splitlines()[0] == first, command


def test_a_resumed_run_says_what_came_from_the_checkpoint(capsys, tmp_path):
    ck = str(tmp_path / "ck.json")
    argv = ("--shapes", "1x3,2x2", "--checkpoint", ck)
    first = json.loads(run(capsys, *argv, "--json")[1])
    again = json.loads(run(capsys, *argv, "--json")[1])
    assert first["resumed_tasks"] == 0 and again["resumed_tasks"] == again["tasks"] > 0
    assert again["properties"] == first["properties"]
    header = run(capsys, *argv)[1].splitlines()[1]
    assert f"{again['tasks']} of {again['tasks']} tasks from the checkpoint" in header
    assert "this run 0 distinct states" in header and "/s" not in header


def test_the_timeout_stops_a_run_in_a_process_of_its_own():
    """--timeout's alarm is the main thread's, which a test worker's may not
    be: a process of its own, as a user runs it.  Only what holds however
    loaded the machine is (the alarm may fire while the schema is read)."""
    command = ["verify", "--shapes", "cells<=9", "--mines", "1..3", "--timeout", "0.5"]
    done = subprocess.run([sys.executable, "-c", "import sys; from setmine.cli import main; "
                           "sys.exit(main(sys.argv[1:]))", *command],
                          capture_output=True, text=True, timeout=120)
    code, err = done.returncode, done.stderr
    assert code == 2 and "stopped after 0.5 s" in err and "Traceback" not in err, err


def test_a_stopped_run_says_how_far_it_got(capsys, monkeypatch):
    """The run stops in its third task (the time limit raised there, not by a
    clock: the same on any machine) and says how far it got."""
    from setmine.cli.limits import TimeLimit
    from setmine.verification.boards import run as verify_run

    real, ran = verify_run.run_task, []

    def stopping(task):
        ran.append(task)
        if len(ran) == 3:
            raise TimeLimit(0.5, None)
        return real(task)
    monkeypatch.setattr(verify_run, "run_task", stopping)
    code = main(["verify", "--shapes", "cells<=9", "--mines", "1..3"])
    err = capsys.readouterr().err
    assert code == 2 and "stopped after 0.5 s" in err, err
    assert re.search(r"after [\d,]+ states \([\d,]+ distinct\) in 2 of [\d,]+ tasks", err), err
    assert "--checkpoint FILE" in err


def test_the_progress_line_fits_80_columns_with_its_times_named():
    live = Console(width=80, file=io.StringIO(), force_terminal=True)
    bar = progress_bar(None, "verifying", enabled=True, console=live)
    update = bar.__enter__()
    try:
        update(completed=123, total=4567, note="1,234,567 states")
        shown = Console(width=80, record=True, file=io.StringIO())
        shown.print(bar.bar.make_tasks_table(bar.bar.tasks))
    finally:
        bar.__exit__(None, None, None)
    lines = [line.rstrip() for line in shown.export_text().splitlines() if line.strip()]
    assert len(lines) == 1 and len(lines[0]) <= 80, lines
    assert "elapsed" in lines[0] and "left" in lines[0] and "123/4567" in lines[0]
    assert "1,234,567 states" in lines[0]


def test_report_draws_only_a_counterexample_and_checks_its_folder_first(capsys, tmp_path):
    page = tmp_path / "ce.html"
    assert main(["verify", "--spec", CORRECTED, "--shapes", "1x3", "--report", str(page)]) == 0
    assert not page.exists() and "nothing to draw" in capsys.readouterr().err
    assert main(["verify", "--shapes", "1x3", "--report", str(page)]) == 1
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "the first counterexample of D18 ∩ D8 = ∅" in html.unescape(page.read_text("utf-8"))
    capsys.readouterr()
    assert main(["verify", "--report", str(tmp_path / "no" / "ce.html")]) == 2
    assert "--report" in capsys.readouterr().err


def test_list_bounds_the_text_and_json_lists_the_values_whole(capsys):
    argv = ("--shapes", "2x3", "--mines", "2", "--assert", "card(D18) ≤ 1")
    out = run(capsys, *argv, "--list", "2")[1]
    assert "D18 = {0,0, 0,1, … (6 members)}" in out
    assert "D18 = {0,0, 0,1, 0,2, 1,0, 1,1, 1,2}" in run(capsys, *argv)[1]
    found = json.loads(run(capsys, *argv, "--list", "2", "--json")[1])["properties"][0]
    d18 = found["counterexample"]["values"]["D18"]
    assert d18["complete"] is True and len(d18["elements"]) == 6


def test_every_witness_on_the_path_is_kept(capsys):
    """A ∀ whose body is a negated ∃: the ∀'s counterexample and the ∃'s
    witness both, outermost first (issue 37: keeping only the last one
    passed every test)."""
    code = main(["verify", "--shapes", "1x3", "--assert", "∀x∈D1 ¬(∃y∈D1 y = x)", "--json"])
    found = json.loads(capsys.readouterr().out)["properties"][0]["counterexample"]
    assert code == 1
    assert found["witnesses"] == [
        {"formula": "∀x∈D1 ¬∃y∈D1 y=x", "binding": {"x": "0,0"}},
        {"formula": "∃y∈D1 y=x", "binding": {"y": "0,0"}}]
