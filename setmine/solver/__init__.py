"""An independent, imperative Minesweeper solver.

This package is the cross-check for the set-theoretic evaluator: it shares no
code with ``setmine.rsl`` or ``setmine.eval`` and works on the player's view
of a board only (:class:`Position`).

    >>> from setmine.solver import Position, solve
    >>> sol = solve(Position.from_grid(["???", "121", "000"], total_mines=2))
    >>> sorted(sol.mines), sorted(sol.safe)
    ([(0, 0), (0, 2)], [(0, 1)])
"""

from .engine.position import Cell, InconsistentPosition, Position, grid_neighbours, random_game
from .engine.probability import Solution, SolverLimitExceeded, solve

__all__ = [
    "Cell", "InconsistentPosition", "Position", "Solution", "SolverLimitExceeded",
    "grid_neighbours", "random_game", "solve",
]
