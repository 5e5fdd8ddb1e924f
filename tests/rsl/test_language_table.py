"""The table of the language (``rsl/syntax/language.py``) against every stage.

Each stage is *probed* on each construct's example: the parser reads both
spellings into one tree, the printer writes both back, the typifier types
it, the reference evaluator computes it, the naive oracle agrees, the
compiled path compiles it, the planner's closures compile it, the reader
reads it, ``why`` follows it, a repair can edit it, the models scope grounds
it — into a circuit whose solutions at X1 = 2 are the interpretations where
the evaluator finds the example true.  A pair that fails and has no reason in the table is a construct a
contributor forgot in that stage; a pair with a reason that now passes is a
stale reason.  Both fail here, naming every such pair at once.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from setmine.eval.compiled.program import Program
from setmine.eval.interpret.evaluator import Evaluator
from setmine.eval.interpret.model import evaluate, functions
from setmine.eval.planning.compiled import truth_code, value_code
from setmine.oracle import naive
from setmine.present.explain.reading import read
from setmine.present.explain.why import Why
from setmine.repairing.mutations import Site, alternatives, sites
from setmine.rsl.schema import Schema
from setmine.rsl.semantics.node_types import node_types
from setmine.rsl.semantics.types import SetType
from setmine.rsl.syntax import tree as s
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.language import CONSTRUCTS, EXAMPLE_SCHEMA, STAGES, construct_of
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.syntax.printer import ascii, unicode
from setmine.rsl.syntax.spelling import ASCII
from setmine.verification.models.sat import Grounded

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = Schema.parse(EXAMPLE_SCHEMA)
DATA = {"X1": frozenset({1, 2, 3}), "S1": frozenset({(1, 2), (2, 3)}),
        "S2": frozenset({1}), "S3": frozenset({2})}


class Unhandled(Exception):
    """The stage does not handle the construct; the message says how it showed."""


def is_definition(c) -> bool:
    return c.node == "GlobalDefinition"


@cache
def typed(c):
    tree = SCHEMA.expression_tree(c.example)
    return tree


def found_in(c, tree) -> list:
    """The nodes of the construct in ``tree`` and in the functions it calls."""
    trees = [tree] + [SCHEMA.tree(n.name) for n in tree.walk()
                      if isinstance(n, s.Call) and n.name in SCHEMA]
    return [n for t in trees for n in t.walk() if construct_of(n) is c]


def occurrences(c, tree) -> list:
    found = found_in(c, tree)
    if not found:
        raise AssertionError(f"{c.name}: its example {c.example!r} does not use it")
    return found


def ascii_text(text: str) -> str:
    """``text`` with each Unicode operator in its ASCII spelling (one pass,
    longest first, so that ``×`` → ``*`` is not read again as ``*``)."""
    tokens = sorted(ASCII, key=len, reverse=True)
    return re.sub("|".join(map(re.escape, tokens)), lambda m: f" {ASCII[m.group(0)]} ", text)


# -- the probes: each returns normally when the stage handles the construct

def probe_parser(c):
    tree = parse_expression(c.example)
    other = parse_expression(ascii_text(c.example), syntax="ascii")
    if other != tree:
        raise Unhandled(f"the ASCII spelling {ascii_text(c.example)!r} reads as "
                        f"{unicode(other)!r}")
    occurrences(c, tree)


def probe_printer(c):
    tree = parse_expression(c.example)
    trees = [tree] + [SCHEMA.tree(n.name) for n in tree.walk() if isinstance(n, s.Call)]
    for whole in (t for t in trees if found_in(c, t)):
        for spelling, show in (("unicode", unicode), ("ascii", ascii)):
            text = show(whole)
            if parse_expression(text, syntax=spelling) != whole:
                raise Unhandled(f"{spelling} {text!r} does not read back")
        if c.ascii != c.unicode and c.ascii not in ascii(whole):
            raise Unhandled(f"the ASCII print {ascii(whole)!r} lacks {c.ascii!r}")


def probe_typing(c):
    typed(c)


def probe_evaluator(c):
    value = evaluate(SCHEMA, c.example, DATA)
    if value is not True and not is_definition(c):
        raise AssertionError(f"{c.name}: its example should be true, is {value!r}")


def probe_oracle(c):
    tree = typed(c)
    got = naive.evaluate(tree, DATA, functions(SCHEMA))
    want = evaluate(SCHEMA, c.example, DATA)
    if got != want:
        raise Unhandled(f"the oracle says {got!r}, the evaluator {want!r}")


def probe_compiler(c):
    """Compiled, and run compiled: a gap met at run time falls back to the
    reference silently, which is what this finds."""
    text = c.example if is_definition(c) else f"A1 :== {c.example}"
    alias = text.split()[0]
    program = Program(Schema.parse(EXAMPLE_SCHEMA + text + "\n"))
    if alias not in program.closures:
        raise Unhandled(program.declined.get(alias, "not compiled"))
    result = program.run(dict(DATA), only=[alias])[alias]
    if not result.compiled:
        raise Unhandled(f"compiled, but run by the reference ({result.error or 'a fallback'})")


def probe_closures(c):
    for node in occurrences(c, typed(c)):
        code = truth_code(node) if s.is_formula(node) else value_code(node)
        if code.__name__ != "interpreted":
            return
    raise Unhandled("handed to the interpreter")


def probe_reading(c):
    for tree in {typed(c), *(SCHEMA.tree(n.name) for n in typed(c).walk()
                             if isinstance(n, s.Call))}:
        read(tree)


def _bound(tree, ev):
    """The body under the leading ∀s of ``tree``, each variable bound to the
    first member of its domain (a tuple's components to its components)."""
    env: dict = {}
    while isinstance(tree, s.Quantifier) and tree.op == "∀":
        first = min(ev.value(tree.domain, env), key=repr)
        names = [n.name for n in s.declared_names(tree.var)]
        env.update(zip(names, first) if isinstance(tree.var, s.TupleDecl)
                   else ((n, first) for n in names))
        tree = tree.body
    return tree, env


def probe_why(c):
    tree = typed(c)
    ev = Evaluator(dict(DATA), functions(SCHEMA))
    why = Why(ev, SCHEMA)
    body, env = _bound(tree, ev)
    types = node_types(tree, SCHEMA.environment())
    nodes = found_in(c, body) or found_in(c, tree)
    if body is not tree and not found_in(c, body):
        env = {}
    for node in nodes:
        if s.is_formula(node):
            reason = why.formula(node, env, 0)
            if reason.children or reason.note:
                return
            continue
        if not isinstance(types.get(id(node)), SetType):
            raise Unhandled("not a set")
        value = ev.value(node, env)
        element = min(value, key=repr) if value else 1
        reason = why.member(node, element, env, 0)
        if not reason.note.startswith(f"{unicode(node)} = "):
            return
        raise Unhandled(f"the value stated: {reason.note}")
    raise Unhandled("nothing explained")


def probe_mutations(c):
    """An edit at the construct, and — for one operator of a class of several
    (∪ among ∪ ∩ \\ ∆) — an edit back to it from its kin."""
    tree = typed(c)
    types = node_types(tree, SCHEMA.environment())
    globals_ = {n: i.type for n, i in SCHEMA.environment().items() if i.type is not None}
    for site in sites(tree):
        if construct_of(site.node) is not c:
            continue
        edits = [new for _, new in alternatives(site, types, globals_) if new != site.node]
        if not edits:
            continue
        kin = [new for new in edits if type(new) is type(site.node)]
        if c.op is None or not kin or any(
                construct_of(back) is c for new in kin
                for _, back in alternatives(Site(site.path, new, site.scope), types, globals_)):
            return
        raise Unhandled(f"no edit turns {unicode(kin[0])} back into {c.unicode}")
    raise Unhandled("no edit")


@cache
def interpretations_at_2() -> tuple[dict, ...]:
    """Every interpretation of EXAMPLE_SCHEMA's structures with X1 = {0, 1}
    (16 · 4 · 4 = 256), by the definition."""
    from setmine.verification.models.naive import interpretations
    from setmine.verification.models.scope import parse_model_scope

    return tuple(i.values for i in interpretations(SCHEMA, parse_model_scope(SCHEMA, "X1=2")))


def _frozen(values) -> tuple:
    return tuple(sorted(values.items(), key=lambda kv: kv[0]))


def probe_grounding(c):
    """Grounded, and meaning what the evaluator says: with the example
    required, the circuit's solutions at X1 = 2 (no evaluator re-check) are
    exactly the interpretations where the evaluator finds it true — each
    once — leaving out those where the evaluator errs (the circuit may say
    anything there)."""
    from pysat.solvers import Solver

    if is_definition(c):
        raise Unhandled("a definition")
    schema = Schema.parse(EXAMPLE_SCHEMA + f"A1 :== {c.example}\n")
    grounded = Grounded(schema, {"X1": 2}, None, symmetry=False)
    if grounded.left_to_evaluator:
        raise Unhandled("; ".join(grounded.left_to_evaluator))
    solutions: list[tuple] = []
    variables = grounded.variables()
    with Solver(name="cadical153", bootstrap_with=grounded.circuit.clauses) as solver:
        while solver.solve():
            true = {lit for lit in solver.get_model() if lit > 0}
            solutions.append(_frozen(grounded.decode(true)))
            solver.add_clause([-v if v in true else v for v in variables])
    tree, fns = schema.tree("A1"), functions(schema)
    truth = {}
    for values in interpretations_at_2():
        try:
            truth[_frozen(values)] = Evaluator(values, fns).truth(tree)
        except RSLError:
            truth[_frozen(values)] = None   # the evaluator errs: anything goes
    admitted = [v for v in solutions if truth[v] is not None]
    if any(truth[v] is False for v in admitted):
        wrong = next(dict(v) for v in admitted if truth[v] is False)
        raise Unhandled(f"the circuit admits {wrong}, where the evaluator says false")
    expected = sum(1 for t in truth.values() if t is True)
    if len(admitted) != expected or len(set(admitted)) != len(admitted):
        raise Unhandled(f"the circuit admits {len(admitted)} interpretations (no error), "
                        f"the evaluator finds it true in {expected}")


DATA_B = {"X1": frozenset({1, 2}), "S1": frozenset({(1, 1), (2, 1)}),
          "S2": frozenset(), "S3": frozenset({1, 2})}


def probe_prove(c):
    """Translated, and meaning what the evaluator says on two models (a
    structure's declaration: its domain proves its value within it)."""
    from setmine.proof.concrete import truth
    from setmine.proof.decide import decide
    from setmine.proof.theory import Theory

    if c.op == "::=":
        schema = Schema.parse(EXAMPLE_SCHEMA + c.example + "\n")
        st = decide(schema, ["S9 ⊆ X1"], timeout=5.0, scope=None, apart=False).statements[0]
        if st.verdict != "proved":
            raise Unhandled(st.why)
        return
    if is_definition(c):
        schema = Schema.parse(EXAMPLE_SCHEMA + c.example + "\n")
        formula = f"{c.example.split()[0]} = {c.example.split(':==', 1)[1].strip()}"
    else:
        schema, formula = SCHEMA, c.example
    for data in (DATA, DATA_B):
        want = evaluate(schema, formula, data)
        theory = Theory(schema, functions(schema))
        got = truth(theory, dict(data), "probe", schema.expression_tree(formula))
        if got != want:
            raise Unhandled(f"translated, it is {got} where the evaluator says {want}")


PROBES = {name: globals()["probe_" + name] for name in STAGES}


def outcome(c, stage) -> str | None:
    """None when ``stage`` handles ``c``, else how it showed."""
    try:
        PROBES[stage](c)
    except AssertionError:  # the table's own fault (an example that does not fit)
        raise
    except Exception as exc:  # noqa: BLE001 - how a stage shows it lacks the construct
        return f"{type(exc).__name__}: {exc}"[:200]
    return None


@cache
def table() -> dict:
    return {(c.name, stage): outcome(c, stage) for c in CONSTRUCTS for stage in STAGES}


def test_every_stage_has_a_probe_and_a_module():
    for stage, where in STAGES.items():
        assert stage in PROBES
        module = where.split(":")[0].split(",")[0].strip()
        assert (ROOT / "setmine" / module).exists(), (stage, module)


def test_every_construct_is_handled_or_excused_in_every_stage():
    forgotten = [f"{name} × {stage}: {why}" for (name, stage), why in table().items()
                 if why is not None and stage not in next(
                     c for c in CONSTRUCTS if c.name == name).absent]
    assert not forgotten, "neither handled nor excused in language.py:\n" + "\n".join(forgotten)


def test_no_reason_is_stale():
    stale = [f"{c.name} × {stage}" for c in CONSTRUCTS for stage in c.absent
             if table()[(c.name, stage)] is None]
    assert not stale, "handled now, yet excused in language.py:\n" + "\n".join(stale)


def test_every_node_class_has_a_row():
    classes = {name for name, obj in vars(s).items() if isinstance(obj, type)
               and issubclass(obj, s.Node) and obj is not s.Node}
    assert classes == {c.node for c in CONSTRUCTS}


@pytest.mark.parametrize("c", CONSTRUCTS, ids=lambda c: c.name)
def test_every_example_is_true_and_uses_its_construct(c):
    if "evaluator" not in c.absent:
        probe_evaluator(c)
    occurrences(c, parse_expression(c.example))


def test_the_walk_through_names_every_stage():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Adding a construct", 1)[1].split("\n## ", 1)[0]
    for stage, where in STAGES.items():
        assert f"**{stage}**" in section, stage
        assert where.split(":")[0].split(",")[0].strip() in section, stage
