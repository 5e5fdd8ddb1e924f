"""The values the commands' options take, read as argparse types: a bad
value is a usage error (exit 2) that says what is accepted, quoting what
was typed (:func:`shown`, :func:`quoted`)."""

from __future__ import annotations

import argparse
import os
import re
from fractions import Fraction


def _at_least(text: str, least: int) -> int:
    value = _int(text)
    if value < least:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least {least}, "
                                         f"got {shown(text)}")
    return value


def positive_int(text: str) -> int:
    return _at_least(text, 1)


def nonnegative_int(text: str) -> int:
    return _at_least(text, 0)


MAX_JOBS = 64
MAX_SECONDS = 10 ** 9  # about 32 years


def jobs_count(text: str) -> int:
    value = positive_int(text)
    if value > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"expected at most {MAX_JOBS} processes, "
                                         f"got {shown(text)}")
    return value


WORKERS_PER_CORE = 4
"""A local cluster's processes per core of the machine, at most."""


def workers_count(text: str) -> int:
    """--workers N: a local Dask cluster of N processes, bounded by the
    machine (a hundred thousand processes would never start)."""
    value = positive_int(text)
    cores = os.cpu_count() or 1
    most = cores * WORKERS_PER_CORE
    if value > most:
        raise argparse.ArgumentTypeError(f"expected at most {most} worker processes on this "
                                         f"machine ({cores} cores, {WORKERS_PER_CORE} processes "
                                         f"a core), got {shown(text)}; a larger cluster is "
                                         f"started apart and given with --scheduler")
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
    return quoted(text) if len(text) <= 40 else f"{quoted(text[:20])}… ({len(text):,} characters)"


def quoted(text: str) -> str:
    """``text`` quoted as the user typed it: ``'D18 \\cap D8'``, not Python's
    ``'D18 \\\\cap D8'``; Python's escapes only where a character cannot be
    printed (a newline, a control character), so a message stays one line."""
    if not text.isprintable():
        return repr(text)
    quote = "'" if "'" not in text else '"' if '"' not in text else None
    return f"{quote}{text}{quote}" if quote else repr(text)


def _int(text: str) -> int:
    if len(text.strip()) > 30:
        raise argparse.ArgumentTypeError(f"expected a whole number of at most 30 digits, "
                                         f"got {shown(text)}")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {shown(text)}") from None


def file_name(text: str) -> str:
    """An option's file to write, as argparse reads it: not empty (argparse
    names the option in its usage error)."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, got an empty one")
    if text.endswith(("/", os.sep)) and text != "-":
        raise argparse.ArgumentTypeError(f"expected a file name, got {shown(text)}, which ends "
                                         f"in / (a folder's)")
    return text
