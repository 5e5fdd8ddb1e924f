"""``setmine import FILE [-o OUT.rsl]``: read a schema in any format setmine
reads — Exteor's (the 2013 text dump, a raw CArchive ``.trs``, a modern
``.trs`` ZIP), a ConceptPortal rstool session or sandbox bundle, or ``.rsl``
— and write it as a ``.rsl`` file.  Every formula, term, text and
convention is kept character for character; glosses and notes of an
existing output file are kept.

The output is written whole or not at all (a temporary file in the same
folder, then renamed over FILE, which keeps its permissions; a link is
written through, a FIFO or the null device in place, any other device
refused), and only after the text has been read back from memory as the
seed says; any problem is a message and exit status 2."""

from __future__ import annotations

import sys
from pathlib import Path

from ..exteor import read_exteor
from ..exteor.document import ExteorError
from ..importing import SeedProblem, keep_glosses, rsl_text, schema_file_text
from ..rsl import RSLError
from ..rsl.schemafile import SchemaText, read_schema_text
from ..sources import SourceError, read_contents
from .commands import summary_of
from .common import help_text, write_output, writable
from .argtypes import file_name


def add_parser(sub) -> None:
    p = sub.add_parser("import", help=summary_of("import"),
                       description=help_text(__doc__))
    p.add_argument("seed", metavar="FILE", help="the schema file: Exteor (.trs or the 2013 "
                   "dump), a ConceptPortal session or bundle, or .rsl")
    p.add_argument("-o", "--output", type=file_name,
                   help="the .rsl file to write (default, or -: standard output)")
    p.set_defaults(run=run)


def run(args) -> int:
    from . import UserError

    output = Path(args.output) if args.output not in (None, "-") else None
    previous = None
    if output is not None:   # before the work: a target that may not be written is refused
        previous = read_previous(writable(output, "-o"))
    try:
        contents = read_contents(args.seed)
    except SourceError as exc:
        raise UserError(str(exc)) from None
    if contents.schema is None:
        raise UserError(f"{args.seed}: a setmine model holds no schema to import")
    try:
        if contents.format == "exteor":
            schema, text = schema_file_text(read_exteor(args.seed), previous)
        else:
            schema, text = rsl_text(keep_glosses(contents.schema.text, previous))
    except (ExteorError, SeedProblem) as exc:
        raise UserError(f"{args.seed}: {exc}; nothing was written") from None
    if output is None:
        sys.stdout.write(text)
        return 0
    write_output(output, text)
    print(f"wrote {args.output}: {len(schema.constituents)} constituents", file=sys.stderr)
    return 0


def read_previous(target) -> SchemaText | None:
    """The ``.rsl`` file that ``-o`` names (a ``setmine.base.targets.Target``),
    if it is a regular file there already (its glosses and notes are kept;
    a FIFO or a device is not read); UserError when it cannot be read."""
    from . import UserError

    output = target.path
    if not target.regular or not output.exists():
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
