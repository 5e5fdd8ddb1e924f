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

The search (``verify/models/sat.py``) grounds the axioms to clauses over
one variable per candidate member of each structure and lets a SAT solver
list the models, symmetry broken by lex-leader constraints; nauty tells the
classes apart and counts each class's labelled models.  When a structure's
domain does not ground (ℬ of a set of more than 12 candidates, …), the
enumerating search (``verify/models/search.py``) goes through every value
of each domain instead, and a scope of more than ``--max-states``
interpretations is refused before any work.  One task per size vector:
``--workers``/``--scheduler`` run them on Dask, ``--checkpoint`` keeps the
finished ones.  ``--write-model OUT`` writes the first counterexample (or the
first instance) as a ConceptPortal rstool session that ``setmine eval``
reads back."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..verify.models.run import interpretation_bound
from .common import budget_from, load_valid_schema, writable
from .limits import saying_how_far
from .progress import progress_bar, wanted


def run_models(args) -> int:
    from ..verify.models.scope import ModelScopeError, defaults_note, parse_model_scope
    from . import UserError

    schema = load_valid_schema(args.spec)
    try:
        scope = parse_model_scope(schema, args.sizes, args.integers)
    except ModelScopeError as exc:
        raise UserError(f"--sizes: {exc}") from None
    check_assertions(schema, args.properties_models)
    note = defaults_note(schema, scope)
    if note:
        print(f"the scope: {note}", file=sys.stderr)
    from ..verify.models.sat import why_not

    ungrounded = why_not(schema, scope)   # None: the SAT search applies
    engine = "enumeration" if ungrounded else "sat"
    total = 0
    if ungrounded:   # every value of each domain is listed: bounded before any work
        total, worst, most = interpretation_bound(schema, scope)
        if total > args.max_states:
            shown = f"{most:,}" if most < 10 ** 12 else f"about 10^{len(str(most)) - 1}"
            raise UserError(f"the scope has up to {total:,} interpretations ({worst} alone "
                            f"takes {shown} values), more than --max-states "
                            f"{args.max_states:,}: {ungrounded}, so the search lists every "
                            f"value of each domain; give smaller sizes (or raise --max-states)")
    if args.write_model:
        writable(Path(args.write_model), "--write-model", (args.spec,))
    if args.workers and args.scheduler:
        raise UserError("--workers and --scheduler: give one (a local cluster, or an existing "
                        "one)")
    seen = {"tried": 0, "labelled": 0, "shown": 0, "done": 0, "vectors": 0}

    def stopped() -> str:
        looked = (f"{seen['tried']:,} of at most {total:,} interpretations"
                  if engine == "enumeration" else f"{seen['tried']:,} solutions of the SAT solver")
        done = (f"after {seen['done']:,} of {seen['vectors']:,} size vectors, {looked} "
                f"({seen['labelled']:,} models counted)")
        if args.checkpoint:
            return (f"{done}; the finished size vectors are kept in {args.checkpoint}: run the "
                    f"same command to resume")
        return f"{done}; with --checkpoint FILE a run keeps its finished size vectors and resumes"

    with progress_bar(None, "models", enabled=wanted(args)) as bar:
        def progress(tried: int, labelled: int) -> None:
            if tried - seen["shown"] >= 256:
                seen["shown"] = tried
                bar(note=f"{seen['labelled'] + labelled:,} models counted")

        def finished(done: int, vectors: int, found: dict) -> None:
            seen.update(done=done, vectors=vectors, tried=seen["tried"] + found["tried"],
                        labelled=seen["labelled"] + found["labelled"], shown=0)
            bar(completed=done, total=vectors, note=f"{seen['labelled']:,} models counted")
        with saying_how_far(stopped):
            outcome = search(schema, scope, args.properties_models, args.instances,
                             budget_from(args), progress, symmetry=not args.no_symmetry,
                             workers=args.workers, scheduler=args.scheduler,
                             checkpoint=args.checkpoint, memory_limit=args.max_memory,
                             finished=finished)
    if args.write_model:
        _write_model(schema, outcome, Path(args.write_model))
    if args.json:
        print(json.dumps(to_json(schema, scope, outcome), ensure_ascii=False, indent=1))
    else:
        print_outcome(schema, scope, outcome)
    return 1 if any(not p["holds"] for p in outcome["properties"]) else 0


def check_assertions(schema, asserts: list[str]) -> None:
    """Each --assert reads as a formula over the schema, or a usage error
    naming it and where it is wrong (before any model is searched)."""
    from ..verify.models.scope import BadAssertion, read_assertion
    from . import UserError

    for text in asserts:
        try:
            read_assertion(schema, text)
        except BadAssertion as exc:
            raise UserError(str(exc)) from None


def search(schema, scope, asserts: list[str], instances: int, budget=None, progress=None,
           **options) -> dict:
    """``verify.models.run.search``, its cluster's and checkpoint's errors
    said as usage errors."""
    from ..verify.checkpoint import CheckpointError
    from ..verify.cluster import ClusterError
    from ..verify.models.run import search as search_models
    from . import UserError

    try:
        return search_models(schema, scope, asserts, instances, budget, progress, **options)
    except (ClusterError, CheckpointError) as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"--checkpoint {options.get('checkpoint')}: {exc.strerror or exc}") \
            from None


def _values_json(schema, interpretation) -> dict:
    from ..verify.models.evidence import values_json

    return values_json(schema, interpretation)


def _evidence_json(schema, p) -> dict:
    from ..verify.models.evidence import evidence_json

    return evidence_json(schema, p["counterexample"], p["name"])


def to_json(schema, scope, outcome) -> dict:
    def example(i):
        return None if i is None else {"sizes": dict(i.sizes), "model": _values_json(schema, i)}

    def counterexample(p):
        if p["counterexample"] is None:
            return None
        return {**example(p["counterexample"]), **_evidence_json(schema, p)}

    return {"scope": "models", "spec": schema.path,
            "sizes": {a: {"least": lo, "most": hi} for a, lo, hi in scope.sizes},
            "defaulted": {"sizes": list(scope.defaulted),
                          "integers": scope.integers_defaulted},
            "integers": list(scope.integers) if scope.integers else None,
            "models": outcome["models"], "labelled_models": outcome["labelled"],
            "interpretations": outcome["tried"],
            "engine": outcome["engine"], "left_to_evaluator": outcome["left_to_evaluator"],
            "vacuous": outcome["models"] == 0,
            "properties": [{"name": p["name"], "formula": p["formula"], "holds": p["holds"],
                            "counterexample": counterexample(p),
                            **({"error": {"code": p["error"].code, "message": p["error"].message}}
                               if p.get("error") else {})}
                           for p in outcome["properties"]],
            "instances": [example(i) for i in outcome["instances"]]}


def _show_model(schema, interpretation) -> list[str]:
    from ..present.output.values import show

    return [f"    {alias} = {show(value)}" for alias, value in interpretation.values.items()]


def _show_evidence(schema, p) -> list[str]:
    """The terms the failing formula reads and why it fails, as verify
    shows a board's counterexample."""
    from ..present.explain.trace import render as render_trace
    from ..present.output.values import show
    from ..verify.models.evidence import gather

    evidence = gather(schema, p["counterexample"], p["name"])
    lines = [f"    {n} = {show(r.value) if r.ok else 'error: ' + r.error.message}"
             for n, r in evidence.values.items()]
    lines += [f"  {line}" for t in evidence.traces for line in render_trace(t)]
    return lines


def print_outcome(schema, scope, outcome) -> None:
    parts = [f"{a}={lo}" if lo == hi else f"{a} {lo}..{hi}" for a, lo, hi in scope.sizes]
    if scope.integers:
        parts.append(f"Z = {scope.integers[0]}..{scope.integers[1]}")
    print(f"{schema.path or 'the schema'}: models in the scope "
          f"{', '.join(parts) or 'of no basic set'}")
    print(f"  {outcome['models']:,} up to isomorphism, {outcome['labelled']:,} labelled "
          + (f"(the SAT solver gave {outcome['tried']:,} candidate models)"
             if outcome["engine"] == "sat" else
             f"({outcome['tried']:,} partial and whole interpretations looked at)"))
    for note in outcome["left_to_evaluator"]:
        print(f"  · left to the evaluator, not to the SAT solver: {note}")
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
        print("\n".join(_show_evidence(schema, p)))
    for n, i in enumerate(outcome["instances"], 1):
        print(f"instance {n} ({', '.join(f'{a}={k}' for a, k in i.sizes.items())}):")
        print("\n".join(_show_model(schema, i)))


def _write_model(schema, outcome, path: Path) -> None:
    from . import UserError

    failing = [p["counterexample"] for p in outcome["properties"] if not p["holds"]]
    chosen = failing[0] if failing else outcome["first"]
    if chosen is None:
        raise UserError("--write-model: the scope has no model to write")
    write_session(schema, chosen, path, "setmine verify --scope models",
                  "counterexample" if failing else "first model")


def write_session(schema, chosen, path: Path, title: str, what: str) -> None:
    """Write a model (an Interpretation) as a ConceptPortal session."""
    from .common import write_output
    from ..model.decode import Encoding
    from ..model.interpretation import renumbered
    from ..portal.writing import readable_by_reference, session_json

    model = renumbered(schema, chosen.values, str, title=title)
    types = {c.alias: str(schema.analysis[c.alias].type) for c in schema
             if c.kind == "structure" and schema.analysis[c.alias].ok}
    document = session_json(readable_by_reference(schema), model.encoded(Encoding.INDEX), types,
                            model.title)
    write_output(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n", "--write-model")
    print(f"wrote {path}: the {what}, as a ConceptPortal session", file=sys.stderr)
