"""ConceptPortal's template markup in a constituent's texts, rendered as the
Portal renders it.

The Portal stores a term or a convention with references to other
constituents in it: ``@{X1|plur,nomn}`` is X1's term in the plural,
nominative; ``@{-1|открытый}`` is a word agreeing with the reference before
it.  The Portal shows an *entity reference* ``@{ALIAS|TAGS}`` as

* the named constituent's term in that grammatical form, when the file
  gives that form (a sandbox bundle's ``term_forms``: ``{"text", "tags"}``,
  the tags comma-separated);
* else its term text, its own references rendered in turn (a cycle of
  references ends at the alias that closes it);
* else, for a constituent with no term or no constituent of that name, the
  alias as written.

A form is the one whose tags are the reference's, in any order; failing
that, the first whose tags are all among the reference's (the Portal's
rule: ``sing`` answers ``sing,nomn``).  setmine inflects nothing, so a
*syntactic reference* ``@{-1|word}`` shows its word as written.  Text that
is not a reference (``@{0|…}``, ``@{`` with no ``|``) is left as it is.

``rendered(schema_text)`` is the schema with every term, text and
convention rendered, for display; the raw text stays in the schema that
is written back (``setmine export``, ``setmine import``), so a round trip
keeps the markup.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterable

from .schemafile import Constituent, SchemaText

REFERENCE = re.compile(r"@\{[^{}]*\}")
TEXTS = ("term", "text", "convention")


def has_markup(text: str) -> bool:
    return "@{" in text and REFERENCE.search(text) is not None


class Renderer:
    """The texts of ``constituents``, rendered; each term resolved once."""

    def __init__(self, constituents: Iterable[Constituent]):
        self.by_alias = {c.alias: c for c in constituents}
        self.terms: dict[str, str] = {}

    def render(self, text: str, _open: tuple[str, ...] = ()) -> str:
        if not text or "@{" not in text:
            return text
        return REFERENCE.sub(lambda m: self._reference(m.group(0), _open), text)

    def term(self, alias: str, _open: tuple[str, ...] = ()) -> str:
        """``alias``'s term with its references rendered; the alias itself
        when it has none, is unknown or is on a cycle of references."""
        if alias in self.terms:
            return self.terms[alias]
        c = self.by_alias.get(alias)
        if c is None or alias in _open:
            return alias
        text = self.render(c.term, _open + (alias,)).strip() or alias
        if not _open:   # a cycle cut below is the outer call's business, not this term's
            self.terms[alias] = text
        return text

    def form(self, alias: str, tags: tuple[str, ...], _open: tuple[str, ...] = ()) -> str:
        c = self.by_alias.get(alias)
        if c is None:
            return alias
        wanted = set(tags)
        if wanted:
            forms = [(text, {t for t in form_tags if t}) for text, form_tags in c.forms]
            for text, have in forms:
                if have == wanted and text:
                    return text
            for text, have in forms:
                if have and have <= wanted and text:
                    return text
        return self.term(alias, _open)

    def _reference(self, whole: str, _open: tuple[str, ...]) -> str:
        blocks = [b.strip() for b in whole[2:-1].split("|")]
        if len(blocks) != 2 or not blocks[0] or blocks[0][0] == "0":
            return whole
        head, rest = blocks
        if head[0] in "-123456789":   # a word agreeing with another reference: as written
            return rest if rest and re.fullmatch(r"-?[0-9]+", head) else whole
        return self.form(head, tuple(rest.replace(" ", "").split(",")) if rest else (), _open)


def render(text: str, constituents: Iterable[Constituent]) -> str:
    """``text`` with its references to ``constituents`` rendered."""
    return Renderer(constituents).render(text)


def rendered(schema: SchemaText) -> SchemaText:
    """``schema`` with every constituent's term, text and convention
    rendered (the same object when none holds markup)."""
    if not any(has_markup(getattr(c, key)) for c in schema.constituents for key in TEXTS):
        return schema
    renderer = Renderer(schema.constituents)
    return replace(schema, constituents=tuple(
        replace(c, **{key: renderer.render(getattr(c, key)) for key in TEXTS})
        for c in schema.constituents))
