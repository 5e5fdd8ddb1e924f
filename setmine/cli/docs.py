"""``setmine docs [--out docs/schema] [--check]``: the teaching pages, one
per constituent of spec/saper.rsl plus an index, generated from the schema,
the repaired schema, the defect search results (docs/defects.json) and the
example board, so that they stay true.  With ``--check`` nothing is written:
the exit status is 1, with a summary of the differences, when a committed
page differs from what setmine generates now."""

from __future__ import annotations

from pathlib import Path

from ..present import docs
from .common import help_text


def add_parser(sub) -> None:
    p = sub.add_parser("docs", help="generate (or check) the teaching pages in docs/schema",
                       description=help_text(__doc__))
    p.add_argument("--out", default=docs.OUT, help=f"the folder of the pages (default {docs.OUT})")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if a page differs from what would be written")
    p.set_defaults(run=run)


def run(args) -> int:
    from . import UserError

    missing = [name for name in (docs.SPEC, docs.BOARD) if not Path(name).exists()]
    if missing:
        raise UserError(f"{', '.join(missing)}: no such file (run setmine docs from the "
                        f"project's folder)")
    try:
        pages = docs.generate(".")
    except (OSError, ValueError) as exc:
        raise UserError(str(exc)) from None
    if args.check:
        problems = docs.stale(pages, args.out)
        if problems:
            print(f"{len(problems)} of the pages in {args.out} are stale "
                  f"(run `setmine docs` to regenerate them):")
            for line in problems:
                print("  " + line)
            return 1
        print(f"{len(pages)} pages in {args.out} are up to date")
        return 0
    written = docs.write(pages, args.out)
    print(f"{len(pages)} pages in {args.out}: {len(written)} written, "
          f"{len(pages) - len(written)} unchanged")
    return 0
