"""What a value is, by its type alone — the question every picture asks
first (the report's ``pictures/views.py``, the teaching pages'
``doc_pictures.py``):

* ``is_cells``: a set of cells, ℬ(X);
* ``is_family``: a family of sets of cells, ℬℬ(X);
* ``relation_kind``: a relation from cells to cells (ℬ(X×X), ``cells``), to
  sets of cells (ℬ(X×ℬ(X)), ``sets``) or to families (ℬ(X×ℬℬ(X)),
  ``families``);

and, for a relation, its ``fibers`` (each cell with the set of its second
components) and, for a relation to families, each cell's exact ``shares``
of the one family its formula reads (``measure_of``): card(pr₂)/card(F),
the mine probability of the Saper schema's D16 and D17.  Here X is any
base set; no constituent is named.
"""

from __future__ import annotations

from fractions import Fraction

from ...eval.values.budget import Budget
from ...eval.values.sets import Fibered
from ...rsl.semantics.types import Element, SetType, TupleType
from . import values as present


def is_cells(typ) -> bool:
    """ℬ(X): a set of elements of a base set."""
    return isinstance(typ, SetType) and isinstance(typ.base, Element)


def is_family(typ) -> bool:
    """ℬℬ(X): a set of sets of elements."""
    return isinstance(typ, SetType) and is_cells(typ.base)


def relation_kind(typ) -> str | None:
    """``cells`` for ℬ(X×X), ``sets`` for ℬ(X×ℬ(X)), ``families`` for
    ℬ(X×ℬℬ(X)), else None."""
    if not (isinstance(typ, SetType) and isinstance(typ.base, TupleType)
            and len(typ.base.factors) == 2 and isinstance(typ.base.factors[0], Element)):
        return None
    second = typ.base.factors[1]
    if isinstance(second, Element):
        return "cells"
    return "sets" if is_cells(second) else "families" if is_family(second) else None


def measure_of(schema, alias: str) -> str | None:
    """The one family (a constituent of type ℬℬ(X)) that ``alias``'s formula
    reads, which its families are shares of; None when it reads none or
    several."""
    families = [a for a in schema.uses(alias) if a in schema
                and is_family(schema.analysis[a].type)]
    return families[0] if len(families) == 1 else None


LISTED = 200_000
"""The most pairs of a relation listed to group it cell by cell."""


def fibers(value, budget: Budget | None = None) -> dict | None:
    """A relation as first component → the set of its second components;
    None when it is not a set of pairs, or when listing it would take more
    than :data:`LISTED` pairs or the (printing) ``budget`` (a set already
    listed is grouped whatever its size)."""
    if isinstance(value, Fibered):
        return dict(value.fibers)
    if isinstance(value, frozenset):
        items = value
    else:
        got = present.listing(value, LISTED, budget)
        if not got.complete:
            return None
        items = got.items
    out: dict = {}
    for pair in items:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            return None   # not a relation: nothing to group
        out.setdefault(pair[0], set()).add(pair[1])
    return {x: frozenset(ys) for x, ys in out.items()}


def family_sizes(by_cell: dict, budget: Budget | None = None) -> dict:
    """Each first component's card(pr₂), exact — None when it has several
    second components (no single family) or one too large to count."""
    out: dict = {}
    for x, families in by_cell.items():
        members = present.listing(families, 2, budget).items
        out[x] = _integer(present.size_of(members[0])) if len(members) == 1 else None
    return out


def shares(sizes: dict, measure) -> dict:
    """Each first component's exact share card(pr₂)/card(measure), from its
    :func:`family_sizes` — None when the measure is empty or uncounted, or
    when the cell has no single family."""
    total = _integer(present.size_of(measure))
    return {x: Fraction(size, total) if size is not None and total else None
            for x, size in sizes.items()}


def _integer(n) -> int | None:
    """An exact count as a Python integer (a symbolic cardinal too), or None."""
    if n is None or isinstance(n, int):
        return n
    try:
        return int(n)
    except (TypeError, ValueError, OverflowError):
        return None
