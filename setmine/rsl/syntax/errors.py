"""Errors and warnings of RSLang, with the error vocabulary of ConceptPortal.

Every diagnostic has a ``code`` (``typesNotEqual``, ``localOutOfScope``…), an
English ``message`` and a ``span`` ``[start, end)`` in code points of the
expression it is about.  When the expression came from a file, ``locate``
adds the file name, the line and column and an excerpt with a caret under the
offending text.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    """Where an expression stands in a file: ``offset`` is the code-point
    offset of the expression's first character in ``text``."""

    text: str
    offset: int = 0
    path: str | None = None


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    start: int
    end: int

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)


class RSLError(Exception):
    """A syntax, semantic or evaluation error of RSLang.

    ``start``/``end`` index the expression (code points); ``line``/``column``
    (1-based) and ``excerpt`` are filled in when the source is known.
    """

    def __init__(self, code: str, message: str, start: int = 0, end: int | None = None,
                 *, source: str | None = None, location: Location | None = None):
        self.code = code
        self.message = message
        self.start = start
        self.end = start if end is None else end
        self.source = source
        self.location = location
        super().__init__(self.render())

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)

    @property
    def line(self) -> int | None:
        pos = self._file_position()
        return pos[0] if pos else None

    @property
    def column(self) -> int | None:
        pos = self._file_position()
        return pos[1] if pos else None

    def _file_text_and_offset(self) -> tuple[str, int] | None:
        if self.location is not None:
            return self.location.text, self.location.offset + self.start
        if self.source is not None:
            return self.source, self.start
        return None

    def _file_position(self) -> tuple[int, int] | None:
        found = self._file_text_and_offset()
        if found is None:
            return None
        text, offset = found
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        return line, column

    def excerpt(self) -> str:
        """The source line with a caret under the span (empty if unknown)."""
        found = self._file_text_and_offset()
        if found is None:
            return ""
        text, offset = found
        line_start = text.rfind("\n", 0, offset) + 1
        line_end = text.find("\n", offset)
        if line_end == -1:
            line_end = len(text)
        width = max(1, min(self.end - self.start, line_end - offset))
        return text[line_start:line_end] + "\n" + " " * (offset - line_start) + "^" * width

    def within(self, text: str) -> "RSLError":
        """The same error in ``text``, the one expression it was found in:
        rendered with the text and a caret under the span."""
        return RSLError(self.code, self.message, self.start, self.end, source=text)

    def located(self, location: Location) -> "RSLError":
        """The same error, placed in a file."""
        return RSLError(self.code, self.message, self.start, self.end, location=location)

    def render(self) -> str:
        where = ""
        pos = self._file_position()
        if pos is not None:
            path = self.location.path if self.location and self.location.path else None
            where = f"{path + ':' if path else ''}{pos[0]}:{pos[1]}: "
        text = f"{where}{self.code}: {self.message} [{self.start}, {self.end})"
        excerpt = self.excerpt()
        return f"{text}\n{excerpt}" if excerpt else text

    def __str__(self) -> str:
        return self.render()


def error(code: str, message: str, span: tuple[int, int]) -> RSLError:
    return RSLError(code, message, span[0], span[1])
