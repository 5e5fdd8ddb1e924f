"""A model's values as text cannot be misread: for any names of the
elements of its basic sets (commas, quotes, braces, parentheses,
backslashes, ∅, …, spaces at the ends, line breaks, any unicode), every
text output of a value — ``present.output.values.show`` and ``to_text``
(eval, explain, check, the report and the live page), ``model_text`` and
``model.reading.written`` — read back by ``model.reading.read_value``
gives the value; a name that needs no quotes is printed as it is, so
ordinary output does not change.  One function decides (``label_text``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.model.decode import Encoding, Label, label_text
from setmine.model.interpretation import interpret, model_text
from setmine.model.reading import read_value, written
from setmine.present.output.values import show, to_text
from setmine.rsl.schema import Schema
from setmine.rsl.semantics.types import INTEGER, Element, SetType, TupleType

SCHEMA = Schema.parse("X1\nX2\nC1\n", "names.rsl")

AWKWARD = list(' ,{}()"\\∅…#\t\n') + ["\u00a0", "\u2028", "'", "é", "ж", "∈", "×", "0", "9", "-"]
NAMES = st.text(alphabet=st.one_of(st.sampled_from(AWKWARD),
                                   st.characters(exclude_categories=["Cs"])),
                min_size=1, max_size=8)
PLAIN = st.from_regex(r"[A-Za-zА-яé0-9._#'-]([A-Za-zА-яé0-9._#' -]{0,6}[A-Za-zА-яé0-9._#'-])?",
                      fullmatch=True)

ELEMENTS = st.sampled_from([Element("X1"), Element("X2"), Element("C1"), INTEGER])
TYPES = st.recursive(ELEMENTS, lambda inner: st.one_of(
    st.builds(SetType, inner),
    st.lists(inner, min_size=2, max_size=3).map(lambda fs: TupleType(tuple(fs)))), max_leaves=6)


@st.composite
def models(draw, names=NAMES):
    values = {"X1": draw(st.lists(names, min_size=1, max_size=5, unique=True)),
              "X2": draw(st.lists(names, min_size=1, max_size=4, unique=True)),
              "C1": draw(st.lists(st.integers(-5, 20), min_size=1, max_size=3, unique=True))}
    return interpret(SCHEMA, values, Encoding.NAME)


def values_of(typ, model):
    if isinstance(typ, Element):
        if typ.name == "C1":
            return st.sampled_from(sorted(model.names["C1"]))
        return st.sampled_from(sorted(model.labels()[typ.name].values()))
    if typ == INTEGER:
        return st.integers(-50, 50)
    if isinstance(typ, TupleType):
        return st.tuples(*(values_of(f, model) for f in typ.factors))
    return st.frozensets(values_of(typ.base, model), max_size=4)


def texts(value, typ) -> dict[str, str]:
    """Every text output of a value."""
    return {"show": show(value, limit=10_000), "to_text": to_text(value, typ, limit=10_000),
            "model_text": model_text(value), "written": written(value)}


@settings(max_examples=400, deadline=None)
@given(models(), st.data())
def test_every_text_of_a_value_reads_back_as_the_value(model, data):
    typ = data.draw(TYPES)
    value = data.draw(values_of(typ, model))
    for how, text in texts(value, typ).items():
        assert read_value(text, typ, model) == value, (how, text)


@settings(max_examples=200, deadline=None)
@given(models(PLAIN), st.data())
def test_a_name_that_needs_no_quotes_is_printed_as_it_is(model, data):
    for label in model.labels()["X1"].values():
        assert label_text(label.name) == label.name
        assert show(label) == label.name
    value = data.draw(values_of(SetType(TupleType((Element("X1"), Element("X2")))), model))
    expected = "{" + ", ".join(f"({a.name}, {b.name})" for a, b in sorted(value)) + "}"
    assert to_text(value, SetType(TupleType((Element("X1"), Element("X2")))), 100) == expected


@given(NAMES)
def test_a_name_is_bare_only_when_nothing_in_it_could_be_misread(name):
    text = label_text(name)
    if text == name:
        assert name.strip() == name and name.isprintable()
        assert not set(name) & set('{}(),"\\∅…')
    else:
        assert text.startswith('"') and text.endswith('"') and len(text) >= 2


@pytest.mark.parametrize("name, text", [
    ("Ann", "Ann"), ("Ann Lee", "Ann Lee"), ("Smith, J.", '"Smith, J."'), ("a, b", '"a, b"'),
    ("", '""'), (" x", '" x"'), ("x ", '"x "'), ('say "hi"', r'"say \"hi\""'),
    ("back\\slash", r'"back\\slash"'), ("{x}", '"{x}"'), ("(x)", '"(x)"'), ("∅", '"∅"'),
    ("more…", '"more…"'), ("two\nlines", '"two\nlines"'), ("12", "12"), ("0,1", '"0,1"'),
])
def test_the_quoting_rule(name, text):
    assert label_text(name) == text


def test_the_values_of_the_issue_print_unambiguously():
    model = interpret(SCHEMA, {"X1": ["a, b", "a", "b"], "X2": ["sets"]}, Encoding.NAME)
    x1 = model.values["X1"]
    assert show(x1) == '{"a, b", a, b}'
    labels = {label.name: label for label in x1}
    pair = (labels["a, b"], next(iter(model.values["X2"])))
    typ = TupleType((Element("X1"), Element("X2")))
    assert to_text(pair, typ) == '("a, b", sets)'
    assert read_value('("a, b", sets)', typ, model) == pair
    assert read_value("{a, b}", SetType(Element("X1")), model) == {labels["a"], labels["b"]}
    assert read_value('{"a, b"}', SetType(Element("X1")), model) == {labels["a, b"]}
    assert isinstance(next(iter(read_value('{"a, b"}', SetType(Element("X1")), model))), Label)
