"""A property decided at one size vector by asking a SAT solver for a
counterexample, not by going through the models.

The size vector's axioms are grounded (``sat.Grounded``), the property F
too, and the solver is asked for a solution of "axioms ∧ ¬F".  None: F
holds on every model of these sizes.  One: it is checked by the evaluator
(the axioms hold, F does not) and kept, then the solver is asked again for
a counterexample of fewer members (a totalizer over the structures'
variables), until there is none: the counterexample shown has the fewest
members of its sizes.  Lex-leader symmetry breaking keeps a member of every
isomorphism class, so it cuts the search and never a least counterexample.

The answer is exact when F's circuit is (``exactness.py``); the axioms'
circuits only have to admit every model (a solution they admit that the
evaluator refutes is blocked and the solver asked again).  A property
whose circuit is not exact is decided by going through the models instead
(``listing.py``); the caller does that.
"""

from __future__ import annotations

from dataclasses import dataclass

from pysat.card import ITotalizer
from pysat.solvers import Solver

from ....eval.values.budget import Budget
from ..exactness import inexact
from ..grounding import NotGroundable
from ..naive import Interpretation, weight
from ..sat import SOLVER, Grounded, solve
from ..search import Axioms


@dataclass
class Verdict:
    """One property at one size vector."""

    name: str
    holds: bool                               # no counterexample of these sizes
    counterexample: Interpretation | None = None
    weight: tuple[int, int] | None = None     # (elements, members) of the counterexample
    error: object = None                      # the RSLError the property's evaluation ended in
    queries: int = 0                          # the solver's answers


def member_weights(grounded: Grounded) -> list[int]:
    """The literals whose true count is a solution's members: each member
    variable of a set-valued structure once, an element structure's value
    as many times as it has members."""
    out: list[int] = []
    for alias in grounded.order:
        for u, v in grounded.pairs[alias]:
            if not grounded.element[alias]:
                out.append(v)
            elif isinstance(u, frozenset):
                out += [v] * len(u)
    return out


class Decider:
    """The solver for one size vector, asked about property after property."""

    def __init__(self, schema, sizes: dict[str, int], integers, symmetry: bool = True,
                 budget: Budget | None = None, recheck: bool = False):
        self.schema, self.sizes = schema, dict(sizes)
        self.budget = budget or Budget()
        self.grounded = Grounded(schema, self.sizes, integers, symmetry)
        axioms = [c.alias for c in schema if c.kind == "axiom"]
        self.axioms_exact = not self.grounded.left_to_evaluator and not any(
            inexact(schema, schema.tree(a)) for a in axioms)
        self.recheck = recheck or not self.axioms_exact
        self.every = axioms
        self.checker = Axioms(schema, self.budget)
        self.solver = Solver(name=SOLVER, bootstrap_with=self.grounded.circuit.clauses)
        self.sent = len(self.grounded.circuit.clauses)
        self.variables = self.grounded.variables()
        self.totalizer: ITotalizer | None = None
        self.queries = 0

    def close(self) -> None:
        self.solver.delete()
        if self.totalizer is not None:
            self.totalizer.delete()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- the solver
    def _send(self) -> None:
        clauses = self.grounded.circuit.clauses
        for clause in clauses[self.sent:]:
            self.solver.add_clause(clause)
        self.sent = len(clauses)

    def _solve(self, assumptions: list[int]):
        self._send()
        self.queries += 1
        if not solve(self.solver, assumptions, self.budget):
            return None
        true = {lit for lit in self.solver.get_model() if lit > 0}
        return true, self.grounded.decode(true)

    def _block(self, true: set[int], selector: int | None = None) -> None:
        block = [-v if v in true else v for v in self.variables]
        self.solver.add_clause(block if selector is None else [-selector, *block])

    def _at_most(self, members: int) -> list[int]:
        """The assumption "at most ``members`` members"."""
        if self.totalizer is None:
            self._send()
            lits = member_weights(self.grounded)
            circuit = self.grounded.circuit
            self.totalizer = ITotalizer(lits=lits, ubound=len(lits), top_id=circuit.top)
            circuit.top = self.totalizer.top_id
            for clause in self.totalizer.cnf.clauses:
                self.solver.add_clause(clause)
        rhs = self.totalizer.rhs
        return [-rhs[members]] if members < len(rhs) else []

    # -- questions
    def model(self) -> Interpretation | None:
        """One model of these sizes (any), or None."""
        while True:
            found = self._solve([])
            if found is None:
                return None
            true, values = found
            if not self.recheck or self.checker.hold(values, self.every):
                return Interpretation(dict(self.sizes), values)
            self._block(true)

    def circuit_of(self, tree):
        """F's literal, or why F is decided otherwise."""
        why = inexact(self.schema, tree)
        if why:
            return None, why
        try:
            return self.grounded.grounder.formula(tree), None
        except NotGroundable as exc:
            return None, exc.why

    def decide(self, name: str, formula: str, literal) -> Verdict:
        """The least counterexample of F (``literal``, its exact circuit) at
        these sizes, or that F holds on them."""
        from ....eval.interpret.model import evaluate
        from ....rsl.syntax.errors import RSLError

        verdict = Verdict(name, True)
        if literal is True:
            return verdict
        selector = None   # F's circuit is False: every model is a counterexample
        if literal is not False:
            selector = self.grounded.circuit.var()
            self.solver.add_clause([-selector, -literal])
        bound: list[int] = []
        while True:
            found = self._solve(([selector] if selector else []) + bound)
            if found is None:
                break
            true, values = found
            if self.recheck and not self.checker.hold(values, self.every):
                self._block(true)
                continue
            model = Interpretation(dict(self.sizes), values)
            try:
                truth = evaluate(self.schema, formula, values, self.budget)
            except RSLError as exc:
                truth = exc
            if truth is True:   # the circuit and the evaluator disagree: never the answer
                self._block(true, selector)
                continue
            verdict.holds, verdict.counterexample = False, model
            verdict.weight = weight(model)
            verdict.error = truth if isinstance(truth, RSLError) else None
            if verdict.weight[1] == 0:
                break
            bound = self._at_most(verdict.weight[1] - 1)
        verdict.queries = self.queries
        return verdict


__all__ = ["Decider", "Verdict", "member_weights"]
