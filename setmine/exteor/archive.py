"""The legacy schema file of Exteor 4.0 (2013): an MFC ``CArchive`` stream.

Two renderings of one stream are read here, and they give the same result:

* **the dump** (the user's seed): UTF-8 text whose characters are the UTF-16
  code units of the stream, with the U+FEFF and U+0000 units left out;
* **the raw bytes** (a real ``.trs`` of that era): the same units as UTF-16LE,
  each string preceded by the Unicode marker ``FF FE``.

Both are first turned into a sequence of 16-bit *units*; one tokenizer then
cuts the units into **strings** and **integers**:

* a unit ``0xnnFF`` starts a string of ``nn`` units (``0x00FF`` is ``""``);
  ``0xFFFF`` means the length is the next unit, and if that is ``0xFFFF`` too,
  the next two units (low, high) hold a 32-bit length.  In bytes this is
  MFC's ``FF FE FF len`` / ``FF FE FF FF lo hi`` / ``… FF FF b0 b1 b2 b3``;
* any other unit is integer data.  ``0x0000`` and ``0xFEFF`` units are
  dropped: the dump has lost them, so a reader of the bytes must not see
  them either (this is what makes the two forms read the same); more than
  :data:`MAX_INTEGER_RUN` integer units in a row is an error;
* the text of a string is decoded strictly as UTF-16: a lone surrogate is an
  error.

The tokens then form the document: the strings ``__@VERSION@__``, version,
title, alias, comment; the first integer after them is the declared number of
records; then each record is five strings (alias, term, formal definition,
textual definition, convention).  Other integers (per-record numbers of the
archive) may stand anywhere between strings; they carry no text and are kept
in the token stream only.
"""

from __future__ import annotations

import sys
from array import array
from bisect import bisect_right
from itertools import accumulate
from typing import NamedTuple

from .document import KINDS, Document, ExteorError, Record, Unit, describe, kind_of

MARKER = "__@VERSION@__"
HEADER_FIELDS = ("marker", "version", "title", "alias", "comment")
RECORD_FIELDS = ("alias", "term", "formal", "text", "convention")

_BOM = 0xFEFF  # the Unicode marker of MFC's string prefix; never text of its own here

#: The most integer units that may stand between two strings.  The seed has
#: at most two (the count 32 and the 53 after it); a longer run is text left
#: outside a string by a length prefix that was corrupted to a smaller value.
MAX_INTEGER_RUN = 8


class Token(NamedTuple):
    """A string or an integer of the stream, with the offset where it starts
    (for a string: where its length prefix starts)."""

    value: str | int
    offset: int

    @property
    def is_string(self) -> bool:
        return isinstance(self.value, str)


class _Source:
    """The stream as 16-bit units, plus the way back to file offsets."""

    def __init__(self, data: bytes, unit: Unit, text: str | None = None) -> None:
        self.data = data  # UTF-16LE, even length
        self.units = array("H")
        self.units.frombytes(data)
        if sys.byteorder == "big":
            self.units.byteswap()
        self.unit: Unit = unit
        self.things = "characters" if unit == "character" else "UTF-16 units"
        self._text = text
        self._starts: list[int] | None = None  # unit index where each character starts

    def where(self, index: int) -> int:
        """The file offset of unit ``index`` (a byte, or a character of the dump)."""
        if self.unit == "byte":
            return 2 * index
        assert self._text is not None
        if len(self._text) == len(self.units):  # no character outside the BMP
            return index
        if self._starts is None:
            self._starts = [0, *accumulate(1 if ord(c) < 0x10000 else 2 for c in self._text)]
        return bisect_right(self._starts, index) - 1

    def error(self, problem: str, index: int, detail: str = "") -> ExteorError:
        return ExteorError(problem, self.where(index), self.unit, detail)


def _text_source(text: str) -> _Source:
    return _Source(text.encode("utf-16-le", "surrogatepass"), "character", text)


def _bytes_source(data: bytes) -> _Source:
    if len(data) % 2:
        raise ExteorError("truncated 16-bit unit", len(data) - 1, "byte",
                          f"the stream has an odd number of bytes ({len(data)})")
    return _Source(data, "byte")


def _tokenize(src: _Source) -> list[Token]:
    units, n, i = src.units, len(src.units), 0
    tokens: list[Token] = []
    run = -n  # integer units since the last string; not counted before the first
    while i < n:
        unit = units[i]
        if unit == 0 or unit == _BOM:
            i += 1
            continue
        if unit & 0xFF != 0xFF:
            run += 1
            if run > MAX_INTEGER_RUN:
                first = tokens[-MAX_INTEGER_RUN]
                raise ExteorError("text outside a string", first.offset, src.unit,
                                  f"expected a string prefix U+nnFF within {MAX_INTEGER_RUN} integer "
                                  "units (is a length prefix before it too short?)")
            tokens.append(Token(unit, src.where(i)))
            i += 1
            continue
        run = 0
        # a string starts at its FF FE marker when it has one (the byte form)
        start = i - 1 if i and units[i - 1] == _BOM else i
        length, i = unit >> 8, i + 1
        if length == 0xFF:  # the long forms: a 16-bit, then a 32-bit length
            if i >= n:
                raise src.error("truncated length prefix", start, "expected a 16-bit length after U+FFFF")
            length, i = units[i], i + 1
            if length == 0xFFFF:
                if i + 2 > n:
                    raise src.error("truncated length prefix", start,
                                    "expected a 32-bit length after U+FFFF U+FFFF")
                length, i = units[i] | units[i + 1] << 16, i + 2
        end = i + length
        if end > n:
            found = n - i if src.unit == "byte" else src.where(n) - src.where(i)
            raise src.error("truncated string", start, f"expected {length} {src.things}, found {found}")
        try:
            value = src.data[2 * i:2 * end].decode("utf-16-le")
        except UnicodeDecodeError as exc:
            bad = i + exc.start // 2
            raise src.error("invalid UTF-16", bad,
                            f"lone surrogate U+{units[bad]:04X} in a string of {length} units") from None
        tokens.append(Token(value, src.where(start)))
        i = end
    return tokens


def tokenize_text(text: str) -> list[Token]:
    """The tokens of the dump form; offsets are characters of ``text``."""
    return _tokenize(_text_source(text))


def tokenize_bytes(data: bytes) -> list[Token]:
    """The tokens of the raw byte form; offsets are bytes of ``data``."""
    return _tokenize(_bytes_source(data))


def _parse(tokens: list[Token], src: _Source) -> Document:
    """Header, declared count and records from the token stream."""
    end = src.where(len(src.units))
    if not tokens or tokens[0].value != MARKER:
        found = describe(tokens[0].value) if tokens else "end of file"
        offset = tokens[0].offset if tokens else end
        raise ExteorError("wrong header", offset, src.unit,
                          f"expected the string {MARKER!r}, found {found}")
    strings = [(k, t) for k, t in enumerate(tokens) if t.is_string]
    if len(strings) < len(HEADER_FIELDS):
        missing = HEADER_FIELDS[len(strings)]
        raise ExteorError("truncated header", end, src.unit,
                          f"expected the {missing} string, found end of file")
    after = strings[len(HEADER_FIELDS) - 1][0] + 1
    first_record = strings[len(HEADER_FIELDS)][0] if len(strings) > len(HEADER_FIELDS) else len(tokens)
    counts = [t for t in tokens[after:first_record] if not t.is_string]
    if not counts:
        offset = tokens[first_record].offset if first_record < len(tokens) else end
        raise ExteorError("missing record count", offset, src.unit,
                          "expected an integer after the header strings")
    declared = counts[0]
    body = [t for _, t in strings[len(HEADER_FIELDS):]]
    width = len(RECORD_FIELDS)
    if len(body) % width:
        partial = body[len(body) - len(body) % width:]
        raise ExteorError("truncated record", end, src.unit,
                          f"record {describe(partial[0].value)} has {len(partial)} of its "
                          f"{width} strings ({', '.join(RECORD_FIELDS)})")
    if len(body) // width != declared.value:
        raise ExteorError("record count mismatch", declared.offset, src.unit,
                          f"the header declares {declared.value} records, "
                          f"the stream holds {len(body) // width}")
    records = []
    for k in range(0, len(body), width):
        alias, term, formal, text, convention = (str(t.value) for t in body[k:k + width])
        kind = kind_of(alias)
        if kind is None:
            raise ExteorError("unknown constituent kind", body[k].offset, src.unit,
                              f"expected an alias starting with one of {', '.join(KINDS)}, "
                              f"found {describe(alias)}")
        records.append(Record(alias, kind, term, formal, text, convention))
    version, title, doc_alias, comment = (str(t.value) for _, t in strings[1:len(HEADER_FIELDS)])
    return Document(title=title, alias=doc_alias, comment=comment, version=version,
                    records=tuple(records))


def read_archive_text(text: str) -> Document:
    """Read the dump form (the seed's text)."""
    src = _text_source(text)
    return _parse(_tokenize(src), src)


def read_archive_bytes(data: bytes) -> Document:
    """Read the raw byte form (UTF-16LE units with ``FF FE FF`` string prefixes)."""
    src = _bytes_source(data)
    return _parse(_tokenize(src), src)


# --- writing -------------------------------------------------------------------


def _string_units(value: str, marker: bool) -> list[int]:
    """MFC's length prefix and the UTF-16 units of ``value``."""
    body = array("H")
    body.frombytes(value.encode("utf-16-le", "surrogatepass"))
    if sys.byteorder == "big":
        body.byteswap()
    n = len(body)
    if n < 0xFF:
        prefix = [n << 8 | 0xFF]
    elif n < 0xFFFF:
        prefix = [0xFFFF, n]
    else:
        prefix = [0xFFFF, 0xFFFF, n & 0xFFFF, n >> 16]
    return ([_BOM] if marker else []) + prefix + body.tolist()


def _emit(tokens: list[Token] | list[str | int], marker: bool) -> bytes:
    units: list[int] = []
    for token in tokens:
        value = token.value if isinstance(token, Token) else token
        if isinstance(value, str):
            units += _string_units(value, marker)
        elif value not in (0, _BOM):
            units.append(value)
    out = array("H", units)
    if sys.byteorder == "big":
        out.byteswap()
    return out.tobytes()


def text_to_bytes(text: str) -> bytes:
    """The raw byte form of a dump: each string as ``FF FE FF len`` + UTF-16LE
    (with MFC's shortest length prefix), each integer character as its 2-byte
    little-endian unit.  A malformed dump raises :class:`ExteorError`."""
    return _emit(tokenize_text(text), marker=True)


def _document_values(doc: Document) -> list[str | int]:
    count = len(doc.records)
    if count == 0 or count > 0xFFFF or count & 0xFF == 0xFF:
        raise ValueError(f"a count of {count} records has no faithful single-unit form in the stream")
    values: list[str | int] = [MARKER, doc.version, doc.title, doc.alias, doc.comment, count]
    for rec in doc.records:
        if kind_of(rec.alias) != rec.kind:
            raise ValueError(f"record {rec.alias!r}: kind {rec.kind!r} does not match its alias prefix")
        values += [rec.alias, rec.term, rec.formal, rec.text, rec.convention]
    return values


def document_to_text(doc: Document) -> str:
    """The dump form of ``doc`` (what :func:`read_archive_text` reads back)."""
    return _emit(_document_values(doc), marker=False).decode("utf-16-le", "surrogatepass")


def document_to_bytes(doc: Document) -> bytes:
    """The raw byte form of ``doc`` (what :func:`read_archive_bytes` reads back)."""
    return _emit(_document_values(doc), marker=True)
