"""The seeds' rule systems behind one small interface.

Three texts in the seed collection describe how a player, or a program, finds
safe cells and mines by rules:

``"french"``   rules 0-7 of *DEMINEUR : CRÉATION ET SOLUTION*
               (:mod:`setmine.solver.french`);
``"course"``   the knowledge-based agent of a Russian course assignment,
               sentences ``{A, B, C} = 1`` and the subset rule
               (:mod:`setmine.solver.course`);
``"subsets"``  the blog *Automatic Mine clearance - Determination Analysis*,
               its first three "models" and the ``probablemine`` difference
               sets (:mod:`setmine.solver.subsets`).

Each system reads only the player's view (a :class:`Position`), uses only
the shown numbers and the flags (never the total mine count, which none of
the texts' rules use) and returns a :class:`Deduction`: the closed cells it
proves safe, those it proves to be mines, and the :class:`Step` chain that got
there -- which rule fired, on which cells, and why.

    >>> from setmine.solver import Position
    >>> d = deduce("french", Position.from_grid(["???", "121"], total_mines=2))
    >>> sorted(d.safe), sorted(d.mines)
    ([(0, 1)], [(0, 0), (0, 2)])
    >>> print(d.explain())  # doctest: +NORMALIZE_WHITESPACE
    [french] règle 5 on (1, 1), (1, 0): I(x) = {(0, 0), (0, 1), (0, 2)}, I(y) = {(0, 0), (0, 1)},
        C(I(x) - (x int y)) = 1 = 2 - 1 = T(x) - T(y) ⇒ mines (0, 2)
    [french] règle 1 on (1, 2): T(x) = 1 - 1 = 0 ⇒ safe (0, 1)
    [french] règle 0 on (1, 0): card(I(x)) = 1 = T(x) = 1 - 0 ⇒ mines (0, 0)

All three are sound on a consistent view: what they call safe is safe and
what they call a mine is a mine in every placement of mines that agrees with
the view (``tests/solver/test_rules_soundness.py`` checks it against the
exact engine :func:`setmine.solver.solve`).  None of them is complete: the
exact engine can know more.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from .position import Cell, Position

__all__ = ["Deduction", "Step", "SYSTEMS", "deduce", "as_position", "cell_order"]


@dataclass(frozen=True)
class Step:
    """One firing of one rule.

    ``system``  ``"french"``, ``"course"`` or ``"subsets"``
    ``rule``    the rule's name in its text (``"règle 2"``, ``"subset"``,
                ``"model 3"``, ...)
    ``cells``   the cells the rule read: the numbers ``x``/``y`` of a French
                rule, the cells of a sentence or of a ``probablemine``
    ``safe``    closed cells this firing proved safe (new ones only)
    ``mines``   closed cells this firing proved to be mines (new ones only)
    ``why``     the instantiated condition, in the text's own notation

    A step with no ``safe`` and no ``mines`` records knowledge that later
    steps use (a new sentence, a new difference set).
    """

    system: str
    rule: str
    cells: tuple[Cell, ...]
    safe: frozenset[Cell] = frozenset()
    mines: frozenset[Cell] = frozenset()
    why: str = ""

    def __str__(self) -> str:
        where = ", ".join(map(str, self.cells))
        text = f"[{self.system}] {self.rule} on {where}: {self.why}"
        if self.safe:
            text += " ⇒ safe " + ", ".join(map(str, sorted(self.safe)))
        if self.mines:
            text += (" ⇒ " if not self.safe else "; ") + "mines " + ", ".join(map(str, sorted(self.mines)))
        return text


@dataclass(frozen=True)
class Deduction:
    """What a rule system proved about a position.

    ``safe``   closed cells proved safe
    ``mines``  closed cells proved to be mines (the view's flags, which are
               premises, are not repeated here)
    ``steps``  the firings, in order
    """

    safe: frozenset[Cell]
    mines: frozenset[Cell]
    steps: list[Step] = field(default_factory=list)

    def explain(self, conclusive_only: bool = False) -> str:
        """The chain of steps, one per line (only those that concluded
        something when ``conclusive_only``)."""
        return "\n".join(str(s) for s in self.steps
                         if not conclusive_only or s.safe or s.mines)

    def rules_fired(self) -> dict[str, int]:
        """How many times each rule fired."""
        out: dict[str, int] = {}
        for s in self.steps:
            out[s.rule] = out.get(s.rule, 0) + 1
        return out


def as_position(view: Any) -> Position:
    """A :class:`Position` as is; anything else (a :class:`setmine.board.Board`)
    through :meth:`Position.from_board`, which reads the player's view only."""
    return view if isinstance(view, Position) else Position.from_board(view)


def cell_order(cells: Iterable[Cell]) -> Mapping[Cell, int]:
    """Rank of each cell in the position's order (used to sort for display and
    to make every sweep deterministic)."""
    return {c: i for i, c in enumerate(cells)}


def _french(position: Position) -> Deduction:
    from .french import deduce as run
    return run(position)


def _course(position: Position) -> Deduction:
    from .course import deduce as run
    return run(position)


def _subsets(position: Position) -> Deduction:
    from .subsets import deduce as run
    return run(position)


#: The systems by name; a few other spellings are accepted by :func:`deduce`.
SYSTEMS: dict[str, Callable[[Position], Deduction]] = {
    "french": _french,
    "course": _course,
    "subsets": _subsets,
}

_ALIASES = {"fr": "french", "demineur": "french", "russian": "course", "ru": "course",
            "agent": "course", "blog": "subsets", "probablemine": "subsets", "subset": "subsets"}


def deduce(system_name: str, position: Any) -> Deduction:
    """Run one seed's rule system on a position (or a board) to its fixpoint.

    ``system_name`` is ``"french"``, ``"course"`` or ``"subsets"``.
    """
    key = _ALIASES.get(system_name.lower(), system_name.lower())
    try:
        run = SYSTEMS[key]
    except KeyError:
        raise ValueError(f"unknown rule system {system_name!r} "
                         f"(expected one of: {', '.join(SYSTEMS)})") from None
    return run(as_position(position))
