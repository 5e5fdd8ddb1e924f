"""The front door's page: every term of a schema drawn on a board
(``setmine report``)."""

from __future__ import annotations

from .inputs import load_board, load_schema


def report(schema="written", board="beginner-midgame", path=None, *,
           against="default") -> str:
    """The HTML page of every term drawn on the board (``setmine report``),
    ``against`` a second schema beside it; written to ``path`` when given
    (a regular file replaced whole, a link written through, a FIFO or the
    null device in place, any other device refused: ``setmine.base.targets``).
    As the command, the schema as written is drawn beside the corrected one
    unless ``against`` says otherwise (``None``: no second schema).

    >>> page = report("corrected", "tiny-2x2")
    >>> page.startswith("<!DOCTYPE html>"), "D18" in page
    (True, True)
    """
    from ..base.targets import target, write
    from ..pictures.page import report_page
    from ..pictures.report_data import build
    from ..resources import default_against

    if path is not None:
        target(path)   # a device or a folder refused before the page is drawn
    schema = load_schema(schema)
    if against == "default":
        against = default_against(schema)
    page = report_page(build(schema, load_board(board),
                             against=None if against is None else load_schema(against)))
    if path is not None:
        write(path, page)
    return page
