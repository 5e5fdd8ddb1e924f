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
MODEL_DIR = SPEC_DIR / "models"
"""Example schemas with models that are not the Saper (``study-plan``)."""

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



SCHEMAS = {"written": WRITTEN_SCHEMA, "corrected": CORRECTED_SCHEMA}
"""The shipped schemas by the names every command and the facade take."""


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


def shipped_models() -> list[Path]:
    """Every shipped model (a ConceptPortal session), by name."""
    return sorted(MODEL_DIR.glob("*.session.json"))


def resolve_board(arg: str | Path) -> Path:
    """The board or model a command was given: the path as given if it
    exists, else a shipped board named by its file name or stem
    (``beginner-midgame``) or by its place in the project
    (``spec/boards/beginner-midgame.board``, from any folder), or a shipped
    model by its stem (``study-plan``: ``spec/models/study-plan.session.json``)
    or its place, else the path as given, so that the caller's error names
    what the user wrote.  A missing file in any other folder is not
    replaced."""
    path = Path(arg)
    try:
        if path.exists() or path.parent not in (Path("."), Path("spec/boards"),
                                                Path("spec/models")):
            return path
        if path.parent == Path("spec/models") or not board_file(path.name).is_file():
            model = MODEL_DIR / (path.name if path.suffix else f"{path.name}.session.json")
            if model.is_file():
                return model
        shipped = board_file(path.name)
        return shipped if shipped.is_file() else path
    except OSError:  # a name the system refuses (too long, …): the caller's read says so
        return path


def is_written_schema(schema) -> bool:
    """Whether ``schema`` was loaded from the shipped schema as written: the
    report then draws the corrected one beside it by default."""
    try:
        return schema.path is not None and \
            Path(schema.path).resolve() == WRITTEN_SCHEMA.resolve()
    except OSError:
        return False


def default_against(schema) -> Path | None:
    """The schema a report draws beside ``schema`` when not told: the
    corrected one beside the schema as written (the command, the facade and
    the live page alike), else none."""
    return CORRECTED_SCHEMA if is_written_schema(schema) else None
