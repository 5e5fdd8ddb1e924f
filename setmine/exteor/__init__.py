"""Reading (and writing) the schema files of Exteor, byte-faithfully.

Three renderings of a schema are understood, told apart by their first bytes:

=====================  ==========================  =========================
first bytes            format                      module
=====================  ==========================  =========================
``PK\\x03\\x04``         modern ``.trs`` (ZIP)       :mod:`.modern`
``FF FE FF``           raw ``CArchive`` stream     :mod:`.archive`
anything else          UTF-8 dump of that stream   :mod:`.archive`
=====================  ==========================  =========================

Each reader returns a :class:`Document`; each malformed input raises
:class:`ExteorError` (never another exception) naming the offset and what was
expected there.
"""

from __future__ import annotations

import os
from pathlib import Path

from .archive import (
    document_to_bytes,
    document_to_text,
    read_archive_bytes,
    read_archive_text,
    text_to_bytes,
)
from .document import KINDS, Document, ExteorError, Record
from .modern import read_trs_bytes, trs_bytes, write_trs

__all__ = [
    "KINDS",
    "Document",
    "ExteorError",
    "Record",
    "document_to_bytes",
    "document_to_text",
    "read_exteor",
    "read_exteor_bytes",
    "read_exteor_text",
    "text_to_bytes",
    "trs_bytes",
    "write_trs",
]

_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")  # a local file header; an empty archive
_ARCHIVE_MAGIC = b"\xff\xfe\xff"  # MFC's Unicode string prefix, the first string


def read_exteor(path: str | os.PathLike[str]) -> Document:
    """Read the schema file at ``path``, whatever its format."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ExteorError(f"cannot read {os.fspath(path)!r}", 0, "byte",
                          exc.strerror or type(exc).__name__) from None
    return read_exteor_bytes(data)


def read_exteor_bytes(data: bytes) -> Document:
    """Read the contents of a schema file, detecting its format."""
    if data[:4] in _ZIP_MAGIC:
        return read_trs_bytes(data)
    if data.startswith(_ARCHIVE_MAGIC):
        return read_archive_bytes(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ExteorError("invalid UTF-8", exc.start, "byte",
                          f"byte 0x{data[exc.start]:02X} cannot start or continue a character "
                          "(expected a ZIP .trs, a raw CArchive stream or a UTF-8 dump)") from None
    return read_exteor_text(text)


def read_exteor_text(text: str) -> Document:
    """Read the UTF-8 dump of a legacy stream, already decoded to ``str``."""
    return read_archive_text(text)
