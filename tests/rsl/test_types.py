"""Types of RSLang: printing, reading back, compatibility and unification."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from setmine.rsl.semantics.compat import compatible, merge, unify
from setmine.rsl.semantics.types import (ANY, EMPTY_SET, INTEGER, LOGIC, AnyType, Element, FunctionType,
                               SetType, TupleType, components_of, element_of, is_echelon,
                               is_radical, parse_type, radicals, substitute)

X1, X2, C1, R1, R2 = (Element(n) for n in ("X1", "X2", "C1", "R1", "R2"))


def B(t):  # noqa: N802 - the ℬ of the language
    return SetType(t)


def T(*factors):  # noqa: N802
    return TupleType(factors)


# ----------------------------------------------------------------------------
# Printing: the forms of rslang.md

PRINTED = [
    (B(T(X1, X1)), "ℬ(X1×X1)"),
    (B(B(X1)), "ℬℬ(X1)"),
    (B(T(T(X1, X1), X1)), "ℬ((X1×X1)×X1)"),
    (B(T(X1, T(X1, X1))), "ℬ(X1×(X1×X1))"),
    (T(B(X1), B(X1)), "ℬ(X1)×ℬ(X1)"),
    (B(T(X1, B(X1))), "ℬ(X1×ℬ(X1))"),
    (B(T(X1, B(B(X1)))), "ℬ(X1×ℬℬ(X1))"),
    (B(B(B(T(X1, C1)))), "ℬℬℬ(X1×C1)"),
    (INTEGER, "Z"),
    (B(INTEGER), "ℬ(Z)"),
    (LOGIC, "Logic"),
    (EMPTY_SET, "ℬ(R0)"),
    (B(B(ANY)), "ℬℬ(R0)"),
    (X1, "X1"),
    (T(X1, X2, C1), "X1×X2×C1"),
    (FunctionType((B(R1), B(T(R1, R2))), B(R1)), "[ℬ(R1), ℬ(R1×R2)] → ℬ(R1)"),
    (FunctionType((X1,), LOGIC), "[X1] → Logic"),
    (FunctionType((T(R1, R2),), R2), "[R1×R2] → R2"),
]


@pytest.mark.parametrize("type_, text", PRINTED, ids=[t for _, t in PRINTED])
def test_printing(type_, text):
    assert str(type_) == text


@pytest.mark.parametrize("type_, text", PRINTED, ids=[t for _, t in PRINTED])
def test_parsing_the_printed_form(type_, text):
    assert parse_type(text) == type_


@pytest.mark.parametrize("text, expected", [
    ("B(X₁*X₁)", "ℬ(X1×X1)"),            # ASCII ℬ and ×, subscript digits
    (" ℬ ( X1 × ℬ(X1) ) ", "ℬ(X1×ℬ(X1))"),
    ("ℬ(ℬ(X1))", "ℬℬ(X1)"),
    ("((X1))", "X1"),
    ("[X1]->Logic", "[X1] → Logic"),
])
def test_parsing_other_spellings(text, expected):
    assert str(parse_type(text)) == expected


@pytest.mark.parametrize("text", [
    "", "ℬ", "ℬ(X1", "X1)", "X1×", "ℬ(X1)x", "[X1]", "[X1] → ", "Logic×X1", "ℬ(Logic)", "x1",
])
def test_parse_errors(text):
    with pytest.raises(ValueError):
        parse_type(text)


def test_construction_checks():
    with pytest.raises(ValueError):
        TupleType((X1,))
    with pytest.raises(ValueError):
        Element("R0")  # that is AnyType()


# ----------------------------------------------------------------------------
# Round trips on random types

NAMES = st.sampled_from(["X1", "X2", "X12", "C1", "R1", "R2"])
ATOMS = st.one_of(NAMES.map(Element), st.just(INTEGER), st.just(ANY))
ECHELONS = st.recursive(
    ATOMS,
    lambda inner: st.one_of(
        inner.map(SetType),
        st.lists(inner, min_size=2, max_size=4).map(lambda fs: TupleType(tuple(fs)))),
    max_leaves=12)
FUNCTIONS = st.builds(lambda ps, r: FunctionType(tuple(ps), r),
                      st.lists(ECHELONS, min_size=1, max_size=3),
                      st.one_of(ECHELONS, st.just(LOGIC)))


@given(ECHELONS)
def test_echelon_round_trip(t):
    assert parse_type(str(t)) == t
    assert is_echelon(t)


@given(FUNCTIONS)
def test_function_round_trip(t):
    assert parse_type(str(t)) == t
    assert not is_echelon(t)


@given(ECHELONS)
def test_a_type_is_compatible_with_itself_and_merges_to_itself(t):
    assert compatible(t, t)
    assert merge(t, t) == t


@given(ECHELONS)
def test_empty_set_type_is_compatible_with_every_set(t):
    assert compatible(EMPTY_SET, SetType(t)) and compatible(SetType(t), EMPTY_SET)
    assert merge(EMPTY_SET, SetType(t)) == SetType(t)


@given(ECHELONS, ECHELONS)
def test_unify_binds_radicals(a, b):
    pattern = SetType(TupleType((R1, SetType(R2), R1)))
    bindings: dict = {}
    assert unify(pattern, substitute(pattern, {"R1": a, "R2": b}), bindings)
    assert compatible(bindings["R1"], a) and compatible(bindings["R2"], b)


# ----------------------------------------------------------------------------
# Helpers

@pytest.mark.parametrize("a, b, expected", [
    ("X1", "X1", True),
    ("X1", "X2", False),
    ("ℬ(R0)", "ℬ(X1×X1)", True),
    ("ℬ(R0)", "X1", False),
    ("R0", "X1", True),
    ("ℬ(X1×R0)", "ℬ(X1×ℬ(X1))", True),
    ("ℬ(X1×R0)", "ℬ(X2×ℬ(X1))", False),
    ("X1×X1", "X1×X1×X1", False),
    ("(X1×X1)×X1", "X1×X1×X1", False),
    ("Z", "ℬ(Z)", False),
    ("Z", "Z", True),
    ("ℬ(R1)", "ℬ(X1)", False),      # radicals are rigid outside unification
    ("Logic", "Logic", True),
    ("Logic", "Z", False),
    ("[R1] → Logic", "[R1] → Logic", True),
    ("[R1] → Logic", "[R1, R1] → Logic", False),
])
def test_compatible(a, b, expected):
    assert compatible(parse_type(a), parse_type(b)) is expected
    assert compatible(parse_type(b), parse_type(a)) is expected


@pytest.mark.parametrize("a, b, expected", [
    ("ℬ(R0)", "ℬ(X1)", "ℬ(X1)"),
    ("ℬ(R0×X1)", "ℬ(X1×R0)", "ℬ(X1×X1)"),
    ("ℬℬ(R0)", "ℬ(R0)", "ℬℬ(R0)"),
    ("R0", "Z", "Z"),
])
def test_merge(a, b, expected):
    assert str(merge(parse_type(a), parse_type(b))) == expected


def test_merge_refuses_incompatible_types():
    with pytest.raises(ValueError):
        merge(X1, X2)


@pytest.mark.parametrize("pattern, actual, ok, bound", [
    ("ℬ(R1)", "ℬ(X1)", True, {"R1": "X1"}),
    ("ℬ(R1×R2)", "ℬ(X1×ℬ(Z))", True, {"R1": "X1", "R2": "ℬ(Z)"}),
    ("ℬ(R1×R1)", "ℬ(X1×X1)", True, {"R1": "X1"}),
    ("ℬ(R1×R1)", "ℬ(X1×X2)", False, None),
    ("ℬ(R1×R1)", "ℬ(R0×X2)", True, {"R1": "X2"}),
    ("ℬ(R1)", "ℬ(R0)", True, {"R1": "R0"}),
    ("ℬ(R1)", "X1", False, None),
    ("ℬ(R1×R2)", "ℬ(X1)", False, None),
    ("ℬ(R1×R2)", "ℬ(X1×X1×X1)", False, None),
    ("X1", "X1", True, {}),
    ("X1", "R0", True, {}),
    ("Z", "X1", False, None),
])
def test_unify(pattern, actual, ok, bound):
    bindings: dict = {}
    assert unify(parse_type(pattern), parse_type(actual), bindings) is ok
    if ok:
        assert {k: str(v) for k, v in bindings.items()} == bound


def test_unify_merges_a_radical_bound_twice():
    bindings: dict = {}
    assert unify(T(R1, R1), T(B(ANY), B(X1)), bindings)
    assert bindings == {"R1": B(X1)}


def test_substitute():
    t = parse_type("[ℬ(R1), ℬ(R1×R2)] → ℬ(R2)")
    assert str(substitute(t, {"R1": X1})) == "[ℬ(X1), ℬ(X1×R2)] → ℬ(R2)"
    assert str(substitute(t, {"R1": X1}, ANY)) == "[ℬ(X1), ℬ(X1×R0)] → ℬ(R0)"


def test_small_helpers():
    assert is_radical(R1) and not is_radical(X1) and not is_radical(ANY)
    assert radicals(parse_type("[ℬ(R1), ℬ(R1×R2)] → ℬ(X1)")) == {"R1", "R2"}
    assert element_of(B(X1)) == X1 and element_of(ANY) == ANY and element_of(X1) is None
    assert components_of(T(X1, X2)) == (X1, X2)
    assert components_of(T(X1, X2), 3) is None
    assert components_of(ANY, 2) == (ANY, ANY)
    assert components_of(X1) is None
    assert isinstance(parse_type("R0"), AnyType)
    assert repr(parse_type("ℬ(X1×Z)")) == "SetType(TupleType((Element('X1'), Integer())))"
