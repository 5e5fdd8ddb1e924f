"""The normal form of a condition: its conjuncts, with what an ∃ does not
need pulled out of it (miniscoping).

    ∃v∈D (P & Q(v))  is  P & ∃v∈D Q(v)

so that ``∃b∈B ∃c∈C (P(b) & Q(c))`` becomes ``∃b∈B P(b) & ∃c∈C Q(c)``.
A function of syntax trees only, remembered per formula: the planner
plans the same condition for every candidate.
"""

from __future__ import annotations

from dataclasses import replace

from ...rsl.syntax import tree as s
from .terms import conjunction, conjuncts, mentions, remembered


@remembered
def normal(formula) -> tuple:
    """The conjuncts of a condition, each ∃ over one variable miniscoped."""
    out: list = []
    for part in conjuncts(formula):
        out.extend(_pull(part) if isinstance(part, s.Quantifier) and part.op == "∃"
                   and isinstance(part.var, s.Local) else [part])
    return tuple(out)


def _pull(q: s.Quantifier) -> list:
    name = q.var.name
    parts = normal(q.body)
    outside = [p for p in parts if not mentions(p, name)]
    if not outside:
        return [q] if len(parts) == 1 and parts[0] is q.body else \
            [replace(q, body=conjunction(parts))]
    inside = [p for p in parts if mentions(p, name)]
    body = conjunction(inside) if inside else s.Predicate("=", q.var, q.var, span=q.span)
    return outside + [replace(q, body=body)]
