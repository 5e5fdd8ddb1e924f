"""Every model of a schema within a scope, run as tasks — one per size
vector, here or on a Dask cluster, kept in a checkpoint — and merged:
the counts, each property's verdict and least counterexample, the first
instances.  ``setmine verify --scope models`` and the live page run it."""

from __future__ import annotations

from math import prod

from ...rsl.semantics.types import Element, SetType, TupleType
from ..cluster import run_tasks
from . import tasks


def search(schema, scope, asserts: list[str], instances: int, budget=None,
           progress=None, symmetry: bool = True, workers: int | None = None,
           scheduler: str | None = None, checkpoint: str | None = None,
           memory_limit: int | None = None, finished=None) -> dict:
    """Every model of the scope, counted; each property checked on each
    class; the least counterexample of each and the first ``instances``
    classes (``verify/models/tasks.py``: one task per size vector, here or
    on a Dask cluster, kept in ``checkpoint``).  ``progress(tried,
    labelled)`` within a size vector run here; ``finished(done, vectors,
    outcome)`` after each size vector."""
    planned = tasks.plan(schema, scope, asserts, instances, symmetry)
    here = workers is None and scheduler is None
    results: dict[int, dict] = {}

    def fn(task):
        return tasks.run_task(task, budget, progress) if here else \
            tasks.run_task(task)

    def done(i: int, result: dict) -> None:
        results[i] = result
        if finished is not None:
            finished(len(results), len(planned), result)
    outputs = run_tasks(fn if here else tasks.run_task, planned, workers=workers,
                        scheduler=scheduler, checkpoint=checkpoint,
                        identity=tasks.identity(planned), on_result=done,
                        memory_limit=memory_limit)
    merged = tasks.merge([tasks.decode(o) for o in outputs])
    if asserts or any(c.kind == "theorem" for c in schema):
        merged["instances"] = []
    else:
        merged["instances"] = merged["instances"][:instances]
    return merged


BEYOND = 4096


def count_values(type_, sizes: dict[str, int], integers) -> int:
    """An upper bound on the values of ``type_`` in a model of these sizes."""
    if isinstance(type_, Element):
        return sizes.get(type_.name, 0)
    if isinstance(type_, TupleType):
        return prod(count_values(t, sizes, integers) for t in type_.factors)
    if isinstance(type_, SetType):
        members = count_values(type_.base, sizes, integers)
        return 2 ** min(members, BEYOND)  # past 2^BEYOND, any bound is refused alike
    return (integers[1] - integers[0] + 1) if integers else 1  # Z


def interpretation_bound(schema, scope) -> tuple[int, str, int]:
    """(at most how many interpretations the scope has, the structure with
    the most values, how many)."""
    env = schema.environment()
    total, worst, most = 0, "", 0
    for sizes in scope.size_vectors():
        counts = {c.alias: count_values(env[c.alias].type, sizes, scope.integers)
                  for c in schema if c.kind == "structure"}
        total += prod(counts.values())
        for alias, n in counts.items():
            if n > most:
                worst, most = alias, n
    return total, worst, most
