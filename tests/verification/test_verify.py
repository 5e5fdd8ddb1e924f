"""`setmine verify`: the verdicts and first counterexamples against a naive
oracle, the JSON format, symmetry, the games scope and the errors."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.board import structure
from setmine.board.shapes import grid_shape, star
from setmine.crosscheck.positions import positions
from setmine.cli import main
from setmine.eval.interpret.model import evaluate
from setmine.rsl.schema import Schema
from setmine.verification.boards.job import Job, shape_data
from setmine.verification.boards.run import verify
from setmine.verification.boards.scope import count_positions

WRITTEN = Schema.load("spec/saper.rsl")
CORRECTED = Schema.load("spec/saper-corrected.rsl")

FORMULAS = ["D18 ∩ D8 = ∅", "D18 ⊆ D1", "card(D15) ≥ 1", "D11 ∩ S2 = ∅", "card(D18) ≤ 2",
            "A6", "D8 ⊆ S2"]


def run_json(capsys, *argv) -> tuple[int, dict]:
    code = main(["verify", *argv, "--json"])
    captured = capsys.readouterr()
    assert code in (0, 1), captured.err
    return code, json.loads(captured.out)


def job(schema: Schema, shapes, formulas, symmetry=True, scope="positions", mines=(0, None)):
    return Job(schema_text=schema.source, schema_path=schema.path,
               shapes=tuple(shape_data(s) for s in shapes),
               properties=tuple(("assert", f) for f in formulas), scope=scope,
               symmetry=symmetry, mines=mines)


# ----------------------------------------------------------------------------
# The oracle: every legal position in the canonical order, each formula
# evaluated from scratch

def key(board, shape_index: int) -> tuple:
    cells = board.cells
    at = {c: i for i, c in enumerate(cells)}
    return (shape_index, len(board.mines), len(board.opened), sorted(at[c] for c in board.mines),
            sorted(at[c] for c in board.opened), at[board.move])


def oracle(schema: Schema, shapes, formula: str):
    """(states, the first counterexample's key or None)."""
    found, states = None, 0
    for index, shape in enumerate(shapes):
        for board in positions(shape, moves="all"):
            states += 1
            if evaluate(schema, formula, structure(board)) is not True:
                k = key(board, index)
                found = k if found is None or k < found else found
    return states, found


SHAPES = [grid_shape("square", 1, 2), grid_shape("square", 1, 3), grid_shape("square", 2, 2),
          grid_shape("square", 1, 4), grid_shape("hex", 1, 3), grid_shape("torus", 1, 3),
          star(4)]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([WRITTEN, CORRECTED]), st.lists(st.sampled_from(SHAPES), min_size=1,
                                                        max_size=2, unique_by=id),
       st.sampled_from(FORMULAS), st.booleans())
def test_the_first_counterexample_is_the_oracles(schema, shapes, formula, symmetry):
    shapes = sorted(shapes, key=lambda s: len(s.cells))
    result = verify(job(schema, shapes, [formula], symmetry))
    states, expected = oracle(schema, shapes, formula)
    tally = result.merged["properties"][0]
    assert result.merged["states"] == states
    found = tally["counterexample"]
    assert (found and tuple(found["key"])) == (expected and tuple(expected)), formula
    if symmetry is False:
        assert result.merged["distinct"] == states


@pytest.mark.parametrize("side, states", [((1, 2), 8), ((2, 2), 184), ((1, 3), None)])
def test_no_symmetry_counts_every_state(capsys, side, states):
    rows, cols = side
    n = rows * cols
    _, out = run_json(capsys, "--shapes", f"{rows}x{cols}", "--no-symmetry",
                      "--assert", "D18 ⊆ D1", "--spec", "spec/saper-corrected.rsl")
    expected = count_positions(n, range(n))
    assert out["states"] == out["distinct"] == expected == (states or expected)
    _, reduced = run_json(capsys, "--shapes", f"{rows}x{cols}",
                          "--assert", "D18 ⊆ D1", "--spec", "spec/saper-corrected.rsl")
    assert reduced["states"] == expected and reduced["distinct"] < expected
    assert [p["holds"] for p in reduced["properties"]] == [p["holds"] for p in out["properties"]]


def test_the_written_schema_plays_on_a_sure_mine(capsys):
    code, out = run_json(capsys, "--shapes", "1x3,2x2", "--assert", "D18 ∩ D8 = ∅")
    assert code == 1
    assert set(out) == {"schema", "scope", "shapes", "states", "distinct", "seconds", "tasks",
                        "resumed_tasks", "properties"}
    assert out["shapes"] == ["square 1×3", "square 2×2"] and out["scope"] == "positions"
    (prop,) = out["properties"]
    assert set(prop) == {"name", "formula", "holds", "checked", "counterexample"}
    assert prop["name"] == prop["formula"] == "D18 ∩ D8 = ∅" and prop["holds"] is False
    board_text = prop["counterexample"]["board"]
    assert prop["counterexample"]["trace"] == []
    assert "mines:" in board_text and "move:" in board_text and "*" in board_text
    from setmine.board import parse_board
    board = parse_board(board_text)
    data = structure(board)
    assert evaluate(WRITTEN, "D18 ∩ D8", data)   # D18 really holds a cell of D8 there


GRAPHS = {"star of 5": [(0, i) for i in range(1, 5)],
          "cycle of 6": [(i, (i + 1) % 6) for i in range(6)],
          "two triangles": [(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (4, 5), (5, 6), (4, 6)]}


@pytest.mark.slow
def test_the_corrected_schema_holds_up_to_8_cells(capsys, tmp_path):
    """Every legal position (every move) of every square board of up to 8
    cells, the hex 2×3 and three graphs: the corrected schema keeps its
    promises, and every term equals the solver's notion of it."""
    files = []
    for name, edges in GRAPHS.items():
        path = tmp_path / f"{name.replace(' ', '-')}.json"
        cells = sorted({i for e in edges for i in e})
        path.write_text(json.dumps({"name": name, "cells": [[0, i] for i in cells],
                                    "neighbours": [list(e) for e in edges], "mines": []}))
        files.append(str(path))
    code, out = run_json(capsys, "--spec", "spec/saper-corrected.rsl",
                         "--shapes", ",".join(["cells<=8", "hex:2x3", *files]),
                         "--assert", "D18 ∩ D8 = ∅", "--assert", "card(D15) ≥ 1",
                         "--property", "crosscheck", "--workers", "2")
    assert code == 0, out
    assert all(p["holds"] and p["checked"] == out["states"] for p in out["properties"])
    squares = [(1, 2), (1, 3), (1, 4), (2, 2), (1, 5), (1, 6), (2, 3), (1, 7), (1, 8), (2, 4)]
    assert len(out["shapes"]) == len(squares) + 1 + len(GRAPHS)
    assert out["states"] == sum(count_positions(n, range(n)) for n in
                                [r * c for r, c in squares] + [6, 5, 6, 7])


def test_games_find_a_trace_on_the_written_schema(capsys):
    code, out = run_json(capsys, "--scope", "games", "--shapes", "3x3", "--mines", "1..2",
                         "--assert", "D18 ∩ D8 = ∅")
    assert code == 1
    found = out["properties"][0]["counterexample"]
    trace = [tuple(c) for c in found["trace"]]
    assert len(trace) >= 2
    from setmine.board import parse_board
    board = parse_board(found["board"])
    # replay: each move after the first click is in the written D18 at its state
    opened: set = set()
    for move in trace:
        if opened:
            state = dataclasses.replace(board, opened=frozenset(opened), move=move)
            assert move in evaluate(WRITTEN, "D18", structure(state))
        opened.add(move)
    assert board.move == trace[-1] and set(board.opened) == set(trace[:-1])


def test_games_hold_on_the_corrected_schema(capsys):
    code, out = run_json(capsys, "--scope", "games", "--shapes", "3x3", "--mines", "1..2",
                         "--assert", "D18 ∩ D8 = ∅", "--spec", "spec/saper-corrected.rsl",
                         "--property", "axioms")
    assert code == 0 and all(p["holds"] for p in out["properties"])


@pytest.mark.parametrize("argv, message", [
    (["--assert", "D18"], "not a formula"),
    (["--assert", "D99 = ∅"], "D99"),
    (["--assert", "D18 ∩"], "--assert"),
    (["--shapes", "0x3"], "--shapes"),
    (["--shapes", "3x4", "--max-states", "1000"], "4,226,952"),
    (["--shapes", "2x2", "--mines", "7"], "no state"),
    (["--shapes", "2x2", "--mines", "3..1"], "empty"),
    (["--property", "nonsense"], "invalid choice"),
    (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "one"),
    (["--scheduler", "tcp://127.0.0.1:1", "--shapes", "1x2"], "127.0.0.1:1"),
])
def test_errors_are_one_message(capsys, argv, message):
    """One line saying what and where — a formula's error followed by the
    formula with a caret under the span, nothing more."""
    assert main(["verify", *argv]) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    said = [i for i, line in enumerate(lines) if message in line]
    assert said and "Traceback" not in err, err
    after = lines[said[0] + 1:]
    assert after == [] or (len(after) == 2 and set(after[1].strip()) == {"^"}), err


@pytest.mark.parametrize("scope", [["--shapes", "1x3,2x3,hex:2x2"],
                                   ["--scope", "games", "--shapes", "2x3", "--mines", "1..2"]])
def test_a_local_cluster_gives_the_serial_json(capsys, scope):
    argv = [*scope, "--assert", "D18 ∩ D8 = ∅", "--assert", "card(D18) ≤ 2",
            "--property", "axioms"]
    _, serial = run_json(capsys, *argv)
    _, cluster = run_json(capsys, *argv, "--workers", "2")
    serial.pop("seconds"), cluster.pop("seconds")
    assert serial == cluster
    assert not all(p["holds"] for p in serial["properties"])


def test_a_checkpoint_resumes_to_the_same_json(capsys, tmp_path):
    argv = ["--shapes", "1x4,2x3", "--assert", "card(D18) ≤ 3"]
    _, plain = run_json(capsys, *argv)
    path = tmp_path / "run.ckpt"
    _, first = run_json(capsys, *argv, "--checkpoint", str(path))
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")  # as if interrupted
    _, resumed = run_json(capsys, *argv, "--checkpoint", str(path))
    for out in (plain, first, resumed):
        out.pop("seconds")
    assert resumed.pop("resumed_tasks") == 2 and first.pop("resumed_tasks") == 0  # 2 tasks kept
    plain.pop("resumed_tasks")
    assert plain == first == resumed
    assert main(["verify", "--shapes", "1x4", "--assert", "D8 = ∅", "--checkpoint",
                 str(path)]) == 2
    assert "another run" in capsys.readouterr().err


def test_every_state_of_the_3x3_board(capsys):
    """115,794 states without symmetry: a property that reads only X1 and
    S3 is computed once per set of open cells, so the count is cheap."""
    code, out = run_json(capsys, "--shapes", "3x3", "--no-symmetry", "--assert", "D1 ⊆ X1")
    assert code == 0 and out["states"] == out["distinct"] == 115_794
    _, reduced = run_json(capsys, "--shapes", "3x3", "--assert", "D1 ⊆ X1")
    assert reduced["states"] == 115_794 and reduced["distinct"] < 115_794 / 7


def test_games_need_the_move_axiom(capsys, tmp_path):
    text = CORRECTED.source
    start = text.index("\nA6 :==")
    (tmp_path / "no-a6.rsl").write_text(text[:start] + text[text.index("\n\n", start + 1):],
                                        encoding="utf-8")
    assert main(["verify", "--spec", str(tmp_path / "no-a6.rsl"), "--scope", "games",
                 "--shapes", "2x2"]) == 2
    assert "no axiom A6" in capsys.readouterr().err


@pytest.mark.parametrize("schema", [WRITTEN, CORRECTED], ids=["written", "corrected"])
@pytest.mark.parametrize("name", ["axioms", "crosscheck", "observable"])
def test_symmetry_changes_no_verdict_of_a_builtin(schema, name):
    """The first counterexample in the canonical order is the least of its
    class, so checking one position per class finds the same one."""
    shapes = [grid_shape("square", 1, 4), grid_shape("square", 2, 2), star(4),
              grid_shape("torus", 1, 5)]

    def first(symmetry: bool):
        j = job(schema, shapes, [], symmetry)
        j = dataclasses.replace(j, properties=(("builtin", name),))
        tally = verify(j).merged["properties"][0]
        found = tally["counterexample"]
        return found and (found["key"], found["why"])

    assert first(True) == first(False)


def test_the_json_example_of_the_docs_is_what_a_run_gives(capsys):
    """docs/verification.md's --json example (the corrected schema on 2×2)
    shows the figures a run prints: states and distinct states."""
    import json
    import re
    from pathlib import Path

    from setmine.cli import main

    page = (Path(__file__).resolve().parents[2] / "docs" / "verification.md").read_text("utf-8")
    shown = re.search(r'"states": ([0-9]+), "distinct": ([0-9]+)', page)
    assert main(["verify", "--spec", "spec/saper-corrected.rsl", "--shapes", "2x2",
                 "--json"]) == 0
    ran = json.loads(capsys.readouterr().out)
    assert (ran["states"], ran["distinct"]) == (int(shown[1]), int(shown[2]))


def test_the_properties_keep_the_order_of_the_command_line(capsys):
    import json

    from setmine.cli import main

    assert main(["verify", "--shapes", "1x3", "--property", "observable", "--assert",
                 "card(D15) ≥ 1", "--property", "axioms", "--json"]) in (0, 1)
    names = [p["name"] for p in json.loads(capsys.readouterr().out)["properties"]]
    assert names == ["observable", "card(D15) ≥ 1", "axioms"]
