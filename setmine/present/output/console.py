"""The terminal every command prints to: rich's Console, but a reader that
goes away (``setmine … | head``) is a BrokenPipeError for the command line
to end on quietly with status 141 — rich's own answer, ``SystemExit(1)``,
would say that an axiom or a property is false."""

from __future__ import annotations

from rich.console import Console


class Terminal(Console):
    def on_broken_pipe(self) -> None:
        raise BrokenPipeError


def terminal(**options) -> Console:
    """A Console for standard output (``options``: rich's)."""
    return Terminal(**options)


__all__ = ["Terminal", "terminal"]
