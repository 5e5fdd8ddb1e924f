"""Running independent tasks in this process or on a Dask cluster.

    results = run_tasks(fn, tasks)                              # here, in order
    results = run_tasks(fn, tasks, workers=2)                   # a local cluster
    results = run_tasks(fn, tasks, scheduler="tcp://h:8786")    # an existing one
    results = run_tasks(fn, tasks, checkpoint="run.ckpt", identity={...})

``fn`` is a module-level function of one JSON-able task returning a
JSON-able result; the results come back in task order whatever ran them,
so a caller that merges them gets the same answer serially or on any
cluster.  A cluster is ``dask.distributed``'s: ``--workers N`` starts a
``LocalCluster`` of N single-threaded worker processes for the run;
``--scheduler ADDRESS`` joins one started the way Dask documents (``dask
scheduler``, then ``dask worker ADDRESS`` on each machine, with setmine
installed there).  Dask reschedules the tasks of a worker that dies.
With a checkpoint, each result is on disk as soon as it arrives; a run
interrupted (Ctrl-C, a killed client or cluster) resumes from it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import Any

from .checkpoint import Checkpoint, CheckpointError

CONNECT_SECONDS = 10
IN_FLIGHT_PER_WORKER = 4


class ClusterError(Exception):
    """A cluster that cannot be reached or used; the text names it."""


def run_tasks(fn: Callable[[Any], Any], tasks: Sequence, *, workers: int | None = None,
              scheduler: str | None = None, checkpoint=None, identity: dict | None = None,
              on_result: Callable[[int, Any], None] | None = None,
              memory_limit: int | None = None) -> list:
    """``[fn(t) for t in tasks]``, computed here or on a cluster; ``on_result(i,
    result)`` as each arrives (the checkpoint's first).  ``memory_limit``:
    the bytes each worker of a local cluster may use before Dask restarts it."""
    if workers and scheduler:
        raise ClusterError("give --workers (a local cluster) or --scheduler (an existing "
                           "one), not both")
    results: dict[int, Any] = {}
    saved = None
    if checkpoint is not None:
        try:
            saved = Checkpoint(checkpoint, identity or {}, len(tasks))
        except CheckpointError as exc:
            raise ClusterError(str(exc)) from None
        for i in sorted(saved.done):
            results[i] = saved.done[i]
            if on_result is not None:
                on_result(i, results[i])

    def finished(i: int, result: Any) -> None:
        results[i] = result
        if saved is not None:
            saved.record(i, result)
        if on_result is not None:
            on_result(i, result)

    todo = [i for i in range(len(tasks)) if i not in results]
    try:
        if not todo:
            pass
        elif workers or scheduler:
            _on_cluster(fn, tasks, todo, workers, scheduler, finished, memory_limit)
        else:
            for i in todo:
                finished(i, fn(tasks[i]))
    finally:
        if saved is not None:
            saved.close()
    return [results[i] for i in range(len(tasks))]


def _on_cluster(fn, tasks, todo: list[int], workers, scheduler, finished,
                memory_limit: int | None) -> None:
    from distributed import Client, LocalCluster, as_completed

    for name in ("distributed", "tornado", "bokeh"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    cluster = None
    try:
        if workers:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=":0", silence_logs=logging.CRITICAL,
                                   memory_limit=memory_limit or "auto")
            client = Client(cluster)
        else:
            client = _connect(scheduler)
        with client:
            width = max(len(client.scheduler_info().get("workers", {})), 1) * IN_FLIGHT_PER_WORKER
            queue = iter(todo)
            index = {}
            pending = as_completed()
            for i in queue:
                future = client.submit(fn, tasks[i], pure=False, key=f"setmine-task-{i}")
                index[future.key] = i
                pending.add(future)
                if pending.count() >= width:
                    break
            for future in pending:
                i = index.pop(future.key)
                try:
                    result = future.result()
                except Exception as exc:
                    if type(exc).__name__ == "KilledWorker":
                        raise ClusterError(f"task {i} killed its workers more than Dask allows "
                                           f"(out of memory?): {exc}") from None
                    raise
                finally:
                    future.release()
                finished(i, result)
                following = next(queue, None)
                if following is not None:
                    more = client.submit(fn, tasks[following], pure=False,
                                         key=f"setmine-task-{following}")
                    index[more.key] = following
                    pending.add(more)
    finally:
        if cluster is not None:
            cluster.close()


ADDRESS = re.compile(r"(?:(tcp|tls|inproc|ucx)://)?[\w.\-\[\]:]+:\d{1,5}")


def _connect(address: str):
    from distributed import Client

    if not ADDRESS.fullmatch(address or ""):
        raise ClusterError(f"--scheduler {address!r}: not a scheduler address such as "
                           f"tcp://127.0.0.1:8786 (host:port)")
    if "://" not in address:
        address = "tcp://" + address
    try:
        return Client(address, timeout=f"{CONNECT_SECONDS}s")
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"--scheduler {address}: cannot reach the scheduler within "
                           f"{CONNECT_SECONDS} s ({type(exc).__name__}: {exc}); start one with "
                           f"`dask scheduler` and workers with `dask worker {address}`") from None
