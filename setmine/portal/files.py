"""ConceptPortal's two JSON files, read as they are.

* The **rstool session** (``contractVersion`` 2.x): ``state.items`` are the
  constituents (``id``, ``alias``, ``cstType``, ``definitionFormal``, and the
  texts ``term``, ``definitionText``, ``convention``), ``state.model.items``
  the model's values (``id``, ``value``).  The sessions ConceptPortal writes
  hold no grammatical forms of a term; a ``termForms`` list, shaped as the
  bundle's ``term_forms``, is read when one is there.
* The **sandbox bundle** (``formatVersion`` 2): ``schema.items`` (``id``,
  ``alias``, ``cst_type``, ``definition_formal``, ``term_raw``,
  ``definition_raw``, ``convention``, the term's grammatical forms
  ``term_forms``) and ``model.items`` (``id``, ``type``,
  ``value``).

Both become a :class:`PortalFile`: the schema as a ``SchemaText`` (every
formula and text kept character for character; the kind from ``cstType``,
not from the alias's letter) and the model's values by alias, still in the
reference's encoding (``model/`` decodes them by type).  A file that is
neither, or that breaks either shape, is a :class:`PortalError` naming the
JSON path (``state.items[3].alias``) and what was expected there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base.jsontext import describe_json
from ..rsl.schemafile import Constituent, SchemaText, alias_problem, kind_of
from ..rsl.semantics.domains import GIVEN

# ConceptPortal's cstType → setmine's kind (a "statement" is a theorem)
KIND_OF_TYPE = {"basic": "basic", "constant": "constant", "structure": "structure",
                "term": "term", "axiom": "axiom", "statement": "theorem",
                "theorem": "theorem", "function": "function", "predicate": "predicate",
                "nominal": "nominal"}
TYPE_OF_KIND = {"basic": "basic", "constant": "constant", "structure": "structure",
                "term": "term", "axiom": "axiom", "theorem": "statement",
                "function": "function", "predicate": "predicate", "nominal": "nominal"}

FORMATS = ("an rstool session (contractVersion 2.x)",
           "a ConceptPortal sandbox bundle (formatVersion 2)")


class PortalError(Exception):
    """A file that is not a ConceptPortal session or bundle as it should be;
    the text names the JSON path and what is wrong there."""


@dataclass(frozen=True)
class PortalFile:
    """A schema and its model as ConceptPortal wrote them."""

    format: str                      # "session" or "bundle"
    schema: SchemaText
    values: dict[str, Any]           # alias → the model's value, in the reference's encoding
    ids: dict[str, int]              # alias → the item's id
    model_name: str = ""
    paths: dict[str, str] = field(default_factory=dict)  # alias → where its value is, in JSON
    notes: tuple[str, ...] = ()      # what the reader ignored, as the reference does


def portal_format(data: Any) -> str | None:
    """``"session"``, ``"bundle"`` or None for a decoded JSON document."""
    if isinstance(data, dict):
        if "contractVersion" in data:
            return "session"
        if "formatVersion" in data:
            return "bundle"
    return None


def read_portal(data: Any) -> PortalFile:
    """A session or a bundle from its decoded JSON; PortalError otherwise."""
    kind = portal_format(data)
    if kind == "session":
        return read_session(data)
    if kind == "bundle":
        return read_bundle(data)
    raise PortalError("not a ConceptPortal file: expected " + " or ".join(FORMATS))


def read_session(data: dict) -> PortalFile:
    version = data.get("contractVersion")
    if not (isinstance(version, str) and version.split(".")[0] == "2"):
        raise PortalError(f"contractVersion: expected a version 2.x, such as \"2.1.0\", got "
                          f"{describe_json(version)}")
    state = _object(data.get("state"), "state")
    items = _list(state.get("items"), "state.items")
    model = state.get("model")
    model = _object(model, "state.model") if model is not None else {"items": []}
    schema = _schema(items, "state.items", {"kind": "cstType", "formal": "definitionFormal",
                                            "term": "term", "text": "definitionText",
                                            "forms": "termForms"},
                     schema_alias=state.get("alias"), title=state.get("title"),
                     comment=state.get("comment"), where_meta="state",
                     source=f"a ConceptPortal rstool session (contractVersion {version})")
    ids = _ids(schema, items)
    values, paths, notes = _values(_list(model.get("items", []), "state.model.items"),
                                   "state.model.items", schema, ids)
    name = _text(state.get("sessionId"), "state.sessionId")
    return PortalFile("session", schema, values, ids, name, paths, tuple(notes))


def read_bundle(data: dict) -> PortalFile:
    version = data.get("formatVersion")
    if version != 2 or isinstance(version, bool):
        raise PortalError(f"formatVersion: expected 2, got {describe_json(version)}")
    body = _object(data.get("schema"), "schema")
    items = _list(body.get("items"), "schema.items")
    model = data.get("model")
    model = _object(model, "model") if model is not None else {"items": []}
    schema = _schema(items, "schema.items", {"kind": "cst_type", "formal": "definition_formal",
                                             "term": "term_raw", "text": "definition_raw",
                                             "forms": "term_forms"},
                     schema_alias=body.get("alias"), title=body.get("title"),
                     comment=body.get("description"), where_meta="schema",
                     source="a ConceptPortal sandbox bundle (formatVersion 2)")
    ids = _ids(schema, items)
    values, paths, notes = _values(_list(model.get("items", []), "model.items"), "model.items",
                                   schema, ids)
    name = _text(model.get("title"), "model.title") or _text(model.get("alias"), "model.alias")
    return PortalFile("bundle", schema, values, ids, name, paths, tuple(notes))


def _schema(items: list, where: str, keys: dict[str, str], schema_alias, title, comment,
            where_meta: str, source: str) -> SchemaText:
    constituents: list[Constituent] = []
    seen_ids: dict[int, int] = {}
    seen_aliases: dict[str, int] = {}
    for n, raw in enumerate(items):
        at = f"{where}[{n}]"
        item = _object(raw, at)
        number = item.get("id")
        if not isinstance(number, int) or isinstance(number, bool):
            raise PortalError(f"{at}.id: expected an integer, got {describe_json(number)}")
        if number in seen_ids:
            raise PortalError(f"{at}.id: {number} is already the id of {where}[{seen_ids[number]}]")
        seen_ids[number] = n
        alias = item.get("alias")
        if not isinstance(alias, str) or not alias:
            raise PortalError(f"{at}.alias: expected the constituent's alias, such as \"D1\", "
                              f"got {describe_json(alias)}")
        type_name = item.get(keys["kind"])
        if not isinstance(type_name, str) or type_name not in KIND_OF_TYPE:
            raise PortalError(f"{at}.{keys['kind']}: expected one of "
                              f"{', '.join(t for t in KIND_OF_TYPE if t != 'theorem')}, got "
                              f"{describe_json(type_name)}")
        kind = KIND_OF_TYPE[type_name]
        problem = alias_problem(alias, kind)
        if problem is not None:
            raise PortalError(f"{at}.alias: {problem}")
        if alias in seen_aliases:
            raise PortalError(f"{at}.alias: {alias} is already {where}[{seen_aliases[alias]}]")
        seen_aliases[alias] = n
        texts = {key: _text(item.get(keys[key]) if key in keys else item.get(key),
                            f"{at}.{keys.get(key, key)}")
                 for key in ("formal", "term", "text", "convention")}
        constituents.append(Constituent(alias, texts.pop("formal"), **texts,
                                        declared_kind=kind if kind != kind_of(alias) else None,
                                        forms=_forms(item.get(keys["forms"]),
                                                     f"{at}.{keys['forms']}")))
    return SchemaText(tuple(constituents), alias=_text(schema_alias, f"{where_meta}.alias"),
                      title=_text(title, f"{where_meta}.title"),
                      comment=_text(comment, f"{where_meta}.comment"), source=source)


def _values(items: list, where: str, schema: SchemaText,
            ids: dict[str, int]) -> tuple[dict, dict, list[str]]:
    """The model's values by alias, where each is in the file, and notes
    on the values the reference ignores (a value given to a term)."""
    alias_of = {number: alias for alias, number in ids.items()}
    kinds = {c.alias: c.kind for c in schema.constituents}
    values: dict[str, Any] = {}
    paths: dict[str, str] = {}
    notes: list[str] = []
    for n, raw in enumerate(items):
        at = f"{where}[{n}]"
        item = _object(raw, at)
        number = item.get("id")
        if not isinstance(number, int) or isinstance(number, bool) or number not in alias_of:
            raise PortalError(f"{at}.id: {describe_json(number)} is the id of no constituent of "
                              f"the schema")
        alias = alias_of[number]
        if "value" not in item:
            raise PortalError(f"{at}: the value of {alias} is missing (expected a \"value\" key)")
        if alias in values:
            raise PortalError(f"{at}: {alias} already has a value, at {paths[alias]}")
        if kinds[alias] not in GIVEN:
            notes.append(f"{at}: the value given to {alias}, a {kinds[alias]}, is ignored: "
                         f"a {kinds[alias]} is computed")
            continue
        values[alias] = item["value"]
        paths[alias] = f"{at}.value"
    return values, paths, notes


def _forms(raw: Any, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A term's grammatical forms: ``[{"text": "ячейки", "tags": "plur,nomn"}, …]``
    (absent or null: none)."""
    if raw is None:
        return ()
    forms = []
    for n, item in enumerate(_list(raw, where)):
        item = _object(item, f"{where}[{n}]")
        text, tags = item.get("text"), item.get("tags")
        if not isinstance(text, str) or not isinstance(tags, str):
            raise PortalError(f"{where}[{n}]: expected {{\"text\": a string, \"tags\": the "
                              f"grammemes, comma-separated}}, got {describe_json(item)}")
        forms.append((text, tuple(t.strip() for t in tags.split(",") if t.strip())))
    return tuple(forms)


def _ids(schema: SchemaText, items: list) -> dict[str, int]:
    """alias → id (the items were checked by :func:`_schema`)."""
    return {c.alias: item["id"] for c, item in zip(schema.constituents, items)}


def _object(value: Any, where: str) -> dict:
    if not isinstance(value, dict):
        raise PortalError(f"{where}: expected a JSON object, got {describe_json(value)}")
    return value


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise PortalError(f"{where}: expected a JSON array, got {describe_json(value)}")
    return value


def _text(value: Any, where: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise PortalError(f"{where}: expected a string, got {describe_json(value)}")
    return value
