"""Exteor document → ``.rsl`` schema text (``setmine import``).

The seed's texts are kept verbatim.  What an Exteor file does not hold — the
English glosses and notes — is carried over from the ``.rsl`` file being
replaced, so that re-importing the seed over ``spec/saper.rsl`` reproduces it
exactly.
"""

from __future__ import annotations

from dataclasses import replace

from .exteor.document import Document
from .rsl.schemafile import Constituent, SchemaText

PREAMBLE = """\
{title} ({alias}) as written in {source}.
Imported by `setmine import`: every formula, term and convention is kept
character for character as in the source; `gloss:` lines are setmine's English
reading. One paragraph per constituent: its RSLang declaration, then
term: (name), text: (textual definition), convention: (comment), gloss:."""


def document_to_schema(document: Document, previous: SchemaText | None = None) -> SchemaText:
    """The schema of an Exteor document, with glosses and notes taken from
    ``previous`` where it has the same constituent."""
    kept = {c.alias: c for c in previous.constituents} if previous else {}
    constituents = []
    for record in document.records:
        item = Constituent(record.alias, record.formal, term=record.term, text=record.text,
                           convention=record.convention)
        if record.alias in kept:
            item = replace(item, gloss=kept[record.alias].gloss, notes=kept[record.alias].notes)
        constituents.append(item)
    return SchemaText(tuple(constituents), alias=document.alias, title=document.title,
                      comment=document.comment, source=document.version)


def preamble(schema: SchemaText) -> str:
    return PREAMBLE.format(title=schema.title or "A schema", alias=schema.alias or "?",
                           source=schema.source or "an Exteor file")
