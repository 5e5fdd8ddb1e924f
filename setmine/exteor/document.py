"""The schema as a plain value: a :class:`Document` of :class:`Record` s.

Both file formats of Exteor (the legacy ``CArchive`` stream of Exteor 4.0 and
the modern ZIP ``.trs`` with ``document.json``) are read into these two frozen
dataclasses, so the rest of ``setmine`` never sees a file format.  Every string
is kept exactly as the file holds it: no stripping, no normalisation of
spaces, newlines or Unicode.

A reader that meets a malformed file raises :class:`ExteorError`, which names
where (a byte or character offset) and what was expected there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: Constituent kinds by alias prefix.  The values are also the ``cstType``
#: names of the modern ``document.json``.
KINDS: dict[str, str] = {
    "X": "basic",
    "C": "constant",
    "S": "structure",
    "D": "term",
    "A": "axiom",
    "T": "theorem",
    "F": "function",
    "P": "predicate",
}

#: The alias prefix of each kind (the inverse of :data:`KINDS`).
PREFIXES: dict[str, str] = {kind: prefix for prefix, kind in KINDS.items()}


@dataclass(frozen=True)
class Record:
    """One constituent of the schema.

    ``alias`` is the name formulas use (``X1``, ``D15``); ``kind`` one of the
    values of :data:`KINDS`; ``term`` the human name; ``formal`` the formal
    definition in RSLang; ``text`` the textual definition; ``convention`` the
    comment.  Empty fields are ``""``.
    """

    alias: str
    kind: str
    term: str
    formal: str
    text: str
    convention: str


@dataclass(frozen=True)
class Document:
    """A whole schema: its header and its constituents in file order.

    ``version`` is the legacy version string
    (``"Exteor 4.0 R1092 - 09/27/2013"``) or ``"rsform 16"`` for the modern
    format.
    """

    title: str
    alias: str
    comment: str
    version: str
    records: tuple[Record, ...]

    def record(self, alias: str) -> Record:
        """The record named ``alias``; ``KeyError`` if there is none."""
        for rec in self.records:
            if rec.alias == alias:
                return rec
        raise KeyError(alias)


Unit = Literal["byte", "character"]


class ExteorError(Exception):
    """A schema file that cannot be read.

    ``problem`` says what went wrong (``"truncated string"``), ``offset`` and
    ``unit`` say where (``unit`` is ``"byte"`` or ``"character"``), ``detail``
    says what was expected and found.  ``message`` (also ``str(error)``) puts
    them together::

        truncated string at character 1234: expected 390 characters, found 12
    """

    def __init__(self, problem: str, offset: int, unit: Unit, detail: str = "") -> None:
        self.problem = problem
        self.offset = offset
        self.unit: Unit = unit
        self.detail = detail
        self.message = f"{problem} at {unit} {offset}" + (f": {detail}" if detail else "")
        super().__init__(self.message)

    def __reduce__(self) -> tuple[type[ExteorError], tuple[str, int, Unit, str]]:
        # keep pickling (e.g. by multiprocessing) working
        return (type(self), (self.problem, self.offset, self.unit, self.detail))


def kind_of(alias: str) -> str | None:
    """The kind that the alias prefix names, or ``None`` for an unknown one."""
    return KINDS.get(alias[:1]) if alias else None


def describe(value: object, limit: int = 40) -> str:
    """A short printable rendering of ``value`` for error messages."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
