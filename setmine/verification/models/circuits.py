"""Boolean circuits written as clauses (Tseitin), the SAT search's target.

A *literal* is a non-zero integer (variable ``v`` or its negation ``-v``)
or one of the constants ``True`` and ``False``.  ``Circuit`` hands out
variables and builds gates over literals: ``and_``, ``or_``, ``iff``,
``xor`` fold constants away and give every distinct gate one variable
(hash-consing), defined by the clauses of its equivalence, so a formula
grounded over a scope becomes one literal whose truth in a model of the
clauses is the formula's truth.  ``count`` gives a one-hot integer (how many
of some literals are true); ``lex_leq`` constrains one vector of literals
to be lexicographically at most another (the symmetry-breaking predicate of
Crawford et al., with Aloul's chain of equalities).
"""

from __future__ import annotations

from typing import Iterable, Sequence

Lit = "int | bool"


class Circuit:
    """Variables, gates and the clauses that define them."""

    def __init__(self):
        self.top = 0
        self.clauses: list[list[int]] = []
        self._gates: dict[tuple, int] = {}

    def var(self) -> int:
        self.top += 1
        return self.top

    def require(self, lit) -> None:
        """Add ``lit`` as a fact (a unit clause; ``False``: the empty clause)."""
        if lit is True:
            return
        self.clauses.append([] if lit is False else [lit])

    def clause(self, lits: Iterable) -> None:
        """At least one of ``lits`` (constants folded)."""
        kept = []
        for lit in lits:
            if lit is True:
                return
            if lit is not False:
                kept.append(lit)
        self.clauses.append(kept)

    # -- gates
    def and_(self, lits: Iterable):
        kept: set[int] = set()
        for lit in lits:
            if lit is False:
                return False
            if lit is not True:
                if -lit in kept:
                    return False
                kept.add(lit)
        if not kept:
            return True
        if len(kept) == 1:
            return next(iter(kept))
        key = ("and", tuple(sorted(kept)))
        out = self._gates.get(key)
        if out is None:
            out = self._gates[key] = self.var()
            for lit in kept:
                self.clauses.append([-out, lit])
            self.clauses.append([out, *(-lit for lit in kept)])
        return out

    def or_(self, lits: Iterable):
        return neg(self.and_(neg(lit) for lit in lits))

    def implies(self, a, b):
        return self.or_((neg(a), b))

    def iff(self, a, b):
        if a is True or a is False or b is True or b is False:
            if a is True:
                return b
            if a is False:
                return neg(b)
            return a if b is True else neg(a)
        if a == b:
            return True
        if a == -b:
            return False
        if abs(a) > abs(b):
            a, b = b, a
        negate = (a < 0) != (b < 0)
        key = ("iff", abs(a), abs(b))
        out = self._gates.get(key)
        if out is None:
            out = self._gates[key] = self.var()
            x, y = abs(a), abs(b)
            self.clauses += [[-out, -x, y], [-out, x, -y], [out, x, y], [out, -x, -y]]
        return -out if negate else out

    def xor(self, a, b):
        return neg(self.iff(a, b))

    # -- integers and orders
    def count(self, lits: Sequence) -> dict[int, object]:
        """How many of ``lits`` are true, one-hot: ``{k: literal "exactly k"}``
        (a dynamic programme over the prefixes, quadratic in ``len(lits)``)."""
        exactly: dict[int, object] = {0: True}
        for lit in lits:
            following: dict[int, object] = {}
            for k, here in exactly.items():
                following[k] = self.or_((following.get(k, False), self.and_((here, neg(lit)))))
                following[k + 1] = self.and_((here, lit))
            exactly = {k: v for k, v in following.items() if v is not False}
        return exactly

    def exactly_one(self, lits: Sequence) -> None:
        self.clause(lits)
        live = [lit for lit in lits if lit is not False]
        for i, a in enumerate(live):
            for b in live[i + 1:]:
                self.clause((neg(a), neg(b)))

    def lex_leq(self, xs: Sequence, ys: Sequence) -> None:
        """Require ``xs ≤ ys`` lexicographically (False < True): at the first
        place they differ, ``xs`` has False."""
        equal_so_far = True
        for x, y in zip(xs, ys):
            if equal_so_far is False:
                return
            self.clause((neg(equal_so_far), neg(x), y))   # equal so far ⇒ x ≤ y
            equal_so_far = self.and_((equal_so_far, self.iff(x, y)))


def neg(lit):
    if lit is True:
        return False
    if lit is False:
        return True
    return -lit


__all__ = ["Circuit", "neg"]
