"""``setmine export FILE [--spec SCHEMA] -o OUT.json [--as session|bundle|model]``:
write a schema with a model — a ConceptPortal session or bundle, a setmine
model file with --spec, or a board with its schema — as an rstool session
(``--as session``, the default: ConceptPortal's engine loads it, every
value as setmine reads it), as the Portal's sandbox bundle (``--as
bundle``), or as a setmine model file (``--as model``: the values alone,
elements by name, docs/models.md).  A formula the reference cannot read as
written (Exteor's 2013 forms, the ASCII spelling) is written as setmine
prints it, in the modern Unicode syntax.

A board's cells become the elements of X1, named ``r,c``.  The output is
written whole or not at all; a link is written through, a FIFO or the null
device in place, any other device refused (docs/architecture.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .commands import summary_of
from .common import BOARD_HELP, SPEC_HELP, help_text, load_subject, write_output, writable
from .argtypes import file_name


def add_parser(sub) -> None:
    p = sub.add_parser("export", help=summary_of("export"),
                       description=help_text(__doc__))
    p.add_argument("board", metavar="FILE", help=BOARD_HELP)
    p.add_argument("--spec", help=SPEC_HELP)
    p.add_argument("--mines", type=int, help="the total mine count (minesweepr .txt boards)")
    p.add_argument("--as", dest="form", choices=("session", "bundle", "model"),
                   default="session",
                   help="an rstool session with schema and model (default), the Portal's "
                        "sandbox bundle, or a setmine model file")
    p.add_argument("-o", "--output", type=file_name,
                   help="the file to write (default, or -: standard output)")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..model.decode import Encoding
    from ..model.interpretation import renumbered
    from ..model.own import own_json
    from ..portal.writing import bundle_json, readable_by_reference, session_json
    from ..present.output.values import cell_text, show

    output = Path(args.output) if args.output not in (None, "-") else None
    if output is not None:
        writable(output, "-o", (args.board, getattr(args, "spec", None)))
    subject = load_subject(args)
    model = subject.model or renumbered(
        subject.schema, subject.data, lambda e: cell_text(e) if isinstance(e, tuple) else show(e),
        title=getattr(subject.board, "name", "") or "")
    if args.form == "model":
        document = own_json(model)
    else:
        types = {c.alias: str(model.schema.analysis[c.alias].type) for c in model.schema
                 if c.kind == "structure" and model.schema.analysis[c.alias].ok}
        write = session_json if args.form == "session" else bundle_json
        document = write(readable_by_reference(model.schema), model.encoded(Encoding.INDEX),
                         types, model.title)
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    if output is None:
        sys.stdout.write(text)
        return 0
    write_output(output, text)
    print(f"wrote {output}: {len(model.schema)} constituents, the values of "
          f"{len(model.values)}", file=sys.stderr)
    return 0
