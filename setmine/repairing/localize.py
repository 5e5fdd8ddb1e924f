"""Where in a formula the fault is: its sub-expressions ranked by suspicion.

The ranking is mutation-based fault localization (MUSE, Metallaxis; FLACK
for Alloy compares counterexamples with passing instances the same way):
a sub-expression is suspicious when changing it separates the positions
the formula fails on from those it passes.  For each sub-expression, each
well-typed single edit there (``mutations.py``) is judged on a sample of
the failing positions and of the passing ones, and scored

    fixed / failing − broken / passing

(the share of failing positions it makes right, less the share of passing
positions it makes wrong).  A sub-expression's suspicion is its best edit's
score; the ranking puts the most suspicious first, the smaller
sub-expression first on a tie.  A score of 1 means one edit there is right
on every sampled position.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..rsl.schema import dependencies
from ..rsl.syntax import tree as s
from .cases import Case, Judge
from .mutations import Edit, Mutator, Path

FAILING_SAMPLE = 12
PASSING_SAMPLE = 24


@dataclass
class Suspect:
    """A sub-expression, its suspicion and the edit that earned it."""

    path: Path
    node: s.Node
    score: float
    fixed: int = 0       # sampled failing positions its best edit makes right
    broken: int = 0      # sampled passing positions its best edit makes wrong
    best: Edit | None = None


def sample(items: list, n: int) -> list:
    """At most ``n`` of ``items``, spread evenly (the smallest kept first)."""
    if len(items) <= n:
        return list(items)
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


def rank(tree: s.Node, mutator: Mutator, judge: Judge, failing: list[Case],
         passing: list[Case], deadline: float | None = None) -> list[Suspect]:
    """The sub-expressions of ``tree`` most suspicious first (those with no
    well-typed edit, or not reached before ``deadline``, score 0, last)."""
    bad, good = sample(failing, FAILING_SAMPLE), sample(passing, PASSING_SAMPLE)
    suspects: dict[Path, Suspect] = {}
    sizes: dict[Path, tuple[int, int]] = {}  # (nodes, pre-order place)
    for edit, edited in mutator.edits(tree):
        if edit.path not in suspects:
            suspects[edit.path] = Suspect(edit.path, edit.old, 0.0)
            sizes[edit.path] = (sum(1 for _ in edit.old.walk()), len(sizes))
        if deadline is not None and time.monotonic() > deadline:
            continue
        typed = mutator.typed(edited)
        names = tuple(n for n, _ in dependencies(typed))
        fixed = sum(judge(typed, c, names).agree for c in bad)
        if not fixed:
            continue  # it makes nothing right: no evidence here
        broken = sum(not judge(typed, c, names).agree for c in good)
        score = fixed / len(bad) - (broken / len(good) if good else 0.0)
        found = suspects[edit.path]
        if score > found.score or found.best is None:
            found.score, found.fixed, found.broken, found.best = score, fixed, broken, edit
    return sorted(suspects.values(), key=lambda x: (-x.score, sizes[x.path]))
