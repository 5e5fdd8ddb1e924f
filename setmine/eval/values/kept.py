"""What a computation keeps between evaluations, within bounds.

:class:`Kept` is a least-recently-used table bounded twice: by how many
values it keeps and by how much they weigh in all (a weight is the caller's
measure of a value's memory: members, elements).  The caches of counting
(plans, component tables, a family's counts) and the memo of
``setmine verify`` are each a ``Kept``, so none grows with a long run.

A Dask worker may run tasks in threads sharing these tables: a value
dropped by another thread between a lookup and its move to the end is
simply not moved, never an error.
"""

from __future__ import annotations

from collections import OrderedDict
from weakref import WeakSet

_EVERY: WeakSet = WeakSet()


def forget() -> None:
    """Empty every table: what follows starts cold (a benchmark comparing
    two ways of computing the same values runs each from nothing)."""
    for table in list(_EVERY):
        table.values.clear()
        table.weights.clear()
        table.total = 0


class Kept:
    """Values by key; past ``size`` keys or ``most`` weight in all, the least
    recently used are dropped (the newest is always kept)."""

    def __init__(self, size: int, most: int | None = None) -> None:
        self.size, self.most = size, most
        self.values: OrderedDict = OrderedDict()
        self.weights: dict = {}
        self.total = 0
        _EVERY.add(self)

    def get(self, key):
        found = self.values.get(key)
        if found is not None:
            try:
                self.values.move_to_end(key)
            except KeyError:  # dropped meanwhile by another thread
                pass
        return found

    def put(self, key, value, heavy: int = 1) -> None:
        if key in self.values:  # put again: used now, weighed anew
            self.total -= self.weights.get(key, 0)
            self.values.pop(key, None)
        self.values[key], self.weights[key] = value, heavy
        self.total += heavy
        while len(self.values) > 1 and (len(self.values) > self.size or
                                        self.most is not None and self.total > self.most):
            try:
                old, _ = self.values.popitem(last=False)
                self.total -= self.weights.pop(old, 0)
            except KeyError:  # emptied meanwhile by another thread
                break
