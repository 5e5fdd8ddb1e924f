"""Models up to isomorphism: renaming the elements of each basic set.

Two models of a schema are isomorphic when one becomes the other by renaming
the elements of each basic set (a permutation per set, applied everywhere an
element of that set occurs).  The elements of constant sets and the
integers are not renamed: they are values in their own right.

``relabel`` applies a renaming to a value, guided by its type (an element of
``X1`` is renamed by ``X1``'s permutation; a pair of ``X1×X2`` by both);
``canonical`` is the least relabelled form of a model over every renaming,
in the canonical order of values (``eval.values.sets.order_key``): two
models are isomorphic exactly when their canonical forms are equal.  It
tries every renaming — Π nᵢ! of them — so it is the plain definition, meant
for small sets and as the check of faster canonical forms.

``automorphisms`` counts the renamings that fix a model; by the
orbit–stabiliser theorem a model's class holds Π nᵢ! / |Aut| labelled
models, which is how a search that visits one model per class counts the
labelled ones.
"""

from __future__ import annotations

import itertools
from math import prod, factorial
from typing import Iterator, Mapping

from ...eval.values.sets import order_key
from ...rsl.semantics.types import Element, SetType, TupleType, Type

Renaming = Mapping[str, tuple[int, ...]]  # basic set's alias → its permutation (old → new)


def relabel(value, type_: Type, renaming: Renaming):
    """``value`` (of type ``type_``) with every element of a renamed basic set
    replaced by its new name."""
    if isinstance(type_, Element):
        perm = renaming.get(type_.name)
        return perm[value] if perm is not None else value
    if isinstance(type_, SetType):
        return frozenset(relabel(v, type_.base, renaming) for v in value)
    if isinstance(type_, TupleType):
        return tuple(relabel(v, t, renaming) for v, t in zip(value, type_.factors))
    return value  # integers, truth values


def renamings(sizes: Mapping[str, int]) -> Iterator[dict[str, tuple[int, ...]]]:
    """Every renaming of basic sets of these sizes."""
    aliases = list(sizes)
    for perms in itertools.product(*(itertools.permutations(range(sizes[a]))
                                     for a in aliases)):
        yield dict(zip(aliases, perms))


def form(values: Mapping[str, object], types: Mapping[str, Type], renaming: Renaming) -> tuple:
    """The sortable form of a model's structures after ``renaming``."""
    return tuple(order_key(relabel(values[a], types[a], renaming)) for a in types)


def canonical(values: Mapping[str, object], types: Mapping[str, Type],
              sizes: Mapping[str, int]) -> tuple:
    """The least form of the model over every renaming of the basic sets of
    ``sizes``: equal for isomorphic models, different otherwise."""
    return min(form(values, types, r) for r in renamings(sizes))


def automorphisms(values: Mapping[str, object], types: Mapping[str, Type],
                  sizes: Mapping[str, int]) -> int:
    """How many renamings leave the model as it is."""
    identity = form(values, types, {})
    return sum(1 for r in renamings(sizes) if form(values, types, r) == identity)


def class_size(values: Mapping[str, object], types: Mapping[str, Type],
               sizes: Mapping[str, int]) -> int:
    """How many labelled models are isomorphic to this one (itself included)."""
    return prod(factorial(n) for n in sizes.values()) // automorphisms(values, types, sizes)


__all__ = ["automorphisms", "canonical", "class_size", "relabel", "renamings"]
