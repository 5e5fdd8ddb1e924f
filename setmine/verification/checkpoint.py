"""A run of tasks that resumes without losing or repeating a result.

A checkpoint is a file of JSON lines.  The first says which run it belongs
to -- the caller's ``identity`` (what was asked: the scope, the seed, the
options) and the number of tasks::

    {"setmine-checkpoint": 1, "identity": {"seed": 3, ...}, "tasks": 120}

and every later line is one finished task, appended, flushed and synced to
the disk as the task finishes, in the order tasks finish::

    {"task": 7, "result": ...}

A run that stops -- Ctrl-C, a kill, a lost machine -- keeps every result it
had; the same run started again with the same file reads them back and runs
only the rest.  A last line cut short by a kill in the middle of a write is
dropped and written over; any other line that does not read is an error
naming the file and the line, and a checkpoint of another run (another
identity or number of tasks) is refused, naming what differs.  Two runs at
once on one file are refused too (a lock, where the system has ``flock``).
The file is a regular file (a link is followed to it) or a new one: a
device, a FIFO, a folder is refused before anything is read from it
(:func:`setmine.base.targets.checkpoint`).

This module knows nothing of Dask: :mod:`setmine.verification.cluster` writes the
checkpoint whichever way the tasks run.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import IO, Any

from ..base.targets import TargetError, checkpoint, kind

try:
    import fcntl
except ImportError:  # pragma: no cover - not a POSIX system: no lock
    fcntl = None

__all__ = ["FORMAT", "Checkpoint", "CheckpointError"]

FORMAT = 1
"""The version of the format, the value of the first line's key."""

_KEY = "setmine-checkpoint"


class CheckpointError(Exception):
    """A checkpoint that cannot be used; its text names the file and why."""


def _checkpoint_words(text: str) -> str:
    """A refused checkpoint said as a checkpoint's problem."""
    return text.replace(": cannot be written:", ": cannot write the checkpoint:")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _plain(value: Any, what: str) -> Any:
    """``value`` as it reads back from JSON (tuples become lists), so that
    what a run returns is the same whether it ran or was read back."""
    try:
        return json.loads(_dumps(value))
    except (TypeError, ValueError, RecursionError) as exc:
        raise CheckpointError(f"{what} cannot be written to a checkpoint: {exc}") from None


def _brief(value: Any) -> str:
    text = _dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def differences(there: Any, here: Any) -> list[str]:
    """What differs between two identities, key by key: ``seed: 3 there,
    4 here``; keys missing on one side read ``(none)``."""
    if not (isinstance(there, dict) and isinstance(here, dict)):
        return [] if there == here else [f"identity: {_brief(there)} there, {_brief(here)} here"]
    missing = object()
    out = []
    for key in sorted(set(there) | set(here), key=str):
        a, b = there.get(key, missing), here.get(key, missing)
        if a != b:
            shown = ["(none)" if v is missing else _brief(v) for v in (a, b)]
            out.append(f"{key}: {shown[0]} there, {shown[1]} here")
    return out


class Checkpoint:
    """An open checkpoint: ``done`` maps each finished task to its result;
    :meth:`record` adds some.  Use as a context manager (or :meth:`close`)."""

    def __init__(self, path: str | Path, identity: dict | None, tasks: int) -> None:
        self.path = Path(path)
        self.tasks = tasks
        self.header = {_KEY: FORMAT, "identity": _plain(identity or {}, "the run's identity"),
                       "tasks": tasks}
        self.done: dict[int, Any] = {}
        self.file = self._open()
        try:
            self._load()
        except BaseException:
            self.close()
            raise

    # -- opening

    def _open(self) -> IO[bytes]:
        """The file, opened to read and append: a regular file (the file a
        link names) or a new one; a folder, a device, a FIFO, a socket is
        refused before anything is read from it (``setmine.base.targets``)."""
        path = self.path
        try:
            real = checkpoint(path)
        except TargetError as exc:
            raise CheckpointError(_checkpoint_words(str(exc))) from None
        flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOCTTY", 0) \
            | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(real, flags, 0o666)
        except (OSError, ValueError) as exc:
            raise CheckpointError(f"{str(path)[:80]!r}: cannot write the checkpoint: "
                                  f"{getattr(exc, 'strerror', None) or exc}") from None
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):   # it changed since it was looked at
            os.close(fd)
            raise CheckpointError(f"{path}: {kind(found)}, not a checkpoint file; give a "
                                  f"regular file (or a name not there yet)")
        os.set_blocking(fd, True)
        file = os.fdopen(fd, "a+b")
        if fcntl is not None:
            try:
                fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                file.close()
                raise CheckpointError(f"{path}: the checkpoint is in use by another run "
                                      "(wait for it to end, or name another file)") from None
        return file

    def _fail(self, line: int, why: str) -> CheckpointError:
        return CheckpointError(f"{self.path}, line {line}: {why}")

    def _load(self) -> None:
        """Read what the file holds, drop a torn last line, and write the
        first line if the file is new."""
        self.file.seek(0)
        data = self.file.read()
        *lines, torn = data.split(b"\n")  # torn: what follows the last newline
        start = b'{"' + _KEY.encode() + b'":'
        if not lines and not (torn.startswith(start) or start.startswith(torn)):
            # not even a torn first line of ours: someone else's file, left as it is
            raise self._fail(1, "not a setmine checkpoint (name another file)")
        if lines:
            self._header(lines[0])
            for number, line in enumerate(lines[1:], start=2):
                self._entry(number, line)
        keep = len(data) - len(torn)
        if keep < len(data):  # a kill in the middle of a write: that task runs again
            self.file.truncate(keep)
        if keep == 0:
            self._write(self.header)

    def _header(self, line: bytes) -> None:
        try:
            first = json.loads(line)
        except (ValueError, RecursionError):
            first = None
        if not isinstance(first, dict) or _KEY not in first:
            raise self._fail(1, "not a setmine checkpoint (name another file)")
        if first[_KEY] != FORMAT:
            raise self._fail(1, f"a checkpoint of format {_brief(first[_KEY])}; this setmine "
                                f"reads format {FORMAT}")
        diff = differences(first.get("identity"), self.header["identity"])
        if first.get("tasks") != self.tasks and not any(d.startswith("tasks:") for d in diff):
            diff.append(f"tasks: {_brief(first.get('tasks'))} there, {self.tasks} here")
        if diff:
            raise CheckpointError(f"{self.path}: the checkpoint belongs to another run ("
                                  + "; ".join(diff) + "): remove it or name another file")

    def _entry(self, number: int, line: bytes) -> None:
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            raise self._fail(number, "not a JSON line: the checkpoint is corrupt") from None
        task = entry.get("task") if isinstance(entry, dict) else None
        if not (isinstance(task, int) and not isinstance(task, bool) and "result" in entry):
            raise self._fail(number, 'expected {"task": N, "result": ...}: the checkpoint '
                                     "is corrupt")
        if not 0 <= task < self.tasks:
            raise self._fail(number, f"task {task} is not one of the run's {self.tasks} tasks")
        if task in self.done:
            raise self._fail(number, f"task {task} is there twice: the checkpoint is corrupt")
        self.done[task] = entry["result"]

    # -- writing

    def _write(self, *values: Any) -> None:
        try:
            self.file.write(b"".join(_dumps(v).encode("utf-8") + b"\n" for v in values))
            self.file.flush()
            os.fsync(self.file.fileno())
        except OSError as exc:
            raise CheckpointError(f"{self.path}: cannot write the checkpoint: "
                                  f"{exc.strerror or exc}") from None

    def record(self, pairs: list[tuple[int, Any]]) -> list[tuple[int, Any]]:
        """Save each ``(task, result)`` (one write and one sync for them
        all); returns them as they read back from the file (tuples become
        lists), as a resumed run would return them."""
        pairs = [(task, _plain(result, f"the result of task {task}")) for task, result in pairs]
        for task, _ in pairs:
            if task in self.done:
                raise CheckpointError(f"{self.path}: task {task} is recorded already")
        self._write(*({"task": task, "result": result} for task, result in pairs))
        self.done.update(pairs)
        return pairs

    def close(self) -> None:
        if not self.file.closed:
            self.file.close()  # closing the file releases the lock

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
