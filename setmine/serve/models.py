"""The live page on a model of any schema (not a board): the model's basic
sets, constant sets and structures as tables to edit — add, rename or
remove an element; add or take away a member; give a value — and every
constituent computed again on each edit, as ``setmine report MODEL`` draws
it (``pictures/model_page.py``).

A model travels as setmine's own model file (``docs/models.md``): the JSON
object ``{"format": "setmine-model/1", "name", "values"}``, by names, so the
page's address and a script's request carry it as it is written by hand."""

from __future__ import annotations

import json
from dataclasses import asdict

from ..base.jsontext import load_json
from ..eval.values.sets import order_key
from ..model.decode import Label
from ..model.editing import OPS, Edit, edit
from ..model.interpretation import Model, ModelError
from ..model.own import is_own_model, own_json, read_own
from ..model.reading import written
from ..pictures.model_page import build
from ..present.output.header import schema_name
from ..rsl.semantics.types import Element, SetType, TupleType
from ..verification.models.scope import DEFAULT_SIZE, SIZED_KINDS
from .guard import MAX_BODY
from .requests import MAX_TEXT, ApiError, budget, schema_of, text_of

MAX_ELEMENTS = 200
"""The most elements of one basic or constant set the page edits."""

MAX_NAME = 1_000
"""The longest name of an element the page gives."""

MAX_MODEL_BYTES = MAX_BODY // 2
"""The largest model an edit may make: every request carries the model
whole, beside the schema, within the body's limit."""


def is_model_request(body: dict) -> bool:
    """Whether a request carries a model (``"model"``, or a model's JSON in
    ``"board"``: an object, or a text that is one) rather than a board."""
    if not isinstance(body, dict):
        return False
    if "model" in body:
        return True
    board = body.get("board")
    return isinstance(board, dict) or (isinstance(board, str) and board.lstrip()[:1] == "{"
                                       and "setmine-model" in board[:4096])


def model_of(body: dict, schema, key: str | None = None) -> Model:
    """The request's model of ``schema``, read and checked as a model file."""
    key = key or ("model" if "model" in body else "board")
    raw = body.get(key)
    if isinstance(raw, str):
        if len(raw) > MAX_TEXT:
            raise ApiError("badRequest", f"{key!r} is {len(raw):,} characters, more than "
                           f"{MAX_TEXT:,}", field=key)
        try:
            raw = load_json(raw, unicode_only=True)
        except json.JSONDecodeError as exc:
            raise ApiError("badModel", f"not JSON: {exc}", field=key) from None
    if not is_own_model(raw):
        raise ApiError("badModel", 'a model is setmine\'s model file: {"format": '
                       '"setmine-model/1", "values": {…}}', field=key)
    values = raw.get("values")
    if isinstance(values, dict):
        for alias, elements in values.items():
            if isinstance(elements, list) and alias in schema \
                    and schema[alias].kind in ("basic", "constant"):
                _bounded(alias, len(elements), "has", "badModel", key)
    try:
        return read_own(raw, schema, budget=budget())
    except ModelError as exc:
        raise ApiError("badModel", str(exc), field=key) from None


def _bounded(alias: str, size: int, verb: str, code: str, field: str) -> None:
    if size > MAX_ELEMENTS:
        raise ApiError(code, f"{alias} {verb} {size:,} elements, more than the page edits "
                       f"({MAX_ELEMENTS})", field=field)


def model_state(body: dict) -> dict:
    """The model after ``edit`` (``{"op", "alias", "text", "to"?}``), its
    tables, and every constituent computed on it."""
    schema = schema_of(body)
    model = model_of(body, schema, "model")
    change = body.get("edit")
    if change is not None:
        model = edited(model, change)
    page = build(schema, model, budget())
    name = text_of(body, "name", required=False) or ""
    return {"model": own_json(model), "schema": schema_name(schema), "title": page.title,
            "heading": page.title or name.strip() or schema_name(schema),
            "sizes_example": sizes_example(schema),
            "notes": page.notes, "tables": tables(model),
            "sections": [asdict(s) for s in page.sections]}


def sizes_example(schema) -> str:
    """The models scope's sizes as the schema's own sets would be given
    (``X1<=3,X2<=3``: each basic and constant set at the default bound)."""
    return ",".join(f"{c.alias}<={DEFAULT_SIZE}" for c in schema if c.kind in SIZED_KINDS)


def edited(model: Model, change) -> Model:
    if not isinstance(change, dict) or change.get("op") not in OPS \
            or not all(isinstance(change.get(k, ""), str) for k in ("alias", "text", "to")):
        raise ApiError("badRequest", f"an edit is {{'op': one of {', '.join(OPS)}, 'alias', "
                       f"'text', 'to'?}}, its fields strings", field="edit")
    try:
        after = edit(model, Edit(change["op"], change.get("alias", ""), change.get("text", ""),
                                 change.get("to", "")))
    except ModelError as exc:
        raise ApiError("illegalEdit", str(exc), field="edit") from None
    for alias, names in after.names.items():   # what the next request would refuse
        _bounded(alias, len(names), "would have", "illegalEdit", "edit")
        longest = max(map(len, names.values()), default=0)
        if longest > MAX_NAME:
            raise ApiError("illegalEdit", f"a name of {longest:,} characters in {alias}, more "
                           f"than the page edits ({MAX_NAME:,})", field="edit")
    size = len(json.dumps(own_json(after), ensure_ascii=False).encode("utf-8"))
    if size > MAX_MODEL_BYTES:
        raise ApiError("illegalEdit", f"the model would be {size:,} bytes, more than the page "
                       f"edits ({MAX_MODEL_BYTES:,}: a request carries it whole)", field="edit")
    return after


def tables(model: Model) -> list[dict]:
    """Each basic set, constant set and structure as the page edits it: a
    set's elements; a structure's members (as values print) with, for a set
    of tuples, each component's column and the elements it may take."""
    shown = model.shown_names()
    out = []
    for c in model.schema:
        if c.kind in ("basic", "constant"):
            out.append({"alias": c.alias, "kind": c.kind,
                        "term": model.schema.displayed(c.alias).term,
                        "elements": [shown[c.alias][i] for i in sorted(model.names.get(c.alias, {}))]})
        elif c.kind == "structure":
            typ = model.schema.analysis[c.alias].type
            row = {"alias": c.alias, "kind": c.kind,
                   "term": model.schema.displayed(c.alias).term, "type": str(typ),
                   "domain": c.declaration, "set": isinstance(typ, SetType)}
            if isinstance(typ, SetType):
                members = sorted(model.values.get(c.alias, frozenset()), key=order_key)
                row["members"] = [written(m) for m in members]
                row["rows"] = [[written(x) for x in m] if isinstance(m, tuple) else [written(m)]
                               for m in members]   # each member's components, as written
                factors = typ.base.factors if isinstance(typ.base, TupleType) else (typ.base,)
                row["columns"] = [{"type": str(f), "choices": _choices(f, shown)}
                                  for f in factors]
            else:
                row["value"] = written(model.values[c.alias]) if c.alias in model.values \
                    else None
            out.append(row)
    return out


def _choices(typ, shown) -> list[str] | None:
    """The elements a component may take, as written, when it is an element
    of a set of the model; None for a free text (an integer, a set)."""
    if isinstance(typ, Element) and typ.name in shown:
        return [written(Label(i, name)) for i, name in sorted(shown[typ.name].items())]
    return None
