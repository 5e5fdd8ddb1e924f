"""The ``.rsl`` schema file: a readable, diffable text form of a schema.

    # comment lines start with '#'
    @alias КС Сапер
    @title Концептуализаиция Сапер

    X1
      convention: Множество ячеек игрового поля
      gloss: The cells of the board.

    S1 ::= ℬ(X₁×X₁)
      term: Топология игрового поля

    D1 :== X₁\\S₃

A paragraph per constituent.  It starts with the RSLang global declaration —
the alias alone for a basic or constant set (``X1``, ``C1``), ``::=`` and the
structure's domain for a structure, ``:==`` and the formula for a term, an
axiom, a statement, a function or a predicate — written character for
character as in the source.  Then ``key: value`` lines: ``term`` (the name),
``text`` (the textual definition), ``convention`` (the comment), ``gloss`` (an
English reading) and ``note`` (annotations; may repeat).  A value runs to the
end of its line; a line starting with ``>`` continues the value above it on
a new line.  ``@key value`` lines before the first constituent describe the
schema: ``@alias``, ``@title``, ``@comment``, ``@source``.

A constant set (``C1``) may have a ``traits`` line: ``traits: integral,
ordered``, ``traits: integral``, ``traits: ordered`` or ``traits: none``.
An *integral* constant's elements are integers (``+ − *`` apply and mix
with ``Z``: ``c + 1`` is of type C1), an *ordered* one's are compared by
``< > ≤ ≥``.  Without the line a constant is integral and ordered (setmine's
reading of the reference's default).  A basic set, a structure or any other
constituent cannot have traits; Exteor's files store none, so a schema read
from them has the defaults.

    C1
      traits: ordered

The file is read with the ``schema`` start symbol of the same lark grammar
that reads formulas (``grammar.lark``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from .semantics.compat import TRAIT_NAMES
from .syntax.errors import Location, RSLError
from .syntax.parser import lark_parser
from .syntax.spelling import SUBSCRIPTS

KINDS = {"X": "basic", "C": "constant", "S": "structure", "D": "term", "A": "axiom",
         "T": "theorem", "F": "function", "P": "predicate", "N": "nominal"}
ALIAS = re.compile(r"[XCSDATFPN][0-9]+")
NAME = re.compile(r"[A-Z][A-Za-z0-9_]*")  # an alias a formula cannot name (F_IMAGE): kept, not used


def kind_of(alias: str) -> str | None:
    """The kind an alias names by its letter (``D15``: a term), or None."""
    return KINDS.get(alias[:1])


def alias_problem(alias: str, kind: str | None = None) -> str | None:
    """What is wrong with ``alias`` as the alias of a constituent (of
    ``kind``, when given), or None.  The one check of aliases: the ``.rsl``
    reader, ``setmine import`` and the ConceptPortal readers use it.

    An alias is a capital letter followed by letters, digits and ``_``, as
    ConceptPortal accepts them (``D15``, ``F_IMAGE``); only the letter-and-
    number form (``D15``, ``F3``) can be named in a formula.  Without
    ``kind`` the letter must say the kind (D a term, F a function, …)."""
    if not NAME.fullmatch(alias) or re.fullmatch(r"R[0-9]+", alias):
        if re.fullmatch(r"R[0-9]+", alias):
            return (f"{alias} is a radical (a type variable of function parameters), not the "
                    f"alias of a constituent; an alias is one of the letters {', '.join(KINDS)} "
                    "and a number")
        shown = repr(alias) if len(alias) <= 40 else f"{alias[:40]!r}… ({len(alias)} characters)"
        return (f"{shown} is not an alias: expected a capital letter and then letters, digits or "
                f"'_', as D15 or F_IMAGE (one of the letters {', '.join(KINDS)} and a number to "
                "be named in formulas)")
    if kind is None and kind_of(alias) is None:
        return (f"{alias} does not say its kind by its first letter ({', '.join(KINDS)}); "
                "give it a 'kind:' line")
    if kind is not None and kind not in KINDS.values():
        return f"unknown kind {kind!r} of {alias}: expected one of {', '.join(KINDS.values())}"
    return None
PREFIX_OF_KIND = {kind: prefix for prefix, kind in KINDS.items()}
DEFINITION_OPERATOR = {"basic": None, "constant": None, "structure": "::=", "nominal": ":=="}
ATTRIBUTES = ("term", "text", "convention", "gloss", "note")
META = ("alias", "title", "comment", "source")


@dataclass(frozen=True)
class Constituent:
    """One constituent: its alias, kind, formal definition as written, and
    its texts.  ``line`` and ``formal_offset`` place it in its file."""

    alias: str
    formal: str = ""
    term: str = ""
    text: str = ""
    convention: str = ""
    gloss: str = ""
    notes: tuple[str, ...] = ()
    traits: tuple[str, ...] | None = None  # a constant's, in TRAIT_NAMES order; None: default
    declared_kind: str | None = None  # the kind when the alias's letter does not say it
    # the term's grammatical forms, (text, tags), as a ConceptPortal bundle gives them
    # (``term_forms``); what the Portal's markup @{X1|plur,nomn} shows (``markup.py``)
    forms: tuple[tuple[str, tuple[str, ...]], ...] = field(default=(), compare=False)
    line: int = field(default=0, compare=False)
    formal_offset: int = field(default=0, compare=False)

    @property
    def kind(self) -> str:
        return self.declared_kind or KINDS[self.alias[0]]

    @property
    def operator(self) -> str | None:
        """The declaration operator: None, ``::=`` or ``:==``."""
        return DEFINITION_OPERATOR.get(self.kind, ":==")

    @property
    def declaration(self) -> str:
        if self.operator is None:
            return self.alias
        return f"{self.alias} {self.operator} {self.formal}".rstrip(" ") \
            if self.formal else f"{self.alias} {self.operator}"


@dataclass(frozen=True)
class SchemaText:
    """What a ``.rsl`` file holds: its header and its constituents."""

    constituents: tuple[Constituent, ...]
    alias: str = ""
    title: str = ""
    comment: str = ""
    source: str = ""


class SchemaFileError(RSLError):
    pass


def read_schema_text(text: str, path: str | None = None) -> SchemaText:
    """Parse a ``.rsl`` file.  Formulas are kept as text; parse them with
    ``parser.parse_expression`` (``schema.Schema`` does)."""
    if not text.endswith("\n"):
        text += "\n"
    location = Location(text, 0, path)
    try:
        tree = lark_parser().parse(text, start="schema")
    except UnexpectedInput as exc:
        at = getattr(exc, "pos_in_stream", None)
        if at is None:
            token = getattr(exc, "token", None)
            at = getattr(token, "start_pos", None) or len(text)
        raise SchemaFileError("unknownSyntax", _file_message(exc), at, at + 1,
                              location=location) from None
    meta: dict[str, str] = {}
    constituents: list[Constituent] = []
    seen: dict[str, int] = {}
    for node in tree.children:
        if node.data == "meta":
            key_token, value = node.children[0], _value(node.children[1:])
            key = str(key_token)[1:]
            if key not in META:
                raise SchemaFileError("unknownSyntax", f"unknown header @{key}; expected one of "
                                      + ", ".join("@" + k for k in META),
                                      key_token.start_pos, key_token.end_pos, location=location)
            meta[key] = value
        else:
            item = _constituent(node, location)
            if item.alias in seen:
                raise SchemaFileError("duplicateAlias",
                                      f"{item.alias} is already defined on line {seen[item.alias]}",
                                      _offset_of_line(text, item.line), _offset_of_line(text, item.line) + len(item.alias),
                                      location=location)
            seen[item.alias] = item.line
            constituents.append(item)
    return SchemaText(tuple(constituents), **meta)


def _constituent(node: Tree, location: Location) -> Constituent:
    declaration, *parts = node.children
    alias_token, *rest = declaration.children
    alias = str(alias_token).translate(SUBSCRIPTS)
    formal_token = rest[1] if len(rest) > 1 else None
    formal_lines = [str(formal_token) if formal_token is not None else ""]
    values: dict[str, str] = {}
    notes: list[str] = []
    traits_part: tuple[str, Tree] | None = None
    for part in parts:
        if part.data == "continuation":
            formal_lines.append(_value(part.children))
            continue
        key_token = part.children[0]
        key = str(key_token)[:-1]
        value = _value(part.children[1:])
        if key not in ATTRIBUTES + ("traits", "kind"):
            raise SchemaFileError("unknownSyntax", f"unknown attribute '{key}:'; expected one of "
                                  + ", ".join(a + ":" for a in ATTRIBUTES + ("traits", "kind")),
                                  key_token.start_pos, key_token.end_pos, location=location)
        if key == "note":
            notes.append(value)
        elif key in values or (key == "traits" and traits_part is not None):
            raise SchemaFileError("unknownSyntax", f"'{key}:' given twice for {alias}",
                                  key_token.start_pos, key_token.end_pos, location=location)
        elif key == "traits":
            traits_part = (value, part)
        else:
            values[key] = value
    declared = values.pop("kind", None)
    if declared is not None:
        declared = declared.strip()
        if declared == kind_of(alias):
            declared = None  # the letter says it already
    problem = alias_problem(alias, declared)
    if problem is not None:
        raise SchemaFileError("unknownSyntax", problem, alias_token.start_pos, alias_token.end_pos,
                              location=location)
    kind = declared or KINDS[alias[0]]
    expected = DEFINITION_OPERATOR.get(kind, ":==")
    operator = _canonical_operator(rest[0]) if rest else None
    if operator != expected:
        want = f"'{alias} {expected} …'" if expected else f"'{alias}' alone"
        at = rest[0] if rest else alias_token
        raise SchemaFileError("unknownSyntax", f"a {kind} is declared as {want}",
                              at.start_pos, at.end_pos, location=location)
    traits = _traits(alias, kind, *traits_part, location) if traits_part is not None else None
    offset = formal_token.start_pos if formal_token is not None else alias_token.start_pos
    return Constituent(alias, "\n".join(formal_lines), notes=tuple(notes), traits=traits,
                       declared_kind=declared, line=alias_token.line, formal_offset=offset,
                       **values)


def trait_problem(alias: str, names: tuple[str, ...], kind: str | None = None) -> str | None:
    """What is wrong with giving ``names`` as the traits of ``alias`` (of
    ``kind``; by default the kind its letter names)."""
    kind = kind or kind_of(alias)
    if kind != "constant":
        return (f"only a constant set (C1, C2…) has traits; {alias} is a {kind}"
                + (", whose elements are neither integral nor ordered" if kind == "basic" else ""))
    for name in names:
        if name == "none" and len(names) > 1:
            return f"'none' cannot be combined with other traits of {alias}"
        if name not in TRAIT_NAMES:
            return (f"unknown trait {name!r} of {alias}: expected "
                    + ", ".join(TRAIT_NAMES) + " (comma-separated) or none")
        if names.count(name) > 1:
            return f"the trait {name} of {alias} is given twice"
    return None


def _traits(alias: str, kind: str, value: str, part: Tree, location: Location) -> tuple[str, ...]:
    """The traits of a ``traits:`` line, in ``TRAIT_NAMES`` order."""
    key_token = part.children[0]
    rest = [c for c in part.children[1:] if isinstance(c, Token)]
    start, end = (rest[0].start_pos, rest[0].end_pos) if rest else \
        (key_token.start_pos, key_token.end_pos)
    if kind != "constant":
        start, end = key_token.start_pos, key_token.end_pos
    names = tuple(n.strip() for n in value.split(","))
    if names == ("none",) and kind == "constant":
        return ()
    problem = trait_problem(alias, names, kind)
    if problem is not None and kind == "constant" and not value.strip():
        problem = f"'traits:' of {alias} is empty: write integral, ordered or none"
    if problem is not None:
        raise SchemaFileError("unknownSyntax", problem, start, end, location=location)
    return tuple(n for n in TRAIT_NAMES if n in names)


def _value(children: list) -> str:
    """A value and its ``>`` continuation lines, joined by newlines."""
    parts: list[str] = []
    for child in children:
        if isinstance(child, Token) and child.type == "REST":
            parts.append(str(child))
        elif isinstance(child, Tree) and child.data == "continuation":
            parts.append("\n" + _value(child.children))
    return "".join(parts)


def _canonical_operator(token: Token) -> str:
    return {"\\deftype": "::=", "\\defexpr": ":=="}.get(str(token), str(token))


def _offset_of_line(text: str, line: int) -> int:
    offset = 0
    for _ in range(line - 1):
        offset = text.index("\n", offset) + 1
    return offset


def _file_message(exc: UnexpectedInput) -> str:
    token = getattr(exc, "token", None)
    if token is not None and token.type == "$END":
        return "unexpected end of file"
    if token is not None:
        if token.type == "REST":
            return "a line must be a declaration ('D1 :== …'), a 'key: value' line, " \
                   "an '@key value' header, a '> ' continuation or a '#' comment"
        return f"unexpected {str(token)!r} here"
    return "a line must be a declaration ('D1 :== …'), a 'key: value' line, " \
           "an '@key value' header, a '> ' continuation or a '#' comment"


# ----------------------------------------------------------------------------
# Writing

def write_schema_text(schema: SchemaText, preamble: str = "") -> str:
    """The ``.rsl`` text of a schema; ``read_schema_text`` reads it back."""
    lines: list[str] = [f"# {line}".rstrip() for line in preamble.splitlines()]
    header = [(key, getattr(schema, key)) for key in META if getattr(schema, key)]
    for key, value in header:
        lines.append(_line(f"@{key}", value))
    for item in schema.constituents:
        if lines:
            lines.append("")
        _check_writable(item.alias, "formal definition", item.formal)
        first, *more = item.formal.split("\n") if item.formal else [""]
        lines.append(replace(item, formal=first).declaration)
        lines.extend(f"  > {part}".rstrip() for part in more)
        if item.declared_kind is not None and item.declared_kind != kind_of(item.alias):
            lines.append(f"  kind: {item.declared_kind}")
        if item.traits is not None:
            problem = trait_problem(item.alias, item.traits, item.kind)
            if problem is not None:
                raise SchemaFileError("unknownSyntax", problem, 0, 0)
            lines.append("  traits: " + (", ".join(n for n in TRAIT_NAMES if n in item.traits)
                                         or "none"))
        for key in ATTRIBUTES:
            values = item.notes if key == "note" else [getattr(item, key)]
            for value in values:
                if value:
                    _check_writable(item.alias, key, value)
                    lines.append(_line(f"  {key}:", value))
    return "\n".join(lines) + "\n"


def with_formal(source: str, item: Constituent, formal: str, note: str | None = None
                ) -> str | None:
    """``source`` (a ``.rsl`` text holding ``item``) with ``item``'s formal
    definition replaced by ``formal`` (one line) and ``note`` added after
    its block — every other byte as it was (comments, blank lines,
    spacing).  None where the text cannot be edited in place (a formal
    written over several lines, a value that needs quoting): the caller
    then writes the schema anew."""
    if "\n" in formal or (note and "\n" in note) or "\n" in item.formal or not item.formal:
        return None
    start = item.formal_offset
    head = source.rfind("\n", 0, start) + 1
    end = source.find("\n", start)
    end = len(source) if end == -1 else end
    if source[start:end].rstrip() != item.formal.rstrip():
        return None   # the formal is not written where and as the parse says
    edited = source[:start] + formal + source[end:]
    if note is None:
        return edited
    # the note goes after the constituent's last indented line
    index = source.count("\n", 0, head)
    lines = edited.split("\n")
    last = index
    for i in range(index + 1, len(lines)):
        if lines[i].startswith((" ", "\t")) and lines[i].strip():
            last = i
        else:
            break
    lines.insert(last + 1, _line("  note:", note))
    return "\n".join(lines)


def _line(key: str, value: str) -> str:
    first, *more = value.split("\n")
    out = [f"{key} {first}".rstrip()]
    out.extend(f"  > {part}".rstrip() for part in more)
    return "\n".join(out)


def _check_writable(alias: str, what: str, value: str) -> None:
    for part in value.split("\n"):
        if part != part.strip(" \t\f\r"):
            raise SchemaFileError(
                "unknownSyntax", f"the {what} of {alias} has a line with leading or trailing "
                f"white space ({part!r}); the .rsl format cannot keep it", 0, 0)
