"""Helpers shared by the sub-commands: loading files with clear errors."""

from __future__ import annotations

import argparse
import re
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from ..rsl import RSLError

if TYPE_CHECKING:
    from ..rsl.schema import Schema

DEFAULT_SPEC = Path("spec/saper.rsl")


def load_schema(path: str | Path | None) -> Schema:
    from ..rsl.schema import Schema
    from . import UserError

    path = Path(path) if path else DEFAULT_SPEC
    if not path.exists():
        hint = " (run setmine from the project's folder, or give the file)" if path == DEFAULT_SPEC else ""
        raise UserError(f"{path}: no such file{hint}")
    try:
        return Schema.load(path)
    except RSLError as exc:
        raise UserError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot read: {exc}") from None


def load_valid_schema(path):
    """A schema that parses and types without errors, or a clear error."""
    from . import UserError

    schema = load_schema(path)
    if schema.errors():
        raise UserError(f"{schema.path}: the schema has errors; run `setmine spec` to see them:\n"
                        + str(schema.errors()[0]))
    return schema


def load_board_file(path: str, mines: int | None = None):
    """A board from a .board/.json/.mine/.txt file, or a clear error."""
    from ..board import BoardError, load_board
    from . import UserError

    options = {"mines": mines} if mines is not None else {}
    try:
        return load_board(path, **options)
    except BoardError as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc.strerror or exc}") from None


def add_board_options(parser, spec: bool = True) -> None:
    """The options of a command that reads a board (and, with ``spec``, a
    schema): --spec FILE, and --mines N for the boards that do not say it."""
    if spec:
        parser.add_argument("--spec", help="the schema (default spec/saper.rsl)")
    parser.add_argument("--mines", type=nonnegative_int,
                        help="the total mine count (minesweepr .txt boards)")


BOARD_HELP = "a .board, .json, .mine or minesweepr .txt file"


def load_inputs(args):
    """(schema, board) of a command that evaluates a schema over a board:
    --spec (valid), --term ALIAS… (each a constituent of it), the board."""
    from . import UserError

    schema = load_valid_schema(args.spec)
    unknown = [a for a in getattr(args, "term", None) or () if a not in schema]
    if unknown:
        raise UserError(f"no constituent {', '.join(unknown)} in {schema.path}")
    return schema, load_board_file(args.board, args.mines)


def add_budget_options(parser) -> None:
    """The evaluation budget of a command that evaluates terms."""
    from ..eval.budget import DEFAULT_MAX_ELEMENTS, DEFAULT_MAX_SECONDS

    parser.add_argument("--max-candidates", type=positive_int, default=DEFAULT_MAX_ELEMENTS,
                        metavar="N", help=f"enumerate at most N candidates per term "
                                          f"(default {DEFAULT_MAX_ELEMENTS:,})")
    parser.add_argument("--max-seconds", type=positive_seconds, default=DEFAULT_MAX_SECONDS,
                        metavar="S", help=f"spend at most S seconds per term "
                                          f"(default {DEFAULT_MAX_SECONDS:g})")


def budget_from(args):
    """The budget the options ask for; its messages name the options that
    raise each of its limits."""
    from ..eval.budget import Budget

    return Budget(max_elements=args.max_candidates, max_seconds=args.max_seconds,
                  max_memory=getattr(args, "max_memory", None),
                  options={"candidates": "--max-candidates", "seconds": "--max-seconds",
                           "memory": "--max-memory"})


def add_limit_options(parser) -> None:
    """The limits of every command: its memory and its whole running time."""
    from .limits import DEFAULT_TIMEOUT, default_memory, size_text

    memory = default_memory()
    parser.add_argument("--max-memory", type=memory_size, default=memory, metavar="SIZE",
                        help=f"stop with an error past SIZE of memory per process, e.g. 800M "
                             f"or 2G (default {size_text(memory)}: a quarter of this machine's "
                             f"memory, at least 1G and at most 4G)")
    parser.add_argument("--timeout", type=positive_seconds, default=DEFAULT_TIMEOUT,
                        metavar="S", help=f"stop with an error after S seconds in all "
                                          f"(default {DEFAULT_TIMEOUT:g})")


# -- argparse types for numeric options: a bad value is a usage error (exit 2)
# that says what is accepted

def positive_int(text: str) -> int:
    value = _int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, "
                                         f"got {shown(text)}")
    return value


def nonnegative_int(text: str) -> int:
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 0, "
                                         f"got {shown(text)}")
    return value


MAX_JOBS = 64
MAX_SECONDS = 10 ** 9  # about 32 years


def jobs_count(text: str) -> int:
    value = positive_int(text)
    if value > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"expected at most {MAX_JOBS} processes, "
                                         f"got {shown(text)}")
    return value


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= MAX_SECONDS:  # nan and inf are not
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0 and at most "
                                         f"{MAX_SECONDS:,} (such as 30 or 0.5), got {shown(text)}")
    return value


UNITS = {"": 2**20, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def memory_size(text: str) -> int:
    """A size in bytes from 800M, 2G, 1.5GB, 512MiB (a bare number is in MB)."""
    from .limits import MIN_MEMORY

    match = re.fullmatch(r"\s*(\d{1,15}(?:\.\d{1,15})?)\s*([KMGT]?)(?:i?B)?\s*", text,
                         re.IGNORECASE)
    if not match:
        raise argparse.ArgumentTypeError(f"expected a size such as 800M or 2G, got {shown(text)}")
    size = int(Fraction(match.group(1)) * UNITS[match.group(2).upper()])
    if not MIN_MEMORY <= size <= MAX_MEMORY:
        raise argparse.ArgumentTypeError(f"expected between {MIN_MEMORY // 2**20}M and "
                                         f"{MAX_MEMORY // 2**40}T, got {shown(text)}")
    return size


MAX_MEMORY = 2 ** 50


def shown(text: str) -> str:
    """An option's value as quoted in an error, shortened when long."""
    return repr(text) if len(text) <= 40 else f"{text[:20]!r}… ({len(text):,} characters)"


def _int(text: str) -> int:
    if len(text.strip()) > 30:
        raise argparse.ArgumentTypeError(f"expected a whole number of at most 30 digits, "
                                         f"got {shown(text)}")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {shown(text)}") from None


def completion_note(board) -> str | None:
    if getattr(board, "completed", False):
        return (f"this board is a player's view: S2 was completed with one placement of "
                f"{board.total_mines} mines consistent with what is shown "
                f"({len(board.unknown)} unknown cells)")
    return None
