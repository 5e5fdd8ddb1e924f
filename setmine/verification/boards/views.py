"""The placements of the mines grouped by what a formula counts of them.

When every property of a run reads the mines S2 only by counting them in
sets that do not read S2 (``Frontier.readings``: ``card(S2)``,
``card(pr2 c ∩ S2)`` for each c of D5, ``x ∈ S2``), its value on a position
is a function of those counts and of the other structures.  For a fixed
board, open cells and move, the placements of k mines in the closed cells
then fall into *groups* — one per vector of counts, what the player sees
in Minesweeper — and a property is decided once per group, its verdict
holding on every placement of it.  :func:`groups` makes the groups
without listing the placements: the closed cells fall into *atoms* (the
cells in exactly the same counted sets), a group is a choice of how many
mines each atom holds, and the number of placements making that choice is
a product of binomials.

:func:`orbits` counts the positions up to symmetry that a run covers
without visiting them (Burnside's lemma over the open cells' stabiliser),
so that a run reports the same distinct states whichever way it went.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import comb

from .symmetry import indices

Perm = tuple[int, ...]


def groups(pool: int, k: int, masks: Iterable[int]) -> list[tuple[int, int]]:
    """The ``k``-subsets of the cells ``pool`` (a bit mask) grouped by how
    many cells they share with each of ``masks``: ``(placements, least)``
    per group — how many subsets it has and its least one (as a set of
    indices in increasing order, compared lexicographically), in the order
    of their least subsets.

    Dynamic programming over the atoms: a partial choice is a packed
    vector of counts (one field per mask, one for the mines used), and two
    partial choices with the same vector have the same completions, so
    only their number and least member are kept."""
    masks = list(dict.fromkeys(m & pool for m in masks))
    width = max(k, 1).bit_length() + 1      # a field holds 0..k without a carry
    atoms: dict[int, list[int]] = {}        # packed signature → its cells
    cell = pool
    while cell:
        low = cell & -cell
        signature = 1                        # the mines-used field
        for i, m in enumerate(masks, 1):
            if m & low:
                signature |= 1 << (i * width)
        atoms.setdefault(signature, []).append(low)
        cell ^= low
    states: dict[int, tuple[int, int]] = {0: (1, 0)}   # packed vector → (number, least)
    field = (1 << width) - 1
    for signature, cells in atoms.items():
        prefix = [0]
        for c in cells:
            prefix.append(prefix[-1] | c)
        following: dict[int, tuple[int, int]] = {}
        for vector, (number, least) in states.items():
            room = min(len(cells), k - (vector & field))
            for m in range(room + 1):
                key = vector + m * signature
                here = (number * comb(len(cells), m), least | prefix[m])
                found = following.get(key)
                following[key] = here if found is None else \
                    (found[0] + here[0], _least(found[1], here[1]))
        states = following
    out = [value for vector, value in states.items() if vector & field == k]
    out.sort(key=lambda group: indices(group[1]))
    return out


def _least(a: int, b: int) -> int:
    """The lesser of two sets of the same size: the one holding the lowest
    cell of their difference."""
    differ = a ^ b
    return a if differ & -differ & a else b


def orbits(fixing: Sequence[Perm], pool: int, k: int) -> int:
    """The positions with open cells fixed by ``fixing`` (their stabiliser),
    the ``k`` mines anywhere in the closed cells ``pool`` and the move any
    closed cell, counted up to ``fixing``: by Burnside's lemma, the mean
    over its permutations of the positions each leaves unchanged — mine
    sets made of whole cycles within the pool, moves on fixed cells."""
    closed = [i for i in range(len(fixing[0])) if pool >> i & 1]
    if len(fixing) == 1:
        return comb(len(closed), k) * len(closed)
    total = 0
    for perm in fixing:
        lengths, seen = [], set()
        for i in closed:
            if i in seen:
                continue
            length, j = 0, i
            while j not in seen:
                seen.add(j)
                length += 1
                j = perm[j]
            lengths.append(length)
        ways = [1] + [0] * k                 # mine sets of each size made of whole cycles
        for length in lengths:
            for size in range(k, length - 1, -1):
                ways[size] += ways[size - length]
        total += ways[k] * sum(1 for i in closed if perm[i] == i)
    return total // len(fixing)
