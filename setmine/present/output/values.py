"""Values as people and programs read them, guided by their types.

The same Python tuple is a cell of X1 or a tuple of RSLang: the type says
which.  ``to_json(value, type)`` writes the one JSON encoding of values
(``docs/json.md``): a cell ``"r,c"``, a tuple an array, a set
``{"card": "N", "elements": [...], "complete": true|false}``, an integer a
number (a string past JSON's safe range), a truth value true/false, an
exact fraction ``"num/den"``.  ``to_text(value, type)`` writes RSLang-like
text (``{1,2, 3,4}``, pairs ``(0,1, {0,2})``); ``show(value)`` writes any
value without a type.  In text, an element of a model's basic set is its
name, in double quotes when ``model.decode.label_text`` says it must be
(``{"a, b", a, b}``), so that ``model.reading.read_value`` reads it back;
in JSON it is its name, a string.

Printing never fails.  A set is listed under its own small budget
(``PRINT_CANDIDATES`` candidates, ``PRINT_SECONDS`` seconds), not the
evaluation's: what a listing could not reach is left out and said to be
left out, with the set's exact cardinality — which is known without listing
for every set but a searched one (an intersection, a difference, a filtered
set), whose count is bounded by the same budget.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from fractions import Fraction

from ...eval.values import cardinal
from ...eval.values.budget import Budget
from ...eval.values.sets import CURRENT_BUDGET, LazySet, card, members, order_key, sort
from ...model.decode import Label, label_text
from ...rsl.semantics.types import Element, Logic, SetType, TupleType
from ...rsl.syntax.errors import RSLError

DEFAULT_MAX_ELEMENTS = 1000   # members listed of a set in JSON (``--list``)
TEXT_MEMBERS = 12             # members listed of a set in text
PRINT_CANDIDATES = 200_000    # the most candidates one listing may enumerate
PRINT_SECONDS = 10.0          # … and the longest it may take
SAFE_INTEGER = 2 ** 53 - 1    # JSON readers keep integers up to this exactly


def cell_text(cell) -> str:
    return f"{cell[0]},{cell[1]}"


def is_set(value) -> bool:
    return isinstance(value, (frozenset, LazySet))


def printing_budget(limit: int = 0) -> Budget:
    return Budget(max_elements=max(PRINT_CANDIDATES, 100 * limit), max_seconds=PRINT_SECONDS)


@dataclass
class Listing:
    """The first members of a set, whether they are all of them, the set's
    cardinality (None when counting it would exceed the printing budget)
    and why the listing stopped short, if a budget stopped it."""

    items: list
    complete: bool
    size: object
    stopped: str = ""

    @property
    def size_text(self) -> str:
        return cardinal.show(self.size) if self.size is not None else "uncounted"


def size_of(value, limit: int = 0):
    """The exact cardinality of a set, or None when counting it exceeds the
    printing budget."""
    if isinstance(value, frozenset):
        return len(value)
    token = CURRENT_BUDGET.set(printing_budget(limit))
    try:
        return card(value)
    except RSLError:
        return None
    finally:
        CURRENT_BUDGET.reset(token)


def size_text(value) -> str:
    """The exact cardinality of a set as text (``uncounted`` past the budget)."""
    size = size_of(value)
    return cardinal.show(size) if size is not None else "uncounted"


def listing(value, limit: int, budget: Budget | None = None) -> Listing:
    """Up to ``limit`` members of a set in canonical order; never raises.
    ``budget`` (a printing budget) may be shared by the listings of one
    whole value, so that a value of many large sets is bounded as one."""
    if isinstance(value, frozenset):
        first = sort(value) if len(value) <= limit else \
            heapq.nsmallest(limit, value, key=order_key)
        return Listing(first, len(value) <= limit, len(value))
    size = size_of(value, limit)
    budget = budget or printing_budget(limit)
    out: list = []
    token = CURRENT_BUDGET.set(budget)
    try:
        for m in members(value, budget, None, "listing the members"):
            if len(out) == limit:
                return Listing(out, False, size)
            out.append(m)
    except RSLError as exc:
        stopped = (f"listing stopped after {len(out)}: more would take more than "
                   f"{budget.max_elements:,} candidates or {budget.max_seconds:g} s"
                   if exc.code in ("setOverflow", "iterationsLimit", "timeLimit")
                   else f"listing stopped after {len(out)}: {exc.message}")
        return Listing(out, False, size, stopped)
    finally:
        CURRENT_BUDGET.reset(token)
    return Listing(out, True, len(out) if size is None else size)


def first_members(value, limit: int, budget: Budget | None = None) -> tuple[list, bool]:
    """Up to ``limit`` members in canonical order, and whether that is all;
    never raises (see :func:`listing`)."""
    got = listing(value, limit)
    return got.items, got.complete


def json_integer(n: int):
    """An integer as JSON: a number within ±(2^53−1), else its exact decimal
    as a string (past 4,000 digits, the cardinal's form ``2^k``)."""
    if -SAFE_INTEGER <= n <= SAFE_INTEGER:
        return n
    return str(n) if n.bit_length() <= 13_000 else cardinal.show(n)


WHOLE_VALUE_ELEMENTS = 100
"""A whole value lists at most this many times the listing limit of
elements, over all its nested sets: a relation of large families stays a
few megabytes (its later sets give their cardinality and no elements)."""


def to_json(value, typ, max_elements: int = DEFAULT_MAX_ELEMENTS, budget: Budget | None = None,
            room: list[int] | None = None):
    """A value in the one JSON encoding of ``docs/json.md``, guided by its
    type (``typ`` None: by the value alone); all its sets are listed under
    one printing budget, and together list at most ``WHOLE_VALUE_ELEMENTS``
    times ``max_elements`` elements (``room``: how many are left).  An
    element of a model's basic set (a ``Label``) is its name."""
    budget = budget or printing_budget(max_elements)
    room = room if room is not None else [WHOLE_VALUE_ELEMENTS * max(max_elements, 1)]
    if isinstance(typ, Logic) or isinstance(value, bool):
        return bool(value)
    if is_set(value):
        limit = min(max_elements, room[0])
        got = listing(value, limit, budget)
        room[0] -= len(got.items)
        base = typ.base if isinstance(typ, SetType) else None
        out = {"card": got.size_text if got.size is not None else None,
               "elements": [to_json(m, base, max_elements, budget, room) for m in got.items],
               "complete": got.complete}
        if got.stopped:
            out["note"] = got.stopped
        elif not got.complete and limit < max_elements:
            out["note"] = (f"listing stopped after {len(got.items)}: the whole value lists at most "
                           f"{WHOLE_VALUE_ELEMENTS * max(max_elements, 1):,} elements")
        return out
    if isinstance(value, tuple):
        if isinstance(typ, Element) and len(value) == 2:
            return cell_text(value)
        factors = typ.factors if isinstance(typ, TupleType) else (None,) * len(value)
        if typ is None and len(value) == 2 and all(type(v) is int for v in value):
            return cell_text(value)
        return [to_json(v, t, max_elements, budget, room) for v, t in zip(value, factors)]
    if isinstance(value, Label):
        return value.name
    if isinstance(value, int):
        return json_integer(value)
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if hasattr(value, "is_number"):
        return cardinal.show(value)
    return str(value)


def to_text(value, typ, limit: int = TEXT_MEMBERS) -> str:
    """A compact reading: sets of cells ``{0,1, 2,3}``, pairs ``(0,1, {…})``;
    a model's elements by name (quoted when they must be, see :func:`show`)."""
    if isinstance(typ, Logic) or isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(typ, SetType) and is_set(value):
        got = listing(value, limit)
        inner = ", ".join(to_text(m, typ.base, max(2, limit // 3)) for m in got.items)
        if not got.complete:
            inner += (", " if inner else "") + f"… ({got.size_text} in all)"
        return "{" + inner + "}"
    if isinstance(typ, TupleType) and isinstance(value, tuple):
        return "(" + ", ".join(to_text(v, t, limit) for v, t in zip(value, typ.factors)) + ")"
    if isinstance(typ, Element) and isinstance(value, tuple) and len(value) == 2:
        return cell_text(value)
    return show(value)


def show(value, limit: int = 50, cells=frozenset()) -> str:
    """Any value, without its type: ``{1, 2, 3}``, ``(1, 2)``; members of
    ``cells`` (the board's X1) are written as cells ``r,c``; an element of
    a model's basic set by its name, in double quotes when it holds a
    comma, a brace… (``model.decode.label_text``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Label):
        return label_text(value.name)
    if isinstance(value, int):
        return cardinal.show(value)
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, tuple):
        if value in cells:
            return cell_text(value)
        return "(" + ", ".join(show(v, limit, cells) for v in value) + ")"
    if is_set(value):
        got = listing(value, limit)
        inner = ", ".join(show(m, limit, cells) for m in got.items)
        if not got.complete:
            inner += (", " if inner else "") + f"… ({got.size_text} members)"
        return "{" + inner + "}"
    if hasattr(value, "is_number"):
        return cardinal.show(value)
    return str(value)


def cells_of(value, typ) -> frozenset | None:
    """The cells of a set of cells (type ℬ(X…)), for drawing; else None."""
    if isinstance(typ, SetType) and isinstance(typ.base, Element) and is_set(value):
        size = size_of(value)
        if isinstance(size, int) and size <= 100_000:
            got = listing(value, size)
            if got.complete:
                return frozenset(m for m in got.items if isinstance(m, tuple) and len(m) == 2)
    return None
