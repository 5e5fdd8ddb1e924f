"""JSON text from users, read so that every failure is a ``JSONDecodeError``.

``json.loads`` has two failures that are not syntax errors: an integer of
more digits than Python converts (``ValueError``, past 4,300 digits) and
nesting deeper than the interpreter's stack (``RecursionError``).  Both come
from files no one should trust, so :func:`load_json` turns them into
something the readers can report:

* an over-long integer becomes a :class:`LongNumber`, which is no ``int``,
  so the reader's own check of that field rejects it, naming the field and
  the number's length (``describe_json`` renders it briefly);
* too deep a nesting is a ``JSONDecodeError`` at the bracket that opens one
  level too many;
* with ``unicode_only``, a string with a lone surrogate (``"\\ud800"``, an
  escape JSON allows but that is no Unicode text: it could never be printed
  or written) is a ``JSONDecodeError`` at that escape.

The fast path is plain ``json.loads``; the slower careful one runs only
when the fast one failed for one of these reasons.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

MAX_DEPTH = 500
"""How deep a JSON text may nest when it is too deep for ``json.loads``."""


@dataclass(frozen=True)
class LongNumber:
    """An integer written with more digits than Python converts."""

    digits: int

    def __repr__(self) -> str:
        return f"a number of {self.digits} digits"


def _integer(text: str) -> int | LongNumber:
    try:
        return int(text)
    except ValueError:
        return LongNumber(len(text.lstrip("-")))


def load_json(text: str, unicode_only: bool = False) -> Any:
    """``json.loads(text)``, failing only with ``json.JSONDecodeError``;
    with ``unicode_only``, also at a lone surrogate (a board's text must
    print; an Exteor file keeps its surrogates, to write them back)."""
    try:
        value = json.loads(text, object_pairs_hook=_once)
    except _Twice as twice:
        raise _twice_error(text, twice.key) from None
    except json.JSONDecodeError:
        raise
    except ValueError:  # an integer past the conversion limit
        value = load_json_careful(text)
    except RecursionError:
        raise json.JSONDecodeError(f"nesting too deep (more than {MAX_DEPTH} levels)", text,
                                   _too_deep_at(text)) from None
    if unicode_only and "\\u" in text and _has_surrogate(value):
        match = _LONE_SURROGATE.search(text)
        at = match.start() if match else 0
        escape = match.group() if match else "\\ud800"
        raise json.JSONDecodeError(f"{escape} is half of a surrogate pair, not a character "
                                   "(write the character itself, or both halves)", text, at)
    return value


_LONE_SURROGATE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
                             r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def _has_surrogate(value: Any) -> bool:
    """Whether a decoded JSON value holds a string that is no Unicode text."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


class _Twice(ValueError):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _once(pairs: list[tuple[str, Any]]) -> dict:
    """An object's members, each key once: JSON readers keep the last of a
    key given twice and drop the first without a word."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Twice(key)
            seen.add(key)
    return out


def _twice_error(text: str, key: str) -> json.JSONDecodeError:
    quoted = json.dumps(key, ensure_ascii=False)
    first = text.find(quoted)
    second = text.find(quoted, first + 1) if first >= 0 else -1
    return json.JSONDecodeError(f"the key {quoted} is given twice in one object (say it once: "
                                f"a reader would keep the last and drop the first)", text,
                                max(second, 0))


def load_json_careful(text: str) -> Any:
    try:
        return json.loads(text, parse_int=_integer, object_pairs_hook=_once)
    except _Twice as twice:
        raise _twice_error(text, twice.key) from None
    except RecursionError:
        raise json.JSONDecodeError(f"nesting too deep (more than {MAX_DEPTH} levels)", text,
                                   _too_deep_at(text)) from None


def _outside_strings(text: str, end: int | None = None):
    """Each character of ``text[:end]`` outside its strings, as (offset,
    character, the last string closed before it)."""
    inside, escaped, began, last = False, False, 0, None
    for at, ch in enumerate(text if end is None else text[:end]):
        if inside:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                inside, last = False, text[began + 1:at]
        elif ch == '"':
            inside, began = True, at
        else:
            yield at, ch, last


def _too_deep_at(text: str) -> int:
    """The offset of the bracket that opens level ``MAX_DEPTH + 1`` (strings
    skipped), or 0 when the text never gets that deep."""
    depth = 0
    for at, ch, _ in _outside_strings(text):
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return at
        elif ch in "]}":
            depth -= 1
    return 0

def describe_json(value: Any, limit: int = 60) -> str:
    """A JSON value for an error message, cut to about ``limit`` characters."""
    if isinstance(value, LongNumber):
        return repr(value)
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (ValueError, RecursionError):
        text = "a nested value"
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


# -- a request: JSON bytes from a client no one should trust -----------------

REQUEST_DEPTH = 64
"""How deep a request's JSON may nest (a model's deepest value is a few
levels: a set of tuples of sets)."""

REQUEST_DIGITS = 100
"""The most digits of an integer in a request."""

REQUEST_STRING = 200_000
"""The longest string (or key) in a request, in characters."""


class JSONTooLarge(ValueError):
    """A request's JSON past one of the bounds above: ``field`` is where
    (``model.S1[3]``), for the answer's ``field``."""

    def __init__(self, message: str, field: str | None):
        super().__init__(message)
        self.field = field


def load_request(data: bytes) -> Any:
    """A request's body as JSON, bounded in depth, integer length and
    string length; ``ValueError`` (its subclasses ``JSONDecodeError``,
    ``UnicodeDecodeError``, :class:`JSONTooLarge`) for anything else."""
    text = data.decode("utf-8")
    try:
        value = load_json(text, unicode_only=True)
    except json.JSONDecodeError as exc:
        if exc.msg.startswith("nesting too deep"):
            raise JSONTooLarge(f"the request nests more than {REQUEST_DEPTH} levels deep "
                               f"(at character {exc.pos:,})", _key_at(text, exc.pos)) from None
        raise
    _check_bounds(value)
    return value


def _check_bounds(value: Any) -> None:
    """Each value within the bounds; the path to one that is not (``model.S1[3]``)
    is written only then — each item keeps a link to its parent, not a copy
    of its path."""
    stack: list = [(value, 0, None)]   # (item, depth, (parent's link, key) or None)
    while stack:
        item, depth, link = stack.pop()
        if depth > REQUEST_DEPTH:
            _too_large(link, f"nests more than {REQUEST_DEPTH} levels deep")
        if isinstance(item, dict):
            for key, inner in item.items():
                if len(key) > REQUEST_STRING:
                    _too_large(link, f"has a key of {len(key):,} characters")
                stack.append((inner, depth + 1, (link, key)))
        elif isinstance(item, list):
            stack.extend((inner, depth + 1, (link, i)) for i, inner in enumerate(item))
        elif isinstance(item, str) and len(item) > REQUEST_STRING:
            _too_large(link, f"is {len(item):,} characters, more than {REQUEST_STRING:,}")
        elif isinstance(item, float) and not math.isfinite(item):
            _too_large(link, "is not a finite number")
        elif isinstance(item, LongNumber) or (isinstance(item, int) and not isinstance(item, bool)
                                             and abs(item) >= 10 ** REQUEST_DIGITS):
            digits = item.digits if isinstance(item, LongNumber) else len(str(abs(item)))
            _too_large(link, f"is a number of {digits:,} digits, more than {REQUEST_DIGITS}")


def _too_large(link, what: str):
    keys = []
    while link is not None:
        link, key = link
        keys.append(key)
    where = ""
    for key in reversed(keys):
        where += f"[{key}]" if isinstance(key, int) else (f".{key}" if where else key)
    raise JSONTooLarge(f"{where or 'the request'} {what}", _top(where))


def _top(where: str) -> str | None:
    """The request's own field a path lies in (``model`` of ``model.S1[3]``)."""
    return re.split(r"[.\[]", where, maxsplit=1)[0] or None if where else None


def _key_at(text: str, offset: int) -> str | None:
    """The key of the top-level object whose value holds ``offset``."""
    depth, key = 0, None
    for _, ch, last in _outside_strings(text, offset):
        if ch == ":" and depth == 1:
            key = last
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
    return key
