"""The words of a structure: how the facts of a schema's basic sets and
structures read to a person.  The evaluator computes with X1, S1, … as
sets and never knows what they stand for; an explanation that reaches a
structure asks a glossary for the sentence ("2,3 is open, showing 1")
instead of writing ``(2,3) ∈ S3``.

``BOARD`` is the glossary of the structure ``setmine.board.structure``
builds from a board (X1 the cells, S1 the neighbour pairs, S2 the mines,
S3 the open cells, S4 the move): the one every shipped schema is read on.
A schema over another structure brings a glossary of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from ...base.interface import CELLS, MINES, MOVE, NEIGHBOURS, OPENED

Fact = Callable[[Mapping, str, object, bool, Callable], str]


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
