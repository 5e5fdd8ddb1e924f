"""A schema compiled once, run on structure after structure.

    program = Program(schema)
    run = program.run(data)            # data: alias → the reference's values
    run["T"].value                     # the reference's kind of value (decoded when asked)
    run["T"].compact                   # the compiled path's own (a mask, a counted Family…)
    program.explain()                  # per constituent: compiled, or why the reference

Each term, axiom and theorem is compiled into a closure (``compiler.py``)
when every construct of its formula is covered; a construct that is not
makes the constituent the reference evaluator's (``Decline``: the reason is
kept for ``explain``).  At run time a compiled constituent whose closure
meets what it does not handle (``Fallback``), or that reads a value with
no compact form, is evaluated by the reference evaluator instead, from the
decoded values — so a run's values are the reference's, whichever path
computed them; the tests hold the two to that on every term of both
shipped schemas.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ...rsl.schema import Schema, dependencies
from ...rsl.semantics.node_types import node_types
from ...rsl.syntax.errors import RSLError
from ..interpret.evaluator import Evaluator
from ..interpret.model import dependency_order, functions
from ..values.budget import Budget
from ..values.sets import CURRENT_BUDGET, LazySet, card
from .binders import binder
from .compiler import UNEXPECTED, Compiler, Decline, Fallback
from .masks import Universe, Unrepresentable, decode, encode

EVALUATED = ("term", "axiom", "theorem")
NO_VALUE = object()


class Meter:
    """The budget of the evaluation a closure runs in, charged with the
    candidates the compiled loops try.  Past its elements or its seconds
    the compiled path gives up (``Fallback``): the reference evaluates the
    term under the same limits, and says which sub-term overflows, if one
    does."""

    def __init__(self) -> None:
        self.budget = None

    def charge(self, n: int) -> None:
        budget = self.budget
        if budget is None:
            return
        budget.spent += n
        if budget.spent > budget.max_elements:
            raise Fallback("over the budget's candidates")
        if budget.spent >= budget.next_check:
            budget.next_check = budget.spent + 10_000
            if time.monotonic() - budget.started > budget.max_seconds:
                raise Fallback("over the budget's seconds")


@dataclass
class Computed:
    """One constituent on one structure: its compact value (or the
    reference's, when it has no compact form), or the error."""

    alias: str
    compact: object = NO_VALUE
    error: RSLError | None = None
    compiled: bool = True          # computed by the compiled path
    seconds: float = 0.0
    _value: object = field(default=NO_VALUE, repr=False)
    _decode: object = field(default=None, repr=False)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def value(self):
        """The value as the reference evaluator gives it (None after an error)."""
        if self.error is not None:
            return None
        if self._value is NO_VALUE:
            self._value = self._decode(self.compact) if self._decode else self.compact
        return self._value


class Program:
    """``schema`` compiled: one closure per constituent that compiles."""

    def __init__(self, schema: Schema):
        self.schema = schema
        env = schema.environment()
        self.bases = frozenset(c.alias for c in schema if c.kind == "basic")
        self.kinds = {c.alias: c.kind for c in schema}
        self.types = {alias: info.type for alias, info in env.items()}
        self.order = list(dependency_order(schema))
        self.functions = functions(schema)
        self.data: dict = {}           # alias → compact value, during a run
        self.closures: dict = {}
        self.reads: dict[str, tuple] = {}   # the globals each compiled formula names
        self.declined: dict[str, str] = {}
        self.plans: dict[str, list[str]] = {}
        self.caches: list[dict] = []
        self.meter = Meter()                  # the budget the closures charge, per run
        self._universe: tuple | None = None   # (the base sets' values, their Universe)
        self._encoded: dict = {}              # alias → (value, its compact form), last run
        self.live: Run | None = None          # the one run whose values are current
        self.last: dict = {}                  # alias → (what it read, its value), last run
        self.structures = {alias: tuple(sorted(
            n for n in schema.closure(alias) if self.kinds.get(n) not in EVALUATED))
            for alias in self.order}
        for alias in self.order:
            self._compile(alias, env)

    def _compile(self, alias: str, env) -> None:
        analysis = self.schema.analysis[alias]
        if analysis.error is not None:
            self.declined[alias] = f"{analysis.error.code}: it does not type"
            return
        tree = analysis.tree
        unusable = [n for n, _ in dependencies(tree) if self.kinds.get(n) in ("function",
                                                                            "predicate")]
        if unusable:
            self.declined[alias] = f"it calls {unusable[0]}"
            return
        compiler = Compiler(node_types(tree, env), self.data, self.bases,
                            lambda name: name in self.kinds, binder, self.meter)
        try:
            fn = compiler.truth(tree) if self.kinds[alias] != "term" else compiler.expr(tree)
        except Decline as exc:
            self.declined[alias] = str(exc)
            return
        except RecursionError:
            self.declined[alias] = "its formula is nested too deeply to compile"
            return
        except UNEXPECTED as exc:  # a gap of the compiler: the reference answers, and says so
            self.declined[alias] = f"the compiled path cannot compile it ({exc!r})"
            return
        self.closures[alias] = fn
        self.reads[alias] = tuple(dict.fromkeys(n for n, _ in dependencies(tree)))
        self.plans[alias] = compiler.plans
        self.caches.extend(compiler.caches)

    def explain(self) -> list[str]:
        """One line per constituent: how it is evaluated."""
        lines = []
        for alias in self.order:
            if alias in self.closures:
                plans = "; ".join(self.plans[alias]) or "operations on masks"
                lines.append(f"{alias}: compiled ({plans})")
            else:
                lines.append(f"{alias}: reference evaluator — {self.declined[alias]}")
        return lines

    # -- running
    def run(self, data: dict, only=None, budget: Budget | None = None,
            given: dict | None = None) -> dict[str, Computed]:
        """The constituents (those of ``only`` and what they use, or all) on
        the structure ``data``; ``given``: compact values already known."""
        return self.start(data, budget).all(only, given or {})

    def start(self, data: dict, budget: Budget | None = None) -> "Run":
        """A run on ``data``, its values computed as they are asked for
        (``Run.get``).  A value of ``data`` equal to the previous run's
        keeps its compact form (a model checker's states share most of
        their structure, and the structures of a stream often their base
        sets and relations): nothing is
        encoded twice, and the base sets keep their numbering, so a term
        whose inputs are equal is not computed again (``Run.one``)."""
        bases = {b: data[b] for b in self.bases if b in data}
        last = self._universe
        if last is None or bases.keys() != last[0].keys() or \
                any(not _same(bases[b], last[0][b]) for b in bases):
            self._universe = last = (bases, Universe(bases))
            self._encoded.clear()
        compact = {}
        for alias, value in data.items():
            hit = self._encoded.get(alias)
            if hit is not None and _same(hit[0], value):
                compact[alias] = hit[1]
                continue
            typ = self.types.get(alias)
            if typ is None:
                continue
            try:
                compact[alias] = encode(last[1], typ, value)
                self._encoded[alias] = (value, compact[alias])
            except Unrepresentable:
                self._encoded.pop(alias, None)
        self.live = Run(self, data, budget, last[1], compact)
        return self.live

    def formula(self, tree) -> "Extra":
        """A formula over the schema's constituents (an assertion), compiled
        as one more constituent."""
        env = self.schema.environment()
        extra = Extra(tree, [n for n, _ in dependencies(tree)])
        compiler = Compiler(node_types(tree, env), self.data, self.bases,
                            lambda name: name in self.kinds, binder, self.meter)
        try:
            extra.closure = compiler.truth(tree)
            self.caches.extend(compiler.caches)
        except (Decline, RecursionError) as exc:
            extra.declined = str(exc) if isinstance(exc, Decline) else "nested too deeply"
        return extra


@dataclass
class Extra:
    """A formula compiled beside the schema (``Program.formula``)."""

    tree: object
    uses: list
    closure: object = None
    declined: str | None = None


class Run:
    """One structure's evaluation."""

    def __init__(self, program: Program, data: dict, budget: Budget | None,
                 universe: Universe, compact: dict):
        self.program, self.data = program, data
        self.budget = budget
        self.universe = universe
        self.compact = program.data
        self.compact.clear()
        self.compact.update(compact)
        program.meter.budget = self.budget = budget or Budget()
        self.reference: Evaluator | None = None
        for cache in program.caches:
            cache.clear()
        self.results: dict[str, Computed] = {}
        self.items: dict = {}   # the values of frontier items (``frontier.py``) on this run

    def get(self, alias: str) -> Computed:
        """The constituent ``alias``, computed (with what it uses) if not yet."""
        self.current()
        found = self.results.get(alias)
        if found is None:
            self.all([alias], {})
            found = self.results[alias]
        return found

    def current(self) -> None:
        """A run shares its program's data: only the last one started is
        current (a model checker's runs come one after another)."""
        if self.program.live is not self:
            raise RuntimeError("another run of this program was started since this one")

    def put(self, computed: Computed) -> None:
        """A constituent's value known from elsewhere (a memo)."""
        self.results[computed.alias] = computed
        if computed.ok and self.program.kinds[computed.alias] == "term" and \
                computed.compact is not NO_VALUE:
            if computed.compiled or not isinstance(computed.compact, LazySet):
                self.compact[computed.alias] = computed.compact

    def truth(self, extra: Extra) -> bool:
        """The truth of a formula compiled with ``Program.formula``; an
        RSLError when it cannot be decided."""
        self.current()
        for name in extra.uses:
            if name in self.program.kinds and self.program.kinds[name] in EVALUATED:
                got = self.get(name)
                if not got.ok:
                    raise got.error
        if extra.closure is not None and all(n in self.compact for n in extra.uses):
            self.budget.restart(None)
            try:
                return bool(extra.closure({}))
            except (Fallback, *UNEXPECTED):  # the reference has the last word
                pass
        evaluator = self.reference_evaluator(extra.uses)
        return bool(evaluator.truth(extra.tree))

    def reference_evaluator(self, names) -> Evaluator:
        """The reference evaluator on this structure, with the terms of
        ``names`` (and what they use) as computed here."""
        program = self.program
        if self.reference is None:
            self.reference = Evaluator(self.data, program.functions)
        evaluator = self.reference
        closure = set(names)
        for name in names:
            if name in program.kinds:
                closure |= program.schema.closure(name)
        for name in closure:
            if name in self.results and self.results[name].ok and \
                    program.kinds.get(name) == "term" and name not in evaluator.data:
                evaluator.data[name] = self.results[name].value
            elif name in self.results and not self.results[name].ok:
                evaluator.failed[name] = self.results[name].error
        return evaluator

    def decoder(self, alias: str):
        """How a value of ``alias`` is decoded (holding the universe only:
        a value kept past its run keeps nothing else of it)."""
        typ, universe = self.program.types[alias], self.universe
        return lambda value: decode(universe, typ, value)

    def all(self, only, given: dict) -> dict[str, Computed]:
        self.current()
        program = self.program
        wanted = None
        if only is not None:
            wanted = set(only)
            for alias in only:
                wanted |= program.schema.closure(alias)
        for alias in program.order:
            if wanted is not None and alias not in wanted or alias in self.results:
                continue
            if alias in given:
                self.compact[alias] = given[alias]
                self.results[alias] = Computed(alias, given[alias], _decode=self.decoder(alias))
                continue
            self.results[alias] = self.one(alias)
        return self.results

    def one(self, alias: str) -> Computed:
        self.current()
        program = self.program
        started = time.perf_counter()
        if any(n in self.results and not self.results[n].ok for n in program.schema.uses(alias)):
            # it fails only if it reads one (calcGlobalMissing at the name), as the reference
            return self.by_reference(alias, started)
        key = self.reads_key(alias)
        last = program.last.get(alias)
        if key is not None and last is not None and last[0] == key:
            self.put(last[1])   # what it reads is as it was: the same value
            return last[1]
        computed = self.computed(alias, started)
        if key is not None and computed.ok:
            program.last[alias] = (key, computed)
        return computed

    def reads_key(self, alias: str):
        """The compact values of the structures ``alias`` reads (in this
        universe: its numbering decodes them), or None."""
        names = self.program.structures[alias]
        try:
            return (self.universe, *(self.compact[n] for n in names))
        except KeyError:
            return None

    def computed(self, alias: str, started: float) -> Computed:
        program = self.program
        self.budget.restart(alias)  # the budget is per term, as the reference's
        fn = program.closures.get(alias)
        if fn is not None and all(n in self.compact for n in program.reads[alias]):
            try:
                value = fn({})
                if program.kinds[alias] != "term":
                    value = bool(value)
                else:
                    self.compact[alias] = value
                return Computed(alias, value, seconds=time.perf_counter() - started,
                                _decode=self.decoder(alias))
            except (Fallback, *UNEXPECTED):  # the reference has the last word
                pass
        return self.by_reference(alias, started)

    def by_reference(self, alias: str, started: float) -> Computed:
        """The reference evaluator's value, encoded when it has a compact form."""
        program = self.program
        evaluator = self.reference_evaluator([alias])
        budget = self.budget or Budget()
        budget.restart(alias)
        evaluator.budget = budget
        token = CURRENT_BUDGET.set(budget)
        computed = Computed(alias, compiled=False)
        try:
            tree = program.schema.analysis[alias].tree
            error = program.schema.analysis[alias].error
            if error is not None:
                raise error
            if program.kinds[alias] != "term":
                value = evaluator.truth(tree)
            else:
                value = evaluator.value(tree)
                if isinstance(value, LazySet):
                    card(value)
            computed._value = value
            try:
                computed.compact = encode(self.universe, program.types[alias], value)
                if program.kinds[alias] == "term":
                    self.compact[alias] = computed.compact
            except Unrepresentable:
                computed.compact = value
                self.compact.pop(alias, None)
        except RSLError as exc:
            computed.error = exc
            evaluator.failed[alias] = exc
        except RecursionError:
            computed.error = RSLError("unknownSyntax", "the expression is nested too deeply "
                                      "to evaluate", 0, 0)
        finally:
            CURRENT_BUDGET.reset(token)
        computed.seconds = time.perf_counter() - started
        return computed


def _same(a, b) -> bool:
    """Whether two values of a structure are equal: the same object, or
    equal sets (compared only when they are sets: an equal value of
    another kind may not have the same compact form)."""
    return a is b or type(a) is type(b) is frozenset and a == b
