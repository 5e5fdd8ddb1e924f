"""The codes of locals (bound variables) as the reference gives them (issue
15): localShadowing, localDoubleDeclare, localNotUsed (a warning),
localUndeclared, localUndeclaredInSubexpr, localOutOfScope and
localOutOfScopeParentheses, as ConceptPortal's type auditor gives them
(every row was checked with its engine).  The rules are in
``setmine/rsl/semantics/bindings.py``.

Each row: the code, the expression in Unicode with the span ``[start, end)``
(in code points) of the offending occurrence, the same expression in ASCII
with its span, and the offending text (the same in both spellings).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from setmine import rsl
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.semantics.typifier import typify

from .test_typifier import ENV

ROOT = Path(__file__).resolve().parents[2]

ERRORS = [
    # a local redeclared inside its own scope: nested, or twice in one declaration or frame
    ("localShadowing", "∀a∈X1 ∃a∈X1 a=a", (7, 8),
     r"\A a \in X1 \E a \in X1 a \eq a", (15, 16), "a"),
    ("localShadowing", "D{a ∈ X1 | ∀a∈S2 a=a}", (12, 13),
     r"D{a \in X1 | \A a \in S2 a \eq a}", (16, 17), "a"),
    ("localShadowing", "[a∈X1] ∀a∈S2 a=a", (8, 9),
     r"[a \in X1] \A a \in S2 a \eq a", (14, 15), "a"),
    ("localShadowing", "R{a := S2 | ∃a∈X1 a=a | a}", (13, 14),
     r"R{a \assign S2 | \E a \in X1 a \eq a | a}", (20, 21), "a"),
    ("localShadowing", "∀a, a∈X1 a=a", (4, 5),
     r"\A a, a \in X1 a \eq a", (6, 7), "a"),
    ("localShadowing", "∀(a, a)∈S1 a=a", (5, 6),
     r"\A (a, a) \in S1 a \eq a", (7, 8), "a"),
    ("localShadowing", "D{(a, (b, a)) ∈ X1×S1 | a=b}", (10, 11),
     r"D{(a, (b, a)) \in X1*S1 | a \eq b}", (10, 11), "a"),
    ("localShadowing", "[a∈X1, a∈X1] a=a", (7, 8),
     r"[a \in X1, a \in X1] a \eq a", (11, 12), "a"),
    ("localShadowing", "I{a | a :∈ X1; a :∈ S2}", (15, 16),
     r"I{a | a \from X1; a \from S2}", (18, 19), "a"),
    ("localShadowing", "I{(a, b) | a :∈ X1; (b, a) :∈ S1}", (24, 25),
     r"I{(a, b) | a \from X1; (b, a) \from S1}", (27, 28), "a"),
    # one local declared in two sibling (disjoint) scopes: the second declaration
    ("localDoubleDeclare", "(∀a∈X1 a=a) & (∃a∈X1 a=a)", (16, 17),
     r"(\A a \in X1 a \eq a) \and (\E a \in X1 a \eq a)", (31, 32), "a"),
    ("localDoubleDeclare", "(∀a∈X1 a=a) & ∃a∈S2 a=a", (15, 16),
     r"(\A a \in X1 a \eq a) \and \E a \in S2 a \eq a", (30, 31), "a"),
    ("localDoubleDeclare", "D{a∈X1 | a=a} ∪ D{a∈X1 | a=a}", (18, 19),
     r"D{a \in X1 | a \eq a} \union D{a \in X1 | a \eq a}", (31, 32), "a"),
    ("localDoubleDeclare", "∀b∈X1 ((∀a∈X1 a=b) ∨ ∃a∈S2 a=b)", (22, 23),
     r"\A b \in X1 ((\A a \in X1 a \eq b) \or \E a \in S2 a \eq b)", (42, 43), "a"),
    ("localDoubleDeclare", "I{(a, b) | a :∈ X1; b :∈ D{c∈X1 | c=a}; ∃c∈S2 c=b}", (41, 42),
     r"I{(a, b) | a \from X1; b \from D{c \in X1 | c \eq a}; \E c \in S2 c \eq b}", (57, 58),
     "c"),
    ("localDoubleDeclare", "[a∈ℬ(X1)] D{b∈a | b=b} ∪ D{b∈X1 | b∈a}", (27, 28),
     r"[a \in B(X1)] D{b \in a | b \eq b} \union D{b \in X1 | b \in a}", (44, 45), "b"),
    # the domain is typed before the quantifier declares its variable: the set
    # in the domain is the first scope, the quantifier's the second
    ("localDoubleDeclare", "∀a∈D{a∈X1 | a=a} a=a", (1, 2),
     r"\A a \in D{a \in X1 | a \eq a} a \eq a", (3, 4), "a"),
    # used before (to the left of) the construct that declares it: not declared yet
    ("localUndeclared", "a=a & ∀a∈X1 a=a", (0, 1),
     r"a \eq a \and \A a \in X1 a \eq a", (0, 1), "a"),
    ("localUndeclared", "card(D{b∈X1 | b=a}) = 1 & ∃a∈X1 a=a", (16, 17),
     r"card(D{b \in X1 | b \eq a}) \eq 1 \and \E a \in X1 a \eq a", (24, 25), "a"),
    ("localUndeclared", "(∃b∈X1 b=a) ∨ ∀a∈X1 a=a", (9, 10),
     r"(\E b \in X1 b \eq a) \or \A a \in X1 a \eq a", (19, 20), "a"),
    ("localUndeclared", "D{b∈X1 | b=a} ∪ D{a∈X1 | a=a}", (11, 12),
     r"D{b \in X1 | b \eq a} \union D{a \in X1 | a \eq a}", (19, 20), "a"),
    ("localUndeclared", "I{(a, b) | a :∈ D{c∈X1 | c=b}; b :∈ X1}", (27, 28),
     r"I{(a, b) | a \from D{c \in X1 | c \eq b}; b \from X1}", (38, 39), "b"),
    # declared nowhere, or only by the construct whose domain or start uses it
    ("localUndeclared", "a ∪ S2", (0, 1), r"a \union S2", (0, 1), "a"),
    ("localUndeclared", "∀a∈X1 b=a", (6, 7), r"\A a \in X1 b \eq a", (12, 13), "b"),
    ("localUndeclared", "∀a∈a a=a", (3, 4), r"\A a \in a a \eq a", (9, 10), "a"),
    ("localUndeclared", "R{a := a | a}", (7, 8), r"R{a \assign a | a}", (12, 13), "a"),
    # used after its scope ended, in a later operand of a connective, with no
    # quantifier between: the scope and the use could be parenthesised together
    ("localOutOfScopeParentheses", "∀a∈X1 a=a & a=a", (12, 13),
     r"\A a \in X1 a \eq a \and a \eq a", (25, 26), "a"),
    ("localOutOfScopeParentheses", "∀a∈X1 a∈S2 ⇒ a=a", (13, 14),
     r"\A a \in X1 a \in S2 \impl a \eq a", (27, 28), "a"),
    ("localOutOfScopeParentheses", "¬∀a∈X1 a=a ∨ a≠a", (13, 14),
     r"\neg \A a \in X1 a \eq a \or a \noteq a", (29, 30), "a"),
    ("localOutOfScopeParentheses", "1=1 & ∀a∈X1 a=a & a=a", (18, 19),
     r"1 \eq 1 \and \A a \in X1 a \eq a \and a \eq a", (38, 39), "a"),
    ("localOutOfScopeParentheses", "∀b∈X1 ∃a∈X1 a=b & a=a", (18, 19),
     r"\A b \in X1 \E a \in X1 a \eq b \and a \eq a", (37, 38), "a"),
    ("localOutOfScopeParentheses", "(∀a∈X1 a=a & a=a)", (13, 14),
     r"(\A a \in X1 a \eq a \and a \eq a)", (26, 27), "a"),
    ("localOutOfScopeParentheses", "D{b∈X1 | ∀a∈X1 a=b & a=a}", (21, 22),
     r"D{b \in X1 | \A a \in X1 a \eq b \and a \eq a}", (38, 39), "a"),
    ("localOutOfScopeParentheses", "(∀a∈X1 a=a) & a=a", (14, 15),
     r"(\A a \in X1 a \eq a) \and a \eq a", (27, 28), "a"),
    ("localOutOfScopeParentheses", "∀b∈X1 (∃a∈X1 a=b) & a=a", (20, 21),
     r"\A b \in X1 (\E a \in X1 a \eq b) \and a \eq a", (39, 40), "a"),
    # the same with a quantifier between the later operand and the use
    ("localUndeclaredInSubexpr", "∀a∈S2 a=a & ∃b∈X1 b=a", (20, 21),
     r"\A a \in S2 a \eq a \and \E b \in X1 b \eq a", (43, 44), "a"),
    ("localUndeclaredInSubexpr", "(∀a∈X1 a=a) & ∀b∈a b=b", (17, 18),
     r"(\A a \in X1 a \eq a) \and \A b \in a b \eq b", (36, 37), "a"),
    # used after its scope ended anywhere else: in no later operand of a connective
    ("localOutOfScope", "D{a ∈ X1 | 1=1} = {a}", (19, 20),
     r"D{a \in X1 | 1 \eq 1} \eq {a}", (27, 28), "a"),
    ("localOutOfScope", "I{a | a :∈ X1} = {a}", (18, 19),
     r"I{a | a \from X1} \eq {a}", (23, 24), "a"),
    ("localOutOfScopeParentheses", "1=1 ∨ ¬D{b∈X1 | b=b} = {b}", (24, 25),
     r"1 \eq 1 \or \neg D{b \in X1 | b \eq b} \eq {b}", (44, 45), "b"),
]


def _errors():
    for code, text, span, ascii_text, ascii_span, fragment in ERRORS:
        yield pytest.param(text, code, span, fragment, id=text)
        yield pytest.param(ascii_text, code, ascii_span, fragment, id=ascii_text)


@pytest.mark.parametrize("text, code, span, fragment", list(_errors()))
def test_error(text, code, span, fragment):
    with pytest.raises(RSLError) as caught:
        typify(parse_expression(text), ENV)
    error = caught.value
    assert (error.code, error.span, text[error.start:error.end]) == (code, span, fragment), \
        error.message
    assert f"'{fragment}'" in error.message


@pytest.mark.parametrize("row", ERRORS, ids=[row[1] for row in ERRORS])
def test_both_spellings_are_one_expression(row):
    assert parse_expression(row[1]) == parse_expression(row[3])


# ----------------------------------------------------------------------------
# localNotUsed is a warning: reported, and the expression still types

WARNINGS = [
    # Unicode, its warnings (span, text), ASCII, its warnings, the type.  As
    # the reference spans it: the scope the local goes unused in — a
    # quantifier's or a function's body, a D{…}'s condition, a whole I{…} or
    # R{…} — not the declaration
    ("∀a∈X1 1=1", [((6, 9), "1=1")], r"\A a \in X1 1 \eq 1", [((12, 19), r"1 \eq 1")], "Logic"),
    ("∀a∈X1 ∃b∈S2 a=a", [((12, 15), "a=a")],
     r"\A a \in X1 \E b \in S2 a \eq a", [((24, 31), r"a \eq a")], "Logic"),
    ("∀a, b∈X1 a=a", [((9, 12), "a=a")], r"\A a, b \in X1 a \eq a", [((15, 22), r"a \eq a")],
     "Logic"),
    ("(∀a∈X1 1=1) & ∀b∈X1 b=b", [((7, 10), "1=1")],
     r"(\A a \in X1 1 \eq 1) \and \A b \in X1 b \eq b", [((13, 20), r"1 \eq 1")], "Logic"),
    ("D{a ∈ S3 ∪ S2 | X1\\(S3 ∪ S2) = S2}", [((16, 33), "X1\\(S3 ∪ S2) = S2")],
     r"D{a \in S3 \union S2 | X1 \setminus (S3 \union S2) \eq S2}",
     [((23, 57), r"X1 \setminus (S3 \union S2) \eq S2")], "ℬ(X1)"),
    ("I{a | (a, b) :∈ S1}", [((0, 19), "I{a | (a, b) :∈ S1}")], r"I{a | (a, b) \from S1}",
     [((0, 22), r"I{a | (a, b) \from S1}")], "ℬ(X1)"),
    ("R{a := S2 | S2}", [((0, 15), "R{a := S2 | S2}")], r"R{a \assign S2 | S2}",
     [((0, 20), r"R{a \assign S2 | S2}")], "ℬ(X1)"),
    ("[a∈X1, b∈S2] ∅", [((13, 14), "∅"), ((13, 14), "∅")],
     r"[a \in X1, b \in S2] {}", [((21, 23), "{}"), ((21, 23), "{}")], "[X1, X1] → ℬ(R0)"),
]


def _warnings():
    for text, warnings, ascii_text, ascii_warnings, type_ in WARNINGS:
        yield pytest.param(text, warnings, type_, id=text)
        yield pytest.param(ascii_text, ascii_warnings, type_, id=ascii_text)


@pytest.mark.parametrize("text, warnings, type_", list(_warnings()))
def test_not_used_is_a_warning(text, warnings, type_):
    result = typify(parse_expression(text), ENV)
    assert str(result.type) == type_
    assert [(w.code, w.span, text[w.start:w.end]) for w in result.warnings] == \
        [("localNotUsed", span, fragment) for span, fragment in warnings]


@pytest.mark.parametrize("alias", ["D20", "D21"])
def test_the_seed_declares_a_and_never_uses_it(alias):
    analysis = rsl.Schema.load(ROOT / "spec" / "saper.rsl").analysis[alias]
    assert analysis.error is None and analysis.typification == "ℬ(X1)"
    assert [(w.code, w.span) for w in analysis.warnings] == \
        [("localNotUsed", {"D20": (14, 31), "D21": (14, 30)}[alias])]  # the condition


@pytest.mark.parametrize("path", sorted((ROOT / "spec").glob("*.rsl")), ids=lambda p: p.name)
def test_shipped_schemas_break_no_rule_of_locals(path):
    schema = rsl.Schema.load(path)
    assert [(alias, a.error.code) for alias, a in schema.analysis.items()
            if a.error is not None and a.error.code.startswith("local")] == []
