"""What an ∃ defines (``shapes/defining.py``), one shape per row: the one
analysis the generator, join and first-component rules share.  Syntax
only; the values these shapes produce are checked against the oracle in
test_planner.py and test_differential.py."""

from __future__ import annotations

import pytest

from setmine.eval.shapes.defining import defined, generator, pair_generator, projection_index
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.syntax.printer import unicode


def part(text: str):
    return parse_expression(text)


def shown(node) -> str | None:
    return None if node is None else unicode(node)


GENERATORS = [
    # (∃, the outer variable, f or None, the rest or None)
    ("∃b∈S1 (v = pr2(b))", "v", "pr2(b)", None),
    ("∃b∈S1 (pr2(b) = v)", "v", "pr2(b)", None),
    ("∃b∈S1 (pr1(b) ∈ S3 & v = pr2(b) ∩ S2)", "v", "pr2(b)∩S2", "pr1(b)∈S3"),
    ("∃b∈S1 (v = pr1(b) & v = pr2(b))", "v", None, None),      # two definitions
    ("∃b∈S1 (v = pr1(b) & v ∈ S2)", "v", None, None),          # v also elsewhere
    ("∃b∈S1 (v = card(v))", "v", None, None),                  # defined by itself
    ("∃v∈S1 (v = pr1(v))", "v", None, None),                   # b is the outer name
    ("∃b∈{v} (w = b)", "v", None, None),                       # G mentions v
    ("∃b∈S1 (w = pr1(b))", "v", None, None),                   # defines another name
    ("∀b∈S1 (v = pr1(b))", "v", None, None),                   # not an ∃
    ("∃b∈S1 ∃c∈S2 (v = pr1(b) & c = pr2(b))", "v", "pr1(b)", "∃c∈S2 c=pr2(b)"),  # miniscoped
]


@pytest.mark.parametrize("text, name, f, rest", GENERATORS, ids=[g[0] for g in GENERATORS])
def test_generator(text, name, f, rest):
    found = generator(part(text), name)
    if f is None:
        assert found is None
    else:
        assert (shown(found[0]), shown(found[1])) == (f, rest)


PAIRS = [
    # (∃, first, second, h, f, the rest) or None
    ("∃b∈S1 (x = pr1(b) & y = pr2(b))", "x", "y", ("pr1(b)", "pr2(b)", None)),
    ("∃b∈S1 (pr2(b) ∈ S2 & y = {pr2(b)} & x = pr1(b))", "x", "y",
     ("pr1(b)", "{pr2(b)}", "pr2(b)∈S2")),
    ("∃b∈S1 (x = pr1(b) & y = x)", "x", "y", None),           # y defined through x
    ("∃b∈S1 (x = pr1(b))", "x", "y", None),                   # y undefined
    ("∃b∈S1 (x = pr1(b) & y = pr2(b) & x ∈ S3)", "x", "y", None),
    ("∃b∈S1 (x = pr1(b) & y = pr2(b))", "x", "x", None),      # one name twice
]


@pytest.mark.parametrize("text, first, second, expected", PAIRS, ids=[p[0] for p in PAIRS])
def test_pair_generator(text, first, second, expected):
    found = pair_generator(part(text), first, second)
    assert (None if found is None else tuple(map(shown, found))) == expected


INDEXES = [
    ("∃b∈S1 (x = pr1(b) & pr2(b) ∈ y)", 1),
    ("∃b∈S1 (pr2(b) = x & y = card(S2))", 2),
    ("∃b∈S1 (x = pr1(b) & x = pr2(b))", 1),                   # any projection will do
    ("∃b∈S1 (x = card(S2))", None),
    ("∃b∈S1 (x = pr1(pr2(b)))", None),                        # not a projection of b
    ("∃b∈{y} (x = pr1(b))", None),                            # G mentions a component
]


@pytest.mark.parametrize("text, index", INDEXES, ids=[i[0] for i in INDEXES])
def test_projection_index(text, index):
    assert projection_index(part(text), "x", ("x", "y")) == index


def test_the_analysis_is_made_once_per_tree():
    tree = part("∃b∈S1 (v = pr2(b) & pr1(b) ∈ S3 & pr2(b) ∈ S2)")
    assert defined(tree, ("v",)) is defined(tree, ("v",))
    assert defined(tree, ("v",)).rest == defined(tree, ("v", "w")).rest
    # the same condition node each time: what the evaluator remembers of it is found again
    assert generator(tree, "v")[1] is generator(tree, "v")[1] is defined(tree, ("v",)).condition
    assert shown(generator(tree, "v")[1]) == "pr1(b)∈S3 & pr2(b)∈S2"
