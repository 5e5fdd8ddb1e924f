"""A schema's constituents over a stream of structures, each computed once
per value of the structures it reads.

A constituent *reads* the structures in its dependency closure: D1 = X₁∖S₃
reads X1 and S3, whatever S2 and S4 are.  A verification visits positions
in an order where consecutive ones share most structures (every move of
one (S2, S3) in a row; every position of one shape in a row), so
:class:`Memo` remembers, per constituent, its last value with the values
of the structures it read: the next position that reads the same ones
reuses it.  Terms that read only X1 and S1 are computed once per shape,
terms that do not read S4 once per (S2, S3) — whatever the schema, since
the reads come from its formulas, never from names.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..check.isolate import (Limits, Outcome, dependency_order, run_term, schema_functions,
                             evaluated)
from ..eval.interpret.evaluator import Evaluator
from ..eval.values.sets import CURRENT_BUDGET
from ..rsl.errors import RSLError
from ..rsl.schema import Schema, dependencies
from ..rsl.syntax import Global

STRUCTURES = ("X1", "S1", "S2", "S3", "S4")


class Memo:
    """``outcomes(data, aliases)``: the outcomes of ``aliases`` (and of what
    they use) on the structure ``data``, reusing the last outcome of each
    constituent whose read structures are unchanged.  ``evaluations``
    counts the formulas actually evaluated."""

    def __init__(self, schema: Schema, limits: Limits = Limits()) -> None:
        self.schema, self.limits = schema, limits
        self.functions = schema_functions(schema)
        self.order = dependency_order(schema)
        self.evaluable = set(evaluated(schema))
        self.last: dict[str, tuple[tuple, Outcome]] = {}
        self._reads: dict[str, tuple[str, ...]] = {}
        self._wanted: dict[tuple, frozenset[str]] = {}
        self.evaluations = 0

    def reads(self, alias: str) -> tuple[str, ...]:
        """The structures ``alias`` depends on, in the order X1, S1…S4."""
        if alias not in self._reads:
            names = self.schema.closure(alias) | set(self.schema.uses(alias))
            self._reads[alias] = tuple(s for s in STRUCTURES if s in names)
        return self._reads[alias]

    def wanted(self, aliases: Iterable[str]) -> frozenset[str]:
        """``aliases`` and what they use, that can be evaluated."""
        aliases = tuple(aliases)
        if aliases not in self._wanted:
            out = set(aliases)
            for alias in aliases:
                out |= self.schema.closure(alias)
            self._wanted[aliases] = frozenset(out & self.evaluable)
        return self._wanted[aliases]

    def outcomes(self, data: dict, aliases: Iterable[str]) -> dict[str, Outcome]:
        wanted = self.wanted(aliases)
        out: dict[str, Outcome] = {}
        evaluator = None
        for alias in self.order:
            if alias not in wanted:
                continue
            key = tuple(data[s] for s in self.reads(alias))
            hit = self.last.get(alias)
            if hit is not None and hit[0] == key:
                outcome = hit[1]
            else:
                missing = [n for n in self.schema.uses(alias) if n in out and not out[n].ok]
                if missing:
                    outcome = Outcome(error=RSLError(
                        "calcGlobalMissing", f"{', '.join(missing)} could not be evaluated"))
                else:
                    if evaluator is None:
                        evaluator = self.evaluator(data, out)
                    outcome = run_term(evaluator, self.schema, alias, self.limits)
                    self.evaluations += 1
                self.last[alias] = (key, outcome)
            out[alias] = outcome
            if evaluator is not None and outcome.ok and self.schema[alias].kind == "term":
                evaluator.data[alias] = outcome.value
        return out

    def evaluator(self, data: dict, outcomes: dict[str, Outcome]) -> Evaluator:
        """An evaluator over ``data`` and the terms already computed."""
        evaluator = Evaluator(data, self.functions)
        evaluator.data.update((a, o.value) for a, o in outcomes.items()
                              if o.ok and self.schema[a].kind == "term")  # computed: frozen
        return evaluator


class Formula:
    """A formula over a schema's constituents (an assertion), evaluated like
    one more axiom: once per value of the structures it reads."""

    def __init__(self, memo: Memo, tree) -> None:
        self.memo, self.tree = memo, tree
        self.uses = tuple(name for name, _ in dependencies(tree))
        names = set(self.uses)
        for name in self.uses:
            names |= memo.schema.closure(name) if name in memo.schema else set()
        self.reads = tuple(s for s in STRUCTURES if s in names)
        self.last: tuple | None = None
        named = getattr(tree, "name", None) if isinstance(tree, Global) else None
        self.axiom = named if named in memo.evaluable and named in memo.schema \
            and memo.schema[named].kind != "term" else None

    def truth(self, data: dict) -> tuple[bool | None, RSLError | None, dict[str, Outcome]]:
        """(its truth, the error that stopped it, the outcomes of the terms it uses)."""
        key = tuple(data[s] for s in self.reads)
        if self.last is not None and self.last[0] == key:
            return self.last[1]
        outcomes = self.memo.outcomes(data, [u for u in self.uses if u in self.memo.evaluable])
        failed = next((o.error for o in outcomes.values() if not o.ok), None)
        value = None
        if failed is None and self.axiom is not None:  # an axiom named: its truth
            value = outcomes[self.axiom].value is True
        elif failed is None:
            evaluator = self.memo.evaluator(data, outcomes)
            evaluator.budget = budget = self.memo.limits.budget()
            token = CURRENT_BUDGET.set(budget)
            try:
                value = bool(evaluator.truth(self.tree))
            except RSLError as exc:
                failed = exc
            finally:
                CURRENT_BUDGET.reset(token)
        self.last = (key, (value, failed, outcomes))
        return self.last[1]
