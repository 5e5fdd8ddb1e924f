"""The files setmine ships: the two schemas, the example boards and the
defect search's findings.

Every command's defaults come from here, so that setmine works from any
folder, not only from the project's.  The files live in the project's
``spec/`` (schemas and boards) and ``docs/defects.json``; this module is the
one place that knows where an installed setmine finds them.
"""

from __future__ import annotations

from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent

SPEC_DIR = _ROOT / "spec"
BOARD_DIR = SPEC_DIR / "boards"

WRITTEN_SCHEMA = SPEC_DIR / "saper.rsl"
"""The schema as the user wrote it (imported from the Exteor file)."""

CORRECTED_SCHEMA = SPEC_DIR / "saper-corrected.rsl"
"""The schema with each defect repaired (annotated in the file)."""

DEFECTS = _ROOT / "docs" / "defects.json"
"""The defect search's findings on the written schema (``setmine defects``)."""


def schema_file(name: str) -> Path:
    """A shipped schema by file name (``saper.rsl``)."""
    return SPEC_DIR / name


def board_file(name: str) -> Path:
    """A shipped board by file name or stem (``beginner-midgame``)."""
    path = BOARD_DIR / name
    return path if path.suffix else path.with_suffix(".board")


def shipped_boards() -> list[Path]:
    """Every shipped board, by name."""
    return sorted(BOARD_DIR.glob("*.board"))
