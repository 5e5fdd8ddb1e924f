"""The models of one size vector, one after another: for the first
instances, for counts the counter cannot give, and for properties whose
circuit is not exact.

The models come from the SAT search (``sat.models``), or from the
enumerating search (``search.models``) when a structure's domain does not
ground; nauty sorts them into classes (``canonical.Classes``) and each
property is checked once per class — it holds on a whole class or on none
of it.  The walk stops as soon as nothing asked needs more: after
``instances`` classes when nothing is counted or checked.
"""

from __future__ import annotations

from ....eval.values.budget import Budget
from ..canonical import Classes
from ..scope import ModelScope


def listing(schema, scope: ModelScope, properties: list[dict], instances: int | None,
            count: bool, budget: Budget | None = None, progress=None,
            symmetry: bool = True, recheck: bool = True,
            share: tuple[int, int] = (0, 1)) -> dict:
    """The models of ``scope`` (one size vector): counted when ``count``,
    each of ``properties`` ({"name", "formula"}) checked on each class with
    its least counterexample kept, and the first ``instances`` classes
    (None: every class); ``progress(tried, labelled)`` after each model;
    ``share`` (j, P): the j-th of P shares of the models (``sat.models``;
    the enumerating search is not shared: part 0 has it all)."""
    from ....eval.interpret.model import evaluate
    from ....rsl.syntax.errors import RSLError
    from .. import sat
    from .. import search as enumeration
    from ..naive import weight

    budget = budget or Budget()
    found = [{**p, "holds": True, "counterexample": None} for p in properties]
    engine = "sat" if sat.why_not(schema, scope) is None else "enumeration"
    notes: list[str] = []
    tried = [0]
    if engine == "sat":
        models = sat.models(schema, scope, budget, tried, symmetry, notes, recheck=recheck,
                            share=share)
    elif share[0] == 0:
        models = enumeration.models(schema, scope, budget, tried, symmetry)
    else:
        models = iter(())
    classes = Classes(schema, every=not symmetry)
    complete = True
    for model in models:
        new = classes.add(model)
        if progress is not None:
            progress(tried[0], classes.labelled)
        if new:
            for p in found:
                if not p["holds"] and p["weight"] <= weight(model):
                    continue  # it has a counterexample no larger than this model
                try:
                    truth = evaluate(schema, p["formula"], model.values, budget)
                except RSLError as exc:
                    truth = exc
                if truth is not True:
                    p.update(holds=False, counterexample=model, weight=weight(model),
                             error=truth if isinstance(truth, RSLError) else None)
        if not count and not found and instances is not None and len(classes) >= instances:
            complete = False
            break
    first = list(classes.representatives.values())
    return {"models": len(classes) if complete else None,
            "labelled": classes.labelled if complete else None,
            "tried": tried[0], "engine": engine, "left_to_evaluator": notes,
            "properties": found, "instances": first[:instances] if instances is not None
            else first, "has_model": bool(first)}


__all__ = ["listing"]
