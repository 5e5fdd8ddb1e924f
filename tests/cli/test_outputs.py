"""A command never writes over its own input: `report -o` onto the board it
draws, `export -o` onto the file it reads, `verify --write-model` onto the
schema — each refused before any work, the file left as it was."""

from __future__ import annotations

import shutil

import pytest

from setmine import resources
from setmine.cli import main


def test_an_output_onto_an_input_is_refused(capsys, tmp_path):
    board = tmp_path / "tiny.board"
    shutil.copy(resources.board_file("tiny-2x2"), board)
    schema = tmp_path / "graphs.rsl"
    schema.write_text("X1\nS1 ::= ℬ(X1×X1)\n", encoding="utf-8")
    before = board.read_bytes(), schema.read_bytes()
    for argv in (["report", str(board), "-o", str(board)],
                 ["export", str(board), "-o", str(board)],
                 ["verify", "--spec", str(schema), "--scope", "models", "--sizes", "X1<=1",
                  "--write-model", str(schema)]):
        assert main(argv) == 2
        assert "the command's own input" in capsys.readouterr().err
    assert (board.read_bytes(), schema.read_bytes()) == before


def test_an_output_the_system_refuses_is_named_not_raised(capsys, tmp_path):
    """A name longer than the system takes (found by the fuzz test: `verify
    --report 999…9`) is a plain refusal, before the work, for every option
    that writes."""
    board = tmp_path / "tiny.board"
    shutil.copy(resources.board_file("tiny-2x2"), board)
    too_long = str(tmp_path / ("9" * 3000))
    for argv in (["verify", "--shapes", "1x3", "--report", too_long],
                 ["report", str(board), "-o", too_long],
                 ["import", str(resources.WRITTEN_SCHEMA), "-o", too_long]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert "File name too long" in err and "(3" in err and "characters)" in err, err
        assert "Traceback" not in err


def test_an_unwritable_target_is_refused_before_the_work(capsys, tmp_path, monkeypatch):
    """repair --apply -o onto a file the user may not write: refused before
    the search (issue 37: it failed only after it).  Tests run as root here,
    so the system's answer is stood in for."""
    import os

    from setmine.cli import repair as repair_command

    def no_search(*args, **kwargs):
        raise AssertionError("the search ran before the target was checked")
    monkeypatch.setattr(repair_command, "repair", no_search)
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    code = main(["repair", "D14", "--apply", "-o", str(tmp_path / "fixed.rsl")])
    assert code == 2 and "permission denied" in capsys.readouterr().err


def test_workers_are_bounded_by_the_machine(capsys):
    import os

    for command in (["verify", "--shapes", "2x2"], ["play", "beginner", "--games", "2"]):
        assert main([*command, "--workers", "100000"]) == 2
        err = capsys.readouterr().err
        assert f"at most {4 * (os.cpu_count() or 1)} worker processes" in err


@pytest.mark.parametrize("command", [["eval", "spec/boards/beginner-midgame.board"], ["spec"],
                                     ["solve", "spec/boards/beginner-midgame.board"]])
def test_a_reader_gone_away_ends_quietly_with_141(command):
    """`setmine … | head`: the pipe closed before the command writes (here,
    closed before it starts: no race) ends it with 128 + SIGPIPE and no
    traceback — not 1, which says an axiom is false (issue 37)."""
    import os
    import subprocess
    import sys

    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-c", "import sys; from setmine.cli import main; "
                               "sys.exit(main(sys.argv[1:]))", *command],
                              stdout=write, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)
    assert done.returncode == 141, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
