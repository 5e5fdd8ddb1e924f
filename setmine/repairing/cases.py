"""The positions of a scope as test cases for one term's formula.

A :class:`Case` is one legal position with what the term's convention says
it is there (the reference notion, ``crosscheck/reference.py``).  A formula — the
term's own or a candidate fix — is judged on a case *in isolation*: every
other term it names is given its reference value, so a case tells whether
this formula means its convention, whatever the other formulas of the schema
do (the defect search's root-cause test, ``crosscheck/isolate.py``).

:func:`cases` lists the cases of a scope smallest first (cells, mines, open
cells): the first case a formula fails on is a minimal board showing it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..base.interface import STRUCTURES
from ..board import Board
from ..crosscheck.compare import compare
from ..crosscheck.positions import is_legal, positions
from ..crosscheck.reference import NOTIONS, Facts, as_data, defined, reference
from ..eval.interpret.evaluator import Evaluator
from ..eval.interpret.model import Limits, run_tree
from ..rsl.schema import dependencies
from ..rsl.syntax import tree as s
from ..rsl.syntax.errors import RSLError
from ..verification.boards.scope import parse_shapes



@dataclass
class Case:
    """One position, and the term's reference value on it."""

    board: Board
    facts: Facts
    expected: object
    inputs: dict = field(default_factory=dict)  # structures and reference values, filled on demand
    missing: dict = field(default_factory=dict)  # a term with no reference value here → why

    @property
    def size(self) -> tuple[int, int, int]:
        b = self.board
        return (len(b.cells), len(b.mines), len(b.opened))

    def data(self, names) -> dict | None:
        """The structures and the reference values of ``names``; None when
        one of them has no reference value on this position."""
        for name in names:
            if name in self.inputs or name in STRUCTURES:
                continue
            if name in self.missing:
                return None
            why = defined(name, self.facts)
            if why is None:
                try:
                    self.inputs[name] = as_data(reference(name, self.facts))
                    continue
                except ValueError as exc:
                    why = str(exc)
            self.missing[name] = why
            return None
        return {**self.facts.data, **self.inputs}


@dataclass
class Verdict:
    """A formula on a case: its value (or error) and whether it agrees."""

    agree: bool
    value: object = None
    error: RSLError | None = None
    unjudged: bool = False  # an input has no reference value here


class Judge:
    """Evaluates formulas of the term ``alias`` on cases, each under a fresh
    budget of ``limits``; counts the evaluations."""

    def __init__(self, alias: str, functions: dict, limits: Limits, formula: bool) -> None:
        self.alias = alias
        self.functions = functions
        self.limits = limits
        self.formula = formula  # an axiom: a truth value, else a set
        self.evaluations = 0

    def __call__(self, tree: s.Node, case: Case, names: tuple[str, ...] | None = None,
                 formula: bool | None = None) -> Verdict:
        """``tree`` on ``case`` against the term's reference value
        (``formula``: a truth value, by default as the term is)."""
        names = names if names is not None else tuple(n for n, _ in dependencies(tree))
        data = case.data(names)
        if data is None:
            return Verdict(False, unjudged=True)
        self.evaluations += 1
        formula = self.formula if formula is None else formula
        outcome = run_tree(Evaluator(data, self.functions), tree, formula, self.limits.budget())
        if not outcome.ok:
            return Verdict(False, error=outcome.error)
        try:
            agree = compare(self.alias, outcome.value, case.expected, case.facts.cells,
                            texts=False).agree
        except RSLError as exc:  # a value too large to compare is no fix
            return Verdict(False, error=exc)
        return Verdict(agree, outcome.value)


def moves_for(alias: str) -> str:
    """One move per (mines, open cells) for a notion that does not read the
    move, every closed cell else."""
    return "all" if NOTIONS[alias].reads_move else "first"


def cases(alias: str, scope: str, deadline: float | None = None) -> Iterator[Case]:
    """The legal positions of ``scope`` on which ``alias``'s notion is
    defined, smallest first.  Raises ``ScopeError`` for a bad scope text."""
    shapes = parse_shapes(scope)
    boards = [b for shape in shapes for b in positions(shape, moves_for(alias)) if is_legal(b)]
    boards.sort(key=lambda b: (len(b.cells), len(b.mines), len(b.opened)))
    for board in boards:
        if deadline is not None and time.monotonic() > deadline:
            return
        facts = Facts.of(board)
        if defined(alias, facts) is not None:
            continue
        yield Case(board, facts, reference(alias, facts))
