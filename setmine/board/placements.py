"""The placements of the mines consistent with a player's view.

A :class:`View` is what the player sees: the cells, their neighbours, the
open cells' numbers and the total number of mines.  :func:`placements`
lists the placements of that many mines on the closed cells that agree
with every number, by a backtracking search over the frontier (the closed
cells next to a number) and then every choice of the interior;
:func:`sample_placements` draws a seeded handful when they are too many to
list, :func:`count_placements` counts them up to a limit.

This is the enumeration the checks use on small boards, as plain as it can
be.  Three other searches over the same constraints stay apart because
each does a different job at a different scale: ``board/complete.py``
finds *one* placement (the least in a fixed order) on a board of any size,
to complete a player's view, by a cut-by-cut search that keeps partial
placements per frontier cut; ``solver/engine/tables.py`` *counts* the
placements of each frontier component by number of mines, without listing
them, to give exact probabilities on expert boards; and
``solver/games/endgame.py`` lists the solutions of the last few cells with
their outcomes, for the best player's look-ahead.  The solver shares no
code with the checks on purpose: it is the independent cross-check.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass

from .board import Adjacency, Board, Cell


@dataclass(frozen=True)
class View:
    """What the player sees: cells, neighbours, the open cells' numbers and
    the total number of mines."""

    cells: tuple[Cell, ...]
    neighbours: Adjacency
    shown: tuple[tuple[Cell, int], ...]
    total: int

    @classmethod
    def of(cls, board: Board) -> "View":
        return cls(board.cells, board.neighbours, tuple(board.shown().items()), board.total_mines)

    @property
    def closed(self) -> tuple[Cell, ...]:
        shown = dict(self.shown)
        return tuple(c for c in self.cells if c not in shown)


def _constraints(view: View):
    shown = dict(view.shown)
    closed = view.closed
    frontier = sorted({n for c in shown for n in view.neighbours[c] if n not in shown})
    interior = [c for c in closed if c not in set(frontier)]
    rules = [(frozenset(n for n in view.neighbours[c] if n not in shown), k)
             for c, k in shown.items()]
    return frontier, interior, rules


def placements(view: View | Board, rng: random.Random | None = None,
               node_limit: int | None = None) -> Iterator[frozenset]:
    """The placements of ``view.total`` mines on the closed cells that agree
    with every number shown.  Deterministic (frontier cells decided in
    order, safe before mine) unless ``rng`` shuffles each decision; with
    ``node_limit`` the search gives up after that many decisions."""
    if isinstance(view, Board):
        view = View.of(view)
    frontier, interior, rules = _constraints(view)
    index = {c: [i for i, (cells, _) in enumerate(rules) if c in cells] for c in frontier}
    need = [k for _, k in rules]
    left = [len(cells) for cells, _ in rules]
    chosen: list[Cell] = []
    total = view.total
    nodes = [0]

    def search(i: int) -> Iterator[frozenset]:
        nodes[0] += 1
        if node_limit is not None and nodes[0] > node_limit:
            return
        if len(chosen) > total or len(chosen) + (len(frontier) - i) + len(interior) < total:
            return
        if i == len(frontier):
            rest = total - len(chosen)
            if 0 <= rest <= len(interior):
                if rng is None:
                    for combo in itertools.combinations(interior, rest):
                        yield frozenset(chosen).union(combo)
                else:
                    yield frozenset(chosen).union(rng.sample(interior, rest))
            return
        cell = frontier[i]
        options = [False, True]
        if rng is not None:
            rng.shuffle(options)
        for mine in options:
            ok = True
            for r in index[cell]:
                left[r] -= 1
                if mine:
                    need[r] -= 1
                if need[r] < 0 or need[r] > left[r]:
                    ok = False
            if ok:
                if mine:
                    chosen.append(cell)
                yield from search(i + 1)
                if mine:
                    chosen.pop()
            for r in index[cell]:
                left[r] += 1
                if mine:
                    need[r] += 1

    if any(k > len(cells) for cells, k in rules):
        return iter(())
    return search(0)


def sample_placements(board: Board, k: int, seed: int = 0,
                      exact_limit: int = 64) -> list[frozenset]:
    """Up to ``k`` distinct placements consistent with the view of ``board``,
    the board's own mines first.  When the view has at most ``exact_limit``
    placements they are listed exactly (in order) and the first ``k`` kept;
    else a seeded randomized backtracking over the frontier with a random
    fill of the interior draws them (``4·k`` attempts at most)."""
    view = View.of(board)
    found: list[frozenset] = [board.mines]
    exact = list(itertools.islice(placements(view), exact_limit + 1))
    if len(exact) <= exact_limit:
        for p in exact:
            if p not in found:
                found.append(p)
        return found[:k]
    rng = random.Random(seed)
    for _ in range(4 * k):
        if len(found) >= k:
            break
        p = next(placements(view, rng=rng, node_limit=20_000), None)
        if p is not None and p not in found:
            found.append(p)
    return found


def count_placements(view: View | Board, limit: int) -> int:
    """The number of consistent placements, counted up to ``limit``."""
    return sum(1 for _ in itertools.islice(placements(view), limit))
