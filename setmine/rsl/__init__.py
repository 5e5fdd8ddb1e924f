"""RSLang: text → syntax tree → typed term.

    >>> from setmine import rsl
    >>> str(rsl.parse("∀a∈X1 a=a"))
    '[∀[a][X1][=[a][a]]]'
    >>> schema = rsl.Schema.load("spec/saper.rsl")
    >>> schema.typify("D15")
    'ℬℬ(X1)'

Evaluation is the next stage, in ``setmine.eval``:
``evaluate(schema, "D8", data)`` (from ``setmine.eval.interpret.model``)
with ``data`` mapping aliases to Python values.

Failures raise ``rsl.RSLError`` with ``.code``, ``.start``, ``.end`` and
``.message``.
"""

from importlib import import_module

from .syntax.errors import Diagnostic, RSLError
from .syntax.parser import parse_expression, parse_with_warnings
from .syntax.printer import ascii, shown, unicode
from .syntax.tree import bracket_tree

# The schema layer (and the typifier beneath it) is loaded on first use.
_LAZY = {"Schema": ".schema", "Analysis": ".schema", "Constituent": ".schemafile",
         "SchemaText": ".schemafile"}


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse(expression: str, syntax: str = "auto"):
    """The syntax tree of one expression; ``str()`` of it is the bracket
    tree string of the reference tools."""
    return parse_expression(expression, syntax)


__all__ = ["parse", "parse_with_warnings", "Schema", "SchemaText", "Constituent", "Analysis",
           "RSLError", "Diagnostic", "unicode", "ascii", "bracket_tree"]
