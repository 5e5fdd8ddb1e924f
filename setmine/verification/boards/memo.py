"""A schema's constituents over a stream of structures, each computed once
per value of what it reads.

A constituent is computed by the compiled program (``eval/compiled``:
closures over bit masks, the reference evaluator where they decline).
Before computing it, :class:`Memo` looks up its *key* (``eval/compiled/
frontier.py``): the values of the structures it reads, except the hidden
ones of :data:`SHARED`, and of the small sub-terms through which it reads
those — ``card(S2)`` and ``card(pr2 c ∩ S2)`` for each c of D5, say, in
the corrected schema's D8, D11 and D15.  Every position with the same key
has the same value, however different its mines: a term that reads the
mines only through what the player sees is computed once per view, not
once per placement; a term that reads S2 itself (the written schema's D4)
is keyed by S2, and shares nothing it should not.  The keys come from the
formulas, never from names.

A :class:`Formula` (an assertion) is keyed the same way, before any term it
uses is computed: on a repeated key its truth is known at once.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...base.interface import HIDDEN, STRUCTURES
from ...eval.compiled.compiler import Decline
from ...eval.compiled.frontier import Frontier, Items
from ...eval.compiled.program import Computed, Program
from ...eval.interpret.model import Limits, dependency_order, evaluated
from ...eval.values.kept import Kept
from ...rsl.schema import Schema, dependencies
from ...rsl.syntax.errors import RSLError
from ...rsl.syntax.tree import Global

SHARED = HIDDEN  # read through small sub-terms: the hidden mines
REMEMBERED = 20_000          # keys kept per constituent (least recently used dropped)
NEAR = 256
"""Keys kept for a constituent keyed by a hidden structure itself (the
written D4 by S2): its key recurs only among the moves of one position,
never across views, so remembering more only holds memory."""
WEIGHT = 250_000
"""Members kept per constituent, counted one level deep (a set of 400 pairs
weighs 400, a number 1): large values are kept fewer.  The written D3 pairs
each cell with every subset of its closed neighbours, about 40 KB a value;
20,000 of them took a 4×4 games task past 2 GB."""


def weight(value) -> int:
    """About how much memory a kept value holds, in members: a listed set
    its members, anything else (a mask, a counted family) one."""
    if isinstance(value, (frozenset, set, tuple, list, dict)):
        return 1 + len(value)
    return 1


class Keyed(Kept):
    """Values by key, the least recently used dropped past ``size`` keys or
    past ``most`` members in all (``eval/values/kept.py``)."""

    def __init__(self, size: int = REMEMBERED, most: int = WEIGHT) -> None:
        super().__init__(size, most)


class Memo:
    """``outcomes(data, aliases)``: the outcomes of ``aliases`` (and of what
    they use) on the structure ``data``, each looked up by its key before
    it is computed.  ``evaluations`` counts the constituents computed,
    ``shared`` those found by key."""

    def __init__(self, schema: Schema, limits: Limits = Limits(),
                 shared: frozenset | None = None) -> None:
        self.schema, self.limits = schema, limits
        self.shared = SHARED if shared is None else frozenset(shared)
        self.program = Program(schema)
        self.items = Items(self.program)
        self.order = dependency_order(schema)
        self.evaluable = set(evaluated(schema))
        self.keyed: dict[str, Keyed] = {}
        self.frontiers: dict[str, Frontier | None] = {}
        self._reads: dict[str, tuple[str, ...]] = {}
        self._wanted: dict[tuple, tuple[str, ...]] = {}
        self._data: dict | None = None
        self._run = None
        self.evaluations = self.found = 0
        self.grouped: frozenset | None = None
        """The readings a run groups the placements by (``verification/boards/grouped.py``):
        a constituent that reads all of them has a new key on every group,
        so it is computed without looking one up."""

    def fresh(self, frontier: Frontier | None) -> bool:
        """Whether ``frontier``'s key is new on every group of the run."""
        return frontier is not None and self.grouped is not None and \
            frontier.readings is not None and frozenset(frontier.readings) == self.grouped

    def reads(self, alias: str) -> tuple[str, ...]:
        """The structures ``alias`` depends on, in the order X1, S1…S4."""
        if alias not in self._reads:
            names = self.schema.closure(alias) | set(self.schema.uses(alias))
            self._reads[alias] = tuple(s for s in STRUCTURES if s in names)
        return self._reads[alias]

    def wanted(self, aliases: Iterable[str]) -> tuple[str, ...]:
        """``aliases`` and what they use that can be evaluated, in dependency
        order."""
        aliases = tuple(aliases)
        if aliases not in self._wanted:
            out = set(aliases)
            for alias in aliases:
                out |= self.schema.closure(alias)
            self._wanted[aliases] = tuple(a for a in self.order
                                          if a in out and a in self.evaluable)
        return self._wanted[aliases]

    def frontier(self, alias: str) -> Frontier | None:
        if alias not in self.frontiers:
            self.frontiers[alias] = _frontier(self.items, alias, self.shared)
        return self.frontiers[alias]

    def run(self, data: dict):
        """The compiled program's run on ``data`` (the same for every
        property asking about the same state)."""
        if data is not self._data:
            self._data = data
            self._run = self.program.start(data, self.limits.budget())
        return self._run

    def outcomes(self, data: dict, aliases: Iterable[str]) -> dict[str, Computed]:
        run = self.run(data)
        wanted = self.wanted(aliases)
        for alias in wanted:
            if alias not in run.results:
                self.compute(run, alias)
        return {a: run.results[a] for a in wanted}

    def ensure(self, run, aliases: Iterable[str]) -> None:
        """``aliases`` and what they use, computed on ``run``."""
        for alias in self.wanted(aliases):
            if alias not in run.results:
                self.compute(run, alias)

    def compute(self, run, alias: str) -> Computed:
        """One constituent on ``run``, what it uses being there already."""
        frontier = self.frontier(alias)
        key = frontier.key(run) if frontier is not None and not self.fresh(frontier) else None
        table = self.keyed.get(alias)
        if table is None:
            table = self.keyed[alias] = Keyed(NEAR if frontier is not None and frontier.whole
                                              else REMEMBERED)
        if key is not None:
            hit = table.get(key)
            if hit is not None:
                self.found += 1
                run.put(hit)
                return hit
        computed = run.one(alias)
        run.results[alias] = computed
        self.evaluations += 1
        if key is not None:
            table.put(key, computed, weight(computed.compact))
        return computed


def _frontier(items: Items, formula, shared: frozenset) -> Frontier | None:
    """The formula's frontier, or None when it cannot be keyed (then it is
    computed on every state)."""
    try:
        return Frontier(items, formula, shared)
    except (Decline, RecursionError):  # a global it cannot key, a tree too deep: no sharing
        return None


class Formula:
    """A formula over a schema's constituents (an assertion), keyed like a
    constituent: once per value of what it reads."""

    def __init__(self, memo: Memo, tree) -> None:
        self.memo, self.tree = memo, tree
        self.uses = tuple(name for name, _ in dependencies(tree))
        names = set(self.uses)
        for name in self.uses:
            names |= memo.schema.closure(name) if name in memo.schema else set()
        self.reads = tuple(s for s in STRUCTURES if s in names)
        named = getattr(tree, "name", None) if isinstance(tree, Global) else None
        self.axiom = named if named in memo.evaluable and named in memo.schema \
            and memo.schema[named].kind != "term" else None
        self.extra = memo.program.formula(tree)
        self.frontier = _frontier(memo.items, self.axiom or tree, memo.shared)
        self.keyed = Keyed(NEAR if self.frontier is not None and self.frontier.whole
                           else REMEMBERED)

    def truth(self, data: dict) -> tuple[bool | None, RSLError | None, dict]:
        """(its truth, the error that stopped it, the outcomes of the terms it uses)."""
        memo = self.memo
        run = memo.run(data)
        key = None
        if self.frontier is not None and not memo.fresh(self.frontier):
            memo.ensure(run, self.frontier.requires)
            key = self.frontier.key(run)
            if key is not None:
                hit = self.keyed.get(key)
                if hit is not None:
                    return hit
        outcomes = memo.outcomes(data, [u for u in self.uses if u in memo.evaluable])
        failed = next((o.error for o in outcomes.values() if not o.ok), None)
        value = None
        if failed is None and self.axiom is not None:  # an axiom named: its truth
            value = outcomes[self.axiom].value is True
        elif failed is None:
            try:
                value = run.truth(self.extra)
            except RSLError as exc:
                failed = exc
        result = (value, failed, outcomes)
        if key is not None:  # (the outcomes only say why it failed: kept then only)
            self.keyed.put(key, (value, failed, outcomes if failed is not None else {}))
        return result

