"""The evaluator against the reference implementation's behaviour (issue
15), one row per rule: an alias or expression over a small schema, in
Unicode and, where it has one, in the reference's ASCII syntax; the data;
the value it must have, or the error code it must raise."""

from __future__ import annotations

import pytest

from setmine.eval.interpret.model import evaluate
from setmine.rsl.errors import RSLError
from setmine.rsl.schema import Schema

SCHEMA = Schema.parse("""\
X1
S1 ::= ℬ(X₁×X₁)
S2 ::= ℬ(X₁)
F1 :== [a∈ℬ(X1)] a ∪ a
D1 :== S2 ∪ {1}
""")
DATA = {"X1": frozenset({1, 2, 3}), "S1": frozenset({(1, 2), (2, 1)}), "S2": frozenset({2})}
WITHOUT_S2 = {k: v for k, v in DATA.items() if k != "S2"}

ROWS = [
    # ⊄ is the negation of the strict inclusion ⊂: a set is not a proper subset of itself
    ("X1⊄X1", r"X1 \notsubset X1", DATA, True),
    ("S2⊄X1", r"S2 \notsubset X1", DATA, False),
    ("X1⊄S2", r"X1 \notsubset S2", DATA, True),
    ("∅⊄S2", None, DATA, False),
    ("X1⊂X1", r"X1 \subset X1", DATA, False),
    # a basic set's or a structure's own alias is its value (not its typification)
    ("X1", None, DATA, frozenset({1, 2, 3})),
    ("S1", None, DATA, frozenset({(1, 2), (2, 1)})),
    ("D1", None, DATA, frozenset({1, 2})),
    # a global with a type but no value in the data
    ("S2", None, WITHOUT_S2, "calcGlobalMissing"),
    ("S2 ∪ X1", r"S2 \union X1", WITHOUT_S2, "calcGlobalMissing"),
    # a function definition has a value only applied
    ("F1", None, DATA, "calculationNotSupported"),
    ("F1[S2]", None, DATA, frozenset({2})),
]


def _forms():
    for text, ascii_text, data, expected in ROWS:
        yield pytest.param(text, data, expected, id=text)
        if ascii_text is not None:
            yield pytest.param(ascii_text, data, expected, id=ascii_text)


@pytest.mark.parametrize("text, data, expected", list(_forms()))
def test_as_the_reference_evaluates(text, data, expected):
    if isinstance(expected, str):
        with pytest.raises(RSLError) as caught:
            evaluate(SCHEMA, text, data)
        assert caught.value.code == expected
    else:
        assert evaluate(SCHEMA, text, data) == expected
