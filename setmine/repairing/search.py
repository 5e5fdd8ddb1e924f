"""The repair of one term: localize the fault, then search for the smallest
change of its formula that makes it mean its convention.

:func:`repair` takes one term of a schema and a scope of positions:

1. **Judge the formula as written** on every case of the scope, in
   isolation (``cases.py``).  If it agrees everywhere, the term is right —
   or, when it disagrees in the schema's chain, its fault is inherited from
   a term it uses (D3–D7 under the written D2), and that term is named.
2. **Localize** (``localize.py``): the sub-expressions ranked by suspicion.
3. **Search** edits breadth-first: every well-typed single edit, the most
   suspicious sites first; then (``max_edits`` 2) every single edit of each
   of those.  A candidate is judged counterexample-first: on the cases that
   rejected earlier candidates (the failing positions of the written
   formula first), then on the rest of the scope; the first case it gets
   wrong prunes it.  A candidate right on every case is a fix within the
   scope.  The search stops at the fewest edits that give a fix.
4. **Validate** each fix on a larger scope (``validate``, every position
   of every board up to 8 cells by default), and the whole schema with the
   fix in place by ``verify``'s cross-check on the search scope.

The bounds are ``max_edits``, ``seconds`` and ``max_candidates``; every
candidate tried is counted as pruned (wrong on a case), fixed or left.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..board import Board, structure
from ..crosscheck.compare import compare
from ..crosscheck.isolate import roots
from ..crosscheck.reference import NOTIONS, reference
from ..eval.interpret.model import Limits, evaluate_schema, evaluated, functions
from ..rsl.schema import Schema, dependencies
from ..rsl.syntax import tree as s
from ..rsl.syntax.printer import unicode
from .cases import Case, Judge, cases
from .localize import Suspect, rank
from .mutations import Edit, Mutator

DEFAULT_SCOPE = "cells<=6"
DEFAULT_VALIDATE = "cells<=8,torus:cells<=8,hex:cells<=8"
DEFAULT_EDITS = 2
DEFAULT_SECONDS = 300.0
DEFAULT_CANDIDATES = 100_000
DEFAULT_FIXES = 3
EVALUATION = Limits(max_elements=200_000, max_seconds=5.0)
"""The budget of one candidate on one position: past it, the candidate is
wrong there (a fix must be computable)."""


class RepairError(ValueError):
    """A term that cannot be repaired: the text says why."""


@dataclass
class Fix:
    """A candidate right on every case of the scope."""

    edits: tuple[Edit, ...]
    tree: s.Node            # the new formula as parsed (for printing)
    validated: int = 0      # cases of the validation scope it was right on
    wrong_on: Board | None = None  # a board of the validation scope it is wrong on
    schema_check: str | None = None  # the whole schema's cross-check: None = passes
    schema_checked: bool = False

    @property
    def formula(self) -> str:
        return unicode(self.tree)


@dataclass
class Counts:
    tried: int = 0
    pruned: int = 0       # wrong on some case of the scope
    fixed: int = 0        # right on every case of the scope
    ill_typed: int = 0    # edits dropped by the typifier
    evaluations: int = 0


@dataclass
class Repair:
    """What :func:`repair` found for one term."""

    alias: str
    schema: Schema
    tree: s.Node
    scope: str
    status: str = ""       # agrees | inherited | fixed | not-found | undecided
    cases: int = 0
    unjudged: int = 0      # cases where an input has no reference value
    failing: list[Case] = field(default_factory=list)
    inherited_from: list[str] = field(default_factory=list)
    chain_board: Board | None = None
    suspects: list[Suspect] = field(default_factory=list)
    fixes: list[Fix] = field(default_factory=list)
    counts: Counts = field(default_factory=Counts)
    edits_searched: int = 0
    stopped: str = ""      # the bound that stopped the search, if one did
    validate: str = ""
    seconds: float = 0.0
    judge: Judge | None = field(default=None, repr=False)
    mutator: Mutator | None = field(default=None, repr=False)

    @property
    def formula(self) -> str:
        return unicode(self.tree)

    @property
    def first_failing(self) -> Case | None:
        return self.failing[0] if self.failing else None


def check_term(schema: Schema, alias: str) -> None:
    """Raise RepairError unless ``alias`` is a term with a notion to repair to."""
    if alias not in schema:
        raise RepairError(f"{alias!r} is not a constituent of the schema")
    item = schema[alias]
    if item.kind not in ("term", "axiom", "theorem"):
        raise RepairError(f"{alias} is a {item.kind}: only a term or an axiom has a formula "
                          f"to repair")
    if alias not in NOTIONS:
        raise RepairError(f"{alias} has no reference notion: a repair needs to know what the "
                          f"term should be, and setmine knows it for "
                          f"{', '.join(NOTIONS)} (the conventions of «КС Сапер»)")
    analysis = schema.analysis[alias]
    if not analysis.ok:
        raise RepairError(f"{alias} does not type-check ({analysis.error.message}): fix its "
                          f"syntax or types first (setmine spec)")


def dependents(schema: Schema, alias: str) -> set[str]:
    """The constituents that use ``alias``, directly or not."""
    return {a for a in schema.by_alias if alias in schema.closure(a)}


class Search:
    """One repair: the cases, the judge, and the order cases are tried in."""

    def __init__(self, schema: Schema, alias: str, scope: str, *, max_edits: int, seconds: float,
                 max_candidates: int, fixes: int, validate: str | None,
                 progress: Callable[[str, Counts], None] | None = None) -> None:
        check_term(schema, alias)
        self.schema, self.alias = schema, alias
        self.started = time.monotonic()
        self.deadline = self.started + seconds
        self.max_edits, self.max_candidates, self.wanted = max_edits, max_candidates, fixes
        self.progress = progress or (lambda what, counts: None)
        analysis = schema.analysis[alias]
        allowed = {a for a in schema.by_alias if a not in dependents(schema, alias) | {alias}}
        self.mutator = Mutator(schema.environment(), allowed, analysis.type)
        self.judge = Judge(alias, functions(schema), EVALUATION,
                           formula=schema[alias].kind != "term")
        self.result = Repair(alias, schema, analysis.tree, scope, validate=validate or "",
                             judge=self.judge, mutator=self.mutator)
        self.scope_cases = list(cases(alias, scope))
        self.order: list[int] = []   # case indices, the ones that rejected candidates first

    # -- judging
    def wrong_case(self, typed: s.Node) -> int | None:
        """The first case (in the current order) ``typed`` is wrong on, moved
        to the front; None when it is right on every case."""
        names = tuple(n for n, _ in dependencies(typed))
        for place, i in enumerate(self.order):
            if not self.judge(typed, self.scope_cases[i], names).agree:
                if place:
                    self.order.insert(0, self.order.pop(place))
                return i
        return None

    def out_of_bounds(self) -> bool:
        r = self.result
        if time.monotonic() > self.deadline:
            r.stopped = r.stopped or "seconds"
        elif r.counts.tried >= self.max_candidates:
            r.stopped = r.stopped or "max-candidates"
        return bool(r.stopped)

    # -- the steps
    def judge_written(self) -> None:
        r = self.result
        typed = self.mutator.typed(r.tree) or r.tree
        names = tuple(n for n, _ in dependencies(typed))
        passing = []
        for i, case in enumerate(self.scope_cases):
            verdict = self.judge(typed, case, names)
            if verdict.unjudged:
                r.unjudged += 1
                continue
            (passing if verdict.agree else r.failing).append(i)
        r.cases = len(self.scope_cases) - r.unjudged
        self.passing = passing
        self.order = [i for i in r.failing] + passing
        r.failing = [self.scope_cases[i] for i in r.failing]

    def inherited(self) -> None:
        """The terms whose own fault makes this one disagree in the chain."""
        r = self.result
        suspects = [a for a in evaluated(self.schema) if a in self.schema.closure(self.alias)
                    and a in NOTIONS]
        for case in self.scope_cases:
            if time.monotonic() > self.deadline:
                r.stopped = "seconds"
                return
            chain = evaluate_schema(self.schema, structure(case.board), Limits().budget(), only=[self.alias])
            outcome = chain.get(self.alias)
            if outcome is None or not outcome.ok:
                continue
            expected = reference(self.alias, case.facts)
            if not compare(self.alias, outcome.value, expected, case.facts.cells,
                           texts=False).agree:
                r.chain_board = case.board
                r.inherited_from = roots(self.schema, case.board, self.alias, suspects)
                return

    def localize(self) -> None:
        r = self.result
        passing = [self.scope_cases[i] for i in self.passing]
        r.suspects = rank(r.tree, self.mutator, self.judge, r.failing, passing, self.deadline)

    def search(self) -> None:
        r = self.result
        order = [x.path for x in r.suspects]
        seen = {r.tree}
        level = [((), r.tree)]
        for edits in range(1, self.max_edits + 1):
            r.edits_searched = edits
            following = []
            for done, tree in level:
                for edit, edited in self.mutator.edits(tree, order):
                    if edited in seen:
                        continue
                    seen.add(edited)
                    if self.out_of_bounds():
                        return
                    r.counts.tried += 1
                    path = done + (edit,)
                    typed = self.mutator.typed(edited)
                    if self.wrong_case(typed) is None:
                        r.counts.fixed += 1
                        r.fixes.append(Fix(path, edited))
                        if len(r.fixes) >= self.wanted:
                            return
                    else:
                        r.counts.pruned += 1
                        following.append((path, edited))
                    if r.counts.tried % 50 == 0:
                        self.progress(f"{edits} edit{'s' if edits > 1 else ''}", r.counts)
            if r.fixes:
                return
            level = following

    def validate(self, scope: str) -> None:
        """Each fix on every case of ``scope``: the cases are made one at a
        time and each judges every fix still standing (nothing is kept)."""
        standing = []
        for fix in self.result.fixes:
            typed = self.mutator.typed(fix.tree)
            fix.validated = 0
            standing.append((fix, typed, tuple(n for n, _ in dependencies(typed))))
        for case in cases(self.alias, scope):
            for item in list(standing):
                fix, typed, names = item
                if self.judge(typed, case, names).agree:
                    fix.validated += 1
                else:
                    fix.wrong_on = case.board
                    standing.remove(item)
            if not standing:
                return

    def whole_schema(self) -> None:
        """The schema with each fix in place, cross-checked on the scope."""
        from ..verification.boards.job import Job, shape_data
        from ..verification.boards.run import verify
        from ..verification.boards.scope import parse_shapes

        shapes = tuple(shape_data(x) for x in parse_shapes(self.result.scope))
        for fix in self.result.fixes:
            if fix.wrong_on is not None:
                continue
            text = with_formula(self.schema, self.alias, fix.formula)
            job = Job(schema_text=text, schema_path=self.schema.path or "schema.rsl",
                      shapes=shapes, properties=(("builtin", "crosscheck"),))
            try:
                outcome = verify(job)
            except Exception as exc:  # noqa: BLE001 - reported, the fix stands on its own
                fix.schema_check = f"could not be checked: {exc}"
            else:
                [tally] = outcome.merged["properties"]
                found = tally["counterexample"]
                fix.schema_check = None if found is None else found["why"]
            fix.schema_checked = True

    def run(self, localize_only: bool = False) -> Repair:
        r = self.result
        self.progress("judging the formula", r.counts)
        self.judge_written()
        if not r.failing:
            self.inherited()
            r.status = "inherited" if r.chain_board is not None else "agrees"
        else:
            self.progress("localizing", r.counts)
            self.localize()
            if not localize_only:
                self.search()
                r.status = "fixed" if r.fixes else ("undecided" if r.stopped else "not-found")
                if r.fixes and r.validate:
                    self.progress("validating", r.counts)
                    self.validate(r.validate)
                if r.fixes:
                    self.progress("cross-checking the schema", r.counts)
                    self.whole_schema()
            else:
                r.status = "localized"
        r.counts.evaluations = self.judge.evaluations
        r.seconds = time.monotonic() - self.started
        return r


def repair(schema: Schema, alias: str, scope: str = DEFAULT_SCOPE, *,
           max_edits: int = DEFAULT_EDITS, seconds: float = DEFAULT_SECONDS,
           max_candidates: int = DEFAULT_CANDIDATES, fixes: int = DEFAULT_FIXES,
           validate: str | None = DEFAULT_VALIDATE, localize_only: bool = False,
           progress: Callable[[str, Counts], None] | None = None) -> Repair:
    """Localize the fault of ``alias``'s formula on ``scope`` and search for
    the smallest fixes (see the module)."""
    return Search(schema, alias, scope, max_edits=max_edits, seconds=seconds,
                  max_candidates=max_candidates, fixes=fixes, validate=validate,
                  progress=progress).run(localize_only)


def with_formula(schema: Schema, alias: str, formula: str, note: str | None = None) -> str:
    """The schema's text with ``alias`` defined by ``formula`` (and ``note``
    added to its notes): edited in place where the schema is a ``.rsl``
    text, every other byte kept (comments, blank lines, spacing); written
    anew otherwise."""
    from ..rsl.schemafile import with_formal

    if schema.source and alias in schema:
        edited = with_formal(schema.source, schema[alias], formula, note)
        if edited is not None and _same_schema(edited, schema, alias, formula, note):
            return edited
    items = []
    for item in schema.constituents:
        if item.alias == alias:
            item = replace(item, formal=formula,
                           notes=item.notes + ((note,) if note else ()))
        items.append(item)
    return Schema(replace(schema.text, constituents=tuple(items))).dump()


def _same_schema(edited: str, schema: Schema, alias: str, formula: str, note) -> bool:
    """The text edited in place reads as the schema with the change: the
    same constituents but ``alias``, which has ``formula`` and ``note``."""
    from ..rsl.syntax.errors import RSLError

    try:
        after = Schema.parse(edited, schema.path)
        items = after.constituents
    except (RSLError, ValueError):
        return False
    if [i.alias for i in items] != [i.alias for i in schema.constituents]:
        return False
    for old, new in zip(schema.constituents, items):
        if old.alias == alias:
            want = replace(old, formal=formula, notes=old.notes + ((note,) if note else ()))
            if new != want:
                return False
        elif new != old:
            return False
    return True
