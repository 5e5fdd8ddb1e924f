"""The words of a schema: what its sets are called, and how the facts of
its structures read to a person.  The evaluator computes with X1, S1, … as
sets and never knows what they stand for; a reading calls the members of
a basic set by the noun the schema's own texts give it, and an
explanation that reaches a structure asks a glossary for the sentence
("2,3 is open, showing 1") instead of writing ``(2,3) ∈ S3``.

:func:`words` gives a schema's words from its content alone, never from an
alias: a basic set whose own text (its term or convention) is one whose
English noun setmine knows (:data:`KNOWN_SETS`: the Saper's X1,
«Множество ячеек игрового поля», the set of the game board's cells) has
that noun ("the cells that are not in S3"); any other basic or constant
set is named by its alias and its own term ("a member of X1 (students)").
So the Saper's words appear only where a schema says it is the Saper's.

``BOARD`` is the glossary of the facts of the structure
``setmine.board.structure`` builds from a board (X1 the cells, S1 the
neighbour pairs, S2 the mines, S3 the open cells, S4 the move): the one
every shipped schema is read on.  ``PLAIN`` says a model's facts in RSLang.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from ...base.interface import CELLS, MINES, MOVE, NEIGHBOURS, OPENED

Fact = Callable[[Mapping, str, object, bool, Callable], str]

KNOWN_SETS: dict[str, tuple[str, str]] = {
    "множество ячеек игрового поля": ("cell", "cells"),
}
"""What a basic set's own text says it is (its term or convention, in
lower case) → the noun (singular, plural) of its members: the words setmine
knows because a schema gives them.  «Множество ячеек игрового поля» ("the
set of the game board's cells") is the Saper's X1, in «КС Сапер» and every
file made from it (the corrected schema, an Exteor file, a ConceptPortal
session of a board)."""


@dataclass(frozen=True)
class Words:
    """How a reading names a schema's sets: ``nouns`` (alias → the noun,
    singular and plural, of the members of a basic set: "cell", "cells");
    ``names`` (alias → the schema's own name of a basic or constant set
    that has no noun, its term: X1 reads "X1 (students)")."""

    nouns: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)


NO_WORDS = Words()
"""A formula read without its schema: every set by its alias."""


def words(schema) -> Words:
    """A schema's words for its sets, from its own texts (see the module
    text): no alias is looked up, so another schema's X1 is never a cell."""
    nouns, names = {}, {}
    for c in schema:
        if c.kind not in ("basic", "constant"):
            continue
        c = schema.displayed(c.alias)
        texts = [" ".join(t.split()).casefold().rstrip(".") for t in (c.term, c.convention) if t]
        known = next((KNOWN_SETS[t] for t in texts if t in KNOWN_SETS), None)
        if known is not None and c.kind == "basic":
            nouns[c.alias] = known
        elif c.term and c.term.strip():
            names[c.alias] = " ".join(c.term.split())
    return Words(nouns, names)


@dataclass(frozen=True)
class Glossary:
    """``universe``: the base set whose elements are written compactly
    (cells as ``r,c``); ``words``: (data, alias, element, inside, text) → the
    sentence for ``element ∈ alias``, ``text`` writing a value."""

    universe: str | None
    words: Fact

    def elements(self, data: Mapping) -> frozenset:
        """The members of the universe on this structure (none without one)."""
        value = data.get(self.universe) if self.universe else None
        return value if isinstance(value, frozenset) else frozenset()

    def fact(self, data: Mapping, alias: str, element, inside: bool, text: Callable) -> str:
        return self.words(data, alias, element, inside, text)


def _board_words(data: Mapping, alias: str, e, inside: bool, text: Callable) -> str:
    def listed(name):
        value = data.get(name)
        return value if isinstance(value, frozenset) else frozenset()

    no = "" if inside else "not "
    if alias == NEIGHBOURS and isinstance(e, tuple) and len(e) == 2:
        return f"{text(e[0])} and {text(e[1])} are {no}neighbours"
    cell = text(e)
    if alias == OPENED:
        mines = listed(MINES)
        number = sum(1 for a, b in listed(NEIGHBOURS) if a == e and b in mines)
        return f"{cell} is open, showing {number}" if inside else f"{cell} is closed"
    if alias == MOVE and not inside and not data.get(MOVE):
        return f"{cell} is not the move (there is no move)"
    return {CELLS: f"{no}a cell of the board", MINES: f"{cell} is {no}a mine",
            MOVE: f"{cell} is {no}the move"}.get(alias, "a fact of the board")


BOARD = Glossary(CELLS, _board_words)


def _plain_words(data: Mapping, alias: str, e, inside: bool, text: Callable) -> str:
    return f"{text(e)} {'∈' if inside else '∉'} {alias}, as the model gives {alias}"


PLAIN = Glossary(None, _plain_words)
"""The glossary of a model of any schema: a structure's facts in RSLang."""
