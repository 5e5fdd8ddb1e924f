"""``setmine serve``'s own words: what it opens the page on (a board, a
ConceptPortal session, a setmine model file with its schema) and what it
refuses before it listens — each a usage error that says why."""

from __future__ import annotations

import json
import socket

import pytest

from setmine.cli import main
from setmine.cli.serve import model_start
from setmine.resources import MODEL_DIR
from setmine.serve.models import model_state


@pytest.mark.parametrize("path, spec", [
    (MODEL_DIR / "study-plan.session.json", None),
    (MODEL_DIR / "study-plan.bundle.json", None),
    (MODEL_DIR / "study-plan.model.json", MODEL_DIR / "study-plan.rsl"),
])
def test_a_model_file_opens_the_page_on_its_schema_and_model(path, spec):
    start = model_start(str(path), str(spec) if spec else None, "D1")
    assert start["formula"] == "D1"
    answer = model_state({"schema": start["schema"], "model": start["model"]})
    sizes = {s["alias"]: s["size"] for s in answer["sections"]}
    assert sizes["X1"] == "3" and sizes["S2"] == "6"   # the model as the file gives it


def run(capsys, *argv) -> tuple[int, str]:
    code = main(["serve", *argv, "--no-browser"])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("argv, words", [
    (["tiny-2x2", "--spec", "mine.rsl"], "written or corrected"),
    ([str(MODEL_DIR / "study-plan.model.json")], "--spec"),
    (["no-such-board"], "no-such-board"),
])
def test_what_serve_refuses_before_it_listens(capsys, argv, words):
    code, err = run(capsys, *argv)
    assert code == 2 and words in err


def test_a_port_in_use_is_said(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        code, err = run(capsys, "tiny-2x2", "--port", str(taken.getsockname()[1]))
    assert code == 2 and "cannot listen on 127.0.0.1" in err


def test_a_schema_too_large_for_the_page_is_said(tmp_path, capsys):
    schema = tmp_path / "big.rsl"
    schema.write_text("X1\n" + "".join(f"D{i} :== X1\n  term: {'x' * 200}\n"
                                       for i in range(1, 1200)), encoding="utf-8")
    model = tmp_path / "m.json"
    model.write_text(json.dumps({"format": "setmine-model/1", "values": {"X1": ["a"]}}))
    code, err = run(capsys, str(model), "--spec", str(schema))
    assert code == 2 and "more than the page takes" in err
