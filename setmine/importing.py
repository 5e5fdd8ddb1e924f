"""Exteor document → ``.rsl`` schema text (``setmine import``).

The seed's texts are kept verbatim.  What an Exteor file does not hold — the
English glosses and notes — is carried over from the ``.rsl`` file being
replaced, so that re-importing the seed over ``spec/saper.rsl`` reproduces it
exactly.

A seed is checked before anything is written: every alias must be one the
``.rsl`` reader accepts, of the kind its letter names
(:func:`~setmine.rsl.schemafile.alias_problem`, the reader's own check), and
given once; every text must be encodable as UTF-8.  Then the ``.rsl`` text is
read back from memory and compared with what was meant, so ``import`` never
writes a file that ``setmine spec`` cannot read as the seed says.
"""

from __future__ import annotations

from dataclasses import replace

from .exteor.document import Document
from .rsl.syntax.errors import RSLError
from .rsl.schemafile import (Constituent, SchemaText, alias_problem, kind_of,
                             read_schema_text, write_schema_text)

PREAMBLE = """\
{title} ({alias}) as written in {source}.
Imported by `setmine import`: every formula, term and convention is kept
character for character as in the source; `gloss:` lines are setmine's English
reading. One paragraph per constituent: its RSLang declaration, then
term: (name), text: (textual definition), convention: (comment), gloss:."""


class SeedProblem(Exception):
    """A seed that cannot become a ``.rsl`` file; the text says which
    constituent (by its number in the seed and its alias) and what is wrong."""


def check_document(document: Document) -> None:
    """Raise :class:`SeedProblem` for the first alias or text that a ``.rsl``
    file cannot hold as the seed gives it."""
    for field in ("title", "alias", "comment", "version"):
        _check_text(getattr(document, field), f"the seed's {field}")
    first: dict[str, int] = {}
    for number, record in enumerate(document.records, start=1):
        where = f"constituent {number} of the seed ({_short(record.alias)})"
        problem = alias_problem(record.alias, record.kind)
        if problem is not None:
            raise SeedProblem(f"{where}: {problem}")
        if record.alias in first:
            raise SeedProblem(f"{where}: {record.alias} is already constituent "
                              f"{first[record.alias]}")
        first[record.alias] = number
        for field, name in (("term", "term"), ("formal", "formal definition"),
                            ("text", "text"), ("convention", "convention")):
            _check_text(getattr(record, field), f"{where}: its {name}")


def _short(text: str, limit: int = 30) -> str:
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}…"


def _check_text(value: str, what: str) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise SeedProblem(f"{what} holds U+{ord(value[exc.start]):04X} at character "
                          f"{exc.start}, a lone surrogate, which UTF-8 text cannot hold") from None


def document_to_schema(document: Document, previous: SchemaText | None = None) -> SchemaText:
    """The schema of an Exteor document, with glosses, notes and the traits of
    constant sets (which Exteor's files do not store) taken from
    ``previous`` where it has the same constituent.  Raises
    :class:`SeedProblem` for a seed no ``.rsl`` file can hold."""
    check_document(document)
    kept = {c.alias: c for c in previous.constituents} if previous else {}
    constituents = []
    for record in document.records:
        item = Constituent(record.alias, record.formal, term=record.term, text=record.text,
                           convention=record.convention,
                           declared_kind=record.kind if record.kind != kind_of(record.alias)
                           else None)
        if record.alias in kept:
            item = replace(item, gloss=kept[record.alias].gloss, notes=kept[record.alias].notes,
                           traits=kept[record.alias].traits)  # Exteor's files hold no traits
        constituents.append(item)
    return SchemaText(tuple(constituents), alias=document.alias, title=document.title,
                      comment=document.comment, source=document.version)


def schema_file_text(document: Document, previous: SchemaText | None = None) -> tuple[SchemaText, str]:
    """The schema of ``document`` and its ``.rsl`` text, read back from memory
    and found equal; :class:`SeedProblem` says why not otherwise."""
    return rsl_text(document_to_schema(document, previous))


def keep_glosses(schema: SchemaText, previous: SchemaText | None) -> SchemaText:
    """``schema`` with the glosses, notes and traits of ``previous``'s
    constituents of the same alias where it has none of its own."""
    if previous is None:
        return schema
    kept = {c.alias: c for c in previous.constituents}
    return replace(schema, constituents=tuple(
        replace(c, gloss=c.gloss or kept[c.alias].gloss, notes=c.notes or kept[c.alias].notes,
                traits=c.traits if c.traits is not None else kept[c.alias].traits)
        if c.alias in kept else c for c in schema.constituents))


def rsl_text(schema: SchemaText) -> tuple[SchemaText, str]:
    """``schema`` and its ``.rsl`` text, read back from memory and found
    equal; :class:`SeedProblem` says why not otherwise."""
    try:
        text = write_schema_text(schema, preamble(schema))
        back = read_schema_text(text)
    except RSLError as exc:
        raise SeedProblem(f"the .rsl text would not read back: {exc.message}") from None
    if back != schema:
        raise SeedProblem(f"the .rsl text would not read back as the seed says: "
                          f"{_first_difference(schema, back)}")
    return schema, text


def _first_difference(meant: SchemaText, read: SchemaText) -> str:
    for key in ("alias", "title", "comment", "source"):
        if getattr(meant, key) != getattr(read, key):
            return f"its {key} {_short(getattr(meant, key))} reads back as {_short(getattr(read, key))}"
    for number, (a, b) in enumerate(zip(meant.constituents, read.constituents), start=1):
        if a != b:
            return f"constituent {number} ({a.alias}) reads back differently"
    return f"{len(meant.constituents)} constituents read back as {len(read.constituents)}"


def preamble(schema: SchemaText) -> str:
    return PREAMBLE.format(title=schema.title or "A schema", alias=schema.alias or "?",
                           source=schema.source or "an Exteor file")
