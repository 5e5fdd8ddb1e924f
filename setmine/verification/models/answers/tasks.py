"""``verify --scope models`` as tasks of three kinds, each about one size
vector, each plain data with a plain JSON result — so that it runs here or
on a Dask worker and a checkpoint keeps it (``verification/checkpoint.py``,
``verification/cluster.py``):

* ``decide``: the properties at that vector (``deciding.Decider``: one SAT
  query for a least counterexample of each property whose circuit is exact;
  the models gone through, ``listing.py``, for the others);
* ``count``: one part of the vector's count — the models fixed by some of
  the renamings Burnside's lemma averages over (``counting.py``), or, when
  the axioms' circuits are not exact, its share of the models listed
  (shared by an invariant of the class: ``sat.Grounded.shares``);
* ``list``: the vector's first instances, one per class.

Size vectors are independent: their models are distinct (isomorphic models
have the same sizes), so the scope's counts are the sums of theirs, and a
property's least counterexample is the least of theirs (fewest elements,
then fewest members; the first size vector on a tie).  ``merge`` puts the
finished results together — also of a run stopped half-way.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from ....eval.values.budget import Budget
from ..naive import Interpretation
from ..scope import ModelScope


def task(kind: str, schema_text: str, path, sizes: dict, integers, symmetry: bool,
         **more) -> dict:
    return {"kind": kind, "schema": schema_text, "path": path, "sizes": dict(sizes),
            "integers": list(integers) if integers else None, "symmetry": symmetry, **more}


def identity(tasks: list[dict]) -> dict:
    """What a checkpoint of these tasks belongs to."""
    first = tasks[0] if tasks else {}
    digest = hashlib.sha256(json.dumps(
        [{k: v for k, v in t.items() if k != "path"} for t in tasks],
        sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return {"setmine verify --scope models": digest, "spec": first.get("path"),
            "tasks": len(tasks)}


@lru_cache(maxsize=4)
def _schema(text: str, path: str | None):
    from ....rsl.schema import Schema

    return Schema.parse(text, path)


def run_task(task: dict, budget: Budget | None = None, progress=None) -> dict:
    """One task, on whichever process runs it: its result as JSON."""
    schema = _schema(task["schema"], task["path"])
    integers = tuple(task["integers"]) if task["integers"] else None
    scope = ModelScope(tuple((a, n, n) for a, n in task["sizes"].items()), integers)
    budget = budget or Budget()
    if task["kind"] == "decide":
        found = decide(schema, scope, task["properties"], budget, progress, task["symmetry"],
                       task.get("recheck", False))
    elif task["kind"] == "count":
        found = count(schema, scope, task["part"], task["parts"], budget, progress,
                      task["symmetry"], task.get("recheck", False), task.get("memory"))
    else:
        from .listing import listing
        found = listing(schema, scope, [], task["instances"], False, budget, progress,
                        task["symmetry"], task.get("recheck", False))
    return encode({"kind": task["kind"], "sizes": dict(task["sizes"]), **found})


def properties_of(schema, asserts: list[str]) -> list[dict]:
    theorems = [c.alias for c in schema if c.kind == "theorem"]
    return ([{"name": t, "formula": schema[t].formal} for t in theorems]
            + [{"name": f, "formula": f} for f in asserts])


def _tree(schema, p: dict):
    return schema.tree(p["name"]) if p["name"] in schema else \
        schema.expression_tree(p["formula"])


def decide(schema, scope: ModelScope, properties: list[dict], budget: Budget, progress=None,
           symmetry: bool = True, recheck: bool = False) -> dict:
    """Each property at one size vector: ``holds`` here, or its least
    counterexample here; ``how`` it was decided; whether the vector has a
    model at all."""
    from .. import sat
    from .deciding import Decider
    from .listing import listing

    sizes = dict(next(scope.size_vectors()))
    out: list[dict] = []
    slow: list[dict] = []   # decided by going through the models
    has_model = None
    queries = 0
    if sat.why_not(schema, scope) is None:
        with Decider(schema, sizes, scope.integers, symmetry, budget, recheck) as decider:
            for p in properties:
                literal, why = decider.circuit_of(_tree(schema, p))
                if why is not None:
                    slow.append({**p, "why": why})
                    continue
                verdict = decider.decide(p["name"], p["formula"], literal)
                out.append({**p, "holds": verdict.holds, "how": "query",
                            "counterexample": verdict.counterexample,
                            "weight": verdict.weight, "error": verdict.error})
                if not verdict.holds:
                    has_model = True
            if has_model is None and not slow:
                has_model = decider.model() is not None
            queries = decider.queries
            notes = list(decider.grounded.left_to_evaluator)
            engine = "sat"
    else:
        slow, notes, engine = list(properties), [], "enumeration"
    tried = 0
    if slow:
        listed = listing(schema, scope, [{"name": p["name"], "formula": p["formula"]}
                                         for p in slow],
                         None, True, budget, progress, symmetry, recheck)
        by_name = {p["name"]: p for p in listed["properties"]}
        for p in slow:
            q = by_name[p["name"]]
            out.append({**p, "holds": q["holds"], "how": "every model",
                        "counterexample": q["counterexample"], "weight": q.get("weight"),
                        "error": q.get("error")})
        has_model = has_model or listed["has_model"]
        tried, engine = listed["tried"], listed["engine"]
        notes = sorted(set(notes) | set(listed["left_to_evaluator"]))
    order = {p["name"]: i for i, p in enumerate(properties)}
    out.sort(key=lambda p: order[p["name"]])
    return {"properties": out, "has_model": bool(has_model), "queries": queries,
            "tried": tried, "engine": engine, "left_to_evaluator": notes}


def count(schema, scope: ModelScope, part: int, parts: int, budget: Budget, progress=None,
          symmetry: bool = True, recheck: bool = False, memory: int | None = None) -> dict:
    """Part ``part`` of ``parts`` of one size vector's count: Σ weight ·
    Fix(g) over its share of the renamings (``counting.py``; dealt by their
    estimated cost, 2^(orbits/5), the identity's count cut in two cubes),
    and Fix of the identity (or of its cubes) when it has it; or, when the axioms'
    circuits are not exact, its share of the models listed
    (``listing``'s ``share``)."""
    from .. import sat
    from . import counting
    from ..exactness import inexact
    from ..naive import renamed
    from .listing import listing

    sizes = dict(next(scope.size_vectors()))
    grounded = None
    if sat.why_not(schema, scope) is None:
        grounded = sat.Grounded(schema, sizes, scope.integers, symmetry=False)
        axioms = [c.alias for c in schema if c.kind == "axiom"]
        if grounded.left_to_evaluator or any(inexact(schema, schema.tree(a)) for a in axioms):
            grounded = None
    if grounded is None:   # every model listed, the P parts sharing them by an invariant
        listed = listing(schema, scope, [], None, True, budget, progress, symmetry, True,
                         share=(part, parts))
        return {"how": "every model", "fixed": None, "models": listed["models"],
                "labelled": listed["labelled"], "tried": listed["tried"],
                "engine": listed["engine"], "left_to_evaluator": listed["left_to_evaluator"]}
    basic = renamed(schema, Interpretation(sizes, {}))
    every = counting.renamings(basic)
    units = [(w, r, []) for w, r in every]
    costs = [2 ** (counting.orbits(grounded, r) / 5) for _, r in every]
    if parts > 1:   # the identity's count, the largest, split in two cubes: Σ of theirs
        halves = counting.cubes(counting.cube_variables(grounded, 1))
        units = [(1, every[0][1], cube) for cube in halves] + units[1:]
        costs = [costs[0] / len(halves)] * len(halves) + costs[1:]
    mine = [units[i] for i in counting.deal(units, costs, parts)[part]]
    counts = counting.count([counting.problem(grounded, r, cube) for _, r, cube in mine],
                            memory)
    total = sum(w * k for (w, _, _), k in zip(mine, counts))
    identity = [k for (_, r, _), k in zip(mine, counts) if r is every[0][1]]
    return {"how": "counted", "fixed": total, "group": counting.group_order(basic),
            "labelled": sum(identity), "models": None, "tried": 0, "engine": "sat",
            "left_to_evaluator": []}


# -- as JSON, for a worker's answer and a checkpoint
def encode(found: dict) -> dict:
    out = dict(found)
    if "properties" in found:
        out["properties"] = [
            {**p, "counterexample": _model(p["counterexample"]),
             "weight": list(p["weight"]) if p.get("weight") else None,
             "error": ({"code": p["error"].code, "message": p["error"].message,
                        "span": list(p["error"].span)} if p.get("error") else None)}
            for p in found["properties"]]
    if "instances" in found:
        out["instances"] = [_model(m) for m in found["instances"]]
    return out


def decode(found: dict | None) -> dict | None:
    from ....rsl.syntax.errors import RSLError

    if found is None:
        return None
    out = dict(found)
    if "properties" in found:
        out["properties"] = [
            {**p, "counterexample": _unmodel(p["counterexample"]),
             "weight": tuple(p["weight"]) if p.get("weight") else None,
             "error": (RSLError(p["error"]["code"], p["error"]["message"], *p["error"]["span"])
                       if p.get("error") else None)}
            for p in found["properties"]]
    if "instances" in found:
        out["instances"] = [_unmodel(m) for m in found["instances"]]
    return out


def _model(m):
    return None if m is None else {"sizes": m.sizes,
                                   "values": {a: _value(v) for a, v in m.values.items()}}


def _unmodel(m):
    return None if m is None else Interpretation(
        dict(m["sizes"]), {a: _unvalue(v) for a, v in m["values"].items()})


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


__all__ = ["count", "decide", "decode", "encode", "identity", "properties_of", "run_task",
           "task"]
