"""setmine against ConceptPortal's engine on the shipped models: every
constituent typed as the reference types it, every value the reference
computes equal.  The reference's answers are recorded table data
(``bench/reference_tables.py`` ran ``rsref`` on the sessions that
``setmine export`` wrote), so this needs no node."""

import json
from pathlib import Path

import pytest

from setmine.eval.interpret.model import evaluate_schema
from setmine.eval.values.budget import Budget
from setmine.eval.values.sets import members
from setmine.model.decode import Encoding, decode
from setmine.rsl.semantics.types import parse_type
from setmine.sources import read_model

DATA = Path(__file__).parent / "data"
TABLES = sorted(DATA.glob("*.reference.json"))


def settle(value):
    """A value with every lazy set listed (frozensets all the way down)."""
    if isinstance(value, tuple):
        return tuple(settle(v) for v in value)
    if isinstance(value, (bool, int)):
        return value
    return frozenset(settle(m) for m in members(value, Budget()))


def read_table(path, tmp_path):
    table = json.loads(path.read_text(encoding="utf-8"))
    session = tmp_path / "session.json"
    session.write_text(json.dumps(table["session"], ensure_ascii=False), encoding="utf-8")
    return read_model(session), table["reference"]


@pytest.mark.parametrize("path", TABLES, ids=[p.name.split(".")[0] for p in TABLES])
def test_every_constituent_typed_as_the_reference_types_it(path, tmp_path):
    model, reference = read_table(path, tmp_path)
    for row in reference:
        analysis = model.schema.analysis[row["alias"]]
        ours = str(analysis.type) if analysis.type is not None else "N/A"
        assert ours == row["typification"], row["alias"]


@pytest.mark.parametrize("path", TABLES, ids=[p.name.split(".")[0] for p in TABLES])
def test_every_value_the_reference_computes_is_equal(path, tmp_path):
    model, reference = read_table(path, tmp_path)
    results = evaluate_schema(model.schema, model.values)
    kinds = model.kinds
    compared = 0
    for row in reference:
        if row["value"] is None or row["statusName"] in ("NO_EVAL", "EVAL_FAIL"):
            continue
        typ = parse_type(row["typification"])
        alias = row["alias"]
        if typ == parse_type("Logic"):
            expected = bool(row["value"])
        elif kinds[alias] in ("basic", "constant"):
            expected = frozenset(row["value"])
        else:
            expected = decode(row["value"], typ, model.universe, Encoding.INDEX, kinds)
        ours = model.values[alias] if alias in model.values else results[alias].value
        assert results.get(alias) is None or results[alias].ok, alias
        assert settle(ours) == expected, alias
        compared += 1
    assert compared >= len(reference) // 2


def test_the_tables_hold_what_their_names_say():
    """The recorded sessions are setmine's own exports of the shipped files."""
    names = {p.name.split(".")[0] for p in TABLES}
    assert {"study-plan", "tiny-2x2-written", "tiny-2x2-corrected"} <= names
