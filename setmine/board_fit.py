"""Whether a schema can be read over a board: the board gives values to
``X1`` and ``S1``…``S4`` (``board/structure.py``) and nothing else, so a
schema read over it must declare no other basic set, constant set or
structure, and those it declares must have the board's kinds and types.

    >>> from setmine.resources import CORRECTED_SCHEMA, MODEL_DIR
    >>> from setmine.rsl.schema import Schema
    >>> misfit(Schema.load(CORRECTED_SCHEMA)) is None
    True
    >>> print(misfit(Schema.load(MODEL_DIR / "study-plan.rsl")))
    a board gives values to X1 (the cells, ℬ(X1)), S1 (ℬ(X1×X1)), S2, S3, S4 (ℬ(X1)); this schema has X2 (basic), which a board does not give, and S1 ::= ℬ(X2×X2), S2 ::= ℬ(X1×X2), S3 ::= ℬ(S2), S4 ::= ℬ(X2×Z): evaluate it over a model of its own
"""

from __future__ import annotations

from .base.interface import CELLS, MINES, MOVE, NEIGHBOURS, OPENED

GIVEN = ("basic", "constant", "structure")
TYPES = {CELLS: ("basic", "ℬ(X1)"), NEIGHBOURS: ("structure", "ℬ(X1×X1)"),
         MINES: ("structure", "ℬ(X1)"), OPENED: ("structure", "ℬ(X1)"),
         MOVE: ("structure", "ℬ(X1)")}


def misfit(schema) -> str | None:
    """What keeps ``schema`` from being read over a board, or None."""
    others = [f"{c.alias} ({c.kind})" for c in schema
              if c.kind in GIVEN and c.alias not in TYPES]
    wrong = []
    for alias, (kind, typ) in TYPES.items():
        if alias not in schema:
            continue
        analysis = schema.analysis[alias]
        if schema[alias].kind != kind:
            wrong.append(f"{alias} is a {schema[alias].kind}, not a {kind}")
        elif analysis.ok and analysis.typification != typ:
            wrong.append(f"{alias} ::= {schema[alias].formal or analysis.typification}")
    if not others and not wrong:
        return None
    said = []
    if others:
        said.append(f"{', '.join(others)}, which a board does not give")
    if wrong:
        said.append(", ".join(wrong))
    return (f"a board gives values to X1 (the cells, ℬ(X1)), S1 (ℬ(X1×X1)), S2, S3, S4 "
            f"(ℬ(X1)); this schema has {', and '.join(said)}: evaluate it over a model of "
            f"its own")
