"""Values as plain Python: what the front door hands back, and shows
(:func:`show`).

Inside, an element of a model's basic set is a ``Label`` (its index, named)
and a large set is lazy (its members enumerated when asked, its
cardinality known without them).  Outside, a value is plain: an element of
a basic set is its name (``str``) — a cell of a board ``(row, column)``, an
element of a constant set or an integer an ``int`` —, a tuple a ``tuple``,
a set a ``frozenset``, a truth value a ``bool``.  A set of more than
:data:`LIST_LIMIT` members is a :class:`LargeSet`: its exact cardinality,
its first members, membership, iteration.

    >>> from setmine.model.decode import Label
    >>> plain(frozenset({(Label(0, "Ann"), Label(1, "Boris"))}))
    frozenset({('Ann', 'Boris')})
"""

from __future__ import annotations

from fractions import Fraction

LIST_LIMIT = 100_000
"""The most members a set has to come back as a ``frozenset``."""


def plain(value, room: list[int] | None = None):
    """``value`` as plain Python (see the module).  At most
    :data:`LIST_LIMIT` members are listed over the whole value (``room``:
    how many are left); a lazy set past them, or whose count would take
    longer than :data:`COUNT_SECONDS`, stays a :class:`LargeSet`."""
    from ..eval.values.sets import LazySet
    from ..model.decode import Label
    from ..present.output.values import listing

    room = [LIST_LIMIT] if room is None else room
    if isinstance(value, Label):
        return str(value)
    if isinstance(value, (bool, int, Fraction, str)) or value is None:
        return value
    if isinstance(value, tuple):
        return tuple(plain(v, room) for v in value)
    if isinstance(value, frozenset):
        room[0] -= len(value)
        return frozenset(plain(v, room) for v in value)
    if isinstance(value, LazySet):
        size = _count(value)
        if not isinstance(size, int) or size > room[0]:
            return LargeSet(value, size)
        got = listing(value, size)
        if not got.complete:
            return LargeSet(value, size)
        room[0] -= size
        return frozenset(plain(v, room) for v in got.items)
    return value


COUNT_SECONDS = 2.0
"""The longest a set's cardinality is searched for before it is left a
:class:`LargeSet` (a counted set's is known at once; a filtered one's is
found by going through it)."""


def _count(lazy):
    from ..eval.values.budget import Budget
    from ..eval.values.sets import CURRENT_BUDGET, card
    from ..rsl.syntax.errors import RSLError

    token = CURRENT_BUDGET.set(Budget(max_elements=2 * LIST_LIMIT, max_seconds=COUNT_SECONDS))
    try:
        return card(lazy)
    except RSLError:
        return None
    finally:
        CURRENT_BUDGET.reset(token)


class LargeSet:
    """A set too large to list: ``card`` is its exact cardinality (an
    ``int``, or a sympy expression past what an int should hold, such as
    ``2**480``; None when counting it would take longer than listing's
    budget), ``first(n)`` its first members in setmine's order, ``iter(s)``
    as for any set (members come back plain), ``x in s`` for a member of
    cells and integers (a board's sets).  ``len(s)``
    is ``card`` when that is an int.

        >>> import setmine
        >>> d15 = setmine.evaluate("corrected", "expert-midgame", "ℬ(X1)")
        >>> type(d15).__name__, d15.card == 2 ** 480
        ('LargeSet', True)
    """

    def __init__(self, lazy, card=None) -> None:
        self._lazy = lazy
        self._card = card

    @property
    def card(self):
        if self._card is None:
            from ..present.output.values import size_of

            self._card = size_of(self._lazy)
        return self._card

    def __len__(self) -> int:
        card = self.card
        if not isinstance(card, int):
            raise OverflowError(f"the set has {card} members: read .card for its exact "
                                f"cardinality")
        return card

    def first(self, n: int = 12) -> list:
        """The first ``n`` members, in setmine's order (sets by size, then
        by their members)."""
        from ..present.output.values import listing

        return [plain(v) for v in listing(self._lazy, n).items]

    def __iter__(self):
        from ..eval.values.budget import Budget
        from ..eval.values.sets import CURRENT_BUDGET, members

        budget = Budget()
        token = CURRENT_BUDGET.set(budget)
        try:
            for member in members(self._lazy, budget, None, "iterating a large set"):
                yield plain(member)
        finally:
            CURRENT_BUDGET.reset(token)

    def __contains__(self, item) -> bool:
        from ..eval.values.budget import Budget
        from ..eval.values.sets import CURRENT_BUDGET

        token = CURRENT_BUDGET.set(Budget())
        try:
            return item in self._lazy
        finally:
            CURRENT_BUDGET.reset(token)

    def __repr__(self) -> str:
        from ..eval.values import cardinal

        card = self.card
        shown = cardinal.show(card) if card is not None else "uncounted"
        return f"<LargeSet of {shown} members>"   # .first(n) lists some: a repr stays cheap


def show(value, cells=None, limit: int = 12) -> str:
    """A value as setmine prints it: sets in braces, members in setmine's
    order (sets by size, then by members), at most ``limit`` of each;
    cells as ``row,column``.  ``cells`` are the board's cells (default: the
    pairs of integers the value holds).

    >>> import setmine
    >>> show(setmine.evaluate("corrected", "tiny-2x2", "D5"))
    '{(0,0, {0,1, 1,0, 1,1})}'
    >>> show(frozenset({("Sets", "Logic"), ("Logic", "Algebra")}))
    '{(Logic, Algebra), (Sets, Logic)}'
    """
    from ..present.output.values import is_set, listing, show as text
    if isinstance(value, LargeSet):
        value = value._lazy
    if cells is None:
        cells, stack, seen = set(), [value], 0
        while stack and seen < 10_000:  # the cells among the members shown
            item, seen = stack.pop(), seen + 1
            if isinstance(item, tuple) and len(item) == 2 and all(type(i) is int for i in item):
                cells.add(item)
            elif isinstance(item, tuple):
                stack.extend(item)
            elif is_set(item):
                stack.extend(listing(item, limit).items)
    return text(value, limit, frozenset(cells))
