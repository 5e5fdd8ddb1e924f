"""Every formula a message suggests is one that type-checks: the call a
function's message offers is run as written."""

from __future__ import annotations

import re

from setmine.cli import main

SCHEMA = """X1

S1 ::= ℬ(X1×X1)

S3 ::= ℬ(X1)

F1 :== [a ∈ ℬ(X1)] X1 \\ a

F2 :== [a ∈ ℬ(X1×X1), b ∈ ℬ(ℬ(X1))] a

D1 :== X1 \\ S3
"""


def test_a_function_named_alone_gets_a_call_that_runs(capsys, tmp_path):
    spec = tmp_path / "f.rsl"
    spec.write_text(SCHEMA, encoding="utf-8")
    board = "spec/boards/tiny-2x2.board"
    assert main(["eval", board, "--spec", str(spec), "--term", "F1"]) == 2
    hint = re.search(r"--term '([^']+)'", capsys.readouterr().err)
    assert hint and hint.group(1) == "F1[X1]"
    assert main(["eval", board, "--spec", str(spec), "--term", hint.group(1)]) == 0
    capsys.readouterr()
    assert main(["eval", board, "--spec", str(spec), "--term", "F2"]) == 2
    err = capsys.readouterr().err
    assert "arguments of types ℬ(X1×X1), ℬℬ(X1)" in err and "'" not in err.split(":", 2)[2]


def test_play_and_report_game_each_say_whose_policy_they_play(capsys, tmp_path):
    """play defaults to the solver's best policy, report --game to the
    schema playing itself: each says which it played and how to get the other."""
    assert main(["play", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert any(line.startswith("best ·") for line in out.splitlines())
    assert "--policy schema plays the schema" in " ".join(out.split())
    assert main(["report", "--game", "--seed", "1", "-o", str(tmp_path / "g.html")]) == 0
    assert "policy schema (the default: the schema plays itself)" in capsys.readouterr().out


def test_a_term_that_does_not_parse_is_shown_with_a_caret(capsys):
    assert main(["eval", "spec/boards/tiny-2x2.board", "--term", r"D18 \cap D8"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert "write \\intersect" in lines[0]
    assert lines[1:] == [r"D18 \cap D8", " " * 9 + "^^"]
