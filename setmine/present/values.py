"""Values as people and programs read them, guided by their types.

The same Python tuple is a cell of X1 or a tuple of RSLang: the type says
which.  ``to_json(value, type)`` writes the JSON contract of ``setmine eval``
(a cell ``"r,c"``, a tuple an array, a set ``{"card": "N", "elements": [...]}``
with the elements when there are at most ``max_elements``, an integer a
number, a truth value true/false, a cardinal always a string);
``to_text(value, type)`` writes RSLang-like text (``{1,2 ; 3,4}``);
``show(value)`` writes any value without a type.
"""

from __future__ import annotations

from ..eval import cardinal
from ..eval.budget import Budget
from ..eval.sets import LazySet, card, members, sort
from ..rsl.types import Element, Integer, Logic, SetType, TupleType

DEFAULT_MAX_ELEMENTS = 1000


def cell_text(cell) -> str:
    return f"{cell[0]},{cell[1]}"


def is_set(value) -> bool:
    return isinstance(value, (frozenset, LazySet))


def first_members(value, limit: int, budget: Budget | None = None) -> tuple[list, bool]:
    """Up to ``limit`` members in canonical order, and whether that is all."""
    budget = budget or Budget(max_elements=max(limit * 50, 10_000))
    out = []
    for m in (sort(value) if isinstance(value, frozenset) else members(value, budget)):
        if len(out) == limit:
            return out, False
        out.append(m)
    return out, True


def to_json(value, typ, max_elements: int = DEFAULT_MAX_ELEMENTS):
    if isinstance(typ, Logic) or isinstance(value, bool):
        return bool(value)
    if isinstance(typ, SetType):
        size = card(value)
        out = {"card": cardinal.show(size)}
        if isinstance(size, int) and size <= max_elements:
            items, _ = first_members(value, max_elements)
            out["elements"] = [to_json(m, typ.base, max_elements) for m in items]
        return out
    if isinstance(typ, TupleType):
        return [to_json(v, t, max_elements) for v, t in zip(value, typ.factors)]
    if isinstance(typ, Element) and isinstance(value, tuple) and len(value) == 2:
        return cell_text(value)
    if isinstance(typ, Integer):
        return value if isinstance(value, int) else cardinal.show(value)
    return show(value)


def to_text(value, typ, limit: int = 12) -> str:
    """A compact reading: sets of cells ``{0,1 2,3}``, pairs ``(0,1 ; {…})``."""
    if isinstance(typ, Logic) or isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(typ, SetType):
        items, complete = first_members(value, limit)
        inner = ", ".join(to_text(m, typ.base, max(2, limit // 3)) for m in items)
        if not complete:
            inner += f", … ({cardinal.show(card(value))} in all)"
        return "{" + inner + "}"
    if isinstance(typ, TupleType):
        return "(" + " ; ".join(to_text(v, t, limit) for v, t in zip(value, typ.factors)) + ")"
    if isinstance(typ, Element) and isinstance(value, tuple) and len(value) == 2:
        return cell_text(value)
    return show(value)


def show(value, limit: int = 50, cells=frozenset()) -> str:
    """Any value, without its type: ``{1, 2, 3}``, ``(1, 2)``; members of
    ``cells`` (the board's X1) are written as cells ``r,c``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):
        if value in cells:
            return cell_text(value)
        return "(" + ", ".join(show(v, limit, cells) for v in value) + ")"
    if is_set(value):
        items, complete = first_members(value, limit)
        inner = ", ".join(show(m, limit, cells) for m in items)
        if not complete:
            inner += f", … ({cardinal.show(card(value))} members)"
        return "{" + inner + "}"
    if hasattr(value, "is_number"):
        return cardinal.show(value)
    return str(value)


def cells_of(value, typ) -> frozenset | None:
    """The cells of a set of cells (type ℬ(X…)), for drawing; else None."""
    if isinstance(typ, SetType) and isinstance(typ.base, Element) and is_set(value):
        size = card(value)
        if isinstance(size, int) and size <= 100_000:
            return frozenset(m for m in first_members(value, size)[0]
                             if isinstance(m, tuple) and len(m) == 2)
    return None
