"""setmine's own model file: a schema's model written by hand
(``docs/models.md``), read with the schema given beside it (``--spec``).

    {"format": "setmine-model/1",
     "name": "a small model",
     "values": {"X1": ["logic", "sets", "algebra"],
                "S1": [["sets", "logic"], ["algebra", "sets"]]}}

Basic sets are lists of their elements' names, constant sets lists of
integers, structures their values with elements by name (``decode.py``,
``Encoding.NAME``): a tuple an array of its components, a set an array of
its members, an integer a number.
"""

from __future__ import annotations

from typing import Any

from ..base.jsontext import describe_json
from .decode import Encoding
from .interpretation import Model, ModelError, interpret

FORMAT = "setmine-model/1"
KEYS = ("format", "name", "values")


def is_own_model(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("format"), str) \
        and data["format"].startswith("setmine-model")


def read_own(data: dict, schema, source: str = "", budget=None) -> Model:
    """The model a decoded setmine model file gives ``schema``."""
    if data.get("format") != FORMAT:
        raise ModelError(f"format: expected \"{FORMAT}\", got {describe_json(data.get('format'))}")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise ModelError(f"unknown key {describe_json(unknown[0])} (expected some of: "
                         f"{', '.join(KEYS)})")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise ModelError(f"name: expected a string, got {describe_json(name)}")
    values = data.get("values")
    if not isinstance(values, dict):
        raise ModelError(f"values: expected an object of values by alias, got "
                         f"{describe_json(values)}")
    where = {alias: f"values.{alias}" for alias in values}
    return interpret(schema, values, Encoding.NAME, where, name, source, budget)


def own_json(model: Model) -> dict:
    """The model as a setmine model file (its JSON object)."""
    out: dict[str, Any] = {"format": FORMAT}
    if model.title:
        out["name"] = model.title
    out["values"] = model.encoded(Encoding.NAME)
    return out
