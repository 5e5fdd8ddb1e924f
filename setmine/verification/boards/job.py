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
from pathlib import Path
from dataclasses import asdict, dataclass
from functools import lru_cache

from ...base.interface import CELLS, MOVE_AXIOM, STRUCTURES
from ...board.board import Adjacency
from ...board.shapes import Shape
from ...eval.interpret.model import Limits
from ...rsl.schema import Schema
from .memo import Memo
from .properties import PropertyError, counts_mines, default_properties, make
from .scope import ScopeError, count_deals, count_positions, parse_mines, parse_shapes
from .symmetry import Symmetry, mine_orbits

TASK_STATES = 20_000
"""About how many distinct states one task visits (positions scope)."""
TASK_OPEN_SETS = 1_000
"""About how many sets of open cells, up to symmetry, one task decides
when its positions are decided by groups of placements (``grouped.py``)."""



class VerifyError(Exception):
    """A verification that cannot go on: a property the schema cannot decide
    on a state, a scope over its budget.  The text says what and where;
    ``about`` names what was asked wrongly (``schema``, ``shapes``,
    ``properties``, ``scope``), when one thing was."""

    def __init__(self, message: str, about: str = "") -> None:
        super().__init__(message)
        self.about = about


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


# -- a job from a user's words: the shapes, the mine counts, the properties,
# the scope — checked before any state is visited.  ``setmine verify`` and the
# live page build their jobs here; each names its options its own way (``where``)

def missing_structures(schema: Schema) -> list[str]:
    """What a board scope needs and ``schema`` does not declare: a board's
    states give X1 and S1…S4 their values (``X1 (basic)``, ``S2 (structure)``)."""
    wanted = {alias: "basic" if alias == CELLS else "structure" for alias in STRUCTURES}
    return [f"{alias} ({kind})" for alias, kind in wanted.items()
            if alias not in schema or schema[alias].kind != kind]


def build_job(schema: Schema, *, shapes: str, mines: str | None = None,
              properties: list | tuple = (), scope: str = "positions", symmetry: bool = True,
              first_click: str = "safe", cascade: bool = False, limits: tuple | None = None,
              max_states: int = 10 ** 7, schema_path: str = "",
              where: dict | None = None) -> Job:
    """The job, or a :class:`VerifyError` saying what is wrong (``where``
    names the options: ``{"shapes": "--shapes/--mines", "scope": "--scope
    positions", "properties": "no --property or --assert was given",
    "otherwise": "for any other schema: …"}``, the last said after a
    schema that is not about boards)."""
    where = {"shapes": "shapes/mines", "scope": f"the {scope} scope",
             "properties": "no property was asked for", "otherwise": "", **(where or {})}
    missing = missing_structures(schema)
    if missing:
        raise VerifyError(f"{where['scope']} checks a schema of Minesweeper on boards, whose "
                          f"states give {', '.join(STRUCTURES)} their values; "
                          f"{schema.path or 'the schema'} does not declare {', '.join(missing)}"
                          + (f" ({where['otherwise']})" if where.get("otherwise") else ""),
                          "schema")
    try:
        parsed_shapes = parse_shapes(shapes)
        parsed_mines = parse_mines(mines)
    except ScopeError as exc:
        raise VerifyError(f"{where['shapes']}: {exc}", "shapes") from None
    specs = list(properties) or default_properties(schema, scope)
    if not properties and not any(c.kind == "axiom" for c in schema):
        raise VerifyError(f"nothing to check: {schema.path or 'the schema'} has no axiom, and "
                          f"{where['properties']}", "properties")
    memo = Memo(schema)
    for spec in specs:
        try:
            make(schema, spec, memo)
        except PropertyError as exc:
            raise VerifyError(str(exc), "properties") from None
    if scope == "games" and (MOVE_AXIOM not in schema or schema[MOVE_AXIOM].kind != "axiom"):
        raise VerifyError(f"{where['scope']}: the schema's player moves where the move axiom "
                          f"{MOVE_AXIOM} allows, and {schema.path or 'the schema'} has no "
                          f"axiom {MOVE_AXIOM}", "scope")
    return Job(schema_text=schema.source,
               schema_path=schema_path or f"spec/{Path(schema.path or 'schema.rsl').name}",
               shapes=tuple(shape_data(s) for s in parsed_shapes), properties=tuple(specs),
               scope=scope, symmetry=symmetry,
               mines=(parsed_mines.low, parsed_mines.high), first_click=first_click,
               cascade=cascade, **({"limits": limits} if limits else {}),
               max_states=max_states)


def state_count(job: Job, max_states: int, over: str = "the budget",
                remedy: str = "narrow the shapes or the mines") -> int:
    """The job's states (positions; deals × first clicks for games), or a
    :class:`VerifyError` when there is none or more than ``max_states``
    (``over`` names that bound, ``remedy`` says what to do)."""
    total = 0
    for shape in job.shapes:
        n = len(shape["cells"])
        counts = job.mine_counts(n)
        total += count_positions(n, counts) if job.scope == "positions" \
            else count_deals(n, counts) * n
    if total == 0:
        sizes = ", ".join(f"{s['name']} ({len(s['cells'])} cells)" for s in job.shapes)
        raise VerifyError(f"the scope has no state: no board of {sizes} takes the mine counts "
                          f"asked for (at most cells − 1 mines, so that a safe cell is left)", "shapes")
    if total > max_states:
        what = "states" if job.scope == "positions" else "deals × first clicks"
        raise VerifyError(f"the scope has {total:,} {what}, more than {over} {max_states:,}: "
                          f"{remedy}", "shapes")
    return total
