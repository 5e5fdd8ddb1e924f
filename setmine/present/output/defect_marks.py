"""Which constituents of a loaded schema the defect search found wrong, so
that every command that shows a value can say so next to it.

The findings ship as data (``docs/defects.json``, written by ``setmine
defects`` on the schema as written).  A finding applies to a loaded schema
by formula, never by alias alone: a constituent is marked when its parsed
formula equals the finding's parsed formula — so the corrected schema,
whose repaired formulas differ, gets no marks, and any other schema with
the same broken formula gets them — and, for a defect the finding says is
inherited, when the constituent still uses (directly or through others) a
root that carries an own defect in the loaded schema.  A hidden-information
finding applies only while the move axiom depends on the term (the move
may use only what the player sees).

``marks(schema)`` is alias → [Mark]; ``summary_line(marks)`` the one line a
command prints under its schema line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from ... import resources
from ...base.interface import MOVE_AXIOM
from ...board.board import plural
from ...rsl.syntax.errors import RSLError

PAGE = "docs/schema/{alias}.md"
MARKER = "⚠"

KIND_TEXT = {
    "disagreement": "its value differs from its convention",
    "hidden-information": "it reads the hidden mines, yet the move depends on it",
    "axiom": "its verdict rests on terms that differ from their conventions",
}


@dataclass(frozen=True)
class Mark:
    """One applicable finding: its kind, the roots it inherits from (empty
    for an own defect) and the page that explains it."""

    kind: str
    inherited_from: tuple[str, ...]
    page: str

    @property
    def text(self) -> str:
        text = KIND_TEXT.get(self.kind, self.kind)
        if self.inherited_from:
            text += f" (inherited from {', '.join(self.inherited_from)})"
        return text

    def as_json(self) -> dict:
        return {"kind": self.kind, "inherited_from": list(self.inherited_from),
                "page": self.page}


@lru_cache(maxsize=1)
def findings() -> tuple:
    """(finding, parsed formula) for each shipped finding; none when the
    file is missing or unreadable (marks are a help, never a failure)."""
    from ...rsl import parse

    try:
        data = json.loads(resources.DEFECTS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ()
    out = []
    for f in data.get("findings", ()) if isinstance(data, dict) else ():
        try:
            out.append((f, parse(f["formula"])))
        except (RSLError, KeyError, TypeError):
            continue
    return tuple(out)


def repairs() -> dict[str, tuple[dict, object]]:
    """term → (its shipped repair, the parsed formula it repairs): the
    entries of docs/repairs.json (``setmine repair`` on the written schema);
    none when the file is missing or unreadable."""
    from ...rsl import parse

    try:
        data = json.loads(resources.REPAIRS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    out = {}
    for entry in data.get("terms", ()) if isinstance(data, dict) else ():
        try:
            out[entry["term"]] = (entry, parse(entry["formula"]))
        except (RSLError, KeyError, TypeError):
            continue
    return out


def repair_of(finding: dict) -> dict | None:
    """The shipped repair of the formula a finding is about, if any."""
    found = repairs().get(finding.get("alias"))
    if found is None:
        return None
    try:
        from ...rsl import parse
        return found[0] if parse(finding.get("formula", "")) == found[1] else None
    except RSLError:
        return None


def marks(schema) -> dict[str, list[Mark]]:
    """alias → the findings that apply to it in ``schema`` (see the module text)."""
    candidates: dict[str, list[dict]] = {}
    for alias, analysis in schema.analysis.items():
        if analysis.tree is None:
            continue
        for finding, tree in findings():
            if tree == analysis.tree:
                candidates.setdefault(alias, []).append(finding)
    moving = schema.closure(MOVE_AXIOM) if MOVE_AXIOM in schema else set()
    out: dict[str, list[Mark]] = {}
    for alias, found in candidates.items():   # own defects first: roots for the rest
        for f in found:
            if not f.get("inherited_from") and _applies(f, alias, moving):
                out.setdefault(alias, []).append(Mark(f["kind"], (), _page(f)))
    roots = set(out)
    for alias, found in candidates.items():
        uses = schema.closure(alias)
        for f in found:
            inherited = tuple(r for r in f.get("inherited_from") or () if r in roots and r in uses)
            if inherited and _applies(f, alias, moving):
                out.setdefault(alias, []).append(Mark(f["kind"], inherited, _page(f)))
    return {a: out[a] for a in schema.analysis if a in out}


def _applies(finding: dict, alias: str, moving: set[str]) -> bool:
    return finding["kind"] != "hidden-information" or alias in moving


def _page(finding: dict) -> str:
    return PAGE.format(alias=finding["alias"])


def mark_text(alias_marks: list[Mark]) -> str:
    """``⚠ its value differs from its convention; … — docs/schema/D15.md``."""
    if not alias_marks:
        return ""
    kinds = "; ".join(dict.fromkeys(m.text for m in alias_marks))
    return f"{MARKER} {kinds} — {alias_marks[0].page}"


def summary_line(found: dict[str, list[Mark]]) -> str | None:
    """How many constituents differ, and where to see why; None when none do."""
    if not found:
        return None
    terms = sorted(found, key=_order)
    differ = "differs" if len(terms) == 1 else "differ"
    return (f"{MARKER} {plural(len(terms), 'constituent')} of this schema {differ} from their "
            f"conventions "
            f"({', '.join(terms)}): `setmine defects` shows why, `setmine explain BOARD ALIAS` "
            f"explains a value; spec/saper-corrected.rsl repairs them")


def as_json(found: dict[str, list[Mark]]) -> dict:
    return {alias: [m.as_json() for m in ms] for alias, ms in found.items()}


def _order(alias: str):
    head = alias.rstrip("0123456789")
    return head, int(alias[len(head):] or 0)
