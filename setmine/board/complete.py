"""From what a file says to a Board: validation, and completing a player's view.

Every reader (``.board``, JSON graphs, JSMinesweeper ``.mine``, minesweepr
ASCII) turns its text into a :class:`Layout` — the cells, the relation, the
open cells with the numbers they show, the known mines, the unknown cells,
the total — and hands it to :func:`assemble`, which checks it and makes the
:class:`~setmine.board.board.Board`.

A *player's view* has unknown cells: closed cells whose content the player
does not know.  The schema needs S2, so :func:`complete_view` picks ONE
placement of the remaining mines on the unknown cells that agrees with every
shown number and with the total.  The choice is deterministic:

    The unknown cells are decided one after another in the *completion
    order* — first the frontier cells (unknown cells next to an open
    number), component by component (components are ordered by their
    least cell, row-major), each component along a breadth-first sweep
    from a peripheral cell; then the other unknown cells, row-major.  Each
    cell is made safe whenever some placement with the choices made so far
    still exists, and a mine otherwise.

So the result is the lexicographically least placement in that order, with
"safe" before "mine": as few mines on the frontier as early as possible,
and the mines left over for the interior go to its last cells.

The search is a dynamic programme along the completion order, exact and
without backtracking.  After deciding the first p frontier cells, all that
matters for the rest is the residual need of each number that has cells on
both sides of the cut; the programme records, for every reachable residual
vector, the set of mine counts (a bit mask) with which the remaining
frontier can be completed.  Frontiers are thin bands, so cuts are short and
the vectors few: a 30×16 board with 99 mines completes in milliseconds.
The global total enters only at the end, as the range of mine counts the
frontier may take so that the interior can hold the rest.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field

from .board import (Adjacency, Board, BoardError, Cell, cell_str, check_relation, file_lines,
                    plural)

STATE_LIMIT = 200_000
"""Most partial placements the search keeps at one cut before giving up."""

KEPT_LIMIT = 4_000_000
"""Most residual numbers the search keeps over all cuts (each state of each
cut holds one per active number): the bound on its memory, a few hundred MB."""


@dataclass
class Layout:
    """A board as a reader found it, before checks and completion.

    ``shown`` maps each open cell to the number it shows (``None``: not
    given, to be computed — only JSON boards without unknown cells allow
    it).  ``known_mines`` are the mines the file states; ``unknown`` are the
    closed cells of unknown content; every other closed cell is safe.
    ``where`` maps cells to their (line, column) in ``source`` for error
    messages; ``total_where``/``move_where`` locate the header values.
    """

    rows: int
    cols: int
    cells: tuple[Cell, ...]
    neighbours: Mapping[Cell, frozenset[Cell]] | Mapping[Cell, set[Cell]]
    topology: str
    shown: dict[Cell, int | None]
    known_mines: set[Cell]
    unknown: set[Cell]
    total: int | None
    move: Cell | None = None
    name: str = ""
    where: dict[Cell, tuple[int, int]] = field(default_factory=dict)
    source: str | None = None
    path: str | None = None
    total_where: tuple[int, int] | None = None
    move_where: tuple[int, int] | None = None
    total_label: str = "mines"
    missing_total: str = "the grid has '?' cells, so it needs a 'mines: N' header"


def assemble(layout: Layout) -> Board:
    """Check a layout and make its Board, completing S2 if it is a view.

    Every failure is a :class:`BoardError`, placed at the offending grid
    cell or header value when the layout knows where they are.
    """
    try:
        return _assemble(layout)
    except BoardError as error:
        raise _locate(error, layout) from None


def _locate(error: BoardError, layout: Layout) -> BoardError:
    line, column = error.line, error.column
    if line is None and error.cell is not None and error.cell in layout.where:
        line, column = layout.where[error.cell]
    source_line = None
    if line is not None and layout.source is not None:
        lines = file_lines(layout.source)
        if 0 < line <= len(lines):
            source_line = lines[line - 1]
    return error.located(path=layout.path, line=line, column=column, source_line=source_line)


def _at(where: tuple[int, int] | None) -> dict[str, int | None]:
    return {"line": where[0], "column": where[1]} if where else {}


def _assemble(layout: Layout) -> Board:
    neighbours = layout.neighbours if isinstance(layout.neighbours, Adjacency) \
        else Adjacency(layout.neighbours)
    if neighbours._checked_for != layout.cells:
        check_relation(layout.cells, neighbours)
        neighbours._checked_for = layout.cells
    known = frozenset(layout.known_mines)
    unknown = frozenset(layout.unknown)
    for cell, number in sorted(layout.shown.items()):
        if number is not None and number > len(neighbours[cell]):
            raise BoardError(f"cell {cell_str(cell)} shows {number} but has only "
                             f"{plural(len(neighbours[cell]), 'neighbour')}", cell=cell)
    move = layout.move
    if move is not None:
        if move not in neighbours:
            raise BoardError(f"move {cell_str(move)} is outside the board "
                             f"({layout.rows} rows × {layout.cols} columns)", **_at(layout.move_where))
        if move in layout.shown:
            raise BoardError(f"move {cell_str(move)} is on an open cell", **_at(layout.move_where))
    label, total = layout.total_label, layout.total
    if not unknown:
        if total is not None and total != len(known):
            raise BoardError(f"{label}: {total} but the grid has {plural(len(known), 'mine')}",
                             **_at(layout.total_where))
        for cell, number in sorted(layout.shown.items()):
            actual = len(neighbours[cell] & known)
            if number is not None and number != actual:
                raise BoardError(f"cell {cell_str(cell)} shows {number} but has "
                                 f"{plural(actual, 'mine')} around it", cell=cell)
        mines = known
    else:
        if total is None:
            first = min(unknown)
            raise BoardError(layout.missing_total, cell=first)
        if total < len(known):
            raise BoardError(f"{label}: {total} but {plural(len(known), 'mine')} "
                             f"{'is' if len(known) == 1 else 'are'} already known",
                             **_at(layout.total_where))
        if total > len(known) + len(unknown):
            raise BoardError(f"{label}: {total} but only {len(known) + len(unknown)} closed cells "
                             "can hold a mine", **_at(layout.total_where))
        shown = {cell: number for cell, number in layout.shown.items() if number is not None}
        mines = known | complete_view(neighbours, shown, known, unknown, total)
    return Board(rows=layout.rows, cols=layout.cols, cells=layout.cells, neighbours=neighbours,
                 mines=mines, opened=frozenset(layout.shown), move=move, total_mines=len(mines),
                 topology=layout.topology, name=layout.name, unknown=unknown,
                 completed=bool(unknown))


# -- the completion ------------------------------------------------------------

@dataclass(frozen=True)
class _Number:
    """An open cell's constraint: ``need`` mines among the unknown ``cells``."""

    cell: Cell
    cells: tuple[Cell, ...]
    need: int


def _numbers(neighbours: Mapping[Cell, frozenset[Cell]], shown: Mapping[Cell, int],
             known_mines: frozenset[Cell], unknown: frozenset[Cell]) -> list[_Number]:
    """One constraint per open number that touches unknown cells; numbers
    that are already impossible on their own raise BoardError."""
    numbers = []
    for cell, shows in sorted(shown.items()):
        around = neighbours[cell]
        mines = len(around & known_mines)
        free = tuple(sorted(around & unknown))
        need = shows - mines
        if need < 0 or (not free and need != 0):
            raise BoardError(f"cell {cell_str(cell)} shows {shows} but has {plural(mines, 'mine')} "
                             "around it", cell=cell)
        if need > len(free):
            raise BoardError(f"cell {cell_str(cell)} shows {shows} but at most "
                             f"{mines + len(free)} of its neighbours can be mines", cell=cell)
        if free:
            numbers.append(_Number(cell, free, need))
    return numbers


def _sweep(start: Cell, links: Mapping[Cell, set[Cell]]) -> list[Cell]:
    """Breadth-first order from ``start``, neighbours taken row-major."""
    order, seen, queue = [start], {start}, deque([start])
    while queue:
        for nxt in sorted(links[queue.popleft()]):
            if nxt not in seen:
                seen.add(nxt)
                order.append(nxt)
                queue.append(nxt)
    return order


def _frontier_order(numbers: list[_Number]) -> list[Cell]:
    """Frontier cells, component by component, each along a breadth-first
    sweep from a peripheral cell (found by two sweeps: least cell → its
    farthest, least among ties → that one's farthest)."""
    links: dict[Cell, set[Cell]] = {}
    for number in numbers:
        for cell in number.cells:
            links.setdefault(cell, set()).update(number.cells)
    for cell, linked in links.items():
        linked.discard(cell)
    order: list[Cell] = []
    placed: set[Cell] = set()
    for start in sorted(links):
        if start in placed:
            continue
        root = start
        for _ in range(2):
            sweep = _sweep(root, links)
            depth = {root: 0}
            for cell in sweep:
                for nxt in links[cell]:
                    depth.setdefault(nxt, depth[cell] + 1)
            far = max(depth.values())
            root = min(cell for cell, d in depth.items() if d == far)
        component = _sweep(root, links)
        order.extend(component)
        placed.update(component)
    return order


def completion_order(neighbours: Mapping[Cell, frozenset[Cell]], shown: Mapping[Cell, int],
                     known_mines: frozenset[Cell], unknown: frozenset[Cell]) -> list[Cell]:
    """The order in which :func:`complete_view` decides the unknown cells."""
    frontier = _frontier_order(_numbers(neighbours, shown, known_mines, unknown))
    inside = set(frontier)
    return frontier + sorted(cell for cell in unknown if cell not in inside)


def complete_view(neighbours: Mapping[Cell, frozenset[Cell]], shown: Mapping[Cell, int],
                  known_mines: frozenset[Cell], unknown: frozenset[Cell], total: int) -> frozenset[Cell]:
    """The canonical placement of ``total − |known_mines|`` mines on
    ``unknown`` agreeing with every shown number (see the module text).

    Returns the mines placed on unknown cells.  Raises BoardError when a
    number is impossible by itself (naming its cell) or when no placement
    exists ("no placement of N mines agrees with the shown numbers").
    """
    numbers = _numbers(neighbours, shown, known_mines, unknown)
    order = _frontier_order(numbers)
    inside = set(order)
    interior = sorted(cell for cell in unknown if cell not in inside)
    left = total - len(known_mines)
    low, high = max(0, left - len(interior)), min(left, len(order))
    frontier_mines = _solve(order, numbers, low, high) if low <= high else None
    if frontier_mines is None:
        raise BoardError(f"no placement of {plural(total, 'mine')} agrees with the shown numbers")
    rest = left - len(frontier_mines)
    return frozenset(frontier_mines) | frozenset(interior[len(interior) - rest:] if rest else ())


def _solve(order: list[Cell], numbers: list[_Number], low: int, high: int) -> list[Cell] | None:
    """The least placement on ``order`` (safe before mine) whose mine count
    lies in ``[low, high]``, or ``None``.

    Cut p lies before ``order[p]``.  A number is *active* at cut p when it
    has cells on both sides; a state at cut p is the tuple of the active
    numbers' residual needs.  Forward: the reachable states and their two
    transitions (cell p safe / mine), pruned as soon as a residual is
    negative or exceeds the number's cells still to come.  Backward: for
    each state the bit mask of achievable mine counts over cells p, p+1, ….
    Then one greedy walk picks "safe" whenever the masks allow it.
    """
    n = len(order)
    position = {cell: p for p, cell in enumerate(order)}
    spans = [sorted(position[cell] for cell in number.cells) for number in numbers]
    touches: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    active: list[list[int]] = [[] for _ in range(n + 1)]
    for k, span in enumerate(spans):
        for rank, p in enumerate(span):
            touches[p].append((k, len(span) - rank - 1))
        for p in range(span[0] + 1, span[-1] + 1):
            active[p].append(k)

    # Per cut: how the touched numbers read the state, and how the next state is built.
    plans = []
    for p in range(n):
        slot = {k: i for i, k in enumerate(active[p])}
        touched = [(slot.get(k, -1), numbers[k].need, after) for k, after in touches[p]]
        touched_slot = {k: i for i, (k, _) in enumerate(touches[p])}
        rebuild = [(True, touched_slot[k]) if k in touched_slot else (False, slot[k])
                   for k in active[p + 1]]
        plans.append((touched, rebuild))

    transitions: list[dict[tuple[int, ...], tuple[tuple[int, ...] | None, ...]]] = []
    states: dict[tuple[int, ...], None] = {(): None}
    kept = 0
    for p in range(n):
        touched, rebuild = plans[p]
        step: dict[tuple[int, ...], tuple[tuple[int, ...] | None, ...]] = {}
        reached: dict[tuple[int, ...], None] = {}
        width = len(rebuild) + 1
        for state in states:
            if len(reached) > STATE_LIMIT or kept + len(reached) * width > KEPT_LIMIT:
                raise BoardError(
                    f"cannot complete this view: its shown numbers are too entangled (at cell "
                    f"{p + 1} of the {n} next to numbers, the search would keep more than "
                    f"{STATE_LIMIT:,} partial placements at once or {KEPT_LIMIT:,} numbers "
                    "in all)")
            outcomes: list[tuple[int, ...] | None] = []
            for mine in (0, 1):
                residuals = []
                for slot_index, need, after in touched:
                    residual = (state[slot_index] if slot_index >= 0 else need) - mine
                    if residual < 0 or residual > after:
                        break
                    residuals.append(residual)
                else:
                    nxt = tuple(residuals[i] if fresh else state[i] for fresh, i in rebuild)
                    reached[nxt] = None
                    outcomes.append(nxt)
                    continue
                outcomes.append(None)
            step[state] = tuple(outcomes)
        kept += len(reached) * width
        transitions.append(step)
        states = reached

    masks: list[dict[tuple[int, ...], int]] = [{} for _ in range(n + 1)]
    masks[n] = {state: 1 for state in states}
    for p in range(n - 1, -1, -1):
        later = masks[p + 1]
        here = masks[p]
        for state, (safe, mine) in transitions[p].items():
            here[state] = ((later.get(safe, 0) if safe is not None else 0)
                           | ((later.get(mine, 0) << 1) if mine is not None else 0))

    allowed = ((1 << (high + 1)) - 1) & ~((1 << low) - 1)
    if not masks[0].get((), 0) & allowed:
        return None
    placed: list[Cell] = []
    state: tuple[int, ...] = ()
    for p in range(n):
        safe, mine = transitions[p][state]
        if safe is not None and (masks[p + 1].get(safe, 0) << len(placed)) & allowed:
            state = safe
        else:
            assert mine is not None
            placed.append(order[p])
            state = mine
    return placed
