"""``verify --scope models`` as tasks: one per size vector of the scope.

A task is plain data (the schema's text, one size vector, the properties),
so it runs here or on a Dask worker, and its result is plain JSON, so a
checkpoint keeps it (``verify/checkpoint.py``, ``verify/cluster.py``).
Size vectors are independent: their models are distinct (isomorphic models
have the same sizes), so the scope's counts are the sums of theirs, and a
property's smallest counterexample is the least of theirs (fewest
elements, then fewest members; the first size vector on a tie).

``outcome`` does one size vector: every model (``sat.models``, or the
enumerating ``search.models`` when a domain does not ground), sorted into
classes by nauty (``canonical.Classes``); each property checked once per
class — a property holds on a whole class or on none of it.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from ...eval.values.budget import Budget
from .canonical import Classes
from .naive import Interpretation
from .scope import ModelScope


def plan(schema, scope: ModelScope, asserts: list[str], instances: int,
         symmetry: bool) -> list[dict]:
    text = schema.dump()
    return [{"schema": text, "path": schema.path, "sizes": dict(sizes),
             "integers": list(scope.integers) if scope.integers else None,
             "asserts": list(asserts), "instances": instances, "symmetry": symmetry}
            for sizes in scope.size_vectors()]


def identity(tasks: list[dict]) -> dict:
    """What a checkpoint of these tasks belongs to."""
    first = tasks[0] if tasks else {}
    digest = hashlib.sha256(json.dumps(
        [{k: v for k, v in t.items() if k != "path"} for t in tasks],
        sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return {"setmine verify --scope models": digest, "spec": first.get("path"),
            "size vectors": len(tasks)}


@lru_cache(maxsize=4)
def _schema(text: str, path: str | None):
    from ...rsl.schema import Schema

    return Schema.parse(text, path)


def run_task(task: dict, budget: Budget | None = None, progress=None) -> dict:
    """One size vector, on whichever process runs it: its result as JSON."""
    schema = _schema(task["schema"], task["path"])
    scope = ModelScope(tuple((a, n, n) for a, n in task["sizes"].items()),
                       tuple(task["integers"]) if task["integers"] else None)
    found = outcome(schema, scope, task["asserts"], task["instances"], budget, progress,
                    task["symmetry"])
    return encode(found)


def properties_of(schema, asserts: list[str]) -> list[dict]:
    theorems = [c.alias for c in schema if c.kind == "theorem"]
    return ([{"name": t, "formula": schema[t].formal} for t in theorems]
            + [{"name": f, "formula": f} for f in asserts])


def outcome(schema, scope: ModelScope, asserts: list[str], instances: int,
            budget: Budget | None = None, progress=None, symmetry: bool = True) -> dict:
    """Every model of ``scope``, counted; each property checked on each
    class; the least counterexample of each and the first ``instances``
    classes; ``progress(tried, labelled)`` after each model."""
    from ...eval.interpret.model import evaluate, evaluate_schema
    from ...rsl.syntax.errors import RSLError
    from . import sat
    from . import search as enumeration

    budget = budget or Budget()
    theorems = [c.alias for c in schema if c.kind == "theorem"]
    properties = [{**p, "holds": True, "counterexample": None}
                  for p in properties_of(schema, asserts)]
    engine = "sat" if sat.why_not(schema, scope) is None else "enumeration"
    notes: list[str] = []
    tried = [0]
    found = (sat.models(schema, scope, budget, tried, symmetry, notes) if engine == "sat" else
             enumeration.models(schema, scope, budget, tried, symmetry))
    classes = Classes(schema, every=not symmetry)
    for model in found:
        new = classes.add(model)
        if progress is not None:
            progress(tried[0], classes.labelled)
        if not new:
            continue   # a property holds on a whole class or on none of it
        results = evaluate_schema(schema, model.values, budget, only=theorems) if theorems \
            else {}
        for p in properties:
            if not p["holds"] and p["weight"] <= weight(model):
                continue  # it has a counterexample no larger than this model
            try:
                truth = (results[p["name"]].value if p["name"] in results
                         and results[p["name"]].ok else
                         evaluate(schema, p["formula"], model.values, budget))
            except RSLError as exc:
                truth = exc
            if truth is not True:
                p.update(holds=False, counterexample=model, weight=weight(model),
                         error=truth if isinstance(truth, RSLError) else None)
    first = list(classes.representatives.values())
    return {"models": len(classes), "labelled": classes.labelled, "tried": tried[0],
            "engine": engine, "left_to_evaluator": notes, "properties": properties,
            "instances": first[:instances], "first": first[0] if first else None}


def weight(model: Interpretation) -> tuple[int, int]:
    """How large a model is: its elements, then the members of its
    structures (a counterexample is shown on the least)."""
    return (sum(model.sizes.values()),
            sum(len(v) for a, v in model.values.items()
                if a not in model.sizes and isinstance(v, frozenset)))


def merge(outcomes: list[dict]) -> dict:
    """The scope's outcome from its size vectors' (in the scope's order)."""
    if not outcomes:
        return {"models": 0, "labelled": 0, "tried": 0, "engine": "sat",
                "left_to_evaluator": [], "properties": [], "instances": [], "first": None}
    merged = {"models": sum(o["models"] for o in outcomes),
              "labelled": sum(o["labelled"] for o in outcomes),
              "tried": sum(o["tried"] for o in outcomes),
              "engine": "enumeration" if any(o["engine"] == "enumeration" for o in outcomes)
              else "sat",
              "left_to_evaluator": sorted({n for o in outcomes for n in o["left_to_evaluator"]}),
              "properties": [], "instances": [], "first": None}
    for i, p in enumerate(outcomes[0]["properties"]):
        best = dict(p)
        for o in outcomes[1:]:
            q = o["properties"][i]
            if not q["holds"] and (best["holds"] or q["weight"] < best["weight"]):
                best = dict(q)
        merged["properties"].append(best)
    for o in outcomes:
        merged["instances"] += o["instances"]
        if merged["first"] is None:
            merged["first"] = o["first"]
    return merged


# -- as JSON, for a worker's answer and a checkpoint
def encode(found: dict) -> dict:
    def model(m):
        return None if m is None else {"sizes": m.sizes,
                                       "values": {a: _value(v) for a, v in m.values.items()}}
    return {**found, "first": model(found["first"]),
            "instances": [model(m) for m in found["instances"]],
            "properties": [{**p, "counterexample": model(p["counterexample"]),
                            "weight": list(p.get("weight", ())),
                            "error": ({"code": p["error"].code, "message": p["error"].message,
                                       "span": list(p["error"].span)}
                                      if p.get("error") else None)}
                           for p in found["properties"]]}


def decode(found: dict) -> dict:
    from ...rsl.syntax.errors import RSLError

    def model(m):
        return None if m is None else Interpretation(
            dict(m["sizes"]), {a: _unvalue(v) for a, v in m["values"].items()})
    return {**found, "first": model(found["first"]),
            "instances": [model(m) for m in found["instances"]],
            "properties": [{**p, "counterexample": model(p["counterexample"]),
                            "weight": tuple(p["weight"]),
                            "error": (RSLError(p["error"]["code"], p["error"]["message"],
                                               *p["error"]["span"]) if p["error"] else None)}
                           for p in found["properties"]]}


def _value(v):
    if isinstance(v, frozenset):
        return {"set": sorted((_value(m) for m in v), key=_sort_key)}
    if isinstance(v, tuple):
        return {"tuple": [_value(m) for m in v]}
    return v


def _unvalue(v):
    if isinstance(v, dict):
        if "set" in v:
            return frozenset(_unvalue(m) for m in v["set"])
        return tuple(_unvalue(m) for m in v["tuple"])
    return v


def _sort_key(v) -> str:
    return json.dumps(v, sort_keys=True)


__all__ = ["decode", "encode", "identity", "merge", "outcome", "plan", "run_task", "weight"]
