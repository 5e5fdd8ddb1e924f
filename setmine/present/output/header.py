"""The first line of every command that reads a schema: which schema file it
used, so that no output leaves the reader guessing whether the values came
from the schema as written or the corrected one.

``schema_name(schema)`` is the file as the user would write it: a shipped
schema by its place in the project (``spec/saper.rsl``), any other file by
the path it was given.  ``schema_line(schema)`` is the text header; JSON
outputs carry ``"schema": schema_name(schema)``.
"""

from __future__ import annotations

from pathlib import Path

from ... import resources


def schema_name(schema) -> str:
    """``spec/saper.rsl`` for a shipped schema, else the path as given."""
    if schema.path is None:
        return "(schema given as text)"
    path = Path(schema.path)
    try:
        return f"spec/{path.resolve().relative_to(resources.SPEC_DIR.resolve()).as_posix()}"
    except (OSError, ValueError):
        return str(schema.path)


def schema_line(schema) -> str:
    """``schema: spec/saper.rsl``."""
    return f"schema: {schema_name(schema)}"


def declaration(schema, alias: str) -> str:
    """``D8 :== red(Pr2(D7))``: a constituent's declaration in the spelling
    chosen for display (``--spelling``), so that it reads like every other
    formula of the output; the author's text when its formula has no tree."""
    from ...rsl.syntax import tree as s
    from ...rsl.syntax.printer import shown
    from ...rsl.syntax.spelling import canonical

    c = schema[alias]
    analysis = schema.analysis.get(alias)
    tree = analysis.tree if analysis is not None else None
    if c.operator is None or tree is None:
        return c.declaration
    return shown(s.GlobalDefinition(s.Global(alias), canonical(c.operator), tree))
