"""The reference notions on boards checked by hand, and the placements
enumerator against the solver's count."""

from __future__ import annotations

import random

import pytest

from setmine.board import parse_board
from setmine.board.placements import View, placements, sample_placements
from setmine.board.shapes import grid_shape, iter_shapes
from setmine.crosscheck.positions import random_board
from setmine.crosscheck.reference import (NOTIONS, Facts, Family, FamilySizes, as_data, defined,
                                     reference)


def facts(text: str) -> Facts:
    return Facts.of(parse_board(text))


def ref(alias: str, text: str):
    return reference(alias, facts(text))


def cells(*names: str) -> frozenset:
    return frozenset(tuple(int(x) for x in n.split(",")) for n in names)


# 1×3: an open 0, a safe cell, a mine the total decides (no number sees it)
ZERO = "mines: 1\nmove: 0,1\n\n0 . *\n"
# 1×3: a 1 between two undecided cells
ONE = "mines: 1\nmove: 0,2\n\n* 1 .\n"
# 2×3: the 1-2-1 pattern — both mines follow from two numbers together
ONE_TWO_ONE = "mines: 2\nmove: 1,1\n\n1 2 1\n* . *\n"


def test_closed_cells_and_neighbourhoods():
    assert ref("D1", ZERO) == cells("0,1", "0,2")
    assert ref("D2", ZERO) == frozenset({((0, 0), cells("0,1")), ((0, 1), cells("0,0", "0,2")),
                                         ((0, 2), cells("0,1"))})
    assert ref("D3", ZERO) == frozenset({((0, 0), cells("0,1")), ((0, 1), cells("0,2")),
                                         ((0, 2), cells("0,1"))})
    assert ref("D4", ZERO) == frozenset({((0, 0), frozenset()), ((0, 1), cells("0,2")),
                                         ((0, 2), frozenset())})
    assert ref("D5", ZERO) == frozenset({((0, 0), cells("0,1"))})
    assert ref("D6", ZERO) == frozenset({((0, 0), frozenset())})
    assert ref("D7", ZERO) == frozenset()  # 0 ≠ one closed neighbour


def test_sure_mines_and_safe_cells_from_the_total():
    assert ref("D8", ZERO) == cells("0,2")
    assert ref("D11", ZERO) == cells("0,1")
    assert ref("D9", ZERO) == frozenset({((0, 0), frozenset())})
    assert ref("D10", ZERO) == frozenset({((0, 0), cells("0,1"))})
    assert ref("D12", ZERO) == frozenset({((0, 0), frozenset())})
    assert ref("D13", ZERO) == ref("D14", ZERO) == frozenset()
    assert ref("D18", ZERO) == cells("0,1")


def test_sure_mines_from_two_numbers():
    assert ref("D7", ONE_TWO_ONE) == frozenset()  # no single number decides
    assert ref("D8", ONE_TWO_ONE) == cells("1,0", "1,2")
    assert ref("D11", ONE_TWO_ONE) == cells("1,1")
    assert ref("D14", ONE_TWO_ONE) == frozenset()


def test_undecided_cells_and_placements():
    assert ref("D8", ONE) == ref("D11", ONE) == frozenset()
    assert ref("D12", ONE) == frozenset({((0, 1), cells("0,0", "0,2"))})
    assert ref("D13", ONE) == ref("D14", ONE) == cells("0,0", "0,2")
    family = ref("D15", ONE)
    assert isinstance(family, Family) and family.size == 2
    assert family.listed == frozenset({cells("0,0"), cells("0,2")})
    assert family.contains(cells("0,2")) and not family.contains(cells("0,0", "0,2"))
    sizes = ref("D16", ONE)
    assert isinstance(sizes, FamilySizes) and sizes.counts == {(0, 0): 1, (0, 2): 1}
    assert as_data(sizes) == frozenset({((0, 0), frozenset({cells("0,0")})),
                                        ((0, 2), frozenset({cells("0,2")}))})
    assert ref("D18", ONE) == cells("0,0", "0,2")


def test_placements_minus_sure_mines():
    # the sure mines leave the placements: one placement, nothing left of it
    family = ref("D15", ZERO)
    assert family.size == 1 and family.listed == frozenset({frozenset()})
    assert ref("D17", ZERO).counts == {(0, 1): 0}
    assert ref("D16", ZERO).counts == {}


def test_tiny_board():
    text = "mines: 1\nmove: 1,1\n\n1 .\n* .\n"
    assert ref("D14", text) == cells("0,1", "1,0", "1,1")
    assert ref("D15", text).listed == frozenset({cells("0,1"), cells("1,0"), cells("1,1")})
    assert ref("D17", text).counts == {(0, 1): 1, (1, 0): 1, (1, 1): 1}


def test_the_move_and_its_outcome():
    safe = facts(ZERO)
    assert reference("D19", safe) == cells("0,0", "0,1")
    assert reference("D20", safe) == cells("0,0", "0,1")  # only the mine is still closed: won
    assert reference("D21", safe) == frozenset()
    assert reference("A5", safe) is True and reference("A6", safe) is True
    mined = facts(ZERO.replace("move: 0,1", "move: 0,2"))
    assert reference("D21", mined) == cells("0,0", "0,2")
    assert reference("D20", mined) == frozenset()
    assert reference("A5", mined) is True and reference("A6", mined) is False
    none = facts(ZERO.replace("move: 0,1\n", ""))
    assert reference("A5", none) is False
    assert defined("D21", none) and defined("A6", none)


def test_structural_axioms_on_broken_structures():
    data = facts(ONE).data
    assert reference("A2", Facts({**data, "S1": data["S1"] - {((0, 1), (0, 0))}})) is False
    assert reference("A3", Facts({**data, "S1": data["S1"] | {((0, 0), (0, 0))}})) is False
    assert reference("A1", Facts({**data, "S1": frozenset(p for p in data["S1"]
                                                           if (0, 0) not in p)})) is False
    assert reference("A4", Facts({**data, "S2": data["S2"] | {(0, 1)}})) is False
    for alias in ("A1", "A2", "A3", "A4"):
        assert reference(alias, facts(ONE)) is True


def test_every_term_has_a_notion():
    assert {f"D{i}" for i in range(1, 22)} | {f"A{i}" for i in range(1, 7)} == set(NOTIONS)


@pytest.mark.parametrize("seed", range(30))
def test_placements_agree_with_the_solver(seed):
    board = random_board(random.Random(seed), max_side=4, max_cells=12)
    f = Facts.of(board)
    found = list(placements(View.of(board)))
    assert len(found) == len(set(found)) == f.solution.total
    assert board.mines in found
    for cell, n in f.solution.count.items():
        assert sum(cell in p for p in found) == n
    sample = sample_placements(board, 5, seed=seed, exact_limit=3)
    assert sample[0] == board.mines and len(set(sample)) == len(sample)
    assert all(p in found for p in sample)


def test_small_shapes_are_distinct_and_ordered():
    shapes = list(iter_shapes(5))
    sizes = [len(s.cells) for s in shapes]
    assert sizes == sorted(sizes) and sizes[0] == 2
    topologies = {s.topology for s in shapes}
    assert topologies == {"square", "torus", "hex", "graph"}
    assert str(grid_shape("hex", 2, 2)) == "2×2 hex"
