"""A models run's outcome as JSON: what ``setmine verify --scope models
--json`` prints and ``setmine.verify(…, scope="models")`` returns."""

from __future__ import annotations


def _values_json(schema, interpretation) -> dict:
    from ..evidence import values_json

    return values_json(schema, interpretation)


def _evidence_json(schema, p) -> dict:
    from ..evidence import evidence_json

    return evidence_json(schema, p["counterexample"], p["name"])


def to_json(schema, scope, outcome, names=None, part=None) -> dict:
    """The run's outcome as ``setmine verify --scope models --json`` writes
    it (docs/verification.md): the scope, what was done, each property's
    verdict with its least counterexample, the instances; ``names`` (the
    file's element names, ``readable.naming``) and ``part`` (a faulty
    schema's valid part, ``readable.valid_part``) when there are any."""
    found = _outcome_json(schema, scope, outcome)
    if names:
        found["element_names"] = {a: list(v) for a, v in names.items()}
    if part is not None and not part.whole:
        found["schema_errors"] = part.to_json()
    return found


def _outcome_json(schema, scope, outcome) -> dict:
    def example(i):
        return None if i is None else {"sizes": dict(i.sizes), "model": _values_json(schema, i)}

    def counterexample(p):
        if p["counterexample"] is None:
            return None
        return {**example(p["counterexample"]), **_evidence_json(schema, p)}

    answered = outcome["answered"]
    return {"scope": "models", "spec": schema.path,
            "sizes": {a: {"least": lo, "most": hi} for a, lo, hi in scope.sizes},
            "defaulted": {"sizes": list(scope.defaulted),
                          "integers": scope.integers_defaulted},
            "integers": list(scope.integers) if scope.integers else None,
            "done": {"decided": answered["decided"], "counted": answered["counted"],
                     "instances": answered["instances"]},
            "complete": outcome["complete"],
            "models": outcome["models"], "labelled_models": outcome["labelled"],
            "per_size": [{"sizes": v["sizes"],
                          **({"models": v["models"], "labelled_models": v["labelled"]}
                             if "models" in v else {}),
                          **({"decided": v["decided"]} if "decided" in v else {})}
                         for v in outcome["vectors"]
                         if "models" in v or "decided" in v],
            "queries": outcome["queries"], "interpretations": outcome["tried"],
            "engine": outcome["engine"], "left_to_evaluator": outcome["left_to_evaluator"],
            "vacuous": not outcome["has_model"] and outcome["complete"],
            "properties": [{"name": p["name"], "formula": p["formula"], "holds": p["holds"],
                            "how": p.get("how"), "decided_in": p.get("decided_in", []),
                            **({"why_every_model": p["why"]} if p.get("why") else {}),
                            "counterexample": counterexample(p),
                            **({"error": {"code": p["error"].code, "message": p["error"].message}}
                               if p.get("error") else {})}
                           for p in outcome["properties"]],
            "instances": [example(i) for i in outcome["instances"]]}
