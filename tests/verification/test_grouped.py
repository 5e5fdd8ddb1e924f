"""Positions decided once per group of placements (``verification/boards/grouped.py``)
give what the position-by-position walk gives: the same states, distinct
states, verdicts and first counterexamples, on grids, tori, hex boards and
graphs, with and without symmetry.  The two counting functions under it
are held to brute force."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from setmine.board.shapes import cycle, grid_shape, star
from setmine.rsl.schema import Schema
from setmine.verification.boards import explore, job as job_module
from setmine.verification.boards.job import Job, shape_data
from setmine.verification.boards.memo import Memo
from setmine.verification.boards.properties import counts_mines, make
from setmine.verification.boards.run import verify
from setmine.verification.boards.symmetry import Symmetry, indices, stabiliser
from setmine.verification.boards.views import groups, orbits

WRITTEN = Schema.load("spec/saper.rsl")
CORRECTED = Schema.load("spec/saper-corrected.rsl")


# ----------------------------------------------------------------------------
# The counting, against brute force

def mask(cells) -> int:
    return sum(1 << c for c in cells)


@settings(max_examples=300, deadline=None)
@given(pool=st.integers(0, (1 << 9) - 1), k=st.integers(0, 6),
       masks=st.lists(st.integers(0, (1 << 9) - 1), max_size=4))
def test_groups_are_the_placements_by_their_counts(pool, k, masks):
    expected: dict[tuple, list] = {}
    for combo in combinations(indices(pool), k):   # in lexicographic order
        placement = mask(combo)
        counts = tuple((placement & m).bit_count() for m in masks)
        expected.setdefault(counts, []).append(placement)
    found = groups(pool, k, masks)
    assert sorted(found) == sorted((len(ps), ps[0]) for ps in expected.values())
    assert [least for _, least in found] == sorted(
        (ps[0] for ps in expected.values()), key=indices)


SHAPES = [grid_shape("square", 2, 3), grid_shape("square", 3, 3), grid_shape("torus", 2, 4),
          grid_shape("hex", 2, 3), star(5), cycle(6)]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_orbits_count_the_positions_up_to_the_stabiliser(shape):
    """For every open set, the (mines, move) pairs up to its stabiliser,
    counted by Burnside, equal the pairs told apart by their least image."""
    sym = Symmetry.of(shape)
    n = len(shape.cells)
    full = (1 << n) - 1
    for opened in range(1 << n):
        fixing = stabiliser(sym, sym.perms, opened)
        pool = full & ~opened
        for k in range(pool.bit_count()):
            seen = set()
            for combo in combinations(indices(pool), k):
                mines = mask(combo)
                for move in indices(pool):
                    seen.add(min((tuple(indices(sym.image(p, mines))), p[move])
                                 for p in fixing))
            assert orbits(fixing, pool, k) == len(seen), (shape.name, opened, k)


# ----------------------------------------------------------------------------
# The runs, against the position-by-position walk

COUNTED = (("builtin", "invariants"), ("assert", "D18 ∩ D8 = ∅"), ("assert", "card(D15) ≥ 1"),
           ("assert", "card(D8) = 0"), ("assert", "card(D15) ≥ 2"), ("assert", "A6"),
           ("assert", "D18 = D1"), ("builtin", "axioms"))
"""On the corrected schema every one counts the mines; four of them fail
(A6 and axioms read the move)."""


def run(schema: Schema, shapes, properties, symmetry: bool) -> dict:
    job = Job(schema_text=schema.source, schema_path=schema.path,
              shapes=tuple(shape_data(s) for s in shapes), properties=properties,
              symmetry=symmetry)
    job_module._loaded.cache_clear()
    merged = verify(job).merged
    job_module._loaded.cache_clear()
    return merged


def without_checked_of_failures(merged: dict) -> dict:
    """``checked`` of a property that fails counts the states it was
    checked on before the run stopped checking it, which depends on the
    order of the walk; everything else must be equal."""
    out = dict(merged, properties=[dict(p) for p in merged["properties"]])
    for p in out["properties"]:
        if p["counterexample"] is not None:
            del p["checked"]
    return out


@pytest.mark.parametrize("symmetry", [True, False], ids=["symmetry", "no-symmetry"])
def test_grouped_positions_change_no_count_verdict_or_counterexample(monkeypatch, symmetry):
    shapes = [grid_shape("square", 1, 4), grid_shape("square", 2, 3), grid_shape("torus", 2, 3),
              grid_shape("hex", 2, 2), star(5)]
    for spec in COUNTED:
        assert counts_mines([make(CORRECTED, spec, Memo(CORRECTED))]), spec
    grouped = run(CORRECTED, shapes, COUNTED, symmetry)
    monkeypatch.setattr(explore, "GROUP_PLACEMENTS", False)
    walked = run(CORRECTED, shapes, COUNTED, symmetry)
    assert without_checked_of_failures(grouped) == without_checked_of_failures(walked)
    assert [p["counterexample"] is None for p in grouped["properties"]] == \
        [True, True, True, False, False, False, False, False]


@pytest.mark.slow
def test_grouped_positions_agree_on_every_shape_up_to_seven_cells(monkeypatch):
    from setmine.board.shapes import iter_shapes
    shapes = list(iter_shapes(7))
    grouped = run(CORRECTED, shapes, COUNTED, True)
    monkeypatch.setattr(explore, "GROUP_PLACEMENTS", False)
    walked = run(CORRECTED, shapes, COUNTED, True)
    assert without_checked_of_failures(grouped) == without_checked_of_failures(walked)


def test_only_properties_that_count_the_mines_are_grouped():
    memo = Memo(WRITTEN)
    assert not counts_mines([make(WRITTEN, ("assert", "D18 ∩ D8 = ∅"), memo)])  # D4 reads S2
    memo = Memo(CORRECTED)
    for spec in (("builtin", "crosscheck"), ("builtin", "observable"),
                 ("assert", "D11 ∩ S2 = ∅")):
        assert not counts_mines([make(CORRECTED, spec, memo)]), spec
