"""The templates: a report (``report_data.py``) or a replay (``replay.py``) as
one self-contained HTML file — its stylesheet and script inlined, every
picture an inline SVG, no URL fetched.  Jinja2 autoescapes every value;
the pictures arrive as ``Markup`` already escaped by their own template."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib.resources import files

from markupsafe import Markup, escape

from ..board.svg import DEFS, STYLE as BOARD_CSS


@lru_cache(maxsize=1)
def environment():
    from jinja2 import Environment, PackageLoader, StrictUndefined

    env = Environment(loader=PackageLoader("setmine.pictures", "templates"), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["inline"] = inline_markdown
    return env


def inline_markdown(text) -> Markup:
    """The inline Markdown the shipped texts use (the defect search's
    explanations, the story), as HTML: `code`, **bold**, *emphasis*; the
    rest escaped.  A formula in backticks is kept as written (its ``*`` is
    a product, not emphasis)."""
    out = []
    for i, part in enumerate(re.split(r"(`[^`]+`)", str(text))):
        if i % 2:
            out.append(str(Markup("<code>{}</code>").format(part[1:-1])))
            continue
        part = str(escape(part))
        part = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", part)
        part = re.sub(r"(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])", r"<em>\1</em>", part)
        out.append(part)
    return Markup("".join(out))


def asset(name: str) -> Markup:
    """A stylesheet or script of ``templates/``, inlined as it is."""
    return Markup((files("setmine.pictures") / "templates" / name).read_text(encoding="utf-8"))


def render(template: str, **context) -> str:
    """One page: ``template`` with the shared stylesheet and the version."""
    from .. import __version__

    return environment().get_template(template).render(
        board_css=Markup(BOARD_CSS), board_defs=Markup(SHARED_DEFS), version=__version__,
        **context)


SHARED_DEFS = f'<svg class="defs" width="0" height="0" aria-hidden="true" ' \
              f'style="position:absolute">{DEFS}</svg>'
"""The boards' shared definitions, once per page (every board refers to them)."""


def report_page(report) -> str:
    return render("report.html.j2", r=report, css=asset("report.css"), js=asset("report.js"))


def scoped(css: str, scope: str) -> str:
    """``css`` with every rule confined to the elements under ``scope`` (a
    notebook's output must not restyle the notebook): each selector is
    prefixed with ``scope``; ``:root``, ``html`` and ``body`` become ``scope``
    itself; at-rules (``@media print`` …) are left out."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out, i = [], 0
    while True:
        start = css.find("{", i)
        if start < 0:
            break
        head = css[i:start].strip()
        if head.startswith("@"):          # skip the whole block, nested braces and all
            depth, j = 1, start + 1
            while depth and j < len(css):
                depth += {"{": 1, "}": -1}.get(css[j], 0)
                j += 1
            i = j
            continue
        end = css.index("}", start)
        selectors = [scope if sel in (":root", "html", "body") else f"{scope} {sel}"
                     for sel in (part.strip() for part in head.split(","))]
        out.append(f"{', '.join(selectors)} {{{css[start + 1:end].strip()}}}")
        i = end + 1
    return "\n".join(out)
