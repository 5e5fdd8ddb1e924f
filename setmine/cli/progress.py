"""A progress bar on stderr for the long commands (``play``, ``observe``,
``defects``): shown only when stderr is a terminal and the output is text,
never with ``--json`` nor in a pipe, and gone when the work is done.

    with progress_bar(100, "playing", enabled=wanted(args)) as bar:
        bar(advance=1)                      # one more step done
        bar(completed=3.5, note="D15")      # or: this much done, now at D15
"""

from __future__ import annotations

import sys


def wanted(args) -> bool:
    """A bar is drawn for a text run on a terminal."""
    return sys.stderr.isatty() and not getattr(args, "json", False)


class progress_bar:
    """The context value is ``update(advance=0, completed=None, note=None,
    total=None)``; ``total`` None at the start: not known yet."""

    def __init__(self, total: float, label: str, enabled: bool, console=None) -> None:
        self.total, self.label, self.enabled = total, label, enabled
        self.console = console
        self.bar = None

    def __enter__(self):
        if not self.enabled:
            return lambda advance=0, completed=None, note=None, total=None: None
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)
        # label, bar, done/total, the two times named, the note: the bar takes
        # what is left of the line, so it fits 80 columns with a short note
        columns = [TextColumn(self.label), BarColumn(bar_width=None),
                   TextColumn("elapsed"), TimeElapsedColumn(), TextColumn("left"),
                   TimeRemainingColumn(), TextColumn("{task.description}")]
        if isinstance(self.total, int) or self.total is None:
            columns.insert(2, MofNCompleteColumn())
        self.bar = Progress(*columns, console=self.console or Console(stderr=True),
                            transient=True, expand=True)
        self.bar.__enter__()
        task = self.bar.add_task("", total=self.total)

        def update(advance=0, completed=None, note=None, total=None) -> None:
            options = {"description": note} if note is not None else {}
            if total is not None:
                self.total = options["total"] = total
            if completed is not None:
                self.bar.update(task, completed=min(completed, self.total), **options)
            else:
                self.bar.update(task, advance=advance, **options)
        return update

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
