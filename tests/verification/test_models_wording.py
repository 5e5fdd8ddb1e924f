"""The grounding's notes in a schema author's words
(``verification/models/readable/wording.py``).  The notes are read from
grounding.py itself: every ``NotGroundable(`` call's text, its
placeholders filled with sample values, must have a wording of its own —
a new note without one fails here."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from setmine.eval.interpret.model import functions
from setmine.rsl.schema import Schema
from setmine.rsl.syntax import tree as s
from setmine.verification.models import grounding
from setmine.verification.models.circuits import Circuit
from setmine.verification.models.grounding import MAX_CLAUSES, Grounder, NotGroundable, SetOf
from setmine.verification.models.readable.wording import (NODES, solutions_text, why_not_grounded,
                                                    wording_of)

SOURCE = Path(grounding.__file__).read_text(encoding="utf-8")
NODE_CLASSES = sorted(name for name, c in vars(s).items()
                      if inspect.isclass(c) and issubclass(c, s.Node) and c is not s.Node)
FALLBACK = "has a part the SAT solver cannot translate into clauses ("


def samples(expression: str, spec: str) -> list[str]:
    """Values a placeholder of a note stands for, by what it computes."""
    if "__name__" in expression:
        return NODE_CLASSES
    if expression == "MAX_CLAUSES":
        return [format(MAX_CLAUSES, spec)]
    if "len(" in expression or expression == "size":
        return ["13", "150000", "1,000,000"]
    if expression.endswith(".name"):
        return ["D3", "α", "F_IMAGE"]
    raise AssertionError(f"a note of grounding.py has a placeholder {{{expression}}} this test "
                         f"has no sample for: add one")


def texts(node: ast.AST) -> list[str]:
    """Every note an argument of NotGroundable writes."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        out = [""]
        for part in node.values:
            if isinstance(part, ast.Constant):
                out = [o + part.value for o in out]
            else:
                spec = ast.unparse(part.format_spec)[2:-1] if part.format_spec else ""
                out = [o + v for o in out for v in samples(ast.unparse(part.value), spec)]
        return out
    if isinstance(node, ast.Call) and ast.unparse(node.func) == "what.format":
        # _combined(parts, node, "a product of {} candidate tuples"): its callers' texts
        calls = [c for c in ast.walk(ast.parse(SOURCE)) if isinstance(c, ast.Call)
                 and ast.unparse(c.func).endswith("_combined")]
        assert calls
        return [c.args[2].value.format(n) for c in calls for n in ("150000", "2,000,000")]
    raise AssertionError(f"a note of grounding.py this test cannot read: {ast.unparse(node)}")


NOTES = sorted({text for call in ast.walk(ast.parse(SOURCE)) if isinstance(call, ast.Call)
                and ast.unparse(call.func) == "NotGroundable" for text in texts(call.args[1])})


def test_the_notes_were_read_from_grounding():
    assert len(NOTES) > 20
    assert {"Recursive is not grounded", "Z is infinite", "ℬ of a set of 13 candidates",
            "a set of 150000 candidate members", "D3 is not bound",
            f"more than {MAX_CLAUSES:,} clauses", "a product of 150000 candidate tuples"} \
        <= set(NOTES)


@pytest.mark.parametrize("note", NOTES)
def test_every_note_of_the_grounding_has_its_wording(note):
    said = wording_of(note)
    assert said is not None, f"no wording for the grounding's note {note!r}: add it to WORDINGS"
    for sentence in (why_not_grounded(f"A5: {note}"), why_not_grounded(f"the domain of S1: {note}"),
                     why_not_grounded(note)):
        assert FALLBACK not in sentence and said in sentence
    assert said != note   # said in words, not the grounding's shorthand


def test_every_node_the_grounder_does_not_ground_is_named_as_an_author_writes_it():
    missing = [n for n in NODE_CLASSES
               if not hasattr(Grounder, f"value_{n}") and n not in NODES]
    assert missing == []
    assert set(NODES) <= set(NODE_CLASSES)   # no stale name


@pytest.mark.parametrize("note, expected", [
    ("A5: Recursive is not grounded",
     "A5 uses a recursive definition R{…}, which the SAT solver cannot translate into clauses; "
     "the solver searches without it, and each model it proposes is checked against A5 by "
     "evaluating it (the same models, found more slowly)"),
    ("the domain of S1: ℬ of a set of 13 candidates",
     "The domain of S1 takes ℬ, every subset, of a set of up to 13 members: 2^13 subsets, more "
     "than the SAT solver is given (at most 2^12); the SAT solver cannot represent S1, so the "
     "search lists every value of its domain instead, evaluating the axioms on each (slower, "
     "and bounded by --max-states)"),
    ("A2: a set of 150000 candidate members",
     "A2 builds a set of up to 150,000 members, more than the SAT solver is given (at most "
     "100,000); the solver searches without it, and each model it proposes is checked against "
     "A2 by evaluating it (the same models, found more slowly)"),
    ("Imperative is not grounded",
     "This part uses an imperative definition I{…}, which the SAT solver cannot translate into "
     "clauses; it is checked by evaluating it on each model the solver proposes"),
    ("A7: something new",
     "A7 has a part the SAT solver cannot translate into clauses (something new); the solver "
     "searches without it, and each model it proposes is checked against A7 by evaluating it "
     "(the same models, found more slowly)"),
])
def test_sentences(note, expected):
    assert why_not_grounded(note) == expected


@pytest.mark.parametrize("formula, words", [
    ("card(R{ξ := X1 | card(ξ) > 9 | ξ}) ≥ 0", "a recursive definition R{…}"),
    ("card(I{(a, b) | a :∈ X1; b :∈ X1}) ≥ 0", "an imperative definition I{…}"),
    ("∀z∈Z z = z", "uses Z, every integer"),
])
def test_what_the_grounder_refuses_is_said_in_words(formula, words):
    schema = Schema.parse(f"X1\nA5 :== {formula}\n")
    grounder = Grounder(schema, functions(schema), Circuit(), {"X1": SetOf({0: True, 1: True})})
    with pytest.raises(NotGroundable) as refused:
        grounder.formula(schema.tree("A5"))
    sentence = why_not_grounded(f"A5: {refused.value.why}")
    assert sentence.startswith("A5 ") and words in sentence and FALLBACK not in sentence


def test_the_solvers_count_in_words():
    assert solutions_text(1039, 12) == (
        "the SAT solver proposed 1,039 interpretations (at least one of each class up to "
        "isomorphism), each checked by evaluating every axiom, 12 of them models")
    assert solutions_text(1, rechecked=False) == (
        "the SAT solver proposed 1 interpretation (at least one of each class up to "
        "isomorphism)")
