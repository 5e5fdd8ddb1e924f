"""A checkpoint: the finished tasks of a run, so that an interrupted run
resumes without losing or repeating a result.

The file is JSON lines: a header naming the run, then one line per
finished task, appended and flushed to disk as the task finishes::

    {"setmine-checkpoint": 1, "identity": {...}}
    {"task": 3, "result": {...}}

A kill in the middle of a write leaves at most a torn last line, which is
dropped; any other damage, or a header of another run, is an error that
says which line and what differs.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

VERSION = 1


class CheckpointError(Exception):
    """A checkpoint that cannot be used; the text says which file and why."""


class Checkpoint:
    """``done``: the results already in the file, by task index;
    ``record(i, result)`` appends one."""

    def __init__(self, path: str | Path, identity: dict, tasks: int) -> None:
        self.path = Path(path)
        self.identity = json.loads(json.dumps(identity))
        self.done: dict[int, Any] = {}
        if "\0" in str(path) or not str(path).strip():
            raise CheckpointError(f"{str(path)!r}: not a file name")
        if self.path.is_dir():
            raise CheckpointError(f"{self.path}: is a folder, not a checkpoint file")
        if not self.path.parent.is_dir():
            raise CheckpointError(f"{self.path}: no such folder {str(self.path.parent)!r}")
        if self.path.exists():
            self._read(tasks)
        try:
            self.file = open(self.path, "a" if self._header_ok else "w", encoding="utf-8")
        except OSError as exc:
            raise CheckpointError(f"{self.path}: cannot write: {exc.strerror or exc}") from None
        if self.file.tell() == 0:
            self._write({"setmine-checkpoint": VERSION, "identity": self.identity})

    _header_ok = False  # the file holds this run's header

    def _read(self, tasks: int) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CheckpointError(f"{self.path}: cannot read: {exc}") from None
        lines = text.split("\n")
        complete = text.endswith("\n")
        good = 0  # characters of the lines kept
        for number, line in enumerate(lines, 1):
            last = number == len(lines) or (number == len(lines) - 1 and complete)
            if not line:
                continue
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                if last or (number == len(lines) - 1 and not complete):
                    break  # a torn last line: the write a kill interrupted
                raise CheckpointError(f"{self.path}:{number}: not a checkpoint line "
                                      f"(damaged file?)") from None
            if number == 1:
                self._check_header(entry)
            elif (not isinstance(entry, dict) or set(entry) != {"task", "result"}
                  or not isinstance(entry["task"], int) or not 0 <= entry["task"] < tasks):
                raise CheckpointError(f"{self.path}:{number}: not a finished task of this run")
            else:
                self.done[entry["task"]] = entry["result"]
            good += len(line) + 1
        if good < len(text):  # drop the torn tail before appending
            with open(self.path, "r+", encoding="utf-8") as f:
                f.truncate(good)

    def _check_header(self, entry) -> None:
        if not isinstance(entry, dict) or entry.get("setmine-checkpoint") != VERSION:
            raise CheckpointError(f"{self.path}:1: not a setmine checkpoint")
        theirs = entry.get("identity")
        if theirs != self.identity:
            keys = sorted(set(self.identity) | set(theirs or {}))
            differ = [k for k in keys if (theirs or {}).get(k) != self.identity.get(k)]
            raise CheckpointError(f"{self.path}: a checkpoint of another run (it differs in "
                                  f"{', '.join(differ) or 'its identity'}); give another file "
                                  f"or delete it to start again")
        self._header_ok = True

    def _write(self, entry: dict) -> None:
        self.file.write(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def record(self, index: int, result: Any) -> None:
        self._write({"task": index, "result": result})
        self.done[index] = result

    def close(self) -> None:
        self.file.close()
