"""What every notebook display shares: loading a schema or a board by a
short name, the scoped stylesheet, rendering a template, and the guards
that make a display show its failure as text instead of raising
(``notebook.py`` and ``repairs.py`` draw with these)."""

from __future__ import annotations

import html
from functools import lru_cache, wraps

from markupsafe import Markup

from .. import load_board, load_schema  # the front door's: shipped names, files, .board text
from ..board.svg import STYLE as BOARD_CSS
from .page import SHARED_DEFS, asset, environment, scoped

SCOPE = ".setmine"


schema, board = load_schema, load_board     # the short names a notebook uses


# ---------------------------------------------------------------------------
# Displays that never raise


def safe_html(method):
    @wraps(method)
    def display(self):
        try:
            return method(self)
        except Exception as error:  # noqa: BLE001 - a display shows its failure, never raises
            return error_html(f"{type(self).__name__} could not be drawn: "
                               f"{type(error).__name__}: {error}")
    return display


def safe_svg(method):
    @wraps(method)
    def display(self):
        try:
            return method(self)
        except Exception:  # noqa: BLE001 - the HTML display says what went wrong
            return None
    return display


def error_html(text: str) -> str:
    return f'<pre class="setmine-error">{html.escape(text)}</pre>'


@lru_cache(maxsize=1)
def css() -> Markup:
    return Markup(scoped(BOARD_CSS + "\n" + asset("report.css"), SCOPE) + "\n" +
                  asset("notebook.css"))


def render(template: str, *, script: bool = False, **context) -> str:
    return environment().get_template(template).render(
        css=css(), js=asset("report.js") if script else None, board_defs=Markup(SHARED_DEFS),
        **context)
