"""setmine: a model checker for the set-theoretic Minesweeper schema «КС Сапер».

The front door, one function per job (each imports what it needs when it
is called, so that ``import setmine`` stays light):

    >>> import setmine
    >>> setmine.evaluate("corrected", "beginner-midgame", "card(D15)")
    3

* :func:`load_schema`, :func:`load_board` — the shipped schemas and boards
  by name (``"written"``, ``"corrected"``, ``"beginner-midgame"``) or a file;
* :func:`evaluate` — one term or expression, or every term, over a board;
* :func:`check` — the axioms' verdicts on a board;
* :func:`verify` — a property on every position of a scope (as ``setmine verify``);
* :func:`repair` — a faulty term's smallest fix (as ``setmine repair``);
* :func:`prove` — each statement proved for every model, refuted or unknown
  (as ``setmine prove``);
* :func:`report` — the HTML page of every term drawn on a board;
* :func:`show` — a value as setmine prints it.

The pipeline behind them: text → syntax tree → typed term → value
(``setmine.rsl``, ``setmine.eval``); Exteor files → schema
(``setmine.exteor``); board → structure (``setmine.board``).
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["check", "evaluate", "load_board", "load_schema", "prove", "repair", "report", "show",
           "verify"]


def load_schema(spec="written"):
    """A schema: ``"written"`` (as the user wrote it), ``"corrected"`` (each
    defect repaired), a path to an ``.rsl`` file, or a loaded schema as it is.

    >>> load_schema("corrected").typify("D15")
    'ℬℬ(X1)'
    """
    from pathlib import Path

    from .resources import SCHEMAS
    from .rsl.schema import Schema

    if isinstance(spec, Schema):
        return spec
    path = SCHEMAS.get(str(spec), spec)
    if not Path(path).exists():
        raise FileNotFoundError(f"{spec}: no such schema file, nor a shipped schema (those "
                                f"are: {', '.join(map(repr, SCHEMAS))})")
    return Schema.load(path)


def load_board(spec):
    """A board: a shipped one by name (``"beginner-midgame"``), a file (any
    format ``setmine`` reads), the text of a ``.board`` file, or a Board.

    >>> board = load_board("tiny-2x2")
    >>> board.rows, board.cols, sorted(board.mines)
    (2, 2, [(1, 0)])
    """
    from .board import Board, load_board as read, parse_board
    from .resources import resolve_board

    if isinstance(spec, Board):
        return spec
    if isinstance(spec, str) and "\n" in spec:
        return parse_board(spec)
    return read(resolve_board(spec))


def evaluate(schema="written", board="beginner-midgame", term=None, *,
             max_seconds: float = 60.0, max_elements: int = 2_000_000):
    """The value of ``term`` — an alias (``"D8"``) or any RSLang expression
    over the schema (``"card(D15)"``, ``"D18 ∩ D8 = ∅"``) — over the board;
    without ``term``, ``{alias: value}`` for every term and axiom (a term
    that could not be evaluated maps to its :class:`~setmine.rsl.RSLError`).
    Values are exact: frozensets of cells ``(row, column)``, integers, truth
    values, lazy sets for the large ones (their ``len`` is exact). Raises
    RSLError for an expression that does not parse or type, or a term whose
    evaluation fails.

    >>> sorted(evaluate("corrected", "tiny-2x2", "D18"))
    [(0, 1), (1, 0), (1, 1)]
    >>> evaluate("corrected", "tiny-2x2", "card(D15) = 3")
    True
    """
    from .board import structure
    from .eval.interpret.model import evaluate as evaluate_expression, evaluate_schema
    from .eval.values.budget import Budget

    schema, board = load_schema(schema), load_board(board)
    budget = Budget(max_elements=max_elements, max_seconds=max_seconds)
    if term is None:
        return {a: (r.value if r.ok else r.error)
                for a, r in evaluate_schema(schema, structure(board), budget).items()}
    return evaluate_expression(schema, term, structure(board), budget)


def check(schema="written", board="beginner-midgame") -> dict:
    """Each axiom's verdict on the board (``True``/``False``, or the
    RSLError that kept it from being decided), as ``setmine check`` says it.

    >>> import setmine
    >>> setmine.check("corrected", "tiny-2x2")
    {'A1': True, 'A2': True, 'A3': True, 'A4': True, 'A5': True, 'A6': True}
    """
    from .board import structure
    from .eval.interpret.model import evaluate_schema

    schema = load_schema(schema)
    axioms = [c.alias for c in schema if c.kind == "axiom"]
    results = evaluate_schema(schema, structure(load_board(board)), only=axioms)
    return {a: (results[a].value if results[a].ok else results[a].error) for a in axioms}


def verify(schema="written", shapes: str = "cells<=4", *, assertions=(), properties=(),
           scope: str = "positions", mines=None, symmetry: bool = True,
           workers: int | None = None) -> dict:
    """Check properties on every state of a scope, as ``setmine verify``
    does, and return its JSON object (docs/verification.md): ``assertions``
    are formulas, ``properties`` built-in names (``axioms``, ``invariants``,
    ``crosscheck``, ``observable``); when nothing is asked, what the command
    checks by default: whether the schema is right (``invariants`` and the
    schema's claims, ``axioms`` in the games scope); ``mines`` a count or
    ``(low, high)``; ``workers`` a local Dask cluster's size.

    >>> import setmine
    >>> result = setmine.verify("corrected", "2x2", assertions=["D18 ∩ D8 = ∅"])
    >>> result["states"], [(p["name"], p["holds"]) for p in result["properties"]]
    (184, [('D18 ∩ D8 = ∅', True)])
    """
    from .verification.boards.job import Job, shape_data
    from .verification.boards.properties import default_properties
    from .verification.boards.run import to_json, verify as run
    from .verification.boards.scope import parse_shapes

    schema = load_schema(schema)
    asked = tuple(("assert", a) for a in assertions) + tuple(("builtin", p) for p in properties)
    low, high = (0, None) if mines is None else (mines, mines) if isinstance(mines, int) else mines
    job = Job(schema_text=schema.source, schema_path=schema.path or "schema.rsl",
              shapes=tuple(shape_data(x) for x in parse_shapes(shapes)),
              properties=asked or tuple(default_properties(schema, scope)), scope=scope,
              symmetry=symmetry,
              mines=(low, high))
    return to_json(run(job, workers=workers))


def repair(schema, alias: str, scope: str = "cells<=5", **options):
    """Localize the fault of a term's formula and search for the smallest
    change that makes it mean its convention, as ``setmine repair`` does
    (options: ``max_edits``, ``seconds``, ``max_candidates``, ``fixes``,
    ``validate``); returns the search's result (``.status``, ``.fixes``,
    ``str()`` of it as the command prints it: ``setmine.repairing.text.render``).

    >>> import setmine
    >>> result = setmine.repair("written", "D14", "cells<=4", validate=None)
    >>> result.status, [str(e) for e in result.fixes[0].edits]
    ('fixed', ['D13 → D8'])
    """
    from .repairing.search import repair as search

    options.setdefault("validate", None)
    return search(load_schema(schema), alias, scope, **options)


def prove(schema="written", assertions=(), *, timeout: float = 30.0, sizes: str | None = None,
          integers: str | None = None, bounded_seconds: float = 60.0,
          smt2: str | None = None) -> dict:
    """Decide each statement of the schema, then each of ``assertions``, for
    every model of every size, as ``setmine prove --json`` does, and return
    its JSON object (docs/proving.md): ``axioms`` (consistent, inconsistent
    or unknown) and ``statements``, each with its ``verdict`` (proved,
    refuted, unknown, vacuous), what a proof ``used``, the smallest
    ``counterexample`` of the models scope (``sizes``, by default every
    basic and constant set of at most 3 elements), and what was tried.
    ``schema``: a shipped name, any schema file setmine reads, or a Schema;
    ``timeout``: the prover's seconds per statement; ``smt2``: a folder to
    write each proof obligation to.

    >>> import setmine
    >>> result = setmine.prove("corrected", ["D8 ⊆ S2"], sizes="X1<=2")
    >>> [(s["verdict"], s["used"]) for s in result["statements"]]
    [('proved', ['S2', 'A4', 'D1', 'D8'])]
    """
    from .proof.decide import decide, scope_of
    from .proof.report import to_json

    schema = _any_schema(schema)
    scope = scope_of(schema, sizes, integers)
    outcome = decide(schema, list(assertions), timeout=timeout, scope=scope,
                     bounded_seconds=bounded_seconds, smt2_dir=smt2)
    return to_json(schema, outcome)


def _any_schema(spec):
    """A shipped schema by name, a Schema, or any schema file setmine reads
    (.rsl, Exteor, a ConceptPortal session or bundle)."""
    from pathlib import Path

    from .resources import SCHEMAS
    from .rsl.schema import Schema
    from .sources import read_schema

    if isinstance(spec, Schema) or str(spec) in SCHEMAS:
        return load_schema(spec)
    if not Path(spec).exists():
        raise FileNotFoundError(f"{spec}: no such schema file, nor a shipped schema (those "
                                f"are: {', '.join(map(repr, SCHEMAS))})")
    return read_schema(spec)


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
    from .base.targets import target, write
    from .pictures.page import report_page
    from .pictures.report_data import build

    from .resources import default_against

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


def show(value, cells=None, limit: int = 12) -> str:
    """A value as setmine prints it: cells as ``row,column``, sets in
    braces, at most ``limit`` members.  ``cells`` are the board's cells
    (default: the pairs of integers the value holds).

    >>> show(evaluate("corrected", "tiny-2x2", "D5"))
    '{(0,0, {0,1, 1,0, 1,1})}'
    """
    from .present.output.values import is_set, listing, show as text

    if cells is None:
        cells, stack, seen = set(), [value], 0
        while stack and seen < 10_000:  # the cells among the members shown
            item, seen = stack.pop(), seen + 1
            if isinstance(item, tuple) and len(item) == 2 and all(type(i) is int for i in item):
                cells.add(item)
            elif isinstance(item, tuple):
                stack.extend(item)
            elif is_set(item):
                stack.extend(listing(item, limit).items)
    return text(value, limit, frozenset(cells))
