"""The files setmine ships: the two schemas, the example boards and the
defect search's findings.

Every command's defaults come from here, so that setmine works from any
folder, not only from the project's.  The files live in the project's
``spec/`` (schemas and boards), ``docs/defects.json`` and ``docs/repairs.json``;
the package reaches them through ``setmine/shipped/``, whose entries are links
to those places (``spec`` → ``../../spec``, ``defects.json`` →
``../../docs/defects.json``, ``repairs.json`` → ``../../docs/repairs.json``).
An editable install follows the links into the project; ``pip install .``
copies the files they point at into the installed package (package data in
``pyproject.toml``), so both find them in the same place.
"""

from __future__ import annotations

from pathlib import Path

SHIPPED = Path(__file__).resolve().parent / "shipped"

SPEC_DIR = (SHIPPED / "spec").resolve()
BOARD_DIR = SPEC_DIR / "boards"

WRITTEN_SCHEMA = SPEC_DIR / "saper.rsl"
"""The schema as the user wrote it (imported from the Exteor file)."""

CORRECTED_SCHEMA = SPEC_DIR / "saper-corrected.rsl"
"""The schema with each defect repaired (annotated in the file)."""

SEED = SPEC_DIR / "saper.exteor.txt"
"""The user's Exteor 4.0 file, byte for byte (``setmine import`` reads it)."""

DEFECTS = (SHIPPED / "defects.json").resolve()
"""The defect search's findings on the written schema (``setmine defects``)."""

REPAIRS = (SHIPPED / "repairs.json").resolve()
"""The repairs of the written schema's root defects (``setmine repair``,
written by ``bench/repair_doc.py``)."""



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


def resolve_board(arg: str | Path) -> Path:
    """The board a command was given: the path as given if it exists, else a
    shipped board named by its file name or stem (``beginner-midgame``) or by
    its place in the project (``spec/boards/beginner-midgame.board``, from any
    folder), else the path as given, so that the caller's error names what
    the user wrote.  A missing file in any other folder is not replaced."""
    path = Path(arg)
    try:
        if path.exists() or path.parent not in (Path("."), Path("spec/boards")):
            return path
        shipped = board_file(path.name)
        return shipped if shipped.is_file() else path
    except OSError:  # a name the system refuses (too long, …): the caller's read says so
        return path
