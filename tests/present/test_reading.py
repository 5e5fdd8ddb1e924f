"""Plain-English readings of RSLang (``setmine.present.explain.reading``): a table
of hand-checked readings, every constituent of the seed, and every node
type of the syntax (drawn by hypothesis) read without an operator left."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from setmine import rsl
from setmine.present.explain.glossary import Words, words
from setmine.present.explain.reading import Reader, member_noun, read
from setmine.rsl.syntax import tree as s
from tests.rsl.strategies import expressions

ROOT = Path(__file__).resolve().parents[2]
SAPER = words(rsl.Schema.load(ROOT / "spec" / "saper.rsl"))
"""The Saper's words, from its own texts: the members of its X1 are cells."""
SYMBOLS = set("∀∃¬∨⇒⇔≠≤≥∈∉⊆⊂⊄∪∩∆×ℬ∅&=<>:\\")

READINGS = [
    ("∀a∈X1 a∈Pr1(S1)", "for every a in X1, a is a first component of a pair of S1"),
    ("∀a, b∈X1 ((a, b)∈S1 ⇒ (b, a)∈S1)",
     "for every a and b in X1, if the pair (a, b) is in S1, then the pair (b, a) is in S1"),
    ("∀a∈S1 pr1(a)≠pr2(a)",
     "for every a in S1, the first component of a is not the second component of a"),
    ("S3∩S2=∅", "the intersection of S3 and S2 is empty"),
    ("X1\\S3", "the cells that are not in S3"),
    ("X1\\(S3∪D11∪D13)", "the cells that are in none of S3, D11 and D13"),
    ("(pr2(d)\\D8)\\D11", "the members of the second component of d that are in neither D8 nor D11"),
    ("{a∈X1×ℬ(X1) | ∀c∈pr2(a) ∃b∈S1 (pr1(a)=pr1(b) & c=pr2(b))}",
     "the pairs (x, B) of a cell x and a set of cells B such that for every c in B, there is a b "
     "in S1 such that both x is the first component of b and c is the second component of b"),
    ("{a∈D3 | pr1(a)∈S3}", "the members a of D3 such that the first component of a is in S3"),
    ("red(Pr2(D7))", "the union of the sets in the second components of the pairs of D7"),
    ("card(b)=card(S2)-card(D8)",
     "the number of members of b is the number of members of S2 minus the number of members "
     "of D8"),
    ("{a∈X1×ℬ(ℬ(X1)) | pr1(a)∈D14 & ∀b∈pr2(a) (b∈D15 & pr1(a)∈b)}",
     "the pairs (x, F) of a cell x and a set of sets of cells F such that x is in D14 and for "
     "every b in F, both b is in D15 and x is in b"),
    ("∃b∈D6 ∃c∈D9 ∃d∈D5 pr1(b)=pr1(c)",
     "there are b in D6, c in D9 and d in D5 such that the first component of b is the first "
     "component of c"),
    ("card(S4)=1 & debool(S4)∈X1\\S3",
     "the number of members of S4 equals 1 and the one member of S4 is one of the cells that "
     "are not in S3"),
    ("{b∈ℬ(X1) | b∩S3=∅}", "the sets of cells b such that the intersection of b and S3 is empty"),
    ("∀b∈ℬ(D1) b⊆D1", "for every set b of members of D1, b is a subset of D1"),
    ("ℬ(X1×X1)", "the sets of pairs of cells"),
    ("bool(a)", "the set whose only member is a"),
    ("{a, b, c}", "the set of a, b and c"),
    ("Fi1[X1](S1)", "the tuples of S1 whose first component is in X1"),
    ("Pr1,2(S1)", "the pairs of components 1 and 2 of the tuples of S1"),
    ("∀(a,b)∈S1 a≠b", "for every pair (a, b) in S1, a differs from b"),
    ("¬(a∈X1 ∨ a∈S3)", "it is not the case that (a is a cell or a is in S3)"),
    ("a∈X1 ⇔ a∉S3", "a is a cell if and only if a is not in S3"),
    ("a ≥ 2*3+1", "a is at least (2 times 3) plus 1"),
    ("a∆b", "the members of exactly one of a and b"),
    ("F1[a,b]", "F1 applied to a and b"),
    ("P1[a]", "P1 holds for a"),
    ("I{(a,b) | a:∈X1; b:=a; a=b}",
     "the values of the pair (a, b) where a ranges over X1, b is a and a equals b"),
    ("R{a:=1 | a+1}",
     "the value of a reached by setting a to 1, then replacing a by a plus 1, until it no "
     "longer changes"),
    ("[a∈ℬ(R1), b∈ℬ(R1×R2)] a∩Pr1(b)",
     "the function that maps a (a set of members of R1) and b (a set of pairs of a member of R1 "
     "and a member of R2) to the intersection of a and the first components of the pairs of b"),
    ("[a∈ℬ(R1)] a=∅", "the property of a (a set of members of R1) that a is empty"),
]


@pytest.mark.parametrize("formula, reading", READINGS, ids=[f for f, _ in READINGS])
def test_reading(formula, reading):
    assert read(rsl.parse(formula), SAPER) == reading


def test_the_nouns_of_members():
    assert member_noun(rsl.parse("X1×ℬ(X1)"), SAPER) == "a pair of a cell and a set of cells"
    assert member_noun(rsl.parse("ℬ(ℬ(X1))"), SAPER) == "a set of sets of cells"
    assert member_noun(rsl.parse("D3"), SAPER) == "a member of D3"
    assert read(rsl.parse("X2\\S3"), Words(nouns={"X2": ("tile", "tiles")})) == \
        "the tiles that are not in S3"


@pytest.mark.parametrize("spec", ["saper.rsl", "saper-corrected.rsl"])
def test_every_constituent_of_the_seed_reads_without_symbols(spec):
    schema = rsl.Schema.load(ROOT / "spec" / spec)
    trees = {a: x.tree for a, x in schema.analysis.items() if x.tree is not None}
    assert len(trees) == len(schema) - 1  # all but X1, which has no formula
    for alias, tree in trees.items():
        text = read(tree, words(schema))
        assert text and not (set(text) & SYMBOLS), (alias, text)


def test_every_node_type_has_a_reading():
    nodes = [c for c in vars(s).values() if isinstance(c, type) and issubclass(c, s.Node)
             and c is not s.Node]
    assert all(hasattr(Reader, "read_" + c.__name__) for c in nodes)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(expressions())
def test_any_tree_reads_in_words(tree):
    text = read(tree)
    assert text and not (set(text) & SYMBOLS), (rsl.unicode(tree), text)
