"""Deciding a schema's statements for every model: proved, refuted, unknown.

Two engines, as Isabelle runs Sledgehammer beside Nitpick:

* the **models scope** (``verification/models``) goes through every model up to
  a scope, smallest first, and finds each statement's smallest
  counterexample — a refutation, exact, but bounded;
* the **prover** (cvc5, on the translation of ``theory.py``) shows that the
  negation of a statement is unsatisfiable together with the axioms, the
  definitions and the statements proved before it: a proof for every model
  of every size.  Its unsat core is what the proof used.

A statement is ``refuted`` when the models scope finds a counterexample,
``proved`` when cvc5 answers unsat (``vacuous`` instead when the axioms are
contradictory), else ``unknown``, with what was tried.  Each proved
statement is a lemma for the later ones.

The prover tries a statement several times, from the cheapest obligation
up: first with only the definitions the statement reads directly
unfolded, the others left as unknown constants, then one level deeper,
and so on, and last with every definition and every axiom.  A definition
or axiom left out weakens the theory, so a proof found without it is a
proof with it; the cheap tries only spare cvc5 the quantifiers a proof
does not need.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from ..verification.models.scope import BadAssertion, read_assertion
from .cvc5run import Answer, answer, answer_apart
from .theory import Piece, Theory, used_aliases
from .smtlib import NoTranslation

DEFAULT_TIMEOUT = 30.0       # seconds of cvc5 per statement
BOUNDED_SHARE = 60.0         # seconds the models scope may take, at most, by default


@dataclass
class Statement:
    name: str                      # the alias, or assert1, assert2…
    formula: str
    tree: object = None
    verdict: str = "unknown"
    used: list[str] = field(default_factory=list)
    counterexample: object = None  # an Interpretation
    error: object = None           # the evaluator's error on the counterexample, if any
    bounded_holds: bool = True
    why: str = ""                  # for unknown: what was tried
    prover: str = ""               # cvc5's last answer
    seconds: float = 0.0
    attempts: list = field(default_factory=list)    # (what, answer, seconds)
    smt2: list[str] = field(default_factory=list)   # files written


@dataclass
class Bounded:
    """What the models scope covered: the scope asked, how far it got."""

    asked: str
    covered: str = ""
    complete: bool = False
    models: int = 0
    note: str = ""
    constants: bool = False        # a constant set of n elements was 0…n−1 there


@dataclass
class Outcome:
    axioms: str                    # consistent, inconsistent, unknown
    axioms_why: str
    statements: list[Statement]
    bounded: Bounded
    left_out: dict                 # axiom alias → why it has no translation


class ProveInputError(ValueError):
    """A statement or a scope that cannot be read; the message says where."""


def statements_of(schema, assertions) -> list[Statement]:
    """The schema's statements (theorems) in order, then each assertion;
    ProveInputError for one that does not parse or is not a formula."""
    out = []
    for c in schema:
        if c.kind == "theorem":
            analysis = schema.analysis[c.alias]
            out.append(Statement(c.alias, c.formal, analysis.tree))
            if not analysis.ok:
                out[-1].why = f"it has an error: {analysis.error.message}"
    for i, text in enumerate(assertions, 1):
        try:
            tree = read_assertion(schema, text, "statement")
        except BadAssertion as exc:
            raise ProveInputError(str(exc)) from None
        out.append(Statement(f"assert{i}", text, tree))
    return out


def decide(schema, assertions=(), timeout: float = DEFAULT_TIMEOUT, scope=None,
           bounded_seconds: float = BOUNDED_SHARE, smt2_dir: str | None = None,
           memory: int | None = None, progress=None, apart: bool = True,
           macros: bool = False) -> Outcome:
    """Every statement of ``schema``, then each of ``assertions``, decided
    (see the module doc).  ``scope`` is a ModelScope (None: the default,
    ``default_scope``); ``progress(text)`` is told what is being done."""
    from ..eval.interpret.model import functions

    say = progress or (lambda text: None)
    statements = statements_of(schema, assertions)
    theory = Theory(schema, functions(schema), macros=macros)
    left_out = {}
    for c in schema:
        if c.kind == "axiom":
            try:
                theory.piece(c.alias)
            except NoTranslation as exc:
                left_out[c.alias] = exc.describe()
    scope = scope or default_scope(schema)
    say("the models scope")
    bounded = _bounded(schema, scope, statements, bounded_seconds)
    solve = (lambda text, s, options=None: answer_apart(text, s, memory, options)) if apart \
        else answer
    axioms, axioms_why = _axioms(theory, bounded, left_out, min(timeout, 10.0), solve,
                                 smt2_dir)
    lemmas: list[Piece] = []
    for statement in statements:
        started = time.monotonic()
        if statement.counterexample is not None:
            statement.verdict = "refuted"
        elif statement.tree is not None and not statement.why:
            say(f"proving {statement.name}")
            _prove(theory, statement, lemmas, timeout, solve, smt2_dir)
            if statement.verdict == "vacuous" and axioms != "inconsistent":
                axioms, axioms_why = "inconsistent", (
                    f"the proof of {statement.name} did not use it: the axioms "
                    f"{', '.join(statement.used) or 'given'} contradict each other")
            if statement.verdict == "proved" and axioms == "inconsistent":
                statement.verdict = "vacuous"
        statement.seconds += time.monotonic() - started
        if statement.verdict == "unknown":
            statement.why = _unknown_why(statement, bounded)
    if axioms == "inconsistent":   # shown by a later proof: the earlier ones said nothing either
        for statement in statements:
            if statement.verdict == "proved":
                statement.verdict = "vacuous"
    return Outcome(axioms, axioms_why, statements, bounded, left_out)


def default_scope(schema):
    """Every basic and constant set of at most ``DEFAULT_SIZE`` (3) elements;
    Z in a structure's domain standing for ``DEFAULT_INTEGERS`` (−2..2) (the models
    scope's own defaults, ``verification/models/scope.py``); None for a schema
    with no basic set and no Z."""
    return scope_of(schema)


def scope_of(schema, sizes: str | None = None, integers: str | None = None):
    """The models scope ``sizes`` and ``integers`` ask for, each set or Z
    they do not size taking the default; ModelScopeError says what is
    wrong."""
    from ..verification.models.scope import needs_integers, parse_model_scope

    if not sizes and not any(c.kind in ("basic", "constant") for c in schema) \
            and not needs_integers(schema):
        return None
    return parse_model_scope(schema, sizes, integers)


def show_scope(scope, upto: dict | None = None) -> str:
    if scope is None:
        return "no basic set"
    parts = []
    for alias, least, most in scope.sizes:
        most = upto.get(alias, most) if upto else most
        parts.append(f"{alias}={least}" if least == most else
                     f"{alias}<={most}" if least == 0 else f"{alias} {least}..{most}")
    text = ", ".join(parts)
    if scope.integers:
        text += f", Z as {scope.integers[0]}..{scope.integers[1]}"
    return text


def _bounded(schema, scope, statements: list[Statement], seconds: float) -> Bounded:
    """The models scope, size vector by size vector (smallest first) until
    every statement is refuted, the scope is done or ``seconds`` pass."""
    from ..eval.values.budget import Budget, BudgetExceeded
    from ..verification.models.scope import ModelScope
    from ..verification.models.answers.tasks import decide as one_vector, properties_of

    if scope is None:
        return Bounded("no basic set", "", True)
    asked = show_scope(scope)
    asserts = [st.formula for st in statements if st.name.startswith("assert")]
    names = [st.name for st in statements]
    deadline = time.monotonic() + seconds
    done_sizes: dict[str, int] = {}
    finished_all = True
    models = 0
    note = ""
    for sizes in scope.size_vectors():
        left = deadline - time.monotonic()
        if left <= 0 or all(st.counterexample is not None for st in statements if st.tree):
            finished_all = left > 0
            if left <= 0:
                note = f"stopped after {seconds:g} s at {_sizes(sizes)}"
            break
        one = ModelScope(tuple((a, n, n) for a, n in sizes.items()), scope.integers)
        try:
            found = one_vector(schema, one, properties_of(schema, asserts),
                               Budget(max_seconds=left))
        except BudgetExceeded:
            finished_all = False
            note = f"stopped after {seconds:g} s at {_sizes(sizes)}"
            break
        models += 1 if found["has_model"] else 0
        for name, p in zip(names, found["properties"]):
            st = statements[names.index(name)]
            if not p["holds"] and st.counterexample is None:
                st.counterexample, st.error, st.bounded_holds = \
                    p["counterexample"], p.get("error"), False
        for alias, n in sizes.items():
            done_sizes[alias] = max(done_sizes.get(alias, 0), n)
    covered = _covered(scope, done_sizes) if done_sizes else "nothing"
    constants = any(c.kind == "constant" for c in schema)
    return Bounded(asked, covered, finished_all, models, note, constants)


def _covered(scope, done: dict) -> str:
    """The largest scope every vector of which was checked (the vectors
    come smallest first, so it is a box when the run stopped early)."""
    from ..verification.models.scope import ModelScope

    best = {a: -1 for a, _, _ in scope.sizes}
    for limit in range(0, max(hi for _, _, hi in scope.sizes) + 1):
        box = {a: min(hi, limit) for a, _, hi in scope.sizes}
        if all(done.get(a, -1) >= n for a, n in box.items()):
            best = box
    return show_scope(ModelScope(tuple((a, lo, best[a]) for a, lo, _ in scope.sizes),
                                 scope.integers))


def _sizes(sizes: dict) -> str:
    return ", ".join(f"{a}={n}" for a, n in sizes.items())


def _axioms(theory: Theory, bounded: Bounded, left_out: dict, seconds: float, solve,
            smt2_dir) -> tuple[str, str]:
    """Whether the axioms have a model: the models scope found one
    (consistent), cvc5 shows they contradict each other (inconsistent), or
    neither (unknown, with the hint of an empty scope)."""
    if bounded.models > 0:
        return "consistent", (f"the models scope found a model in {bounded.models:,} size "
                              f"vector{'s' if bounded.models != 1 else ''}")
    if not any(c.kind == "axiom" for c in theory.schema):
        return "consistent", "the schema has no axiom"
    obligation = theory.obligation(None, comment="Are the axioms contradictory? "
                                   "unsat: they are")
    _write(smt2_dir, "axioms", obligation.text)
    found = solve(obligation.text, seconds)
    if found.status == "unsat":
        return "inconsistent", "the prover shows the axioms contradict each other"
    hint = (f"no model up to {bounded.covered} (a hint only: a larger one may exist)"
            if bounded.covered != "nothing" else "the models scope found no model")
    return "unknown", hint


def _prove(theory: Theory, statement: Statement, lemmas: list[Piece], timeout: float, solve,
           smt2_dir) -> None:
    try:
        goal = theory.statement(statement.name, statement.tree)
        tries = _tries(theory, goal, lemmas)
        lemma = _lemma(theory, goal)
    except NoTranslation as exc:
        statement.why = f"{exc.describe()}"
        statement.prover = "no translation"
        return
    deadline = time.monotonic() + timeout
    written = {}
    for what, obligation, _ in tries:
        if id(obligation) not in written:
            written[id(obligation)] = None
            n = len(written)
            path = _write(smt2_dir, statement.name + (f".{n}" if len(tries) > 2 else ""),
                          obligation.text)
            if path:
                statement.smt2.append(path)
    open_tries = list(range(len(tries)))
    share = FIRST_SLICE
    while open_tries:
        for i in list(open_tries):
            left = deadline - time.monotonic()
            if left <= 0.05:
                open_tries = []
                break
            what, obligation, options = tries[i]
            found: Answer = solve(obligation.text, min(share, left), options)
            statement.attempts.append((what, found.status, round(found.seconds, 3)))
            statement.prover = found.status if found.status != "unknown" else found.reason
            if found.status == "unsat":
                # a core without the goal: what was asserted besides it is
                # contradictory — the axioms (the definitions cannot be)
                statement.verdict = "proved" if "goal" in found.core else "vacuous"
                statement.used = _in_order(theory.schema, used_aliases(found.core))
                lemmas.append(lemma)
                return
            if found.status == "sat" or not found.reason.startswith("gave up after"):
                open_tries.remove(i)   # more time would not change its answer
                if found.status == "sat" and i >= len(tries) - 2 and not theory_partial(theory):
                    statement.prover = "sat"
        share *= 4
    tried = len(statement.attempts)
    if time.monotonic() >= deadline - 0.05 and statement.prover != "sat":
        statement.prover = (f"gave up after {timeout:g} s ({tried} "
                            f"{'try' if tried == 1 else 'tries'} over {len(written)} "
                            f"{'obligation' if len(written) == 1 else 'obligations'})")


def _in_order(schema, aliases: list[str]) -> list[str]:
    """Aliases in the schema's order, the assertions after."""
    order = {c.alias: i for i, c in enumerate(schema)}
    return sorted(aliases, key=lambda a: (order.get(a, len(order)), a))


FIRST_SLICE = 1.0
"""Seconds each obligation gets in the first round; each round gives four
times as much, until the statement's time is spent (Luby-like slices: a
cheap obligation that proves fast is never starved by a hard one)."""


def _lemma(theory: Theory, goal) -> Piece:
    """A statement, once proved, as a lemma for the later ones (with where
    its debools and its definitions' are defined, which the proof showed
    too)."""
    guard, support = theory.guards(theory.closure(goal.reads))
    return goal.as_lemma(guard, support)


def theory_partial(theory: Theory) -> bool:
    """Whether a debool was translated anywhere (a sat answer may then be
    one of the translation's extra models)."""
    return any(theory.translator.partial.values())


STRATEGIES = ({}, {"full-saturate-quant": "true"})
"""cvc5's options tried on each obligation: its default (E-matching, fast
where a proof needs few instances), then instantiating quantifiers with
every ground term it has (slower, finds the witnesses E-matching misses)."""


def _tries(theory: Theory, goal, lemmas) -> list:
    """The obligations to try, cheapest first (see the module doc), each
    with each of ``STRATEGIES``."""
    obligations = _obligations(theory, goal, lemmas)
    return [(what + (" (every instance)" if options else ""), obligation, options)
            for options in STRATEGIES for what, obligation in obligations]


def _obligations(theory: Theory, goal, lemmas) -> list:
    reads = set(goal.reads) | {a for p in lemmas for a in p.reads}
    depths = _depths(theory, reads)
    terms = {a for a in theory.closure(reads) if theory.schema[a].kind == "term"}
    out = []
    for depth in sorted(set(depths.values())):
        unfold = {a for a, d in depths.items() if d <= depth}
        if unfold >= terms:
            break
        out.append((f"definitions to depth {depth}",
                    theory.obligation(goal, lemmas, unfold=unfold)))
    out.append(("every definition and axiom",
                theory.obligation(goal, lemmas, every_axiom=True)))
    return out


def _depths(theory: Theory, reads: set) -> dict[str, int]:
    """Each term the statement reads, with how many definitions away it is."""
    depth = {}
    frontier = [a for a in reads if a in theory.schema]
    level = 0
    while frontier:
        nxt = []
        for alias in frontier:
            if alias in depth:
                continue
            depth[alias] = level
            nxt += list(theory.piece(alias).reads)
        frontier = [a for a in nxt if a not in depth]
        level += 1
    return {a: d for a, d in depth.items() if theory.schema[a].kind == "term"}


def _unknown_why(statement: Statement, bounded: Bounded) -> str:
    held = (f"holds up to {bounded.covered}" if bounded.covered not in ("", "nothing")
            else "the models scope checked no model")
    if bounded.constants and bounded.covered not in ("", "nothing"):
        held += " (there, a constant set of n elements is the integers 0…n−1)"
    if bounded.note:
        held += f" ({bounded.note})"
    if statement.why:
        return f"{held}; no proof: {statement.why}"
    if statement.prover == "sat":
        return (f"{held}; the prover found a model where it fails, larger than that scope: "
                f"widen --sizes to see it")
    return f"{held}; the prover {statement.prover or 'was not run'}"


def _write(directory: str | None, name: str, text: str) -> str | None:
    if not directory:
        return None
    from ..base.targets import write

    path = Path(directory) / f"{name}.smt2"
    write(path, text, "--smt2")
    return str(path)
