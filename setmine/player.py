"""The schema as a player: each move is a cell of D18, computed from the
schema itself (axiom A6: ``debool (S₄) ∈ D₁₈``) by the compiled program
(``eval/compiled``: the schema compiled once, the reference evaluator where
it declines).

The player sees what a person sees: the open cells, their numbers and the
total number of mines.  The evaluator needs a structure, S2 included, so the
player completes the view with one placement of the mines that agrees with
what is shown (``setmine.board.complete_view``).  Which placement does not
matter for a schema whose move does not read the hidden mines — that is
what ``setmine observe`` checks, and the corrected schema passes it.

Ties are broken as the solver's least-probability policy breaks them: when
D11 (the sure-safe cells) is not empty the player opens its cells in
row-major order, keeping the rest for the following moves; otherwise it
takes the first cell of D18 in row-major order.

The player's interface with a schema is the two terms it reads by name,
:data:`INTERFACE`; :func:`interface_problems` says what a schema lacks of it
(checked before any game starts).
"""

from __future__ import annotations

import random
from pathlib import Path

from . import resources
from .base.interface import MOVE_AXIOM, MOVES, PLAYER_TERMS, SURE_SAFE
from .board import Board, structure
from .board.complete import complete_view
from .eval.compiled.program import Program
from .eval.values.budget import Budget
from .rsl.schema import Schema
from .solver.games.policies import Policy, register_policy

DEFAULT_SPEC = resources.CORRECTED_SCHEMA

CELLS_TYPE = "ℬ(X1)"
INTERFACE = {
    SURE_SAFE: "the cells surely free of mines, opened first in row-major order",
    MOVES: f"the candidate moves ({MOVE_AXIOM}: debool(S4) ∈ {MOVES}), the first played when "
           f"{SURE_SAFE} is empty",
}
"""The terms the player reads, each a set of cells (typed ℬ(X1)), and what for."""


class SchemaInterfaceError(ValueError):
    """The schema lacks a term the player reads, or types it otherwise."""


def interface_problems(schema: Schema) -> list[str]:
    """What ``schema`` lacks of :data:`INTERFACE`, one line per term."""
    problems = []
    for alias, purpose in INTERFACE.items():
        need = f"the player reads {alias} as {purpose}"
        if alias not in schema:
            problems.append(f"no constituent {alias} ({need})")
            continue
        kind = schema[alias].kind
        analysis = schema.analysis[alias]
        if kind != "term":
            problems.append(f"{alias} is a {kind}, not a term ({need})")
        elif not analysis.ok:
            problems.append(f"{alias} has an error: {analysis.error.message} ({need})")
        elif str(analysis.type) != CELLS_TYPE:
            problems.append(f"{alias} is typed {analysis.type}, not {CELLS_TYPE} ({need})")
    return problems


def check_interface(schema: Schema) -> None:
    """Raise :class:`SchemaInterfaceError` naming every missing or mistyped term."""
    problems = interface_problems(schema)
    if problems:
        where = schema.path or "the schema"
        raise SchemaInterfaceError(f"{where}: cannot play this schema: " + "; ".join(problems))


class SchemaPlayer(Policy):
    """Plays the cells of the schema's target term D18."""

    name = "schema"

    def __init__(self, config=None, spec: str | Path | None = None,
                 max_candidates: int = 2_000_000, schema: Schema | None = None) -> None:
        self.schema = schema if schema is not None else Schema.load(Path(spec) if spec
                                                                    else DEFAULT_SPEC)
        check_interface(self.schema)
        self.program = Program(self.schema)  # compiled once, run on every position
        self.max_candidates = max_candidates
        super().__init__(config)

    max_seconds: float | None = None
    """A bound on each move's evaluation (None: none; the live page sets its
    request budget)."""

    last_term: str | None = None
    """The term of :data:`INTERFACE` the last move came from: ``D11`` (a
    sure-safe cell, just found or kept from an earlier move) or ``D18``
    (the game replay says why each move was played)."""

    def choose(self, position, rng: random.Random):
        self.last_term = SURE_SAFE
        cell = self._next_pending(position)
        if cell is not None:
            return cell
        values = self.evaluate(position)
        safe = sorted(values[SURE_SAFE])
        if safe:
            self._remember(position, safe[1:])
            return safe[0]
        self.last_term = MOVES
        return min(values[MOVES])

    def evaluate(self, position) -> dict:
        """D11 and D18 of the schema on the player's view of ``position``."""
        board = view_board(position)
        run = self.program.start(structure(board), Budget(max_elements=self.max_candidates,
                                                          max_seconds=self.max_seconds))
        results = run.all(list(PLAYER_TERMS), {})
        for alias in PLAYER_TERMS:
            if results[alias].error is not None:
                raise results[alias].error
        return {alias: frozenset(results[alias].value) for alias in PLAYER_TERMS}


def view_board(position) -> Board:
    """The board a player sees, with S2 completed by one placement that
    agrees with the numbers shown and the total."""
    shown = dict(position.shown)
    opened = frozenset(shown)
    unknown = frozenset(c for c in position.cells if c not in opened)
    flagged = frozenset(getattr(position, "flagged", frozenset()))
    mines = flagged | complete_view(position.neighbours, shown, flagged, unknown - flagged,
                                    position.total_mines)
    rows = 1 + max(r for r, _ in position.cells)
    cols = 1 + max(c for _, c in position.cells)
    return Board(rows=rows, cols=cols, cells=tuple(position.cells),
                 neighbours=position.neighbours, mines=mines, opened=opened, move=None,
                 total_mines=position.total_mines, topology="graph", unknown=unknown,
                 completed=True)


register_policy("schema", SchemaPlayer,
                "the schema itself: a cell of D18 evaluated from spec/saper-corrected.rsl "
                "(--spec another schema), ties broken as `least` breaks them")
