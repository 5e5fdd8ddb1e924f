"""Symmetry: the groups of the shapes, and the orbits of positions checked
against a naive oracle that canonicalises every state by trying every
automorphism."""

from __future__ import annotations

from itertools import combinations, permutations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.board.shapes import Shape, cycle, graph_shape, grid_shape, iter_shapes, star
from setmine.verification.boards import symmetry
from setmine.verification.boards.scope import count_positions
from setmine.verification.boards.symmetry import (MAX_AUTOMORPHISMS, Symmetry, indices, mine_orbits,
                                     position_orbits, stabiliser)

SHAPES = list(iter_shapes(6)) + [
    grid_shape("square", 1, 2), grid_shape("torus", 1, 2), grid_shape("torus", 2, 2),
    grid_shape("hex", 3, 2), grid_shape("hex", 1, 4), grid_shape("square", 3, 2),
    cycle(5), graph_shape("two edges", [(0, 0), (0, 1), (1, 0), (1, 1)], [(0, 1), (2, 3)]),
    graph_shape("paw", [(0, c) for c in range(4)], [(0, 1), (1, 2), (0, 2), (2, 3)]),
]


def relation(shape: Shape) -> set[tuple[int, int]]:
    """S1 as ordered index pairs."""
    index = {cell: i for i, cell in enumerate(shape.cells)}
    return {(index[a], index[b]) for a in shape.cells for b in shape.neighbours[a]}


def as_graph(shape: Shape) -> Shape:
    return Shape("graph", shape.rows, shape.cols, shape.neighbours, f"{shape} as a graph")


def compose(p, q):
    """p after q."""
    return tuple(p[q[i]] for i in range(len(q)))


def is_group(perms) -> bool:
    found = set(perms)
    return all(compose(p, q) in found for p in perms for q in perms)


# ----------------------------------------------------------------------------
# The groups

@pytest.mark.parametrize("shape, order", [
    (grid_shape("square", 3, 3), 8),
    (grid_shape("square", 2, 3), 4),
    (grid_shape("square", 3, 2), 4),
    (grid_shape("square", 1, 4), 2),
    (grid_shape("square", 1, 2), 2),
    (grid_shape("square", 2, 2), 8),   # K4, whose 24 automorphisms are not all geometric
    (grid_shape("square", 4, 4), 8),
    (grid_shape("torus", 3, 3), 72),   # K9: the square's 8 with the 9 translations
    (grid_shape("torus", 4, 4), 128),
    (grid_shape("torus", 3, 4), 48),
    (grid_shape("hex", 2, 2), 4),
    (grid_shape("hex", 3, 3), 2),
    (star(5), 24),
    (cycle(6), 12),
    (cycle(5), 10),
    (star(9), 40_320),
    (as_graph(grid_shape("square", 3, 3)), 8),
    (as_graph(grid_shape("square", 2, 2)), 24),
])
def test_group_orders(shape, order):
    sym = Symmetry.of(shape)
    assert sym.order == order
    assert not sym.capped
    assert Symmetry.of(shape, enabled=False).perms == (tuple(range(len(shape.cells))),)


@pytest.mark.parametrize("shape", SHAPES + [grid_shape("torus", 3, 3), grid_shape("hex", 3, 3),
                                            grid_shape("torus", 4, 3), cycle(8), star(7)], ids=str)
def test_groups_are_automorphism_groups(shape):
    sym = Symmetry.of(shape)
    n = len(shape.cells)
    edges = relation(shape)
    assert sym.cells == shape.cells
    assert sym.perms[0] == tuple(range(n))
    assert list(sym.perms[1:]) == sorted(set(sym.perms[1:]))
    for perm in sym.perms:
        assert sorted(perm) == list(range(n))
        assert {(perm[i], perm[j]) for i, j in edges} == edges
    assert is_group(sym.perms)


@pytest.mark.parametrize("shape", [s for s in SHAPES if len(s.cells) <= 7], ids=str)
def test_graphs_get_every_automorphism_and_grids_a_subgroup(shape):
    n = len(shape.cells)
    edges = relation(shape)
    every = {p for p in permutations(range(n)) if {(p[i], p[j]) for i, j in edges} == edges}
    assert set(Symmetry.of(as_graph(shape)).perms) == every
    assert set(Symmetry.of(shape).perms) <= every


def test_a_grid_with_cells_missing_is_searched_as_a_graph():
    full = grid_shape("square", 2, 3)
    keep = [c for c in full.cells if c != (1, 2)]
    shape = Shape("square", 2, 3, {c: full.neighbours[c] & set(keep) for c in keep})
    # 0,0 0,1 0,2 / 1,0 1,1: swapping 0,0 with 1,0 is no geometric symmetry
    assert Symmetry.of(shape).order == 2 * 2


def test_too_many_automorphisms_fall_back_to_the_identity(monkeypatch):
    assert MAX_AUTOMORPHISMS == 40_320 and not Symmetry.of(star(9)).capped
    monkeypatch.setattr(symmetry, "MAX_NODES", 10**9)   # the cap on automorphisms alone
    for shape in (star(10), as_graph(grid_shape("torus", 3, 3))):   # 9! automorphisms each
        sym = Symmetry.of(shape)
        assert sym.capped and sym.perms == (tuple(range(len(shape.cells))),)


def test_a_long_search_falls_back_to_the_identity(monkeypatch):
    monkeypatch.setattr(symmetry, "MAX_NODES", 1_000)
    sym = Symmetry.of(star(8))   # 7! automorphisms, more than 1,000 steps
    assert sym.capped and sym.order == 1
    assert not Symmetry.of(cycle(8)).capped


def test_image_canonical_and_stabiliser():
    sym = Symmetry.of(grid_shape("square", 3, 3))   # cells 0 1 2 / 3 4 5 / 6 7 8
    turn = next(p for p in sym.perms if p[0] == 2 and p[2] == 8)   # a quarter turn
    assert sym.image(turn, 0b11) == (1 << 2) | (1 << 5)
    assert sym.canonical(1 << 8, 1 << 4, 7) == (1 << 0, 1 << 4, 1)
    assert sym.canonical(1 << 5, 0, 5) == (1 << 1, 0, 1)
    fixing = stabiliser(sym, sym.perms, 1 << 0)     # the diagonal flip and the identity
    assert fixing[0] == tuple(range(9)) and len(fixing) == 2 and is_group(fixing)
    assert stabiliser(sym, fixing, 1 << 1) == fixing[:1]
    assert indices(0b101001) == (0, 3, 5)


# ----------------------------------------------------------------------------
# Orbits against the oracle

def members(mask: int, n: int) -> tuple[int, ...]:
    return tuple(i for i in range(n) if mask >> i & 1)


def moved(perm, mask: int) -> int:
    return sum(1 << perm[i] for i in range(len(perm)) if mask >> i & 1)


def oracle(sym: Symmetry, mines: int, opened: int) -> list[tuple[int, int, int, int]]:
    """Every legal state, canonicalised by the least image over every
    permutation; the orbits with their sizes, in order."""
    n = len(sym.cells)
    sizes: dict[tuple, int] = {}
    for ms in combinations(range(n), mines):
        safe = [i for i in range(n) if i not in ms]
        for os in combinations(safe, opened):
            if len(safe) - len(os) < 1:
                continue
            for move in (i for i in range(n) if i not in os):
                m, o = sum(1 << i for i in ms), sum(1 << i for i in os)
                least = min(((members(moved(p, m), n), members(moved(p, o), n), p[move]),
                             (moved(p, m), moved(p, o), p[move])) for p in sym.perms)[1]
                sizes[least] = sizes.get(least, 0) + 1
    key = lambda s: (members(s[0], n), members(s[1], n), s[2])  # noqa: E731
    return [(*state, sizes[state]) for state in sorted(sizes, key=key)]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SHAPES), st.data(), st.booleans())
def test_orbits_are_the_oracles(shape, data, enabled):
    sym = Symmetry.of(shape, enabled)
    n = len(shape.cells)
    mines = data.draw(st.integers(0, n - 1), label="mines")
    opened = data.draw(st.integers(0, n - 1 - mines), label="opened")
    assert list(position_orbits(sym, mines, opened)) == oracle(sym, mines, opened)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SHAPES), st.data())
def test_canonical_is_the_least_image(shape, data):
    sym = Symmetry.of(shape)
    n = len(shape.cells)
    mines = data.draw(st.sets(st.integers(0, n - 1), max_size=n - 1))
    opened = data.draw(st.sets(st.sampled_from(sorted(set(range(n)) - mines)), max_size=n - 1))
    move = data.draw(st.sampled_from(sorted(set(range(n)) - opened)))
    m, o = sum(1 << i for i in mines), sum(1 << i for i in opened)
    least = min((members(moved(p, m), n), members(moved(p, o), n), p[move]) for p in sym.perms)
    found = sym.canonical(m, o, move)
    assert (members(found[0], n), members(found[1], n), found[2]) == least


def test_the_two_cells_by_hand():
    sym = Symmetry.of(grid_shape("square", 1, 2))
    every = [orbit for mines in range(2) for opened in range(2)
             for orbit in position_orbits(sym, mines, opened)]
    assert every == [(0, 0, 0, 2), (0, 1, 1, 2), (1, 0, 0, 2), (1, 0, 1, 2)]


@pytest.mark.parametrize("shape", SHAPES + [grid_shape("square", 3, 3), grid_shape("torus", 3, 3),
                                            grid_shape("hex", 3, 3), grid_shape("square", 2, 4),
                                            star(8), cycle(8)], ids=str)
def test_orbit_sizes_add_up_to_the_positions(shape):
    n = len(shape.cells)
    for enabled in (True, False):
        sym = Symmetry.of(shape, enabled)
        total = count = 0
        for mines in range(n):
            for opened in range(n - mines):
                for *_, size in position_orbits(sym, mines, opened):
                    total, count = total + size, count + 1
        assert total == count_positions(n, range(n))
        assert enabled or count == total


@pytest.mark.parametrize("shape", [grid_shape("square", 2, 2), grid_shape("hex", 2, 3)], ids=str)
def test_without_symmetry_every_state_once_in_order(shape):
    sym = Symmetry.of(shape, enabled=False)
    n = len(shape.cells)
    for mines in range(n):
        for opened in range(n - mines):
            expected = [(sum(1 << i for i in ms), sum(1 << i for i in os), move, 1)
                        for ms in combinations(range(n), mines)
                        for os in combinations([i for i in range(n) if i not in ms], opened)
                        for move in range(n) if move not in os]
            assert list(position_orbits(sym, mines, opened)) == expected


def test_impossible_counts_give_nothing():
    sym = Symmetry.of(grid_shape("square", 2, 2))
    for mines, opened in ((4, 0), (3, 1), (2, 2), (-1, 0), (0, -1), (0, 4)):
        assert list(position_orbits(sym, mines, opened)) == []


@pytest.mark.parametrize("shape", [grid_shape("square", 3, 3), grid_shape("torus", 2, 3), star(6)],
                         ids=str)
@pytest.mark.parametrize("parts", [1, 2, 3, 5])
def test_chunks_partition_the_orbits(shape, parts):
    sym = Symmetry.of(shape)
    for mines, opened in ((1, 1), (2, 3), (3, 0)):
        whole = list(position_orbits(sym, mines, opened))
        chunks = [list(position_orbits(sym, mines, opened, chunk=(i, parts))) for i in range(parts)]
        assert sorted(o for chunk in chunks for o in chunk) == sorted(whole)
        assert sum(map(len, chunks)) == len(whole)
        least = [mask for mask, _ in mine_orbits(sym, mines)]
        for i, chunk in enumerate(chunks):
            assert {o[0] for o in chunk} <= {m for k, m in enumerate(least) if k % parts == i}
            assert chunk == [o for o in whole if least.index(o[0]) % parts == i]


def test_a_chunk_must_be_one_of_k():
    sym = Symmetry.of(grid_shape("square", 2, 2))
    for chunk in ((1, 1), (0, 0), (-1, 2), (3, 2)):
        with pytest.raises(ValueError, match="chunk"):
            list(position_orbits(sym, 1, 1, chunk=chunk))


# ----------------------------------------------------------------------------
# Deals

def test_mine_orbits_of_the_three_by_three():
    sym = Symmetry.of(grid_shape("square", 3, 3))
    assert mine_orbits(sym, 1) == [(1 << 0, 4), (1 << 1, 4), (1 << 4, 1)]
    assert mine_orbits(sym, 0) == [(0, 1)]
    assert mine_orbits(sym, 10) == []


@pytest.mark.parametrize("shape", SHAPES + [grid_shape("torus", 3, 3), cycle(8)], ids=str)
def test_mine_orbits_are_the_least_deals(shape):
    sym = Symmetry.of(shape)
    n = len(shape.cells)
    for mines in range(n + 1):
        orbits = mine_orbits(sym, mines)
        assert sum(size for _, size in orbits) == comb(n, mines)
        expected: dict[int, int] = {}
        for ms in combinations(range(n), mines):
            m = sum(1 << i for i in ms)
            least = min((members(moved(p, m), n), moved(p, m)) for p in sym.perms)[1]
            expected[least] = expected.get(least, 0) + 1
        assert orbits == sorted(expected.items(), key=lambda item: members(item[0], n))
