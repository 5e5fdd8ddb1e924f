"""Writing generated pages to a folder, and checking a folder against them
(``setmine docs`` and ``setmine docs --check``).

``pages`` maps a path relative to the folder (``D8.md``, ``img/D8.svg``) to
the file's text.  ``write`` changes only the files that differ, so that a
second run writes nothing, each by the rule of ``setmine.base.targets``
(replaced whole, a link written through, a device or a socket in the folder
refused with ``TargetError``); ``stale`` reports, one line each, every file
missing, different (with its first differing line) or no longer generated —
a page or picture left over in the folder (``orphans``).
"""

from __future__ import annotations

from pathlib import Path

from ...base.targets import target

PATTERNS = ("*.md", "img/*.svg")
"""The generated files of the folder, for ``orphans``."""


def write(pages: dict[str, str], out: str | Path) -> list[str]:
    """Write the pages (and only change files that differ); the names written."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in sorted(pages.items()):
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        found = target(path)
        if found.regular and found.path.exists() \
                and found.path.read_text(encoding="utf-8") == text:
            continue
        found.write(text)
        written.append(name)
    return written


def stale(pages: dict[str, str], out: str | Path) -> list[str]:
    """What differs between the pages and the files in ``out``: one line
    per page missing, different (with the first differing line) or extra."""
    out = Path(out)
    problems = []
    for name, text in sorted(pages.items()):
        path = out / name
        if not path.exists():
            problems.append(f"{path}: missing")
            continue
        committed = path.read_text(encoding="utf-8")
        if committed != text:
            problems.append(f"{path}: differs; {first_difference(committed, text)}")
    problems += [f"{path}: not generated any more" for path in orphans(pages, out)]
    return problems


def orphans(pages: dict[str, str], out: str | Path) -> list[Path]:
    """The pages and pictures in ``out`` that are not generated (any more)."""
    out = Path(out)
    found = [path for pattern in PATTERNS for path in sorted(out.glob(pattern))]
    return [path for path in found if path.relative_to(out).as_posix() not in pages]


def first_difference(old: str, new: str) -> str:
    a, b = old.splitlines(), new.splitlines()
    for i, (x, y) in enumerate(zip(a, b), 1):
        if x != y:
            return f"line {i} is now {clip(y)!r}, was {clip(x)!r}"
    return f"{len(b)} lines now, {len(a)} before"


def clip(text: str, width: int = 100) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"
