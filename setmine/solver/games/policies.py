"""Players: policies that choose a move from the player's view.

A policy is an object with ``choose(position, rng) -> cell`` (a closed cell of
the :class:`~setmine.solver.engine.position.Position`); it may have ``new_game()``,
which the game loop (:mod:`setmine.solver.games.runs`) calls before each game.
Policies may remember what they deduced earlier in the same game (a
sure-safe cell stays sure-safe as more cells open), so one policy object
plays one game at a time.

The registry :data:`POLICIES` maps a name to a :class:`PolicyInfo` whose
``factory(config=GameConfig, **options)`` makes a player; other modules add
their own with :func:`register_policy` (the schema's policy through the
evaluator, ``schema``, is registered that way).

``least`` (alias ``schema-rule``)
    A closed cell of least mine probability -- the schema's A6/D18 -- the
    first in row-major order among equals, nothing else.  (Sure-safe cells
    have probability 0, so they come first.  Which of several sure-safe cells
    is opened first never changes the game: the cells that become sure-safe
    as safe cells are opened are the same in any order, so the position at
    the next real choice is the same; the player therefore opens the
    sure-safe cells it found in one solve before solving again.)
``french``
    The French seed's rules (``setmine.solver.rules.french``), then its
    pseudo-statistical rule.
``course``
    The course seed's agent (``setmine.solver.rules.course``): a move its rules
    prove safe, else a random closed cell not known to be a mine.
``best``
    The strongest player here; see :class:`BestPolicy` and ``docs/solver.md``
    for what it does and what each part was measured to be worth (its exact
    endgame search is :mod:`setmine.solver.games.endgame`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..engine import probability
from ..engine.position import Cell, Position
from ..engine.probability import Solution, exact, outcomes
from ..rules import french
from ..rules.course import KnowledgeAgent
from .endgame import endgame_move
from .game_config import GameConfig

__all__ = [
    "BestPolicy", "CoursePolicy", "FrenchPolicy", "LeastPolicy", "POLICIES", "Policy", "PolicyInfo",
    "make_policy", "policy_names", "register_policy", "reveal_outcomes",
]


class Policy:
    """Base class: remembers the sure-safe cells found earlier in the game."""

    name = "policy"

    def __init__(self, config: GameConfig | None = None) -> None:
        self.config = config
        self.new_game()

    def new_game(self) -> None:
        self._pending: list[Cell] = []
        self._shown: Mapping[Cell, int] = {}
        self._cells: tuple | None = None

    def _continues(self, position: Position) -> bool:
        """Is ``position`` a later position of the game seen so far?"""
        prev = self._shown
        shown = position.shown
        if self._cells is not position.cells and self._cells != position.cells:
            return False
        return len(shown) >= len(prev) and shown.items() >= prev.items()

    def _remember(self, position: Position, safe) -> None:
        self._cells = position.cells
        self._shown = position.shown
        self._pending = sorted(safe, reverse=True)

    def _next_pending(self, position: Position) -> Cell | None:
        if not self._pending or not self._continues(position):
            self._pending = []
            return None
        shown = position.shown
        while self._pending:
            c = self._pending.pop()
            if c not in shown:
                self._shown = shown
                return c
        return None

    def choose(self, position: Position, rng: random.Random) -> Cell:  # pragma: no cover
        raise NotImplementedError


# ---------------------------------------------------------------------------
# least: the schema's A6/D18


class LeastPolicy(Policy):
    """A cell of least mine probability, the first in row-major order."""

    name = "least"

    def choose(self, position: Position, rng: random.Random) -> Cell:
        cell = self._next_pending(position)
        if cell is not None:
            return cell
        sol = exact(position)
        safe = sorted(sol.safe)
        if safe:
            self._remember(position, safe[1:])
            return safe[0]
        low = min(sol.count[c] for c in position.unknown)
        return min(c for c in position.unknown if sol.count[c] == low)


# ---------------------------------------------------------------------------
# The seeds' rule systems (setmine.solver.rules.french / .course)


class FrenchPolicy(Policy):
    """The French seed: the cells its rules 0-7 free (all of them, then the
    rules run again on the new position), else its pseudo-statistical rule
    (:func:`setmine.solver.rules.french.pseudo_statistical_guess`)."""

    name = "french"

    def choose(self, position: Position, rng: random.Random) -> Cell:
        cell = self._next_pending(position)
        if cell is not None:
            return cell
        deduction = french.deduce(position)
        safe = sorted(set(deduction.safe) - set(position.shown) - position.flagged)
        if safe:
            self._remember(position, safe[1:])
            return safe[0]
        guess = french.pseudo_statistical_guess(position, deduction)
        if guess is None:  # pragma: no cover - the game is over before
            return position.unknown[0]
        return guess.cell


class CoursePolicy(Policy):
    """The course seed's agent (:class:`setmine.solver.rules.course.KnowledgeAgent`),
    played as the assignment's runner plays it: it is told each opened
    cell's number (cells opened together, in row-major order), makes a safe
    move if it knows one, else a random move among the cells it has not
    played and does not know to be mines."""

    name = "course"

    def new_game(self) -> None:
        super().new_game()
        self._agent = None

    def choose(self, position: Position, rng: random.Random) -> Cell:
        agent = self._agent
        if agent is None or not self._continues(position):
            agent = self._agent = KnowledgeAgent(neighbours=position.neighbours)
            for c in position.flagged:
                agent.mark_mine(c)
        self._cells = position.cells
        self._shown = position.shown
        for c, n in position.shown.items():
            if c not in agent.moves_made:
                agent.add_knowledge(c, n)
        cell = agent.make_safe_move()
        if cell is None:
            cell = agent.make_random_move(rng)
        if cell is None:  # pragma: no cover - the game is over before
            return position.unknown[0]
        return cell


# ---------------------------------------------------------------------------
# best


class BestPolicy(Policy):
    """Sure-safe cells first; else an exact endgame search when few
    placements remain; else the least probability, with measured tie-breaks.

    Options (the defaults are the measured best; the others are kept for
    the benchmark):

    ``first``     the first click: ``"corner"`` (0,0), ``"auto"`` (corner under
                  the safe and unsafe rules, a cell off the edges under zero),
                  or a cell ``(r, c)``
    ``endgame``   search the game tree exactly when at most this many
                  placements remain (0: never)
    ``budget``    node budget of one endgame search
    ``tol``       candidates: cells whose safety is within ``tol`` of the best
    ``score``     ``"safety"`` (plain A6), ``"progress"``, ``"second"``
    ``interior``  how many interior cells (seen by no number) to rate
    """

    name = "best"

    def __init__(self, config: GameConfig | None = None, *, first: Any = "auto",
                 endgame: int = 600, budget: int = 40_000, tol: float = 0.05,
                 score: str = "second", interior: int = 4) -> None:
        self.first = first
        self.endgame = endgame
        self.budget = budget
        self.tol = tol
        self.score = score
        self.interior = interior
        super().__init__(config)

    # -- the first click --------------------------------------------------

    def _first_click(self, position: Position) -> Cell:
        cells = position.cells
        if isinstance(self.first, tuple):
            return self.first
        rule = self.config.first_click if self.config is not None else "safe"
        if self.first == "corner" or rule != "zero":
            # the cell with the fewest neighbours: most likely a zero
            return min(cells, key=lambda c: (len(position.neighbours[c]), c))
        # zero rule: a cell whose neighbours have few neighbours of their own
        # beyond the cleared block -- on a grid, (2,2) / (3,3)-like cells
        rows = max(r for r, _ in cells) + 1
        cols = max(c for _, c in cells) + 1
        want = (min(2, rows // 2), min(2, cols // 2))
        return want if want in position.neighbours else cells[0]

    # -- choosing -----------------------------------------------------------

    def choose(self, position: Position, rng: random.Random) -> Cell:
        cell = self._next_pending(position)
        if cell is not None:
            return cell
        if not position.shown and not position.flagged:
            return self._first_click(position)
        sol = exact(position)
        safe = sorted(sol.safe)
        if safe:
            self._remember(position, safe[1:])
            return safe[0]
        free = position.unknown
        if self.endgame and sol.total <= self.endgame:
            move = endgame_move(position, sol, self.budget)
            if move is not None:
                return move
        return self._guess(position, sol, free)

    def _guess(self, position: Position, sol: Solution, free: tuple[Cell, ...]) -> Cell:
        total = sol.total
        count = sol.count
        low = min(count[c] for c in free)
        if self.score == "safety":
            return min(c for c in free if count[c] == low)
        best_safety = 1 - low / total
        limit = best_safety - self.tol
        interior = set(sol.interior)
        cands = [c for c in free if c not in interior and 1 - count[c] / total >= limit - 1e-12]
        inner = [c for c in free if c in interior and 1 - count[c] / total >= limit - 1e-12]
        if inner:
            shown = position.shown
            nbrs = position.neighbours
            # interior cells: fewest closed neighbours first (likeliest zeros),
            # then those touching the frontier
            inner.sort(key=lambda c: (sum(1 for n in nbrs[c] if n not in shown),
                                      -sum(1 for n in nbrs[c] if n not in interior), c))
            cands += inner[:self.interior]
        best_key = None
        best_cell = None
        for c in cands:
            safety = 1 - count[c] / total
            score = self._rate(position, sol, c)
            key = (score, safety, tuple(-x for x in c))
            if best_key is None or key > best_key:
                best_key, best_cell = key, c
        assert best_cell is not None
        return best_cell

    def _rate(self, position: Position, sol: Solution, cell: Cell) -> float:
        total = sol.total
        acc = 0.0
        for v, sub in reveal_outcomes(position, cell):
            weight = sub.total / total
            if self.score == "progress":
                acc += weight if (sub.safe or not sub.count) else 0.0
            else:  # "second": survive this move and the safest next one
                if sub.safe or not sub.count:
                    acc += weight
                else:
                    acc += weight * (1 - min(sub.count.values()) / sub.total)
        return acc


def reveal_outcomes(position: Position, cell: Cell):
    """For each number ``v`` the closed ``cell`` can show: ``(v, solution of
    the position where it shows v)``.  The totals add up to the placements
    with ``cell`` safe."""
    return outcomes(position, cell, tables=probability.GAME_TABLES)


# ---------------------------------------------------------------------------
# Registry


@dataclass(frozen=True)
class PolicyInfo:
    name: str
    factory: Callable[..., Any]
    summary: str


POLICIES: dict[str, PolicyInfo] = {}


def register_policy(name: str, factory: Callable[..., Any], summary: str = "") -> None:
    """Add (or replace) a policy.  ``factory(config=GameConfig, **options)``
    returns an object with ``choose(position, rng) -> cell``."""
    POLICIES[name] = PolicyInfo(name, factory, summary)


def policy_names() -> list[str]:
    return list(POLICIES)


def make_policy(name: str, config: GameConfig | None = None, **options: Any) -> Any:
    """A fresh player of the registered policy ``name``."""
    try:
        info = POLICIES[name]
    except KeyError:
        raise KeyError(f"unknown policy {name!r} (expected one of: {', '.join(POLICIES)})") from None
    return info.factory(config=config, **options)


register_policy("least", LeastPolicy,
                "a cell of least mine probability, first in row-major order (the schema's A6/D18)")
register_policy("schema-rule", LeastPolicy, "the same as least: the schema's rule A6/D18")
register_policy("french", FrenchPolicy, "the French seed's rules, then its pseudo-statistical rule")
register_policy("course", CoursePolicy, "the course seed's agent: a safe move, else a random one")
register_policy("best", BestPolicy,
                "sure-safe cells, endgame search, least probability with measured tie-breaks")
