"""Prove from the live page's server (``serve/proving.py``): ``/api/prove``
runs ``setmine prove``'s decision in a process of its own, ``…/poll``
follows it to its verdicts, ``…/stop`` ends it and what it started (each
cvc5); a bad claim or scope is refused in words before any process
starts, and the guard refuses a request without the token as it refuses
every other."""

from __future__ import annotations

import json
import os
import time

import pytest

from setmine.serve import proving, running

from .test_guard import raw, request

WAIT = 120   # seconds: a guard against a hung run, never a timing assertion

PROVED, REFUTED = "D8 ⊆ S2", "D18 ∩ D8 = ∅"   # on the schema as written, X1<=2


def poll_to_the_end(server, run: str) -> dict:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        status, answer = server.post("/api/prove/poll", {"run": run})
        assert status == 200, answer
        if answer["state"] != "running":
            return answer
        time.sleep(0.1)
    raise AssertionError("the proof did not end")


def poll_until(server, run: str, seen) -> dict:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        status, answer = server.post("/api/prove/poll", {"run": run})
        assert status == 200 and answer["state"] == "running", answer
        if seen(answer):
            return answer
        time.sleep(0.1)
    raise AssertionError("the proof never got there")


def test_a_proof_decides_a_proved_and_a_refuted_claim(server):
    status, started = server.post("/api/prove", {"schema": "written", "sizes": "X1<=2",
                                                 "asserts": [PROVED, REFUTED], "timeout": 20})
    assert status == 200, started
    assert started["statements"] == ["assert1", "assert2"]
    answer = poll_to_the_end(server, started["run"])
    assert answer["state"] == "done", answer
    assert answer["done"] <= answer["tasks"] == 2
    result = answer["result"]
    assert result["axioms"] == "consistent" and result["bounded"]["asked"] == "X1<=2"
    proved, refuted = result["statements"]

    assert (proved["name"], proved["formula"], proved["verdict"]) == \
        ("assert1", PROVED, "proved")
    assert proved["line"].startswith(f"✓ assert1  {PROVED}  proved for every model (from ")
    assert "D8" in proved["used"]   # D8 unconstrained, nothing about it follows
    assert set(proved["used"]) <= {c.alias for c in server_schema("written")}
    assert all(alias in proved["line"] for alias in proved["used"])
    assert proved["counterexample"] is None

    assert (refuted["name"], refuted["verdict"], refuted["used"]) == ("assert2", "refuted", [])
    assert refuted["line"] == f"✗ assert2  {REFUTED}  refuted: smallest model X1=2"
    example = refuted["counterexample"]
    assert example["sizes"] == {"X1": 2}   # the smallest: none on 0 or 1 elements
    assert example["lines"][0].startswith("X1 = ")
    assert any(line.startswith("D18 = ") for line in example["lines"])
    assert example["headline"]
    # its model, as a model file, breaks the claim
    status, value = server.post("/api/evaluate", {"schema": "written", "expression": REFUTED,
                                                  "board": example["model_file"]})
    assert status == 200 and value["value"] is False, value


def server_schema(name: str):
    import setmine

    return setmine.load_schema(name)


def test_the_schemas_own_theorems_come_first(server):
    from setmine.resources import MODEL_DIR

    plan = (MODEL_DIR / "study-plan.rsl").read_text(encoding="utf-8")
    status, started = server.post("/api/prove", {"schema": plan, "asserts": ["X1 = X1"],
                                                 "sizes": "X1<=1,X2<=2", "integers": "0..1",
                                                 "timeout": 20})
    assert status == 200, started
    assert started["statements"] == ["T1", "T2", "assert1"]
    answer = poll_to_the_end(server, started["run"])
    assert answer["state"] == "done", answer
    verdicts = {s["name"]: s["verdict"] for s in answer["result"]["statements"]}
    assert verdicts == {"T1": "refuted", "T2": "refuted", "assert1": "proved"}


def descendants(pid: int) -> list:
    import psutil

    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def test_a_stop_ends_the_proof_and_the_prover_it_started(server):
    """Stopped while cvc5 works on a statement it cannot decide (it gives
    up after its seconds): the run's process and cvc5's are both gone."""
    import psutil

    status, started = server.post("/api/prove", {"schema": "corrected", "sizes": "X1<=1",
                                                 "asserts": ["D11 ≠ ∅ ⇒ D18 = D11"],
                                                 "timeout": 120})
    assert status == 200, started
    run = running.RUNS[started["run"]]
    poll_until(server, started["run"], lambda a: a["note"].startswith("proving assert1")
               and any("setmine.proof.cvc5run" in " ".join(p.cmdline())
                       for p in descendants(run.process.pid)))
    started_by_it = descendants(run.process.pid)
    # the run leads a process group, and cvc5 is in it: a stop kills the group
    assert os.getpgid(run.process.pid) == run.process.pid
    assert {os.getpgid(p.pid) for p in started_by_it} == {run.process.pid}
    status, answer = server.post("/api/prove/stop", {"run": started["run"]})
    assert status == 200, answer
    assert answer["state"] == "stopped" and "result" not in answer
    assert answer["note"] == "stopped after 0 of 1 statements (proving assert1)"
    assert not run.process.is_alive() and run.process.exitcode is not None
    gone, alive = psutil.wait_procs(started_by_it, timeout=WAIT)   # a guard: they end at once
    assert not alive, [p.cmdline() for p in alive]
    # stopped it stays: a poll, and a second stop, say so
    assert server.post("/api/prove/poll", {"run": started["run"]})[1]["state"] == "stopped"
    assert server.post("/api/prove/stop", {"run": started["run"]})[1]["state"] == "stopped"


def test_a_stop_in_the_models_scope(server):
    status, started = server.post("/api/prove", {"schema": "written", "sizes": "X1<=6",
                                                 "asserts": [PROVED], "bounded_seconds": 120})
    assert status == 200, started
    poll_until(server, started["run"], lambda a: a["note"].startswith("the models scope"))
    status, answer = server.post("/api/prove/stop", {"run": started["run"]})
    assert status == 200 and answer["state"] == "stopped", answer
    assert answer["note"] == "stopped after 0 of 1 statements (the models scope (X1<=6))"
    assert not running.RUNS[started["run"]].process.is_alive()


@pytest.mark.parametrize("body, code, field, words", [
    ({"asserts": ["D8 ⊆"]}, "badAssertion", "asserts",
     "a claim does not read: 'D8 ⊆': expectedRightOperand at 4..4"),
    ({"asserts": [PROVED, "D8"]}, "badAssertion", "asserts",
     "'D8': a statement must be a formula, not a value of type ℬ(X1)"),
    ({"asserts": ["Q9 = ∅"]}, "badAssertion", "asserts", "unknownSyntax"),
    ({}, "badRequest", "asserts", "the schema has no statement (theorem) to prove"),
    ({"asserts": ["  "]}, "badRequest", "asserts", "a list of non-empty strings"),
    ({"asserts": "D8 ⊆ S2"}, "badRequest", "asserts", "a list of non-empty strings"),
    ({"asserts": [PROVED], "sizes": "X9<=2"}, "badScope", "sizes", "the schema has no X9"),
    ({"asserts": [PROVED], "sizes": 3}, "badRequest", "sizes", "must be a string"),
    ({"asserts": [PROVED], "timeout": 0}, "badRequest", "timeout", "more than 0 and at most"),
    ({"asserts": [PROVED], "timeout": 121}, "badRequest", "timeout", "at most 120"),
    ({"asserts": [PROVED], "timeout": "30"}, "badRequest", "timeout", "a number of seconds"),
    ({"asserts": [PROVED], "timeout": True}, "badRequest", "timeout", "a number of seconds"),
    ({"asserts": [PROVED], "bounded_seconds": -1}, "badRequest", "bounded_seconds",
     "a number of seconds"),
])
def test_a_bad_request_is_refused_in_words_before_any_run(server, body, code, field, words):
    before = set(running.RUNS)
    status, answer = server.post("/api/prove", {"schema": "written", **body})
    assert status == 400, answer
    error = answer["error"]
    assert (error["code"], error["field"]) == (code, field), error
    assert words in error["message"], error
    assert set(running.RUNS) == before


def test_a_run_is_polled_and_stopped_by_its_own_kind(server):
    status, answer = server.post("/api/prove/poll", {"run": "nothing"})
    assert status == 400 and "no proof 'nothing'" in answer["error"]["message"]
    status, started = server.post("/api/verify", {"schema": "written", "shapes": "1x2"})
    assert status == 200, started
    for path in ("/api/prove/poll", "/api/prove/stop"):   # a verification is not a proof
        status, answer = server.post(path, {"run": started["run"]})
        assert status == 400 and answer["error"]["field"] == "run", answer
    status, answer = server.post("/api/verify/stop", {"run": started["run"]})
    assert status == 200


BODY = json.dumps({"schema": "written", "asserts": [PROVED], "sizes": "X1<=1"}).encode("utf-8")


@pytest.mark.parametrize("path", ["/api/prove", "/api/prove/poll", "/api/prove/stop"])
@pytest.mark.parametrize("changes, status", [
    ({"token": None}, 403), ({"token": "not-the-token"}, 403),
    ({"origin": "http://evil.example"}, 403), ({"host": "evil.example:PORT"}, 403),
    ({"kind": "text/plain", "token": None}, 403), ({"kind": "text/plain"}, 415),
], ids=["no token", "another token", "another origin", "another host", "no-cors", "text"])
def test_the_guard_refuses_a_proof_without_the_token(server, path, changes, status):
    port = server.url.rsplit(":", 1)[1]
    changes = {k: v.replace("PORT", port) if isinstance(v, str) else v
               for k, v in changes.items()}
    before = set(running.RUNS)
    got, head, body = raw(server, request(server, path=path, body=BODY, **changes))
    assert got == status, body[:300]
    assert "error" in json.loads(body) and b"access-control-allow-origin" not in head.lower()
    assert set(running.RUNS) == before   # nothing started


def test_a_huge_proof_request_is_refused_before_it_is_read(server):
    head = request(server, path="/api/prove", body=b"").replace(
        b"Content-Length: 0", b"Content-Length: 100000000")
    got, _, body = raw(server, head)
    assert got == 413 and "more than 1,000,000" in json.loads(body)["error"]["message"]


def test_the_functions_answer_as_the_routes_do():
    """``proving`` is plain functions, as the rest of the API (scripts may
    call them): the same refusals, no web needed."""
    from setmine.serve.api import ApiError

    with pytest.raises(ApiError) as caught:
        proving.start({"schema": "written", "asserts": ["D8 ⊆"]})
    assert caught.value.code == "badAssertion"
    with pytest.raises(ApiError):
        proving.poll({"run": "nothing"})
