"""Symmetry: a shape's automorphisms, and the legal positions once per orbit.

The cells of a shape are numbered 0…n−1 in ``shape.cells`` order; a set of
cells is an int bitmask (bit i is ``cells[i]``) and a permutation is a tuple
``perm`` with ``perm[i]`` the image of cell i.

An *automorphism* of a shape is a permutation of its cells that maps the
neighbour relation onto itself.  It maps a position (mines S2, open cells
S3, move S4) to a position that differs from it only in the names of the
cells, so whatever the schema says about one it says about the other:
a property needs checking on one position of each *orbit* only, counted
as many times as the orbit has members.

* :class:`Symmetry` — the group: for a grid the geometric symmetries of the
  rectangle (and, on a torus, its translations) that preserve the relation;
  for a graph every automorphism, by a backtracking search;
* :func:`position_orbits` — one representative of every orbit of legal
  positions with given numbers of mines and open cells, with the orbit's
  size, without enumerating the other members (:func:`position_groups`:
  the same, grouped by mines and open cells);
* :func:`mine_orbits` — every placement of the mines once up to symmetry
  (the deals of a game);
* :func:`stabiliser` — the permutations that fix a set.

*Order.*  Positions are compared by the mines as the sorted tuple of their
indices (lexicographically), then the open cells likewise, then the move's
index; the representative of an orbit is its least member.  For two sets of
the same size this order is easy on masks: the one holding the lowest cell
of their symmetric difference comes first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations

from ...board import Cell
from ...board.topology import GRID_TOPOLOGIES
from ...board.shapes import Shape

Perm = tuple[int, ...]

MAX_AUTOMORPHISMS = 40_320
"""The most automorphisms of a graph shape searched for (8!, the group of a
star of 9): a graph with more is given the identity only (``capped``)."""

MAX_NODES = 250_000
"""The most partial maps the automorphism search tries before it gives up
(``capped`` as well): a bound on the time a hostile graph can take."""


@dataclass(frozen=True)
class Symmetry:
    """The automorphism group of a shape, as index permutations.

    ``cells`` is ``shape.cells``; ``perms`` the automorphisms, identity
    first, the rest in increasing order, a group (closed under composition
    and inverse).  ``capped`` says that a graph had more than
    :data:`MAX_AUTOMORPHISMS` automorphisms (or took more than
    :data:`MAX_NODES` steps to search): ``perms`` is then the identity
    alone, which is always sound — every position is its own orbit."""

    cells: tuple[Cell, ...]
    perms: tuple[Perm, ...]
    capped: bool = False

    @classmethod
    def of(cls, shape: Shape, enabled: bool = True) -> Symmetry:
        """The group of ``shape``; with ``enabled`` False the identity only.

        A full grid (square, torus or hex) keeps those of its geometric
        candidates that preserve the relation, each pair checked: the
        identity, the two mirror flips and the half turn, for a square grid
        also the two diagonal flips and the quarter turns, and on a torus
        each of them followed by every translation.  Any other shape (a
        graph) gets its full automorphism group."""
        cells = shape.cells
        identity = tuple(range(len(cells)))
        if not enabled:
            return cls(cells, (identity,))
        adjacency = _adjacency(shape)
        if shape.topology in GRID_TOPOLOGIES and _full_grid(shape):
            found, capped = _geometric(shape, adjacency), False
        else:
            found, capped = _automorphisms(adjacency)
        rest = sorted(set(found) - {identity})
        return cls(cells, (identity, *rest), capped)

    @property
    def order(self) -> int:
        """The number of automorphisms, |G|."""
        return len(self.perms)

    @cached_property
    def _bits(self) -> dict[Perm, tuple[int, ...]]:
        """Each permutation as the masks of its images: ``1 << perm[i]``."""
        return {perm: tuple(1 << j for j in perm) for perm in self.perms}

    def image(self, perm: Perm, mask: int) -> int:
        """The set ``mask`` moved by ``perm``."""
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << perm[low.bit_length() - 1]
            mask ^= low
        return out

    def canonical(self, mines: int, opened: int, move: int) -> tuple[int, int, int]:
        """The least image of the position (mines, opened, move) under the
        group, in the order of the module (by trying every automorphism)."""
        best = None
        for perm in self.perms:
            image = (self.image(perm, mines), self.image(perm, opened), perm[move])
            key = (indices(image[0]), indices(image[1]), image[2])
            if best is None or key < best[0]:
                best = (key, image)
        assert best is not None
        return best[1]


def indices(mask: int) -> tuple[int, ...]:
    """The set ``mask`` as the increasing tuple of its cells' indices."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def stabiliser(sym: Symmetry, perms: Iterable[Perm], mask: int) -> tuple[Perm, ...]:
    """The permutations of ``perms`` that map the set ``mask`` onto itself,
    in their order (so the identity stays first)."""
    return tuple(perm for perm in perms if sym.image(perm, mask) == mask)


# ----------------------------------------------------------------------------
# Orbits

def _least_sets(sym: Symmetry, perms: Sequence[Perm], pool: Sequence[int],
                size: int) -> Iterator[int]:
    """The ``size``-subsets of ``pool`` (which ``perms`` maps onto itself)
    that are least in their orbit under ``perms``, as masks, in increasing
    order: the combinations in lexicographic order, each kept unless some
    permutation moves it to a smaller set (one holding the lowest cell of
    their difference)."""
    tables = [sym._bits[perm] for perm in perms if any(i != j for i, j in enumerate(perm))]
    identity = tuple(1 << i for i in range(len(sym.cells)))
    for combo in combinations(pool, size):
        mask = sum(map(identity.__getitem__, combo))
        for table in tables:
            moved = sum(map(table.__getitem__, combo))
            differ = moved ^ mask
            if differ & -differ & moved:
                break
        else:
            yield mask


def mine_orbits(sym: Symmetry, mines: int) -> list[tuple[int, int]]:
    """Every placement of ``mines`` mines once up to symmetry: (the least
    mask of its orbit, the orbit's size), in increasing order.  The sizes
    add up to C(n, mines)."""
    n = len(sym.cells)
    if not 0 <= mines <= n:
        return []
    return [(mask, sym.order // len(stabiliser(sym, sym.perms, mask)))
            for mask in _least_sets(sym, sym.perms, range(n), mines)]


def set_orbits(sym: Symmetry, size: int, *, chunk: tuple[int, int] = (0, 1)
               ) -> Iterator[tuple[int, tuple[Perm, ...]]]:
    """Every set of ``size`` cells once up to symmetry: (the least mask of
    its orbit, its stabiliser), in increasing order; ``chunk = (i, k)``
    keeps those whose place among them is i modulo k.  The orbit's size is
    |G| / |stabiliser|."""
    part, parts = chunk
    for place, found in enumerate(_least_sets_of(sym, size)):
        if place % parts == part:
            yield found


@lru_cache(maxsize=64)
def _least_sets_of(sym: Symmetry, size: int) -> tuple[tuple[int, tuple[Perm, ...]], ...]:
    """The least sets of ``size`` cells with their stabilisers, made once
    per process for all the tasks of a shape."""
    return tuple((mask, stabiliser(sym, sym.perms, mask))
                 for mask in _least_sets(sym, sym.perms, range(len(sym.cells)), size))


def least_image(sym: Symmetry, mask: int) -> tuple[int, Perm]:
    """The least set of the orbit of ``mask`` and a permutation taking
    ``mask`` to it."""
    best = None
    for perm in sym.perms:
        image = sym.image(perm, mask)
        if best is None or (image != best[0] and _lesser(image, best[0])):
            best = (image, perm)
    assert best is not None
    return best


def _lesser(a: int, b: int) -> bool:
    """Whether the set ``a`` comes before ``b`` of the same size."""
    differ = a ^ b
    return bool(differ & -differ & a)


def position_orbits(sym: Symmetry, mines: int, opened: int, *,
                    chunk: tuple[int, int] = (0, 1)) -> Iterator[tuple[int, int, int, int]]:
    """One representative of every orbit of the legal positions with exactly
    ``mines`` mines and ``opened`` open cells: ``(mines_mask, opened_mask,
    move_index, orbit_size)``, the least member of each orbit, in increasing
    order.

    A legal position: S2 any set of ``mines`` cells; S3 any set of
    ``opened`` safe cells that leaves a closed safe cell (so ``opened`` is at
    most n − mines − 1); S4 one closed cell, a mine or not.  The orbit's
    size is |G| / |stabiliser of the position|, so the sizes over every
    (mines, opened) add up to :func:`~setmine.verification.boards.scope.count_positions`.

    ``chunk = (i, k)`` keeps the least mine sets whose place among them
    (0-based, in order) is i modulo k: the chunks i = 0…k−1 of one
    (mines, opened) share out its representatives, each exactly once."""
    for mine_mask, open_mask, moves in position_groups(sym, mines, opened, chunk=chunk):
        for move, size in moves:
            yield mine_mask, open_mask, move, size


def position_groups(sym: Symmetry, mines: int, opened: int, *,
                    chunk: tuple[int, int] = (0, 1)
                    ) -> Iterator[tuple[int, int, list[tuple[int, int]]]]:
    """The representatives of :func:`position_orbits` grouped by their mines
    and open cells: ``(mines_mask, opened_mask, [(move, orbit_size), …])``,
    in the same order — what does not read the move is decided once a group.

    Made without visiting the other members of an orbit: the least mine
    sets under G; for each, its stabiliser H and the open sets least under
    H; for each, its stabiliser K in H and the moves least under K.  (A
    least position has the least mines of its orbit; the positions with
    those mines are the images under H, so its open cells are the least
    under H; and so on.)"""
    part, parts = chunk
    if not (parts >= 1 and 0 <= part < parts):
        raise ValueError(f"chunk {chunk!r}: expected (i, k) with 0 ≤ i < k")
    n = len(sym.cells)
    if mines < 0 or opened < 0 or mines + opened > n - 1:
        return
    for place, mine_mask in enumerate(_least_sets(sym, sym.perms, range(n), mines)):
        if place % parts != part:
            continue
        fixing_mines = stabiliser(sym, sym.perms, mine_mask)
        safe = [i for i in range(n) if not mine_mask >> i & 1]
        for open_mask in _least_sets(sym, fixing_mines, safe, opened):
            fixing_both = stabiliser(sym, fixing_mines, open_mask)
            if len(fixing_both) == 1:  # no symmetry left: every closed cell, orbit |G|
                yield mine_mask, open_mask, [(move, sym.order) for move in range(n)
                                             if not open_mask >> move & 1]
                continue
            moves = []
            for move in range(n):
                if open_mask >> move & 1 or any(perm[move] < move for perm in fixing_both):
                    continue
                fixing_all = sum(1 for perm in fixing_both if perm[move] == move)
                moves.append((move, sym.order // fixing_all))
            yield mine_mask, open_mask, moves


# ----------------------------------------------------------------------------
# The groups

def _adjacency(shape: Shape) -> list[int]:
    """Each cell's neighbours as a mask, by index."""
    index = {cell: i for i, cell in enumerate(shape.cells)}
    return [sum(1 << index[other] for other in shape.neighbours[cell]) for cell in shape.cells]


def _full_grid(shape: Shape) -> bool:
    """Whether the cells are exactly those of the ``rows``×``cols`` rectangle."""
    cells = shape.cells
    return len(cells) == shape.rows * shape.cols and all(
        0 <= r < shape.rows and 0 <= c < shape.cols for r, c in cells)


def _preserves(perm: Perm, adjacency: list[int]) -> bool:
    """Whether ``perm`` maps the neighbours of every cell onto the neighbours
    of its image (both directions: the masks are equal)."""
    for i, around in enumerate(adjacency):
        moved = 0
        while around:
            low = around & -around
            moved |= 1 << perm[low.bit_length() - 1]
            around ^= low
        if moved != adjacency[perm[i]]:
            return False
    return True


def _geometric(shape: Shape, adjacency: list[int]) -> set[Perm]:
    """The geometric candidates of a full grid that are automorphisms.  They
    form a group (the rectangle's, or the square's, symmetries; on a torus
    with the translations), and so do those of them that preserve the
    relation."""
    rows, cols = shape.rows, shape.cols
    last_r, last_c = rows - 1, cols - 1
    maps = [lambda r, c: (r, c), lambda r, c: (last_r - r, c),
            lambda r, c: (r, last_c - c), lambda r, c: (last_r - r, last_c - c)]
    if rows == cols:
        maps += [lambda r, c: (c, r), lambda r, c: (last_c - c, last_r - r),
                 lambda r, c: (c, last_r - r), lambda r, c: (last_c - c, r)]
    shifts = [(a, b) for a in range(rows) for b in range(cols)] if shape.topology == "torus" \
        else [(0, 0)]
    index = {cell: i for i, cell in enumerate(shape.cells)}
    found: set[Perm] = set()
    for move in maps:
        for a, b in shifts:
            perm = tuple(index[(r + a) % rows, (c + b) % cols]
                         for r, c in (move(*cell) for cell in shape.cells))
            if perm not in found and _preserves(perm, adjacency):
                found.add(perm)
    return found


def _colours(adjacency: list[int]) -> list[int]:
    """The stable colouring of colour refinement: start from the degrees and
    tell cells apart by their colour and the multiset of their neighbours'
    colours until nothing changes.  Automorphisms preserve it."""
    n = len(adjacency)
    neighbours = [[j for j in range(n) if adjacency[i] >> j & 1] for i in range(n)]
    colour = [len(around) for around in neighbours]
    while True:
        signature = [(colour[i], tuple(sorted(colour[j] for j in neighbours[i]))) for i in range(n)]
        names = {sig: k for k, sig in enumerate(sorted(set(signature)))}
        refined = [names[sig] for sig in signature]
        if len(set(refined)) == len(set(colour)):
            return refined
        colour = refined


def _search_order(adjacency: list[int], colour: list[int]) -> list[int]:
    """The cells in breadth-first order, each component started at a cell of
    its rarest colour: after the first, a cell mostly has a neighbour placed
    before it, whose image narrows its own to a neighbourhood."""
    n = len(adjacency)
    count = {c: colour.count(c) for c in set(colour)}
    order: list[int] = []
    placed = 0
    for start in sorted(range(n), key=lambda i: (count[colour[i]], i)):
        if placed >> start & 1:
            continue
        queue = [start]
        placed |= 1 << start
        for i in queue:
            for j in range(n):
                if adjacency[i] >> j & 1 and not placed >> j & 1:
                    placed |= 1 << j
                    queue.append(j)
        order.extend(queue)
    return order


def _automorphisms(adjacency: list[int]) -> tuple[list[Perm], bool]:
    """Every automorphism of the relation, by backtracking: the cells in
    :func:`_search_order`, each mapped to an unused cell of its colour whose
    adjacency to the images placed so far is its own adjacency to the cells
    placed so far.  Gives ``([identity], True)`` past
    :data:`MAX_AUTOMORPHISMS` automorphisms or :data:`MAX_NODES` steps."""
    n = len(adjacency)
    colour = _colours(adjacency)
    order = _search_order(adjacency, colour)
    same: dict[int, int] = {}  # each colour's cells, as a mask
    for i, c in enumerate(colour):
        same[c] = same.get(c, 0) | 1 << i
    perm = [-1] * n
    found: list[Perm] = []
    budget = [MAX_NODES]

    def extend(step: int, placed: int, used: int) -> bool:
        """Extend the partial map; False once the search gives up."""
        if step == n:
            found.append(tuple(perm))
            return len(found) <= MAX_AUTOMORPHISMS
        v = order[step]
        seen = adjacency[v] & placed
        want = 0  # the images of the placed neighbours of v
        while seen:
            low = seen & -seen
            want |= 1 << perm[low.bit_length() - 1]
            seen ^= low
        candidates = same[colour[v]] & ~used
        if want:  # an image must neighbour the image of a placed neighbour
            candidates &= adjacency[(want & -want).bit_length() - 1]
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            w = low.bit_length() - 1
            if adjacency[w] & used != want:
                continue
            budget[0] -= 1
            if budget[0] < 0:
                return False
            perm[v] = w
            if not extend(step + 1, placed | 1 << v, used | 1 << w):
                return False
        perm[v] = -1
        return True

    if extend(0, 0, 0):
        return found, False
    return [tuple(range(n))], True
