"""``setmine docs [--out DIR] [--check]``: the teaching pages, one per
constituent of spec/saper.rsl plus an index, and their SVG pictures (in
img/: each value on the example board, each defect's minimal board),
generated from the shipped schema, the repaired schema, the defect search
results (docs/defects.json) and the example board, so that they stay true.
With ``--check`` nothing is written: the exit status is 1, with a summary of
the differences, when a committed page or picture differs from what setmine
generates now, is missing, or is left over (no longer generated)."""

from __future__ import annotations

from pathlib import Path

from ..present.pages import doc_files, schema_pages as docs
from .commands import summary_of
from .common import help_text
from .argtypes import file_name


def add_parser(sub) -> None:
    p = sub.add_parser("docs", help=summary_of("docs"),
                       description=help_text(__doc__))
    p.add_argument("--out", type=file_name,
                   help=f"the folder of the pages (default: the project's {docs.OUT}, or "
                        f"{docs.OUT} in the current folder when setmine is installed)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if a page differs from what would be written")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..base.targets import TargetError
    from . import UserError

    out = Path(args.out) if args.out else docs.default_out()
    if not args.check and out.exists() and not out.is_dir():   # before the work
        raise UserError(f"--out {out}: is not a folder; give the folder of the pages")
    try:
        pages = docs.generate()
    except (OSError, ValueError) as exc:
        raise UserError(str(exc)) from None
    if args.check:
        problems = doc_files.stale(pages, out)
        if problems:
            print(f"{len(problems)} of the pages and pictures in {out} "
                  f"{'is' if len(problems) == 1 else 'are'} stale (run `setmine docs` to "
                  f"regenerate them, and delete those no longer generated):")
            for line in problems:
                print("  " + line)
            return 1
        print(f"{counted(pages)} in {out} are up to date")
        return 0
    try:
        written = doc_files.write(pages, out)
    except TargetError as exc:
        raise UserError(str(exc)) from None
    print(f"{counted(pages)} in {out}: {len(written)} written, "
          f"{len(pages) - len(written)} unchanged")
    left = doc_files.orphans(pages, out)
    if left:
        print(f"{len(left)} {'file is' if len(left) == 1 else 'files are'} no longer generated "
              f"(delete {'it' if len(left) == 1 else 'them'}):")
        for path in left:
            print(f"  {path}")
    return 0


def counted(pages: dict[str, str]) -> str:
    """"33 pages and 73 pictures"."""
    pictures = sum(name.endswith(".svg") for name in pages)
    return f"{len(pages) - pictures} pages and {pictures} pictures"
