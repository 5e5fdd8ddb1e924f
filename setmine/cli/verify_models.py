"""``setmine verify --spec FILE --scope models --sizes 'X1<=4,X2=2'
[--integers LO..HI] [--assert F]… [--instances N] [--json] [--write-model OUT]``:
every model of any schema within a scope.

Every interpretation of the schema's basic sets (every size of the scope,
elements 0…n−1), constant sets (integers 0…n−1) and structures (every value
of each domain, a ``Z`` standing for ``--integers``) is tried; those where
every axiom is true are the models.  Checked on every model: each statement
(theorem) of the schema, and each ``--assert`` formula; a property that
fails is shown on its smallest model (fewest elements first).  With nothing
to check, the first ``--instances`` models up to isomorphism are shown.
The counts: ``models`` up to isomorphism (renaming each basic set's
elements; constants and integers keep theirs) and ``labelled_models``.

The search (``verify/models/search.py``) chooses the structures one after
another and cuts a branch as soon as an axiom reading only chosen
structures is false; it still goes through every value of each structure's
domain, so it answers for small scopes only: a scope of more than
``--max-states`` interpretations (counted before any cut) is refused before
any work, naming the structure with the most values.  ``--write-model OUT`` writes the first counterexample (or the
first instance) as a ConceptPortal rstool session that ``setmine eval``
reads back."""

from __future__ import annotations

import json
import sys
from math import prod
from pathlib import Path

from .common import budget_from, load_valid_schema, writable
from .limits import TimeLimit
from .progress import progress_bar, wanted


BEYOND = 4096


def count_values(type_, sizes: dict[str, int], integers) -> int:
    """An upper bound on the values of ``type_`` in a model of these sizes."""
    from ..rsl.semantics.types import Element, SetType, TupleType

    if isinstance(type_, Element):
        return sizes.get(type_.name, 0)
    if isinstance(type_, TupleType):
        return prod(count_values(t, sizes, integers) for t in type_.factors)
    if isinstance(type_, SetType):
        members = count_values(type_.base, sizes, integers)
        return 2 ** min(members, BEYOND)  # past 2^BEYOND, any bound is refused alike
    return (integers[1] - integers[0] + 1) if integers else 1  # Z


def interpretation_bound(schema, scope) -> tuple[int, str, int]:
    """(at most how many interpretations the scope has, the structure with
    the most values, how many)."""
    env = schema.environment()
    total, worst, most = 0, "", 0
    for sizes in scope.size_vectors():
        counts = {c.alias: count_values(env[c.alias].type, sizes, scope.integers)
                  for c in schema if c.kind == "structure"}
        total += prod(counts.values())
        for alias, n in counts.items():
            if n > most:
                worst, most = alias, n
    return total, worst, most


def run_models(args) -> int:
    from ..verify.models.scope import ModelScopeError, parse_model_scope
    from . import UserError

    if not args.sizes:
        raise UserError("--scope models needs --sizes, e.g. --sizes 'X1<=3' (every basic and "
                        "constant set of the schema, ALIAS=N or ALIAS<=N)")
    schema = load_valid_schema(args.spec)
    try:
        scope = parse_model_scope(schema, args.sizes, args.integers)
    except ModelScopeError as exc:
        raise UserError(f"--sizes: {exc}") from None
    engine = choose_engine(schema, scope)
    total, worst, most = interpretation_bound(schema, scope)
    if engine == "enumeration" and total > args.max_states:
        shown = f"{most:,}" if most < 10 ** 12 else f"about 10^{len(str(most)) - 1}"
        raise UserError(f"the scope has up to {total:,} interpretations ({worst} alone takes "
                        f"{shown} values), more than --max-states {args.max_states:,}: "
                        f"{engine_reason(schema, scope)}, so the search lists every value of "
                        f"each domain; give smaller sizes (or raise --max-states)")
    if args.write_model:
        writable(Path(args.write_model), "--write-model", (args.spec,))
    seen = {"tried": 0, "labelled": 0, "shown": 0}
    bound = total if engine == "enumeration" else None   # the solver's: not known ahead

    def stopped() -> str:
        looked = (f"{seen['tried']:,} of at most {total:,} interpretations" if bound else
                  f"{seen['tried']:,} solutions of the SAT solver")
        return f"after {looked} ({seen['labelled']:,} models counted)"

    with progress_bar(bound, "models", enabled=wanted(args)) as bar:
        def progress(tried: int, labelled: int) -> None:
            seen.update(tried=tried, labelled=labelled)
            if tried - seen["shown"] >= 256:
                seen["shown"] = tried
                bar(completed=tried, note=f"{labelled:,} models counted")
        try:
            outcome = search(schema, scope, args.properties_models, args.instances,
                             budget_from(args), progress, symmetry=not args.no_symmetry)
        except TimeLimit as exc:
            raise TimeLimit(exc.seconds, f"{exc.doing + ', ' if exc.doing else ''}"
                                         f"{stopped()}") from None
        except KeyboardInterrupt:
            print(f"setmine verify: interrupted, {stopped()}", file=sys.stderr)
            return 130
    if args.write_model:
        _write_model(schema, outcome, Path(args.write_model))
    if args.json:
        print(json.dumps(to_json(schema, scope, outcome), ensure_ascii=False, indent=1))
    else:
        print_outcome(schema, scope, outcome)
    return 1 if any(not p["holds"] for p in outcome["properties"]) else 0


def choose_engine(schema, scope) -> str:
    """"sat" when every structure's domain grounds on the scope's sizes
    (``verify/models/sat.py``), "enumeration" otherwise."""
    return "sat" if engine_reason(schema, scope) is None else "enumeration"


def engine_reason(schema, scope) -> str | None:
    """Why the SAT search does not apply (None: it does)."""
    from ..verify.models.sat import why_not

    return why_not(schema, scope)


def search(schema, scope, asserts: list[str], instances: int, budget=None,
           progress=None, symmetry: bool = True) -> dict:
    """Every model, counted; each property checked on each; the first
    counterexample of each and the first ``instances`` classes;
    ``progress(tried, labelled)`` after each model.  With ``symmetry`` at
    least one model of each class is visited (a property holds on a whole
    class or on none of it), and the labelled models are counted from the
    classes (orbit–stabiliser); classes are told apart by nauty's canonical
    certificate (``verify/models/canonical.py``)."""
    from ..eval.interpret.model import evaluate, evaluate_schema
    from ..eval.values.budget import Budget
    from ..rsl.syntax.errors import RSLError
    from ..verify.models import canonical, sat
    from ..verify.models import search as enumeration

    theorems = [c.alias for c in schema if c.kind == "theorem"]
    properties = [{"name": t, "formula": schema[t].formal, "holds": True, "counterexample": None}
                  for t in theorems]
    properties += [{"name": f, "formula": f, "holds": True, "counterexample": None}
                   for f in asserts]
    budget = budget or Budget()
    engine, notes, tried = choose_engine(schema, scope), [], [0]
    found = (sat.models(schema, scope, budget, tried, symmetry, notes) if engine == "sat" else
             enumeration.models(schema, scope, budget, tried, symmetry))
    classes = canonical.Classes(schema, every=not symmetry)
    for interpretation in found:
        new = classes.add(interpretation)
        if progress is not None:
            progress(tried[0], classes.labelled)
        if not new:
            continue   # a class holds a property on all of its models or on none
        if theorems:
            results = evaluate_schema(schema, interpretation.values, budget, only=theorems)
        for p in properties:
            if not p["holds"] and p["weight"] <= weight(interpretation):
                continue  # it has a counterexample no larger than this model
            try:
                truth = (results[p["name"]].value if p["name"] in theorems
                         and results[p["name"]].ok else
                         evaluate(schema, p["formula"], interpretation.values, budget))
            except RSLError as exc:
                truth = exc
            if truth is not True:
                p["holds"] = False
                p["counterexample"] = interpretation
                p["error"] = truth if isinstance(truth, RSLError) else None
                p["weight"] = weight(interpretation)
    first = list(classes.representatives.values())
    return {"models": len(classes), "labelled": classes.labelled, "tried": tried[0],
            "engine": engine, "left_to_evaluator": notes,
            "properties": properties, "instances": first[:instances] if not properties else [],
            "first": first[0] if first else None}


def weight(model) -> tuple[int, int]:
    """How large a model is: its elements, then the members of its
    structures (a counterexample is shown on the least)."""
    return (sum(model.sizes.values()),
            sum(len(v) for a, v in model.values.items()
                if a not in model.sizes and isinstance(v, frozenset)))


def _values_json(schema, interpretation) -> dict:
    from ..present.output.values import to_json

    env = schema.environment()
    return {alias: to_json(value, env[alias].type) for alias, value in
            interpretation.values.items()}


def to_json(schema, scope, outcome) -> dict:
    def example(i):
        return None if i is None else {"sizes": dict(i.sizes), "model": _values_json(schema, i)}

    return {"scope": "models", "spec": schema.path,
            "sizes": {a: {"least": lo, "most": hi} for a, lo, hi in scope.sizes},
            "integers": list(scope.integers) if scope.integers else None,
            "models": outcome["models"], "labelled_models": outcome["labelled"],
            "interpretations": outcome["tried"],
            "vacuous": outcome["models"] == 0,
            "properties": [{"name": p["name"], "formula": p["formula"], "holds": p["holds"],
                            "counterexample": example(p["counterexample"]),
                            **({"error": {"code": p["error"].code, "message": p["error"].message}}
                               if p.get("error") else {})}
                           for p in outcome["properties"]],
            "instances": [example(i) for i in outcome["instances"]]}


def _show_model(schema, interpretation) -> list[str]:
    from ..present.output.values import show

    return [f"    {alias} = {show(value)}" for alias, value in interpretation.values.items()]


def print_outcome(schema, scope, outcome) -> None:
    sizes = ", ".join(f"{a}={lo}" if lo == hi else f"{a} {lo}..{hi}" for a, lo, hi in scope.sizes)
    print(f"{schema.path or 'the schema'}: models in the scope {sizes}"
          + (f", Z = {scope.integers[0]}..{scope.integers[1]}" if scope.integers else ""))
    print(f"  {outcome['models']:,} up to isomorphism, {outcome['labelled']:,} labelled "
          f"({outcome['tried']:,} partial and whole interpretations looked at)")
    if outcome["models"] == 0:
        print("  ! the axioms have no model in this scope: every property holds vacuously")
    for p in outcome["properties"]:
        if p["holds"]:
            print(f"✓ {p['name']}  holds on every model" + ("" if p["name"] == p["formula"]
                                                          else f"  ({p['formula']})"))
            continue
        i = p["counterexample"]
        why = f" ({p['error'].code}: {p['error'].message})" if p.get("error") else ""
        print(f"✗ {p['name']}  fails{why}; its smallest model "
              f"({', '.join(f'{a}={n}' for a, n in i.sizes.items())}):")
        print("\n".join(_show_model(schema, i)))
    for n, i in enumerate(outcome["instances"], 1):
        print(f"instance {n} ({', '.join(f'{a}={k}' for a, k in i.sizes.items())}):")
        print("\n".join(_show_model(schema, i)))


def _write_model(schema, outcome, path: Path) -> None:
    from .common import write_atomically
    from ..model.decode import Encoding
    from ..model.interpretation import renumbered
    from ..portal.writing import readable_by_reference, session_json
    from . import UserError

    failing = [p["counterexample"] for p in outcome["properties"] if not p["holds"]]
    chosen = failing[0] if failing else outcome["first"]
    if chosen is None:
        raise UserError("--write-model: the scope has no model to write")
    model = renumbered(schema, chosen.values, str, title="setmine verify --scope models")
    types = {c.alias: str(schema.analysis[c.alias].type) for c in schema
             if c.kind == "structure" and schema.analysis[c.alias].ok}
    document = session_json(readable_by_reference(schema), model.encoded(Encoding.INDEX), types,
                            model.title)
    write_atomically(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    print(f"wrote {path}: the {'counterexample' if failing else 'first model'}, as a "
          f"ConceptPortal session", file=sys.stderr)
