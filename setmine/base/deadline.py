"""The deadline of one piece of work (a request of the live page), seen by
every stage of it — parsing, typing, evaluating, drawing — without being
passed through each: a context variable, so that each thread (each
request) has its own.

A stage that may run long calls :func:`check` now and then, naming itself;
past the deadline it raises :class:`TimeUp`.  The evaluator's budget reads
:func:`current` when it is made, so its own checks stop at the deadline
too (``eval/values/budget.py``), naming the sub-term.  With no deadline
set (the command line), :func:`check` does nothing.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator


@dataclass(frozen=True)
class Deadline:
    at: float        # time.monotonic() when it passes
    seconds: float   # the whole allowance, for messages
    option: str | None = None   # the option that raises it


class TimeUp(Exception):
    """A stage past its deadline: ``stage`` says what was being done (and
    on how much), ``deadline`` which deadline."""

    def __init__(self, stage: str, deadline: Deadline):
        hint = f" (raise it with {deadline.option})" if deadline.option else ""
        super().__init__(f"{stage}: more than {deadline.seconds:g} s{hint}")
        self.stage, self.deadline = stage, deadline


_CURRENT: ContextVar[Deadline | None] = ContextVar("setmine_deadline", default=None)


def current() -> Deadline | None:
    return _CURRENT.get()


@contextmanager
def within(seconds: float, option: str | None = None) -> Iterator[Deadline]:
    """Work done inside the block must end within ``seconds``."""
    deadline = Deadline(time.monotonic() + seconds, seconds, option)
    token = _CURRENT.set(deadline)
    try:
        yield deadline
    finally:
        _CURRENT.reset(token)


def passed() -> Deadline | None:
    """The deadline in force, if it has passed (else None)."""
    deadline = _CURRENT.get()
    return deadline if deadline is not None and time.monotonic() > deadline.at else None


def check(stage: str) -> None:
    """:class:`TimeUp` naming ``stage`` if the deadline has passed."""
    deadline = _CURRENT.get()
    if deadline is not None and time.monotonic() > deadline.at:
        raise TimeUp(stage, deadline)
