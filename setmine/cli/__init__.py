"""The ``setmine`` command: one sub-command per module of this package.

Every expected failure (a bad file, a syntax or type error, an evaluation over
budget) is printed as a message saying what and where, with exit status 2;
never a traceback.
"""

from __future__ import annotations

import argparse
import sys

from . import import_, spec, eval, check, solve, play, explain, docs, crosscheck, observe, defects

COMMANDS = [spec, import_, eval, check, solve, play, explain, docs, crosscheck, observe, defects]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="setmine",
        description="A model checker for the set-theoretic Minesweeper schema «КС Сапер».")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args) or 0
    except UserError as exc:
        print(f"setmine {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("setmine: interrupted", file=sys.stderr)
        return 130


class UserError(Exception):
    """A failure the user can fix; its text says what and where."""


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
