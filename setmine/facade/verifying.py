"""The front door's functions that look past one board or model: every
state of a scope (:func:`verify`), every model of every size
(:func:`prove`), a faulty term's smallest fix (:func:`repair`).  Each
takes the command's arguments as keywords and returns what its ``--json``
prints, as a dict (shown as a table in a notebook)."""

from __future__ import annotations

from pathlib import Path

from .display import Report
from .inputs import carried_model, load_schema


def _schema(spec):
    carried = carried_model(spec)
    return carried.schema if carried is not None else load_schema(spec)


def verify(schema="written", shapes: str = "cells<=4", *, scope: str = "positions",
           assertions=(), properties=(), sizes: str | None = None,
           integers: str | None = None, mines=None, symmetry: bool = True,
           workers: int | None = None, count: bool = False, instances: int | None = None,
           recheck: bool = False, max_states: int = 10_000_000) -> Report:
    """Check properties on every state of a scope, as ``setmine verify``
    does, and return its JSON object (docs/verification.md).

    ``scope``: ``"positions"`` or ``"games"`` (every board of ``shapes``,
    ``"cells<=4"``, ``"2x2"``; ``mines`` a count or ``(low, high)``), or
    ``"models"`` — every model of any schema within ``sizes``
    (``"X1<=4"``; default: each basic and constant set of at most 3
    elements) and ``integers`` (``"0..3"``): each statement of the schema
    and each of ``assertions`` decided, with its least counterexample;
    ``count`` counts the models without listing them; ``instances`` shows
    that many (3 when nothing is decided); ``recheck`` re-evaluates every
    solution.  ``assertions`` are formulas; ``properties`` built-in names
    (``axioms``, ``invariants``, ``crosscheck``, ``observable``; boards
    only).  ``workers``: a local Dask cluster's size.

    >>> result = verify("corrected", "2x2", assertions=["D18 ∩ D8 = ∅"])
    >>> result["states"], [(p["name"], p["holds"]) for p in result["properties"]]
    (184, [('D18 ∩ D8 = ∅', True)])
    >>> found = verify("study-plan", scope="models", sizes="X1<=2,X2<=2",
    ...                assertions=["D3 ⊆ X1"])
    >>> [(p["name"], p["holds"]) for p in found["properties"]]
    [('T1', False), ('T2', False), ('D3 ⊆ X1', True)]
    """
    if scope == "models":
        if properties or mines is not None or shapes != "cells<=4":
            asked = "properties" if properties else "mines" if mines is not None else "shapes"
            raise ValueError(f"{asked}= applies to the boards scopes (positions, games); the "
                             f"models scope takes sizes= and integers=")
        carried = carried_model(schema)
        whole = carried.schema if carried is not None else load_schema(schema)
        found, shown = _models(whole, sizes, integers, list(assertions), count, instances,
                               recheck, symmetry, workers, max_states,
                               carried.internal if carried is not None else whole.path)
        return Report(found, shown)
    if scope not in ("positions", "games"):
        raise ValueError(f"scope={scope!r}: the scopes are 'positions', 'games' and 'models'")
    if sizes is not None or integers is not None:
        raise ValueError("sizes= and integers= apply to the models scope (scope='models')")
    return Report(_boards(load_schema(schema), shapes, scope, assertions, properties, mines,
                          symmetry, workers))


def _boards(schema, shapes, scope, assertions, properties, mines, symmetry, workers) -> dict:
    from ..verification.boards.job import Job, shape_data
    from ..verification.boards.properties import default_properties
    from ..verification.boards.run import to_json, verify as run
    from ..verification.boards.scope import parse_shapes

    asked = tuple(("assert", a) for a in assertions) + tuple(("builtin", p) for p in properties)
    low, high = (0, None) if mines is None else (mines, mines) if isinstance(mines, int) else mines
    try:
        shaped = tuple(shape_data(x) for x in parse_shapes(shapes))
    except ValueError as exc:
        raise ValueError(f"shapes={shapes!r}: {exc}") from None
    job = Job(schema_text=schema.source, schema_path=schema.path or "schema.rsl",
              shapes=shaped, properties=asked or tuple(default_properties(schema, scope)),
              scope=scope, symmetry=symmetry, mines=(low, high))
    return to_json(run(job, workers=workers))


def _models(whole, sizes, integers, assertions, count, instances, recheck, symmetry, workers,
            max_states, named_by) -> tuple[dict, dict]:
    """``named_by``: the model or the file whose element names the answer
    uses (``readable.naming``), or None."""
    from ..eval.values.budget import Budget
    from ..verification.models.answers.report import to_json
    from ..verification.models.answers.run import interpretation_bound, search
    from ..verification.models.readable.naming import element_names
    from ..verification.models.readable.valid_part import valid_part
    from ..verification.models.sat import why_not
    from ..verification.models.scope import (BadAssertion, ModelScopeError, parse_model_scope,
                                             read_assertion)

    part = valid_part(whole)
    schema = part.schema
    try:
        scope = parse_model_scope(schema, sizes, integers)
    except ModelScopeError as exc:
        given = ", ".join(c.alias for c in schema if c.kind in ("basic", "constant")) or "none"
        raise ValueError(f"sizes: {exc} (its basic and constant sets: {given})") from None
    for text in assertions:
        try:
            read_assertion(schema, text)
        except BadAssertion as exc:   # (its text names the command's option)
            raise ValueError(_in_python_words(str(exc))) from None
    ungrounded = why_not(schema, scope)
    if ungrounded:
        total, worst, _ = interpretation_bound(schema, scope)
        if total > max_states:
            raise ValueError(f"the scope has up to {total:,} interpretations ({worst} alone "
                             f"takes most), more than max_states={max_states:,}: {ungrounded}; "
                             f"give smaller sizes (or raise max_states)")
    outcome = search(schema, scope, assertions, instances, Budget(), symmetry=symmetry,
                     workers=workers, count=count, recheck=recheck)
    names = {}
    if named_by is not None and (not isinstance(named_by, str) or Path(named_by).is_file()):
        names = element_names(named_by, whole)
    return to_json(schema, scope, outcome, names, part), _shown(schema, outcome, names)


def _shown(schema, outcome, names) -> dict:
    """Each counterexample's values as text, elements by the file's names
    (what a notebook shows; the JSON keeps the indices and the names apart)."""
    from ..present.output.values import show
    from ..verification.models.evidence import evidence_json
    from ..verification.models.readable.naming import named_interpretation

    out = {}
    for p in outcome["properties"]:
        found = p.get("counterexample")
        if found is not None:
            named = named_interpretation(schema, found, names) if names else found
            why = evidence_json(schema, named, p["name"]).get("explanation") or []
            out[p["name"]] = [(alias, show(value)) for alias, value in named.values.items()] + \
                ([("why", "\n".join(why))] if why else [])
    return out


def prove(schema="written", assertions=(), *, timeout: float = 30.0, sizes: str | None = None,
          integers: str | None = None, bounded_seconds: float = 60.0,
          smt2: str | None = None) -> Report:
    """Decide each statement of the schema, then each of ``assertions``, for
    every model of every size, as ``setmine prove --json`` does, and return
    its JSON object (docs/proving.md): ``axioms`` (consistent, inconsistent
    or unknown) and ``statements``, each with its ``verdict`` (proved,
    refuted, unknown, vacuous), what a proof ``used``, the smallest
    ``counterexample`` of the models scope (``sizes``, by default every
    basic and constant set of at most 3 elements), and what was tried.
    ``schema``: any that :func:`~setmine.load_schema` takes, a model or a
    ConceptPortal file (its schema); ``timeout``: the prover's seconds per
    statement; ``smt2``: a folder to write each proof obligation to.

    >>> result = prove("corrected", ["D8 ⊆ S2"], sizes="X1<=2")
    >>> [(s["verdict"], s["used"]) for s in result["statements"]]
    [('proved', ['S2', 'A4', 'D1', 'D8'])]
    """
    from ..proof.decide import decide, scope_of
    from ..proof.report import to_json

    from ..proof.decide import ProveInputError

    loaded = _schema(schema)
    try:
        scope = scope_of(loaded, sizes, integers)
        outcome = decide(loaded, list(assertions), timeout=timeout, scope=scope,
                         bounded_seconds=bounded_seconds, smt2_dir=smt2)
    except ProveInputError as exc:   # (its text names the command's options)
        raise ValueError(_in_python_words(str(exc))) from None
    return Report(to_json(loaded, outcome))


def _in_python_words(text: str) -> str:
    """A message of the command's, its options named as the keywords are."""
    for option, keyword in (("--assert ", "assertions: "), ("--sizes ", "sizes: "),
                            ("--integers ", "integers: ")):
        text = text.replace(option, keyword)
    return text


def repair(schema, alias: str, scope: str = "cells<=5", **options):
    """Localize the fault of a term's formula and search for the smallest
    change that makes it mean its convention, as ``setmine repair`` does
    (options: ``max_edits``, ``seconds``, ``max_candidates``, ``fixes``,
    ``validate``); returns the search's result (``.status``, ``.fixes``,
    ``str()`` of it as the command prints it; in a notebook, its page).

    >>> result = repair("written", "D14", "cells<=4", validate=None)
    >>> result.status, [str(e) for e in result.fixes[0].edits]
    ('fixed', ['D13 → D8'])
    """
    from ..repairing.search import repair as search

    options.setdefault("validate", None)
    return search(load_schema(schema), alias, scope, **options)
