"""Verification from the live page: a claim checked on every state of a
scope — every position of small boards, every game the schema's player
plays, or every model of a schema within sizes — in a process of its own
(``running.py``: the process, its pipes, its progress, its stop).  The job
is built and checked here first, so a bad request is an :class:`ApiError`
before any process starts.

* :func:`start` — ``{"schema", "scope": "positions" | "games" | "models",
  "shapes"?, "mines"?, "sizes"?, "integers"?, "asserts"?: [formula],
  "properties"?: [name]}`` → ``{"run": id, "states"}``;
* :func:`poll` — ``{"run"}`` → ``{"state": "running" | "done" | "stopped"
  | "failed", "done", "tasks", "note", "seconds", "result"?}``;
* :func:`stop` — ``{"run"}`` → the run, stopped.

A finished run's ``result`` is ``setmine verify --json``'s verdicts; each
failing property carries its first counterexample as the page loads it:
a board's text, or a model file's JSON — and its ``headline``, what is
wrong in one line as ``setmine verify`` says it (``D2 = {(0, 1)}``), which
the page shows before anything is loaded.
"""

from __future__ import annotations

import time

from ..verification.boards.job import VerifyError, build_job, state_count
from ..verification.models.scope import ModelScopeError, parse_model_scope
from . import running
from .requests import ApiError, schema_of, text_of
from .running import strings as _strings

_RUNS = running.RUNS
"""Every run, verifications and proofs (``running.py``), by id."""

RUN_SECONDS = 600.0
"""The longest a run computes before it is stopped."""
MAX_STATES = 2_000_000
"""The largest board scope the page runs (``setmine verify`` has more)."""
MAX_INTERPRETATIONS = 10 ** 7
"""The largest enumerated models scope the page runs."""
SCOPES = ("positions", "games", "models")


# -- the server's side

def start(body: dict) -> dict:
    """A run of the claims of ``body`` over its scope, checked and started."""
    schema = schema_of(body)
    scope = body.get("scope", "positions")
    if scope not in SCOPES:
        raise ApiError("badRequest", f"'scope' is one of {', '.join(SCOPES)}", field="scope")
    asserts = _strings(body, "asserts")
    properties = [("assert", a) for a in asserts] + \
        [("builtin", p) for p in _strings(body, "properties")]
    if scope == "models":
        if any(kind == "builtin" for kind, _ in properties):
            raise ApiError("badRequest", "the models scope checks formulas ('asserts'): the "
                           "named properties are about boards", field="properties")
        sizes = text_of(body, "sizes")
        integers = text_of(body, "integers", required=False) or None
        try:
            parsed = parse_model_scope(schema, sizes, integers)
        except ModelScopeError as exc:
            raise ApiError("badScope", str(exc), field="sizes") from None
        from ..verification.models.answers.run import interpretation_bound
        from ..verification.models.sat import why_not

        if why_not(schema, parsed):
            total, worst, _ = interpretation_bound(schema, parsed)
            if total > MAX_INTERPRETATIONS:
                raise ApiError("badScope", f"the scope has up to {total:,} interpretations "
                               f"({worst} the most), more than the page runs "
                               f"({MAX_INTERPRETATIONS:,}): give smaller sizes", field="sizes")
        payload = {"kind": "models", "schema": schema.dump(), "path": schema.path or "",
                   "sizes": sizes, "integers": integers, "asserts": asserts}
        states = None
    else:
        try:
            job = build_job(schema, shapes=text_of(body, "shapes"),
                            mines=text_of(body, "mines", required=False) or None,
                            properties=properties, scope=scope, max_states=MAX_STATES,
                            where={"shapes": "shapes/mines", "scope": f"the {scope} scope",
                                   "properties": "no claim was given"})
            states = state_count(job, MAX_STATES, "the page's bound of")
        except VerifyError as exc:
            raise ApiError("badScope", str(exc),
                           field={"properties": "asserts", "": "shapes"}.get(exc.about, exc.about)) \
                from None
        payload = {"kind": "boards", "job": job.as_dict()}
    run = running.launch("verify", job_of, payload, RUN_SECONDS)
    return {"run": run.id, "states": states}


def poll(body: dict) -> dict:
    return running.poll(body, "verify")


def stop(body: dict) -> dict:
    return running.stop(body, "verify")


def stop_all() -> None:
    """Stop every run, of every kind (the server is stopping)."""
    running.stop_all()


# -- the run's own process

def job_of(payload: dict, messages) -> dict:
    """The verification ``payload`` asks for, in the run's process."""
    return _boards(payload, messages) if payload["kind"] == "boards" \
        else _models(payload, messages)


def _boards(payload: dict, messages) -> dict:
    from ..verification.boards.evidence import gather
    from ..verification.boards.job import Job, loaded
    from ..verification.boards.run import to_json, verify
    from ..verification.boards.verdicts import headline

    def progress(tally: dict, done: int, tasks: int) -> None:
        messages.put(("progress", {"done": done, "tasks": tasks,
                                   "note": f"{tally['states']:,} states"}))

    job = Job.from_dict(payload["job"])
    result = verify(job, progress=progress)
    out = to_json(result)
    schema = loaded(job.as_dict()).schema
    for entry, (spec, tally) in zip(out["properties"], result.properties()):
        found = tally["counterexample"]
        if found is not None:   # what is wrong, in one line, as setmine verify says it
            entry["counterexample"]["headline"] = headline(gather(schema, job, spec, found),
                                                           found["why"])
    out["holds"] = result.holds
    out["note"] = f"{out['states']:,} states ({out['distinct']:,} distinct) in {out['seconds']} s"
    return out


def _models(payload: dict, messages) -> dict:
    from ..model.interpretation import renumbered
    from ..model.own import own_json
    from ..present.explain.trace import render as render_trace
    from ..rsl.schema import Schema
    from ..verification.boards.verdicts import headline
    from ..verification.models.evidence import gather
    from ..verification.models.answers.run import search

    schema = Schema.parse(payload["schema"], payload["path"] or None)
    scope = parse_model_scope(schema, payload["sizes"], payload["integers"])

    def finished(done: int, tasks: int, found: dict) -> None:
        sizes = ",".join(f"{a}={n}" for a, n in found["sizes"].items()) or "no set"
        messages.put(("progress", {"done": done, "tasks": tasks, "note": f"{found['kind']} {sizes}"}))

    started = time.monotonic()   # the page shows the counts too: asked for, not a side effect
    outcome = search(schema, scope, payload["asserts"], 1, finished=finished, count=True)
    properties = []
    for p in outcome["properties"]:
        entry = {"name": p["name"], "formula": p["formula"], "holds": p["holds"],
                 "counterexample": None}
        if p.get("error"):
            entry["error"] = {"code": p["error"].code, "message": p["error"].message}
        found = p["counterexample"]
        if found is not None:
            model = renumbered(schema, found.values, str, title=f"a counterexample of "
                                                                f"{p['name']}")
            evidence = gather(schema, found, p["name"])
            explanation = [line for t in evidence.traces for line in render_trace(t)]
            entry["counterexample"] = {   # what is wrong in one line, as for a board
                "model": own_json(model), "sizes": dict(found.sizes),
                "headline": headline(evidence, explanation[0] if explanation else "false"),
                "explanation": explanation}
        properties.append(entry)
    seconds = round(time.monotonic() - started, 3)
    return {"scope": "models", "models": outcome["models"], "labelled_models": outcome["labelled"],
            "properties": properties, "holds": all(p["holds"] for p in properties),
            "seconds": seconds,
            "note": f"{outcome['models']:,} models up to isomorphism "
                    f"({outcome['labelled']:,} labelled) in {seconds} s"}
