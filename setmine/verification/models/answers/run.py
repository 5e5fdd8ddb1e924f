"""Every model of a schema within a scope, asked the question the user
asked: the properties decided, the models counted, or the first instances
shown — as tasks (``tasks.py``), here or on a Dask cluster, kept in a
checkpoint, and merged.  ``setmine verify --scope models`` and the live
page run it.

What is done:

* with properties (the schema's statements, ``--assert``): each is decided
  size vector by size vector, smallest first, by one SAT query each; a
  property refuted at some number of elements is not looked at in larger
  vectors (its least counterexample is found);
* with nothing to decide, or with ``count``: every size vector's models are
  counted, labelled and up to isomorphism;
* with ``instances`` N given (or nothing to decide): the first N models up
  to isomorphism, the search stopping there.

``answered`` in the result says which of these were done.
"""

from __future__ import annotations

from math import prod

from ....rsl.semantics.types import Element, SetType, TupleType
from ...cluster import run_tasks
from . import tasks as taskmod

DEFAULT_INSTANCES = 3
"""The instances shown when nothing is decided and none is asked for."""


def plan(schema, scope, asserts: list[str], instances: int | None, count: bool,
         symmetry: bool = True, parts: int = 1, recheck: bool = False,
         memory: int | None = None) -> tuple[list[dict], dict]:
    """The tasks of a run, in the order they are needed, and what they answer."""
    properties = taskmod.properties_of(schema, asserts)
    counting = count or (not properties and instances is None)
    shown = instances if instances is not None else (0 if properties else DEFAULT_INSTANCES)
    text = schema.dump()
    planned: list[dict] = []
    for sizes in scope.size_vectors():
        def make(kind, **more):
            return taskmod.task(kind, text, schema.path, sizes, scope.integers, symmetry,
                                recheck=recheck, **more)
        if properties:
            planned.append(make("decide", properties=properties))
        if counting:
            planned += [make("count", part=i, parts=parts, memory=memory) for i in range(parts)]
        if shown:
            planned.append(make("list", instances=shown))
    return planned, {"decided": [p["name"] for p in properties], "counted": counting,
                     "instances": shown}


def search(schema, scope, asserts: list[str], instances: int | None = None, budget=None,
           progress=None, symmetry: bool = True, workers: int | None = None,
           scheduler: str | None = None, checkpoint: str | None = None,
           memory_limit: int | None = None, finished=None, count: bool = False,
           recheck: bool = False, parts: int | None = None, partial: dict | None = None
           ) -> dict:
    """The run (see the module's text): ``progress(tried, labelled)`` within
    a task run here; ``finished(done, total, result)`` after each task;
    ``partial``, a dict, holds the merged results so far as the run goes
    (``partial["outcome"]``), for a run stopped half-way."""
    here = workers is None and scheduler is None
    if parts is None:
        parts = 1 if here else 2 * (workers or 2)
    planned, answered = plan(schema, scope, asserts, instances, count, symmetry, parts, recheck,
                             memory_limit)
    results: dict[int, dict] = {}

    def fn(task):
        return taskmod.run_task(task, budget, progress)

    def done(i: int, result: dict) -> None:
        results[i] = taskmod.decode(result)
        if partial is not None:
            partial["outcome"] = merge(planned, results, answered)
        if finished is not None:
            finished(len(results), len(planned), result)

    def needed(i: int) -> bool:
        if not is_needed(planned, results, i, answered):
            return False
        if planned[i]["kind"] == "decide":   # only what fewer elements left open
            still = open_properties(planned, results, i)
            planned[i]["properties"] = [p for p in planned[i]["properties"]
                                        if p["name"] in still]
        return True
    if partial is not None:
        partial["outcome"] = merge(planned, results, answered)
        partial["tasks"] = len(planned)
    run_tasks(fn if here else taskmod.run_task, planned, workers=workers, scheduler=scheduler,
              checkpoint=checkpoint, identity=taskmod.identity(planned), on_result=done,
              memory_limit=memory_limit, needed=needed,
              in_flight=1)   # few long tasks: each worker takes the next as it ends
    return merge(planned, results, answered, complete=True)


def is_needed(planned: list[dict], results: dict[int, dict], i: int, answered: dict) -> bool:
    """Whether task ``i`` can still change the answer, given the results so
    far: a ``decide`` task not when every property is refuted by fewer
    elements; a ``list`` task not when the instances are all found."""
    task = planned[i]
    if task["kind"] == "decide":
        size = sum(task["sizes"].values())
        least: dict[str, int] = {}
        for j, r in results.items():
            if planned[j]["kind"] == "decide":
                for p in r["properties"]:
                    if not p["holds"]:
                        least[p["name"]] = min(least.get(p["name"], size + 1), p["weight"][0])
        return not all(least.get(name, size + 1) < size for name in answered["decided"])
    if task["kind"] == "list":
        found = sum(len(r["instances"]) for j, r in results.items()
                    if planned[j]["kind"] == "list")
        return found < answered["instances"]
    return True


def open_properties(planned: list[dict], results: dict[int, dict], i: int) -> set[str]:
    """The properties of decide task ``i`` that no finished task refuted
    with fewer elements (one refuted with as many may still have a lesser
    counterexample here: fewer members)."""
    size = sum(planned[i]["sizes"].values())
    refuted = {p["name"] for j, r in results.items() if planned[j]["kind"] == "decide"
               for p in r["properties"] if not p["holds"] and p["weight"][0] < size}
    return {p["name"] for p in planned[i]["properties"]} - refuted


def merge(planned: list[dict], results: dict[int, dict], answered: dict,
          complete: bool = False) -> dict:
    """The scope's outcome from the tasks' results (any of them missing when
    the run stopped half-way: ``complete`` False)."""
    vectors: dict[str, dict] = {}   # size vector → what is known of it
    order: list[str] = []
    for i, task in enumerate(planned):
        key = _key(task["sizes"])
        if key not in vectors:
            vectors[key] = {"sizes": task["sizes"], "decided": None, "count_parts": 0,
                            "count_done": 0, "fixed": 0, "group": 1, "labelled": 0,
                            "models": 0, "listed": None}
            order.append(key)
        v = vectors[key]
        r = results.get(i)
        if task["kind"] == "count":
            v["count_parts"] += 1
        if r is None:
            continue
        if task["kind"] == "decide":
            v["decided"] = r
        elif task["kind"] == "count":
            v["count_done"] += 1
            if r["how"] == "counted":
                v["fixed"] += r["fixed"]
                v["group"] = r["group"]
                v["labelled"] += r["labelled"] or 0
            else:
                v["models"] += r["models"] or 0
                v["labelled"] += r["labelled"] or 0
            v["how"] = r["how"]
        else:
            v["listed"] = r
    out = {"answered": answered, "complete": complete, "models": None, "labelled": None,
           "tried": 0, "queries": 0, "engine": "sat", "left_to_evaluator": [],
           "properties": [], "instances": [], "first": None, "vectors": [],
           "has_model": False}
    notes: set[str] = set()
    best: dict[str, dict] = {}
    decided_up_to: dict[str, list] = {}
    counted_models = counted_labelled = 0
    counts_complete = answered["counted"]
    for key in order:
        v = vectors[key]
        entry = {"sizes": v["sizes"]}
        if answered["counted"]:
            if v["count_parts"] and v["count_done"] == v["count_parts"]:
                models = v["fixed"] // v["group"] if v.get("how") == "counted" else v["models"]
                entry.update(models=models, labelled=v["labelled"])
                counted_models += models
                counted_labelled += v["labelled"]
                out["has_model"] = out["has_model"] or models > 0
            else:
                counts_complete = False
        r = v["decided"]
        if r is not None:
            out["tried"] += r["tried"]
            out["queries"] += r["queries"]
            notes.update(r["left_to_evaluator"])
            if r["engine"] == "enumeration":
                out["engine"] = "enumeration"
            out["has_model"] = out["has_model"] or r["has_model"]
            for p in r["properties"]:
                decided_up_to.setdefault(p["name"], []).append(v["sizes"])
                b = best.get(p["name"])
                if b is None or (b["holds"] and not p["holds"]) or \
                        (not p["holds"] and not b["holds"] and p["weight"] < b["weight"]):
                    best[p["name"]] = dict(p)
            entry["decided"] = [p["name"] for p in r["properties"]]
        if v["listed"] is not None:
            r = v["listed"]
            out["tried"] += r["tried"]
            notes.update(r["left_to_evaluator"])
            if r["engine"] == "enumeration":
                out["engine"] = "enumeration"
            out["instances"] += r["instances"]
            out["has_model"] = out["has_model"] or r["has_model"]
        out["vectors"].append(entry)
    if answered["counted"] and (counts_complete or not complete):
        out["models"], out["labelled"] = counted_models, counted_labelled
        out["counts_complete"] = counts_complete
    for name in answered["decided"]:
        p = best.get(name)
        if p is None:
            continue
        p["decided_in"] = decided_up_to.get(name, [])
        out["properties"].append(p)
    out["instances"] = out["instances"][:answered["instances"]]
    out["first"] = out["instances"][0] if out["instances"] else None
    out["left_to_evaluator"] = sorted(notes)
    for p in out["properties"]:
        if not p["holds"] and out["first"] is None:
            out["first"] = p["counterexample"]
    return out


def _key(sizes: dict) -> str:
    return ",".join(f"{a}={n}" for a, n in sizes.items())


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
