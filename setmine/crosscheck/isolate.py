"""Evaluating a schema's terms two ways: as a chain, and one by one in
isolation.

* :func:`evaluate_chain` — every term (and axiom) from its formula, each
  term's value feeding the terms that use it, in *dependency* order (a
  term is computed after the terms it uses even when the file defines it
  before them: the corrected D10 uses D11).  A disagreement here may be
  inherited from a term used on the way.
* :func:`evaluate_isolated` — each term's *own* formula, with every other
  term it uses replaced by its reference value (``data`` = the structure
  + the reference values of the terms it uses).  A disagreement here is
  the term's own formula's fault, not inherited: this is how the defect
  search attributes root causes.

Both return ``{alias: Result}`` (the model's result): the value or the
evaluation error.
"""

from __future__ import annotations

from ..base.interface import STRUCTURES
from ..eval.interpret.evaluator import Evaluator
from ..eval.interpret.model import Limits, Result, evaluate_schema, evaluated, functions, run_tree
from ..rsl.schema import Schema
from ..rsl.syntax.errors import RSLError
from .reference import Facts, as_data, defined, reference


def run_term(evaluator: Evaluator, schema: Schema, alias: str, limits: Limits) -> Result:
    """One constituent's formula on the evaluator's data, under a fresh budget."""
    analysis = schema.analysis[alias]
    if analysis.error is not None:
        return Result(alias, schema[alias].kind, error=analysis.error)
    result = run_tree(evaluator, analysis.tree, schema[alias].kind != "term", limits.budget(), alias)
    result.kind = schema[alias].kind
    return result


def evaluate_chain(schema: Schema, data: dict, limits: Limits = Limits(),
                   only: list[str] | None = None, progress=None) -> dict[str, Result]:
    """Every term (or those of ``only`` and what they use) from the
    structure ``data``, in dependency order; results in the schema's order.
    ``progress(alias)``, if given, is called before each term is evaluated."""
    return evaluate_schema(schema, data, limits.budget(), only=only, progress=progress)


def reference_data(schema: Schema, facts: Facts, aliases) -> tuple[dict, dict[str, str]]:
    """The structure and the reference values (as the evaluator reads them)
    of the terms in ``aliases`` that have one; and, for the others, why
    not (no notion, undefined here, too large to list)."""
    data = dict(facts.data)
    missing: dict[str, str] = {}
    for name in aliases:
        if name in STRUCTURES or name not in schema or schema[name].kind != "term":
            continue
        why = defined(name, facts)
        if why is not None:
            missing[name] = why
            continue
        try:
            data[name] = as_data(reference(name, facts))
        except ValueError as exc:
            missing[name] = str(exc)
    return data, missing


def evaluate_isolated(schema: Schema, facts: Facts, limits: Limits = Limits(),
                      only: list[str] | None = None) -> dict[str, Result]:
    """Each term's own formula, the terms it uses given their reference
    values.  A term some of whose inputs have no reference value here gets
    a ``calcGlobalMissing`` error naming them."""
    aliases = [a for a in evaluated(schema) if only is None or a in only]
    needed = {n for a in aliases for n in schema.uses(a)}
    data, missing = reference_data(schema, facts, needed)
    evaluator = Evaluator(data, functions(schema))
    results: dict[str, Result] = {}
    for alias in aliases:
        lacking = [n for n in schema.uses(alias) if n in missing]
        if lacking:
            results[alias] = Result(alias, schema[alias].kind, error=RSLError(
                "calcGlobalMissing", "no reference value for " + ", ".join(
                    f"{n} ({missing[n]})" for n in lacking)))
            continue
        results[alias] = run_term(evaluator, schema, alias, limits)
    return results


def inputs(schema: Schema, board, alias: str, isolated: bool) -> dict:
    """The values ``alias`` is computed from on ``board``: the structure and
    the reference values of the terms it uses (``isolated``), or the values
    the chain gives them."""
    from ..board import structure

    if isolated:
        return reference_data(schema, Facts.of(board), schema.uses(alias))[0]
    chain = evaluate_chain(schema, structure(board), only=[alias])
    return {**structure(board), **{a: o.value for a, o in chain.items()
                                   if o.ok and schema[a].kind == "term" and a != alias}}


def roots(schema: Schema, board, alias: str, suspects) -> list[str]:
    """The root causes of ``alias``'s disagreement on ``board``: the terms
    among ``suspects`` (own defects) that ``alias`` depends on and that
    disagree with their references *in isolation* on this board."""
    from .compare import compare

    facts = Facts.of(board)
    found = [a for a in evaluated(schema) if a in schema.closure(alias) and a in suspects]
    iso = evaluate_isolated(schema, facts, only=found)
    return [a for a in found if iso[a].ok and defined(a, facts) is None
            and not compare(a, iso[a].value, reference(a, facts), facts.cells).agree]
