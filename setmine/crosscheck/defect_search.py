"""The defect search: where does a schema's formula betray its convention?

Three kinds of finding, each shown on a minimal board:

* **disagreement** — a term whose value is not what its convention says
  (:mod:`.reference`).  A term is a *root* defect when its own formula is
  wrong: evaluated in isolation (the terms it uses given their reference
  values, :func:`.isolate.evaluate_isolated`) it still disagrees.  A term
  that disagrees only as a chain is *inherited*; ``inherited_from`` names
  the root defects among the terms it depends on that disagree in
  isolation on its minimal board.
* **hidden-information** — a term the move depends on (A6's closure) whose
  value changes between two placements of the mines that agree with the
  same view (same open cells, numbers and total).
* **axiom** — an axiom whose verdict is not the convention's: false on a
  legal position where the reference says it holds, or true where it says
  it fails (A1–A5 are also tried on structures that break them).

The search (:func:`search`) sweeps smallest first: every legal position of
every small shape (:func:`setmine.board.shapes.iter_shapes`: square, torus, hex and
graph shapes of 2…``max_cells`` cells, one per isomorphism class), ordered
by number of cells, then mines, then open cells, then shape; the first
position on which a term fails is minimal.  Then a seeded random phase
over larger boards of all topologies catches what needs more room; a hit
there is shrunk (fewer cells, mines, open cells) by
:func:`.positions.shrink`.  Each finding is explained: the sub-term where the
literal and the corrected formulas differ, the corrected schema's note,
and an element of one value and not the other with the trace of why.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import defaultdict
from dataclasses import dataclass, field

from ..base.interface import INVARIANT_AXIOMS, MINES, MOVE, NEIGHBOURS
from ..board import Board, structure
from ..board.placements import sample_placements
from ..board.shapes import Shape, iter_shapes
from ..eval.interpret.model import Limits, evaluated
from ..rsl.schema import Schema
from ..rsl.syntax.spelling import SUBSCRIPTS
from .agreement import disagreement_story
from .compare import Comparison, canonical, compare, difference
from .isolate import evaluate_chain, evaluate_isolated, roots
from .observability import hidden_story, move_closure
from .positions import random_board, shrink
from .reference import NOTIONS, Facts, defined, reference

A1, A2, A3, A4, A5 = INVARIANT_AXIOMS   # the board's axioms, as interface.py names them

KINDS = ("disagreement", "hidden-information", "axiom")
DEFAULT_SEED = 2013
DEFAULT_BUDGET = 50.0
DEFAULT_MAX_CELLS = 5
DEFAULT_RANDOM = 30
MAX_CELLS = 12
"""The largest boards the sweep tries: it visits every position of every
shape (3^n − 2^n of them for n cells, 527,345 at 12), so larger ones could
never be reached within any budget; the random phase covers larger boards."""


@dataclass
class Witness:
    """The first (minimal) board on which something was seen."""

    alias: str
    how: str                     # own | chain | hidden | axiom
    board: Board
    comparison: Comparison | None = None
    other: Board | None = None   # hidden: the other placement
    mutation: str = ""           # axiom: how the structure was broken
    data: dict | None = None     # axiom on a broken structure: its X1, S1…S4
    values: tuple = ()           # the two values compared, as computed


@dataclass
class SearchResult:
    schema: Schema
    witnesses: dict[tuple[str, str], Witness]
    positions: int = 0
    seconds: float = 0.0
    exhausted: bool = False      # the time budget ran out before the end
    notes: list[str] = field(default_factory=list)
    seed: int = DEFAULT_SEED
    max_cells: int = DEFAULT_MAX_CELLS
    examples: int = DEFAULT_RANDOM


class Search:
    """The state of one search: what has been seen, on which boards."""

    def __init__(self, schema: Schema, limits: Limits, deadline: float):
        self.schema, self.limits, self.deadline = schema, limits, deadline
        kinds = {a: schema[a].kind for a in evaluated(schema) if a in NOTIONS}
        self.terms = [a for a, k in kinds.items() if k == "term"]
        self.axioms = [a for a, k in kinds.items() if k != "term"]
        self.moving = {a for a in kinds if MOVE in self.schema.closure(a) | {a}}
        self.closure = move_closure(schema) & set(self.terms)
        self.seen: dict[tuple[str, str], Witness] = {}
        self.positions = 0

    def out_of_time(self) -> bool:
        return time.process_time() > self.deadline

    def need(self, alias: str, how: str) -> bool:
        return (alias, how) not in self.seen

    def note(self, witness: Witness) -> bool:
        key = (witness.alias, witness.how)
        if key in self.seen:
            return False
        self.seen[key] = witness
        return True

    # -- one position, every move -------------------------------------------

    def pending(self, alias: str) -> bool:
        """Is something still to be found about ``alias``?"""
        hows = ("axiom", "own") if alias in self.axioms else ("chain", "own")
        return any(self.need(alias, h) for h in hows) or (
            alias in self.closure and self.need(alias, "hidden"))

    def examine(self, board: Board, every_move: bool = True) -> dict:
        """Compare the terms still pending on ``board`` (chain and isolated),
        and the move-dependent ones on every move (or on the board's own);
        return the chain."""
        self.positions += 1
        facts = Facts.of(board)
        fixed_terms = [a for a in self.terms if a not in self.moving]
        wanted = [a for a in self.terms + self.axioms if self.pending(a)]
        chain = evaluate_chain(self.schema, structure(board), self.limits,
                               only=[a for a in wanted if a not in self.moving])
        still = [a for a in fixed_terms if self.need(a, "own")]
        isolated = evaluate_isolated(self.schema, facts, self.limits, only=still) if still else {}
        for alias in fixed_terms:
            if alias in chain or alias in isolated:
                expected = reference(alias, facts)
                self._compare(alias, "chain", board, chain.get(alias), expected, facts)
                self._compare(alias, "own", board, isolated.get(alias), expected, facts)
        moving = sorted(a for a in self.moving if a in wanted)
        if not moving:
            return chain
        fixed = {a: o.value for a, o in chain.items() if o.ok and a not in self.moving}
        for move in sorted(board.closed()) if every_move else [board.move]:
            moved = board.with_move(move)
            mfacts = Facts.of(moved)
            data = {**structure(moved), **fixed}
            mchain = evaluate_chain(self.schema, data, self.limits, only=moving)
            miso = evaluate_isolated(self.schema, mfacts, self.limits,
                                     only=[a for a in moving if self.need(a, "own")])
            for alias in moving:
                if defined(alias, mfacts) is not None:
                    continue
                expected = reference(alias, mfacts)
                how = "axiom" if alias in self.axioms else "chain"
                self._compare(alias, how, moved, mchain.get(alias), expected, mfacts)
                self._compare(alias, "own", moved, miso.get(alias), expected, mfacts)
        return chain

    def _compare(self, alias, how, board, outcome, expected, facts) -> None:
        if outcome is None or not outcome.ok or not self.need(alias, how):
            return
        verdict = compare(alias, outcome.value, expected, facts.cells)
        if not verdict.agree:
            self.note(Witness(alias, how, board, verdict, values=(outcome.value, expected)))

    # -- placements of one view ---------------------------------------------

    def hidden(self, boards: list[Board], chains: list[dict]) -> None:
        """Boards with the same view: does a term of the move's closure change?"""
        for alias in sorted(self.closure):
            if not self.need(alias, "hidden") or any(alias not in c for c in chains):
                continue
            values = [canonical(c[alias].value) if c[alias].ok else None for c in chains]
            for i in range(1, len(values)):
                if values[i] is not None and values[0] is not None and values[i] != values[0]:
                    element, side = difference(values[0], values[i])
                    verdict = Comparison(alias, False, element=element, side=side)
                    self.note(Witness(alias, "hidden", boards[0], verdict, other=boards[i],
                                      values=(chains[0][alias].value, chains[i][alias].value)))
                    break

    # -- one question on one board (for shrinking) -----------------------------

    def check(self, alias: str, how: str, board: Board) -> Witness | None:
        """Does ``board`` show the same kind of failure of ``alias``?"""
        if how == "hidden":
            boards = [board] + [board.with_mines(p) for p in sample_placements(board, 6)[1:]]
            chains = [evaluate_chain(self.schema, structure(b), self.limits, only=[alias])
                      for b in boards]
            values = [canonical(c[alias].value) if c[alias].ok else None for c in chains]
            for other, value, chain in zip(boards[1:], values[1:], chains[1:]):
                if None not in (value, values[0]) and value != values[0]:
                    element, side = difference(values[0], value)
                    return Witness(alias, how, board, Comparison(alias, False, element=element,
                                                                 side=side), other=other,
                                   values=(chains[0][alias].value, chain[alias].value))
            return None
        facts = Facts.of(board)
        if defined(alias, facts) is not None:
            return None
        if how == "own":
            outcome = evaluate_isolated(self.schema, facts, self.limits, only=[alias])[alias]
        else:
            outcome = evaluate_chain(self.schema, structure(board), self.limits,
                                     only=[alias])[alias]
        if not outcome.ok:
            return None
        expected = reference(alias, facts)
        verdict = compare(alias, outcome.value, expected, facts.cells)
        return None if verdict.agree else Witness(alias, how, board, verdict,
                                                  values=(outcome.value, expected))

    def shrunk(self, witness: Witness) -> Witness:
        """The witness on a board shrunk as far as the failure persists."""
        if witness.data is not None:
            return witness
        board = shrink(witness.board, lambda b: self.check(witness.alias, witness.how, b)
                       is not None)
        return self.check(witness.alias, witness.how, board) or witness

    # -- broken structures for A1–A5 ----------------------------------------

    def broken(self, board: Board) -> None:
        """A1–A5 on structures that break them: the verdict must be false."""
        data = structure(board)
        cell = board.cells[0]
        pairs = data[NEIGHBOURS]
        one = next(iter(sorted(pairs)))
        variants = [
            (A1, f"cell {cell} has no neighbour",
             {NEIGHBOURS: frozenset(p for p in pairs if cell not in p)}),
            (A2, f"the pair {one} without its reverse",
             {NEIGHBOURS: pairs - {(one[1], one[0])}}),
            (A3, f"cell {cell} is its own neighbour", {NEIGHBOURS: pairs | {(cell, cell)}}),
            (A5, "no move", {MOVE: frozenset()}),
            (A5, "two moves", {MOVE: frozenset(sorted(board.closed())[:2])}),
        ]
        if board.opened:
            first = min(board.opened)
            variants += [(A4, f"open cell {first} is a mine", {MINES: data[MINES] | {first}}),
                         (A5, f"the move on open cell {first}", {MOVE: frozenset({first})})]
        for alias, mutation, change in variants:
            if alias not in self.axioms or not self.need(alias, "axiom"):
                continue
            broken = {**data, **change}
            facts = Facts(broken)
            outcome = evaluate_chain(self.schema, broken, self.limits, only=[alias])[alias]
            if outcome.ok and outcome.value is not reference(alias, facts):
                verdict = Comparison(alias, False, str(outcome.value).lower(),
                                     str(reference(alias, facts)).lower())
                self.note(Witness(alias, "axiom", board, verdict, mutation=mutation, data=broken,
                                  values=(outcome.value, reference(alias, facts))))


# ----------------------------------------------------------------------------
# The sweep and the random phase

def _blocks(shapes):
    """(shape, open cells, [mines…]) in minimal order: cells, then mines,
    then open cells, then shape; a block's boards share the open cells and
    the total, so its placements with equal numbers share a view.
    ``shapes`` come by number of cells, and are taken one size at a time."""
    for n, same in itertools.groupby(shapes, key=lambda shape: len(shape.cells)):
        same = list(same)
        for m in range(n):
            for k in range(n - m):
                for shape in same:
                    cells = shape.cells
                    for opened in itertools.combinations(cells, k):
                        closed = [c for c in cells if c not in opened]
                        mines = [frozenset(ms) for ms in itertools.combinations(closed, m)
                                 if len(ms) < len(closed)]
                        if mines:
                            yield shape, frozenset(opened), mines


def search(schema: Schema, budget: float = DEFAULT_BUDGET, seed: int = DEFAULT_SEED,
           max_cells: int = DEFAULT_MAX_CELLS, examples: int = DEFAULT_RANDOM,
           limits: Limits = Limits(max_elements=200_000, max_seconds=5.0),
           progress=None) -> SearchResult:
    """Search ``schema`` for defects within ``budget`` seconds of CPU time
    (CPU time, so that a busy machine does not cut the search short), on
    boards of 2 to ``max_cells`` cells (at most :data:`MAX_CELLS`: ValueError
    beyond).  ``progress(cpu_seconds_used, positions)``, if given, is called
    between positions."""
    if not 2 <= max_cells <= MAX_CELLS:
        raise ValueError(f"the sweep takes boards of 2 to {MAX_CELLS} cells, not {max_cells}: it "
                         "visits every position of every shape (3^n − 2^n for n cells), so "
                         f"beyond {MAX_CELLS} it could not finish; the random phase covers "
                         "larger boards")
    started, clock = time.monotonic(), time.process_time()
    state = Search(schema, limits, clock + budget)
    result = SearchResult(schema, state.seen, seed=seed, max_cells=max_cells, examples=examples)

    def tick() -> None:
        if progress is not None:
            progress(time.process_time() - clock, state.positions)
    outside = [a for a in state.terms if a not in state.closure
               and MINES in schema.closure(a) | set(schema.uses(a))]
    if outside:
        result.notes.append(f"not searched for hidden information: {', '.join(outside)} "
                            "(the move does not depend on them; D20 and D21 are the referee's "
                            "terms and read the mines by design)")
    for shape in itertools.islice(iter_shapes(max_cells), 3):
        for board in _first_positions(shape):
            state.broken(board)
    for shape, opened, block in _blocks(iter_shapes(max_cells)):
        tick()
        if state.out_of_time():
            result.exhausted = True
            break
        views: dict[tuple, list[tuple[Board, dict]]] = defaultdict(list)
        for mines in block:
            closed = [c for c in shape.cells if c not in opened]
            board = shape.board(mines, opened, next(c for c in closed if c not in mines))
            views[tuple(sorted(board.shown().items()))].append((board, state.examine(board)))
        for group in views.values():
            if len(group) > 1:
                state.hidden([b for b, _ in group], [c for _, c in group])
    rng = random.Random(seed)
    for _ in range(examples):
        tick()
        if state.out_of_time():
            result.exhausted = True
            break
        board = random_board(rng, max_side=4, max_cells=12)
        before = set(state.seen)
        chain = state.examine(board, every_move=False)
        placed = [board.with_mines(p) for p in sample_placements(board, 4, seed)[1:]]
        if placed:
            state.hidden([board] + placed, [chain] + [
                evaluate_chain(schema, structure(b), limits) for b in placed])
        for key in set(state.seen) - before:
            state.seen[key] = state.shrunk(state.seen[key])
    result.positions = state.positions
    result.seconds = time.monotonic() - started
    return result


def _first_positions(shape: Shape):
    from .positions import positions

    return itertools.islice(positions(shape), 6)


# ----------------------------------------------------------------------------
# Findings: each witness explained

@dataclass
class Finding:
    """One defect, as printed and as written to ``docs/defects.json``."""

    alias: str
    kind: str
    inherited_from: list[str]
    convention: str
    meaning: str
    formula: str
    corrected_formula: str
    part: str
    corrected_part: str
    board: Board
    value: str
    expected: str
    explanation: str
    other: Board | None = None
    encoded: tuple = (None, None)   # value and expected, encoded by present.output.values.to_json

    def to_json(self) -> dict:
        """``value``/``expected`` are the two values encoded as every
        command encodes values (:func:`setmine.present.output.values.to_json`);
        ``value_text``/``expected_text`` their readings, as printed."""
        out = {"alias": self.alias, "kind": self.kind, "inherited_from": self.inherited_from,
               "convention": self.convention, "meaning": self.meaning,
               "formula": self.formula, "corrected_formula": self.corrected_formula,
               "part": self.part, "corrected_part": self.corrected_part,
               "board": board_text(self.board), "value": self.encoded[0],
               "expected": self.encoded[1], "value_text": self.value,
               "expected_text": self.expected, "explanation": self.explanation}
        if self.other is not None:
            out["other_board"] = board_text(self.other)
        return out


def to_json(result: SearchResult, found: list[Finding]) -> dict:
    """The search and its findings as one JSON object, the shape of both
    ``setmine defects --json`` and ``--write`` (``docs/defects.json``):
    ``schema``, ``seed``, ``max_cells``, ``examples``, ``positions``,
    ``exhausted``, ``notes``, ``findings`` (each :meth:`Finding.to_json`).
    Reproducible for a given seed when the budget does not run out (no
    times in it)."""
    from ..present.output.header import schema_name

    return {"schema": schema_name(result.schema), "seed": result.seed,
            "max_cells": result.max_cells, "examples": result.examples,
            "positions": result.positions, "exhausted": result.exhausted,
            "notes": result.notes, "findings": [f.to_json() for f in found]}


def _encode(schema: Schema, alias: str, value):
    """A value of ``alias`` (the schema's or a reference's) as
    :func:`setmine.present.output.values.to_json` encodes it; None when it cannot
    be listed."""
    from ..present.output.values import to_json as encode
    from ..rsl.syntax.errors import RSLError
    from .reference import as_data

    try:
        return encode(as_data(value), schema.analysis[alias].type)
    except (RSLError, ValueError):
        return None


def board_text(board: Board) -> str:
    """A board as ``.board`` text (a graph board as its JSON)."""
    from ..board import write_board, write_graph_json

    return write_graph_json(board) if board.topology == "graph" else write_board(board)


def findings(result: SearchResult, corrected: Schema | None) -> list[Finding]:
    """The witnesses of a search as findings, in the schema's order: per
    constituent its disagreement (own, else inherited), its use of hidden
    information, its axiom verdict."""
    schema, seen = result.schema, result.witnesses
    out = []
    for c in schema:
        a = c.alias
        if (a, "own") in seen:
            out.append(_finding(schema, corrected, seen[(a, "own")], "disagreement", seen))
        elif (a, "chain") in seen:
            out.append(_finding(schema, corrected, seen[(a, "chain")], "disagreement", seen))
        if (a, "hidden") in seen:
            out.append(_finding(schema, corrected, seen[(a, "hidden")], "hidden-information",
                                seen))
        if (a, "axiom") in seen:
            out.append(_finding(schema, corrected, seen[(a, "axiom")], "axiom", seen))
    return out


def _finding(schema, corrected, w: Witness, kind: str, seen) -> Finding:
    from ..rsl.syntax.printer import shown
    from .compare import differing_part

    c = schema[w.alias]
    tree = schema.analysis[w.alias].tree
    fixed = corrected[w.alias] if corrected is not None and w.alias in corrected else None
    part = cpart = None
    if fixed is not None and tree is not None:
        part, cpart = differing_part(tree, corrected.analysis[w.alias].tree)
    # the formulas as written: the key the shipped repairs (docs/repairs.json) are found by
    f = Finding(w.alias, kind, [], c.convention, NOTIONS[w.alias].convention, c.formal,
                fixed.formal if fixed is not None else "", shown(part) if part else "",
                shown(cpart) if cpart else "", w.board, "", "", "", w.other,
                tuple(_encode(schema, w.alias, v) for v in w.values) or (None, None))
    if w.how == "hidden":
        story = hidden_story(schema, w.alias, w.board, w.other, f.meaning,
                             w.comparison.element, w.comparison.side)
        f.value, f.expected, f.inherited_from = story.value, story.other_value, story.roots
        f.explanation = story.text
    else:
        f.value, f.expected = w.comparison.value, w.comparison.expected
        if w.how != "own" and w.data is None:
            f.inherited_from = roots(schema, w.board, w.alias,
                                     {a for (a, how) in seen if how == "own"})
        # the corrected schema's reasons, their names as the printer writes them (pr2, S2)
        notes = [n.removeprefix("why:").strip().translate(SUBSCRIPTS)
                 for n in (fixed.notes if fixed else ()) if n.startswith("why:")]
        f.explanation = disagreement_story(
            schema, w.alias, w.board, w.comparison, meaning=f.meaning, isolated=w.how == "own",
            roots=f.inherited_from, part=f.part, corrected_part=f.corrected_part,
            note=notes[0] if notes else "", data=w.data, mutation=w.mutation)
    return f
