"""A value of a model written by hand, read against its type — what
``setmine explain MODEL TERM CANDIDATE`` asks about, the inverse of how
values print: an element of a basic set is its name (``Ann``; in double
quotes when ``decode.label_text`` says it must be — a name that holds a
brace, a parenthesis, a comma, a quote, a backslash, ``∅`` or ``…``, has a
space at either end, is empty or holds a line break: ``"Smith, J."``, with
``\\"`` and ``\\\\`` for a quote and a backslash inside), an element of a
constant set or an integer a number, a tuple ``(a, b)``, a set ``{a, b}``
(``∅`` or ``{}`` when empty).  A name is read wherever the type expects an
element of a basic set, so a name that looks like a number needs no
quotes."""

from __future__ import annotations

import re

from ..rsl.semantics.types import Element, Integer, SetType, TupleType
from .decode import ValueProblem, element_text, label_text
from .interpretation import model_text

_TOKEN = re.compile(r'\s*(?:(?P<mark>[{}(),∅])|"(?P<quoted>(?:[^"\\]|\\.)*)"|(?P<word>[^{}(),"]+))',
                    re.DOTALL)


def read_value(text: str, typ, model):
    """The value of ``typ`` that ``text`` writes in ``model``; ValueProblem
    saying what was expected where, otherwise."""
    tokens = _tokens(text)
    reader = _Reader(tokens, model, text)
    value = reader.read(typ)
    if reader.at < len(tokens):
        raise ValueProblem(f"{text!r}: more was written after a value of {typ}")
    return value


def _tokens(text: str) -> list[tuple[str, str]]:
    out, at = [], 0
    while at < len(text):
        match = _TOKEN.match(text, at)
        if match is None or match.end() == at:
            if text[at:].strip() == "":
                break
            raise ValueProblem(f"{text!r}: cannot read from character {at}")
        at = match.end()
        if match.group("mark"):
            out.append(("mark", match.group("mark")))
        elif match.group("quoted") is not None:
            out.append(("word", re.sub(r"\\(.)", r"\1", match.group("quoted"), flags=re.DOTALL)))
        elif match.group("word").strip():
            out.append(("word", match.group("word").strip()))
    return out


class _Reader:
    def __init__(self, tokens, model, text):
        self.tokens, self.model, self.text, self.at = tokens, model, text, 0

    def peek(self):
        return self.tokens[self.at] if self.at < len(self.tokens) else ("end", "")

    def take(self, mark: str, typ) -> None:
        if self.peek() != ("mark", mark):
            found = self.peek()[1] or "the end"
            raise ValueProblem(f"{self.text!r}: expected {mark!r} in a value of {typ}, "
                               f"found {found!r}")
        self.at += 1

    def read(self, typ):
        kind, token = self.peek()
        if isinstance(typ, SetType):
            if (kind, token) == ("mark", "∅"):
                self.at += 1
                return frozenset()
            self.take("{", typ)
            members = []
            while self.peek() != ("mark", "}"):
                if members:
                    self.take(",", typ)
                members.append(self.read(typ.base))
            self.at += 1
            return frozenset(members)
        if isinstance(typ, TupleType):
            self.take("(", typ)
            parts = []
            for k, factor in enumerate(typ.factors):
                if k:
                    self.take(",", typ)
                parts.append(self.read(factor))
            self.take(")", typ)
            return tuple(parts)
        if kind != "word":
            raise ValueProblem(f"{self.text!r}: expected an element of {typ}, found "
                               f"{token or 'the end'!r}")
        self.at += 1
        if isinstance(typ, Element) and self.model.kinds.get(typ.name) == "basic":
            by_name = {label.name: label for label in self.model.labels()[typ.name].values()}
            if token not in by_name:
                shown = ", ".join(label_text(name) for name in sorted(by_name)[:8])
                raise ValueProblem(f"{token!r} is not an element of {typ.name} (its elements: "
                                   f"{shown}{', …' if len(by_name) > 8 else ''})")
            return by_name[token]
        if isinstance(typ, (Element, Integer)):
            try:
                number = int(token)
            except ValueError:
                raise ValueProblem(f"{token!r} is not an integer (an element of {typ})") from None
            if isinstance(typ, Element) and number not in self.model.names.get(typ.name, {}):
                raise ValueProblem(f"{number} is not an element of {typ.name}")
            return number
        raise ValueProblem(f"no value of type {typ} can be written")


def written(value) -> str:
    """``value`` as :func:`read_value` reads it back: a basic set's element
    by its name (in double quotes when :func:`~.decode.label_text` says so),
    an integer as a number, tuples and sets as values print."""
    return model_text(value, element_text, "∅")
