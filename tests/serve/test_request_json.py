"""A request's body is read by the bounded JSON reader
(``base/jsontext.load_request``): within its bounds it is ``json.loads``;
past them — depth, an integer's digits, a string's length — a 400 naming
the field, never a RecursionError, a ValueError or a MemoryError."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.base.jsontext import (REQUEST_DEPTH, REQUEST_DIGITS, REQUEST_STRING, JSONTooLarge,
                                   load_request)

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10 ** 30, 10 ** 30),
              st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=20)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_within_its_bounds_it_is_json_loads(value):
    text = json.dumps(value)
    assert load_request(text.encode("utf-8")) == json.loads(text)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [REQUEST_DEPTH + 1, 999, 5_000, 100_000])
def test_too_deep_names_the_field(depth):
    with pytest.raises(JSONTooLarge) as caught:
        load_request(f'{{"schema": "written", "model": {nested(depth)}}}'.encode())
    assert caught.value.field == "model" and str(REQUEST_DEPTH) in str(caught.value)


def test_as_deep_as_allowed_is_read():
    assert load_request(nested(REQUEST_DEPTH).encode())


@pytest.mark.parametrize("digits", [REQUEST_DIGITS + 1, 4_300, 5_000, 100_000])
def test_a_long_number_names_the_field(digits):
    with pytest.raises(JSONTooLarge) as caught:
        load_request(f'{{"level": "beginner", "seed": {"7" * digits}}}'.encode())
    assert caught.value.field == "seed" and f"{digits:,} digits" in str(caught.value)


def test_a_long_string_names_the_field():
    with pytest.raises(JSONTooLarge) as caught:
        load_request(json.dumps({"model": {"values": {"X1": ["a" * (REQUEST_STRING + 1)]}}})
                     .encode())
    assert caught.value.field == "model" and "model.values.X1[0]" in str(caught.value)


@pytest.mark.parametrize("body", [b"\xff{}", b'{"a": "\\ud800"}', b"{", b"NaN1"])
def test_not_json_is_a_value_error(body):
    with pytest.raises(ValueError):
        load_request(body)


@pytest.mark.parametrize("body, field", [
    (f'{{"schema": "written", "board": {nested(100_000)}}}', "board"),
    ('{"level": "beginner", "schema": "written", "seed": ' + "7" * 5_000 + "}", "seed"),
    ('{"schema": "written", "expression": "' + "X" * 300_000 + '"}', "expression"),
])
def test_the_server_answers_400_with_the_field(server, body, field):
    status, answer = server.post("/api/game", None, raw=body.encode())
    assert status == 400 and answer["error"]["field"] == field, answer
