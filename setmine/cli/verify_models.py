"""``setmine verify --spec FILE --scope models --sizes 'X1<=4,X2=2'
[--integers LO..HI] [--assert F]… [--count] [--instances N] [--recheck]
[--json] [--write-model OUT]``: every model of any schema within a scope.

An interpretation gives the basic sets of each size of the scope elements
0…n−1, the constant sets the integers 0…n−1, and each structure a value of
its domain (a ``Z`` standing for ``--integers``); a model is one where
every axiom is true.  The run answers what is asked
(``verification/models/answers/run.py``):

* each statement (theorem) of the schema and each ``--assert`` is decided,
  size vector by size vector, smallest first, by one SAT query for a
  counterexample (the axioms and the formula's negation, grounded to
  clauses); a property that fails is shown on its least counterexample
  (fewest elements, then fewest members);
* with nothing to decide (or ``--count``) the models are counted, up to
  isomorphism (renaming each basic set's elements) and labelled, by an
  exact model counter and Burnside's lemma, without listing them;
* ``--instances N`` (3 when nothing is decided) shows the first N models up
  to isomorphism, the search stopping there.

Where a formula does not translate exactly (a ``debool``, a recursive
definition, ``ℬ`` past 12 candidates, …) the models are gone through one by
one and the evaluator decides; a scope of more than ``--max-states``
interpretations is then refused before any work when a structure's domain
itself does not translate.  Tasks: per size vector, a count split in parts
— ``--workers``/``--scheduler`` run them on Dask, ``--checkpoint`` keeps
the finished ones; a run stopped by ``--timeout`` or Ctrl-C prints what it
had.  ``--write-model OUT`` writes the first counterexample (or the first
instance) as a ConceptPortal rstool session that ``setmine eval`` reads
back."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from ..verification.models.answers.run import interpretation_bound
from .common import budget_from, load_schema, writable
from .limits import saying_how_far
from .progress import progress_bar, wanted


def run_models(args) -> int:
    from ..verification.models.scope import ModelScopeError, defaults_note, parse_model_scope
    from . import UserError
    from .limits import Interrupted, TimeLimit

    from ..verification.models.readable.naming import element_names
    from ..verification.models.readable.valid_part import valid_part

    whole = load_schema(args.spec)
    part = valid_part(whole)   # a faulty constituent and its dependants are left out, said
    for line in part.lines():
        print(f"the schema: {line}", file=sys.stderr)
    schema = part.schema
    try:
        scope = parse_model_scope(schema, args.sizes, args.integers)
    except ModelScopeError as exc:
        raise UserError(f"--sizes: {exc}") from None
    check_assertions(schema, args.properties_models, part)
    names = element_names(whole.path, whole) if whole.path else {}
    note = defaults_note(schema, scope)
    if note:
        print(f"the scope: {note}", file=sys.stderr)
    from ..verification.models.sat import why_not

    ungrounded = why_not(schema, scope)   # None: the SAT search applies
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
    tracker = Tracker(args.checkpoint)
    partial: dict = {}
    tracker.partial = partial
    try:
        with progress_bar(None, "models", enabled=wanted(args)) as bar:
            tracker.bar = bar
            with saying_how_far(tracker.how_far):
                outcome = search(schema, scope, args.properties_models,
                                 args.instances, budget_from(args),
                                 tracker.progress, symmetry=not args.no_symmetry,
                                 workers=args.workers, scheduler=args.scheduler,
                                 checkpoint=args.checkpoint, memory_limit=args.max_memory,
                                 finished=tracker.finished, count=args.count,
                                 recheck=args.recheck, partial=partial)
    except (TimeLimit, Interrupted):
        if partial.get("outcome") is not None:   # what the run had, before the message
            show(schema, scope, partial["outcome"], args.json, names, part)
        raise
    if args.write_model:
        _write_model(whole, outcome, Path(args.write_model), names)
    show(schema, scope, outcome, args.json, names, part)
    return 1 if any(not p["holds"] for p in outcome["properties"]) else 0


def show(schema, scope, outcome: dict, as_json: bool, names=None, part=None) -> None:
    """The outcome as text (elements by the file's own names) or JSON."""
    if as_json:
        from ..verification.models.answers.report import to_json

        print(json.dumps(to_json(schema, scope, outcome, names, part), ensure_ascii=False,
                         indent=1))
    else:
        print_outcome(schema, scope, outcome, names or {})


class Tracker:
    """The progress line of a run (the size vector, the models so far, the
    properties refuted; the bar shows the tasks done, the rate and the time
    left) and, when it stops, how far it got."""

    def __init__(self, checkpoint: str | None):
        self.checkpoint = checkpoint
        self.bar = None
        self.partial: dict | None = None   # the run's merged results so far
        self.done = self.total = self.models = self.refuted = 0
        self.within = 0   # models listed by the task running here
        self.task_started = self.started = time.monotonic()
        self.last = ""

    def progress(self, tried: int, labelled: int) -> None:
        if tried - self.within >= 256 and self.bar is not None:
            if self.within == 0:
                self.task_started = time.monotonic()
            self.within = tried
            rate = tried / max(time.monotonic() - self.task_started, 1e-3)
            self.bar(note=f"{tried:,} models listed in this task, {rate:,.0f}/s")

    def finished(self, done: int, total: int, result: dict) -> None:
        self.done, self.total, self.within = done, total, 0
        self.last = ",".join(f"{a}={n}" for a, n in result["sizes"].items()) or "no set"
        merged = (self.partial or {}).get("outcome") or {}
        self.models = merged.get("models") or 0
        self.refuted += sum(1 for p in result.get("properties", ()) if not p["holds"])
        parts = [self.last]
        if self.models:
            rate = self.models / max(time.monotonic() - self.started, 1e-3)
            parts.append(f"{self.models:,} models ({rate:,.0f}/s)")
        if self.refuted:
            parts.append(f"{self.refuted} refuted")
        if self.bar is not None:
            self.bar(completed=done, total=total, note=" · ".join(parts))

    def how_far(self) -> str:
        total = self.total or (self.partial or {}).get("tasks", 0)
        where = f"after {self.done:,} of {total:,} tasks (last: {self.last or 'none'})"
        if self.checkpoint:
            return (f"{where}; the finished tasks are kept in {self.checkpoint}: run the same "
                    f"command to resume")
        return f"{where}; with --checkpoint FILE a run keeps its finished tasks and resumes"


def check_assertions(schema, asserts: list[str], part=None) -> None:
    """Each --assert reads as a formula over the schema, or a usage error
    naming it and where it is wrong (before any model is searched) — and,
    when it names a constituent left out of a faulty schema, why."""
    import re

    from ..verification.models.scope import BadAssertion, read_assertion
    from . import UserError

    for text in asserts:
        try:
            read_assertion(schema, text)
        except BadAssertion as exc:
            why = [part.why(a) for a in (part.left_out if part is not None else ())
                   if re.search(rf"(?<![A-Za-z0-9_]){re.escape(a)}(?![0-9_])", text)]
            raise UserError(str(exc) + "".join(f"; {w}" for w in why if w)) from None


def search(schema, scope, asserts: list[str], instances: int, budget=None, progress=None,
           **options) -> dict:
    """``verify.models.answers.run.search``, its cluster's and checkpoint's errors
    said as usage errors."""
    from ..verification.checkpoint import CheckpointError
    from ..verification.cluster import ClusterError
    from ..verification.models.answers.run import search as search_models
    from . import UserError

    try:
        return search_models(schema, scope, asserts, instances, budget, progress, **options)
    except (ClusterError, CheckpointError) as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"--checkpoint {options.get('checkpoint')}: {exc.strerror or exc}") \
            from None


def _show_model(schema, interpretation) -> list[str]:
    from ..present.output.values import show

    return [f"    {alias} = {show(value)}" for alias, value in interpretation.values.items()]


def _show_evidence(schema, p) -> list[str]:
    """The terms the failing formula reads and why it fails, as verify
    shows a board's counterexample."""
    from ..present.explain.trace import render as render_trace
    from ..present.output.values import show
    from ..verification.models.evidence import gather

    evidence = gather(schema, p["counterexample"], p["name"])
    lines = [f"    {n} = {show(r.value) if r.ok else 'error: ' + r.error.message}"
             for n, r in evidence.values.items()]
    lines += [f"  {line}" for t in evidence.traces for line in render_trace(t)]
    return lines


def print_outcome(schema, scope, outcome, names=None) -> None:
    from ..verification.models.readable.naming import named_interpretation
    from ..verification.models.readable.wording import why_not_grounded

    names = names or {}

    def readable(i):
        return named_interpretation(schema, i, names) if names else i

    parts = [f"{a}={lo}" if lo == hi else f"{a} {lo}..{hi}" for a, lo, hi in scope.sizes]
    if scope.integers:
        parts.append(f"Z = {scope.integers[0]}..{scope.integers[1]}")
    stopped = "" if outcome["complete"] else " (stopped before the end: what it had)"
    print(f"{schema.path or 'the schema'}: models in the scope "
          f"{', '.join(parts) or 'of no basic set'}{stopped}")
    if outcome["models"] is not None:
        so_far = "" if outcome.get("counts_complete", True) else " in the sizes finished"
        print(f"  {outcome['models']:,} up to isomorphism, {outcome['labelled']:,} labelled"
              f"{so_far}")
    for note in outcome["left_to_evaluator"]:
        print(f"  · {why_not_grounded(note)}")
    if not outcome["has_model"] and outcome["complete"]:
        print("  ! the axioms have no model in this scope: every property holds vacuously")
    for p in outcome["properties"]:
        if p["holds"]:
            print(f"✓ {p['name']}  holds on every model" + ("" if p["name"] == p["formula"]
                                                          else f"  ({p['formula']})")
                  + ("" if outcome["complete"] else
                     f"  of the sizes decided: {_sizes_list(p.get('decided_in', []))}"))
            continue
        i = readable(p["counterexample"])
        why = f" ({p['error'].code}: {p['error'].message})" if p.get("error") else ""
        print(f"✗ {p['name']}  fails{why}; its smallest model "
              f"({', '.join(f'{a}={n}' for a, n in i.sizes.items())}):")
        print("\n".join(_show_model(schema, i)))
        print("\n".join(_show_evidence(schema, {**p, "counterexample": i})))
    for n, i in enumerate(outcome["instances"], 1):
        print(f"instance {n} ({', '.join(f'{a}={k}' for a, k in i.sizes.items())}):")
        print("\n".join(_show_model(schema, readable(i))))


def _sizes_list(vectors: list[dict]) -> str:
    return "; ".join(",".join(f"{a}={n}" for a, n in v.items()) or "no set"
                     for v in vectors) or "none"


def _write_model(schema, outcome, path: Path, names=None) -> None:
    """The first counterexample (else the first instance) as a Portal
    session whose id and title say what it is, elements by the file's names."""
    from ..verification.models.readable.naming import session_for
    from . import UserError
    from .common import write_output

    failing = [p for p in outcome["properties"] if not p["holds"]]
    chosen = failing[0]["counterexample"] if failing else outcome["first"]
    if chosen is None:
        raise UserError("--write-model: the scope has no model to write")
    what = "counterexample" if failing else "first model"
    document = session_for(schema, chosen, names or {}, what,
                           failing[0]["name"] if failing else None, chosen.sizes)
    write_output(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n", "--write-model")
    print(f"wrote {path}: the {what}, as a ConceptPortal session", file=sys.stderr)


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
