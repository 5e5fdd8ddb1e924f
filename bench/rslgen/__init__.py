"""Random RSLang schemas, models and expressions, for bench/differential.py.

A *world* is a schema with a model: 1–3 basic sets of 0–4 elements, an
optional constant set of a few integers, 1–5 structures (``ℬ(X1)``,
``ℬ(X1×X2)``, ``ℬ(X1×X1×X2)``, ``X1``, ``Z``, ``ℬ(Z×X1)``, ``ℬℬ(X1)``,
``ℬ(C1×X1)``, and ones built on other structures: ``ℬ(S1×S2)``,
``ℬ(S1)``, ``S1``, their values inside), a few terms, functions (some of
them templates over radicals), predicates and an axiom.

``Gen`` (``cases.py``: ``core.py`` and one mixin per kind of construct,
``sets.py``, ``formulas.py``, ``broken.py``) writes expressions of a wanted typification, one method per
construct of the grammar (``set_*`` for set expressions, ``int_*``,
``elem_*``, ``tuple_*`` for elements, ``f_*`` for formulas, ``broken_*``
for expressions wrong on purpose).  It knows the typing rules well enough
to write mostly well-typed text, and bounds the work an expression asks
for (quantifier and comprehension domains, ℬ of small sets only), so that
both engines answer in milliseconds.  Locals get fresh names within an
expression (the reference refuses one name declared in two sibling
scopes), and compound operands are always parenthesised (the reference
tools disagree on unparenthesised mixes: docs/conformance.md).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests.conformance.answers

from .cases import Gen, make_case  # noqa: E402,F401
