"""A model found by ``verify --scope models``, its elements named from the
schema file's own model (issue 45: counterexamples people read).

The search numbers the elements of a basic set of n elements 0…n−1.  When
the schema file carries a model — a ConceptPortal session or bundle, or
setmine's own model file read against the schema — :func:`element_names`
gives each basic set the file's labels in the file's order (a
ConceptPortal binding ``{index: name}`` by index, setmine's list as
listed): element i is the file's i-th label (``X1`` → ``Иван``, ``Пётр``…;
an empty or shared label as the model shows it, ``Ann#3``).

**Past the file's labels** (or, where a caller names a model of a file
without one: ``verify`` then keeps the numbers 0…n−1), element i of basic set
``X1`` is ``X1#i`` — the set's alias and the element's number in the
search, the ``#i`` setmine writes for an element without a name of its
own: a scope of 5 over a file that names 3 people gives ``Иван``, ``Пётр``,
``Мария``, ``X1#3``, ``X1#4``.  Such a name never equals one of the
file's labels: a label that is ``X1#3`` already makes it ``X1#3′`` (one
prime more until it is new), so the same model is always named alike.
Elements of constant sets and integers keep their numbers.

    >>> names = element_names("spec/models/study-plan.session.json", schema)
    >>> names["X1"], name_for("X1", 4, names)
    (['Ann', 'Boris', 'Chen'], 'X1#4')
    >>> show_named(frozenset({(0, 1)}), env["S2"].type, names)
    '{(Ann, logic)}'

The names ride on the values as :class:`~setmine.model.decode.Label`
(an ``int`` with a name): :func:`named_interpretation` gives the whole
model so, and everything that shows values — ``present.output.values``,
the evidence of a failing property, a written session — names them.
:func:`session_for` is the ConceptPortal session ``--write-model`` writes,
whose id and title say what it is.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Mapping

from ....model.decode import Encoding, Label
from ....model.interpretation import Model, interpret, renumbered
from ....model.own import read_own
from ....portal.files import PortalFile
from ....portal.writing import readable_by_reference, session_json
from ....present.output.values import DEFAULT_MAX_ELEMENTS, show, to_json
from ....rsl.schemafile import kind_of
from ....rsl.semantics.types import Element, SetType, TupleType
from ....sources import Contents, read_contents
from ..naive import Interpretation

BEYOND = "{alias}#{index}"
"""The name of element ``index`` of a basic set past the file's labels."""

PRIME = "′"
"""Added to a name of :data:`BEYOND` that the file already uses, until it is new."""

TOOL = "setmine verify --scope models"


class Names(dict):
    """alias → the file's labels of each basic set, in the file's order (a
    ``dict[str, list[str]]``); ``basic``: the schema's basic sets, so that
    a set with no labels is still named by the scheme and a constant set
    keeps its numbers (a plain dict tells them by the alias's letter)."""

    def __init__(self, labels: Mapping[str, list[str]] = (), basic=frozenset()):
        super().__init__(labels)
        self.basic = frozenset(basic)

    def __reduce__(self):
        return (Names, (dict(self), self.basic))


def element_names(path_or_loaded, schema) -> Names:
    """Each basic set's labels in the file that ``path_or_loaded`` is or
    holds: a path, what ``setmine.sources.read_contents`` read, a
    ConceptPortal file (``PortalFile``) or a model (``Model``).  Empty (but
    knowing ``schema``'s basic sets) when the file carries no model: a
    ``.rsl`` or Exteor file, a ConceptPortal file without values.  A
    setmine model file is read against ``schema``; only its basic sets are
    read, so a structure's value that does not fit the schema (or a
    structure the schema no longer has) does not stop the naming.  A file
    that cannot be read at all raises ``setmine.sources.SourceError`` or
    ``setmine.model.interpretation.ModelError``, as ``setmine eval`` says
    them."""
    basic = [c.alias for c in schema if c.kind == "basic"]
    model = _model(path_or_loaded, schema, basic)
    if model is None:
        return Names({}, basic)
    shown = model.shown_names()   # an empty or shared label as the model shows it: Ann#3
    labels = {alias: [shown[alias][i] for i in sorted(model.names[alias])]
              for alias in basic if model.names.get(alias)}
    return Names(labels, basic)


def _model(loaded, schema, basic: list[str]) -> Model | None:
    """The file's model restricted to the basic sets, or None."""
    if isinstance(loaded, Model):
        return loaded
    if isinstance(loaded, (str, Path)):
        loaded = read_contents(loaded)
    if isinstance(loaded, Contents):
        if loaded.portal is not None:
            loaded = loaded.portal
        elif loaded.format == "setmine-model":
            data = loaded.data
            values = data.get("values") if isinstance(data.get("values"), dict) else {}
            kept = {a: v for a, v in values.items() if a in basic}
            return read_own({**data, "values": kept}, schema, loaded.path)
        else:
            return None
    if isinstance(loaded, PortalFile):
        kept = {a: v for a, v in loaded.values.items() if a in basic}
        if not kept:
            return None
        return interpret(schema, kept, Encoding.INDEX,
                         {a: p for a, p in loaded.paths.items() if a in kept})
    raise TypeError(f"element_names reads a path, a read file or a model, not "
                    f"{type(loaded).__name__}")


def is_basic(alias: str, names: Mapping[str, list[str]]) -> bool:
    """Is ``alias`` a basic set (its elements named), rather than a constant
    set (its elements are numbers)?"""
    known = getattr(names, "basic", None)
    if known:
        return alias in known
    return alias in names or kind_of(alias) == "basic"


def name_for(alias: str, i: int, names: Mapping[str, list[str]]) -> str:
    """The name of element ``i`` of the set ``alias``: the file's i-th label
    when it has one, else ``X1#i`` (primed until no label of the file is
    that name); an element of a constant set is its number."""
    i = int(i)
    if not is_basic(alias, names):
        return str(i)
    labels = names.get(alias) or []
    if 0 <= i < len(labels):
        return labels[i]
    name = BEYOND.format(alias=alias, index=i)
    taken = set(labels)
    while name in taken:
        name += PRIME
    return name


def named(value, type_, names: Mapping[str, list[str]]):
    """``value`` (frozensets, tuples, ints; a value of ``type_``) with every
    element of a basic set a :class:`Label` of its name; integers and
    constants as they are.  A value that does not fit ``type_`` is kept."""
    if isinstance(type_, Element):
        if isinstance(value, int) and not isinstance(value, bool) \
                and is_basic(type_.name, names):
            return Label(int(value), name_for(type_.name, value, names))
        return value
    if isinstance(type_, TupleType) and isinstance(value, tuple) \
            and len(value) == len(type_.factors):
        return tuple(named(v, t, names) for v, t in zip(value, type_.factors))
    if isinstance(type_, SetType) and isinstance(value, frozenset):
        return frozenset(named(v, type_.base, names) for v in value)
    return value


def show_named(value, type_, names: Mapping[str, list[str]], limit: int = 50) -> str:
    """``value`` as ``present.output.values.show`` writes it (its order: by
    the elements' numbers, so a set lists its members as the unnamed one
    does), each element of a basic set by its name."""
    return show(named(value, type_, names), limit)


def json_named(value, type_, names: Mapping[str, list[str]],
               max_elements: int = DEFAULT_MAX_ELEMENTS):
    """``value`` in ``docs/json.md``'s encoding
    (``present.output.values.to_json``), each element of a basic set its
    name, a string."""
    return to_json(named(value, type_, names), type_, max_elements)


def named_interpretation(schema, interpretation: Interpretation,
                         names: Mapping[str, list[str]]) -> Interpretation:
    """The same model, each basic set's elements :class:`Label`\\ s named
    by :func:`name_for`: whatever then shows it or evaluates on it
    (``_show_model``, ``evidence.gather``, ``values_json``) names them."""
    env = schema.environment()
    values = {}
    for alias, value in interpretation.values.items():
        info = env.get(alias)
        type_ = info.type if info is not None else None
        if type_ is None and alias in schema and schema[alias].kind in ("basic", "constant"):
            type_ = SetType(Element(alias))
        values[alias] = named(value, type_, names) if type_ is not None else value
    return Interpretation(dict(interpretation.sizes), values)


def sizes_text(sizes: Mapping[str, int]) -> str:
    """``X1=3, X2=2``."""
    return ", ".join(f"{alias}={n}" for alias, n in sizes.items())


def session_title(what: str, property_name: str | None, sizes: Mapping[str, int],
                  schema_title: str = "") -> str:
    """``Counterexample to T1 (setmine verify --scope models, X1=3)``, or
    ``First model of A study plan (…)`` for a model that refutes nothing."""
    where = f"{TOOL}, {sizes_text(sizes)}" if sizes else TOOL
    if property_name:
        return f"{what[:1].upper()}{what[1:]} to {_short(property_name)} ({where})"
    of = f" of {schema_title}" if schema_title else ""
    return f"{what[:1].upper()}{what[1:]}{of} ({where})"


def session_id(what: str, property_name: str | None, schema_alias: str = "") -> str:
    """``STUDY-counterexample-T1`` (``…-assert`` for an ``--assert``
    formula), ``STUDY-first-model``."""
    parts = [schema_alias] if schema_alias else []
    parts.append("-".join(what.split()))
    if property_name:
        parts.append(property_name if _is_alias(property_name) else "assert")
    return "-".join(parts)


def session_for(schema, interpretation: Interpretation, names: Mapping[str, list[str]],
                what: str = "counterexample", property_name: str | None = None,
                sizes: Mapping[str, int] | None = None) -> dict:
    """The ConceptPortal rstool session (its JSON document, as
    ``portal.writing.session_json`` writes it) of ``schema`` with the model
    ``interpretation``, its elements named by ``names``: the session's id
    and title say what it is (``what``: ``counterexample``, ``first model``;
    ``property_name``: the alias or ``--assert`` formula it refutes;
    ``sizes``: the size vector, by default the model's), the schema's own
    title and comment kept after a line that says so.  ``setmine eval``
    reads it back with the labels.  Give the whole schema (not only its
    valid part) to keep its faulty constituents in the file."""
    sizes = dict(interpretation.sizes if sizes is None else sizes)
    text = readable_by_reference(schema)
    title = session_title(what, property_name, sizes, text.title or text.alias)
    model = renumbered(schema, named_interpretation(schema, interpretation, names).values, str,
                       title=title)
    types = {c.alias: str(schema.analysis[c.alias].type) for c in schema
             if c.kind == "structure" and schema.analysis[c.alias].ok}
    said = (f"A model of {text.title or text.alias or 'the schema'}"
            + (f" in which {property_name} fails" if property_name else "")
            + f", found by {TOOL} in the scope {sizes_text(sizes) or 'of no set'}.")
    text = replace(text, title=title,
                   comment=said + (f"\n\n{text.comment}" if text.comment else ""))
    return session_json(text, model.encoded(Encoding.INDEX), types,
                        session_id(what, property_name, schema.text.alias))


def _is_alias(text: str) -> bool:
    return bool(text) and text[:1].isupper() and text.replace("_", "").isalnum()


def _short(text: str, most: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= most else text[:most - 1] + "…"


__all__ = ["BEYOND", "Names", "element_names", "is_basic", "json_named", "name_for", "named",
           "named_interpretation", "session_for", "session_id", "session_title", "show_named",
           "sizes_text"]
