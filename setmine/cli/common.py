"""Helpers shared by the sub-commands: loading files with clear errors."""

from __future__ import annotations

from pathlib import Path

from ..rsl import RSLError

DEFAULT_SPEC = Path("spec/saper.rsl")


def load_schema(path: str | Path | None) -> Schema:
    from ..rsl.schema import Schema
    from . import UserError

    path = Path(path) if path else DEFAULT_SPEC
    if not path.exists():
        hint = " (run setmine from the project's folder, or give the file)" if path == DEFAULT_SPEC else ""
        raise UserError(f"{path}: no such file{hint}")
    try:
        return Schema.load(path)
    except RSLError as exc:
        raise UserError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot read: {exc}") from None
