"""`setmine play`: the JSON output, seeds, --jobs, options and errors."""

import json

import pytest

from setmine.cli import main


def play_json(capsys, *argv):
    code = main(["play", *argv, "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return json.loads(captured.out)


def test_json_output(capsys):
    out = play_json(capsys, "--games", "20", "--policy", "least", "--seed", "3")
    assert out["policy"] == "least" and out["games"] == 20
    assert (out["cols"], out["rows"], out["mines"]) == (9, 9, 10)
    assert out["first_click"] == "safe" and out["topology"] == "square" and out["cascade"]
    assert 0 <= out["wins"] <= 20 and out["win_rate"] == out["wins"] / 20
    low, high = out["ci95"]
    assert 0 <= low <= out["win_rate"] <= high <= 1
    assert out["guesses_per_game"] >= 0 and out["seconds_per_game"] > 0
    assert out["moves_per_game"] >= 1


def _stable(out):
    return {k: v for k, v in out.items()
            if k not in ("seconds_per_game", "wall_seconds", "jobs", "workers", "scheduler")}


def test_jobs_and_seeds(capsys):
    one = play_json(capsys, "--games", "30", "--policy", "least", "--seed", "5")
    two = play_json(capsys, "--games", "30", "--policy", "least", "--seed", "5", "--jobs", "2")
    assert _stable(one) == _stable(two)
    again = play_json(capsys, "--games", "30", "--policy", "least", "--seed", "5")
    assert _stable(one) == _stable(again)


def test_levels_rules_and_topologies(capsys):
    out = play_json(capsys, "--level", "8x6x7", "--games", "5", "--policy", "best",
                    "--first-click", "zero", "--topology", "torus")
    assert (out["cols"], out["rows"], out["mines"], out["topology"]) == (8, 6, 7, "torus")
    out = play_json(capsys, "--level", "7x7x6", "--games", "5", "--policy", "french",
                    "--first-click", "unsafe", "--topology", "hex", "--no-cascade")
    assert out["topology"] == "hex" and out["cascade"] is False
    out = play_json(capsys, "--level", "intermediate", "--games", "2", "--policy", "course")
    assert (out["cols"], out["rows"], out["mines"]) == (16, 16, 40)


def test_a_graph_board(capsys, tmp_path):
    ring = tmp_path / "ring.json"
    ring.write_text(json.dumps({
        "cells": [[0, i] for i in range(8)],
        "neighbours": [[i, (i + 1) % 8] for i in range(8)],
        "mines": [[0, 3], [0, 6]]}), encoding="utf-8")
    out = play_json(capsys, "--board", str(ring), "--games", "10")
    assert out["topology"] == "graph" and out["mines"] == 2 and out["games"] == 10


def test_text_output(capsys):
    assert main(["play", "--games", "10", "--policy", "least"]) == 0
    out = capsys.readouterr().out
    assert "won " in out and "95% CI" in out and "Wilson" in out
    assert "guesses per game" in out and "ms per game" in out


@pytest.mark.parametrize("argv, words", [
    (["--policy", "nobody"], "unknown policy 'nobody'"),
    (["--level", "huge"], "unknown level"),
    (["--level", "3x3x9"], "do not fit"),
    (["--level", "3x3x1", "--first-click", "zero"], "do not fit"),
    (["--games", "0"], "--games"),
    (["--jobs", "0"], "--jobs"),
    (["--workers", "0"], "--workers"),
    (["--workers", "2", "--jobs", "2"], "--jobs and --workers exclude each other"),
    (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"],
     "--workers and --scheduler exclude each other"),
    (["--scheduler", "tcp://127.0.0.1:1", "--jobs", "3"], "--jobs and --scheduler exclude"),
    (["--checkpoint", "run.ckpt", "--jobs", "2"], "--checkpoint does not go with --jobs"),
    (["--scheduler", "nonsense"], "'nonsense' is not a scheduler address"),
    (["--scheduler", ""], "'' is not a scheduler address"),
    (["--scheduler", "tcp://127.0.0.1:1"], "tcp://127.0.0.1:1: connection refused"),
    (["--checkpoint", "no-such-folder/run.ckpt"], "folder no-such-folder does not exist"),
])
def test_errors(capsys, argv, words):
    code = main(["play", *argv])
    err = capsys.readouterr().err
    assert code == 2 and words in err and "Traceback" not in err
    assert err.count("\n") == 1 or err.startswith("usage:")


def test_a_local_dask_cluster(capsys):
    # the schema player: a policy the workers must register themselves
    argv = ["--games", "6", "--policy", "schema", "--level", "5x5x3", "--seed", "4"]
    one = play_json(capsys, *argv)
    cluster = play_json(capsys, *argv, "--workers", "2")
    assert cluster["workers"] == 2 and _stable(one) == _stable(cluster)


def test_a_checkpoint_resumes_a_campaign(capsys, tmp_path):
    path = tmp_path / "play.ckpt"
    argv = ["--games", "40", "--policy", "least", "--seed", "6", "--checkpoint", str(path)]
    whole = play_json(capsys, *argv)
    assert _stable(whole) == _stable(play_json(capsys, *argv[:-2]))
    again = play_json(capsys, *argv)  # nothing left to play: every game read back
    assert again == {**whole, "wall_seconds": again["wall_seconds"]}
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:12]) + "\n" + lines[12][:30])  # a stop, mid-write
    resumed = play_json(capsys, *argv)
    assert _stable(resumed) == _stable(whole)
    assert len(path.read_text().splitlines()) == len(lines)
    code = main(["play", *argv[:-3], "7", "--checkpoint", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and "belongs to another run (seed: 6 there, 7 here)" in err


def test_a_missing_board_file(capsys, tmp_path):
    code = main(["play", "--board", str(tmp_path / "none.json")])
    err = capsys.readouterr().err
    assert code == 2 and "none.json" in err
