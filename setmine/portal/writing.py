"""A schema and its model as an rstool session, the file ConceptPortal's
engine reads (``rsref``, ``refeval.mjs``): ``state.items`` the constituents,
``state.model.items`` the values of the basic sets, constants and
structures in the reference's encoding (by index, tuples marked ``-111``)."""

from __future__ import annotations

from typing import Any, Mapping

from dataclasses import replace

from ..rsl.schemafile import SchemaText
from ..rsl.syntax.errors import RSLError
from ..rsl.syntax.parser import parse_with_warnings
from ..rsl.syntax.printer import unicode
from ..rsl.syntax.spelling import SUBSCRIPTS
from .files import GIVEN, TYPE_OF_KIND

CONTRACT = "2.1.0"


def session_json(schema: SchemaText, values: Mapping[str, Any],
                 types: Mapping[str, str] | None = None, name: str = "") -> dict:
    """The session of ``schema`` with the model ``values`` (alias → value in
    the reference's encoding; a basic or constant set as its binding
    ``{index: name}``), the constituents numbered 1, 2, … in order.
    ``types`` gives a structure's typification for the model item's
    ``type``."""
    numbers = {c.alias: n for n, c in enumerate(schema.constituents, start=1)}
    items = [{"id": numbers[c.alias], "alias": c.alias, "cstType": TYPE_OF_KIND[c.kind],
              "definitionFormal": c.formal, "term": c.term, "definitionText": c.text,
              "convention": c.convention} for c in schema.constituents]
    model = []
    for c in schema.constituents:
        if c.kind in GIVEN and c.alias in values:
            entry = {"id": numbers[c.alias],
                     # a basic or constant set's binding is typed "basic" (the Portal's
                     # TYPE_BASIC); a structure's value, by its typification
                     "type": "basic" if c.kind != "structure" else (types or {}).get(c.alias, ""),
                     "value": values[c.alias]}
            model.append(entry)
    return {"contractVersion": CONTRACT,
            "state": {"sessionId": name or schema.alias or "setmine", "alias": schema.alias,
                      "title": schema.title, "comment": schema.comment, "items": items,
                      "model": {"items": model}}}


def bundle_json(schema: SchemaText, values: Mapping[str, Any],
                types: Mapping[str, str] | None = None, name: str = "") -> dict:
    """The same schema and model as the Portal's sandbox bundle
    (``formatVersion`` 2): ``schema.items`` and ``model.items``."""
    session = session_json(schema, values, types, name)["state"]
    items = [{"id": i["id"], "alias": i["alias"], "cst_type": i["cstType"],
              "definition_formal": i["definitionFormal"], "term_raw": i["term"],
              "convention": i["convention"], "definition_raw": i["definitionText"],
              "term_forms": [{"text": text, "tags": ",".join(tags)} for text, tags in c.forms]}
             for i, c in zip(session["items"], schema.constituents)]
    return {"formatVersion": 2, "meta": {"nextId": max((i["id"] for i in items), default=0) + 1},
            "schema": {"id": 1, "item_type": "rsform", "alias": schema.alias,
                       "title": schema.title, "description": schema.comment, "items": items},
            "model": {"id": 2, "item_type": "rsmodel", "alias": "M1", "title": name,
                      "schema": 1, "items": session["model"]["items"]}}


def readable_by_reference(schema) -> SchemaText:
    """The schema's text with every formula the reference cannot read as
    written — the 2013 forms (subscript digits, ``pr₁ a`` without
    parentheses), the ASCII spelling, an operator mix read by precedence —
    replaced by setmine's printing of it in the modern Unicode syntax (the
    same tree).  A formula that does not parse is kept as written."""
    items = []
    for c in schema.text.constituents:
        analysis = schema.analysis.get(c.alias)
        tree = analysis.tree if analysis is not None else None
        if tree is not None and c.formal and not _modern(c.formal):
            items.append(replace(c, formal=unicode(tree)))
        else:
            items.append(c)
    return replace(schema.text, constituents=tuple(items))


def _modern(text: str) -> bool:
    """Is ``text`` in the syntax ConceptPortal reads (Unicode spelling, no
    subscripts, nothing left to precedence)?"""
    if text != text.translate(SUBSCRIPTS):
        return False
    try:
        parsed = parse_with_warnings(text)
    except RSLError:
        return True  # kept as written: the reference will say what is wrong
    return parsed.spelling == "unicode" and not parsed.warnings
