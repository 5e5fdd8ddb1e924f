"""Verification from the live page: a claim checked on every state of a
scope — every position of small boards, every game the schema's player
plays, or every model of a schema within sizes — in a process of its own,
with its progress asked for as it runs, and a stop.

A run is a child process, not a thread: it computes for seconds or
minutes, and in a thread it would hold the interpreter's lock against the
page's other requests; a process is stopped at once (``terminate``) and
bounded in memory (it inherits the server's ``--max-memory``, an
address-space limit) and in time (``RUN_SECONDS``).  The job is built and checked here first, so a bad
request is an :class:`ApiError` before any process starts.

A run and the server talk over two pipes, never a ``multiprocessing.Queue``
(whose three named semaphores outlive a server that is killed, and the
resource tracker then warns of them when it stops): the process sends its
progress and its result on one, and reads the other, the server's
*lifeline*, whose end the server holds — when the server closes it (a run
ended or stopped) or dies (``kill``, a closed terminal), the process sees
its end and exits, so no run outlives its server.  A Ctrl-C at the
terminal reaches the run's process too: it ignores it, and the server
stops it.  When a run ends its pipes are closed and its process is reaped.

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

import multiprocessing
import os
import signal
import threading
import time
import uuid
from dataclasses import dataclass, field
from multiprocessing.connection import Connection

from ..verify.boards.job import VerifyError, build_job, state_count
from ..verify.models.scope import ModelScopeError, parse_model_scope
from .requests import ApiError, schema_of, text_of

MAX_RUNS = 2
"""Runs at once (each a process on its own core)."""
RUN_SECONDS = 600.0
"""The longest a run computes before it is stopped."""
MAX_STATES = 2_000_000
"""The largest board scope the page runs (``setmine verify`` has more)."""
MAX_INTERPRETATIONS = 10 ** 7
"""The largest enumerated models scope the page runs."""
KEPT = 16
"""Finished runs kept for their results."""
WATCH_SECONDS = 0.25
"""How often the runs' messages are read, a page asking or not."""
SCOPES = ("positions", "games", "models")


@dataclass
class Run:
    id: str
    process: multiprocessing.Process
    messages: Connection
    """The reading end of what the run's process says."""
    lifeline: Connection
    """The server's end of the pipe the process watches: closed, it exits."""
    started: float = field(default_factory=time.monotonic)
    state: str = "running"
    done: int = 0
    tasks: int = 0
    note: str = ""
    result: dict | None = None
    ended: float | None = None

    def seconds(self) -> float:
        return round((self.ended or time.monotonic()) - self.started, 2)

    def answer(self) -> dict:
        out = {"run": self.id, "state": self.state, "done": self.done, "tasks": self.tasks,
               "note": self.note, "seconds": self.seconds()}
        if self.result is not None:
            out["result"] = self.result
        return out


_RUNS: dict[str, Run] = {}
_LOCK = threading.Lock()


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
        from ..verify.models.run import interpretation_bound
        from ..verify.models.sat import why_not

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
    with _LOCK:
        for run in _RUNS.values():
            _drain(run)
        _forget_old()
        running = sum(1 for r in _RUNS.values() if r.state == "running")
        if running >= MAX_RUNS:
            raise ApiError("busy", f"{running} verifications are running: stop one, or wait "
                           f"for it to end")
        run = _spawn(payload)
        _RUNS[run.id] = run
        _watch()
    return {"run": run.id, "states": states}


def _spawn(payload: dict) -> Run:
    """A run's process, started, and its two pipes; the server keeps only
    its own ends of them (the process's end of ``messages`` closed here, so
    that its death is an end of file to the server)."""
    context = multiprocessing.get_context("spawn")
    messages, said = context.Pipe(duplex=False)
    watched, lifeline = context.Pipe(duplex=False)
    process = context.Process(target=work, args=(payload, said, watched), daemon=True)
    try:
        process.start()
    except BaseException:
        for end in (messages, said, watched, lifeline):
            end.close()
        raise
    finally:
        said.close()
        watched.close()
    return Run(uuid.uuid4().hex[:12], process, messages, lifeline)


_WATCHER: list[threading.Thread] = []


def _watch() -> None:
    """A thread that reads every running run's messages and ends the runs
    over their time, whether or not a page asks for them: a page closed
    mid-run leaves no process behind, nor a result stuck in its pipe."""
    if _WATCHER and _WATCHER[0].is_alive():
        return

    def watching() -> None:
        while True:
            time.sleep(WATCH_SECONDS)
            with _LOCK:
                running = [r for r in _RUNS.values() if r.state == "running"]
                for run in running:
                    _drain(run)
                if not any(r.state == "running" for r in running):
                    _WATCHER.clear()
                    return

    _WATCHER[:] = [threading.Thread(target=watching, name="setmine-verify-watch", daemon=True)]
    _WATCHER[0].start()


def poll(body: dict) -> dict:
    run = _run_of(body)
    with _LOCK:
        _drain(run)
        return run.answer()


def stop(body: dict) -> dict:
    run = _run_of(body)
    with _LOCK:
        _drain(run)
        if run.state == "running":
            _end(run)
            run.state, run.ended = "stopped", time.monotonic()
            run.note = f"stopped after {run.done:,} of {run.tasks:,} tasks ({run.note})" \
                if run.tasks else "stopped before the first task ended"
        return run.answer()


def stop_all() -> None:
    """Stop every run (the server is stopping): each process ended and
    reaped, each pipe closed."""
    with _LOCK:
        for run in _RUNS.values():
            _end(run)
            if run.state == "running":
                run.state, run.ended = "stopped", time.monotonic()
                run.note = "stopped: the server stopped"


def _end(run: Run, said: bool = False) -> None:
    """Stop a run's process, reap it, close its pipes; ``said``: it sent
    its last words, and only its lifeline is closed for it to exit."""
    process = run.process
    run.lifeline.close()   # the process sees its end and exits
    if not said and process.is_alive():
        process.terminate()
    process.join(timeout=5)
    if process.is_alive():   # deaf to both (stuck in C code): no run outlives its end
        process.kill()
        process.join(timeout=5)
    run.messages.close()


def _run_of(body: dict) -> Run:
    key = text_of(body, "run")
    run = _RUNS.get(key)
    if run is None:
        raise ApiError("badRequest", f"no verification {key!r} (it ended long ago, or the "
                       f"server was started again)", field="run")
    return run


def _strings(body: dict, key: str) -> list[str]:
    value = body.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ApiError("badRequest", f"{key!r} must be a list of non-empty strings", field=key)
    return [v.strip() for v in value]


def _drain(run: Run) -> None:
    """Read what the run's process said; notice its end (or its death)."""
    if run.state != "running":
        return
    silent = False   # the process's end of the pipe is closed: it said all it will
    while True:
        try:
            if not run.messages.poll():
                break
            kind, data = run.messages.recv()
        except (EOFError, OSError):
            silent = True
            break
        if kind == "progress":
            run.done, run.tasks, run.note = data["done"], data["tasks"], data["note"]
        elif kind in ("done", "failed"):
            run.state, run.ended = kind, time.monotonic()
            run.result = data if kind == "done" else None
            run.note = data.get("note", run.note) if kind == "done" else data["message"]
            _end(run, said=True)   # its last words read, it ends
            return
    if time.monotonic() - run.started > RUN_SECONDS:
        _end(run)
        run.state, run.ended = "stopped", time.monotonic()
        run.note = f"stopped after {RUN_SECONDS:g} s, the page's bound on a verification"
    elif silent or not run.process.is_alive():
        _end(run)
        run.state, run.ended = "failed", time.monotonic()
        code = run.process.exitcode
        run.note = ("the verification's process was killed (out of memory?)" if code == -9
                    else f"the verification's process ended (exit {code})")


def _forget_old() -> None:
    ended = sorted((r for r in _RUNS.values() if r.state != "running"),
                   key=lambda r: r.ended or 0)
    for run in ended[:max(0, len(ended) - KEPT)]:
        del _RUNS[run.id]


# -- the run's own process

def work(payload: dict, messages: Connection, lifeline: Connection) -> None:
    """The child process: the verification, its progress and its result
    sent on ``messages``; any failure said, never a traceback.  It ends
    when the server's end of ``lifeline`` closes; a Ctrl-C is the server's
    to act on."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with, args=(lifeline,), name="setmine-verify-lifeline",
                     daemon=True).start()
    out = _Said(messages)
    try:
        result = _boards(payload, out) if payload["kind"] == "boards" \
            else _models(payload, out)
        out.put(("done", result))
    except MemoryError:
        out.put(("failed", {"message": "the verification ran out of memory "
                                       "(setmine serve --max-memory)"}))
    except Exception as exc:   # the page is told what went wrong, in one line
        out.put(("failed", {"message": f"{type(exc).__name__}: {exc}"}))
    finally:
        messages.close()


class _Said:
    """The run's side of ``messages``: ``put`` sends, as a queue's would."""

    def __init__(self, connection: Connection):
        self.connection = connection

    def put(self, message: tuple) -> None:
        try:
            self.connection.send(message)
        except (BrokenPipeError, OSError):   # the server is gone: nobody to tell
            os._exit(0)


def _exit_with(lifeline: Connection) -> None:
    """Wait for the server's end of ``lifeline`` to close, then exit."""
    try:
        lifeline.recv()
    except (EOFError, OSError):
        pass
    os._exit(0)


def _boards(payload: dict, messages) -> dict:
    from ..verify.boards.evidence import gather
    from ..verify.boards.job import Job, loaded
    from ..verify.boards.run import to_json, verify
    from ..verify.boards.verdicts import headline

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
    from ..verify.boards.verdicts import headline
    from ..verify.models.evidence import gather
    from ..verify.models.run import search

    schema = Schema.parse(payload["schema"], payload["path"] or None)
    scope = parse_model_scope(schema, payload["sizes"], payload["integers"])

    def finished(done: int, vectors: int, found: dict) -> None:
        messages.put(("progress", {"done": done, "tasks": vectors,
                                   "note": f"{found['labelled']:,} models in the last sizes"}))

    started = time.monotonic()
    outcome = search(schema, scope, payload["asserts"], 1, finished=finished)
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
