"""What a file holds — a schema, a model, both, or a board — told by its
content, and read as what it is.

=======================================  ==========  =========  ==========
file                                     schema      model      module
=======================================  ==========  =========  ==========
``.rsl`` text                            yes         —          ``rsl``
Exteor: modern ``.trs`` (ZIP), 2013      yes         —          ``exteor``
CArchive (raw or its text dump)
ConceptPortal rstool session (JSON,      yes         yes        ``portal``
``contractVersion`` 2.x)
ConceptPortal sandbox bundle (JSON,      yes         yes        ``portal``
``formatVersion`` 2)
setmine model (JSON, ``format``          —           yes        ``model.own``
``setmine-model/1``)
a board (``.board``, graph ``.json``,    —           yes        ``board``
``.mine``, ``.txt``)
=======================================  ==========  =========  ==========

:func:`read_schema` is every ``--spec``, ``setmine spec`` and ``setmine
import``; :func:`read_model` every positional argument that is not a board.
A file that is none of these is a :class:`SourceError` naming the formats.
A UTF-8 byte-order mark is read past, in every format alike.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .base.jsontext import load_json
from .exteor import ExteorError, read_exteor_bytes
from .importing import SeedProblem, document_to_schema
from .model.decode import Encoding
from .model.interpretation import Model, ModelError, interpret
from .model.own import is_own_model, read_own
from .portal.files import FORMATS as PORTAL_FORMATS
from .portal.files import PortalError, PortalFile, portal_format, read_portal
from .rsl.schema import Schema
from .rsl.schemafile import SchemaText
from .rsl.syntax.errors import RSLError

SCHEMA_FORMATS = (".rsl text", "an Exteor file (modern .trs, or the 2013 CArchive, raw or "
                  "dumped)") + PORTAL_FORMATS
MODEL_FORMATS = PORTAL_FORMATS + ("a setmine model (format setmine-model/1, with --spec)",)
BOM = "\ufeff"
MAX_BYTES = 256 * 2 ** 20


class SourceError(Exception):
    """A file that cannot be read as what it should be; the text says what
    and where (the path first)."""


@dataclass
class Contents:
    """What one file holds: its format, and its schema and model values
    when it has them (``portal`` for a ConceptPortal file)."""

    path: str
    format: str                 # rsl, exteor, session, bundle, setmine-model
    schema: Schema | None = None
    portal: PortalFile | None = None
    data: object = None         # the decoded JSON of a setmine model file


def read_contents(path: str | Path) -> Contents:
    """Read ``path`` and tell what it holds (not boards: see :func:`is_model_file`)."""
    name = str(path)
    try:
        size = Path(name).stat().st_size
        if size > MAX_BYTES:
            raise SourceError(f"{name}: {size:,} bytes is more than the {MAX_BYTES // 2**20} MB "
                              f"a schema or model file may have")
        raw = Path(name).read_bytes()
    except OSError as exc:
        raise SourceError(f"{name}: cannot read: {exc.strerror or exc}") from None
    if raw[:4] in (b"PK\x03\x04", b"PK\x05\x06") or raw.startswith(b"\xff\xfe\xff"):
        return Contents(name, "exteor", _exteor_schema(name, raw))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(f"{name}: not UTF-8 text (byte {exc.start}); expected "
                          + "; ".join(SCHEMA_FORMATS)) from None
    text = text.removeprefix(BOM)
    if "__@VERSION@__" in text[:64]:
        return Contents(name, "exteor", _exteor_schema(name, raw.removeprefix(b"\xef\xbb\xbf")))
    if text.lstrip().startswith("{"):
        try:
            data = load_json(text, unicode_only=True)
        except json.JSONDecodeError as exc:
            raise SourceError(f"{name}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") \
                from None
        kind = portal_format(data)
        if kind is not None:
            try:
                portal = read_portal(data)
            except PortalError as exc:
                raise SourceError(f"{name}: {exc}") from None
            return Contents(name, kind, _schema(portal.schema, name), portal)
        if is_own_model(data):
            return Contents(name, "setmine-model", data=data)
        raise SourceError(f"{name}: a JSON file, but none this command reads: expected "
                          + "; ".join(MODEL_FORMATS))
    try:
        return Contents(name, "rsl", Schema.parse(text, name))
    except RSLError as exc:
        raise SourceError(str(exc)) from None


def _schema(text: SchemaText, path: str) -> Schema:
    return Schema(text, path)


def _exteor_schema(name: str, raw: bytes) -> Schema:
    try:
        document = read_exteor_bytes(raw)
        return Schema(document_to_schema(document), name)
    except ExteorError as exc:
        raise SourceError(f"{name}: {exc}") from None
    except SeedProblem as exc:
        raise SourceError(f"{name}: {exc}") from None


def read_schema(path: str | Path) -> Schema:
    """The schema a file holds, whatever its format; SourceError otherwise."""
    contents = read_contents(path)
    if contents.schema is None:
        raise SourceError(f"{contents.path}: a setmine model holds no schema; give a schema file "
                          f"(" + "; ".join(SCHEMA_FORMATS) + ")")
    return contents.schema


def is_model_file(path: str | Path) -> bool:
    """Does ``path`` hold a model (a ConceptPortal file or a setmine model),
    rather than a board?  Told by its content: JSON whose top level names
    one of those formats."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    text = head.decode("utf-8", errors="replace").removeprefix(BOM).lstrip()
    if not text.startswith("{"):
        return False
    return any(key in text for key in ('"contractVersion"', '"formatVersion"',
                                       '"setmine-model'))


def read_model(path: str | Path, spec: Schema | None = None, budget=None) -> Model:
    """The model a file holds, read against its own schema (a ConceptPortal
    file) or ``spec`` (a setmine model file); SourceError for any fault."""
    return model_from(read_contents(path), spec, budget)


def model_from(contents: Contents, spec: Schema | None = None, budget=None) -> Model:
    """The model of a file already read (:func:`read_model`)."""
    try:
        if contents.portal is not None:
            if spec is not None:
                raise SourceError(f"{contents.path}: a ConceptPortal {contents.format} holds its "
                                  f"own schema; leave out --spec (or export the model with "
                                  f"`setmine export` and give that with --spec)")
            portal = contents.portal
            model = interpret(contents.schema, portal.values, Encoding.INDEX, portal.paths,
                              portal.model_name, contents.path, budget)
            model.notes[:0] = list(portal.notes)
            return model
        if contents.format == "setmine-model":
            if spec is None:
                raise SourceError(f"{contents.path}: a setmine model: give its schema with "
                                  f"--spec FILE")
            return read_own(contents.data, spec, contents.path, budget)
    except ModelError as exc:
        raise SourceError(f"{contents.path}: {exc}") from None
    raise SourceError(f"{contents.path}: a schema with no model; expected "
                      + "; ".join(MODEL_FORMATS))
