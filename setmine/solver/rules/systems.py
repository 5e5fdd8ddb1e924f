"""The seeds' rule systems by name: :func:`deduce` runs one on a position.

Three texts in the seed collection describe how a player, or a program, finds
safe cells and mines by rules:

``"french"``   rules 0-7 of *DEMINEUR : CRÉATION ET SOLUTION*
               (:mod:`setmine.solver.rules.french`);
``"course"``   the knowledge-based agent of a Russian course assignment,
               sentences ``{A, B, C} = 1`` and the subset rule
               (:mod:`setmine.solver.rules.course`);
``"subsets"``  the blog *Automatic Mine clearance - Determination Analysis*,
               its first three "models" and the ``probablemine`` difference
               sets (:mod:`setmine.solver.rules.subset_analysis`).

Each system reads only the player's view (a :class:`Position`), uses only
the shown numbers and the flags (never the total mine count, which none of
the texts' rules use) and returns a :class:`~setmine.solver.rules.deduction.Deduction`:
the closed cells it proves safe, those it proves to be mines, and the
:class:`~setmine.solver.rules.deduction.Step` chain that got there -- which rule
fired, on which cells, and why.

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

from typing import Any, Callable

from ..engine.position import Position
from . import course, french, subset_analysis as subsets
from .deduction import Deduction, as_position

__all__ = ["SYSTEMS", "deduce"]


#: The systems by name; a few other spellings are accepted by :func:`deduce`.
SYSTEMS: dict[str, Callable[[Position], Deduction]] = {
    "french": french.deduce,
    "course": course.deduce,
    "subsets": subsets.deduce,
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
