"""The live page's other routes on a real server: a model of any schema
edited and computed (``/api/model``, ``/api/evaluate`` on a model), why a
cell is in a term (``/api/explain``), a game the schema plays
(``/api/game``), verify run, watched and stopped (``/api/verify``) —
each answering what the command line computes, and hostile input with a
400 that says what is wrong."""

from __future__ import annotations

import json
import time

import pytest

import setmine
from setmine.board import parse_board
from setmine.eval.values.budget import Budget
from setmine.model.own import read_own
from setmine.pictures.model_page import build
from setmine.resources import MODEL_DIR
from setmine.rsl.schema import Schema

from .conftest import TINY

MIDGAME = setmine.resources.board_file("beginner-midgame").read_text(encoding="utf-8")
PLAN = (MODEL_DIR / "study-plan.rsl").read_text(encoding="utf-8")
MODEL = json.loads((MODEL_DIR / "study-plan.model.json").read_text())


def sections(model_json) -> dict:
    schema = Schema.parse(PLAN)
    page = build(schema, read_own(model_json, schema), Budget())
    return {s.alias: (s.verdict, s.size, s.error) for s in page.sections}


def test_a_model_is_computed_as_setmine_report_computes_it(server):
    status, answer = server.post("/api/model", {"schema": PLAN, "model": MODEL})
    assert status == 200, answer
    got = {s["alias"]: (s["verdict"], s["size"], s["error"]) for s in answer["sections"]}
    assert got == sections(MODEL)
    tables = {t["alias"]: t for t in answer["tables"]}
    assert tables["X1"]["elements"] == ["Ann", "Boris", "Chen"]
    assert "(Ann, sets)" in tables["S2"]["members"]
    assert tables["S2"]["columns"][0]["choices"] == ["Ann", "Boris", "Chen"]


@pytest.mark.parametrize("edit", [
    {"op": "remove", "alias": "X2", "text": "sets"},
    {"op": "rename", "alias": "X1", "text": "Ann", "to": "Anna"},
    {"op": "toggle", "alias": "S1", "text": "(logic, sets)"},
    {"op": "add", "alias": "X1", "text": "Dana"},
])
def test_an_edit_recomputes_every_term(server, edit):
    status, answer = server.post("/api/model", {"schema": PLAN, "model": MODEL, "edit": edit})
    assert status == 200, answer
    assert answer["model"] != MODEL
    got = {s["alias"]: (s["verdict"], s["size"], s["error"]) for s in answer["sections"]}
    assert got == sections(answer["model"])


@pytest.mark.parametrize("edit, code, words", [
    ({"op": "toggle", "alias": "S3", "text": "(Chen, algebra)"}, "illegalEdit", "∉ S2"),
    ({"op": "rename", "alias": "X1", "text": "Ann", "to": "Boris"}, "illegalEdit",
     "already has Boris"),
    ({"op": "explode", "alias": "X1", "text": "Ann"}, "badRequest", "an edit is"),
    ({"op": "add", "alias": "X1", "text": 3}, "badRequest", "strings"),
])
def test_an_edit_that_breaks_the_model_is_refused(server, edit, code, words):
    status, answer = server.post("/api/model", {"schema": PLAN, "model": MODEL, "edit": edit})
    assert status == 400 and answer["error"]["code"] == code and words in \
        answer["error"]["message"]


@pytest.mark.parametrize("model, words", [
    ({"values": {}}, "setmine-model/1"),
    ("{not json", "not JSON"),
    ({"format": "setmine-model/1", "values": {"X1": ["a"] * 2}}, "twice"),
    ({"format": "setmine-model/1", "values": {"X1": [str(i) for i in range(500)]}},
     "more than the page edits"),
    ({"format": "setmine-model/1", "values": {"S9": []}}, "no constituent S9"),
])
def test_a_malformed_model_is_refused(server, model, words):
    status, answer = server.post("/api/model", {"schema": PLAN, "model": model})
    assert status == 400 and answer["error"]["code"] == "badModel", answer
    assert words in answer["error"]["message"]


def test_an_edit_past_the_page_s_bound_is_refused_at_that_edit(server):
    """200 students are edited; the 201st is refused by the edit that adds
    it — before, the edit was taken and every later request refused."""
    from setmine.serve.models import MAX_ELEMENTS

    model = json.loads(json.dumps(MODEL))
    model["values"]["X1"] = model["values"]["X1"] + [f"s{i}" for i in range(
        MAX_ELEMENTS - 1 - len(model["values"]["X1"]))]
    status, answer = server.post("/api/model", {"schema": PLAN, "model": model,
                                                "edit": {"op": "add", "alias": "X1",
                                                         "text": "last"}})
    assert status == 200 and len(answer["tables"][0]["elements"]) == MAX_ELEMENTS, answer
    full = answer["model"]
    status, refused = server.post("/api/model", {"schema": PLAN, "model": full,
                                                 "edit": {"op": "add", "alias": "X1",
                                                          "text": "one more"}})
    assert status == 400 and refused["error"]["code"] == "illegalEdit", refused
    assert f"would have {MAX_ELEMENTS + 1} elements" in refused["error"]["message"]
    status, _ = server.post("/api/model", {"schema": PLAN, "model": full})
    assert status == 200


@pytest.mark.parametrize("edit, words", [
    ({"op": "add", "alias": "X1", "text": "x" * 1_001}, "a name of 1,001 characters"),
    ({"op": "rename", "alias": "X1", "text": "Ann", "to": "y" * 5_000}, "a name of 5,000"),
])
def test_an_edit_the_next_request_could_not_carry_is_refused(server, edit, words):
    status, answer = server.post("/api/model", {"schema": PLAN, "model": MODEL, "edit": edit})
    assert status == 400 and answer["error"]["code"] == "illegalEdit", answer
    assert words in answer["error"]["message"]


def test_a_model_grown_past_what_a_request_carries_is_refused_at_that_edit(server):
    from setmine.serve.models import MAX_MODEL_BYTES

    model = json.loads(json.dumps(MODEL))
    students = [f"{i:03d}" + "z" * 990 for i in range(120)]   # enrolled in every course:
    model["values"]["X1"] = students                               # 480 long pairs
    model["values"]["S2"] = [[x, c] for x in students for c in model["values"]["X2"]]
    model["values"]["S3"] = []
    status, answer = server.post("/api/model", {"schema": PLAN, "model": model,
                                                "edit": {"op": "add", "alias": "X1",
                                                         "text": "w"}})
    assert status == 400 and f"{MAX_MODEL_BYTES:,}" in answer["error"]["message"], answer


def test_evaluate_takes_a_model_for_the_board(server):
    status, answer = server.post("/api/evaluate", {"schema": PLAN, "board": json.dumps(MODEL),
                                                   "expression": "Pr1(S2)"})
    assert status == 200, answer
    assert answer["type"] == "ℬ(X1)"
    assert answer["value"]["elements"] == ["Ann", "Boris", "Chen"]
    status, answer = server.post("/api/evaluate", {"schema": PLAN, "board": MODEL,
                                                   "expression": "card(S3)"})
    assert status == 200 and answer["value"] == 4


def test_explain_says_why_a_cell_is_in_a_term(server):
    board = parse_board(MIDGAME)
    d8 = setmine.evaluate("written", board, "D8")
    inside = sorted(d8)[0]
    closed = next(c for c in board.cells if c not in d8 and c not in board.opened)
    for cell, member in ((inside, True), (closed, False)):
        status, answer = server.post("/api/explain", {"schema": "written", "board": MIDGAME,
                                                      "term": "D8",
                                                      "cell": f"{cell[0]},{cell[1]}"})
        assert status == 200, answer
        assert answer["member"] is member and answer["chain"]["children"]
    status, answer = server.post("/api/explain", {"schema": "written", "board": MIDGAME,
                                                  "term": "A6", "cell": "0,0"})
    assert status == 400 and "not a term" in answer["error"]["message"]
    status, answer = server.post("/api/explain", {"schema": "written", "board": MIDGAME,
                                                  "term": "D8", "cell": "99,0"})
    assert status == 400 and "not a cell" in answer["error"]["message"]


def test_a_game_is_what_the_schema_player_plays(server):
    from setmine.solver.games.game_config import GameConfig
    from setmine.solver.games.runs import play_game
    from setmine.player import SchemaPlayer

    status, answer = server.post("/api/game", {"schema": "corrected", "level": "8x8x10",
                                               "seed": 3})
    assert status == 200, answer
    config = GameConfig.level("8x8x10")
    result = play_game(config, SchemaPlayer(config, schema=setmine.load_schema("corrected")), 3)
    assert answer["moves"] == result.moves and answer["result"] == ("won" if result.won
                                                                    else "lost")
    first = parse_board(answer["steps"][0]["board"])
    assert not first.opened and f"{first.move[0]},{first.move[1]}" == answer["steps"][0]["move"]
    assert all(len(parse_board(a["board"]).opened) < len(parse_board(b["board"]).opened)
               for a, b in zip(answer["steps"], answer["steps"][1:-1]))


@pytest.mark.parametrize("body, words", [
    ({"level": "99999x99999x3"}, "too large"),
    ({"level": "40x40x10"}, "more than the page plays"),
    ({"level": "beginner", "seed": [1]}, "a game is"),
    ({"level": "beginner", "seed": "7" * 5000}, "more than 40"),
    ({"level": "beginner", "seed": 10 ** 60}, "more than 40"),
])
def test_a_game_that_cannot_be_played_is_refused(server, body, words):
    status, answer = server.post("/api/game", {"schema": "corrected", **body})
    assert status == 400 and words in answer["error"]["message"], answer


def finished(server, run: str) -> dict:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status, answer = server.post("/api/verify/poll", {"run": run})
        assert status == 200, answer
        if answer["state"] != "running":
            return answer
        time.sleep(0.1)
    raise AssertionError("the verification did not end")


def test_verify_finds_what_setmine_verify_finds(server):
    from setmine.verification.boards.job import build_job
    from setmine.verification.boards.run import to_json, verify

    claims = ["D18 ∩ D8 = ∅", "card(D15) ≥ 1"]
    status, started = server.post("/api/verify", {"schema": "written", "scope": "positions",
                                                  "shapes": "2x2,1x3", "asserts": claims})
    assert status == 200, started
    answer = finished(server, started["run"])
    assert answer["state"] == "done" and answer["done"] == answer["tasks"] > 0
    job = build_job(setmine.load_schema("written"), shapes="2x2,1x3",
                    properties=[("assert", c) for c in claims])
    want = to_json(verify(job))
    got = answer["result"]
    assert got["states"] == want["states"] and got["holds"] is False
    assert [(p["name"], p["holds"]) for p in got["properties"]] == \
        [(p["name"], p["holds"]) for p in want["properties"]]
    failing = next(p for p in got["properties"] if not p["holds"])
    assert failing["counterexample"]["board"] == \
        next(p for p in want["properties"] if not p["holds"])["counterexample"]["board"]


def test_verify_on_models_gives_a_counterexample_model(server):
    status, started = server.post("/api/verify", {"schema": PLAN, "scope": "models",
                                                  "sizes": "X1<=1,X2<=2", "integers": "0..1",
                                                  "asserts": ["card(S2) = 0"]})
    assert status == 200, started
    answer = finished(server, started["run"])
    assert answer["state"] == "done", answer
    failing = {p["name"]: p for p in answer["result"]["properties"]}["card(S2) = 0"]
    model = failing["counterexample"]["model"]
    status, evaluated = server.post("/api/evaluate", {"schema": PLAN, "board": model,
                                                      "expression": "card(S2) = 0"})
    assert status == 200 and evaluated["value"] is False   # the page loads a real counterexample


def test_a_verification_is_stopped(server):
    status, started = server.post("/api/verify", {"schema": "written", "scope": "positions",
                                                  "shapes": "cells<=10"})
    assert status == 200, started
    status, stopped = server.post("/api/verify/stop", {"run": started["run"]})
    assert status == 200 and stopped["state"] == "stopped", stopped   # seconds of work left
    assert "stopped" in stopped["note"]
    assert finished(server, started["run"])["state"] == "stopped"


@pytest.mark.parametrize("body, code, words", [
    ({"scope": "everything"}, "badRequest", "'scope' is one of"),
    ({"shapes": "2x2", "asserts": ["D18 ∩"]}, "badScope", "D18 ∩"),
    ({"shapes": "7x7"}, "badScope", "more than the page's bound"),
    ({"shapes": "banana"}, "badScope", "banana"),
    ({"shapes": "2x2", "asserts": "D8"}, "badRequest", "list of non-empty strings"),
    ({"scope": "models", "sizes": "X7<=2"}, "badScope", "X7"),
    ({"scope": "models", "sizes": "X1<=2", "properties": ["axioms"]}, "badRequest", "formulas"),
])
def test_a_verification_that_cannot_run_is_refused_before_it_starts(server, body, code, words):
    status, answer = server.post("/api/verify", {"schema": "written", **body})
    assert status == 400 and answer["error"]["code"] == code, answer
    assert words in answer["error"]["message"]


def test_a_run_that_is_not_there(server):
    status, answer = server.post("/api/verify/poll", {"run": "nope"})
    assert status == 400 and "no verification" in answer["error"]["message"]


def test_at_most_two_runs_at_once(server):
    runs = []
    try:
        for _ in range(2):
            status, answer = server.post("/api/verify", {"schema": "written",
                                                         "shapes": "cells<=10"})
            assert status == 200, answer
            runs.append(answer["run"])
        status, answer = server.post("/api/verify", {"schema": "written", "shapes": "2x2"})
        assert status == 400 and answer["error"]["code"] == "busy"
    finally:
        for run in runs:
            server.post("/api/verify/stop", {"run": run})
    status, answer = server.post("/api/verify", {"schema": "written", "shapes": "1x2"})
    assert status == 200
    assert finished(server, answer["run"])["state"] == "done"


def test_tiny_board_still_answers_while_a_verification_runs(server):
    status, started = server.post("/api/verify", {"schema": "written", "shapes": "cells<=10"})
    assert status == 200
    try:
        status, answer = server.post("/api/state", {"schema": "written", "board": TINY})
        assert status == 200 and answer["sections"]
    finally:
        server.post("/api/verify/stop", {"run": started["run"]})


@pytest.mark.parametrize("schema", ["/etc/passwd", "../../spec/saper.rsl", "spec/saper.rsl"])
def test_a_schema_named_by_a_path_is_text_not_a_file(server, schema):
    """No request reads a file: a path where a schema goes is read as a
    schema's text (which it is not)."""
    status, answer = server.post("/api/type", {"schema": schema, "expression": "X1"})
    assert status == 400, answer
    assert answer["error"]["field"] == "schema" and answer["error"]["code"] == "unknownSyntax"
    assert answer["error"]["span"] == [0, 1]


def test_verify_on_games_gives_the_shortest_trace(server):
    from setmine.verification.boards.job import build_job
    from setmine.verification.boards.run import to_json, verify

    status, started = server.post("/api/verify", {"schema": "written", "scope": "games",
                                                  "shapes": "2x2", "mines": "1"})
    assert status == 200, started
    answer = finished(server, started["run"])
    assert answer["state"] == "done", answer
    job = build_job(setmine.load_schema("written"), shapes="2x2", mines="1", scope="games")
    want = to_json(verify(job))
    got = answer["result"]
    assert [(p["name"], p["holds"]) for p in got["properties"]] == \
        [(p["name"], p["holds"]) for p in want["properties"]]
    for g, w in zip(got["properties"], want["properties"]):
        if w["counterexample"]:
            assert g["counterexample"]["trace"] == w["counterexample"]["trace"]
            assert g["counterexample"]["board"] == w["counterexample"]["board"]


def with_formula(alias: str, formula: str) -> str:
    """The corrected schema with ``alias``'s formula replaced."""
    lines = setmine.load_schema("corrected").source.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{alias} :=="))
    lines[at] = f"{alias} :== {formula}"
    return "\n".join(lines)


NOTHING = "X₁ \\ X₁"


@pytest.mark.parametrize("schema, words", [
    (with_formula("D11", NOTHING).replace("D18 :== {a", f"D18 :== {NOTHING} ∩ {{a", 1),
     "no move: D11 and D18 are empty"),
    (with_formula("D11", "S₃"), "chose 0,0: (0, 0) is already open"),   # an open cell "safe"
])
def test_a_schema_that_cannot_play_a_game_says_so(server, schema, words):
    status, answer = server.post("/api/game", {"schema": schema, "level": "4x4x2", "seed": 1})
    said = answer["stopped"] if status == 200 else answer["error"]["message"]
    assert words in said, answer


def test_a_one_cell_game_is_played_or_refused_in_words(server):
    status, answer = server.post("/api/game", {"schema": "corrected", "level": "1x1x0"})
    assert status in (200, 400), answer
    assert answer.get("result") == "won" or answer["error"]["message"]


def test_explain_asks_about_a_structure_too(server):
    board = parse_board(MIDGAME)
    cell = sorted(board.opened)[0]
    status, answer = server.post("/api/explain", {"schema": "written", "board": MIDGAME,
                                                  "term": "S3", "cell": f"{cell[0]},{cell[1]}"})
    assert status == 200 and answer["member"] is True, answer


def test_runs_nobody_asks_about_end_and_free_their_place(server):
    """A page closed mid-run: its runs still end (their results read by
    the server), so they do not hold the two places for ever."""
    for _ in range(2):
        status, answer = server.post("/api/verify", {"schema": "written", "shapes": "1x2"})
        assert status == 200, answer
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:   # never polled: the server reads them itself
        status, answer = server.post("/api/verify", {"schema": "written", "shapes": "1x2"})
        if status == 200:
            break
        assert answer["error"]["code"] == "busy"
        time.sleep(0.2)
    assert status == 200, answer
    assert finished(server, answer["run"])["state"] == "done"


def test_a_run_past_its_time_is_stopped(server, monkeypatch):
    from setmine.serve import verifying

    monkeypatch.setattr(verifying, "RUN_SECONDS", 0.5)
    status, started = server.post("/api/verify", {"schema": "written", "shapes": "cells<=10"})
    assert status == 200
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:   # the server's own watch stops it, no poll needed
        run = verifying._RUNS[started["run"]]
        if run.state != "running":
            break
        time.sleep(0.1)
    assert run.state == "stopped" and "the page's bound" in run.note
    assert not run.process.is_alive()
