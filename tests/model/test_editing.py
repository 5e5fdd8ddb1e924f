"""Editing a model one step at a time (``model/editing.py``, the live
page's tables), against plain oracles on the model's own JSON: an added
element is there, a renamed one is renamed everywhere and renaming back
gives the model again, a removed one is mentioned by no member of any
structure, a toggled member flips and toggling again gives the model
again — and an edit that breaks a domain or a name is refused, saying
why, the model unchanged."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.model.editing import Edit, edit
from setmine.model.interpretation import ModelError
from setmine.model.own import own_json, read_own
from setmine.rsl.schema import Schema

SCHEMA = Schema.parse("""
X1
X2
C1
S1 ::= ℬ(X1×X2)
S2 ::= ℬ(S1)
S3 ::= ℬ(X2×ℬ(X1))
S4 ::= X1
S5 ::= ℬ(X2×C1)
""", "editing.rsl")

PEOPLE, TOPICS = ["ann", "bo", "cy"], ["sets", "logic", "x, y"]


@st.composite
def models(draw):
    people = draw(st.lists(st.sampled_from(PEOPLE), min_size=1, unique=True))
    topics = draw(st.lists(st.sampled_from(TOPICS), min_size=1, unique=True))
    pairs = [[p, t] for p in people for t in topics]
    s1 = draw(st.lists(st.sampled_from(pairs), unique_by=tuple)) if pairs else []
    s2 = draw(st.lists(st.sampled_from(s1), unique_by=tuple)) if s1 else []
    s3 = draw(st.lists(st.tuples(st.sampled_from(topics), st.lists(st.sampled_from(people),
                                                                    unique=True)),
                       unique_by=lambda m: (m[0], frozenset(m[1]))))
    values = {"X1": people, "X2": topics, "C1": [1, 2], "S1": s1, "S2": s2,
              "S3": [[t, ps] for t, ps in s3], "S5": [[topics[0], 1]]}
    if draw(st.booleans()):
        values["S4"] = draw(st.sampled_from(people))
    return read_own({"format": "setmine-model/1", "values": values}, SCHEMA)


def values(model) -> dict:
    return own_json(model)["values"]


def canonical(model) -> dict:
    """The model's values, each set as a set (its order in the file aside)."""
    out = {}
    for alias, v in values(model).items():
        if alias in ("X1", "X2", "C1"):
            out[alias] = frozenset(v)
        elif alias == "S4":
            out[alias] = v
        elif alias == "S3":
            out[alias] = frozenset((t, frozenset(ps)) for t, ps in v)
        else:
            out[alias] = frozenset(tuple(m) for m in v)
    return out


def mentions(value, name) -> bool:
    if isinstance(value, list):
        return any(mentions(v, name) for v in value)
    return value == name


@settings(max_examples=60, deadline=None)
@given(models(), st.sampled_from(PEOPLE + TOPICS))
def test_removing_an_element_leaves_no_member_mentioning_it(model, name):
    alias = "X1" if name in PEOPLE else "X2"
    if name not in values(model)[alias]:
        with pytest.raises(ModelError, match="has no element"):
            edit(model, Edit("remove", alias, name))
        return
    after = values(edit(model, Edit("remove", alias, name)))
    assert name not in after[alias]
    assert not any(mentions(after.get(s, []), name) for s in ("S1", "S2", "S3", "S4", "S5"))
    before = values(model)
    # a member is taken away only when a component of it is the element; a set
    # inside a member (S3's) loses the element and the member stays (members
    # made equal by it are one)
    assert {tuple(m) for m in after["S1"]} == {tuple(m) for m in before["S1"] if name not in m}
    if alias == "X1":
        assert {(t, frozenset(ps)) for t, ps in after["S3"]} == \
            {(t, frozenset(p for p in ps if p != name)) for t, ps in before["S3"]}


@settings(max_examples=60, deadline=None)
@given(models(), st.sampled_from(PEOPLE), st.text(alphabet="abcz ,(){}\"", min_size=1,
                                                  max_size=6))
def test_renaming_renames_everywhere_and_back_again(model, name, to):
    people = values(model)["X1"]
    if name not in people or not to.strip() or (to.strip() in people and to.strip() != name):
        with pytest.raises(ModelError):
            edit(model, Edit("rename", "X1", name, to))
        return
    renamed = edit(model, Edit("rename", "X1", name, to))
    assert to.strip() in values(renamed)["X1"] and (name == to.strip()
                                                   or name not in values(renamed)["X1"])
    assert canonical(edit(renamed, Edit("rename", "X1", to.strip(), name))) == canonical(model)


@settings(max_examples=60, deadline=None)
@given(models(), st.sampled_from(PEOPLE), st.sampled_from(TOPICS))
def test_a_toggled_member_flips_and_flips_back(model, person, topic):
    from setmine.model.reading import written
    from setmine.model.decode import Label

    text = "(" + written(Label(0, person)) + ", " + written(Label(0, topic)) + ")"
    v = values(model)
    if person not in v["X1"] or topic not in v["X2"]:
        with pytest.raises(ModelError, match="not an element"):
            edit(model, Edit("toggle", "S1", text))
        return
    inside = [person, topic] in v["S1"]
    if inside and [person, topic] in v["S2"]:   # S2 ⊆ S1: taking it from S1 breaks S2's domain
        with pytest.raises(ModelError, match=r"∉ S1 in this model"):
            edit(model, Edit("toggle", "S1", text))
        return
    flipped = edit(model, Edit("toggle", "S1", text))
    assert ([person, topic] in values(flipped)["S1"]) is not inside
    assert canonical(edit(flipped, Edit("toggle", "S1", text))) == canonical(model)


@pytest.mark.parametrize("change, message", [
    (Edit("add", "X1", "ann"), "already has ann"),
    (Edit("add", "X1", "  "), "needs a name"),
    (Edit("add", "C1", "two"), "is an integer"),
    (Edit("rename", "C1", "1", "3"), "are integers"),
    (Edit("toggle", "X1", "ann"), "is a basic: a toggle changes a structure"),
    (Edit("add", "S1", "ann"), "is a structure: elements are added"),
    (Edit("toggle", "S4", "ann"), "not a set"),
    (Edit("toggle", "S1", "(ann, nobody)"), "'nobody' is not an element of X2"),
    (Edit("set", "S4", "(ann"), "S4:"),
    (Edit("grow", "X1", "dan"), "an edit is one of"),
    (Edit("add", "X9", "dan"), "no constituent X9"),
])
def test_an_edit_that_cannot_be_made_says_why(change, message):
    model = read_own({"format": "setmine-model/1", "values": {
        "X1": ["ann", "bo"], "X2": ["sets"], "C1": [1, 2], "S1": [["ann", "sets"]],
        "S4": "ann"}}, SCHEMA)
    with pytest.raises(ModelError, match=message.replace("(", r"\(")):
        edit(model, change)


def test_removing_the_element_a_structure_is_leaves_it_without_a_value():
    model = read_own({"format": "setmine-model/1", "values": {
        "X1": ["ann", "bo"], "X2": ["sets"], "S4": "ann"}}, SCHEMA)
    assert "S4" not in values(edit(model, Edit("remove", "X1", "ann")))
    assert values(edit(model, Edit("remove", "X1", "bo")))["S4"] == "ann"
    assert values(edit(model, Edit("set", "S4", "bo")))["S4"] == "bo"
