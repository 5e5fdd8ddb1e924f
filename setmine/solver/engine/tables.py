"""One component of a position, counted: the dynamic programme of
:mod:`setmine.solver.engine.probability` (step 4 of its method) and the tables it
leaves.

* :func:`tabulate` runs the forward programme along the component's group
  order and keeps its layers; :func:`group_counts` is the backward pass that
  turns the weights of the component's mine counts into per-group counts;
* :class:`UniformTable` is a component whose numbers all see the same cells
  (one number, or one group under several): binomials, no programme;
* :func:`component_table` counts any other component: by listing its
  solutions when they are few (:mod:`setmine.solver.engine.enumeration`), else by
  the programme;
* :class:`Siblings` shares tables among positions of one structure that
  differ only in needs (a cell showing each number it can: the ``best``
  player's look-ahead);
* :class:`Tables` keeps tables from one position to the next, keyed by what
  they depend on (the cells each number sees), so that a sequence of
  positions tabulates only the components that changed.  Games do not use
  it by default: measured, the keys cost about what they save there.

Only Python integers are used.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import lru_cache
from math import comb
from operator import add, itemgetter, mul, sub
from typing import Callable

from .components import Component, Structure, ordered
from .enumeration import EnumeratedTable, enumerate_component

__all__ = ["ComponentTable", "DEFAULT_STATE_LIMIT", "Siblings", "SolverLimitExceeded", "Tables",
           "UniformTable", "component_table", "group_cells", "group_counts", "tabulate", "uniform"]

# A polynomial in the component's mine count is stored sparsely as
# ``(lo, coeffs)``: ``coeffs[i]`` placements with ``lo + i`` mines.  All
# coefficients are positive sums, so ``coeffs[0]`` is never 0 and supports only
# grow along the DP -- which lets the backward pass store its vectors on the
# same support as the forward ones.  Polynomials, states and moves are tuples,
# so that a kept table holds nothing Python's cycle collector must visit (with
# lists, full collections over the kept tables took a fifth of a game's time).
Poly = tuple[int, tuple[int, ...]]


class _Step:
    """One group of the programme."""

    __slots__ = ("gid", "size", "checks", "keep", "fresh", "minus", "base")

    def __init__(self, gid: int, size: int, checks: tuple[tuple[int, int, int, int], ...],
                 keep: tuple[int, ...], fresh: tuple[int, ...],
                 minus: tuple[tuple[int, ...], ...]) -> None:
        self.gid, self.size = gid, size
        # (index in the state before, or -1 if the constraint opens here,
        #  its initial need, the capacity its later groups still offer, its id)
        self.checks = checks
        self.keep = keep             # indices of the state before that stay open
        self.fresh = fresh           # needs of the constraints opened here (and kept)
        self.minus = minus           # minus[j]: what j mines take off the state after
        # base(state): the state after, before the group's own mines are subtracted
        if not keep:
            self.base = lambda state: fresh
        elif len(keep) == 1:
            k = keep[0]
            self.base = lambda state: (state[k],) + fresh
        else:
            get = itemgetter(*keep)
            self.base = lambda state: get(state) + fresh


@dataclass
class ComponentTable:
    """Forward tabulation of one component."""

    component: Component
    steps: tuple[tuple[int, int], ...]         # step i: (its group, the group's size)
    layers: list[dict[tuple, Poly]]            # layers[i]: state -> poly, before step i
    moves: list[dict[tuple, tuple[tuple[int, tuple], ...]]]  # step i: state -> ((j, next state), …)
    table: list[int]                           # table[k]: placements with k mines
    blame: int | None = None                   # constraint at which every state died
    truncated: bool = False                    # the mine cap removed something

    @property
    def max_states(self) -> int:
        return max(len(layer) for layer in self.layers)

    @property
    def states(self) -> int:
        """The states it keeps, in all its layers."""
        return sum(map(len, self.layers))

    def counts(self, weight: list[int]) -> dict[int, int]:
        return group_counts(self, weight)


@dataclass
class UniformTable:
    """A component whose numbers all see the same cells — one number, or
    one group of cells seen by several numbers that all need ``mines``: its
    placements put ``mines`` mines anywhere among its ``cells`` cells, so
    its table and counts are binomials, with no programme to run."""

    component: Component
    cells: int
    mines: int
    table: list[int]
    max_states: int = 1

    def counts(self, weight: list[int]) -> dict[int, int]:
        """:func:`group_counts` for this component: each cell is mined in
        ``C(cells-1, mines-1)`` of the ``C(cells, mines)`` placements."""
        n = comb(self.cells - 1, self.mines - 1) * weight[self.mines] if self.mines else 0
        return dict.fromkeys(self.component.groups, n)


def uniform(comp: Component, st: Structure, length: int) -> UniformTable | None:
    """The :class:`UniformTable` of ``comp`` when it is one (and consistent,
    with fewer than ``length`` mines); None otherwise (the programme then
    decides, and explains an inconsistency)."""
    if len(comp.constraints) != 1 and len(comp.groups) != 1:
        return None
    needs = {st.constraints[ci].need for ci in comp.constraints}
    cells = sum(st.groups[g].size for g in comp.groups)
    mines = needs.pop()
    if needs or mines > cells or mines >= length:
        return None
    table = [0] * length
    table[mines] = comb(cells, mines)
    return UniformTable(comp, cells, mines, table)


def component_table(comp: Component, st: Structure, length: int, state_limit: int | None,
                    order: Callable[[Component], Component] | None = None
                    ) -> ComponentTable | EnumeratedTable:
    """The table of ``comp`` (not uniform): its solutions, if they are few
    (:func:`~setmine.solver.engine.enumeration.enumerate_component`); else the
    programme, along ``order(comp)`` (by default :func:`~setmine.solver.
    components.ordered`)."""
    found = enumerate_component(comp, st, length)
    if found is not None:
        return found
    return tabulate(order(comp) if order else ordered(comp, st), st, length, state_limit)


def group_cells(comp: Component, st: Structure) -> dict[int, tuple]:
    """The cells of each of the component's groups, by group id."""
    return {g: st.groups[g].cells for g in comp.groups}


class Tables:
    """Component tables kept from one position to the next.

    A component's table and counts depend only on its numbers' needs and the
    cells each of them sees (its *key*); after a move of a game, or in a
    player's "what if this cell showed v", most components are unchanged, so
    their tables are taken from here instead of being ordered and tabulated
    again.  The answers are the same as from scratch: only what the key
    determines is kept.  At most ``limit`` tables and ``budget`` DP states
    in all (least recently used first out; a table of more than ``budget``
    / 4 states is not kept), so a long campaign's memory stays bounded:
    a state with its polynomial and moves takes a few hundred bytes, the
    default budget some tens of megabytes.

    Group orders are kept too, by the component's *shape* (the key without
    the needs): the "what if this cell showed v" positions of one cell have
    one shape for every ``v``, so the order found for the first serves the
    others.  Any order gives the same answers; a kept one only saves the
    search."""

    def __init__(self, limit: int = 2048, budget: int = 200_000) -> None:
        self.entries: OrderedDict[tuple, tuple[ComponentTable, dict[int, tuple]]] = OrderedDict()
        self.orders: OrderedDict[tuple, tuple[int, ...]] = OrderedDict()
        self.limit, self.budget = limit, budget
        self.states = 0                 # DP states in the kept tables
        self.hits = self.misses = 0

    @staticmethod
    def shape(comp: Component, st: Structure) -> tuple:
        """The cells each of the component's numbers sees, group by group."""
        constraints, groups = st.constraints, st.groups
        return tuple(tuple(groups[g].cells for g in constraints[ci].groups)
                     for ci in comp.constraints)

    def table(self, comp: Component, st: Structure, length: int,
              state_limit: int | None) -> tuple[ComponentTable, dict[int, tuple]]:
        """The table of ``comp`` and the cells of each of its group ids (the
        ids of the position it was first tabulated in)."""
        shape = self.shape(comp, st)
        key = (length, state_limit, tuple(st.constraints[ci].need for ci in comp.constraints),
               shape)
        hit = self.entries.get(key)
        if hit is not None:
            self.hits += 1
            self.entries.move_to_end(key)
            return hit
        self.misses += 1
        tab = component_table(comp, st, length, state_limit, lambda c: self._ordered(c, st, shape))
        entry = (tab, group_cells(comp, st))
        states = tab.states
        if any(tab.table) and states <= self.budget // 4:
            self.entries[key] = entry
            self.states += states
            while len(self.entries) > self.limit or self.states > self.budget:
                old, _ = self.entries.popitem(last=False)[1]
                self.states -= old.states
        return entry

    def _ordered(self, comp: Component, st: Structure, shape: tuple) -> Component:
        """``comp`` in the order kept for its shape (as places in its sorted
        groups: equal shapes have the same groups in the same places), or
        ordered now and kept."""
        places = self.orders.get(shape)
        if places is not None:
            self.orders.move_to_end(shape)
            return replace(comp, order=tuple(comp.groups[i] for i in places))
        comp = ordered(comp, st)
        place = {g: i for i, g in enumerate(comp.groups)}
        self.orders[shape] = tuple(place[g] for g in comp.order)
        if len(self.orders) > self.limit:
            self.orders.popitem(last=False)
        return comp


class Siblings:
    """Tables shared by positions of one structure -- the same constraints
    and groups, the same ids -- that differ only in needs: the positions
    where one cell shows each number it can (:func:`~setmine.solver.
    probability.outcomes`).  A component is known by its ids and its
    numbers' needs, cheap to compare; its group order is found once for all
    the needs."""

    def __init__(self) -> None:
        self.tables: dict[tuple, tuple[ComponentTable, dict[int, tuple]]] = {}
        self.orders: dict[Component, tuple[int, ...]] = {}
        self.hits = 0

    def table(self, comp: Component, st: Structure, length: int,
              state_limit: int | None) -> tuple[ComponentTable, dict[int, tuple]]:
        """As :meth:`Tables.table`."""
        key = (comp, tuple(st.constraints[ci].need for ci in comp.constraints), length,
               state_limit)
        hit = self.tables.get(key)
        if hit is not None:
            self.hits += 1
            return hit
        tab = component_table(comp, st, length, state_limit, lambda c: self._ordered(c, st))
        entry = (tab, group_cells(comp, st))
        if any(tab.table):
            self.tables[key] = entry
        return entry

    def _ordered(self, comp: Component, st: Structure) -> Component:
        order = self.orders.get(comp)
        if order is None:
            order = self.orders[comp] = ordered(comp, st).order
        return replace(comp, order=order)


def _plan(comp: Component, st: Structure) -> list[_Step]:
    """The steps of the programme along ``comp.order``: for each group, the
    numbers it checks (their place in the state, or -1 if they open here),
    the places that stay open after it, and what its mines take off."""
    groups, constraints = st.groups, st.constraints
    capacity: dict[int, int] = {}  # constraint -> the cells of its groups not yet taken
    for gid in comp.order:
        g = groups[gid]
        for ci in g.constraints:
            capacity[ci] = capacity.get(ci, 0) + g.size
    active: list[int] = []         # the open constraints, in the state's order
    place: dict[int, int] = {}     # constraint -> its place in the state
    steps = []
    for gid in comp.order:
        size, seen = groups[gid].size, groups[gid].constraints
        checks = []
        opened = []
        for ci in seen:
            cap = capacity[ci] - size
            capacity[ci] = cap
            at = place.get(ci, -1)
            checks.append((at, constraints[ci].need, cap, ci))
            if at < 0 and cap:     # opens here and has groups later
                opened.append(ci)
        kept = [ci for ci in active if capacity[ci]]   # a constraint with no cells left closes
        after = kept + opened
        place_after = dict(zip(after, range(len(after))))
        mask = [0] * len(after)
        for ci in seen:
            at = place_after.get(ci)
            if at is not None:
                mask[at] = 1
        steps.append(_Step(gid, size, tuple(checks), tuple(map(place.__getitem__, kept)),
                           tuple(constraints[ci].need for ci in opened),
                           _minus(tuple(mask), size)))
        active, place = after, place_after
    return steps


@lru_cache(maxsize=4096)
def _minus(mask: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    """What ``j`` mines of a group of ``size`` take off a state, for every
    ``j``: ``j`` at the places ``mask`` marks (the same few masks recur)."""
    return tuple(tuple(map(j.__mul__, mask)) for j in range(size + 1))


def _add(a: Poly, b: Poly) -> Poly:
    """Sum of two sparse polynomials."""
    if a[0] > b[0]:
        a, b = b, a
    (alo, ac), (blo, bc) = a, b
    off = blo - alo
    end = off + len(bc)
    if end <= len(ac):             # b lies within a
        return alo, ac[:off] + tuple(map(add, ac[off:end], bc)) + ac[end:]
    if off >= len(ac):             # b starts past a's end
        return alo, ac + (0,) * (off - len(ac)) + bc
    return alo, ac[:off] + tuple(map(add, ac[off:], bc)) + bc[len(ac) - off:]


class SolverLimitExceeded(RuntimeError):
    """The dynamic programme needed more states than allowed."""


DEFAULT_STATE_LIMIT = 3_000_000


def tabulate(comp: Component, st: Structure, length: int,
             state_limit: int | None = DEFAULT_STATE_LIMIT) -> ComponentTable:
    """Forward DP: placements of the component by number of mines ``< length``.

    Raises :class:`SolverLimitExceeded` when the layers (all kept for the
    backward pass) hold more than ``state_limit`` states in total.
    """
    steps = _plan(comp, st)
    layer: dict[tuple, Poly] = {(): (0, (1,))}
    layers = [layer]
    moves = []
    blame = None
    truncated = False
    stored = 1
    for step in steps:
        size, checks, minus = step.size, step.checks, step.minus
        nxt: dict[tuple, Poly] = {}
        mv: dict[tuple, tuple[tuple[int, tuple], ...]] = {}
        culprit = None
        for state, (flo, poly) in layer.items():
            lo, hi = 0, size
            for bi, need0, cap, ci in checks:
                need = state[bi] if bi >= 0 else need0
                if need - cap > lo:
                    lo = need - cap
                if need < hi:
                    hi = need
                if lo > hi:
                    culprit = ci
                    break
            if lo > hi:
                continue
            base = step.base(state)
            out = []
            for j in range(lo, hi + 1):
                k0 = flo + j
                room = length - k0
                if room <= 0:
                    truncated = True
                    break
                coeffs = poly
                if len(coeffs) > room:
                    coeffs = coeffs[:room]
                    truncated = True
                w = comb(size, j)
                if w != 1:
                    coeffs = tuple(map(w.__mul__, coeffs))
                new = tuple(map(sub, base, minus[j])) if j else base
                tgt = nxt.get(new)
                nxt[new] = (k0, coeffs) if tgt is None else _add(tgt, (k0, coeffs))
                out.append((j, new))
            if out:
                mv[state] = tuple(out)
        if not nxt and blame is None:
            blame = culprit
        stored += len(nxt)
        if state_limit is not None and stored > state_limit:
            cells = sorted(st.constraints[ci].cell for ci in comp.constraints)
            raise SolverLimitExceeded(
                f"counting the component of {len(cells)} numbers starting at {cells[0]!r} "
                f"needed more than {state_limit} DP states (limit: state_limit=)")
        moves.append(mv)
        layer = nxt
        layers.append(layer)
    table = [0] * length
    if () in layer:
        lo, coeffs = layer[()]
        table[lo:lo + len(coeffs)] = coeffs
    return ComponentTable(comp, tuple((step.gid, step.size) for step in steps), layers, moves,
                          table, blame, truncated)


def group_counts(tab: ComponentTable, weight: list[int]) -> dict[int, int]:
    """Backward pass: for each group, the weighted number of placements with a
    mine on one given cell of the group, where a component placement with
    ``k`` mines weighs ``weight[k]``.

    ``G_i[s][k]`` is the total weight of the completions (steps ``i`` on) of a
    partial placement in state ``s`` with ``k`` mines so far; it is kept on
    the support of ``F_i[s]`` only.
    """
    counts: dict[int, int] = {}
    nxt: dict[tuple, list[int]] = {}
    if () in tab.layers[-1]:
        lo, coeffs = tab.layers[-1][()]
        nxt[()] = weight[lo:lo + len(coeffs)]
    for i in range(len(tab.steps) - 1, -1, -1):
        gid, size = tab.steps[i]
        layer, after = tab.layers[i], tab.layers[i + 1]
        cur: dict[tuple, list[int]] = {}
        total = 0
        for state, out in tab.moves[i].items():
            flo, f = layer[state]
            n = len(f)
            acc = None
            for j, new in out:
                g = nxt.get(new)
                if g is None:
                    continue
                start = flo + j - after[new][0]
                part = g[start:start + n]
                if j:
                    total += comb(size - 1, j - 1) * sum(map(mul, f, part))
                w = comb(size, j)
                if w != 1:
                    part = [w * x for x in part]
                if acc is None:
                    acc = part + [0] * (n - len(part))
                else:
                    acc[:len(part)] = map(add, acc, part)
            if acc is not None and any(acc):
                cur[state] = acc
        counts[gid] = total
        nxt = cur
    return counts
