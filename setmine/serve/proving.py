"""Proof from the live page: each statement of the page's schema — its
theorems, then the claims given — decided for every model of every size,
as ``setmine prove`` decides it (``proof.decide``): proved by cvc5 (with
what the proof used), refuted by the models scope (with the smallest
counterexample), else unknown (with why); vacuous when the axioms
contradict each other.  It runs in a process of its own (``running.py``:
the process and what it starts — each cvc5 — killed by a stop); the
request is checked here first, so a bad claim or scope is an
:class:`ApiError` before any process starts.

* :func:`start` — ``{"schema", "asserts"?: [formula], "sizes"?,
  "integers"?, "timeout"?, "bounded_seconds"?}`` → ``{"run": id,
  "statements": [name]}``; no sizes: every basic and constant set of at
  most 3 elements, as ``setmine prove``;
* :func:`poll` — ``{"run"}`` → ``{"state": "running" | "done" | "stopped"
  | "failed", "done", "tasks", "note", "seconds", "result"?}``: ``tasks``
  the statements, ``note`` what is being done (the models scope, proving
  assert1);
* :func:`stop` — ``{"run"}`` → the run, stopped, its processes killed.

A finished run's ``result`` is ``setmine prove --json``'s answer; each
statement carries ``line``, its verdict in words as ``setmine prove``
prints it, and a refuted one's counterexample carries ``lines`` (each
given set and structure, then each term the statement reads, valued),
``headline`` (what is wrong, in one line) and ``model_file`` (the model as
setmine's model file, for the page to load or open).
"""

from __future__ import annotations

import time

from ..proof.decide import ProveInputError, statements_of
from ..verification.models.scope import ModelScopeError
from . import running
from .requests import ApiError, schema_of, text_of

RUN_SECONDS = 600.0
"""The longest a proof computes before it is stopped."""
TIMEOUT = 30.0
"""The prover's seconds for each statement, by default (``setmine prove``'s)."""
MAX_TIMEOUT = 120.0
"""The most seconds a statement may be given on the page."""
BOUNDED_SECONDS = 30.0
"""The models scope's seconds in all, by default."""
MAX_BOUNDED_SECONDS = 120.0


# -- the server's side

def start(body: dict) -> dict:
    """A proof of the page's schema's statements and ``asserts``, checked
    and started."""
    schema = schema_of(body)
    asserts = running.strings(body, "asserts")
    try:
        names = [st.name for st in statements_of(schema, asserts)]
    except ProveInputError as exc:
        raise ApiError("badAssertion", "a claim does not read: "
                       + str(exc).removeprefix("--assert "), field="asserts") from None
    if not names:
        raise ApiError("badRequest", "the schema has no statement (theorem) to prove: give a "
                       "claim, a formula a line", field="asserts")
    sizes = text_of(body, "sizes", required=False) or ""
    integers = text_of(body, "integers", required=False) or ""
    scope_of(schema, sizes.strip(), integers.strip())   # a bad scope is said now
    payload = {"schema": schema.dump(), "path": schema.path or "", "asserts": asserts,
               "sizes": sizes.strip(), "integers": integers.strip(),
               "timeout": _seconds(body, "timeout", TIMEOUT, MAX_TIMEOUT),
               "bounded_seconds": _seconds(body, "bounded_seconds", BOUNDED_SECONDS,
                                           MAX_BOUNDED_SECONDS)}
    run = running.launch("prove", job_of, payload, RUN_SECONDS, tasks=len(names))
    return {"run": run.id, "statements": names}


def poll(body: dict) -> dict:
    return running.poll(body, "prove")


def stop(body: dict) -> dict:
    return running.stop(body, "prove")


def scope_of(schema, sizes: str, integers: str):
    """The models scope ``sizes`` and ``integers`` give, defaulting as
    ``setmine prove`` does (``proof.decide.scope_of``); a scope that does
    not read is ``badScope``."""
    from ..proof.decide import scope_of as prove_scope

    try:
        return prove_scope(schema, sizes or None, integers or None)
    except ModelScopeError as exc:
        raise ApiError("badScope", str(exc), field="integers" if integers and not sizes
                       else "sizes") from None


def _seconds(body: dict, key: str, default: float, most: float) -> float:
    value = body.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= most:
        raise ApiError("badRequest", f"{key!r} is a number of seconds, more than 0 and at "
                       f"most {most:g}", field=key)
    return float(value)


# -- the run's own process

def job_of(payload: dict, messages) -> dict:
    """The proof ``payload`` asks for, in the run's process: ``decide``'s
    outcome as ``setmine prove --json`` gives it, with what the page shows."""
    from ..proof.decide import decide, show_scope
    from ..proof.report import to_json
    from ..rsl.schema import Schema

    schema = Schema.parse(payload["schema"], payload["path"] or None)
    scope = scope_of(schema, payload["sizes"], payload["integers"])
    names = [st.name for st in statements_of(schema, payload["asserts"])]
    done = [0]

    def progress(text: str) -> None:
        name = text.removeprefix("proving ")
        if name in names:
            done[0] = names.index(name)
        elif text == "the models scope" and scope is not None:
            text = f"the models scope ({show_scope(scope)})"
        messages.put(("progress", {"done": done[0], "tasks": len(names), "note": text}))

    started = time.monotonic()
    outcome = decide(schema, payload["asserts"], timeout=payload["timeout"], scope=scope,
                     bounded_seconds=payload["bounded_seconds"], progress=progress)
    out = to_json(schema, outcome)
    for entry, statement in zip(out["statements"], outcome.statements):
        _shown(schema, entry, statement)
    seconds = round(time.monotonic() - started, 3)
    verdicts = [st.verdict for st in outcome.statements]
    counted = ", ".join(f"{verdicts.count(v)} {v}" for v in
                        ("proved", "refuted", "unknown", "vacuous") if v in verdicts)
    out["seconds"] = seconds
    out["note"] = f"{len(verdicts)} statement{'s' if len(verdicts) != 1 else ''}: " \
                  f"{counted} in {seconds} s"
    return out


def _shown(schema, entry: dict, statement) -> None:
    """What the page shows of a statement beside ``setmine prove --json``'s
    fields: its verdict in words; a counterexample's values as text, what is
    wrong in one line, and the model as a model file."""
    from ..model.interpretation import renumbered
    from ..model.own import own_json
    from ..present.explain.trace import render
    from ..present.output.values import show
    from ..proof.report import verdict_line
    from ..verification.boards.verdicts import headline
    from ..verification.models.evidence import gather

    entry["line"] = verdict_line(statement)
    found = statement.counterexample
    if found is None:
        return
    evidence = gather(schema, found, statement.formula if statement.name.startswith("assert")
                      else statement.name)
    explanation = [line for t in evidence.traces for line in render(t)]
    example = entry["counterexample"]
    example["lines"] = [f"{a} = {show(v)}" for a, v in found.values.items()] + \
        [f"{n} = {show(r.value) if r.ok else 'error: ' + r.error.message}"
         for n, r in evidence.values.items()]
    example["headline"] = headline(evidence, explanation[0] if explanation else "false")
    model = renumbered(schema, found.values, str, title=f"a counterexample of {statement.name}")
    example["model_file"] = own_json(model)
