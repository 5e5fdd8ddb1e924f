"""The oracle interpreter: every construct, its errors, and the Saper schema
evaluated by hand-checked values on two tiny boards."""

from pathlib import Path

import pytest

from setmine.oracle.naive import NaiveEvaluator, evaluate
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.schemafile import read_schema_text

F = frozenset
E = F()
DATA = {"X1": {1, 2, 3}, "X2": {3, 4}, "S1": {(1, 2), (2, 3), (4, 1)},
        "X9": set(range(100))}


def run(text, data=DATA, functions={}, limit=1_000_000):
    return evaluate(parse_expression(text), data, functions, limit)


CASES = [
    # atoms and arithmetic
    ("7", DATA, 7),
    ("2+3*4", DATA, 14),
    ("2-5", DATA, -3),
    ("∅", DATA, E),
    ("X2", DATA, F({3, 4})),
    # set operations
    ("X1∪X2", DATA, F({1, 2, 3, 4})),
    ("X1∩X2", DATA, F({3})),
    ("X1\\X2", DATA, F({1, 2})),
    ("X1∆X2", DATA, F({1, 2, 4})),
    # products: n-ary, and nested when parenthesised
    ("X2×X2", DATA, F({(3, 3), (3, 4), (4, 3), (4, 4)})),
    ("card(X2×X2×X1)", DATA, 12),
    ("(3,4,3) ∈ X2×X2×X2", DATA, True),
    ("((3,4),3) ∈ (X2×X2)×X2", DATA, True),
    ("(3,4,3) ∈ (X2×X2)×X2", DATA, False),
    # ℬ, card, bool, debool, red
    ("ℬ(X2)", DATA, F({E, F({3}), F({4}), F({3, 4})})),
    ("card(ℬ(ℬ(X2)))", DATA, 16),
    ("card(X1)", DATA, 3),
    ("bool(3)", DATA, F({3})),
    ("bool(X2)", DATA, F({F({3, 4})})),
    ("debool({(1,2)})", DATA, (1, 2)),
    ("red({X1, X2, ∅})", DATA, F({1, 2, 3, 4})),
    ("red(ℬ(X2))", DATA, F({3, 4})),
    # projections: 1-based, several indices give tuples
    ("Pr1(S1)", DATA, F({1, 2, 4})),
    ("Pr2,1(S1)", DATA, F({(2, 1), (3, 2), (1, 4)})),
    ("pr1((1,2))", DATA, 1),
    ("pr3,1((1,2,3))", DATA, (3, 1)),
    # filter
    ("Fi1[X2](S1)", DATA, F({(4, 1)})),
    ("Fi1,2[X1, X2](S1)", DATA, F({(2, 3)})),
    ("Fi2,1[{(2,1), (1,4)}](S1)", DATA, F({(1, 2), (4, 1)})),
    # enumeration, tuple
    ("{1, 2, 2}", DATA, F({1, 2})),
    ("(1, (2, 3), X2)", DATA, (1, (2, 3), F({3, 4}))),
    # declarative
    ("D{a∈X1 | a>1}", DATA, F({2, 3})),
    ("{a∈X1 | a>1}", DATA, F({2, 3})),
    ("D{(a,b)∈S1 | a<b}", DATA, F({(1, 2), (2, 3)})),
    ("{b∈ℬ(X1) | card(b)=2}", DATA, F({F({1, 2}), F({1, 3}), F({2, 3})})),
    ("{a∈∅ | a=a}", DATA, E),
    # imperative: nested loops, assignments, filters
    ("I{(a,b) | a:∈X1; b:=a+1; b∈X1}", DATA, F({(1, 2), (2, 3)})),
    ("I{a | a:∈X1; b:∈X1; a<b}", DATA, F({1, 2})),
    ("I{a+b | (a,b):∈S1}", DATA, F({3, 5})),
    ("I{a | a:∈X1; a>5}", DATA, E),
    # recursive
    ("R{a := 1 | a<10 | a*2}", DATA, 16),
    ("R{a := 5 | a<3 | a+1}", DATA, 5),              # condition false at once
    ("R{a := 1 | a<10 | a}", DATA, 1),               # fixpoint at once
    ("R{a := {1} | a ∪ Pr2(Fi1[a](S1))}", DATA, F({1, 2, 3})),   # short form
    ("R{(a,b) := (0,1) | a<5 | (b, a+b)}", DATA, (5, 8)),
    # Z: membership only
    ("1∈Z", DATA, True),
    ("X1∉Z", DATA, True),
    ("{1, 0-2}∈ℬ(Z)", DATA, True),
    ("(1,2)∈Z×Z", DATA, True),
    ("(1,X1)∈Z×Z", DATA, False),
    # quantifiers
    ("∀a∈∅ a≠a", DATA, True),
    ("∃a∈∅ a=a", DATA, False),
    ("∀a∈X1 a>0", DATA, True),
    ("∃a∈X1 a>2", DATA, True),
    ("∀a,b∈X1 (a=b ∨ a≠b)", DATA, True),
    ("∃a,b∈X1 a+b=5", DATA, True),
    ("∃a,b∈X1 a+b=7", DATA, False),
    ("∀(a,b)∈S1 a≠b", DATA, True),
    ("∃b∈ℬ(X1) (card(b)=2 & 3∉b)", DATA, True),
    # short-circuits: the right side would fail (debool of a 3-element set)
    ("1=1 ∨ debool(X1)=1", DATA, True),
    ("1=2 & debool(X1)=1", DATA, False),
    ("1=2 ⇒ debool(X1)=1", DATA, True),
    ("∃a∈X1 (a=a ∨ debool(X1)=1)", DATA, True),
    # ... and quantifiers over 2^100 subsets stop at the first decisive one
    ("∃b∈ℬ(X9) b=∅", DATA, True),
    ("∀b∈ℬ(X9) card(b)<1", DATA, False),
    # connectives and predicates
    ("¬(1=2)", DATA, True),
    ("1=1 ⇔ 2=2", DATA, True),
    ("1=1 ⇔ 2=3", DATA, False),
    ("1=2 ⇒ 2=3", DATA, True),
    ("1=1 ⇒ 2=3", DATA, False),
    ("3∈X1", DATA, True),
    ("4∉X1", DATA, True),
    ("X2⊆X1", DATA, False),
    ("{1,2}⊆X1", DATA, True),
    ("X1⊆X1", DATA, True),
    ("X1⊂X1", DATA, False),
    ("{1}⊂X1", DATA, True),
    ("X2⊄X1", DATA, True),
    ("X1⊄X1", DATA, True),        # ⊄ is ¬⊂: a set is not a proper subset of itself
    ("{1}⊄X1", DATA, False),
    ("(1,2)=(1,2)", DATA, True),
    ("X1≠X2", DATA, True),
    ("1<2", DATA, True),
    ("2>2", DATA, False),
    ("2≤2", DATA, True),
    ("1≥2", DATA, False),
    ("{1,2}∈ℬ(X1)", DATA, True),
    ("{1,4}∈ℬ(X1)", DATA, False),
    ("(1,X2)∈X1×ℬ(X2)", DATA, True),
]


@pytest.mark.parametrize("text, data, expected", CASES, ids=[c[0] for c in CASES])
def test_construct(text, data, expected):
    result = run(text, data)
    assert result == expected
    assert type(result) is type(expected)


FUNCTIONS = {
    "F1": parse_expression("[a∈ℬ(R1), b∈R1] a∪{b}"),
    "F2": parse_expression("[a∈ℬ(X1)] card(a)"),
    "F3": parse_expression("[a∈X1, b∈ℬ(X1×X1)] Pr2(Fi1[{a}](b))"),
    "P1": parse_expression("[a∈X1] a>1"),
}

FUNCTION_CASES = [
    ("F1[X1, 7]", F({1, 2, 3, 7})),
    ("F2[{1, 2}]", 2),
    ("F3[1, S1∩(X1×X1)]", F({2})),
    ("P1[2]", True),
    ("P1[1]", False),
    ("{a∈X1 | P1[a]}", F({2, 3})),
    ("∃a∈X1 ¬P1[a]", True),
    ("F2[{a∈X1 | P1[a]}]", 2),
]


@pytest.mark.parametrize("text, expected", FUNCTION_CASES, ids=[c[0] for c in FUNCTION_CASES])
def test_functions(text, expected):
    assert run(text, functions=FUNCTIONS) == expected


def test_value_and_truth_with_locals():
    ev = NaiveEvaluator(DATA)
    assert ev.value(parse_expression("a∪X2"), {"a": F({9})}) == F({3, 4, 9})
    assert ev.truth(parse_expression("(x, y)∈S1"), {"x": 1, "y": 2}) is True
    assert ev.data["X1"] == F({1, 2, 3}) and isinstance(ev.data["X1"], frozenset)


ERRORS = [
    # (expression, fragment carrying the span, code, limit)
    ("1 + card(debool(X1))", "debool(X1)", "calcInvalidDebool", 10**6),
    ("debool(∅)", "debool(∅)", "calcInvalidDebool", 10**6),
    ("card(Z)", "Z", "iterateInfinity", 10**6),
    ("∀a∈Z a=a", "Z", "iterateInfinity", 10**6),
    ("Z×X1", "Z", "iterateInfinity", 10**6),
    ("X1 ∪ X7", "X7", "calcGlobalMissing", 10**6),
    ("∀a∈X1 a∈D3", "D3", "calcGlobalMissing", 10**6),
    ("F9[X1]", "F9[X1]", "calcGlobalMissing", 10**6),
    ("card(ℬ(X9))", "ℬ(X9)", "iterationsLimit", 1000),
    ("∀b∈ℬ(X9) card(b)≥0", "∀b∈ℬ(X9) card(b)≥0", "iterationsLimit", 1000),
    ("{b∈ℬ(X9) | 1∈b}", "{b∈ℬ(X9) | 1∈b}", "iterationsLimit", 1000),
    ("I{(a,b) | a:∈X9; b:∈X9}", "I{(a,b) | a:∈X9; b:∈X9}", "iterationsLimit", 1000),
    ("card(X9×X9×X9)", "X9×X9×X9", "iterationsLimit", 1000),
    ("R{a := 0 | a+1}", "R{a := 0 | a+1}", "iterationsLimit", 1000),
    ("∃a,b∈X1 a+b=7", "∃a,b∈X1 a+b=7", "iterationsLimit", 5),
]


@pytest.mark.parametrize("text, fragment, code, limit", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors(text, fragment, code, limit):
    with pytest.raises(RSLError) as caught:
        run(text, limit=limit)
    start = text.index(fragment)
    assert (caught.value.code, caught.value.span) == (code, (start, start + len(fragment)))
    if code == "iterationsLimit":
        assert str(limit) in caught.value.message


def test_iteration_limit_message_names_the_enumeration():
    with pytest.raises(RSLError) as caught:
        run("card(ℬ(X9))", limit=10)
    assert "ℬ(X9)" in caught.value.message


def test_a_call_checks_types_only_as_the_reference_does():
    """An argument of the parameter's type outside its domain's value is
    taken: the domain is the parameter's type (ConceptPortal's engine)."""
    assert run("P1[7]", functions=FUNCTIONS) is True
    assert run("F2[{1, 9}]", functions=FUNCTIONS) == 2


@pytest.mark.parametrize("text, code", [
    ("P1[1, 2]", "invalidArgsArity"),
    ("pr1(X1)", "calcInvalidData"),
    ("pr3((1,2))", "calcInvalidData"),
    ("X1 ∪ 1", "calcInvalidData"),
    ("X1 + 1", "calcInvalidData"),
    ("red(X1)", "calcInvalidData"),
    ("D{(a,b)∈X1 | a=b}", "calcInvalidData"),
    ("1 < X1", "calcInvalidData"),
])
def test_bad_data_is_an_rsl_error(text, code):
    with pytest.raises(RSLError) as caught:
        run(text, functions=FUNCTIONS)
    assert caught.value.code == code


# ---------------------------------------------------------------------------
# The Saper schema, each formula exactly as written in spec/saper.rsl,
# evaluated in file order, every D fed back into the data of the next ones.

SCHEMA = read_schema_text((Path(__file__).parents[2] / "spec" / "saper.rsl").read_text(
    encoding="utf-8"))


def saper(cells, adjacent, mines, opened, move):
    data = {"X1": F(cells), "S1": F((a, b) for a in cells for b in cells if adjacent(a, b)),
            "S2": F(mines), "S3": F(opened), "S4": F(move)}
    truths = {}
    for c in SCHEMA.constituents:
        if c.kind == "term":
            data[c.alias] = run(c.formal, data, limit=10**7)
        elif c.kind == "axiom":
            truths[c.alias] = run(c.formal, data)
    return data, truths


@pytest.fixture(scope="module")
def square():
    """2×2, every cell neighbours every other; the mine at (1,1), (0,0) open
    (it shows 1), the move opens (0,1).  X1×ℬ(ℬ(X1)) has 4·2^16 members:
    D16 and D17 take a few seconds each."""
    cells = [(r, c) for r in range(2) for c in range(2)]
    return saper(cells, lambda a, b: a != b, [(1, 1)], [(0, 0)], [(0, 1)])


@pytest.fixture(scope="module")
def line():
    """1×3, a–b–c in a row; the mine at c, a open (it shows 0), the move opens b."""
    cells = [(0, 0), (0, 1), (0, 2)]
    return saper(cells, lambda a, b: abs(a[1] - b[1]) == 1, [(0, 2)], [(0, 0)], [(0, 1)])


def test_every_term_and_axiom_is_evaluated(square):
    data, truths = square
    assert set(truths) == {"A1", "A2", "A3", "A4", "A5", "A6"}
    assert {f"D{i}" for i in range(1, 22)} <= set(data)


def test_saper_2x2(square):
    """Hand computation.  Read literally, D2 holds (cell, any subset of its
    neighbours), not just (cell, all its neighbours); so D5 holds (open cell,
    any subset of its closed neighbours) and D6 (open cell, ∅) beside (open
    cell, its mined neighbours).  Then D7 = D6, and D8 = the mined
    neighbours of open cells, whether deducible or not."""
    data, truths = square
    o, b, c, m = (0, 0), (0, 1), (1, 0), (1, 1)
    assert truths == dict.fromkeys(["A1", "A2", "A3", "A4", "A5", "A6"], True)
    assert data["D1"] == F({b, c, m})
    assert len(data["D2"]) == 4 * 2 ** 3                   # Σ 2^deg
    assert (o, F({b, c, m})) in data["D2"] and (o, F({b})) in data["D2"]
    assert len(data["D3"]) == 8 + 4 + 4 + 4
    assert len(data["D4"]) == 2 + 2 + 2 + 1
    assert data["D5"] == F((o, s) for s in [E, F({b}), F({c}), F({m}), F({b, c}), F({b, m}),
                                            F({c, m}), F({b, c, m})])
    assert data["D6"] == data["D7"] == data["D9"] == F({(o, E), (o, F({m}))})
    assert data["D8"] == F({m})
    assert data["D10"] == F((o, s) for s in [E, F({b}), F({c}), F({b, c})])
    assert data["D11"] == F({b, c})
    assert data["D12"] == F({(o, E)})
    assert data["D13"] == E
    assert data["D14"] == F({m})
    # no b of size card(S2)-card(D8) = 0 matches (o, ∅)∈D5 against (o,{m})∈D6
    assert data["D15"] == E
    assert data["D16"] == F({(m, E)})
    assert data["D17"] == F({(m, E), (b, E), (c, E)})
    assert data["D18"] == F({b, c, m})
    assert data["D19"] == F({o, b})
    assert data["D20"] == data["D21"] == E


def test_saper_1x3(line):
    """Here D11 and D15 are not empty: a shows 0, so b is surely free."""
    data, truths = line
    a, b, c = (0, 0), (0, 1), (0, 2)
    assert all(truths.values())
    assert data["D1"] == F({b, c})
    assert len(data["D2"]) == 2 + 4 + 2
    assert data["D5"] == F({(a, E), (a, F({b}))})
    assert data["D6"] == data["D7"] == data["D9"] == F({(a, E)})
    assert data["D8"] == E
    assert data["D10"] == F({(a, E), (a, F({b}))})
    assert data["D11"] == F({b})
    assert data["D13"] == E
    assert data["D14"] == F({c})
    assert data["D15"] == F({F({c})})
    assert data["D16"] == F({(c, E), (c, F({F({c})}))})
    assert data["D17"] == F({(c, E), (c, F({F({c})})), (b, E)})
    assert data["D18"] == F({b, c})                       # the least card is 0
    assert data["D20"] == F({a, b})                       # all closed cells are mined: won
    assert data["D21"] == E


@pytest.mark.parametrize("move, a5, a6", [([(0, 0)], False, False),   # already open
                                          ([(0, 1), (1, 0)], False, False),
                                          ([(1, 1)], True, True)])
def test_saper_axioms_of_the_move(square, move, a5, a6):
    data = dict(square[0], S4=F(move))
    axioms = {c.alias: parse_expression(c.formal) for c in SCHEMA.constituents
              if c.kind == "axiom"}
    ev = NaiveEvaluator(data)
    assert ev.truth(axioms["A5"]) is a5
    if len(move) == 1:
        assert ev.truth(axioms["A6"]) is a6
    else:
        with pytest.raises(RSLError, match="calcInvalidDebool"):
            ev.truth(axioms["A6"])
