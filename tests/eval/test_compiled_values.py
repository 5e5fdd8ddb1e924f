"""The compiled path's values: counted families (``families.Family``)
against an oracle that enumerates every mask, and compact values
(``masks.encode``/``decode``) round trips, type by type — the parts of
the compiled path's tests that need no schema (``test_compiled_program.py``
has the rest)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.eval.compiled.families import Family
from setmine.eval.compiled.masks import Universe, Unrepresentable, bits, decode, encode
from setmine.eval.values.sets import Fibered, card
from setmine.eval.values.subsets import Subsets
from setmine.rsl.semantics import types as t

from .test_compiled_program import FAST, listing, same

# ----------------------------------------------------------------------------
# Counted families against an oracle that enumerates every mask

def popcount(v: int) -> int:
    return v.bit_count()


def indices(v: int) -> tuple:
    return tuple(i for i in range(v.bit_length()) if v >> i & 1)


def oracle(n: int, f: Family) -> list[int]:
    """The members of ``f`` among the 2^n masks of n elements, literally."""
    return [v for v in range(1 << n)
            if v & f.lower == f.lower and v & ~f.upper == 0
            and f.lo <= popcount(v) and (f.hi is None or popcount(v) <= f.hi)
            and all(popcount(v & a) == k for a, k in f.constraints)]


@st.composite
def families(draw) -> tuple[int, Family]:
    """(n, a family over n ≤ 10 elements): any bounds (improper ones too),
    sizes, and up to three constraints |v ∩ A| = k."""
    n = draw(st.integers(0, 10))
    masks = st.integers(0, (1 << n) - 1)
    lower = draw(masks)
    upper = draw(masks)
    if draw(st.booleans()):
        upper |= lower
    lo = draw(st.integers(0, n + 1))
    hi = draw(st.one_of(st.none(), st.integers(0, n + 1)))
    constraints = tuple(draw(st.lists(st.tuples(masks, st.integers(0, n)), max_size=3)))
    return n, Family(lower, upper, lo, hi, constraints)


@settings(FAST, max_examples=300)
@given(families())
def test_a_family_counts_as_its_members(case):
    n, f = case
    found = oracle(n, f)
    assert f.size() == len(found)
    for i in range(n):
        assert f.element_count(i) == sum(1 for v in found if v >> i & 1), i
    every, some = -1, 0
    for v in found:
        every &= v
        some |= v
    assert f.common() == every  # -1 (every element) when there is no member
    assert f.touched() == some
    for v in range(1 << n):
        assert f.contains(v) == (v in found), v
        assert (v in f) == (v in found), v


@settings(FAST, max_examples=300)
@given(families())
def test_a_family_narrowed(case):
    n, f = case
    found = oracle(n, f)
    for i in range(n):
        with_i = [v for v in found if v >> i & 1]
        without_i = [v for v in found if not v >> i & 1]
        assert f.containing(i).size() == len(with_i), i
        assert f.lacking(i).size() == len(without_i), i
        assert sorted(f.containing(i).members()) == with_i, i
        assert sorted(f.lacking(i).members()) == without_i, i


@settings(FAST, max_examples=300)
@given(families(), st.integers(0, 11), st.one_of(st.none(), st.integers(0, 11)))
def test_a_family_sized(case, lo, hi):
    n, f = case
    narrowed = f.sized(lo, hi)
    assert narrowed.size() == len([v for v in oracle(n, f)
                                   if lo <= popcount(v) and (hi is None or popcount(v) <= hi)])


@settings(FAST, max_examples=300)
@given(families())
def test_a_family_lists_its_members_smallest_first(case):
    """Exactly the members, by size, each size in canonical order (the
    lesser set holds the least element of the two's difference)."""
    n, f = case
    listed = list(f.members())
    assert listed == sorted(oracle(n, f), key=lambda v: (popcount(v), indices(v)))


# ----------------------------------------------------------------------------
# Compact values: encode and decode

X = t.Element("X1")
SETS = t.SetType(X)
FAMILIES = t.SetType(SETS)
PAIRS = t.TupleType((X, X))
RELATIONS = t.SetType(PAIRS)
NEIGHBOURHOODS = t.SetType(t.TupleType((X, SETS)))


@st.composite
def universes_of_cells(draw) -> list:
    """The elements of X1: cells (pairs) or integers, 1 to 8 of them."""
    n = draw(st.integers(1, 8))
    if draw(st.booleans()):
        return draw(st.lists(st.integers(-20, 20), min_size=n, max_size=n, unique=True))
    return draw(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)),
                         min_size=n, max_size=n, unique=True))


def round_trip(universe: Universe, typ: t.Type, value):
    return decode(universe, typ, encode(universe, typ, value))


@settings(FAST, max_examples=200)
@given(st.data())
def test_elements_sets_and_tuples_round_trip(data):
    cells = data.draw(universes_of_cells())
    u = Universe({"X1": frozenset(cells)})
    order = sorted(cells)
    for cell in cells:
        assert encode(u, X, cell) == order.index(cell)
        assert round_trip(u, X, cell) == cell
    subset = data.draw(st.frozensets(st.sampled_from(cells)))
    mask = encode(u, SETS, subset)
    assert sorted(bits(mask)) == list(bits(mask)) == sorted(order.index(c) for c in subset)
    assert round_trip(u, SETS, subset) == subset
    pair = data.draw(st.tuples(st.sampled_from(cells), st.sampled_from(cells)))
    assert round_trip(u, PAIRS, pair) == pair
    relation = data.draw(st.frozensets(st.tuples(st.sampled_from(cells), st.sampled_from(cells))))
    assert round_trip(u, RELATIONS, relation) == relation
    family = data.draw(st.frozensets(st.frozensets(st.sampled_from(cells)), max_size=6))
    assert round_trip(u, FAMILIES, family) == family
    neighbourhoods = data.draw(st.frozensets(st.tuples(
        st.sampled_from(cells), st.frozensets(st.sampled_from(cells))), max_size=6))
    back = round_trip(u, NEIGHBOURHOODS, neighbourhoods)  # a relation to sets: fibered, as
    assert same(back, neighbourhoods)                      # the reference gives it
    n = data.draw(st.integers(-5, 5))
    assert round_trip(u, t.INTEGER, n) == n
    assert round_trip(u, t.LOGIC, n > 0) is (n > 0)


@settings(FAST, max_examples=200)
@given(st.data())
def test_set_intervals_round_trip_as_families(data):
    """A set interval of ℬℬ(X1) (constraints included) becomes a counted
    Family and comes back as a set interval of the same members."""
    cells = data.draw(universes_of_cells())
    u = Universe({"X1": frozenset(cells)})
    some = st.frozensets(st.sampled_from(cells))
    lower, upper = data.draw(some), data.draw(some)
    if data.draw(st.booleans()):
        upper |= lower
    lo = data.draw(st.integers(0, len(cells) + 1))
    hi = data.draw(st.one_of(st.none(), st.integers(0, len(cells) + 1)))
    constraints = tuple(data.draw(st.lists(st.tuples(some, st.integers(0, 3)), max_size=2)))
    interval = Subsets(lower, upper, lo, hi, constraints)
    compact = encode(u, FAMILIES, interval)
    assert isinstance(compact, Family)
    assert compact.size() == card(interval)
    back = decode(u, FAMILIES, compact)
    assert isinstance(back, Subsets) or back == frozenset() == listing(interval)
    assert same(interval, back)
    assert listing(back) == frozenset(frozenset(sorted(cells)[i] for i in bits(m))
                                      for m in oracle(len(cells), compact))


@settings(FAST, max_examples=100)
@given(st.data())
def test_a_union_of_dependent_products_encodes_as_its_pairs(data):
    """⋃ₓ {x}×Fₓ with listed fibres (a lazy fibre has no compact form)."""
    cells = data.draw(universes_of_cells())
    u = Universe({"X1": frozenset(cells)})
    heads = data.draw(st.lists(st.sampled_from(cells), unique=True, max_size=4))
    some = st.frozensets(st.sampled_from(cells))
    value = Fibered.build((x, data.draw(st.frozensets(some, max_size=4))) for x in heads)
    back = round_trip(u, NEIGHBOURHOODS, value)
    assert isinstance(back, (Fibered, frozenset)) and same(value, back)
    assert back == value or not heads


def test_what_has_no_compact_form():
    u = Universe({"X1": frozenset({1, 2, 3})})
    for typ, value in [(X, 4), (SETS, frozenset({1, 4})), (SETS, Subsets(frozenset(), frozenset({1}))),
                       (PAIRS, (1, 2, 3)), (PAIRS, 1), (RELATIONS, Subsets(frozenset(), frozenset())),
                       (t.Element("X2"), 1),
                       (NEIGHBOURHOODS, Fibered(((1, Subsets(frozenset(), frozenset({2}))),)))]:
        with pytest.raises(Unrepresentable):
            encode(u, typ, value)


def test_a_universe_in_the_order_given():
    u = Universe({"X1": (3, 1, 2)}, ordered=True)
    assert encode(u, X, 3) == 0 and encode(u, SETS, frozenset({3, 2})) == 0b101
    assert decode(u, SETS, 0b110) == frozenset({1, 2})
    assert Universe({"X1": frozenset({3, 1, 2})}).elements["X1"] == (1, 2, 3)
