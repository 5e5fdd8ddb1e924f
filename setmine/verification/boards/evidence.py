"""What a counterexample shows, as a TLC or Alloy user expects to read it:
the board, the states of a game from the deal, the values of the property's
sub-terms (each against its convention where it has one), and the failing
formula explained down to the binding that breaks it — the witness of
every quantifier on the path (the ``x`` for which ``x ∉ S2`` fails).

Text (``verdicts.py``) and JSON (``run.to_json``) are both written from one
:class:`Evidence`, so they never say different things.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ...board import Board, structure
from ...board.files.textfile import write_board
from ...board.topology import write_graph_json
from ...crosscheck.agreement import crosscheck
from ...eval.interpret.model import Limits, Result, evaluate_schema
from ...present.explain.trace import Trace, witnesses
from ...rsl.schema import Schema
from .explore import Space, opened_after
from .job import Job, loaded
from ..models.evidence import explained
from .properties import axioms_of, parse_assertion


def counterexample_board(job: Job, found: dict) -> Board:
    """The board of a counterexample: its shape, mines, open cells, move."""
    run = loaded(job.as_dict())
    shape = run.shapes[found["shape"]]
    cells = shape.cells
    pick = (lambda mask: [c for i, c in enumerate(cells) if mask >> i & 1])
    move = None if found["move"] is None else cells[found["move"]]
    return shape.board(pick(found["mines"]), pick(found["opened"]), move)


def board_text(board: Board) -> str:
    """A ``.board`` text with ``*`` on the mines and the ``mines:`` and
    ``move:`` headers; a graph board as its JSON."""
    if board.topology == "graph":
        return write_graph_json(board)
    return write_board(board)


def states(job: Job, found: dict) -> list[Board]:
    """A games counterexample as states, as TLC prints them: the deal with
    nothing open and the first click as its move, then the board after each
    move of the trace with the next move (the last is the failing state)."""
    if not found.get("trace"):
        return []
    run = loaded(job.as_dict())
    shape = run.shapes[found["shape"]]
    space = Space(run, found["shape"])
    cells, mines = shape.cells, found["mines"]
    pick = (lambda mask: [c for i, c in enumerate(cells) if mask >> i & 1])
    out, opened = [], 0
    for move in found["trace"]:
        out.append(shape.board(pick(mines), pick(opened), cells[move]))
        opened = opened_after(space, mines, opened, move, job.cascade)
    final = counterexample_board(job, found)
    if not out or (out[-1].opened, out[-1].move) != (final.opened, final.move):
        out.append(final)
    return out


@dataclass
class Evidence:
    """Why a property fails on its counterexample's board."""

    board: Board
    states: list[Board] = field(default_factory=list)
    values: dict[str, Result] = field(default_factory=dict)
    """The property's sub-terms (and the false axioms' terms) on the board."""
    expected: dict[str, object] = field(default_factory=dict)
    """For each of those whose value is not what its convention says: that."""
    traces: list[Trace] = field(default_factory=list)
    """Each failing formula explained, down to the binding that breaks it."""
    rows: list[str] = field(default_factory=list)
    """crosscheck: the disagreeing terms, one line each."""

    @property
    def witnesses(self) -> list[tuple[str, dict]]:
        """The binding of each quantifier on the path to the failure."""
        return witnesses(self.traces)


_GATHERED: dict[str, Evidence] = {}
"""The last few evidences gathered: the text, the JSON and the page of one
run ask for the same ones, and each is an evaluation of the whole chain."""


def gather(schema: Schema, job: Job, spec: tuple, found: dict) -> Evidence:
    """The evidence of the counterexample ``found`` of the property ``spec``
    (gathered once, however many outputs ask for it)."""
    key = json.dumps([job.digest(), list(spec), found], sort_keys=True, default=str)
    if key not in _GATHERED:
        if len(_GATHERED) >= 8:
            _GATHERED.clear()
        _GATHERED[key] = _gather(schema, job, spec, found)
    return _GATHERED[key]


def _gather(schema: Schema, job: Job, spec: tuple, found: dict) -> Evidence:
    board = counterexample_board(job, found)
    evidence = Evidence(board, states(job, found))
    limits = Limits(*job.limits)
    data = structure(board)
    kind, name = spec
    if kind == "builtin" and name == "crosscheck":
        report = crosscheck(schema, board, limits)
        evidence.rows = [f"{r.alias} = {r.comparison.value}, its convention says "
                         f"{r.comparison.expected}" if r.comparison is not None
                         else f"{r.alias}: {r.message}" for r in report.failures()]
        return evidence
    if kind == "assert":
        formulas = [parse_assertion(schema, name)]
    elif name in ("axioms", "invariants"):
        chain = evaluate_schema(schema, data, limits.budget())
        counted = axioms_of(schema, name)
        formulas = [schema.analysis[a].tree for a, o in chain.items()
                    if a in counted and o.ok and o.value is False]
    else:
        return evidence
    found = explained(schema, data, formulas, limits.budget())
    evidence.values, evidence.traces = found.values, found.traces
    checked = crosscheck(schema, board, limits, only=list(found.values))
    evidence.expected = {r.alias: r.comparison.expected for r in checked.failures()
                         if r.comparison is not None}
    return evidence

