"""What an ∃ defines: the one analysis of ``∃b∈G (… & x = f(b) & …)``.

Several planner rules read an existential as a *generator*: the values of
an outer variable x are the f(b) of the b ∈ G that satisfy the rest.

- an element or set variable x defined by ``∃b∈G (R(b) & x = f(b))`` is
  the image f[{b∈G | R(b)}] (``images.generator``);
- a pair (x, y) defined by ``∃b∈G (x = h(b) & y = f(b) & R(b))`` is the
  join {(h(b), f(b)) | b ∈ G, R(b)} (``joins``);
- a first component defined by ``x = pr i(b)`` lies in Pr i(G) (``pairs``).

``defined(part, names)`` finds, for the outer variables ``names``, the
conjuncts ``x = e`` (either side of the =) with e free of every name in
``names``; the rules ask of it what they need.  Syntax only, remembered
per tree: the same condition node comes back each time, so that what the
evaluator remembers of it (values, compiled code) is found again.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rsl.syntax import tree as s
from .normal import normal
from .terms import conjunction, free_locals, remembered


@dataclass(frozen=True)
class Definitions:
    """``∃b∈G body`` read for the outer variables ``names``: the defining
    expressions of each name (in the order of the body's conjuncts) and the
    conjuncts that define none of them."""

    quantifier: s.Quantifier
    names: tuple[str, ...]
    of: dict            # name → tuple of the e with ``name = e``
    rest: tuple         # the other conjuncts, in order
    condition: s.Node | None  # the other conjuncts as one formula (the same node each time)

    def the(self, name: str) -> s.Node | None:
        """The one expression that defines ``name``, or None (none, or several)."""
        found = self.of.get(name, ())
        return found[0] if len(found) == 1 else None

    def rest_mentions(self) -> bool:
        """Whether a conjunct other than the definitions mentions a name."""
        wanted = frozenset(self.names)
        return any(free_locals(p) & wanted for p in self.rest)


@remembered
def defined(part, names: tuple) -> Definitions | None:
    """``part`` read as ``∃b∈G (…)`` defining the outer variables ``names``
    (distinct locals, none of them b, none in G); None when it is not such
    an ∃."""
    if not (isinstance(part, s.Quantifier) and part.op == "∃" and isinstance(part.var, s.Local)):
        return None
    wanted = frozenset(names)
    if len(wanted) != len(names) or part.var.name in wanted or free_locals(part.domain) & wanted:
        return None
    of: dict = {name: () for name in names}
    rest = []
    for p in normal(part.body):
        defines = _defines(p, wanted)
        if defines is None:
            rest.append(p)
        else:
            name, expression = defines
            of[name] += (expression,)
    return Definitions(part, tuple(names), {k: v for k, v in of.items() if v}, tuple(rest),
                       conjunction(rest) if rest else None)


def _defines(p, names: frozenset):
    """(name, e) when ``p`` is ``name = e`` or ``e = name`` with e free of
    every one of ``names``; None otherwise."""
    if not (isinstance(p, s.Predicate) and p.op == "="):
        return None
    for var_side, other in ((p.left, p.right), (p.right, p.left)):
        if isinstance(var_side, s.Local) and var_side.name in names \
                and not free_locals(other) & names:
            return var_side.name, other
    return None


@remembered
def generator(part, name: str):
    """(f, R or None) when ``part`` is ``∃b∈G (R(b) & name = f(b))``: one
    defining conjunct, no other conjunct mentioning ``name``."""
    found = defined(part, (name,))
    if found is None or found.rest_mentions():
        return None
    f = found.the(name)
    return None if f is None else (f, found.condition)


@remembered
def pair_generator(part, first: str, second: str):
    """(h, f, R or None) when ``part`` is ``∃b∈G (first = h(b) & second =
    f(b) & R(b))``: one defining conjunct for each, no other conjunct
    mentioning either."""
    found = defined(part, (first, second))
    if found is None or found.rest_mentions():
        return None
    h, f = found.the(first), found.the(second)
    return None if h is None or f is None else (h, f, found.condition)


@remembered
def projection_index(part, first: str, names: tuple) -> int | None:
    """i when ``part`` is ``∃b∈G (… & first = pr i(b) & …)``, ``names`` the
    distinct names of both components (``first`` among them), none in G nor
    b: the first component then lies in Pr i(G)."""
    found = defined(part, names)
    if found is None:
        return None
    b = s.Local(found.quantifier.var.name)
    for h in found.of.get(first, ()):
        if isinstance(h, s.Projection) and not h.big and len(h.indices) == 1 and h.arg == b:
            return h.indices[0]
    return None
