"""A model of a schema: the values of its basic sets, constant sets and
structures, read and checked against their types and domains.

    >>> model = interpret(schema, {"X1": ["logic", "sets"], "S1": [["sets", "logic"]]},
    ...                   Encoding.NAME)
    >>> model.values["S1"]
    frozenset({(1, 0)})

A basic set's elements are numbered (by their index in a ConceptPortal
file, by their place in setmine's own file) and named; a constant set's
elements are integers.  Every structure's value must be a value of its
type whose elements lie in their sets, and — when its domain is built from
other structures or terms (``S4 ::= ℬ(S2×S3)``) — lie in the domain's value
in this model, computed after what it reads.  Any fault is a
:class:`ModelError` naming the constituent, where its value is in the file
and what is wrong.  What the file leaves out is what the reference takes
it to be: a basic set, a constant set or a structure whose values are sets
is empty (a note says so); a structure that is one element or integer has
no value, and a term that reads it fails with ``calcGlobalMissing``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..eval.interpret.evaluator import Evaluator
from ..eval.interpret.model import evaluate_schema, functions
from ..eval.values.budget import Budget
from ..eval.values.sets import CURRENT_BUDGET, member, order_key
from ..rsl.semantics.domains import GIVEN, reads_values
from ..rsl.semantics.types import Element, SetType, TupleType
from ..rsl.syntax import tree as s
from ..rsl.syntax.errors import RSLError
from ..rsl.syntax.printer import unicode
from .decode import Encoding, Label, Universe, ValueProblem, decode, element_text, encode, integer
from ..base.jsontext import describe_json



class ModelError(Exception):
    """A model that does not fit its schema; the text names the constituent,
    where its value is and what is wrong."""


@dataclass
class Model:
    """A schema's interpretation: ``values`` (alias → Python value) of its
    basic sets, constant sets and structures; ``names`` (alias → element →
    name) of the elements of its basic and constant sets."""

    schema: Any
    values: dict[str, object]
    names: dict[str, dict[int, str]] = field(default_factory=dict)
    title: str = ""
    source: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def kinds(self) -> dict[str, str]:
        return {c.alias: c.kind for c in self.schema}

    @property
    def universe(self) -> Universe:
        return Universe(self.names, self.labels())

    def labels(self) -> dict[str, dict[int, Label]]:
        """Each basic set's elements as the evaluator holds them: index →
        :class:`Label` (the index, named as :meth:`shown_names` says)."""
        shown = self.shown_names()
        out = {}
        for alias, kind in self.kinds.items():
            if kind == "basic" and alias in self.names:
                value = self.values.get(alias, frozenset())
                held = {int(e): e for e in value if isinstance(e, Label)}
                out[alias] = {i: held.get(i) or Label(i, shown[alias][i])
                              for i in self.names[alias]}
        return out

    def sizes(self) -> dict[str, int]:
        """The number of elements of each basic and constant set."""
        return {alias: len(self.names.get(alias, {})) for alias, kind in self.kinds.items()
                if kind in ("basic", "constant")}

    def shown_names(self) -> dict[str, dict[int, str]]:
        """alias → element → the text that shows it: a basic set's element
        by its name (``name#index`` when the name is empty or shared within
        its set), a constant set's by its number."""
        out = {}
        for alias, names in self.names.items():
            if self.kinds.get(alias) != "basic":
                out[alias] = {i: str(i) for i in names}
                continue
            seen: dict[str, int] = {}
            for name in names.values():
                seen[name] = seen.get(name, 0) + 1
            out[alias] = {i: name if name and seen[name] == 1 else f"{name}#{i}"
                          for i, name in names.items()}
        return out

    def encoded(self, encoding: Encoding) -> dict[str, Any]:
        """Every given value in ``encoding`` (basic and constant sets by
        their elements' names in setmine's own files, as bindings
        ``{index: name}`` in ConceptPortal's)."""
        out: dict[str, Any] = {}
        kinds = self.kinds
        shown = self.shown_names()  # by name: each name unique within its set
        universe = Universe(shown, self.labels()) if encoding is Encoding.NAME else self.universe
        for alias, value in self.values.items():
            kind = kinds[alias]
            if kind == "basic":
                names = self.names[alias]
                out[alias] = [shown[alias][i] for i in sorted(names)] \
                    if encoding is Encoding.NAME else {str(i): names[i] for i in sorted(names)}
            elif kind == "constant":
                names = self.names[alias]
                plain = all(names[i] == str(i) for i in names)
                out[alias] = sorted(names) if plain and encoding is Encoding.NAME \
                    else {str(i): names[i] for i in sorted(names)}
            else:
                out[alias] = encode(value, self.schema.analysis[alias].type, universe,
                                    encoding, kinds)
        return out


def interpret(schema, raw: Mapping[str, Any], encoding: Encoding,
              where: Mapping[str, str] | None = None, title: str = "", source: str = "",
              budget: Budget | None = None) -> Model:
    """The model of ``schema`` whose values ``raw`` gives (alias → JSON
    value, in ``encoding``); ``where`` says where each value is in its file
    (for the messages).  ModelError for any value that does not fit."""
    where = dict(where or {})
    kinds = {c.alias: c.kind for c in schema}
    for alias in raw:
        if alias not in kinds:
            given = ", ".join(a for a, k in kinds.items() if k in GIVEN) or "none"
            raise ModelError(f"{_at(alias, where)}: the schema has no constituent {alias} "
                             f"(its basic sets, constants and structures: {given})")
        if kinds[alias] not in GIVEN:
            raise ModelError(f"{_at(alias, where)}: {alias} is a {kinds[alias]}: a model gives "
                             f"values only to basic sets, constant sets and structures")
    model = Model(schema, {}, {}, title, source)
    for c in schema:
        if c.kind in ("basic", "constant"):
            if c.alias in raw:
                model.names[c.alias] = _elements(c.alias, c.kind, raw[c.alias], encoding, where)
            else:
                model.names[c.alias] = {}
                model.notes.append(f"{c.alias} is not given: it is empty")
            model.values[c.alias] = frozenset(model.names[c.alias])
    for alias, labels in model.labels().items():
        model.values[alias] = frozenset(labels.values())
    universe = model.universe
    for alias in _structures_in_order(schema):
        analysis = schema.analysis[alias]
        if alias not in raw:
            if analysis.ok and isinstance(analysis.type, SetType):
                model.values[alias] = frozenset()
                model.notes.append(f"{alias} is not given: it is empty")
            else:
                model.notes.append(f"{alias} is not given: a term that reads it has no value")
            continue
        if not analysis.ok:
            model.notes.append(f"{alias} has an error ({analysis.error.code}), so its value "
                               f"is not read")
            continue
        try:
            value = decode(raw[alias], analysis.type, universe, encoding, kinds)
        except ValueProblem as exc:
            raise ModelError(f"{_at(alias, where)}: {alias} ::= {analysis.constituent.formal}: "
                             f"{exc}") from None
        _check_domain(schema, model, alias, value, where, budget)
        model.values[alias] = value
    return model


def _elements(alias: str, kind: str, raw: Any, encoding: Encoding,
              where: Mapping[str, str]) -> dict[int, str]:
    """index → name of a basic or constant set's elements."""
    at = _at(alias, where)
    if isinstance(raw, dict):  # a binding {index: name}, as ConceptPortal writes it
        out = {}
        named: dict[str, int] = {}
        for key, name in raw.items():
            try:
                index = int(key)
            except ValueError:
                raise ModelError(f"{at}: the key {describe_json(key)} of {alias} is not an "
                                 f"element's index (an integer)") from None
            if not isinstance(name, str):
                raise ModelError(f"{at}: the name of element {index} of {alias} must be a "
                                 f"string, got {describe_json(name)}")
            if index in out:
                raise ModelError(f"{at}: element {index} of {alias} is given twice")
            if encoding is Encoding.NAME and kind == "basic":
                # setmine's own file names its elements in every value: a name
                # must say which element it is (ConceptPortal's values are by index)
                if not name:
                    raise ModelError(f"{at}: an element of {alias} is written as its name, a "
                                     f"non-empty string; element {index} has an empty name")
                if name in named:
                    raise ModelError(f"{at}: {alias} names {describe_json(name)} twice "
                                     f"(elements {named[name]} and {index})")
                named[name] = index
            out[index] = name
        return out
    if not isinstance(raw, list):
        raise ModelError(f"{at}: {alias} must be an array of its elements, got "
                         f"{describe_json(raw)}")
    if encoding is Encoding.NAME and kind == "basic":
        out, named = {}, {}
        for index, name in enumerate(raw):
            if not isinstance(name, str) or not name:
                raise ModelError(f"{at}: an element of {alias} is written as its name, a "
                                 f"non-empty string; got {describe_json(name)}")
            if name in named:
                raise ModelError(f"{at}: {alias} names {describe_json(name)} twice "
                                 f"(elements {named[name]} and {index})")
            out[index], named[name] = name, index
        return out
    out = {}
    for item in raw:
        try:
            index = integer(item, f"an element of {alias}")
        except ValueProblem as exc:
            raise ModelError(f"{at}: {exc}") from None
        if index in out:
            raise ModelError(f"{at}: {alias} lists {index} twice")
        out[index] = str(index)
    return out


def _structures_in_order(schema) -> list[str]:
    """The structures, each after the structures its domain reads."""
    structures = [c.alias for c in schema if c.kind == "structure"]
    done: list[str] = []
    for alias in structures:
        for before in sorted(schema.closure(alias) & set(structures),
                             key=structures.index) + [alias]:
            if before not in done:
                done.append(before)
    return done


def _check_domain(schema, model: Model, alias: str, value, where, budget) -> None:
    """ModelError unless ``value`` lies in the value of ``alias``'s domain,
    when the domain reads other structures or terms."""
    domain = schema.analysis[alias].tree
    env = schema.environment()
    if domain is None or not reads_values(domain, env):
        return
    budget = budget or Budget()
    data = dict(model.values)
    needed = [n for n in reads_values(domain, env) if schema[n].kind == "term"]
    if needed:
        for name, result in evaluate_schema(schema, data, budget, only=needed).items():
            if name in needed and not result.ok:
                raise ModelError(f"{_at(alias, where)}: the domain of {alias}, "
                                 f"{unicode(domain)}, reads {name}, which has no value in this "
                                 f"model ({result.error.code}: {result.error.message})")
            if result.ok and result.kind == "term":
                data[name] = result.value
    evaluator = Evaluator(data, functions(schema), budget)
    token = CURRENT_BUDGET.set(budget)
    try:
        budget.restart(f"the domain of {alias}")
        if isinstance(domain, s.Apply) and domain.op == "ℬ" and isinstance(value, frozenset):
            inner = evaluator.value(domain.arg)
            outside = sorted((m for m in value if not member(m, inner)), key=order_key)
            if outside:
                shown = model_text(outside[0])
                raise ModelError(f"{_at(alias, where)}: {alias} ::= {unicode(domain)}, but its "
                                 f"member {shown} ∉ {unicode(domain.arg)} in this model")
        elif not member(value, evaluator.value(domain)):
            raise ModelError(f"{_at(alias, where)}: the value of {alias} is not in its domain "
                             f"{unicode(domain)} in this model")
    except RSLError as exc:
        raise ModelError(f"{_at(alias, where)}: the domain of {alias}, {unicode(domain)}, "
                         f"cannot be computed in this model: {exc.code}: {exc.message}") from None
    finally:
        CURRENT_BUDGET.reset(token)


def model_text(value, element=element_text, empty: str = "{}") -> str:
    """A model's value as RSLang text, its elements by name (``(sets, logic)``:
    a basic set's element is a :class:`Label`, written by
    :func:`~.decode.label_text`, in double quotes when its name holds a
    comma, a brace…); ``element`` writes an element, ``empty`` the empty set."""
    if isinstance(value, tuple):
        return "(" + ", ".join(model_text(v, element, empty) for v in value) + ")"
    if isinstance(value, frozenset):
        if not value:
            return empty
        return "{" + ", ".join(model_text(v, element, empty)
                               for v in sorted(value, key=order_key)) + "}"
    return element(value)


def _at(alias: str, where: Mapping[str, str]) -> str:
    return where.get(alias, alias)


def renumbered(schema, data: Mapping[str, object], text_of, title: str = "",
               source: str = "") -> Model:
    """The model of ``schema`` that ``data`` gives with elements of any kind
    (a board's cells, say): each basic set's elements numbered in canonical
    order and named by ``text_of(element)``, every structure's value
    rewritten in those numbers — the form a ConceptPortal file needs."""
    kinds = {c.alias: c.kind for c in schema}
    number: dict[str, dict] = {}
    model = Model(schema, {}, {}, title, source)
    for c in schema:
        if c.kind in ("basic", "constant") and c.alias in data:
            ordered = sorted(data[c.alias], key=order_key)
            if c.kind == "basic":
                model.names[c.alias] = {i: text_of(e) for i, e in enumerate(ordered)}
            else:
                model.names[c.alias] = {e: str(e) for e in ordered}
            model.values[c.alias] = frozenset(model.names[c.alias])
    for alias, labels in model.labels().items():
        model.values[alias] = frozenset(labels.values())
        number[alias] = {e: labels[i] for i, e in enumerate(sorted(data[alias], key=order_key))}

    def rewrite(value, typ):
        if isinstance(typ, Element):
            return number[typ.name][value] if kinds.get(typ.name) == "basic" else value
        if isinstance(typ, TupleType):
            return tuple(rewrite(v, t) for v, t in zip(value, typ.factors))
        if isinstance(typ, SetType):
            return frozenset(rewrite(v, typ.base) for v in value)
        return value

    for c in schema:
        analysis = schema.analysis[c.alias]
        if c.kind == "structure" and c.alias in data and analysis.ok:
            model.values[c.alias] = rewrite(data[c.alias], analysis.type)
    return model
