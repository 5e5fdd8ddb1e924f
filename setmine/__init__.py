"""setmine: a model checker for RSLang schemas — first of all the
set-theoretic Minesweeper schema «КС Сапер».

The front door, one function per job, for any schema (each imports what it
needs when it is called, so that ``import setmine`` stays light):

    >>> import setmine
    >>> setmine.evaluate("corrected", "beginner-midgame", "card(D15)")
    3
    >>> setmine.check("study-plan")   # a ConceptPortal session: its schema and its model
    {'A1': True, 'A2': True, 'T1': False, 'T2': False}

* :func:`load_schema`, :func:`load_board`, :func:`load_model` — a schema
  (shipped by name, any schema file, ``.rsl`` text), a board, a model
  (a ConceptPortal session or bundle, setmine's model file);
* :func:`evaluate` — one term or expression, or every term, over a board or
  a model, as plain Python values;
* :func:`check` — the axioms' and statements' verdicts;
* :func:`explain` — why a constituent has its value, why a candidate is a
  member or not (as ``setmine explain``);
* :func:`verify` — a property on every position or game of a scope, or on
  every model within sizes (as ``setmine verify``);
* :func:`prove` — each statement proved for every model, refuted or unknown
  (as ``setmine prove``);
* :func:`repair` — a faulty term's smallest fix (as ``setmine repair``);
* :func:`report` — the HTML page of every term drawn on a board;
* :func:`show` — a value as setmine prints it.

In Jupyter, ``%load_ext setmine`` adds ``%%rsl NAME`` (a schema typed in a
cell) and ``%rsl FORMULA`` (docs/notebooks.md).  The functions live in
``setmine.facade``; the pipeline behind them: text → syntax tree → typed
term → value (``setmine.rsl``, ``setmine.eval``); files → schema and model
(``setmine.sources``); board → structure (``setmine.board``).
"""

from __future__ import annotations

from .facade.drawing import report
from .facade.evaluating import check, evaluate, explain
from .facade.inputs import load_board, load_model, load_schema
from .facade.model import Model
from .facade.plain import LargeSet, show
from .facade.verifying import prove, repair, verify

__version__ = "0.1.0"
__all__ = ["LargeSet", "Model", "check", "evaluate", "explain", "load_board", "load_model",
           "load_schema", "prove", "repair", "report", "show", "verify"]


def load_ipython_extension(ipython) -> None:
    """``%load_ext setmine``: the ``%%rsl`` and ``%rsl`` magics."""
    from .facade.magics import register

    register(ipython)
