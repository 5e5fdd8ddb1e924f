"""Placeholder until the sub-term hover lands: the formula as plain text."""

from markupsafe import Markup, escape

from ..rsl.printer import unicode


def schema_env(schema):
    return None


def formula_html(tree, types_env, values=None, *, functions=None, budget_elements=20_000,
                 max_members=12) -> Markup:
    return Markup(escape(unicode(tree)))
