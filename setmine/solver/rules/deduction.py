"""What the seeds' rule systems share: a :class:`Deduction` (the closed cells
proved safe, those proved to be mines) and the :class:`Step` chain that got
there, and two small helpers for reading a view.

The three rule systems (:mod:`setmine.solver.rules.french`, :mod:`.course`,
:mod:`.subset_analysis`) build their results from these; :mod:`setmine.solver.rules.systems`
picks a system by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ..engine.position import Cell, Position

__all__ = ["Deduction", "Step", "as_position", "cell_order"]


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


def as_position(view: Any) -> Position:
    """A :class:`Position` as is; anything else (a :class:`setmine.board.Board`)
    through :meth:`Position.from_board`, which reads the player's view only."""
    return view if isinstance(view, Position) else Position.from_board(view)


def cell_order(cells: Iterable[Cell]) -> Mapping[Cell, int]:
    """Rank of each cell in the position's order (used to sort for display and
    to make every sweep deterministic)."""
    return {c: i for i, c in enumerate(cells)}
