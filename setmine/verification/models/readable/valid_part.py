"""A schema with errors, checked in its valid part (issue 45: scopes
without trial and error), as ``setmine eval`` and ``check`` evaluate the
valid constituents of one and name the faulty ones.

A constituent is **faulty** when its own definition has an error (it does
not parse, does not type, names no constituent, closes a cycle…), and
**skipped** when it depends on a faulty one, directly or through others
(the schema's analysis gives it ``globalNotTyped``: "D1 has an error, so it
has no type").  :func:`valid_part` is the schema without both: the models
scope searches that one.  What leaving them out means:

* a faulty or skipped **axiom** is not a fact of the models: the models are
  those of the other axioms;
* a faulty **structure** or **basic set** has no value in the models, and
  every axiom, statement and term that reads it is skipped;
* a faulty or skipped **statement** is not checked.

``ValidPart.lines()`` says each of them in a line, the errors worded as
``eval`` and ``check`` word them::

    A2: error typesNotEqual: '∪' needs sets of one type: ℬ(X1) and ℬ(X1×X1) differ (bad.rsl:14:8)
    D2 is skipped: D1 has an error, so it has no type
    A3 is skipped: D2 has an error, so it has no type; it depends on D1, which has an error
    A2 and A3 are left out: the models below satisfy the other axioms (A1)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ....rsl.schema import Schema, dependencies



@dataclass
class ValidPart:
    """``schema``: the valid constituents only (the very schema when none is
    faulty); ``faulty``: (alias, code, message) of each constituent whose own
    definition has an error; ``skipped``: (alias, the faulty constituents it
    depends on) of each one left out with them; ``original``: the whole
    schema."""

    schema: Schema
    faulty: list[tuple[str, str, str]] = field(default_factory=list)
    skipped: list[tuple[str, list[str]]] = field(default_factory=list)
    original: Schema | None = None

    @property
    def whole(self) -> bool:
        """Is every constituent valid (nothing left out)?"""
        return not self.faulty and not self.skipped

    @property
    def left_out(self) -> list[str]:
        """Every constituent left out, in the schema's order."""
        gone = {a for a, _, _ in self.faulty} | {a for a, _ in self.skipped}
        return [c.alias for c in self._whole() if c.alias in gone]

    def left_out_of(self, kind: str) -> list[str]:
        """The constituents of ``kind`` left out (``axiom``, ``theorem``, …)."""
        return [a for a in self.left_out if self._whole()[a].kind == kind]

    def why(self, alias: str) -> str | None:
        """Why ``alias`` is not in the valid part (None when it is, or the
        schema has no such constituent): for an ``--assert`` that names it."""
        for name, code, message in self.faulty:
            if name == alias:
                return f"{alias} has an error ({code}: {message})"
        for name, roots in self.skipped:
            if name == alias:
                return f"{alias} depends on {_listed(roots)}, which {_has(roots)} an error"
        return None

    def lines(self) -> list[str]:
        """One line per faulty constituent with its error, one per skipped
        one with why, then what leaving them out means for the models."""
        whole = self._whole()
        out = []
        for alias, code, message in self.faulty:
            error = whole.analysis[alias].error
            where = _where(error)
            out.append(f"{alias}: error {code}: {message}" + (f" ({where})" if where else ""))
        for alias, roots in self.skipped:
            error = whole.analysis[alias].error
            line = f"{alias} is skipped: {error.message}"
            direct = _cause(whole, alias)
            if [direct] != roots:
                line += f"; it depends on {_listed(roots)}, which {_has(roots)} an error"
            out.append(line)
        out.extend(self._meaning())
        return out

    def _meaning(self) -> list[str]:
        out = []
        axioms = self.left_out_of("axiom")
        if axioms:
            kept = [c.alias for c in self.schema if c.kind == "axiom"]
            rest = (f"the models below satisfy the other axioms ({', '.join(kept)})" if kept
                    else "no axiom is left, so every interpretation in the scope is a model")
            out.append(f"{_listed(axioms)} {_be(axioms)} left out: {rest}")
        given = [a for a in self.left_out
                 if self._whole()[a].kind in ("basic", "constant", "structure")]
        if given:
            out.append(f"{_listed(given)} {_be(given)} left out: the models below give "
                       f"{'it' if len(given) == 1 else 'them'} no value")
        statements = self.left_out_of("theorem")
        if statements:
            out.append(f"{_listed(statements)} {_be(statements)} not checked")
        return out

    def to_json(self) -> dict:
        """The same, for a command's JSON: ``faulty`` (alias, code, message,
        line and column when known), ``skipped`` (alias, ``because``: the
        faulty constituents), ``left_out_axioms``."""
        whole = self._whole()
        return {"faulty": [{"alias": a, "code": code, "message": message,
                            **_position(whole.analysis[a].error)}
                           for a, code, message in self.faulty],
                "skipped": [{"alias": a, "because": list(roots)} for a, roots in self.skipped],
                "left_out_axioms": self.left_out_of("axiom")}

    def _whole(self) -> Schema:
        return self.original if self.original is not None else self.schema


def valid_part(schema: Schema) -> ValidPart:
    """``schema`` without its faulty constituents and every one that
    depends on them (see the module's text)."""
    analysis = schema.analysis
    broken = [c.alias for c in schema if analysis[c.alias].error is not None]
    if not broken:
        return ValidPart(schema, [], [], schema)
    roots = [a for a in broken if not _dependant(schema, a)]
    faulty = [(a, analysis[a].error.code, analysis[a].error.message) for a in roots]
    skipped = []
    for alias in broken:
        if alias in roots:
            continue
        depends = schema.closure(alias)
        skipped.append((alias, [a for a in roots if a in depends]))
    kept = tuple(c for c in schema.constituents if c.alias not in set(broken))
    part = Schema(replace(schema.text, constituents=kept), schema.path, schema.source)
    return ValidPart(part, faulty, skipped, schema)


def _cause(schema: Schema, alias: str) -> str | None:
    """The constituent whose error the analysis gave ``alias`` (the first
    it uses with an error, as ``Schema`` walks them), or None when its
    error is its own (a name that is no constituent comes first)."""
    for name, _ in dependencies(schema.analysis[alias].tree):
        if name not in schema:
            return None
        if schema.analysis[name].error is not None:
            return name
    return None


def _dependant(schema: Schema, alias: str) -> bool:
    """Is ``alias``'s error only that of a constituent it uses?"""
    error = schema.analysis[alias].error
    return error.code == "globalNotTyped" and _cause(schema, alias) is not None \
        and error.message.startswith(f"{_cause(schema, alias)} has an error")


def _where(error) -> str:
    position = _position(error)
    if not position:
        return ""
    path = error.location.path if error.location is not None and error.location.path else ""
    return f"{path + ':' if path else 'line '}{position['line']}" + \
        (f":{position['column']}" if path else f", column {position['column']}")


def _position(error) -> dict:
    line = error.line if error is not None else None
    return {"line": line, "column": error.column} if line is not None else {}


def _listed(aliases: list[str]) -> str:
    if len(aliases) <= 2:
        return " and ".join(aliases)
    return ", ".join(aliases[:-1]) + " and " + aliases[-1]


def _be(aliases: list[str]) -> str:
    return "is" if len(aliases) == 1 else "are"


def _has(aliases: list[str]) -> str:
    return "has" if len(aliases) == 1 else "have"


__all__ = ["ValidPart", "valid_part"]
