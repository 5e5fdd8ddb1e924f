"""A verification from start to end: plan the tasks, run them here or on a
Dask cluster (resuming from a checkpoint), merge what they found.

    >>> result = verify(job)                       # one process
    >>> result = verify(job, workers=2)            # a local cluster
    >>> to_json(result)["properties"][0]["holds"]

The merged result does not depend on where the tasks ran: each task is a
pure function of the job and its slice, and the merge keeps each
property's least counterexample by its canonical key.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..cluster import run_tasks
from .explore import games_task, positions_task
from ...present.explain.trace import render as render_trace
from ...present.output.values import to_json as value_json
from .evidence import board_text, gather
from .job import Job, loaded, merge, plan


def run_task(task: dict) -> dict:
    """One task, on whichever process runs it."""
    return (games_task if task["scope"] == "games" else positions_task)(task)


@dataclass
class Verification:
    job: Job
    tasks: int
    merged: dict
    seconds: float
    resumed: int = 0
    """Tasks whose results came from the checkpoint, not from this run."""
    distinct_now: int | None = None
    """Distinct states checked by this run itself (None: all of them)."""

    @property
    def rate(self) -> float:
        """Distinct states per second of the work done in this run."""
        now = self.merged["distinct"] if self.distinct_now is None else self.distinct_now
        return now / self.seconds if self.seconds > 0 else 0.0

    @property
    def holds(self) -> bool:
        return all(p["counterexample"] is None for p in self.merged["properties"])

    def properties(self):
        """(property spec, its merged tally) pairs."""
        return list(zip(self.job.properties, self.merged["properties"]))


def verify(job: Job, *, workers: int | None = None, scheduler: str | None = None,
           checkpoint: str | None = None, memory_limit: int | None = None,
           progress: Callable[[dict, int, int], None] | None = None) -> Verification:
    """Every state of the job's scope, every property checked on each.
    ``progress(tally so far, tasks done, tasks)`` after each task;
    ``memory_limit``: the bytes of each worker of a local cluster."""
    started = time.perf_counter()
    tasks = plan(job)
    shipped = job.as_dict()
    results: dict[int, dict] = {}

    def done(i: int, result: dict) -> None:
        results[i] = result
        if progress is not None:
            progress(merge(list(results.values()), len(job.properties)), len(results), len(tasks))

    resumed: set[int] = set()
    outputs = run_tasks(run_task, [{**t, "job": shipped} for t in tasks], workers=workers,
                        scheduler=scheduler, checkpoint=checkpoint,
                        identity={"setmine verify": job.digest(), "tasks": len(tasks)},
                        on_result=done, memory_limit=memory_limit, resumed=resumed)
    merged = merge(outputs, len(job.properties))
    now = sum(r["distinct"] for i, r in enumerate(outputs) if i not in resumed)
    return Verification(job, len(tasks), merged, time.perf_counter() - started,
                        resumed=len(resumed), distinct_now=now)


def name_of(spec: tuple) -> str:
    return spec[1]


def counterexample_json(schema, job: Job, spec: tuple, found: dict) -> dict:
    """A counterexample with all its evidence (``docs/json.md``): the board,
    the trace and the states of a game, the sub-terms' values in full, what
    their conventions say where they differ, the witnesses of the
    quantifiers on the path to the failure and the explanation."""
    evidence = gather(schema, job, spec, found)
    board = evidence.board
    cells = board.cells

    def typed(name: str):
        return schema.analysis[name].type if name in schema else None

    return {
        "board": board_text(board),
        "trace": [list(cells[i]) for i in found["trace"]],
        "states": [board_text(state) for state in evidence.states],
        "why": found["why"],
        "values": {name: value_json(r.value, typed(name)) if r.ok else {"error": r.error.message}
                   for name, r in evidence.values.items()},
        "expected": {name: value_json(value, typed(name))
                     for name, value in evidence.expected.items()},
        "witnesses": [{"formula": text, "binding": {var: value_json(v, None)
                                                    for var, v in binding.items()}}
                      for text, binding in evidence.witnesses],
        "explanation": [line for trace in evidence.traces for line in render_trace(trace)],
        "disagreements": evidence.rows,
    }


def to_json(result: Verification) -> dict:
    """The verification in the documented JSON format (docs/verification.md)."""
    job, merged = result.job, result.merged
    run = loaded(job.as_dict())
    out = []
    for spec, tally in result.properties():
        found = tally["counterexample"]
        entry = {"name": name_of(spec), "formula": spec[1] if spec[0] == "assert" else None,
                 "holds": found is None, "checked": tally["checked"], "counterexample": None}
        if found is not None:
            entry["counterexample"] = counterexample_json(run.schema, job, spec, found)
        out.append(entry)
    return {"schema": job.schema_path, "scope": job.scope,
            "shapes": [s.name for s in run.shapes], "states": merged["states"],
            "distinct": merged["distinct"], "seconds": round(result.seconds, 3),
            "tasks": result.tasks, "resumed_tasks": result.resumed,
            "properties": out}
