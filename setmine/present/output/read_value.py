"""Reading an element of a given type from text — the inverse of
``values.to_text``: what ``setmine explain BOARD TERM CANDIDATE`` asks about.

The text is RSLang, parsed with the project's parser; its numbers are read
against the expected type, as values are printed: a cell is two numbers
``r,c`` (``8,4``, or ``(8,4)``), a set ``{…}`` (``∅`` or ``{}`` when empty)
lists its members one after the other (``{8,4, 1,2}`` is two cells), a
tuple ``(…)`` its components (``(0,1, {0,2})`` is a cell and a set of
cells), an integer is a number.  ``read_element(text, typ, cells)`` returns
the value or raises ValueError saying what was expected and where.
"""

from __future__ import annotations

from ...rsl.semantics.types import Element, Integer, SetType, TupleType
from ...rsl.syntax import tree as s
from ...rsl.syntax.errors import RSLError


def describe(typ) -> str:
    """What an element of ``typ`` looks like, in words."""
    if isinstance(typ, Element):
        return "a cell r,c"
    if isinstance(typ, Integer):
        return "an integer"
    if isinstance(typ, SetType):
        return f"a set {{…}} of elements of {typ.base}"
    if isinstance(typ, TupleType):
        return f"a tuple ({', '.join('…' for _ in typ.factors)}) of {typ}"
    return f"an element of {typ}"


QUOTED = 60
"""The most characters of a candidate an error quotes."""


def _not(text: str, typ) -> str:
    clipped = text if len(text) <= QUOTED else f"{text[:QUOTED // 2]}…{text[-QUOTED // 2:]}"
    return f"{clipped!r} is not an element of {typ} ({describe(typ)})"


def read_element(text: str, typ, cells: frozenset = frozenset()):
    """The element of ``typ`` written as ``text`` (see the module text)."""
    from ...rsl import parse

    stripped = text.strip()
    if isinstance(typ, (Element, TupleType)) and not stripped.startswith("("):
        stripped = f"({stripped})"      # 8,4 and 0,1, {0,2} without their parentheses
    try:
        tree = parse(stripped)
    except RSLError as exc:
        raise ValueError(f"{_not(text, typ)}: {exc.message}") from None
    reader = _Reader(text, cells, typ)
    items = list(tree.items) if isinstance(tree, s.Tuple) and isinstance(typ, (Element, TupleType)) \
        else [tree]
    if isinstance(typ, Element) or isinstance(typ, TupleType):
        value, rest = reader.read_tuple_items(typ, items)
    else:
        value, rest = reader.read(typ, items)
    if rest:
        raise ValueError(f"{_not(text, typ)}: more than one was written")
    return value


class _Reader:
    def __init__(self, text: str, cells: frozenset, top):
        self.text, self.cells, self.top = text, cells, top

    def fail(self, typ, found) -> ValueError:
        from ...rsl.syntax.printer import shown

        what = shown(found) if isinstance(found, s.Node) else str(found)
        return ValueError(f"{_not(self.text, self.top)}: found {what!r} where "
                          f"{describe(typ)} was expected")

    def read(self, typ, items: list) -> tuple[object, list]:
        """One element of ``typ`` from the front of ``items``; the rest."""
        if not items:
            raise ValueError(f"{_not(self.text, self.top)}: it ends where "
                             f"{describe(typ)} was expected")
        head, *rest = items
        if isinstance(typ, Element):
            if isinstance(head, s.Tuple):
                value, left = self.read_tuple_items(typ, list(head.items))
                if left:
                    raise self.fail(typ, head)
                return value, rest
            if len(items) >= 2 and all(isinstance(n, s.Integer) for n in items[:2]):
                cell = (items[0].value, items[1].value)
                if self.cells and cell not in self.cells:
                    raise ValueError(f"{self.text!r}: cell {cell[0]},{cell[1]} is not on the board")
                return cell, items[2:]
            raise self.fail(typ, head)
        if isinstance(typ, Integer):
            if isinstance(head, s.Integer):
                return head.value, rest
            raise self.fail(typ, head)
        if isinstance(typ, SetType):
            if isinstance(head, s.EmptySet):
                return frozenset(), rest
            if not isinstance(head, s.Enumeration):
                raise self.fail(typ, head)
            members, inner = [], list(head.items)
            while inner:
                member, inner = self.read(typ.base, inner)
                members.append(member)
            return frozenset(members), rest
        if isinstance(typ, TupleType):
            if not isinstance(head, s.Tuple):
                raise self.fail(typ, head)
            value, left = self.read_tuple_items(typ, list(head.items))
            if left:
                raise self.fail(typ, head)
            return value, rest
        raise self.fail(typ, head)

    def read_tuple_items(self, typ, items: list) -> tuple[object, list]:
        """A cell (two numbers) or a tuple (its components) from ``items``."""
        if isinstance(typ, Element):
            return self.read(typ, items)
        out = []
        for factor in typ.factors:
            value, items = self.read(factor, items)
            out.append(value)
        return tuple(out), items
