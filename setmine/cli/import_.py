"""``setmine import SEED [-o FILE]``: read an Exteor schema (the 2013 text
dump, a raw CArchive ``.trs`` or a modern ``.trs`` ZIP) and write it as a
``.rsl`` file.  Glosses and notes of an existing output file are kept.

The output is written whole or not at all (a temporary file in the same
folder, then renamed over FILE, which keeps its permissions), and only after
the text has been read back from memory as the seed says; any problem is a
message and exit status 2."""

from __future__ import annotations

import sys
from pathlib import Path

from ..exteor import read_exteor
from ..exteor.document import ExteorError
from ..importing import SeedProblem, schema_file_text
from ..rsl import RSLError
from ..rsl.schemafile import SchemaText, read_schema_text
from .common import help_text, write_atomically


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
    output = Path(args.output) if args.output else None
    previous = read_previous(output) if output is not None else None
    try:
        schema, text = schema_file_text(document, previous)
    except SeedProblem as exc:
        raise UserError(f"{args.seed}: {exc}; nothing was written") from None
    if output is None:
        sys.stdout.write(text)
        return 0
    write_atomically(output, text)
    print(f"wrote {args.output}: {len(schema.constituents)} constituents", file=sys.stderr)
    return 0


def read_previous(output: Path) -> SchemaText | None:
    """The ``.rsl`` file that ``-o`` names, if there is one (its glosses and
    notes are kept); UserError when it is there but cannot be read."""
    from . import UserError

    if output.is_dir():
        raise UserError(f"-o {output}: is a folder; name the .rsl file to write")
    if not output.exists():
        return None
    why = f"the existing {output} cannot be read, so its glosses cannot be kept"
    try:
        return read_schema_text(output.read_text(encoding="utf-8"), str(output))
    except UnicodeDecodeError as exc:
        raise UserError(f"{why}: it is not UTF-8 text (byte {exc.start}); move it away or "
                        "choose another -o") from None
    except OSError as exc:
        raise UserError(f"{why}: {exc.strerror or exc}") from None
    except RSLError as exc:
        raise UserError(f"{why}:\n{exc}") from None
