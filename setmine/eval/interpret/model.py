"""Schema + structure → every term's value: the model of a schema on a
structure, computed constituent by constituent, each after the ones it uses.

This is the one way setmine evaluates a schema with the reference
evaluator: ``setmine eval``, the cross-check's chain, the explanations, the
report and the model checker's fallback all call :func:`evaluate_schema`
(or :func:`run_tree` for one formula), with their own budget (``Limits``,
``Budget``) and their own given values.  The compiled program
(``eval/compiled``) follows the same :func:`dependency_order`."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Mapping

from ...base import deadline
from ...rsl.schema import dependencies
from ...rsl.syntax import tree as s
from ...rsl.syntax.errors import RSLError
from ..values.budget import Budget
from ..values.sets import CURRENT_BUDGET, LazySet, card
from .evaluator import Evaluator, evaluated_part, too_deep


@dataclass
class Result:
    """One constituent's value (or error) on a structure: what every part of
    setmine gets back from evaluating a schema."""

    alias: str = ""
    kind: str = ""
    value: object = None
    error: RSLError | None = None
    seconds: float = 0.0
    methods: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass(frozen=True)
class Limits:
    """The budget of each term's evaluation as plain data (it travels to a
    worker process): at most ``max_elements`` elements listed, at most
    ``max_seconds`` seconds, afresh for every term."""

    max_elements: int = 500_000
    max_seconds: float = 10.0

    def budget(self) -> Budget:
        return Budget(max_elements=self.max_elements, max_seconds=self.max_seconds)


EVALUATED = ("term", "axiom", "theorem")


def evaluated(schema) -> list[str]:
    """The terms, axioms and theorems of ``schema``: what has a value, in
    the schema's order."""
    return [c.alias for c in schema if c.kind in EVALUATED]


def functions(schema) -> dict:
    """The schema's functions and predicates that typed without error: the
    evaluator's functions map."""
    return {c.alias: schema.tree(c.alias) for c in schema
            if c.kind in ("function", "predicate") and schema.analysis[c.alias].ok}


def run_tree(evaluator: Evaluator, tree, formula: bool, budget: Budget,
             subject: str | None = None) -> Result:
    """A formula's truth (``formula``) or a term's value on the evaluator's
    data, under ``budget`` restarted for it; a lazy set is settled by
    counting it.  An error is the result's, never raised."""
    result = Result(subject or "", "")
    started = time.perf_counter()
    budget.restart(subject)
    evaluator.budget = budget
    evaluator.methods.clear()
    token = CURRENT_BUDGET.set(budget)
    try:
        try:
            budget.check_time(tree)   # a request's deadline may have passed already
            if formula:
                result.value = evaluator.truth(tree)
            else:
                result.value = evaluator.value(tree)
                if isinstance(result.value, LazySet):
                    card(result.value)  # a term is settled when its size is known
        except RecursionError:
            raise too_deep(tree) from None
    except RSLError as exc:
        result.error = s.widened_error(exc, tree)  # a parenthesised operand's span: with them
    except deadline.TimeUp as exc:   # a request's end, met inside a count: this term's error
        result.error = budget.exceeded("timeLimit", tree, "evaluation", None,
                                       f"the request's {exc.deadline.seconds:g} s")
    finally:
        CURRENT_BUDGET.reset(token)
    result.seconds = time.perf_counter() - started
    result.methods = dict(evaluator.methods)
    return result


def evaluate_schema(schema, data: Mapping[str, object], budget: Budget | None = None,
                    only: list[str] | None = None, progress=None) -> dict[str, Result]:
    """Every term, axiom and theorem of ``schema`` over ``data`` (the values
    of the basic sets and structures by alias, and of any term given rather
    than computed), each after the constituents it uses; the results in the
    schema's order.  ``budget`` (restarted for each term) bounds each one;
    ``only`` keeps those aliases and what they use; ``progress(alias)`` is
    called before each is computed.  A term's value feeds the terms that
    use it; an error stays with its term, and a term that reads a failed
    one fails there (``calcGlobalMissing`` at the name, naming its cause),
    as the reference does: one that never reads it (``1=1 ∨ F``) has
    its value."""
    budget = budget or Budget()
    evaluator = Evaluator(data, functions(schema), budget)
    wanted = _needed(schema, only) if only is not None else None  # [] asks for nothing
    invalid = invalid_constants(schema, data)
    results: dict[str, Result] = {}
    for alias in dependency_order(schema):
        if wanted is not None and alias not in wanted:
            continue
        kind = schema[alias].kind
        if alias in data:  # given, not computed (the terms known before a move, say)
            results[alias] = Result(alias, kind, evaluator.data[alias])
            continue
        error = schema.analysis[alias].error
        if error is None:
            try:
                _check_constants(schema, schema.analysis[alias].tree, invalid)
            except RSLError as exc:
                error = exc
        if error is not None:
            results[alias] = Result(alias, kind, error=error)
            evaluator.failed[alias] = error
            continue
        if progress is not None:
            progress(alias)
        result = run_tree(evaluator, schema.analysis[alias].tree, kind != "term", budget, alias)
        result.kind = kind
        results[alias] = result
        if result.ok:
            evaluator.data[alias] = result.value  # a term's value, an axiom's truth
        else:
            evaluator.failed[alias] = result.error
    order = {a: i for i, a in enumerate(evaluated(schema))}
    return dict(sorted(results.items(), key=lambda item: order[item[0]]))


def _dependency_order(schema) -> list:
    """The constituents so that each comes after the ones it uses (a schema
    may define a term before the terms it uses); otherwise in file order.
    A depth-first walk with its own stack: a chain of terms each defined by the next
    of any length is ordered."""
    done: set[str] = set()
    ordered: list = []
    for c in schema:
        on_path: set[str] = set()
        stack = [(c.alias, False)]
        while stack:
            alias, finished = stack.pop()
            if finished:
                on_path.discard(alias)
                if alias not in done:
                    done.add(alias)
                    ordered.append(schema[alias])
                continue
            if alias in done or alias in on_path or alias not in schema:
                continue
            on_path.add(alias)
            stack.append((alias, True))
            stack.extend((name, False) for name in reversed(schema.uses(alias)))
    return ordered


def dependency_order(schema) -> tuple[str, ...]:
    """The aliases of the terms, axioms and theorems of ``schema``, each
    after the constituents it uses (otherwise in file order), whatever the
    length of a chain of definitions: the one order in which every part of
    setmine evaluates a schema."""
    return tuple(c.alias for c in _dependency_order(schema) if c.kind in EVALUATED)


def _needed(schema, aliases: list[str]) -> set[str]:
    """The constituents ``aliases`` need, themselves included."""
    known = [a for a in aliases if a in schema]
    return set(known).union(*(schema.closure(a) for a in known))


def evaluate(schema, expression: str, data: Mapping[str, object], budget: Budget | None = None):
    """The value of an alias of ``schema`` or of any expression over it,
    on ``data`` (alias → Python value: hashable elements, sets, tuples).
    The schema's terms that ``data`` does not give are computed from their
    definitions.  A bool, an int, a tuple, a frozenset or a lazy set (which
    supports ``in``, iteration and ``.cardinality()``)."""
    tree = schema.expression_tree(expression)
    _check_constants(schema, tree, invalid_constants(schema, data))
    if isinstance(tree, s.GlobalDefinition):  # `ALIAS :== body` evaluates its body
        tree = evaluated_part(tree)
    if isinstance(tree, s.FunctionDef):   # a function or predicate has values only when applied
        raise RSLError("calculationNotSupported",
                       f"{expression} is a definition: apply it to arguments to compute a value",
                       *tree.span)
    missing = [name for name, _ in dependencies(tree) if name in schema and name not in data
               and schema[name].kind in EVALUATED]
    values, failed = dict(data), {}
    if missing:
        for alias, result in evaluate_schema(schema, data, budget, only=missing).items():
            if result.ok:
                values.setdefault(alias, result.value)
            else:
                failed[alias] = result.error
    evaluator = Evaluator(values, functions(schema), budget)
    evaluator.failed.update(failed)  # read, they fail at the name (calcGlobalMissing)
    try:
        return evaluator.evaluate(tree)  # (a RecursionError is an RSLError at the tree)
    except RSLError as exc:
        widened = s.widened_error(exc, tree)  # a parenthesised operand's span: with them
        if widened is exc:
            raise
        raise widened from None


def invalid_constants(schema, data: Mapping[str, object]) -> dict[str, str]:
    """The constant sets (C1, C2…) whose value in ``data`` is not a finite
    set of integers, with what is wrong.  Their elements are numbers: an
    integral or ordered constant's elements are added and compared as
    integers, and ``c ∈ Z`` holds."""
    problems = {}
    for c in schema:
        value = data.get(c.alias) if c.kind == "constant" else None
        if value is None:
            continue
        if not isinstance(value, (set, frozenset)):
            problems[c.alias] = f"is {_short(value)}, not a finite set"
        else:
            wrong = [x for x in value if isinstance(x, bool) or not isinstance(x, int)]
            if wrong:
                problems[c.alias] = f"holds {_short(wrong[0])}, not an integer"
    return problems


def _check_constants(schema, tree: s.Node | None, invalid: dict[str, str]) -> None:
    """``calcInvalidData`` at the first global of ``tree`` that is, or
    depends on, a constant set with invalid data."""
    if not invalid:
        return
    for name, node in dependencies(tree):
        bad = [name] if name in invalid else \
            sorted(set(invalid) & schema.closure(name)) if name in schema else []
        if bad:
            raise RSLError("calcInvalidData", f"the constant set {bad[0]} {invalid[bad[0]]}: "
                           f"a constant set's elements are integers", *node.span)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
