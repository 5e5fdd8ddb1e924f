"""Every command on every shipped board with both shipped schemas, in text
and in JSON: an answer or a clear verdict, never a traceback (issue 11).
(``eval`` and ``check`` are run the same way in ``test_output.py``.)

Each run goes through ``setmine.cli.main`` as a user's command line would.
An exit status is 0 (all is well), 1 (a verdict the user should look at:
a false axiom, a term that disagrees) or 2 (bad input, said plainly); the
output never holds a Python traceback, and ``--json`` is one JSON document.
"""

from __future__ import annotations

import json

import pytest

from setmine import resources
from setmine.cli import main
from setmine.rsl.schema import Schema

SCHEMAS = {"written": resources.WRITTEN_SCHEMA, "corrected": resources.CORRECTED_SCHEMA}
BOARDS = {p.stem: p for p in resources.shipped_boards()}
LARGE = {"expert-midgame", "view-expert-midgame", "beginner-start"}


def _board_params():
    for name, path in BOARDS.items():
        marks = [pytest.mark.slow] if name in LARGE else []
        yield pytest.param(path, id=name, marks=marks)


def run(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err, err[-2000:]
    return code, out, err


@pytest.mark.parametrize("json_mode", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("schema", list(SCHEMAS), ids=list(SCHEMAS))
@pytest.mark.parametrize("command", ["crosscheck", "observe"])
@pytest.mark.parametrize("board", list(_board_params()))
def test_board_commands(capsys, board, command, schema, json_mode):
    argv = [command, board, "--spec", SCHEMAS[schema]] + (["--json"] if json_mode else [])
    if command == "observe":
        argv += ["--placements", "2"]   # each placement is a whole evaluation
    code, out, err = run(capsys, argv)
    assert code in (0, 1), err
    if json_mode:
        document = json.loads(out)
        assert document["schema"] == f"spec/{SCHEMAS[schema].name}"
    else:
        assert f"spec/{SCHEMAS[schema].name}" in out


@pytest.mark.parametrize("schema", list(SCHEMAS), ids=list(SCHEMAS))
@pytest.mark.parametrize("board", list(_board_params()))
def test_explain_every_term(capsys, board, schema):
    """``explain`` of the move's term and of an axiom, with and without a cell."""
    for args in (["D18"], ["A6"], ["D15"], ["D8", "0,0"]):
        for json_mode in (False, True):
            code, out, err = run(capsys, ["explain", board, *args, "--spec", SCHEMAS[schema]]
                                 + (["--json"] if json_mode else []))
            assert code in (0, 1, 2), err
            if code == 2:
                assert err.startswith("setmine explain: "), err
            elif json_mode:
                assert json.loads(out)["schema"] == f"spec/{SCHEMAS[schema].name}"


@pytest.mark.parametrize("json_mode", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("board", list(_board_params()))
def test_solve(capsys, board, json_mode):
    code, out, err = run(capsys, ["solve", board] + (["--json"] if json_mode else []))
    assert code == 0, err
    if json_mode:
        json.loads(out)


@pytest.mark.parametrize("json_mode", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("schema", list(SCHEMAS), ids=list(SCHEMAS))
def test_spec(capsys, schema, json_mode):
    code, out, err = run(capsys, ["spec", SCHEMAS[schema]] + (["--json"] if json_mode else []))
    assert code == 0, err
    if json_mode:
        json.loads(out)


@pytest.mark.parametrize("json_mode", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("schema", list(SCHEMAS), ids=list(SCHEMAS))
def test_play_schema(capsys, schema, json_mode):
    code, out, err = run(capsys, ["play", "--policy", "schema", "--spec", SCHEMAS[schema],
                                  "--games", "1", "--level", "4x4x2"]
                         + (["--json"] if json_mode else []))
    assert code == 0, err
    if json_mode:
        assert json.loads(out)["schema"] == f"spec/{SCHEMAS[schema].name}"


@pytest.mark.parametrize("schema", list(SCHEMAS), ids=list(SCHEMAS))
@pytest.mark.parametrize("board", list(_board_params()))
def test_report_on_every_board(capsys, tmp_path, board, schema):
    """``report``: one page, a section per constituent, said where it went."""
    out = tmp_path / "r.html"
    code, said, err = run(capsys, ["report", board, "--spec", SCHEMAS[schema], "-o", out])
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert str(out) in said and page.rstrip().endswith("</html>")
    constituents = [c.alias for c in Schema.load(SCHEMAS[schema])
                    if c.kind not in ("function", "predicate")]
    assert all(f'<section id="{alias}"' in page for alias in constituents)


@pytest.mark.parametrize("ram, words", [
    (24 * 2**30, "4G, the cap: a quarter of this machine's 24G is more"),
    (8 * 2**30, "2G, a quarter of this machine's 8G"),
    (2 * 2**30, "1G, the floor: a quarter of this machine's 2G is less"),
    (None, "1G: this machine's memory is unknown"),
])
def test_the_memory_default_says_how_it_was_chosen(monkeypatch, ram, words):
    from setmine.cli import limits

    monkeypatch.setattr(limits, "physical_memory", lambda: ram)
    assert limits.default_memory_text() == words
