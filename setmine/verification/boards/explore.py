"""The two state spaces, one task at a time.

* :func:`positions_task` — every legal position of one shape with a given
  number of mines (one slice of its placements): S2 any placement, S3 any
  set of safe cells leaving a closed safe cell, S4 any closed cell.  One
  position per symmetry class, visited in the canonical order (fewer open
  cells first, then the placements in order, every move of one (S2, S3) in
  a row, so the terms that do not read S4 are computed once for them all).
* :func:`games_task` — the games the schema's own player plays from each
  deal of one slice: breadth-first from every first click the first-click
  rule allows, each next move any closed cell the move axiom (A6) admits
  (every tie a branch), until the game is won or lost.  Breadth-first, so
  the first counterexample of a deal has a shortest trace.

Both answer a :class:`~setmine.verification.boards.job.Tally` as a dict.
"""

from __future__ import annotations

from ...base.interface import CELLS, MINES, MOVE, MOVE_AXIOM, NEIGHBOURS, OPENED
from .grouped import grouped_task
from .job import Tally, VerifyError, loaded
from .properties import Undecided, cells_text, counts_mines
from .symmetry import indices, mine_orbits, position_groups


GROUP_MOVES = True
"""Decide a property that does not read the move once per (mines, open
cells) — off only to test that it changes nothing."""
GROUP_PLACEMENTS = True
"""Decide properties that count the mines once per group of placements
(``grouped.py``) — off only to test that it changes nothing."""


class Space:
    """One shape of a task: its cells as the structures read them, with the
    sets of cells of each bit mask made once."""

    def __init__(self, run, shape_index: int) -> None:
        self.index = shape_index
        self.shape = run.shapes[shape_index]
        self.cells = self.shape.cells
        self.position = {c: i for i, c in enumerate(self.cells)}
        self.around = [sum(1 << self.position[n] for n in self.shape.neighbours[c])
                       for c in self.cells]
        self.x1 = frozenset(self.cells)
        self.s1 = frozenset((a, b) for a in self.cells for b in self.shape.neighbours[a])
        self.moves = [frozenset({c}) for c in self.cells]
        self.none = frozenset()
        self._sets: dict[int, frozenset] = {}

    def cells_of(self, mask: int) -> frozenset:
        found = self._sets.get(mask)
        if found is None:
            if len(self._sets) > 50_000:
                self._sets.clear()
            found = self._sets[mask] = frozenset(
                c for i, c in enumerate(self.cells) if mask >> i & 1)
        return found

    def data(self, mines: int, opened: int, move: int | None) -> dict:
        return {CELLS: self.x1, NEIGHBOURS: self.s1, MINES: self.cells_of(mines),
                OPENED: self.cells_of(opened),
                MOVE: self.none if move is None else self.moves[move]}

    def describe(self, mines: int, opened: int, move: int | None) -> str:
        where = (f"on {self.shape.name} with mines {cells_text(self.cells_of(mines))}, "
                 f"open cells {cells_text(self.cells_of(opened))}")
        return where + ("" if move is None else f", move {self.cells[move][0]},"
                                                f"{self.cells[move][1]}")


def _check(properties, pending: set[int], data: dict, space: Space, state: tuple):
    """(index, why) of each pending property that fails on ``data``."""
    for i in sorted(pending):
        try:
            why = properties[i].check(data)
        except Undecided as exc:
            raise VerifyError(f"{properties[i].name} cannot be decided "
                              f"{space.describe(*state)}: {exc}") from None
        if why is not None:
            yield i, why


def positions_task(task: dict) -> dict:
    """The positions of one task.  A property that does not read the move
    is decided once for all the moves of a (mines, open cells): its verdict
    is the same on each, so it holds on them all or fails on the first —
    the very states, counts and first counterexample of one check a move."""
    run = loaded(task["job"])
    space = Space(run, task["shape"])
    sym = run.symmetry(task["shape"])
    memo, properties = run.checker(task["shape"])
    if GROUP_PLACEMENTS and counts_mines(properties):
        return grouped_task(task, space, sym, memo, properties, _check).as_dict()
    tally = Tally(len(properties))
    pending = set(range(len(properties)))
    once = {i for i, p in enumerate(properties) if not p.reads_move} if GROUP_MOVES else set()
    k, n = task["mines"], len(space.cells)

    def failed(i, why, mines, opened, move, j):
        pending.discard(i)
        key = [space.index, k, j, list(indices(mines)), list(indices(opened)), move]
        tally.found[i] = {"key": key, "shape": space.index, "mines": mines, "opened": opened,
                          "move": move, "trace": [], "why": why}

    for j in range(n - k):
        for mines, opened, moves in position_groups(sym, k, j, chunk=tuple(task["chunk"])):
            states = sum(size for _, size in moves)
            tally.states += states
            tally.distinct += len(moves)
            if not pending:
                continue
            first, size = moves[0]
            grouped = pending & once
            if grouped:
                data = space.data(mines, opened, first)
                for i in grouped:
                    tally.checked[i] += states
                for i, why in list(_check(properties, grouped, data, space,
                                          (mines, opened, first))):
                    tally.checked[i] -= states - size  # failed on the first move
                    failed(i, why, mines, opened, first, j)
            each = pending - once
            for move, size in moves if each else ():
                data = space.data(mines, opened, move)
                for i in each:
                    tally.checked[i] += size
                for i, why in list(_check(properties, each, data, space, (mines, opened, move))):
                    each.discard(i)
                    failed(i, why, mines, opened, move, j)
                if not each:
                    break
    return tally.as_dict()


# ----------------------------------------------------------------------------
# Games

def first_clicks(space: Space, mines: int, rule: str) -> list[int]:
    """The first moves the rule allows on the deal ``mines``: any cell
    (``unsafe``), a safe cell (``safe``), a cell with no mine on or around
    it (``zero``)."""
    n = len(space.cells)
    if rule == "unsafe":
        return list(range(n))
    if rule == "zero":
        return [i for i in range(n) if not mines >> i & 1 and not space.around[i] & mines]
    return [i for i in range(n) if not mines >> i & 1]


def opened_after(space: Space, mines: int, opened: int, move: int, cascade: bool) -> int:
    """The open cells after a safe move: the move (D19), and with
    ``cascade`` every cell around an open cell with no mine around it."""
    opened |= 1 << move
    if not cascade:
        return opened
    stack = [move]
    while stack:
        i = stack.pop()
        if space.around[i] & mines:
            continue
        for j in indices(space.around[i] & ~opened):
            opened |= 1 << j
            stack.append(j)
    return opened


def player_moves(space: Space, memo, mines: int, opened: int) -> list[int]:
    """The closed cells the move axiom admits as the move (every tie)."""
    out = []
    for i in range(len(space.cells)):
        if opened >> i & 1:
            continue
        outcome = memo.outcomes(space.data(mines, opened, i), [MOVE_AXIOM])[MOVE_AXIOM]
        if not outcome.ok:
            raise VerifyError(f"{MOVE_AXIOM} cannot be decided {space.describe(mines, opened, i)}"
                              f": {outcome.error.code}: {outcome.error.message}")
        if outcome.value is True:
            out.append(i)
    return out


def games_task(task: dict) -> dict:
    run = loaded(task["job"])
    job = run.job
    space = Space(run, task["shape"])
    sym = run.symmetry(task["shape"])
    memo, properties = run.checker(task["shape"])
    tally = Tally(len(properties))
    k, (part, parts) = task["mines"], task["chunk"]
    full = (1 << len(space.cells)) - 1
    for ordinal, (mines, size) in enumerate(mine_orbits(sym, k)):
        if ordinal % parts != part:
            continue
        safe = full & ~mines
        level = [(0, ())]      # (open cells, moves so far) before the next move
        seen = {0}
        depth = 0
        while level:
            depth += 1
            following = []
            for opened, trace in level:
                moves = first_clicks(space, mines, job.first_click) if not trace \
                    else player_moves(space, memo, mines, opened)
                for move in moves:
                    path = trace + (move,)
                    tally.states += size
                    tally.distinct += 1
                    if tally.distinct > job.max_states:
                        raise VerifyError(f"the games of {space.shape.name} reach more than "
                                          f"{job.max_states:,} states (--max-states)")
                    data = space.data(mines, opened, move)
                    pending = {i for i, found in enumerate(tally.found)
                               if found is None or len(found["trace"]) >= depth}
                    for i in pending:
                        tally.checked[i] += size
                    for i, why in list(_check(properties, pending, data, space,
                                              (mines, opened, move))):
                        key = [depth, space.index, k, list(indices(mines)), list(path)]
                        if tally.found[i] is None or key < tally.found[i]["key"]:
                            tally.found[i] = {"key": key, "shape": space.index, "mines": mines,
                                              "opened": opened, "move": move,
                                              "trace": list(path), "why": why}
                    if mines >> move & 1:
                        continue  # lost
                    after = opened_after(space, mines, opened, move, job.cascade)
                    if after & safe == safe or after in seen:
                        continue  # won, or reached already
                    seen.add(after)
                    following.append((after, path))
            level = following
    return tally.as_dict()
