"""``setmine import SEED [-o FILE]``: read an Exteor schema (the 2013 text
dump, a raw CArchive ``.trs`` or a modern ``.trs`` ZIP) and write it as a
``.rsl`` file.  Glosses and notes of an existing output file are kept."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from ..exteor import read_exteor
from ..exteor.document import ExteorError
from ..importing import document_to_schema, preamble
from ..rsl import RSLError
from ..rsl.schemafile import read_schema_text, write_schema_text
from .common import help_text


def add_parser(sub) -> None:
    p = sub.add_parser("import", help="convert an Exteor file to a .rsl schema",
                       description=help_text(__doc__))
    p.add_argument("seed", help="the Exteor file")
    p.add_argument("-o", "--output", help="the .rsl file to write (default: standard output)")
    p.set_defaults(run=run)


def run(args) -> int:
    from . import UserError

    try:
        document = read_exteor(args.seed)
    except ExteorError as exc:
        raise UserError(f"{args.seed}: {exc}") from None
    except OSError as exc:
        raise UserError(f"{args.seed}: cannot read: {exc.strerror or exc}") from None
    previous = None
    if args.output and Path(args.output).exists():
        try:
            previous = read_schema_text(Path(args.output).read_text(encoding="utf-8"), args.output)
        except RSLError as exc:
            raise UserError(f"the existing {args.output} cannot be read, so its glosses "
                            f"cannot be kept:\n{exc}") from None
    schema = document_to_schema(document, previous)
    try:
        text = write_schema_text(schema, preamble(schema))
    except RSLError as exc:
        raise UserError(str(exc)) from None
    if not args.output:
        sys.stdout.write(text)
        return 0
    write_atomically(Path(args.output), text)
    print(f"wrote {args.output}: {len(schema.constituents)} constituents", file=sys.stderr)
    return 0


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
