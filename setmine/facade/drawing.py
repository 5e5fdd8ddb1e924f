"""The front door's page: every term of a schema drawn on a board, or a
model of any schema as one page (``setmine report``)."""

from __future__ import annotations

from .inputs import load_board, load_schema, resolve


def report(schema="written", data=None, path=None, *, against="default") -> str:
    """The HTML page of ``setmine report``: over a board, every term drawn on
    it, ``against`` a second schema beside it; over a model (a
    :class:`~setmine.Model`, a model file, or the model a ConceptPortal
    file carries), each constituent's value as tables.  ``schema`` and
    ``data`` as :func:`~setmine.evaluate` takes them.  Written to ``path``
    when given (a regular file replaced whole, a link written through, a
    FIFO or the null device in place, any other device refused:
    ``setmine.base.targets``).  As the command, the schema as written is
    drawn beside the corrected one unless ``against`` says otherwise
    (``None``: no second schema).

    >>> page = report("corrected", "tiny-2x2")
    >>> page.startswith("<!DOCTYPE html>"), "D18" in page
    (True, True)
    >>> "one term of a small department" in report("study-plan")
    True
    """
    from ..base.targets import target, write
    from ..eval.values.budget import Budget
    from ..pictures.model_page import build as build_model, model_page
    from ..pictures.page import report_page
    from ..pictures.report_data import build
    from ..resources import default_against

    if path is not None:
        target(path)   # a device or a folder refused before the page is drawn
    loaded, subject = resolve(schema, data)
    if subject.model is not None:
        if against not in ("default", None):
            raise ValueError("against= compares two Saper schemas on a board, not on a model")
        page = model_page(build_model(loaded, subject.model.internal, Budget()))
    else:
        if against == "default":
            against = default_against(loaded)
        page = report_page(build(loaded, load_board(subject.board),
                                 against=None if against is None else load_schema(against)))
    if path is not None:
        write(path, page)
    return page
