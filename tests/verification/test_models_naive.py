"""The scope of models and its plain enumeration (``verification/models/``): known
counts of models, labelled and up to isomorphism, each also counted here by
a few lines of Python that know nothing of RSLang (the relations written out
with itertools), and every bad scope a clear ModelScopeError."""

from __future__ import annotations

import itertools

import pytest

from setmine.rsl.schema import Schema
from setmine.verification.models.isomorphism import automorphisms, canonical, class_size, relabel
from setmine.verification.models.naive import census, check_classes, interpretations
from setmine.verification.models.scope import ModelScopeError, parse_model_scope
from setmine.rsl.semantics.types import Element, SetType, TupleType

GRAPHS = Schema.parse("X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∉S1\n"
                      "A2 :== ∀a,b∈X1 ((a,b)∈S1 ⇒ (b,a)∈S1)\n")
ORDERS = Schema.parse("X1\nS1 ::= ℬ(X1×X1)\nA1 :== ∀a∈X1 (a,a)∈S1\n"
                      "A2 :== ∀a,b∈X1 ((a,b)∈S1 & (b,a)∈S1 ⇒ a=b)\n"
                      "A3 :== ∀a,b,c∈X1 ((a,b)∈S1 & (b,c)∈S1 ⇒ (a,c)∈S1)\n")
FUNCTIONS = Schema.parse("X1\nX2\nS1 ::= ℬ(X1×X2)\n"
                         "A1 :== ∀a∈X1 card(D{p∈S1 | pr1(p) = a}) = 1\n")
CONSTANT = Schema.parse("C1\nS1 ::= ℬ(C1)\nA1 :== card(S1) = 1\n")
INTEGERS = Schema.parse("X1\nS1 ::= Z\nS2 ::= ℬ(X1)\nA1 :== S1 > card(S2)\n")


# -- the same structures by hand -------------------------------------------

def relations(n: int):
    pairs = [(a, b) for a in range(n) for b in range(n)]
    for bits in itertools.product((False, True), repeat=len(pairs)):
        yield frozenset(p for p, bit in zip(pairs, bits) if bit)


def is_graph(r, n):
    return all((a, a) not in r for a in range(n)) and all((b, a) in r for a, b in r)


def is_order(r, n):
    return (all((a, a) in r for a in range(n))
            and all(a == b for a, b in r if (b, a) in r)
            and all((a, d) in r for a, b in r for c, d in r if b == c))


def by_hand(n: int, test) -> tuple[int, int]:
    """(classes, labelled) of the relations on n elements passing ``test``:
    a class is the least relabelling over all n! permutations."""
    found = [r for r in relations(n) if test(r, n)]
    classes = {min(tuple(sorted((p[a], p[b]) for a, b in r))
                   for p in itertools.permutations(range(n))) for r in found}
    return len(classes), len(found)


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_graphs(n):
    found = census(GRAPHS, parse_model_scope(GRAPHS, f"X1={n}"))
    assert (found.models, found.labelled) == by_hand(n, is_graph)
    assert check_classes(found, GRAPHS) == found.labelled


@pytest.mark.parametrize("n", [1, 2, 3])
def test_partial_orders(n):
    found = census(ORDERS, parse_model_scope(ORDERS, f"X1={n}"))
    assert (found.models, found.labelled) == by_hand(n, is_order)
    assert (found.models, found.labelled) == [(1, 1), (2, 3), (5, 19)][n - 1]  # OEIS A000112, A001035


@pytest.mark.slow
def test_graphs_on_four():
    found = census(GRAPHS, parse_model_scope(GRAPHS, "X1=4"))
    assert (found.models, found.labelled) == (11, 64) == by_hand(4, is_graph)


def test_functions_between_two_sets():
    """f: X1 → X2 on 2 and 2 elements: 4 labelled (2²); up to renaming both
    sets, the constant ones and the bijections."""
    found = census(FUNCTIONS, parse_model_scope(FUNCTIONS, "X1=2, X2=2"))
    assert (found.models, found.labelled) == (2, 4)
    found = census(FUNCTIONS, parse_model_scope(FUNCTIONS, "X1=3, X2=2"))
    assert found.labelled == 2 ** 3
    assert found.models == 2  # all three to one element, or two and one


def test_a_constant_set_is_not_renamed():
    found = census(CONSTANT, parse_model_scope(CONSTANT, "C1=3"))
    assert (found.models, found.labelled) == (3, 3)


def test_integers_stand_for_the_scope_s():
    found = census(INTEGERS, parse_model_scope(INTEGERS, "X1<=1", "0..2"))
    # X1 empty: S2 = ∅ and S1 ∈ {1, 2}; X1 of one: S2 = ∅ with S1 ∈ {1, 2}, S2 = X1 with S1 = 2
    assert found.labelled == 2 + 3
    assert found.models == 5


def test_smallest_sizes_come_first():
    sizes = [i.sizes for i in interpretations(FUNCTIONS, parse_model_scope(FUNCTIONS,
                                                                           "X1<=1, X2<=1"))]
    assert [tuple(s.values()) for s in sizes] == [(0, 0), (0, 1), (1, 0), (1, 1), (1, 1)]


# -- isomorphism -----------------------------------------------------------

PAIRS = SetType(TupleType((Element("X1"), Element("X2"))))


def test_relabel_follows_the_type():
    assert relabel(frozenset({(0, 1)}), PAIRS, {"X1": (1, 0), "X2": (0, 1)}) == \
        frozenset({(1, 1)})
    assert relabel(frozenset({(0, 1)}), PAIRS, {"X2": (1, 0)}) == frozenset({(0, 0)})


def test_canonical_forms_and_automorphisms():
    types = {"S1": SetType(TupleType((Element("X1"), Element("X1"))))}
    path = {"S1": frozenset({(0, 1), (1, 0), (1, 2), (2, 1)})}
    other = {"S1": frozenset({(0, 2), (2, 0), (2, 1), (1, 2)})}
    assert canonical(path, types, {"X1": 3}) == canonical(other, types, {"X1": 3})
    assert automorphisms(path, types, {"X1": 3}) == 2
    assert class_size(path, types, {"X1": 3}) == 3  # three labelled paths on three vertices


# -- bad scopes ------------------------------------------------------------

@pytest.mark.parametrize("sizes, integers, words", [
    ("X9<=3", None, "has no X9"),
    ("S1<=3", None, "basic and constant sets only"),
    ("X1<=2, X1=1", None, "sized twice"),
    ("X1", None, "ALIAS=N or ALIAS<=N"),
    ("X1<=99", None, "at most"),
    ("X1<=2,", None, "empty item"),
    ("X1=1", "3..1", "above"),
    ("X1=1", "one", "LO..HI"),
])
def test_bad_scopes(sizes, integers, words):
    with pytest.raises(ModelScopeError) as caught:
        parse_model_scope(INTEGERS if integers else GRAPHS, sizes, integers)
    assert words in str(caught.value)


def test_a_set_without_a_size_and_z_without_integers_take_stated_defaults():
    from setmine.verification.models.scope import DEFAULT_INTEGERS, DEFAULT_SIZE, defaults_note

    scope = parse_model_scope(FUNCTIONS, "X1<=2")
    assert dict((a, hi) for a, _, hi in scope.sizes) == {"X1": 2, "X2": DEFAULT_SIZE}
    assert scope.defaulted == ("X2",) and not scope.integers_defaulted
    assert "X2 has no size: at most 3 elements" in defaults_note(FUNCTIONS, scope)
    scope = parse_model_scope(INTEGERS, "X1<=2")
    assert scope.integers == DEFAULT_INTEGERS and scope.integers_defaulted
    assert "Z in S1 stands for -2..2" in defaults_note(INTEGERS, scope)
    every = parse_model_scope(FUNCTIONS, None)   # every missing size named in one note
    assert "X1, X2 have no size" in defaults_note(FUNCTIONS, every)
