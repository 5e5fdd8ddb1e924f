"""Issue 11, the commands' part: solve, play, defects, observe, crosscheck and
the schema player answer any input with a result or a clear error (exit 2,
what and where, no traceback), exit codes that tell the truth, progress on a
terminal only, and headers that name the schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from setmine import resources
from setmine.cli import main

BOARDS = resources.BOARD_DIR
MIDGAME = str(BOARDS / "beginner-midgame.board")
TINY = str(BOARDS / "tiny-2x2.board")
STRUCTURE = "X1\n\nS1 ::= ℬ(X₁×X₁)\n\nS2 ::= ℬ(X₁)\n\nS3 ::= ℬ(X₁)\n\nS4 ::= ℬ(X₁)\n\n"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def closed_board(tmp_path, rows: int, cols: int, mines: int) -> str:
    lines = [f"mines: {mines}"] + [" ".join("?" * cols) for _ in range(rows)]
    return write(tmp_path, f"closed-{rows}x{cols}.board", "\n".join(lines) + "\n")


# ---------------------------------------------------------------------------
# A6: solve prints exact numbers past a float's range


def test_a6_solve_past_float_range(capsys, tmp_path):
    board = closed_board(tmp_path, 30, 40, 600)            # C(1200, 600) ≈ 4e359 placements
    code, out, _ = run(capsys, "solve", board)
    assert code == 0
    assert "consistent placements: 3.965096…×10^359 (360 digits; exact: --json)" in out
    assert "p = 1/2 ≈ 0.5000" in out
    code, out, _ = run(capsys, "solve", board, "--json")
    data = json.loads(out)
    from math import comb
    assert int(data["total"]) == comb(1200, 600)
    assert data["probabilities"]["0,0"] == "1/2"


def test_a6_solve_past_pythons_digit_limit():
    """Counts of more than 4300 digits (a 120×120 board) print exactly."""
    from setmine.cli.solve import contract, count_text, probability_text
    from fractions import Fraction

    total = 3 * 10 ** 5000 + 1
    result = {"total": total, "count": {(0, 0): total // 3, (0, 1): 0}, "closed": [(0, 0), (0, 1)],
              "safe": [(0, 1)], "mines": [], "least": [(0, 1)]}
    data = contract(result)
    assert len(data["total"]) == 5001 and data["total"].startswith("3000") \
        and data["total"].endswith("0001")
    assert data["probabilities"]["0,0"].count("/") == 1
    assert count_text(total) == "3.000000…×10^5000 (5001 digits; exact: --json)"
    assert probability_text(Fraction(total // 3, total)) == "≈ 0.3333 (exact: --json)"


# ---------------------------------------------------------------------------
# A8: the schema player names what the schema lacks, before any game


def test_a8_schema_player_without_d11(capsys, tmp_path):
    spec = write(tmp_path, "no-d11.rsl", STRUCTURE + "D18 :== Pr₁(S₁)\n")
    code, out, err = run(capsys, "play", "--policy", "schema", "--spec", spec, "--games", "1")
    assert code == 2 and out == ""
    assert "no-d11.rsl: cannot play this schema: no constituent D11" in err
    assert "the player reads D11 as the cells surely free of mines" in err


def test_a8_schema_player_with_a_mistyped_term(capsys, tmp_path):
    spec = write(tmp_path, "odd.rsl", STRUCTURE + "D11 :== S₁\n\nD18 :== Pr₁(S₁)\n")
    code, _, err = run(capsys, "play", "--policy", "schema", "--spec", spec, "--games", "1")
    assert code == 2 and "D11 is typed ℬ(X1×X1), not ℬ(X1)" in err


# ---------------------------------------------------------------------------
# A9: sizes bounded up front, with the bound and why


@pytest.mark.parametrize("level, words", [
    ("3000x3000x10", "a board of 9,000,000 cells is too large to play: at most 40,000"),
    ("99999999999x3x3", "too large (a game is played on at most 40,000 cells)"),
], ids=["huge-level", "level-past-int-limit"])
def test_a9_play_sizes(capsys, level, words):
    code, _, err = run(capsys, "play", "--level", level)
    assert code == 2 and words in err and "setmine play:" in err


@pytest.mark.parametrize("cells", ["600", "1", "13"], ids=["600", "1", "13"])
def test_a9_defects_max_cells(capsys, cells):
    code, _, err = run(capsys, "defects", "--max-cells", cells)
    assert code == 2
    assert f"--max-cells must be between 2 and 12, got {cells}" in err
    assert "3^n − 2^n" in err


# ---------------------------------------------------------------------------
# A10: exit codes that tell the truth


def test_a10_defects_that_searched_nothing(capsys):
    code, out, err = run(capsys, "defects", "--budget", "0.000001", "--max-cells", "2",
                         "--examples", "0")
    assert code == 2 and "own defects: none" not in out
    assert "no position was examined" in err and "--budget" in err


def test_a10_crosscheck_that_checked_nothing(capsys, tmp_path):
    spec = write(tmp_path, "no-notions.rsl", STRUCTURE + "D99 :== S₂ ∩ S₃\n")
    code, out, err = run(capsys, "crosscheck", MIDGAME, "--spec", spec)
    assert code == 2 and "0 agree" in out
    assert "nothing was checked" in err and "no reference notion" in err and "D15" in err


def test_a10_crosscheck_says_when_it_compared_sizes_only(capsys):
    from setmine.crosscheck.compare import compare
    from setmine.crosscheck.reference import Family

    family = Family(size=10 ** 6, test=lambda x: True, listing=lambda: [])
    verdict = compare("D15", family, family)
    assert verdict.agree and "by size" in verdict.partial
    code, out, _ = run(capsys, "crosscheck", TINY, "--spec", str(resources.CORRECTED_SCHEMA))
    assert code == 0 and "compared only partly" not in out      # a tiny board: all compared
    code, out, _ = run(capsys, "crosscheck", TINY, "--spec", str(resources.CORRECTED_SCHEMA),
                       "--json")
    assert json.loads(out)["partial"] == [] and json.loads(out)["checked"] == 27


# ---------------------------------------------------------------------------
# B7: progress on a terminal, never with --json or in a pipe


class Recorder:
    """Stands in for progress_bar: records whether it was enabled and the updates."""

    def __init__(self):
        self.enabled, self.updates = [], []

    def __call__(self, total, label, enabled):
        self.enabled.append(enabled)
        recorder = self

        class Bar:
            def __enter__(self):
                return lambda **kw: recorder.updates.append(kw)

            def __exit__(self, *exc):
                return False
        return Bar()


@pytest.mark.parametrize("command, argv", [
    ("observe", ["observe", TINY, "--placements", "2"]),
    ("defects", ["defects", "--max-cells", "2", "--examples", "0"]),
], ids=["observe", "defects"])
def test_b7_progress_on_a_terminal_only(capsys, monkeypatch, command, argv):
    import importlib
    import sys

    module = importlib.import_module(f"setmine.cli.{command}")
    recorder = Recorder()
    monkeypatch.setattr(module, "progress_bar", recorder)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    run(capsys, *argv)
    assert recorder.enabled == [True] and recorder.updates
    run(capsys, *argv, "--json")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    run(capsys, *argv)
    assert recorder.enabled == [True, False, False]


# ---------------------------------------------------------------------------
# B1: the schema named in the text header and the JSON


@pytest.mark.parametrize("argv", [
    ["observe", TINY, "--placements", "2"],
    ["crosscheck", TINY],
    ["defects", "--max-cells", "2", "--examples", "0"],
    ["play", "--policy", "schema", "--games", "1"],
], ids=["observe", "crosscheck", "defects", "play"])
def test_b1_schema_named(capsys, argv):
    expected = "spec/saper-corrected.rsl" if "play" in argv else "spec/saper.rsl"
    _, out, _ = run(capsys, *argv)
    assert out.startswith(f"schema: {expected}\n")
    _, out, _ = run(capsys, *argv, "--json")
    assert json.loads(out)["schema"] == expected


def test_b1_play_without_a_schema_says_so(capsys):
    _, out, _ = run(capsys, "play", "--policy", "least", "--games", "1")
    assert out.startswith("schema: none (the least policy is the solver's")
    _, out, _ = run(capsys, "play", "--policy", "least", "--games", "1", "--json")
    assert json.loads(out)["schema"] is None


# ---------------------------------------------------------------------------
# B4: JSON of one shape, seeds as numbers, values encoded as values


def test_b4_play_seed_is_a_number(capsys):
    _, out, _ = run(capsys, "play", "--policy", "least", "--games", "2", "--seed", "7", "--json")
    assert json.loads(out)["seed"] == 7
    code, _, err = run_error(capsys, "play", "--seed", "abc")
    assert code == 2 and "--seed" in err


def run_error(capsys, *argv):
    """A usage error: main returns argparse's status 2 (it does not exit)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_b4_defects_json_is_the_shape_of_docs_defects_json(capsys, tmp_path):
    written = tmp_path / "found.json"
    _, out, _ = run(capsys, "defects", "--max-cells", "2", "--examples", "0", "--json",
                    "--write", str(written))
    printed = json.loads(out)
    committed = json.loads(resources.DEFECTS.read_text(encoding="utf-8"))
    assert printed == json.loads(written.read_text(encoding="utf-8"))
    assert set(printed) == set(committed)
    assert set(printed["findings"][0]) == set(committed["findings"][0])
    value = printed["findings"][0]["value"]
    assert isinstance(value, dict) and "card" in value           # a value, not a reading
    assert isinstance(printed["findings"][0]["value_text"], str)


def test_b4_observe_and_crosscheck_encode_values(capsys):
    _, out, _ = run(capsys, "observe", TINY, "--json")
    changing = [t for t in json.loads(out)["terms"] if t["changes"]]
    assert changing and all(isinstance(v, dict) for v in changing[0]["values"])
    _, out, _ = run(capsys, "crosscheck", TINY, "--json")
    row = next(r for r in json.loads(out)["rows"] if r["alias"] == "D11")
    assert isinstance(row["value"], dict) and isinstance(row["value_text"], str)


# ---------------------------------------------------------------------------
# B9: words that say what they mean


def test_b9_solve_least_likely_not_best(capsys):
    _, out, _ = run(capsys, "solve", MIDGAME)
    assert "least likely to be a mine (p = 0, 25)" in out
    assert "best move" not in out and "safest" not in out


def test_b9_solve_legend_only_of_drawn_glyphs(capsys, tmp_path):
    _, out, _ = run(capsys, "solve", MIDGAME)                  # sure-safe cells: no ■ drawn
    legend = next(line for line in out.splitlines() if "sure safe   " in line)
    assert "■" not in out and "least likely" not in legend
    board = write(tmp_path, "ff.board", "mines: 1\n? ?\n1 1\n")
    _, out, _ = run(capsys, "solve", board)
    assert "■ least likely to be a mine" in out and "o sure safe" not in out


def test_b9_solve_pick(capsys):
    _, out, _ = run(capsys, "solve", MIDGAME, "--pick")
    assert "the best policy opens: 0,7 (p = 0)" in out and "@ the best policy's pick" in out
    _, out, _ = run(capsys, "solve", MIDGAME, "--pick", "--json")
    assert json.loads(out)["pick"] == "0,7"


def test_b9_play_board_with_level(capsys):
    code, _, err = run(capsys, "play", "--board", TINY, "--level", "expert")
    assert code == 2 and "--board and --level exclude each other" in err


def test_b9_play_unknown_policy_lists_schema(capsys):
    code, _, err = run(capsys, "play", "--policy", "smart")
    assert code == 2 and "unknown policy 'smart'" in err and "schema" in err.split("expected")[1]
