"""A model's values, from JSON to the evaluator's Python values and back,
guided by their types.

Two encodings, one per kind of file (``docs/models.md``):

* **by index** — ConceptPortal's (``Encoding.INDEX``): an element of a basic
  or constant set is its index (an integer), a tuple an array that starts
  with the marker ``-111`` (``(a, b)`` is ``[-111, a, b]``), a set an array
  of its members;
* **by name** — setmine's own model files (``Encoding.NAME``): an element of
  a basic set is its name (a string), an element of a constant set an
  integer, a tuple an array of its components, a set an array of its
  members.

In both, an integer (``Z``) is a JSON number.  In the evaluator an element
of a basic set is its index (an ``int``), as in the reference, so values
compare and sort as the reference's do; names are only for reading and
printing.  Every fault is a :class:`ValueProblem` that says where in the
value it is and what was expected, with the value shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Mapping

from ..base.jsontext import LongNumber, describe_json
from ..eval.values.sets import order_key
from ..rsl.semantics.types import Element, Integer, SetType, TupleType, Type

TUPLE_MARK = -111
MAX_INTEGER = 2 ** 63  # the reference's integers are doubles: keep to what both read alike


class Label(int):
    """An element of a basic set as the evaluator holds it: its index (an
    ``int``: it compares, hashes and sorts as the reference's index does)
    carrying its name, so that every output names it without knowing its
    type."""

    def __new__(cls, index: int, name: str):
        element = super().__new__(cls, index)
        element.name = name
        return element

    def __reduce__(self):
        return (Label, (int(self), self.name))

    def __repr__(self) -> str:
        return f"Label({int(self)}, {self.name!r})"

    def __str__(self) -> str:
        return self.name


QUOTED_MARKS = frozenset('{}(),"\\∅…')
"""The characters of the value syntax (``{a, b}``, ``(a, b)``, ``∅``, a
quoted name, the ``…`` of a listing cut short): a name that holds one is
written in double quotes."""


def label_text(name: str) -> str:
    """An element of a basic set in text, so that it cannot be misread and
    :func:`~.reading.read_value` reads it back: its name as it is, or in
    double quotes — with ``\\"`` for a quote and ``\\\\`` for a backslash
    inside — when the name is empty, has a space at either end, holds a
    character of the value syntax (:data:`QUOTED_MARKS`: a brace, a
    parenthesis, a comma, a quote, a backslash, ``∅``, ``…``) or one that
    does not print (a line break, a tab).  ``Smith, J.`` is ``"Smith, J."``;
    ``Ann`` and ``Ann Lee`` are bare.  A name that looks like a number
    (``12``) is bare too: every value is read against its type, where an
    element of a basic set is always a name."""
    if name and name == name.strip() and name.isprintable() \
            and QUOTED_MARKS.isdisjoint(name):
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def element_text(value) -> str:
    """An element in text: a basic set's (a :class:`Label`) by
    :func:`label_text`, anything else (an integer) as ``str`` writes it."""
    return label_text(value.name) if isinstance(value, Label) else str(value)


class Encoding(Enum):
    INDEX = "index"   # ConceptPortal's: elements by index, tuples marked with -111
    NAME = "name"     # setmine's own: elements of basic sets by name, tuples plain arrays


class ValueProblem(Exception):
    """A value that does not fit its type or its sets; the text says what."""


@dataclass(frozen=True)
class Universe:
    """The elements of each basic and constant set (alias → index → name),
    against which a value's elements are read; ``labels`` (alias → index →
    :class:`Label`) are the basic sets' elements as the model holds them."""

    elements: Mapping[str, Mapping[int, str]]
    labels: Mapping[str, Mapping[int, "Label"]] = None

    def index(self, alias: str, raw: Any, encoding: Encoding, basic: bool) -> int:
        known = self.elements.get(alias)
        if known is None:
            raise ValueProblem(f"{alias} has no elements in this model")
        if encoding is Encoding.NAME and basic:
            if not isinstance(raw, str):
                raise ValueProblem(f"{describe_json(raw)} is not an element of {alias}: an "
                                   f"element of a basic set is written as its name, a string")
            found = self._by_name(alias).get(raw)
            if found is None:
                raise ValueProblem(f"{describe_json(raw)} is not an element of {alias} "
                                   f"({_some(label_text(n) for n in known.values())})")
            return self._element(alias, found)
        number = integer(raw, f"an element of {alias}")
        if number not in known:
            shown = _some(f"{i}" if known[i] == str(i) else f"{i} {label_text(known[i])}"
                          for i in sorted(known))
            raise ValueProblem(f"{number} is not an element of {alias} ({shown})")
        return self._element(alias, number)

    def _element(self, alias: str, index: int):
        labels = (self.labels or {}).get(alias)
        return labels[index] if labels is not None else index

    def _by_name(self, alias: str) -> dict[str, int]:
        cache = self.__dict__.setdefault("_names", {})
        if alias not in cache:
            cache[alias] = {name: i for i, name in self.elements[alias].items()}
        return cache[alias]


def integer(raw: Any, what: str) -> int:
    """A JSON integer, or ValueProblem."""
    if isinstance(raw, LongNumber):
        raise ValueProblem(f"{what} must be an integer of at most 19 digits, got {raw!r}")
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise ValueProblem(f"{what} must be an integer, got {describe_json(raw)}")
    if abs(raw) >= MAX_INTEGER:
        raise ValueProblem(f"{what} must be below 2^63 in size, got {raw}")
    return raw


def decode(raw: Any, typ: Type, universe: Universe, encoding: Encoding, kinds: Mapping[str, str]):
    """The Python value of ``raw`` read as a value of ``typ``: an ``int``
    for an element or an integer, a ``tuple`` for a tuple, a ``frozenset``
    for a set.  ``kinds`` tells basic from constant sets (alias → kind)."""
    return _decode(raw, typ, universe, encoding, kinds)


def _decode(raw, typ, universe, encoding, kinds):
    if isinstance(typ, Element):
        return universe.index(typ.name, raw, encoding, kinds.get(typ.name) == "basic")
    if isinstance(typ, Integer):
        return integer(raw, "an integer (Z)")
    if isinstance(typ, TupleType):
        n = len(typ.factors)
        parts = raw
        if encoding is Encoding.INDEX:
            if not (isinstance(raw, list) and raw[:1] == [TUPLE_MARK]):
                raise ValueProblem(f"{describe_json(raw)} is not a tuple of {typ}: a tuple is an "
                                   f"array that starts with {TUPLE_MARK}, as [{TUPLE_MARK}, a, b]")
            parts = raw[1:]
        elif not isinstance(raw, list):
            raise ValueProblem(f"{describe_json(raw)} is not a tuple of {typ}: a tuple is an "
                               f"array of its {n} components")
        if len(parts) != n:
            raise ValueProblem(f"{describe_json(raw)} is not a tuple of {typ}: it has "
                               f"{len(parts)} components, not {n}")
        out = []
        for k, (part, factor) in enumerate(zip(parts, typ.factors), start=1):
            try:
                out.append(_decode(part, factor, universe, encoding, kinds))
            except ValueProblem as exc:
                raise ValueProblem(f"in the tuple {describe_json(raw)}, component {k}: {exc}") \
                    from None
        return tuple(out)
    if isinstance(typ, SetType):
        if not isinstance(raw, list) or (encoding is Encoding.INDEX and raw[:1] == [TUPLE_MARK]
                                         and isinstance(typ.base, TupleType)):
            raise ValueProblem(f"{describe_json(raw)} is not a set of {typ}: a set is an array "
                               f"of its members")
        members = set()
        for m in raw:
            try:
                value = _decode(m, typ.base, universe, encoding, kinds)
            except ValueProblem as exc:
                raise ValueProblem(f"in the set {describe_json(raw)}: {exc}") from None
            if value in members:
                raise ValueProblem(f"the set {describe_json(raw)} lists {describe_json(m)} twice")
            members.add(value)
        return frozenset(members)
    raise ValueProblem(f"a model gives no value of type {typ}")


def encode(value, typ: Type, universe: Universe, encoding: Encoding, kinds: Mapping[str, str]):
    """The JSON of a Python value of ``typ`` (the inverse of :func:`decode`);
    sets in the reference's order (numbers ascending, then shorter arrays
    first, then element by element)."""
    if isinstance(typ, Element):
        if encoding is Encoding.NAME and kinds.get(typ.name) == "basic":
            return universe.elements[typ.name][int(value)]
        return int(value)
    if isinstance(typ, Integer):
        return value
    if isinstance(typ, TupleType):
        parts = [encode(v, t, universe, encoding, kinds) for v, t in zip(value, typ.factors)]
        return [TUPLE_MARK, *parts] if encoding is Encoding.INDEX else parts
    if isinstance(typ, SetType):
        if encoding is Encoding.INDEX:
            return sorted((encode(m, typ.base, universe, encoding, kinds) for m in value),
                          key=reference_order)
        return [encode(m, typ.base, universe, encoding, kinds)
                for m in sorted(value, key=order_key)]
    raise ValueProblem(f"a model gives no value of type {typ}")


def reference_order(encoded) -> tuple:
    """The reference's order of set members: numbers ascending, arrays
    after numbers, shorter arrays first, then element by element."""
    if isinstance(encoded, list):
        return (1, len(encoded), tuple(reference_order(e) for e in encoded))
    if isinstance(encoded, str):
        return (0, 0, encoded)
    return (0, encoded)


def _some(names, limit: int = 8) -> str:
    shown = list(names)
    if not shown:
        return "it has no elements"
    head = ", ".join(str(n) for n in shown[:limit])
    more = f", … ({len(shown)} in all)" if len(shown) > limit else ""
    return f"its elements: {head}{more}"
