"""The models of a schema within a scope, found by a SAT solver.

For each size vector of the scope (smallest first) the structures become
Boolean variables and the axioms clauses over them (``grounding.py``); a
SAT solver (CaDiCaL, through python-sat) then lists the solutions one by
one, each blocked once found.  Every solution is checked by the evaluator
against every axiom before it is given out: the clauses admit every model
and may admit more (an axiom, or a part of one, that does not ground is
left to the evaluator), never fewer.

Symmetry: with ``symmetry``, a solution must be no greater, in the order of
its variables, than the same solution with two consecutive elements of a
basic set swapped (lex-leader constraints, Crawford et al. 1996, on the
adjacent transpositions that generate each set's permutations).  The least
solution of every isomorphism class satisfies all of them, so every class
keeps at least one model; classes are then told apart by nauty's canonical
certificate (``canonical.py``) and the labelled models counted from each
class's automorphism group (orbit–stabiliser: Π nᵢ! / |Aut|).
``tests/verification/test_models_sat.py`` holds this search to the plain
enumeration (``naive.py``).
"""

from __future__ import annotations

import signal
import threading
import time
from typing import Iterator

from pysat.solvers import Solver

from ...eval.interpret.model import functions
from ...eval.values.budget import Budget, BudgetExceeded
from ...eval.values.sets import order_key
from .circuits import Circuit
from .grounding import Grounder, NotGroundable, SetOf
from .isomorphism import relabel
from .naive import Interpretation, structure_order, structure_types
from .scope import ModelScope
from .search import Axioms

SOLVER = "glucose4"
"""Glucose (through python-sat): it can be interrupted in the middle of a
search, which CaDiCaL's binding cannot — a time limit stops a long query
(``solve``)."""


def solve(solver, assumptions=(), budget: Budget | None = None) -> bool:
    """``solver.solve(assumptions)``, stopped by the command's time limit
    (its interval timer, ``cli/limits.py``) or ``budget``'s deadline (a
    request's): the search is native code that a signal does not reach, so
    a timer thread interrupts it, and the time limit is then raised here."""
    left = _seconds_left(budget)
    if left is None:
        return solver.solve(assumptions=list(assumptions))
    timer = threading.Timer(max(left, 0.0) + 0.01, solver.interrupt)
    timer.daemon = True
    timer.start()
    try:
        answer = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
    finally:
        timer.cancel()
    if answer is None:   # interrupted: the time limit's handler runs now, or the budget says
        solver.clear_interrupt()
        time.sleep(0.05)
        if budget is not None:
            budget.check_time(None, "the SAT solver's search")
        raise BudgetExceeded("timeLimit", f"the SAT solver's search: more than {left:.3g} s",
                             0, 0)
    return answer


def _seconds_left(budget: Budget | None) -> float | None:
    limits = []
    if threading.current_thread() is threading.main_thread():
        remaining = signal.getitimer(signal.ITIMER_REAL)[0]
        if remaining > 0:
            limits.append(remaining)
    if budget is not None and budget.deadline is not None:
        limits.append(budget.deadline.at - time.monotonic())
    return min(limits) if limits else None


class Ungrounded(Exception):
    """A structure's domain could not be grounded: this search does not apply."""


class Grounded:
    """One size vector's circuit: the structures' variables, the axioms'
    clauses, which axioms (or parts) were left to the evaluator."""

    def __init__(self, schema, sizes: dict[str, int], integers, symmetry: bool,
                 axioms: bool = True):
        self.schema, self.sizes = schema, sizes
        self.circuit = Circuit()
        data = {alias: SetOf({i: True for i in range(n)}) for alias, n in sizes.items()}
        self.grounder = Grounder(schema, functions(schema), self.circuit, data)
        self.order = structure_order(schema)
        self.pairs: dict[str, list[tuple[object, int]]] = {}
        self.element = {}   # structures whose value is one member of their domain
        for alias in self.order:
            domain = schema.analysis[alias].tree
            try:
                self.pairs[alias] = self.grounder.add_structure(alias, domain, integers)
            except NotGroundable as exc:
                raise Ungrounded(f"the domain of {alias}: {exc.why}") from None
            self.element[alias] = not (getattr(domain, "op", None) == "ℬ")
        self.left_to_evaluator: list[str] = []
        for c in schema:
            if axioms and c.kind == "axiom":
                self._require(c.alias, schema.tree(c.alias))
        if symmetry:
            self._break_symmetry()

    def _require(self, alias: str, tree) -> None:
        from ...rsl.syntax import tree as s

        parts = [tree]
        while parts:
            part = parts.pop()
            if isinstance(part, s.Connective) and part.op == "&":
                parts += [part.left, part.right]
                continue
            try:
                self.circuit.require(self.grounder.formula(part))
            except NotGroundable as exc:
                self.left_to_evaluator.append(f"{alias}: {exc.why}")

    def shares(self, solver, j: int, parts: int, budget: Budget | None = None
               ) -> list[list[int]]:
        """The assumptions of share ``j`` of ``parts``: "the first set-valued
        structure has m members" for every m a model may have (a solver
        question each), dealt round the parts — m is an invariant of the
        class, so the shares split the models and their classes without
        overlap, and dealing the possible m's one by one balances them."""
        if parts <= 1:
            return [[]]
        first = next((a for a in self.order if not self.element[a]), None)
        if first is None:   # no set to count: the whole is part 0's
            return [[]] if j == 0 else []
        from pysat.card import ITotalizer

        lits = [v for _, v in self.pairs[first]]
        n = len(lits)
        rhs = []   # ¬rhs[k]: at most k of the literals (a totalizer bounds from above only)
        for side in (lits, [-v for v in lits]):
            totalizer = ITotalizer(lits=side, ubound=n, top_id=self.circuit.top)
            self.circuit.top = totalizer.top_id
            for clause in totalizer.cnf.clauses:
                solver.add_clause(clause)
            rhs.append(totalizer.rhs)

        def exactly(m: int) -> list[int]:   # at most m members, at most n − m non-members
            return ([-rhs[0][m]] if m < n else []) + ([-rhs[1][n - m]] if n - m < n else [])
        possible = [m for m in range(n + 1) if solve(solver, exactly(m), budget)]
        return [exactly(m) for m in possible[j::parts]]

    def variables(self) -> list[int]:
        return [v for alias in self.order for _, v in self.pairs[alias]]

    def _break_symmetry(self) -> None:
        types = structure_types(self.schema)
        index = {}
        ordered: list[tuple[str, object, int]] = []
        for alias in self.order:
            for u, v in sorted(self.pairs[alias], key=lambda p: order_key(p[0])):
                ordered.append((alias, u, v))
                index[(alias, u)] = v
        for basic, n in self.sizes.items():
            if self.schema[basic].kind != "basic":
                continue
            for i in range(n - 1):
                swap = list(range(n))
                swap[i], swap[i + 1] = i + 1, i
                renaming = {basic: tuple(swap)}
                image = []
                for alias, u, _ in ordered:
                    type_ = types[alias]
                    element_type = type_ if self.element[alias] else type_.base
                    v = index.get((alias, relabel(u, element_type, renaming)))
                    if v is None:   # the candidates are not closed under the swap
                        break
                    image.append(v)
                else:
                    self.circuit.lex_leq([v for _, _, v in ordered], image)

    def decode(self, true: set[int]) -> dict[str, object]:
        values: dict[str, object] = {a: frozenset(range(n)) for a, n in self.sizes.items()}
        for alias in self.order:
            chosen = [u for u, v in self.pairs[alias] if v in true]
            if self.element[alias]:
                values[alias] = chosen[0]
            else:
                values[alias] = frozenset(chosen)
        return values


def models(schema, scope: ModelScope, budget: Budget | None = None,
           tried: list[int] | None = None, symmetry: bool = True,
           notes: list[str] | None = None, recheck: bool = True,
           share: tuple[int, int] = (0, 1)) -> Iterator[Interpretation]:
    """Every model of ``schema``'s axioms in ``scope`` (with ``symmetry``, at
    least one of every isomorphism class), smallest sizes first;
    ``tried[0]`` counts the solutions the solver gave; ``notes`` receives
    what was left to the evaluator.  Each solution is checked by the
    evaluator, unless ``recheck`` is False and every axiom's circuit is
    exact (``exactness.py``).  Raises ``Ungrounded`` at the first size
    vector whose structures' domains do not ground: ask ``why_not`` first
    (the command does, and a task is one size vector).  ``share`` (j, P):
    the j-th of P shares of the models (``Grounded.shares``)."""
    from .exactness import inexact

    budget = budget or Budget()
    axioms = Axioms(schema, budget)
    every = [c.alias for c in schema if c.kind == "axiom"]
    counter = tried if tried is not None else [0]
    for sizes in scope.size_vectors():
        grounded = Grounded(schema, dict(sizes), scope.integers, symmetry)
        if notes is not None:
            notes.extend(n for n in grounded.left_to_evaluator if n not in notes)
        variables = grounded.variables()
        check = recheck or bool(grounded.left_to_evaluator) or any(
            inexact(schema, schema.tree(a)) for a in every)
        with Solver(name=SOLVER, bootstrap_with=grounded.circuit.clauses) as solver:
            for assumptions in grounded.shares(solver, *share, budget):
                while solve(solver, assumptions, budget):
                    assignment = solver.get_model()
                    true = {lit for lit in assignment if lit > 0}
                    counter[0] += 1
                    if variables:   # a solution has one m: its block holds in every share
                        solver.add_clause([-v if v in true else v for v in variables])
                    values = grounded.decode(true)
                    if not check or axioms.hold(values, every):
                        yield Interpretation(dict(sizes), values)
                    if not variables:
                        break


def why_not(schema, scope: ModelScope) -> str | None:
    """Why this search does not apply to ``scope`` (None: it does): a
    structure's domain that does not ground at the scope's largest sizes."""
    vectors = list(scope.size_vectors())
    if not vectors:
        return None
    try:
        Grounded(schema, dict(vectors[-1]), scope.integers, False, axioms=False)
    except Ungrounded as exc:
        return str(exc)
    return None


__all__ = ["Grounded", "Ungrounded", "models", "why_not"]
