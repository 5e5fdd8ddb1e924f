"""What each constituent of «КС Сапер» is *meant* to be: its convention, in
one English line, and a function that computes that meaning directly from
the board and the independent solver's exact counts.

This table is keyed by alias on purpose.  The evaluator never looks at a
constituent's name — it computes whatever the formula says — so the place
where an alias acquires its intended meaning has to be here, outside the
evaluator, written without RSLang: the cross-check compares the two.

The solver (:mod:`setmine.solver`) counts the placements of all the mines
that agree with the view: ``total`` of them, ``count[c]`` with a mine on
the closed cell ``c``.  So a closed cell is a *sure mine* when
``count == total``, *sure safe* when ``count == 0``, and *undecided* else
(probability strictly between 0 and 1).

Values are Python values the evaluator also uses: frozensets of cells, of
pairs ``(cell, frozenset)``, truth values; and two lazy sets of
placements: :class:`Family` (D15, the placements minus the sure mines:
its size, a membership test, its members when few) and
:class:`FamilySizes` (D16/D17: each cell with the family of placements
that mine it — compared by each family's size).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from ..base.interface import (CELLS, CLOSED, INVARIANT_AXIOMS, MINES, MOVE, MOVE_AXIOM, MOVES,
                              NEIGHBOURS, OPENED, PLACEMENTS, STRUCTURES, SURE_MINES, SURE_SAFE)
from ..board import Board, structure
from ..eval.values.sets import LazySet, sort
from ..solver import Position, Solution, solve
from ..board.placements import View, placements

Cell = tuple[int, int]

LIST_LIMIT = 4096
"""Families of at most this many placements are listed member by member."""


# ----------------------------------------------------------------------------
# The facts a position states, and the solver's counts

class Facts:
    """A structure (X1, S1…S4) read as a Minesweeper position."""

    def __init__(self, data: dict):
        self.data = data
        self.cells: frozenset = frozenset(data[CELLS])
        self.pairs: frozenset = frozenset(data[NEIGHBOURS])
        self.mines: frozenset = frozenset(data[MINES])
        self.opened: frozenset = frozenset(data[OPENED])
        self.move: frozenset = frozenset(data[MOVE])
        around: dict[Cell, set] = {c: set() for c in self.cells}
        for a, b in self.pairs:
            around.setdefault(a, set()).add(b)
        self.neighbours = {c: frozenset(ns) for c, ns in around.items()}

    @classmethod
    def of(cls, board: Board) -> "Facts":
        return cls(structure(board))

    def with_move(self, move: frozenset) -> "Facts":
        """The same position with the move ``move`` (S4): what does not read
        the move — the view, the solver's counts — is shared, not recomputed."""
        other = copy.copy(self)
        other.move = frozenset(move)
        other.data = {**self.data, MOVE: other.move}
        return other

    @cached_property
    def closed(self) -> frozenset:
        return self.cells - self.opened

    def number(self, cell: Cell) -> int:
        return len(self.neighbours[cell] & self.mines)

    def closed_around(self, cell: Cell) -> frozenset:
        return self.neighbours[cell] & self.closed

    @cached_property
    def view(self) -> View:
        from ..board import Adjacency

        cells = tuple(sorted(self.cells))
        shown = tuple((c, self.number(c)) for c in cells if c in self.opened)
        return View(cells, Adjacency(self.neighbours), shown, len(self.mines))

    @cached_property
    def solution(self) -> Solution:
        """The solver's exact counts for the player's view of this position."""
        view = self.view
        return solve(Position(view.cells, dict(view.neighbours), dict(view.shown), view.total))

    @cached_property
    def sure_mines(self) -> frozenset:
        s = self.solution
        return frozenset(c for c, n in s.count.items() if n == s.total)

    @cached_property
    def sure_safe(self) -> frozenset:
        return frozenset(c for c, n in self.solution.count.items() if n == 0)

    @cached_property
    def undecided(self) -> frozenset:
        return self.closed - self.sure_mines - self.sure_safe

    def placement_minus_sure(self, cell: Cell | None = None) -> "Family":
        """The consistent placements minus the sure mines (those that mine
        ``cell`` when it is given)."""
        size = self.solution.total if cell is None else self.solution.count[cell]
        sure, view = self.sure_mines, self.view

        def test(b) -> bool:
            if not isinstance(b, frozenset) or b & sure or (cell is not None and cell not in b):
                return False
            whole = b | sure
            return whole <= self.closed and len(whole) == view.total and all(
                len(self.neighbours[c] & whole) == k for c, k in view.shown)

        def listing() -> Iterator[frozenset]:
            for p in placements(view):
                if cell is None or cell in p:
                    yield p - sure

        return Family(size, test, listing, "placements" if cell is None else
                      f"placements mining {cell[0]},{cell[1]}")


# ----------------------------------------------------------------------------
# Sets of placements

@dataclass(frozen=True, eq=False)
class Family(LazySet):
    """A set of placements (each a frozenset of cells): its exact size, a
    membership test, and its members (listed on demand, in canonical
    order; only when at most :data:`LIST_LIMIT`)."""

    size: int
    test: Callable = field(repr=False)
    listing: Callable = field(repr=False)
    description: str = "placements"
    kind = "family of placements"

    @property
    def listable(self) -> bool:
        return self.size <= LIST_LIMIT

    @cached_property
    def listed(self) -> frozenset:
        if not self.listable:
            raise ValueError(f"{self.size} {self.description} are too many to list")
        return frozenset(self.listing())

    def contains(self, x) -> bool:
        return self.test(x)

    def cardinality(self) -> int:
        return self.size

    def is_empty(self) -> bool:
        return self.size == 0

    def members(self, budget, node=None, construct: str = "enumeration") -> Iterator:
        from ..rsl.syntax.errors import RSLError

        budget.require(self.size, node, construct)
        if not self.listable:
            raise RSLError("setOverflow", f"the reference's {self.size} {self.description} "
                                          f"are more than {LIST_LIMIT} to list")
        for m in sort(self.listed):
            budget.charge(1, node, construct, self.size)
            yield m


@dataclass(frozen=True)
class FamilySizes:
    """D16/D17: each cell of ``cells`` with the family of placements (minus
    the sure mines) that mine it.  ``counts[c]`` is that family's size, the
    solver's ``count[c]``."""

    facts: Facts = field(repr=False, compare=False)
    cells: frozenset

    @property
    def counts(self) -> dict[Cell, int]:
        return {c: self.facts.solution.count[c] for c in sort(self.cells)}

    def family(self, cell: Cell) -> Family:
        return self.facts.placement_minus_sure(cell)


# ----------------------------------------------------------------------------
# The notions

@dataclass(frozen=True)
class Notion:
    alias: str
    convention: str
    compute: Callable[[Facts], object] = field(repr=False)
    needs_move: bool = False  # undefined unless S4 is one cell
    reads_move: bool = False  # its value may change with S4 (the others read X1, S1, S2, S3)

    @property
    def reads(self) -> tuple[str, ...]:
        """The structures the notion's value depends on."""
        return STRUCTURES if self.reads_move else STRUCTURES[:4]


def _pairs(cells, second) -> frozenset:
    return frozenset((c, frozenset(second(c))) for c in cells)


def _one_move(f: Facts) -> bool:
    return len(f.move) == 1


def _best(f: Facts) -> frozenset:
    return frozenset(f.solution.best)


A1, A2, A3, A4, A5 = INVARIANT_AXIOMS   # the board's axioms, as interface.py names them

NOTIONS: dict[str, Notion] = {n.alias: n for n in [
    Notion(A1, "every cell has a neighbour",
           lambda f: all(f.neighbours.get(c) for c in f.cells)),
    Notion(A2, "the neighbour relation S1 is symmetric",
           lambda f: all((b, a) in f.pairs for a, b in f.pairs)),
    Notion(A3, "no cell is its own neighbour",
           lambda f: all(a != b for a, b in f.pairs)),
    Notion(A4, "no open cell is a mine", lambda f: not (f.opened & f.mines)),
    Notion(CLOSED, "the closed cells", lambda f: f.closed),
    Notion("D2", "each cell with the set of its neighbours",
           lambda f: _pairs(f.cells, lambda c: f.neighbours[c])),
    Notion("D3", "each cell with its closed neighbours",
           lambda f: _pairs(f.cells, f.closed_around)),
    Notion("D4", "each cell with its mined neighbours",
           lambda f: _pairs(f.cells, lambda c: f.neighbours[c] & f.mines)),
    Notion("D5", "each open cell with its closed neighbours",
           lambda f: _pairs(f.opened, f.closed_around)),
    Notion("D6", "each open cell with its mined neighbours",
           lambda f: _pairs(f.opened, lambda c: f.neighbours[c] & f.mines)),
    Notion("D7", "each open cell whose number equals its count of closed neighbours, "
                 "with those closed neighbours",
           lambda f: _pairs([c for c in f.opened if f.number(c) == len(f.closed_around(c))],
                            f.closed_around)),
    Notion(SURE_MINES, "the sure mines: closed cells mined in every consistent placement",
           lambda f: f.sure_mines),
    Notion("D9", "each open cell with its closed neighbours that are sure mines",
           lambda f: _pairs(f.opened, lambda c: f.closed_around(c) & f.sure_mines)),
    Notion("D10", "each open cell with its closed neighbours that are sure safe",
           lambda f: _pairs(f.opened, lambda c: f.closed_around(c) & f.sure_safe)),
    Notion(SURE_SAFE, "the sure safe cells: closed cells mined in no consistent placement",
           lambda f: f.sure_safe),
    Notion("D12", "each open cell with its closed neighbours neither sure mines nor sure safe",
           lambda f: _pairs(f.opened, lambda c: f.closed_around(c) & f.undecided)),
    Notion("D13", "the undecided closed cells next to an open cell",
           lambda f: frozenset(n for c in f.opened for n in f.closed_around(c) & f.undecided)),
    Notion("D14", "the closed cells of mine probability strictly between 0 and 1",
           lambda f: f.undecided),
    Notion(PLACEMENTS, "the consistent placements of all the mines, minus the sure mines",
           lambda f: f.placement_minus_sure()),
    Notion("D16", "each cell of probability strictly between 0 and 1 with the placements "
                  "(minus the sure mines) that mine it",
           lambda f: FamilySizes(f, f.undecided)),
    Notion("D17", "each closed cell that is not a sure mine with the placements "
                  "(minus the sure mines) that mine it",
           lambda f: FamilySizes(f, f.undecided | f.sure_safe)),
    Notion(MOVES, "the closed cells of least mine probability", _best),
    Notion(A5, "the move is one closed cell",
           lambda f: _one_move(f) and next(iter(f.move)) in f.closed, reads_move=True),
    Notion(MOVE_AXIOM, "the move is one closed cell of least mine probability",
           lambda f: _one_move(f) and next(iter(f.move)) in _best(f), needs_move=True,
           reads_move=True),
    Notion("D19", "the open cells after the move (S3 with the move)",
           lambda f: f.opened | f.move, reads_move=True),
    Notion("D20", "the open cells after the move if every cell still closed is a mine "
                  "(the game is won), else ∅",
           lambda f: (f.opened | f.move) if f.cells - f.opened - f.move == f.mines
           else frozenset(), reads_move=True),
    Notion("D21", "the open cells after the move if the move is a mine (the game is lost), "
                  "else ∅",
           lambda f: (f.opened | f.move) if f.move <= f.mines else frozenset(),
           needs_move=True, reads_move=True),
]}

STRUCTURAL = INVARIANT_AXIOMS
"""Axioms whose reference reads S1…S4 only (no solver): checked on any structure."""


def defined(alias: str, facts: Facts) -> str | None:
    """Why the reference of ``alias`` is undefined on ``facts`` (None if it is
    defined)."""
    notion = NOTIONS.get(alias)
    if notion is None:
        return "no reference notion"
    if notion.needs_move and not _one_move(facts):
        return "S4 is not one cell"
    return None


def reference(alias: str, facts: Facts):
    """The value the convention of ``alias`` says the term has on ``facts``."""
    return NOTIONS[alias].compute(facts)


def as_data(value):
    """A reference value as the evaluator reads it (D16/D17 listed in full;
    ValueError when their families are too large to list)."""
    if isinstance(value, FamilySizes):
        out = []
        for c in sort(value.cells):
            family = value.family(c)
            out.append((c, family.listed))
        return frozenset(out)
    return value


def text(value, cells=frozenset(), limit: int = 12) -> str:
    """A reference value as text, like ``setmine eval`` prints values."""
    from ..present.output.values import show

    if isinstance(value, Family):
        if value.listable:
            return show(value.listed, limit, cells)
        return f"{{… {value.size} {value.description}}}"
    if isinstance(value, FamilySizes):
        parts = [f"({c[0]},{c[1]} ; {n} placement{'' if n == 1 else 's'})"
                 for c, n in value.counts.items()]
        shown = parts[:limit] + ([f"… ({len(parts)} cells)"] if len(parts) > limit else [])
        return "{" + ", ".join(shown) + "}"
    return show(value, limit, cells)
