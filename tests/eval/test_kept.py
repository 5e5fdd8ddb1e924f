"""``Kept``, the bounded tables behind counting's plans, component tables
and family counts (and the memo of ``setmine verify``): least recently
used out past a number of keys or a total weight, the newest always in."""

from __future__ import annotations

import pytest

from setmine.eval.values import counting
from setmine.eval.values.kept import Kept, forget


@pytest.mark.parametrize("size, most, puts, touched, kept", [
    (3, None, [(k, 1) for k in "abcde"], None, "cde"),          # past 3 keys
    (10, 5, [(k, 2) for k in "abcd"], None, "cd"),              # past a weight of 5
    (10, 5, [("a", 2), ("b", 2), ("c", 2)], "a", "ac"),         # a read keeps a value longer
    (10, 5, [("a", 9)], None, "a"),                             # the newest always stays
    (10, 5, [("a", 2), ("b", 2), ("a", 1), ("c", 2)], None, "bac"),  # a key put again weighs anew
])
def test_kept_drops_the_least_recently_used(size, most, puts, touched, kept):
    table = Kept(size, most)
    for i, (key, heavy) in enumerate(puts):
        if touched is not None and i == len(puts) - 1:
            assert table.get(touched) is not None
        table.put(key, i, heavy)
    assert "".join(table.values) == kept
    assert table.total == sum(table.weights[k] for k in table.values)


def test_counting_keeps_plans_within_their_weight(monkeypatch):
    """Plans of ever new free elements (a long game on a large board) stay
    within the weight their table allows; each count is still right."""
    monkeypatch.setattr(counting, "_PLANS", Kept(size=1_000, most=200))
    for start in range(100):
        free = list(range(start, start + 20))
        got = counting.count(frozenset(), free, 3, 3, ((frozenset(free[:5]), 1),))
        assert got.total == 5 * 105            # one of the 5, two of the other 15
    assert counting._PLANS.total <= 200 and len(counting._PLANS.values) == 8


def test_forget_empties_every_table():
    a, b = Kept(10), Kept(10, 100)
    a.put("x", 1)
    b.put("y", 2, 50)
    counting.count(frozenset(), [0, 1, 2], 1, 1, ((frozenset({0, 1}), 1),))
    forget()
    assert not a.values and not b.values and b.total == 0
    assert not counting._PLANS.values and not counting._TABLES.values
