"""Runs from the live page: a computation of seconds or minutes — a
verification (``verifying.py``) or a proof (``proving.py``) — in a process
of its own, with its progress asked for as it runs, and a stop.

A run is a child process, not a thread: it computes for seconds or
minutes, and in a thread it would hold the interpreter's lock against the
page's other requests; a process is stopped at once and bounded in memory
(it inherits the server's ``--max-memory``, an address-space limit) and in
time (each kind's ``RUN_SECONDS``).  A job is built and checked by its
kind's module first, so a bad request is an :class:`ApiError` before any
process starts.

A run's process leads a process group of its own: what it starts (a
proof's cvc5, run apart under its own limits) is in that group, and a stop
kills the whole group — nothing a run started computes on after it.

A run and the server talk over two pipes, never a ``multiprocessing.Queue``
(whose three named semaphores outlive a server that is killed, and the
resource tracker then warns of them when it stops): the process sends its
progress and its result on one, and reads the other, the server's
*lifeline*, whose end the server holds — when the server closes it (a run
ended or stopped) or dies (``kill``, a closed terminal), the process sees
its end and exits with its group, so no run outlives its server.  A Ctrl-C
at the terminal is the server's to act on: it stops every run.  When a run
ends its pipes are closed and its process is reaped.

The process sends ``("progress", {"done", "tasks", "note"})`` as it goes,
then ``("done", result)`` (``result["note"]`` the run's last words) or
``("failed", {"message"})``.  Every kind shares the places: at most
``MAX_RUNS`` runs at once, verifications and proofs together.
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

from .requests import ApiError, text_of

MAX_RUNS = 2
"""Runs at once, of every kind (each a process on its own core)."""
KEPT = 16
"""Finished runs kept for their results."""
WATCH_SECONDS = 0.25
"""How often the runs' messages are read, a page asking or not."""

KINDS = {"verify": ("verification", "tasks"), "prove": ("proof", "statements")}
"""Each kind of run: what one is called, and what its progress counts."""


@dataclass
class Run:
    id: str
    kind: str
    """``verify`` or ``prove`` (``KINDS``)."""
    process: multiprocessing.Process
    messages: Connection
    """The reading end of what the run's process says."""
    lifeline: Connection
    """The server's end of the pipe the process watches: closed, it exits."""
    limit: float
    """The most seconds it computes before it is stopped."""
    started: float = field(default_factory=time.monotonic)
    state: str = "running"
    done: int = 0
    tasks: int = 0
    note: str = ""
    result: dict | None = None
    ended: float | None = None

    @property
    def what(self) -> str:
        return KINDS[self.kind][0]

    def seconds(self) -> float:
        return round((self.ended or time.monotonic()) - self.started, 2)

    def answer(self) -> dict:
        out = {"run": self.id, "state": self.state, "done": self.done, "tasks": self.tasks,
               "note": self.note, "seconds": self.seconds()}
        if self.result is not None:
            out["result"] = self.result
        return out


RUNS: dict[str, Run] = {}
_LOCK = threading.Lock()


# -- the server's side

def launch(kind: str, job, payload: dict, limit: float, tasks: int = 0) -> Run:
    """A run of ``job(payload, said)`` (a module-level function, which the
    process imports) started, unless ``MAX_RUNS`` are running: ``busy``."""
    with _LOCK:
        for run in RUNS.values():
            _drain(run)
        _forget_old()
        running = sum(1 for r in RUNS.values() if r.state == "running")
        if running >= MAX_RUNS:
            raise ApiError("busy", f"{running} runs (verifications or proofs) are running: "
                           f"stop one, or wait for it to end")
        run = _spawn(kind, job, payload, limit)
        run.tasks = tasks
        RUNS[run.id] = run
        _watch()
    return run


def _spawn(kind: str, job, payload: dict, limit: float) -> Run:
    """A run's process, started, and its two pipes; the server keeps only
    its own ends of them (the process's end of ``messages`` closed here, so
    that its death is an end of file to the server)."""
    context = multiprocessing.get_context("spawn")
    messages, said = context.Pipe(duplex=False)
    watched, lifeline = context.Pipe(duplex=False)
    process = context.Process(target=work, args=(job, KINDS[kind][0], payload, said, watched),
                              daemon=True)
    try:
        process.start()
    except BaseException:
        for end in (messages, said, watched, lifeline):
            end.close()
        raise
    finally:
        said.close()
        watched.close()
    return Run(uuid.uuid4().hex[:12], kind, process, messages, lifeline, limit)


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
                running = [r for r in RUNS.values() if r.state == "running"]
                for run in running:
                    _drain(run)
                if not any(r.state == "running" for r in running):
                    _WATCHER.clear()
                    return

    _WATCHER[:] = [threading.Thread(target=watching, name="setmine-run-watch", daemon=True)]
    _WATCHER[0].start()


def poll(body: dict, kind: str) -> dict:
    run = run_of(body, kind)
    with _LOCK:
        _drain(run)
        return run.answer()


def stop(body: dict, kind: str) -> dict:
    run = run_of(body, kind)
    with _LOCK:
        _drain(run)
        if run.state == "running":
            _end(run)
            run.state, run.ended = "stopped", time.monotonic()
            counted, doing = KINDS[run.kind][1], f" ({run.note})" if run.note else ""
            run.note = f"stopped after {run.done:,} of {run.tasks:,} {counted}{doing}" \
                if run.tasks else f"stopped before the first of its {counted} ended{doing}"
        return run.answer()


def stop_all() -> None:
    """Stop every run (the server is stopping): each process (and what it
    started) ended and reaped, each pipe closed."""
    with _LOCK:
        for run in RUNS.values():
            _end(run)
            if run.state == "running":
                run.state, run.ended = "stopped", time.monotonic()
                run.note = "stopped: the server stopped"


def _end(run: Run, said: bool = False) -> None:
    """Stop a run's process and its group, reap it, close its pipes;
    ``said``: it sent its last words, and only its lifeline is closed for
    it to exit."""
    process = run.process
    run.lifeline.close()   # the process sees its end and exits
    if not said and process.is_alive():
        _kill_group(process.pid)
        process.terminate()
    process.join(timeout=5)
    if process.is_alive():   # deaf to both (stuck in C code): no run outlives its end
        process.kill()
        process.join(timeout=5)
    run.messages.close()


def _kill_group(pid: int) -> None:
    """Kill the process group ``pid`` leads: the run and what it started.
    The run is not reaped yet, so no other group can bear its number; not
    yet a leader (it has just started), there is no group, and nothing to
    kill but the run itself."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_of(body: dict, kind: str) -> Run:
    key = text_of(body, "run")
    run = RUNS.get(key)
    if run is None or run.kind != kind:
        raise ApiError("badRequest", f"no {KINDS[kind][0]} {key!r} (it ended long ago, or the "
                       f"server was started again)", field="run")
    return run


def strings(body: dict, key: str) -> list[str]:
    """``body[key]``: a list of non-empty strings (none: empty), stripped."""
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
    if time.monotonic() - run.started > run.limit:
        _end(run)
        run.state, run.ended = "stopped", time.monotonic()
        run.note = f"stopped after {run.limit:g} s, the page's bound on a {run.what}"
    elif silent or not run.process.is_alive():
        _end(run)
        run.state, run.ended = "failed", time.monotonic()
        code = run.process.exitcode
        run.note = (f"the {run.what}'s process was killed (out of memory?)" if code == -9
                    else f"the {run.what}'s process ended (exit {code})")


def _forget_old() -> None:
    ended = sorted((r for r in RUNS.values() if r.state != "running"),
                   key=lambda r: r.ended or 0)
    for run in ended[:max(0, len(ended) - KEPT)]:
        del RUNS[run.id]


# -- the run's own process

def work(job, what: str, payload: dict, messages: Connection, lifeline: Connection) -> None:
    """The child process: ``job(payload, said)``, the ``what`` (a
    verification, a proof), its progress and its result sent on
    ``messages``; any failure said, never a traceback.  It
    leads a process group of its own, and ends with it when the server's
    end of ``lifeline`` closes; a Ctrl-C is the server's to act on."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.setpgid(0, 0)
    except OSError:   # a session leader already: its group is its own
        pass
    threading.Thread(target=_exit_with, args=(lifeline,), name="setmine-run-lifeline",
                     daemon=True).start()
    out = _Said(messages)
    try:
        out.put(("done", job(payload, out)))
    except MemoryError:
        out.put(("failed", {"message": f"the {what} ran out of memory "
                                       f"(setmine serve --max-memory)"}))
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
            _exit()


def _exit_with(lifeline: Connection) -> None:
    """Wait for the server's end of ``lifeline`` to close, then exit."""
    try:
        lifeline.recv()
    except (EOFError, OSError):
        pass
    _exit()


def _exit() -> None:
    """Exit now, with what this run started (its group, when it leads one)."""
    try:
        if os.getpgid(0) == os.getpid():
            os.killpg(0, signal.SIGKILL)
    except OSError:
        pass
    os._exit(0)
