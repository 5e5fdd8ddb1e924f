"""Every command runs under a memory and a time limit; nonsense limits are
usage errors; budget messages blame the sub-term that spent the budget and
name only options that raise it (issue 11: A9, A11, B9).

The limits are tested by limits that trip, never by timings.  A command
with a small memory limit runs in its own process (the limit is the
process's address space)."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine import __version__
from setmine.cli import main
from setmine.cli.argtypes import (jobs_count, memory_size, nonnegative_int, positive_int,
                                  positive_seconds)
from setmine.cli.limits import TimeLimit, limited

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "spec" / "boards"
SAPER = ROOT / "spec" / "saper.rsl"
HEADER = "X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\nS4 ::= ℬ(X1)\n"


def setmine(*args: str, timeout: float = 100) -> subprocess.CompletedProcess:
    """The command in a process of its own (its limits are the process's)."""
    code = "import sys; from setmine.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


def schema(tmp_path, text: str) -> str:
    path = tmp_path / "terms.rsl"
    path.write_text(HEADER + text, encoding="utf-8")
    return str(path)


# -- memory

def test_a_memory_limit_trips_in_the_evaluator_and_names_the_sub_term(tmp_path):
    spec = schema(tmp_path, "D1 :== {t ∈ X1×X1×X1 | pr1(t) ≠ pr2(t) & pr2(t) ≠ pr3(t)}\n")
    done = setmine("eval", str(BOARDS / "beginner-midgame.board"), "--spec", spec, "--json",
                   "--max-candidates", "8000000", "--max-memory", "70M")
    error = json.loads(done.stdout)["errors"]["D1"]
    assert error["code"] == "memoryLimit"
    assert "D{t∈X1×X1×X1 | " in error["message"] and "(cardinality 531441)" in error["message"]
    assert "more than 70M of memory" in error["message"]   # D1's candidates take ~50M
    assert "raise it with --max-memory" in error["message"]


def test_out_of_memory_outside_the_evaluator_is_a_clear_error():
    """Solving a 200×200 game charges no budget: the address-space limit
    stops it, and the MemoryError is a message, not a traceback."""
    done = setmine("play", "--level", "200x200x4000", "--games", "1", "--max-memory", "64M")
    assert done.returncode == 2
    assert done.stderr.startswith("setmine play: out of memory, in setmine.")
    assert "the limit is 64M per process; raise it with --max-memory" in done.stderr
    assert "Traceback" not in done.stderr


# -- time

def test_the_whole_command_time_limit_trips_with_a_clear_error():
    done = setmine("play", "--games", "1000000", "--timeout", "0.5")
    assert done.returncode == 2
    assert done.stderr.startswith("setmine play: stopped after 0.5 s (the limit of the whole "
                                  "command; raise it with --timeout), in setmine.")
    assert "Traceback" not in done.stderr


def test_the_time_limit_ends_worker_processes_quietly():
    done = setmine("play", "--games", "1000000", "--jobs", "2", "--timeout", "1")
    assert done.returncode == 2
    assert "stopped after 1 s" in done.stderr
    assert "Traceback" not in done.stderr and "ForkPoolWorker" not in done.stderr


def test_the_timer_raises_past_any_except_exception_and_is_removed_after():
    with pytest.raises(TimeLimit) as caught:
        with limited(None, 0.01):
            while True:
                try:
                    sum(range(1000))
                except Exception:  # a handler on the way does not swallow it
                    pass
    assert caught.value.seconds == 0.01
    with limited(None, 100):
        pass  # and a later command starts with no timer left over


# -- nonsense limits: usage errors, exit 2, saying what is accepted

BOARD = str(BOARDS / "tiny-2x2.board")
NONSENSE = [
    (["eval", BOARD], "--max-seconds", "nan", "above 0"),
    (["eval", BOARD], "--max-seconds", "inf", "at most 1,000,000,000"),
    (["eval", BOARD], "--max-seconds", "-1", "above 0"),
    (["eval", BOARD], "--max-seconds", "0", "above 0"),
    (["eval", BOARD], "--max-candidates", "0", "at least 1"),
    (["eval", BOARD], "--max-candidates", "-5", "at least 1"),
    (["eval", BOARD], "--max-candidates", "1e6", "a whole number"),
    (["eval", BOARD], "--max-candidates", "9" * 5000, "at most 30 digits"),
    (["eval", BOARD], "--list", "-1", "at least 0"),
    (["eval", BOARD], "--mines", "-3", "at least 0"),
    (["check", BOARD], "--max-memory", "lots", "a size such as 800M or 2G"),
    (["check", BOARD], "--max-memory", "0", "between 16M"),
    (["check", BOARD], "--max-memory", "-1G", "a size such as 800M or 2G"),
    (["explain", BOARD, "D8"], "--max-memory", "9999T", "and 1024T"),
    (["spec"], "--timeout", "0", "above 0"),
    (["spec"], "--timeout", "nan", "above 0"),
    (["solve", BOARD], "--mines", "-1", "at least 0"),
    (["play"], "--jobs", "0", "at least 1"),
    (["play"], "--jobs", "100000", "at most 64"),
    (["play"], "--games", "0", "at least 1"),
    (["observe", BOARD], "--placements", "0", "at least 1"),
    (["crosscheck", BOARD], "--max-seconds", "-0.5", "above 0"),
    (["defects"], "--budget", "nan", "above 0"),
    (["defects"], "--max-cells", "0", "at least 1"),
    (["defects"], "--examples", "-1", "at least 0"),
]


@pytest.mark.parametrize("command, option, value, accepted", NONSENSE,
                         ids=[f"{c[0]} {o} {v[:8]}" for c, o, v, _ in NONSENSE])
def test_a_nonsense_limit_is_a_usage_error(capsys, command, option, value, accepted):
    assert main([*command, f"{option}={value}"]) == 2
    err = capsys.readouterr().err
    assert f"argument {option}: expected" in err and accepted in err
    assert len(err) < 2000  # a long value is not echoed whole


# -- budget messages (A11)

def test_a_cumulative_budget_blames_the_sub_term_that_spent_it(capsys):
    """D15's budget tips over at a cheap red(pr2(c)); the candidates went
    to the ∃ repeated for each c."""
    main(["eval", str(BOARDS / "expert-midgame.board"), "--spec", str(SAPER), "--json",
          "--term", "D15", "--max-candidates", "10000"])
    message = json.loads(capsys.readouterr().out)["errors"]["D15"]["message"]
    assert message.startswith("enumeration of candidates of ∃d∈D6 c·f≠pr1(d) (cardinality up to ")
    assert re.search(r"took [\d,]+ of the 10,\d{3} candidates enumerated", message)   # just past
    assert message.endswith(" enumerations of it; D15 needs more than 10,000 candidates "
                            "(raise it with --max-candidates)")
    assert "red of pr2(c)" not in message


def test_a_set_interval_names_what_it_enumerates_and_its_size(tmp_path, capsys):
    """The ∃ over ℬ(ℬ(X1)) lists the members of ℬ(X1) (2^81 of them) to
    draw its candidates: that is what the size is of, and the message says so."""
    spec = schema(tmp_path, "A1 :== ∃b ∈ ℬ(ℬ(X1)) (card(b) = 3 & S3 ∈ b)\n")
    main(["eval", str(BOARDS / "beginner-midgame.board"), "--spec", spec, "--json",
          "--max-candidates", "1000"])
    message = json.loads(capsys.readouterr().out)["errors"]["A1"]["message"]
    assert message == ("∃ witness of the set its candidates draw their elements from, in "
                       "∃b∈ℬ(ℬ(X1)) (card(b)=3 & S3∈b) (cardinality 2417851639229258349412352) "
                       "needs more than 1,000 candidates (raise it with --max-candidates)")


def test_a_listed_lazy_set_is_named_by_its_formula(tmp_path):
    """Listing a term's value outside the evaluator (as printing does)
    names the formula it came from, not "a set"; and a budget that no
    option raises does not point to one."""
    from setmine.board import load_board
    from setmine.board.structure import structure
    from setmine.eval.interpret.evaluator import Evaluator
    from setmine.eval.values.budget import Budget, BudgetExceeded
    from setmine.eval.values.sets import LazySet, members
    from setmine.rsl.schema import Schema

    spec = schema(tmp_path, "D1 :== {b ∈ ℬ(X1) | card(b) = 4 & card(b ∩ S2) ≠ card(b ∩ S3)}\n")
    data = structure(load_board(str(BOARDS / "beginner-midgame.board")))
    value = Evaluator(data).value(Schema.load(spec).tree("D1"))
    assert isinstance(value, LazySet)
    with pytest.raises(BudgetExceeded) as caught:
        list(members(value, Budget(max_elements=1000)))
    assert "of D{b∈ℬ(X1) | card(b)=4 & " in caught.value.message
    assert "raise it" not in caught.value.message


# -- B9: --version, bare setmine

def test_version_is_the_package_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"setmine {__version__}"


def test_bare_setmine_prints_the_help(capsys):
    assert main([]) == 2
    out = capsys.readouterr().out
    assert out.startswith("usage: setmine") and "eval" in out and "--version" in out


def test_every_command_states_its_limits_in_help(capsys):
    for command in ("spec", "eval", "solve", "play", "defects"):
        assert main([command, "--help"]) == 0
        out = " ".join(capsys.readouterr().out.split())
        assert "--max-memory SIZE" in out and "(default " in out and "--timeout S" in out


NUMBERS = r"-?[0-9]{1,40}(\.[0-9]*)?[eE]?[0-9]?[KMGTkmgt]?i?B?"


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=12), st.from_regex(NUMBERS, fullmatch=True)))
def test_any_text_is_a_valid_limit_or_says_what_is_accepted(text):
    for accept in (positive_int, nonnegative_int, jobs_count, positive_seconds, memory_size):
        try:
            value = accept(text)
        except argparse.ArgumentTypeError as exc:
            assert str(exc).startswith("expected ") and len(str(exc)) < 200
            continue
        assert value == value and value >= 0  # no nan, nothing negative
        if accept is positive_seconds:
            assert 0 < value <= 10 ** 9
        elif accept is memory_size:
            assert isinstance(value, int) and value >= 16 * 2 ** 20
        else:
            assert isinstance(value, int)


def test_a_board_too_large_for_the_memory_budget_is_refused_before_it_is_built(tmp_path):
    """Its size is known once it is read: refused with the estimate, before
    the neighbour relation is built (a 2000×2000 board ran out of memory
    after 152 s)."""
    board = tmp_path / "wide.board"
    board.write_text("mines: 0\n" + "\n".join(["." * 300] * 300) + "\n", encoding="utf-8")
    done = setmine("eval", str(board), "--max-memory", "64M")
    assert done.returncode == 2
    assert "the board has 90,000 cells" in done.stderr and "720,000 pairs" in done.stderr
    assert "raise --max-memory" in done.stderr and "Traceback" not in done.stderr


def test_a_board_file_too_large_is_refused_as_its_size_is_read(tmp_path, monkeypatch, capsys):
    """Before the board is built at all (a 2000×2000 board took 30 s to
    build before its size was checked): the grid readers and the JSON
    reader stop at ``max_cells`` with its rows and columns."""
    import json

    from setmine.board import load_board
    from setmine.board.board import BoardTooLarge
    from setmine.board.files import gridload
    from setmine.cli import main

    grid = tmp_path / "wide.board"
    grid.write_text("mines: 0\n" + "\n".join(["." * 300] * 300) + "\n", encoding="utf-8")
    graph = tmp_path / "wide.json"
    graph.write_text(json.dumps({"cells": [[0, i] for i in range(50)],
                                 "neighbours": [[i, i + 1] for i in range(49)]}))
    for path, cells in ((grid, 90_000), (graph, 50)):
        with pytest.raises(BoardTooLarge) as caught:
            load_board(path, max_cells=cells - 1)
        assert caught.value.cells == cells
    assert len(load_board(graph, max_cells=50).cells) == 50

    def built(*_):
        raise AssertionError("the board was built")
    monkeypatch.setattr(gridload, "_whole_rows", built)
    monkeypatch.setattr(gridload, "assemble", built)
    assert main(["eval", str(grid), "--max-memory", "64M"]) == 2
    err = capsys.readouterr().err
    assert "the board has 90,000 cells" in err and "up to 720,000 pairs" in err
