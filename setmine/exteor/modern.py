"""The modern ``.trs`` of Exteor 4.8+ and ConceptPortal: a ZIP with ``document.json``.

``document.json`` is a JSON object::

    {"type": "rsform", "version": 16, "title": …, "alias": …, "comment": …,
     "items": [{"id": 1, "alias": "X1", "cstType": "basic", "convention": …,
                "term": {"raw": …, "resolved": …, "forms": []},
                "definition": {"formal": …, "text": {"raw": …, "resolved": …}}}, …]}

The reader needs ``type`` = ``"rsform"``, an integer ``version``, and for each
item an ``alias`` and a known ``cstType``; other text fields that are absent
read as ``""``.  Everything that is present must have the expected JSON type.

Offsets in errors are bytes: of the ZIP file for archive problems, of
``document.json`` for JSON problems (the message says which).  Problems with
the *content* of a well-formed JSON (a wrong ``type``, a missing alias) carry
offset 0 of ``document.json`` and name the JSON path instead.
"""

from __future__ import annotations

import io
import json
import os
import struct
import zipfile
import zlib
from typing import IO, Any

from ..base.jsontext import load_json
from ..base.targets import write
from .document import KINDS, Document, ExteorError, Record, describe

MEMBER = "document.json"
FORMAT_TYPE = "rsform"
FORMAT_VERSION = 16
#: The largest ``document.json`` we agree to inflate (a guard against ZIP bombs).
MAX_JSON_BYTES = 64 * 1024 * 1024

_CST_TYPES = frozenset(KINDS.values())


def _zip_error(problem: str, offset: int, detail: str = "") -> ExteorError:
    return ExteorError(problem, offset, "byte", detail)


def _json_error(problem: str, detail: str, offset: int = 0) -> ExteorError:
    return ExteorError(f"{problem} in {MEMBER}", offset, "byte", detail)


# zipfile's failures on corrupt input are many (a bad header, a bad deflate
# stream, a truncated member, an unknown method…); each becomes an
# ExteorError, while a programming error (NameError, TypeError…) stays one.
ZIP_FAILURES = (zipfile.BadZipFile, zlib.error, struct.error, EOFError, NotImplementedError,
                RuntimeError, ValueError, OverflowError, OSError, LookupError)


def _load_member(data: bytes) -> bytes:
    """The bytes of ``document.json`` inside the ZIP ``data``."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except ZIP_FAILURES as exc:
        raise _zip_error("not a readable ZIP archive", 0, str(exc) or type(exc).__name__) from None
    with archive:
        try:
            info = archive.getinfo(MEMBER)
        except KeyError:
            names = ", ".join(describe(n, 30) for n in archive.namelist()[:5]) or "none"
            raise _zip_error("no document.json in the ZIP archive", 0, f"members: {names}") from None
        if info.file_size > MAX_JSON_BYTES:
            raise _zip_error("document.json too large", info.header_offset,
                             f"{info.file_size} bytes, at most {MAX_JSON_BYTES} accepted")
        try:
            with archive.open(info) as member:
                content = member.read(MAX_JSON_BYTES + 1)
        except ZIP_FAILURES as exc:
            raise _zip_error("corrupt document.json in the ZIP archive", info.header_offset,
                             str(exc) or type(exc).__name__) from None
    if len(content) > MAX_JSON_BYTES:
        raise _zip_error("document.json too large", info.header_offset,
                         f"more than {MAX_JSON_BYTES} bytes")
    return content


def _parse_json(content: bytes) -> Any:
    start = 3 if content.startswith(b"\xef\xbb\xbf") else 0
    try:
        text = content[start:].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _json_error("invalid UTF-8", f"byte 0x{content[start + exc.start]:02X} "
                          f"cannot start or continue a character", start + exc.start) from None
    try:
        return load_json(text)
    except json.JSONDecodeError as exc:
        offset = start + len(text[:exc.pos].encode("utf-8", "surrogatepass"))
        raise _json_error("invalid JSON", exc.msg, offset) from None


def _field(obj: dict[str, Any], key: str, path: str, expected: type, default: Any = None) -> Any:
    """``obj[key]`` checked against ``expected``; ``default`` when it is absent
    (a missing key without a default is an error)."""
    if key not in obj:
        if default is None:
            raise _json_error("missing field", f"expected {path}.{key}")
        return default
    value = obj[key]
    if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
        raise _json_error("wrong field type",
                          f"expected {path}.{key} to be {_JSON_NAMES[expected]}, found {describe(value)}")
    return value


_JSON_NAMES = {str: "a string", int: "an integer", dict: "an object", list: "an array"}


def _text(obj: dict[str, Any], key: str, path: str) -> str:
    value: str = _field(obj, key, path, str, "")
    return value


def _record(item: Any, path: str) -> Record:
    if not isinstance(item, dict):
        raise _json_error("wrong field type", f"expected {path} to be an object, found {describe(item)}")
    alias = _field(item, "alias", path, str)
    cst_type = _field(item, "cstType", path, str)
    if cst_type not in _CST_TYPES:
        raise _json_error("unknown constituent type",
                          f"expected {path}.cstType in {', '.join(sorted(_CST_TYPES))}, found {describe(cst_type)}")
    term = _field(item, "term", path, dict, {})
    definition = _field(item, "definition", path, dict, {})
    text = _field(definition, "text", f"{path}.definition", dict, {})
    return Record(
        alias=alias,
        kind=cst_type,
        term=_text(term, "raw", f"{path}.term"),
        formal=_text(definition, "formal", f"{path}.definition"),
        text=_text(text, "raw", f"{path}.definition.text"),
        convention=_text(item, "convention", path),
    )


def read_trs_bytes(data: bytes) -> Document:
    """Read a modern ``.trs`` (the bytes of the ZIP file)."""
    root = _parse_json(_load_member(data))
    if not isinstance(root, dict):
        raise _json_error("wrong document", f"expected a JSON object, found {describe(root)}")
    kind = root.get("type")
    if kind != FORMAT_TYPE:
        raise _json_error("wrong document type", f"expected \"type\": \"{FORMAT_TYPE}\", found {describe(kind)}")
    version = _field(root, "version", "$", int)
    items = _field(root, "items", "$", list, [])
    return Document(
        title=_text(root, "title", "$"),
        alias=_text(root, "alias", "$"),
        comment=_text(root, "comment", "$"),
        version=f"{FORMAT_TYPE} {version}",
        records=tuple(_record(item, f"$.items[{k}]") for k, item in enumerate(items)),
    )


def document_json(doc: Document) -> dict[str, Any]:
    """The ``document.json`` object of ``doc`` (format version 16)."""
    for rec in doc.records:
        if rec.kind not in _CST_TYPES:
            raise ValueError(f"record {rec.alias!r}: unknown kind {rec.kind!r}")
    return {
        "type": FORMAT_TYPE,
        "version": FORMAT_VERSION,
        "title": doc.title,
        "alias": doc.alias,
        "comment": doc.comment,
        "items": [
            {
                "id": k,
                "alias": rec.alias,
                "cstType": rec.kind,
                "convention": rec.convention,
                "term": {"raw": rec.term, "resolved": rec.term, "forms": []},
                "definition": {"formal": rec.formal, "text": {"raw": rec.text, "resolved": rec.text}},
            }
            for k, rec in enumerate(doc.records, start=1)
        ],
    }


def write_trs(doc: Document, target: str | os.PathLike[str] | IO[bytes]) -> None:
    """Write ``doc`` as a modern ``.trs`` to a path or a binary file object.

    A path is written by the rule of :mod:`setmine.base.targets`: a regular
    file replaced whole, a link written through, a FIFO or the null device
    in place; any other device or special file refused (``TargetError``).
    The output is deterministic (a fixed member date), so the same document
    gives the same bytes.  The JSON is UTF-8 without ASCII escaping, unless a
    string holds a lone surrogate, which only an ASCII-escaped JSON can carry.
    """
    obj = document_json(doc)
    try:
        payload = json.dumps(obj, ensure_ascii=False, indent=2).encode("utf-8")
    except UnicodeEncodeError:
        payload = json.dumps(obj, ensure_ascii=True, indent=2).encode("ascii")
    info = zipfile.ZipInfo(MEMBER, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    if isinstance(target, (str, os.PathLike)):
        buffer = io.BytesIO()
        _write_zip(buffer, info, payload)
        write(target, buffer.getvalue())
    else:
        _write_zip(target, info, payload)


def _write_zip(handle: IO[bytes], info: zipfile.ZipInfo, payload: bytes) -> None:
    with zipfile.ZipFile(handle, "w") as archive:
        archive.writestr(info, payload)


def trs_bytes(doc: Document) -> bytes:
    """The bytes :func:`write_trs` would write for ``doc``."""
    buffer = io.BytesIO()
    write_trs(doc, buffer)
    return buffer.getvalue()
