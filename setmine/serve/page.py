"""The live page: one HTML document, its script and styles inline (the
report's stylesheet, so that a term looks the same in both), its first
state given as JSON.  Jinja2 autoescapes the state; the script writes
every text of a request's answer as text, and inserts as markup only the
pictures and formulas the server's own autoescaped templates made."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files

from markupsafe import Markup

from ..pictures.page import SHARED_DEFS, asset as report_asset
from ..board.svg import STYLE as BOARD_CSS

PALETTE = ("∀", "∃", "∈", "∉", "⊆", "⊂", "=", "≠", "≤", "≥", "¬", "&", "∨", "⇒", "⇔",
           "∪", "∩", "\\", "∆", "×", "ℬ", "∅", "card", "Pr1", "pr1", "Fi1", "red", "bool",
           "debool", "D{ | }", "Z")
"""The symbols the formula box's palette inserts."""


@lru_cache(maxsize=1)
def _environment():
    from jinja2 import Environment, PackageLoader, StrictUndefined

    return Environment(loader=PackageLoader("setmine.serve", "templates"), autoescape=True,
                       undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)


SCRIPTS = ("live.js", "tables.js", "runs.js", "proving.js", "start.js")
"""The page's script, one scope in five files: the state, the board and the
formula box; a model's tables; verifications and games; proofs; the start."""


def _asset(name: str) -> Markup:
    return Markup((files("setmine.serve") / "templates" / name).read_text(encoding="utf-8"))


def live_page(start: dict, token: str) -> str:
    """The page, opening on ``start`` (``schema``, ``board``, ``formula``);
    its script sends ``token`` with every request (``guard.py``)."""
    from .. import __version__

    # the state as JSON inside <script type="application/json">: "</" cannot end it
    state = json.dumps(start, ensure_ascii=False).replace("</", "<\\/")
    return _environment().get_template("live.html.j2").render(
        version=__version__, state=Markup(state), token=token, palette=PALETTE,
        board_css=Markup(BOARD_CSS), board_defs=Markup(SHARED_DEFS),
        report_css=report_asset("report.css"), report_js=report_asset("report.js"),
        css=_asset("live.css"),
        js=Markup("\n").join(_asset(name) for name in SCRIPTS))
