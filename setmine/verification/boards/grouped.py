"""The positions of one task, decided once per group of placements.

:func:`~setmine.verification.boards.explore.positions_task` visits one position per
symmetry class.  When every property reads the mines only by counting
them (each of its frontiers has ``readings``: ``card(S2)``,
``card(pr2 c ∩ S2)`` for each c of D5, ``x ∈ S2``…), this module does
less.  For each set of open cells up to symmetry, and each move (or one
move for all, when no property reads it), the placements of the task's k
mines in the closed cells fall into groups on which every property takes
one value (:func:`~setmine.verification.boards.views.groups`): the counts the
properties read are the same on a whole group.  Each group is decided on
its least placement, and its states are counted, not visited — a
placement's verdict is its group's.  The distinct states are counted too
(:func:`~setmine.verification.boards.views.orbits`), so a run reports the same numbers
either way.

*The least counterexample.*  The states of a failing group are not in the
canonical order of :func:`~setmine.verification.boards.explore.positions_task`.  So a
level (a number of open cells) on which a property fails is decided to its
end, every failing group kept; then the level's positions are walked in
the canonical order, each mapped to its group by symmetry and counts
without evaluating anything, and the first that lands in a failing group
is the counterexample — the same state the position-by-position walk
reports.
"""

from __future__ import annotations

from math import comb

from .job import Tally
from .symmetry import indices, least_image, position_groups, set_orbits
from .views import groups, orbits


class Counted:
    """What the properties of a task count of the mines, as masks of the
    task's cells, on each set of open cells and move."""

    def __init__(self, space, memo, properties) -> None:
        self.space, self.memo = space, memo
        self.frontiers = [f for p in properties for f in p.frontiers() if f.readings]

    def masks(self, opened: int, move: int) -> list[int]:
        """The sets counted, as masks (every closed cell on its own when a
        reading cannot be computed: then a group is one placement)."""
        space, memo = self.space, self.memo
        data = space.data(0, opened, move)
        run = memo.run(data)
        out: list[int] = []
        for frontier in self.frontiers:
            memo.ensure(run, frontier.counts_require)
            sets = frontier.counted(run)
            if sets is None:
                return [1 << i for i in range(len(space.cells)) if not opened >> i & 1]
            out.extend(sum(1 << space.position[c] for c in cells)
                       for cells in sets if cells is not None)
        return out


def signature(mines: int, masks: list[int]) -> tuple[int, ...]:
    """How many of ``mines`` each counted set holds: a group's name."""
    return tuple((mines & m).bit_count() for m in masks)


def grouped_task(task: dict, space, sym, memo, properties, check) -> Tally:
    """The positions of ``task`` (shape, mine count, chunk of the open
    sets' orbits), each group of placements decided once by ``check``
    (properties, pending, data, space, state) → (index, why) failures."""
    counted = Counted(space, memo, properties)
    memo.grouped = frozenset(r for f in counted.frontiers for r in f.readings)
    try:
        return _grouped(task, space, sym, memo, properties, check, counted)
    finally:
        memo.grouped = None


def _grouped(task, space, sym, memo, properties, check, counted) -> Tally:
    tally = Tally(len(properties))
    k, n = task["mines"], len(space.cells)
    full = (1 << n) - 1
    by_move = any(p.reads_move for p in properties)
    pending = set(range(len(properties)))
    for j in range(n - k):
        failing: dict[int, dict] = {}         # property → {(open, move, signature): why}
        masks_of: dict[tuple[int, int], list[int]] = {}
        for opened, fixing in set_orbits(sym, j, chunk=tuple(task["chunk"])):
            orbit, pool = sym.order // len(fixing), full & ~opened
            closed = n - j
            tally.states += orbit * comb(closed, k) * closed
            tally.distinct += orbits(fixing, pool, k)
            if not pending:
                continue
            moves = indices(pool) if by_move else indices(pool & -pool)
            per_group = 1 if by_move else closed
            for move in moves:
                masks = masks_of[opened, move] = counted.masks(opened, move)
                for placements, least in groups(pool, k, masks):
                    states = orbit * placements * per_group
                    for i in pending:
                        tally.checked[i] += states
                    for i, why in list(check(properties, pending, space.data(least, opened, move),
                                             space, (least, opened, move))):
                        failing.setdefault(i, {})[opened, move, signature(least, masks)] = why
        for i, classes in failing.items():
            pending.discard(i)
            tally.found[i] = _least_failure(space, sym, k, j, classes, masks_of, by_move,
                                            properties[i].reads_move)
    return tally


def _least_failure(space, sym, k: int, j: int, classes: dict, masks_of: dict,
                   by_move: bool, reads_move: bool) -> dict:
    """The first position of level ``j`` in the canonical order whose group
    is one of the failing ``classes`` (found on this task's open sets)."""
    full = (1 << len(space.cells)) - 1
    for mines, opened, moves in position_groups(sym, k, j):
        least, perm = least_image(sym, opened)
        image, free = sym.image(perm, mines), full & ~least
        for move, _ in moves if reads_move else moves[:1]:
            moved = perm[move] if by_move else (free & -free).bit_length() - 1
            masks = masks_of.get((least, moved))
            if masks is None:
                break  # an open set of another task's share
            why = classes.get((least, moved, signature(image, masks)))
            if why is not None:
                key = [space.index, k, j, list(indices(mines)), list(indices(opened)), move]
                return {"key": key, "shape": space.index, "mines": mines, "opened": opened,
                        "move": move, "trace": [], "why": why}
    raise AssertionError("a failing group with no position in the canonical walk")
