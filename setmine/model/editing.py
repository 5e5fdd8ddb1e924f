"""Editing a model one step at a time, as a model editor does: add, rename
or remove an element of a basic or constant set; add or take away one
member of a structure's set; give a structure a whole new value.

Every edit works on the model as setmine's own file writes it (``own.py``:
elements by name) and is read back through :func:`~.interpretation.interpret`,
so an edited model is checked exactly as a model file is — a member outside
its structure's domain (``S3 ::= ℬ(S2)``) is a :class:`ModelError` saying
which.  Removing an element takes away every member of every structure that
has it as an element or a component, and the value of a structure that is
that element (a set nested inside a member only loses it).

    >>> edit(schema, values, Edit("rename", "X1", "Ann", "Anna"))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rsl.semantics.types import Element, SetType, TupleType
from .decode import Encoding, ValueProblem
from .interpretation import Model, ModelError, interpret
from .own import own_json
from .reading import read_value

OPS = ("add", "rename", "remove", "toggle", "set")


@dataclass(frozen=True)
class Edit:
    """``op`` on constituent ``alias``: ``add``/``remove`` the element
    ``text`` of a basic or constant set, ``rename`` the element ``text`` to
    ``to``; ``toggle`` the member ``text`` of a structure's set (written as
    values print: ``(Ann, sets)``); ``set`` a structure's value to ``text``."""

    op: str
    alias: str
    text: str
    to: str = ""


def edit(model: Model, change: Edit) -> Model:
    """The model after ``change``; ModelError saying why it cannot be made."""
    schema = model.schema
    kinds = model.kinds
    if change.op not in OPS:
        raise ModelError(f"an edit is one of {', '.join(OPS)}, not {change.op!r}")
    if change.alias not in kinds:
        raise ModelError(f"the schema has no constituent {change.alias}")
    kind = kinds[change.alias]
    values = own_json(model)["values"]
    if change.op in ("add", "rename", "remove"):
        if kind not in ("basic", "constant"):
            raise ModelError(f"{change.alias} is a {kind}: elements are added, renamed and "
                             f"removed in basic and constant sets")
        values = _element_edit(schema, values, change, kind)
    else:
        if kind != "structure":
            raise ModelError(f"{change.alias} is a {kind}: a {change.op} changes a "
                             f"structure's value")
        values[change.alias] = _structure_edit(model, change)
    return interpret(schema, values, Encoding.NAME, title=model.title, source=model.source)


def _element_edit(schema, values: dict, change: Edit, kind: str) -> dict:
    alias, name = change.alias, change.text.strip()
    elements = list(values.get(alias, []))
    if kind == "constant":
        try:
            name = int(name)
        except ValueError:
            raise ModelError(f"an element of the constant set {alias} is an integer, not "
                             f"{change.text!r}") from None
    elif not name:
        raise ModelError(f"an element of {alias} needs a name")
    if change.op == "add":
        if name in elements:
            raise ModelError(f"{alias} already has {name}")
        values[alias] = elements + [name]
        return values
    if name not in elements:
        raise ModelError(f"{alias} has no element {name}")
    if change.op == "rename":
        to = change.to.strip()
        if kind == "constant":
            raise ModelError(f"the elements of the constant set {alias} are integers: remove "
                             f"one and add another")
        if not to:
            raise ModelError(f"a new name for {name} is needed")
        if to in elements and to != name:
            raise ModelError(f"{alias} already has {to}")
        values[alias] = [to if e == name else e for e in elements]
        rewrite = lambda raw, typ: _renamed(raw, typ, alias, name, to)  # noqa: E731
    else:
        values[alias] = [e for e in elements if e != name]
        rewrite = lambda raw, typ: _without(raw, typ, alias, name)  # noqa: E731
    for c in schema:
        if c.kind == "structure" and c.alias in values and schema.analysis[c.alias].ok:
            typ = schema.analysis[c.alias].type
            if change.op == "remove" and not isinstance(typ, SetType) \
                    and _mentions(values[c.alias], typ, alias, name):
                del values[c.alias]   # a structure that was the element has no value now
            else:
                values[c.alias] = rewrite(values[c.alias], typ)
    return values


def _structure_edit(model: Model, change: Edit) -> Any:
    typ = model.schema.analysis[change.alias].type
    if typ is None:
        raise ModelError(f"{change.alias} has no type: its domain has an error")
    try:
        if change.op == "set":
            value = read_value(change.text, typ, model)
        else:
            if not isinstance(typ, SetType):
                raise ModelError(f"{change.alias} is one {typ}, not a set: give its value "
                                 f"(set)")
            member = read_value(change.text, typ.base, model)
            value = model.values.get(change.alias, frozenset()) ^ {member}
    except ValueProblem as exc:
        raise ModelError(f"{change.alias}: {exc}") from None
    edited = Model(model.schema, {**model.values, change.alias: value}, model.names,
                   model.title, model.source)
    return own_json(edited)["values"][change.alias]


def _mentions(raw, typ, alias: str, name) -> bool:
    """Whether ``raw`` is the element or a tuple with it as a component (a
    set inside only loses it: ``_without``)."""
    if isinstance(typ, Element):
        return typ.name == alias and raw == name
    if isinstance(typ, TupleType):
        return any(_mentions(r, t, alias, name) for r, t in zip(raw, typ.factors))
    return False


def _renamed(raw, typ, alias: str, name, to):
    if isinstance(typ, Element):
        return to if typ.name == alias and raw == name else raw
    if isinstance(typ, TupleType):
        return [_renamed(r, t, alias, name, to) for r, t in zip(raw, typ.factors)]
    if isinstance(typ, SetType):
        return [_renamed(r, typ.base, alias, name, to) for r in raw]
    return raw


def _without(raw, typ, alias: str, name):
    """``raw`` with every member of its sets that mentions the element taken
    away (a tuple is taken away whole by the set that holds it)."""
    if isinstance(typ, SetType):
        kept, seen = [], set()
        for member in raw:
            if _mentions(member, typ.base, alias, name):
                continue
            member = _without(member, typ.base, alias, name)
            key = _key(member, typ.base)   # ({a}, ∅) and (∅, ∅)… may now be one member
            if key not in seen:
                seen.add(key)
                kept.append(member)
        return kept
    if isinstance(typ, TupleType):
        return [_without(r, t, alias, name) for r, t in zip(raw, typ.factors)]
    return raw


def _key(raw, typ):
    """A value written in JSON as a hashable value equal for equal values
    (a set's members in any order)."""
    if isinstance(typ, SetType):
        return frozenset(_key(r, typ.base) for r in raw)
    if isinstance(typ, TupleType):
        return tuple(_key(r, t) for r, t in zip(raw, typ.factors))
    return raw
