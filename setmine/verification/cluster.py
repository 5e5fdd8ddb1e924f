"""One way to run many independent tasks: here, on a local Dask cluster, or
on a Dask cluster somewhere else -- with the same results, in task order.

    results = run_tasks(fn, tasks)                          # in this process, in order
    results = run_tasks(fn, tasks, workers=4)               # a LocalCluster of 4 processes
    results = run_tasks(fn, tasks, scheduler="tcp://10.0.0.5:8786")   # a cluster started
                                                            # with `dask scheduler` and
                                                            # `dask worker tcp://10.0.0.5:8786`

``fn`` is a module-level function (Dask sends it to the workers by name, so
they must have setmine installed); each task and each result is small and
picklable, and JSON-able when there is a ``checkpoint`` (see
:mod:`setmine.verification.checkpoint`: finished tasks are not run again, and a
run stopped anywhere loses none of them).  ``on_result(i, result)`` is
called on this side once per task as it finishes -- first for the tasks a
checkpoint already holds -- for progress bars and early reports.

On Dask, at most :data:`IN_FLIGHT` tasks per worker thread are submitted at
a time, more as they finish, so a run of 10⁵ tasks does not flood the
scheduler.  A worker that dies is replaced and its tasks run again
elsewhere (Dask's ``allowed-failures``, 3 by default); a task that still
fails is a :class:`ClusterError` naming it.  An exception raised by ``fn``
itself reaches the caller as the same exception.  The local cluster is
closed at the end, also on an error or Ctrl-C; a remote one is left
running, with this run's tasks cancelled.

Dask is imported only when a cluster is used.
"""

from __future__ import annotations

import logging
import signal
import socket
import threading
import uuid
from contextlib import ExitStack, contextmanager
from itertools import islice
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from .checkpoint import Checkpoint, CheckpointError

__all__ = ["CONNECT_TIMEOUT", "IN_FLIGHT", "CheckpointError", "ClusterError", "parse_address",
           "run_tasks"]

CONNECT_TIMEOUT = 10.0
"""Seconds to reach a scheduler, and for it to have a worker."""

IN_FLIGHT = 8
"""Tasks in flight per worker thread: enough that a worker never waits for
the next (more are submitted when half have ended), few enough that 10⁵
tasks never sit in the scheduler at once."""

_MAX_HANDSHAKE = 2 ** 20
"""A Dask scheduler greets a new connection with a short message whose
first 8 bytes are its length; anything longer is not a scheduler."""


class ClusterError(Exception):
    """A cluster that cannot be reached or used, or a task it could not
    run; str() says what and where (the scheduler's address)."""


def run_tasks(fn: Callable[[Any], Any], tasks: Sequence, *, workers: int | None = None,
              scheduler: str | None = None, checkpoint: str | Path | None = None,
              identity: dict | None = None,
              on_result: Callable[[int, Any], None] | None = None,
              memory_limit: int | None = None, resumed: set | None = None,
              needed: Callable[[int], bool] | None = None,
              in_flight: int = IN_FLIGHT) -> list:
    """``[fn(task) for task in tasks]``, here (neither ``workers`` nor
    ``scheduler``), on a new local cluster of ``workers`` processes of one
    thread each, or on the cluster whose scheduler is at ``scheduler``.
    With ``checkpoint`` (a file) the results are saved as they come and a
    rerun with the same file and ``identity`` runs only what is missing.
    ``memory_limit``: the bytes each worker of a local cluster may use
    before Dask restarts it (default: Dask's share of the machine);
    ``resumed``, a set, receives the indices of the results the checkpoint
    already had; ``needed(i)``, asked when task i's turn comes (after the
    results before it that have ended), says whether to run it at all: a
    task not needed is not run and its result is None."""
    tasks = list(tasks)
    if workers is not None and scheduler is not None:
        raise ClusterError("give a number of workers (a local cluster) or a scheduler's "
                           "address (a running cluster), not both")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise ClusterError(f"workers: expected a whole number of at least 1, got {workers!r}")
    results: list = [None] * len(tasks)
    with ExitStack() as stack:
        log = None
        if checkpoint is not None:
            log = stack.enter_context(Checkpoint(checkpoint, identity, len(tasks)))

        def finish(pairs: list[tuple[int, Any]]) -> None:
            if log is not None:  # saved before reported: a report is never lost
                pairs = log.record(pairs)
            for i, result in pairs:
                results[i] = result
                if on_result is not None:
                    on_result(i, result)

        done = dict(log.done) if log is not None else {}
        for i in sorted(done):
            results[i] = done[i]
            if resumed is not None:
                resumed.add(i)
            if on_result is not None:
                on_result(i, done[i])
        todo = [i for i in range(len(tasks)) if i not in done]
        if not todo:
            pass
        elif workers is None and scheduler is None:
            for i in todo:
                if needed is None or needed(i):
                    finish([(i, fn(tasks[i]))])
        else:
            with _client(workers, scheduler, memory_limit) as (client, where):
                _run(client, where, fn, tasks,
                     todo if needed is None else (i for i in todo if needed(i)), finish,
                     in_flight)
    return results


# ---------------------------------------------------------------------------
# The client: a local cluster, or a scheduler that answers


@contextmanager
def _client(workers: int | None, scheduler: str | None,
            memory_limit: int | None = None) -> Iterator[tuple[Any, str]]:
    """A Dask client and the scheduler's address; everything it started is
    closed on the way out, whatever happens."""
    from distributed import Client, LocalCluster
    from distributed.utils import silence_logging_cmgr

    with ExitStack() as stack:
        # Dask's own logs (a worker that died, a task that failed) would only
        # repeat, less clearly, what this run reports -- also those it writes
        # at exit, after the run (a stray process reaped): its loggers stay quiet
        stack.enter_context(silence_logging_cmgr(logging.CRITICAL))
        logging.getLogger("distributed").setLevel(logging.CRITICAL)
        # the address-space limit of --max-memory (cli/limits.py) is sized for
        # one process evaluating; a Dask client needs threads and libraries
        # beyond it, and a worker spawned under it cannot even import Dask.
        # While a cluster runs, the work is the workers', each bounded by
        # Dask's memory_limit (past it a worker is restarted, its task rerun)
        lifted = _lift_address_space()
        if lifted is not None:
            stack.callback(lifted)
        if workers is not None:
            try:
                with _spawning_workers():
                    cluster = stack.enter_context(LocalCluster(
                        n_workers=workers, threads_per_worker=1, processes=True,
                        dashboard_address=":0",  # a free port: several runs side by side
                        silence_logs=logging.CRITICAL, memory_limit=memory_limit or "auto"))
                client = stack.enter_context(Client(cluster, set_as_default=False))
            except (OSError, RuntimeError, TimeoutError) as exc:
                raise ClusterError(f"cannot start a local Dask cluster of {workers} "
                                   f"worker{'s' if workers > 1 else ''}: {exc}") from None
            # a worker that died is being restarted: closing the cluster in the
            # middle of it would print the new worker's complaints
            stack.callback(_settle, client, workers)
            yield client, cluster.scheduler_address
            return
        address = _reachable(scheduler)
        try:
            client = stack.enter_context(Client(address, timeout=CONNECT_TIMEOUT,
                                                set_as_default=False))
        except Exception as exc:  # noqa: BLE001 - Dask fails in many ways; all say one thing
            raise ClusterError(f"cannot connect to the Dask scheduler at {address}: "
                               f"{type(exc).__name__}: {exc}".rstrip(": ")) from None
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (TimeoutError, OSError):
            raise ClusterError(f"the Dask scheduler at {address} has no workers after "
                               f"{CONNECT_TIMEOUT:g} s: start some with "
                               f"`dask worker {address}`") from None
        yield client, address


@contextmanager
def _spawning_workers() -> Iterator[None]:
    """SIGINT ignored while the local workers are spawned, so that they
    start with it ignored (Python installs its KeyboardInterrupt handler
    only where SIGINT is not ignored): a terminal's Ctrl-C reaches the
    whole process group, and each worker would die printing its own
    KeyboardInterrupt.  This process alone answers it, by closing the
    cluster.  A Ctrl-C in the seconds the workers take to start is lost:
    press it again."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _lift_address_space() -> Callable[[], None] | None:
    """Raise the soft address-space limit to the hard one; returns what
    puts it back (None when nothing changed)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not a POSIX system
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft == hard:
        return None
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _settle(client, workers: int) -> None:
    try:
        client.wait_for_workers(workers, timeout=CONNECT_TIMEOUT)
    except Exception:  # noqa: BLE001 - closing anyway
        pass


def parse_address(text: str) -> tuple[str, str, int]:
    """``tcp://HOST:PORT``, ``tls://HOST:PORT`` or ``HOST:PORT`` (tcp) ->
    ``(scheme, host, port)``; an IPv6 host is written in brackets."""
    scheme, sep, rest = text.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", text.strip()
    host, colon, port = rest.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if scheme not in ("tcp", "tls") or not colon or not host or "/" in rest \
            or not port.isdigit() or not 0 < int(port) < 65536:
        shown = repr(text) if len(text) <= 60 else repr(text[:57] + "...")
        raise ClusterError(f"{shown} is not a scheduler address: expected tcp://HOST:PORT, "
                           "as `dask scheduler` prints it (e.g. tcp://192.168.1.5:8786)")
    return scheme, host, int(port)


def _reachable(text: str) -> str:
    """The address of a scheduler that answers, else a ClusterError that
    says why not.  A plain socket finds out at once what Dask would report
    only after its timeout (a refused connection, an unknown host) or not
    at all (a port where something else listens)."""
    scheme, host, port = parse_address(text)
    address = f"{scheme}://{f'[{host}]' if ':' in host else host}:{port}"
    why = f"cannot reach the Dask scheduler at {address}"
    try:
        sock = socket.create_connection((host, port), timeout=CONNECT_TIMEOUT)
    except socket.gaierror:
        raise ClusterError(f"{why}: unknown host {host!r}") from None
    except ConnectionRefusedError:
        raise ClusterError(f"{why}: connection refused (is `dask scheduler` running "
                           "there, on that port?)") from None
    except TimeoutError:
        raise ClusterError(f"{why}: no answer in {CONNECT_TIMEOUT:g} s") from None
    except OSError as exc:
        raise ClusterError(f"{why}: {exc.strerror or exc}") from None
    with sock:
        if scheme == "tcp":  # a tls scheduler greets only after the TLS handshake
            head = b""
            try:
                while len(head) < 8 and (chunk := sock.recv(8 - len(head))):
                    head += chunk
            except OSError:  # the timeout too
                pass
            if len(head) < 8 or not 0 < int.from_bytes(head, "little") < _MAX_HANDSHAKE:
                raise ClusterError(f"{why}: something listens there, but it does not "
                                   "answer like a Dask scheduler")
    return address


# ---------------------------------------------------------------------------
# Submitting and gathering


def _threads(client) -> int:
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:  # noqa: BLE001 - the count only sizes the window
        return 1


def _run(client, where: str, fn: Callable, tasks: list, todo: Iterable[int],
         finish: Callable[[list[tuple[int, Any]]], None], in_flight: int = IN_FLIGHT) -> None:
    """Run the tasks ``todo`` on the client's cluster, a window of them at a
    time, calling ``finish`` with each batch of ``(task, result)`` that has
    ended (in the order they end)."""
    from distributed import as_completed

    run = uuid.uuid4().hex[:12]  # keys of this run only: never a cached result
    window = in_flight * _threads(client)
    waiting = iter(todo)
    index: dict[str, int] = {}  # the key of each task in flight -> the task
    running = as_completed(loop=client.loop)

    def refill() -> None:
        # in batches: one message to the scheduler for many tasks
        if len(index) > window // 2:
            return
        batch = list(islice(waiting, window - len(index)))
        if batch:
            futures = client.map(fn, [tasks[i] for i in batch], pure=False,
                                 key=[f"setmine-{run}-{i}" for i in batch])
            index.update((future.key, i) for future, i in zip(futures, batch))
            running.update(futures)

    refill()
    try:
        for batch in running.batches():
            ended = [f for f in batch if f.status == "finished"]
            # fetched together: one round trip, not one a task
            results = _outcome(lambda: client.gather(ended), index, tasks, where)
            finish([(index.pop(f.key), result) for f, result in zip(ended, results)])
            for future in batch:
                if future.key in index:  # fn's error, or a task lost or cancelled
                    result = _outcome(future.result, index, tasks, where)
                    finish([(index.pop(future.key), result)])
                future.release()
            refill()
    finally:
        left = list(running.futures)
        running.clear()
        if left:
            try:
                client.cancel(left)
            except Exception:  # noqa: BLE001 - the client is closing anyway
                pass


def _outcome(get: Callable[[], Any], index: dict[str, int], tasks: list, where: str) -> Any:
    """``get()``: the results of futures; waits if the worker that held
    one died (the task runs again).  An exception of ``fn`` is raised as it
    is; the cluster's own failures become a ClusterError naming the task."""
    from distributed.scheduler import KilledWorker
    from distributed.utils import CancelledError

    def task(key) -> str:
        i = index.get(key)
        return f"task {i} ({_brief(tasks[i])})" if i is not None else "a task"

    try:
        return get()
    except KilledWorker as exc:
        raise ClusterError(f"{task(exc.task)} failed: every worker that ran it died, "
                           f"{exc.allowed_failures + 1} times ({where})") from None
    except CancelledError as exc:
        why = getattr(exc, "reason", None) or "the connection was lost?"
        raise ClusterError(f"{task(getattr(exc, 'key', None))} did not finish: {why} "
                           f"({where})") from None
    except RuntimeError as exc:
        if "deserializ" not in str(exc):
            raise
        raise ClusterError(f"the Dask scheduler at {where} cannot read the tasks: it needs "
                           "setmine installed, with the same Python packages as here") from None


def _brief(task: Any) -> str:
    text = repr(task)
    return text if len(text) <= 60 else text[:57] + "..."
