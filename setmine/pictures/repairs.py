"""``setmine repair`` in a notebook: a term's fault localized and its fix,
beside the least board that shows the written formula wrong.

    >>> from setmine.pictures.notebook import repair
    >>> repair("D14")                   # the written schema's D14, on cells<=5
    >>> repair("D15", scope="cells<=4").fixes[0].formula

The display is made of the report's pieces (its stylesheet, its board
drawing, a fix's changed part in ``<mark>``); it never raises.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from ..board.svg import board_svg
from ..repairing.search import DEFAULT_EDITS, Repair, repair as search
from ..repairing.text import board_name, marked, suspect_value, validation_line
from ..repairing.text import render as render_text
from ..rsl.schema import Schema
from ..rsl.syntax.printer import unicode
from .display import error_html, load_schema, render
from .report_data import marked_formula

SCOPE, VALIDATE = "cells<=5", "cells<=6"   # small: a notebook answers in seconds


@dataclass
class Repaired:
    """The result of :func:`repair` (``.result``: the search's own object,
    ``.fixes``, ``.status``), shown as HTML or as the command's text."""

    result: Repair = field(repr=False)

    @property
    def status(self) -> str:
        return self.result.status

    @property
    def fixes(self):
        return self.result.fixes

    def __str__(self) -> str:
        return "\n".join(render_text(self.result))

    def __repr__(self) -> str:
        return f"<repair of {self.result.alias}: {self.status}, {len(self.fixes)} fixes>"

    def _repr_html_(self) -> str:
        try:
            return render("notebook-repair.html.j2", r=self.context())
        except Exception as error:  # noqa: BLE001 - a display shows its failure, never raises
            return error_html(f"the repair could not be drawn: {type(error).__name__}: {error}")

    def context(self) -> dict:
        r = self.result
        lines = render_text(r)
        case = r.first_failing
        fixes = []
        for fix in r.fixes:
            (old, old_marks), (new, new_marks) = marked(r, fix)
            fixes.append({"edits": "; ".join(f"{e.operator} {e}" for e in fix.edits),
                          "old": marked_formula(old, old_marks),
                          "new": marked_formula(new, new_marks),
                          "validated": validation_line(r, fix),
                          "schema": None if not fix.schema_checked else (
                              "every term then agrees with its convention"
                              if fix.schema_check is None else
                              f"the schema's cross-check still fails: {fix.schema_check}")})
        return {
            "alias": r.alias, "formula": r.schema[r.alias].formal, "status": lines[1],
            "board": Markup(board_svg(case.board, show_mines=True, titles=True)) if case else None,
            "board_name": board_name(case.board) if case else "",
            "suspects": [(unicode(x.node), suspect_value(r, x.node), str(x.best), x.fixed, x.broken)
                         for x in r.suspects if x.best is not None][:5],
            "fixes": fixes, "summary": lines[-1] if r.failing else ""}


def repair(alias: str, schema: Schema | str | Path = "written", *, scope: str = SCOPE,
           validate: str | None = VALIDATE, max_edits: int = DEFAULT_EDITS,
           seconds: float = 120.0) -> Repaired:
    """Localize the fault of ``alias``'s formula and search for the smallest
    fix (``setmine repair``), on small scopes so that it answers in seconds."""
    return Repaired(search(load_schema(schema), alias, scope, max_edits=max_edits,
                           seconds=seconds, validate=validate))
