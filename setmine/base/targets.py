"""Where setmine writes a file: what the named target is, and how it is
written — one rule for every option that names a file to write (``-o``,
``--write-model``, ``--report``, ``--write``, ``--checkpoint``, the pages of
``setmine docs``) and for the Python functions that take a path.

:func:`target` says what a name is, or refuses it, before any work; the
writer (:meth:`Target.write`, or :func:`write`, which looks again at the
moment of writing) then writes it so:

* a regular file, or a name not there yet in a folder that is, is replaced
  whole or not at all: the bytes go to a temporary file beside it, renamed
  over it, and the file keeps its permissions;
* a symbolic link is followed to the file it names, and that file is
  replaced the same way (the temporary file beside it, not beside the
  link), so the link stays a link; a link to a name not there yet (a
  dangling link) creates that file when its folder exists;
* standard output (``-``, where the option takes it), a descriptor of this
  process (``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``), the null device,
  a terminal and a FIFO are written in place: opened and written, never
  renamed over;
* anything else — a folder, another character device (``/dev/full``, one
  made with ``mknod``), a block device, a socket — is refused, saying what
  it is.

A checkpoint is read before it is appended to, so :func:`checkpoint` takes
a regular file (through links) or a name not there yet, and nothing else.

The module knows nothing of the command line: it raises
:class:`TargetError`, whose text names the option (when one is given) and
the file; ``setmine`` says it as a usage error, exit status 2.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import sys
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["IN_PLACE", "REPLACE", "STDOUT", "Target", "TargetError", "checkpoint", "kind",
           "target", "write"]

REPLACE = "replace"
"""A regular file (or a new one): a temporary file renamed over it."""
IN_PLACE = "in place"
"""A FIFO, the null device, a terminal, a descriptor: opened and written."""
STDOUT = "stdout"
"""``-``: the process's standard output."""

MAX_LINKS = 40
"""How many symbolic links a name may go through (the system's own bound)."""


class TargetError(OSError):
    """A file setmine will not or cannot write; its text says which and why."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class Target:
    """A name to write, as :func:`target` found it: ``how`` (REPLACE,
    IN_PLACE, STDOUT), ``path`` the file written (a link's target), ``fd``
    a descriptor of this process written in place (``/dev/stdout``: 1)."""

    name: str
    how: str
    path: Path
    fd: int | None = None
    option: str | None = None

    @property
    def regular(self) -> bool:
        """A regular file, replaced whole (one a browser may open by its path)."""
        return self.how == REPLACE

    @property
    def stdout(self) -> bool:
        """Written to this process's standard output (``-``, ``/dev/stdout``)."""
        return self.how == STDOUT or self.fd == 1

    def write(self, data: str | bytes) -> None:
        """Write ``data`` (text as UTF-8) as the target's kind says;
        TargetError on failure (a regular file is then left as it was)."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        if self.how == REPLACE:
            self._replace(raw)
        elif self.how == STDOUT or self.fd in (1, 2):
            _to_stream(sys.stderr if self.fd == 2 else sys.stdout, data)
        elif self.fd is not None:
            self._fail_on_error(lambda: _write_all(self.fd, raw))
        else:
            self._in_place(raw)

    def _in_place(self, raw: bytes) -> None:
        fd = _open_in_place(self.path, self.name)
        try:
            found = os.fstat(fd)
            if not _in_place_kind(found):   # it changed since it was looked at
                raise TargetError(f"{_said(self.option, self.name)}: is now {kind(found)}; "
                                  f"nothing was written")
            self._fail_on_error(lambda: _write_all(fd, raw))
        finally:
            os.close(fd)

    def _replace(self, raw: bytes) -> None:
        path = self.path
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
        except FileNotFoundError:
            mode = None
        except OSError as exc:
            raise TargetError(f"cannot write {_shown(self.name)}: {_why(exc)}") from None
        tmp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except OSError as exc:
            raise TargetError(f"cannot write {_shown(self.name)}: {_why(exc)}") from None
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(raw)
            if mode is not None:
                os.chmod(tmp, mode)
            os.replace(tmp, path)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise TargetError(f"cannot write {_shown(self.name)}: {_why(exc)}") from None
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise

    def _fail_on_error(self, action) -> None:
        try:
            action()
        except BrokenPipeError:   # a reader gone away: the caller's to say (exit 141)
            raise
        except OSError as exc:
            raise TargetError(f"cannot write {_shown(self.name)}: {_why(exc)}") from None


def target(name: str | os.PathLike[str], option: str | None = None, *,
           stdout: bool = False) -> Target:
    """What ``name`` is as a file to write, and how it is written; or
    TargetError, saying what it is, for anything that may not be written
    (``option``: the command's option, named in the message; ``stdout``:
    whether ``-`` means standard output here)."""
    text = _text(name)
    said = _said(option, text)
    if text == "":
        raise TargetError(f"{option or 'a file to write'}: an empty file name; give a file")
    if text.endswith("/") or text.endswith(os.sep):
        raise TargetError(f"{said}: ends in {os.sep}, so names a folder; give a file name")
    if text == "-":
        if stdout:
            return Target(text, STDOUT, Path("-"), None, option)
        raise TargetError(f"{said}: standard output is not taken here (the command prints its "
                          f"own result there); give a file name")
    found = _resolve(text, said)
    if found.fd is not None:
        return Target(text, IN_PLACE, Path(text), found.fd, option)
    path, st = found.path, found.st
    if st is None:
        _may_create(path, said)
        return Target(text, REPLACE, path, None, option)
    if stat.S_ISREG(st.st_mode):
        _may_create(path, said)
        if not os.access(path, os.W_OK):
            raise _denied(said)
        return Target(text, REPLACE, path, None, option)
    if _in_place_kind(st):
        if not os.access(path, os.W_OK):
            raise _denied(said)
        return Target(text, IN_PLACE, path, None, option)
    through = f"is a link to {_shown(str(path))}, which is" if found.linked else "is"
    if stat.S_ISDIR(st.st_mode):
        raise TargetError(f"{said}: {through} a folder; give a file name in it")
    choices = "a FIFO, /dev/null or -" if stdout else "a FIFO or /dev/null"
    raise TargetError(f"{said}: {through} {kind(st)}; give a regular file, {choices}")


def write(name: str | os.PathLike[str], data: str | bytes, option: str | None = None, *,
          stdout: bool = False) -> Target:
    """Write ``data`` to ``name`` by :func:`target`'s rule, looking at the
    name again now (it may have changed since the check before the work);
    the target written."""
    found = target(name, option, stdout=stdout)
    found.write(data)
    return found


def checkpoint(name: str | os.PathLike[str], option: str | None = None) -> Path:
    """The file a checkpoint is kept in: ``name`` if it is a regular file
    (the file a link names), or a name not there yet in a folder that is;
    TargetError otherwise, before anything is read from it."""
    text = _text(name)
    said = _said(option, text)
    if text == "":
        raise TargetError(f"{option or 'a checkpoint'}: an empty file name; give a file")
    found = _resolve(text, said)
    if found.fd is not None:
        raise TargetError(f"{said}: a descriptor of this process, not a checkpoint file; give "
                          f"a regular file (or a name not there yet)")
    if found.st is None:
        _may_create(found.path, said)
        return found.path
    if stat.S_ISREG(found.st.st_mode):
        return found.path
    through = f"a link to {_shown(str(found.path))}, " if found.linked else ""
    raise TargetError(f"{said}: {through}{kind(found.st)}, not a checkpoint file; give a "
                      f"regular file (or a name not there yet)")


def kind(st: os.stat_result) -> str:
    """What a file is, in words: ``a character device``, ``a FIFO``…"""
    mode = st.st_mode
    for test, words in ((stat.S_ISREG, "a regular file"), (stat.S_ISDIR, "a folder"),
                        (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a FIFO"),
                        (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                        (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return words
    return "a special file"


# -- finding what a name is


@dataclass(frozen=True)
class _Found:
    path: Path                    # the name, or the file its links end at
    st: os.stat_result | None     # None: not there (yet)
    linked: bool = False
    fd: int | None = None


_STANDARD = {"/dev/stdout": 1, "/dev/stderr": 2, "/dev/stdin": 0}


FIFO_WAIT = 30.0
"""How long a FIFO is waited for a reader before the write is refused (a
shell's ``echo > fifo`` waits for ever)."""


def _open_in_place(path: Path, name: str) -> int:
    """``path`` opened to write as it is — no O_CREAT, no O_TRUNC — without
    blocking: a FIFO with no reader is tried again for ``FIFO_WAIT`` seconds,
    then refused, never waited on for ever."""
    flags = os.O_WRONLY | os.O_NOCTTY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    deadline = time.monotonic() + FIFO_WAIT
    while True:
        try:
            fd = os.open(path, flags)
            break
        except OSError as exc:
            if exc.errno == errno.ENXIO and time.monotonic() < deadline:
                time.sleep(0.05)   # a FIFO whose reader has not opened it yet
                continue
            why = (f"nothing read the FIFO for {FIFO_WAIT:g} s" if exc.errno == errno.ENXIO
                   else _why(exc))
            raise TargetError(f"cannot write {_shown(name)}: {why}") from None
    os.set_blocking(fd, True)   # the reader is there: it reads at its pace
    return fd


def _resolve(text: str, said: str) -> _Found:
    """Follow ``text`` through its symbolic links, one at a time (a link
    into a descriptor of this process, ``/dev/stdout``, stops there)."""
    path, linked = text, False
    for _ in range(MAX_LINKS + 1):
        fd = _descriptor(path)
        if fd is not None:
            return _Found(Path(path), None, linked, _open_descriptor(fd, said))
        try:
            st = os.lstat(path)
        except (FileNotFoundError, NotADirectoryError):
            return _Found(Path(path), None, linked)
        except (OSError, ValueError) as exc:   # a name too long, no permission, a NUL
            raise TargetError(f"{said}: cannot be written: {_why(exc)}") from None
        if not stat.S_ISLNK(st.st_mode):
            return _Found(Path(path), st, linked)
        try:
            link = os.readlink(path)
        except OSError as exc:
            raise TargetError(f"{said}: cannot be written: {_why(exc)}") from None
        following = os.path.join(os.path.dirname(path), link)
        try:   # strict: a folder of the link's target that is not there is no folder
            folder = os.path.realpath(os.path.dirname(following) or ".", strict=True)
        except OSError as exc:
            why = (f"the folder {_shown(os.path.dirname(following))} does not exist"
                   if isinstance(exc, FileNotFoundError) else _why(exc))
            raise TargetError(f"{said}: is a link to {_shown(following)}: {why}") from None
        path = os.path.join(folder, os.path.basename(following))
        linked = True
    raise TargetError(f"{said}: cannot be written: too many levels of symbolic links")


def _descriptor(path: str) -> int | None:
    """The descriptor a name stands for: ``/dev/stdout`` 1, ``/dev/fd/3`` 3."""
    whole = os.path.abspath(path)
    if whole in _STANDARD:
        return _STANDARD[whole]
    match = re.fullmatch(rf"/(?:dev/fd|proc/(?:self|thread-self|{os.getpid()})/fd)/(\d{{1,9}})",
                         whole)
    return int(match.group(1)) if match else None


def _open_descriptor(fd: int, said: str) -> int:
    if fd == 0:
        raise TargetError(f"{said}: is standard input; give a file, or standard output")
    try:
        os.fstat(fd)
    except OSError:
        raise TargetError(f"{said}: descriptor {fd} is not open in this process") from None
    return fd


def _in_place_kind(st: os.stat_result) -> bool:
    """A FIFO, the null device or a terminal: written in place."""
    return stat.S_ISFIFO(st.st_mode) or (stat.S_ISCHR(st.st_mode)
                                         and (_null(st) or _terminal(st)))


def _null(st: os.stat_result) -> bool:
    if sys.platform.startswith("linux") and st.st_rdev == os.makedev(1, 3):
        return True
    try:
        null = os.stat(os.devnull)
    except OSError:
        return False
    return stat.S_ISCHR(null.st_mode) and null.st_rdev == st.st_rdev


def _terminal(st: os.stat_result) -> bool:
    """Linux's terminals: the consoles and serial lines (major 4), the
    controlling terminal (5, 0) and the pseudo-terminals (136–143)."""
    if not sys.platform.startswith("linux"):
        return False
    major = os.major(st.st_rdev)
    return major == 4 or 136 <= major <= 143 or st.st_rdev == os.makedev(5, 0)


def _may_create(path: Path, said: str) -> None:
    """A new file (or the temporary one beside a file) may be made beside ``path``."""
    folder = path.parent
    try:
        there, is_folder = folder.exists(), folder.is_dir()
    except (OSError, ValueError) as exc:
        raise TargetError(f"{said}: cannot be written: {_why(exc)}") from None
    if not there:
        raise TargetError(f"{said}: the folder {_shown(str(folder))} does not exist")
    if not is_folder:
        raise TargetError(f"{said}: {_shown(str(folder))} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise _denied(said)


def _denied(said: str) -> TargetError:
    return TargetError(f"{said}: cannot be written here (permission denied); give a file in a "
                       f"folder you may write to")


# -- writing


def _to_stream(stream, data: str | bytes) -> None:
    if isinstance(data, str):
        stream.write(data)
        stream.flush()
        return
    stream.flush()
    stream.buffer.write(data)
    stream.buffer.flush()


def _write_all(fd: int, raw: bytes) -> None:
    view = memoryview(raw)
    while view:
        view = view[os.write(fd, view):]


# -- words


def _text(name: str | os.PathLike[str]) -> str:
    text = os.fspath(name)
    return os.fsdecode(text) if isinstance(text, bytes) else text


def _said(option: str | None, text: str) -> str:
    return f"{option} {_shown(text)}" if option else _shown(text)


def _shown(text: str, longest: int = 80) -> str:
    return text if len(text) <= longest else f"{text[:longest]}… ({len(text)} characters)"


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)
