"""A verification as data: what to check, where, cut into tasks.

A :class:`Job` holds everything a worker needs — the schema's text, the
shapes' cells and neighbours, the properties, the scope's options — as
plain JSON-able values, so a task can run in this process, in a worker
process or on another machine, and a checkpoint can tell whether it
belongs to the same run.  :func:`plan` cuts a job into tasks of bounded
size: one shape, one mine count, one slice of its mine placements.

A task answers with a :class:`Tally` as a dict: the states it visited
(before and after symmetry reduction) and, per property, how many states
it was checked on and its least counterexample in the canonical order
(``key``: fewest cells, then fewest mines, then fewest open cells; for
games, the shortest trace first).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import asdict, dataclass
from functools import lru_cache

from ...board.board import Adjacency
from ...board.shapes import Shape
from ...eval.interpret.model import Limits
from ...rsl.schema import Schema
from .memo import Memo
from .properties import counts_mines, make
from .scope import count_positions
from .symmetry import Symmetry, mine_orbits

TASK_STATES = 20_000
"""About how many distinct states one task visits (positions scope)."""
TASK_OPEN_SETS = 1_000
"""About how many sets of open cells, up to symmetry, one task decides
when its positions are decided by groups of placements (``grouped.py``)."""



class VerifyError(Exception):
    """A verification that cannot go on: a property the schema cannot decide
    on a state, a scope over its budget.  The text says what and where."""


@dataclass(frozen=True)
class Job:
    schema_text: str
    schema_path: str
    shapes: tuple            # ({"topology", "rows", "cols", "name", "cells", "pairs"}, …)
    properties: tuple        # (("assert", text) | ("builtin", name), …)
    scope: str = "positions"
    symmetry: bool = True
    mines: tuple = (0, None)  # the mine counts: low..high (None: cells − 1)
    first_click: str = "safe"
    cascade: bool = False
    limits: tuple = (Limits().max_elements, Limits().max_seconds)
    max_states: int = 10 ** 7

    def as_dict(self) -> dict:
        return json.loads(json.dumps(asdict(self)))

    @classmethod
    def from_dict(cls, d: dict) -> "Job":
        d = dict(d)
        d["shapes"] = tuple(d["shapes"])
        d["properties"] = tuple(tuple(p) for p in d["properties"])
        d["mines"], d["limits"] = tuple(d["mines"]), tuple(d["limits"])
        return cls(**d)

    def digest(self) -> str:
        return hashlib.sha256(json.dumps(self.as_dict(), sort_keys=True).encode()).hexdigest()

    def mine_counts(self, cells: int) -> range:
        low, high = self.mines
        return range(low, min(cells - 1 if high is None else high, cells - 1) + 1)


def shape_data(shape: Shape) -> dict:
    cells = list(shape.cells)
    index = {c: i for i, c in enumerate(cells)}
    pairs = sorted((index[a], index[b]) for a in cells for b in shape.neighbours[a])
    return {"topology": shape.topology, "rows": shape.rows, "cols": shape.cols,
            "name": shape.name, "cells": [list(c) for c in cells], "pairs": pairs}


def shape_of(data: dict) -> Shape:
    cells = [tuple(c) for c in data["cells"]]
    relation: dict = {c: set() for c in cells}
    for i, j in data["pairs"]:
        relation[cells[i]].add(cells[j])
    return Shape(data["topology"], data["rows"], data["cols"], Adjacency(relation), data["name"])


class Loaded:
    """A job read back on a worker: its schema, shapes and symmetries."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.schema = Schema.parse(job.schema_text, job.schema_path)
        self.shapes = [shape_of(s) for s in job.shapes]
        self._symmetries: dict[int, Symmetry] = {}
        self._checker: tuple | None = None

    def symmetry(self, index: int) -> Symmetry:
        if index not in self._symmetries:
            self._symmetries[index] = Symmetry.of(self.shapes[index], self.job.symmetry)
        return self._symmetries[index]

    def checker(self, index: int) -> tuple[Memo, list]:
        """The term memo and the properties of shape ``index``: one per shape
        in each process, so that what reads only X1 and S1 is computed once
        per shape, whichever of its tasks comes first."""
        if self._checker is None or self._checker[0] != index:
            memo = Memo(self.schema, Limits(*self.job.limits))
            self._checker = (index, memo, [make(self.schema, spec, memo)
                                           for spec in self.job.properties])
        return self._checker[1], self._checker[2]


@lru_cache(maxsize=4)
def _loaded(text: str) -> Loaded:
    return Loaded(Job.from_dict(json.loads(text)))


def loaded(job: dict) -> Loaded:
    """The job of a task, read once per process."""
    return _loaded(json.dumps(job, sort_keys=True))


# ----------------------------------------------------------------------------
# Tasks

def plan(job: Job) -> list[dict]:
    """The tasks of ``job``, in the canonical order of their states."""
    run = Loaded(job)
    tasks = []
    # whether the properties count the mines is read off their formulas: the same on every shape
    grouped = job.scope == "positions" and bool(run.shapes) and counts_mines(run.checker(0)[1])
    for index, shape in enumerate(run.shapes):
        n = len(shape.cells)
        sym = run.symmetry(index)
        for k in job.mine_counts(n):
            if job.scope == "games":  # one deal a task: the games of one deal can be many
                parts = len(mine_orbits(sym, k))
            elif grouped:  # a slice of the open sets' orbits, each decided by groups
                parts = math.ceil(2 ** n / sym.order / TASK_OPEN_SETS)
            else:
                parts = math.ceil(count_positions(n, [k]) / sym.order / TASK_STATES)
            for i in range(max(parts, 1)):
                tasks.append({"scope": job.scope, "shape": index, "mines": k,
                              "chunk": [i, max(parts, 1)]})
    return tasks


class Tally:
    """What a task found."""

    def __init__(self, properties: int) -> None:
        self.states = self.distinct = 0
        self.checked = [0] * properties
        self.found: list[dict | None] = [None] * properties

    def as_dict(self) -> dict:
        return {"states": self.states, "distinct": self.distinct,
                "properties": [{"checked": c, "counterexample": f}
                               for c, f in zip(self.checked, self.found)]}


def merge(results: list[dict], properties: int) -> dict:
    """The tallies of every task as one: sums, and each property's least
    counterexample by its key."""
    total = {"states": 0, "distinct": 0,
             "properties": [{"checked": 0, "counterexample": None} for _ in range(properties)]}
    for r in results:
        total["states"] += r["states"]
        total["distinct"] += r["distinct"]
        for mine, theirs in zip(total["properties"], r["properties"]):
            mine["checked"] += theirs["checked"]
            found = theirs["counterexample"]
            if found is not None and (mine["counterexample"] is None
                                      or found["key"] < mine["counterexample"]["key"]):
                mine["counterexample"] = found
    return total
