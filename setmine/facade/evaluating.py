"""The front door's functions that evaluate a schema over data: one term or
every term (:func:`evaluate`), the axioms' and statements' verdicts
(:func:`check`) and why a value is what it is (:func:`explain`).  The schema and data are any that
``inputs.resolve`` reads; values come back plain (``plain.py``)."""

from __future__ import annotations

from .display import Explanation, Values, Verdicts
from .inputs import resolve
from .plain import plain


def _budget(max_seconds: float, max_elements: int):
    from ..eval.values.budget import Budget

    return Budget(max_elements=max_elements, max_seconds=max_seconds)


def evaluate(schema="written", data=None, term: str | None = None, *,
             max_seconds: float = 60.0, max_elements: int = 2_000_000):
    """The value of ``term`` — an alias (``"D8"``) or any RSLang expression
    over the schema (``"card(D15)"``, ``"D18 ∩ D8 = ∅"``) — over ``data``;
    without ``term``, ``{alias: value}`` of every basic set, structure,
    term and axiom (one that could not be evaluated maps to its
    :class:`~setmine.rsl.RSLError`).

    ``schema``: a shipped name (``"written"``, ``"corrected"``), any schema
    file (``.rsl``, Exteor, a ConceptPortal session or bundle), ``.rsl``
    text, a Schema, or a model (its schema). ``data``: a board (a name,
    a file, ``.board`` text, a Board) or a model (a :class:`Model`, a model
    file, a shipped model's name); None: the model the schema file
    carries (a ConceptPortal file), else the shipped board
    ``beginner-midgame`` for a shipped schema.

    Values are plain Python and exact: frozensets and tuples of cells
    ``(row, column)``, of element names (``str``) or of integers; ``int``,
    ``bool``; a :class:`~setmine.facade.plain.LargeSet` for a set of more
    than 100,000 members (its exact ``card``).  Raises RSLError for an
    expression that does not parse or type, or a term whose evaluation
    fails; FileNotFoundError or ValueError, in words, for inputs that are
    not what they should be.

    >>> sorted(evaluate("corrected", "tiny-2x2", "D18"))
    [(0, 1), (1, 0), (1, 1)]
    >>> evaluate("corrected", "tiny-2x2", "card(D15) = 3")
    True
    >>> sorted(evaluate("study-plan", term="S1"))
    [('algebra', 'sets'), ('models', 'algebra'), ('models', 'logic')]
    >>> sorted(evaluate("study-plan", term="D2"))   # who took a course too early
    [('Boris', 'models')]
    """
    from ..eval.interpret.model import evaluate as evaluate_expression, evaluate_schema
    from ..rsl.syntax.errors import RSLError

    schema, subject = resolve(schema, data)
    budget = _budget(max_seconds, max_elements)
    if term is None:
        results = evaluate_schema(schema, subject.data, budget)
        given = {c.alias: plain(subject.data[c.alias]) for c in schema
                 if c.alias in subject.data and c.alias not in results}
        return Values({**given, **{a: (plain(r.value) if r.ok else r.error)
                                   for a, r in results.items()}}, schema, subject)
    try:
        return plain(evaluate_expression(schema, term, subject.data, budget))
    except RSLError as exc:
        if term in schema or exc.source:
            raise
        raise exc.within(term) from None   # the formula shown, a caret under the place


def check(schema="written", data=None, *, max_seconds: float = 60.0,
          max_elements: int = 2_000_000) -> Verdicts:
    """Each axiom's and statement's verdict over ``data`` (``True``,
    ``False``, or the RSLError that kept it from being decided), as
    ``setmine check`` says it; ``schema`` and ``data`` as :func:`evaluate`
    takes them.  A dict; in a notebook, a table.

    >>> check("corrected", "tiny-2x2")
    {'A1': True, 'A2': True, 'A3': True, 'A4': True, 'A5': True, 'A6': True}
    >>> check("study-plan")   # its model breaks the statements T1 and T2
    {'A1': True, 'A2': True, 'T1': False, 'T2': False}
    """
    from ..eval.interpret.model import evaluate_schema

    schema, subject = resolve(schema, data)
    statements = [c.alias for c in schema if c.kind in ("axiom", "theorem")]
    if not statements:
        raise ValueError(f"nothing to check: {schema.path or 'the schema'} has no axiom or "
                         f"statement")
    results = evaluate_schema(schema, subject.data, _budget(max_seconds, max_elements),
                              only=statements)
    return Verdicts({a: (results[a].value if results[a].ok else results[a].error)
                     for a in statements}, schema, subject)


def explain(schema="written", data=None, alias: str | None = None, candidate=None, *,
            max_seconds: float = 60.0, max_elements: int = 2_000_000) -> Explanation:
    """Why ``alias`` has its value over ``data``, as ``setmine explain``
    says it: an axiom's or statement's verdict with the binding that
    falsifies it (or the witness that satisfies it); a term's reading in
    plain words and its value; with ``candidate`` (a member of the term's
    type: a cell ``(row, column)``, a set of them, a tuple of names, or the
    same written as text, ``"(Ann, sets)"``), why it is or is not a
    member.  ``.lines`` the explanation, ``.verdict``, ``.value``,
    ``.member``; printed, its text.

    >>> print(explain("study-plan", alias="A1"))  # doctest: +ELLIPSIS
    A1 is true in this model:
    ...
    >>> explain("study-plan", None, "D2", ("Boris", "models")).member
    True
    >>> explain("study-plan", None, "D2", "(Ann, sets)").member
    False
    """
    from ..eval.interpret.evaluator import Evaluator
    from ..eval.interpret.model import functions
    from ..eval.values.sets import CURRENT_BUDGET
    from ..present.explain.glossary import BOARD, PLAIN, words
    from ..present.explain.reading import read
    from ..present.explain.trace import explain as trace_of, render as render_trace
    from ..present.explain.why import evaluate_terms, render, why_member
    from ..present.output.values import show as show_value
    from ..rsl.semantics.types import SetType
    from ..rsl.syntax import tree as s

    schema, subject = resolve(schema, data)
    if alias is None or alias not in schema:
        known = ", ".join(c.alias for c in schema if c.kind not in ("function", "predicate"))
        raise ValueError(f"no constituent {alias} in {schema.path or 'the schema'} (its "
                         f"constituents: {known})")
    analysis, kind = schema.analysis[alias], schema[alias].kind
    if analysis.error is not None:
        raise ValueError(f"{alias} has an error, so it cannot be explained: {analysis.error}")
    if kind in ("function", "predicate"):
        raise ValueError(f"{alias} is a {kind}: it has a value only when applied; evaluate a "
                         f"call, evaluate(…, term='{alias}[…]')")
    budget = _budget(max_seconds, max_elements)
    results = evaluate_terms(schema, subject.data, budget, only=[alias])
    if alias in results and results[alias].error is not None:
        raise results[alias].error
    values = {**subject.data, **{a: r.value for a, r in results.items()
                                 if r.ok and r.kind == "term"}}
    evaluator = Evaluator(values, functions(schema), budget)
    glossary = BOARD if subject.board is not None else PLAIN
    out = Explanation(alias)
    token = CURRENT_BUDGET.set(budget)
    try:
        if kind in ("axiom", "theorem"):
            trace = trace_of(evaluator, analysis.tree)
            out.verdict = trace.value if isinstance(trace.value, bool) else None
            said = {True: "true", False: "false"}.get(out.verdict, "undecided")
            where = "on this board" if subject.board is not None else "in this model"
            out.lines = [f"{alias} is {said} {where}:"] + ["  " + x for x in render_trace(trace)]
        else:
            value = evaluator.data.get(alias)
            out.value = plain(value)
            out.lines = [f"{alias}: {read(analysis.tree, words(schema))}" if analysis.tree
                         is not None and not isinstance(analysis.tree, s.Global) else alias,
                         f"value: {show_value(value)}"]
        if candidate is not None:
            if kind in ("axiom", "theorem") or not isinstance(analysis.type, SetType):
                raise ValueError(f"{alias} is a {kind} of type {analysis.type}, not a set: "
                                 f"explain it without a candidate")
            element = _candidate(candidate, analysis.type.base, subject)
            reason = why_member(evaluator, schema, s.Global(alias), element, glossary=glossary)
            out.member = reason.holds
            out.lines += [""] + render(reason)
    finally:
        CURRENT_BUDGET.reset(token)
    return out


def _candidate(candidate, typ, subject):
    """A candidate as the evaluator holds it: text read against the model
    (names) or the board (cells), or a plain value with names made labels."""
    from ..model.decode import ValueProblem
    from ..model.reading import read_value

    if subject.model is not None:
        if isinstance(candidate, str):
            try:
                return read_value(candidate, typ, subject.model.internal)
            except ValueProblem as exc:
                raise ValueError(f"the candidate: {exc}") from None
        return _labelled(candidate, typ, subject.model.internal)
    if isinstance(candidate, str):
        from ..board import parse_cell

        return parse_cell(candidate)
    return candidate


def _labelled(value, typ, model):
    """A plain value of ``typ`` with each element name made the model's label."""
    from ..rsl.semantics.types import Element, SetType, TupleType

    if isinstance(typ, SetType):
        return frozenset(_labelled(v, typ.base, model) for v in value)
    if isinstance(typ, TupleType):
        if not isinstance(value, tuple) or len(value) != len(typ.factors):
            raise ValueError(f"the candidate: {value!r} is not a tuple of {typ}")
        return tuple(_labelled(v, t, model) for v, t in zip(value, typ.factors))
    if isinstance(typ, Element) and isinstance(value, str):
        shown = model.shown_names().get(typ.name, {})
        labels = model.labels().get(typ.name, {})
        for index, name in shown.items():
            if name == value:
                return labels.get(index, index)
        raise ValueError(f"the candidate: {value!r} is no element of {typ.name} (its elements: "
                         f"{', '.join(shown.values())})")
    return value
