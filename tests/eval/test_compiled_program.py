"""The compiled path (``eval/compiled/``) against the reference evaluator.

``Program(schema).run(data)`` must give every term and axiom the value the
reference (``interpret.model.evaluate_schema``) gives it, or fail with the
same error code:

1. the two shipped schemas on every position of every square, torus and hex
   grid of up to eight cells (slow: one position per symmetry orbit), on
   every position of four small boards in full, on random positions, random
   graphs, arbitrary structures and the shipped boards;
2. coverage: what compiles and what runs compiled, so that a regression in
   coverage shows (the corrected schema compiles whole and runs compiled on
   a 9×9 mid-game; the written one declines exactly D16 and D17);
3. random formulas (``strategies.expressions``) as one-term schemas, their
   integer literals in element places made elements (structures S5…S9 of
   type X1); the disagreements they found are pinned by ``FORMULA_CASES``
   and ``ERROR_CASES`` (strict xfail, the reason naming the fault) and
   recognised in the random tests by their signature
   (``known_disagreement``), so that those fail on a new one only.

Counted families and compact values alone: ``test_compiled_values.py``.

Values are compared by meaning (``same``): lazy sets and frozensets are
listed recursively when small; a larger family is compared by its
cardinality and its per-element counts, a larger set of pairs fibre by fibre.
"""

from __future__ import annotations

from dataclasses import fields, replace
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from setmine.board import load_board, structure
from setmine.eval.compiled.masks import (
    is_family,
)
from setmine.eval.compiled.program import Program
from setmine.eval.interpret.evaluator import Evaluator
from setmine.eval.interpret.model import (
    Result,
    _dependency_order,
    evaluate,
    evaluate_schema,
)
from setmine.eval.values.budget import Budget
from setmine.eval.values.sets import CURRENT_BUDGET, Fibered, LazySet, card, members
from setmine.eval.values.subsets import Subsets
from setmine.rsl import syntax as s
from setmine.rsl import types as t
from setmine.rsl.errors import RSLError
from setmine.rsl.node_types import node_types
from setmine.rsl.parser import parse_expression
from setmine.rsl.printer import unicode
from setmine.rsl.schema import Schema
from setmine.verify.scope import count_positions, parse_shapes
from setmine.verify.symmetry import Symmetry, position_orbits

from .strategies import (
    Scope,
    expressions,
    families_containing,
    least_probability,
    pair_comprehension,
    quantified,
    structures,
    subset_comprehension,
    sure_members,
    universes,
)

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ("saper.rsl", "saper-corrected.rsl")
BOARDS = ROOT / "spec" / "boards"
FAST = settings(max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
NO_SHRINK = settings(FAST, phases=[Phase.explicit, Phase.reuse, Phase.generate])


@cache
def schema(name: str) -> Schema:
    return Schema.load(ROOT / "spec" / name)


@cache
def program(name: str) -> Program:
    return Program(schema(name))


# ----------------------------------------------------------------------------
# Values by meaning

LISTED = 4_096      # a lazy set of at most this many members is listed
BIG = 1_000_000     # … and of at most this many when the other side is listed already
LIST_BUDGET = 10_000_000


def is_set(v) -> bool:
    return isinstance(v, (frozenset, LazySet))


def plain(v) -> bool:
    """Integers, tuples and frozensets of them: a value that is its meaning."""
    kind = type(v)
    if kind is int:
        return True
    if kind is tuple or kind is frozenset:
        return all(plain(x) for x in v)
    return False


def meaning(v):
    """A hashable value equal for equal sets, whatever their spelling."""
    if plain(v):
        return v
    if isinstance(v, tuple):
        return tuple(meaning(x) for x in v)
    if is_set(v):
        n = card(v)
        return listing(v) if isinstance(n, int) and n <= LISTED else summary(v, n)
    return v


def listing(v) -> frozenset:
    if plain(v):
        return v
    return frozenset(meaning(m) for m in members(v, Budget(max_elements=LIST_BUDGET)))


def summary(v, n) -> tuple:
    """A set too large to list: a family by its cardinality and the number
    of members containing each element, a set of pairs fibre by fibre."""
    if isinstance(v, Subsets):
        budget = Budget(max_elements=LIST_BUDGET)
        return ("family", str(n), frozenset((meaning(e), str(v.element_count(e)))
                                            for e in members(v.upper, budget)))
    if isinstance(v, Fibered):
        return ("pairs", str(n), frozenset((meaning(x), meaning(f)) for x, f in v.fibers))
    raise AssertionError(f"no comparison for a {type(v).__name__} of {n} members")


def fibres(v) -> dict:
    if isinstance(v, Fibered):
        return v.as_dict()
    out: dict = {}
    for x, y in members(v, Budget(max_elements=LIST_BUDGET)):
        out.setdefault(x, []).append(y)
    return {x: frozenset(ys) for x, ys in out.items()}


def same(ref, got) -> bool:
    """``ref`` (the reference's value) and ``got`` mean the same."""
    if isinstance(ref, bool) or isinstance(got, bool):
        return type(ref) is type(got) and ref == got
    if is_set(ref) and is_set(got):
        if ref == got:  # the same spelling: the same set
            return True
        n = card(ref)
        if n != card(got):
            return False
        if isinstance(ref, Fibered) or isinstance(got, Fibered):
            a, b = fibres(ref), fibres(got)
            return a.keys() == b.keys() and all(same(a[x], b[x]) for x in a)
        either_listed = isinstance(ref, frozenset) or isinstance(got, frozenset)
        if isinstance(n, int) and (n <= LISTED or n <= BIG and either_listed):
            return listing(ref) == listing(got)
        return summary(ref, n) == summary(got, n)
    if isinstance(ref, tuple) and isinstance(got, tuple):
        return len(ref) == len(got) and all(same(a, b) for a, b in zip(ref, got))
    return type(ref) is type(got) and ref == got


def shown(v) -> str:
    text = repr(v)
    return text if len(text) <= 300 else text[:297] + "…"


def disagreement(alias: str, ref, got) -> str | None:
    """Why the compiled outcome ``got`` is not the reference's ``ref``, or None."""
    if ref.ok != got.ok or not ref.ok and ref.error.code != got.error.code:
        def outcome(r):
            return "a value" if r.ok else f"error {r.error.code} ({r.error})"
        return f"{alias}: reference {outcome(ref)}, compiled {outcome(got)}"
    if not ref.ok:
        return None
    try:
        if same(ref.value, got.value):
            return None
    except RSLError as exc:  # the compiled value cannot be counted, or listed
        return (f"{alias}: reference {shown(ref.value)}, compiled {shown(got.value)}, which "
                f"fails when compared: {exc.code}: {exc.message}")
    return (f"{alias}: reference {shown(ref.value)}, compiled {shown(got.value)} "
            f"(compiled path: {got.compiled})")


def assert_agree(ref: dict, got: dict, where: str) -> None:
    assert set(ref) <= set(got), (where, set(ref) - set(got))
    problems = [d for alias in ref if (d := disagreement(alias, ref[alias], got[alias]))]
    assert not problems, f"on {where}:\n" + "\n".join(problems[:6])


def compare(name: str, data: dict, where: str) -> dict:
    """Both evaluators on ``data``; the compiled results."""
    got = program(name).run(data)
    assert_agree(evaluate_schema(schema(name), data), got, f"{name}, {where}")
    return got


def describe(data: dict) -> str:
    return (f"{len(data['X1'])} cells, mines {sorted(data['S2'])}, open {sorted(data['S3'])}, "
            f"move {sorted(data['S4'])}")


# ----------------------------------------------------------------------------
# 1. The shipped schemas on positions

def moved(name: str) -> tuple[str, ...]:
    """The constituents that read S4 (directly or through others)."""
    sch = schema(name)
    return tuple(a for a in program(name).order if "S4" in sch.closure(a))


def reference_given(name: str, data: dict, aliases, known: dict) -> dict:
    """``evaluate_schema``'s loop over ``aliases`` only, the other terms'
    values (or errors) ``known`` from a structure that differs only in S4."""
    sch = schema(name)
    values = dict(data)
    values.update({a: r.value for a, r in known.items() if r.ok and sch[a].kind == "term"})
    evaluator = Evaluator(values, {}, Budget())
    evaluator.failed.update({a: r.error for a, r in known.items() if not r.ok})
    out = {}
    for c in _dependency_order(sch):
        if c.alias not in aliases:
            continue
        result = Result(c.alias, c.kind)
        evaluator.budget.restart(c.alias)
        token = CURRENT_BUDGET.set(evaluator.budget)
        try:
            tree = sch.analysis[c.alias].tree
            if c.kind == "term":
                result.value = evaluator.value(tree)
                if isinstance(result.value, LazySet):
                    card(result.value)
                evaluator.data[c.alias] = result.value
            else:
                result.value = evaluator.truth(tree)
        except RSLError as exc:
            result.error = exc
            evaluator.failed[c.alias] = exc
        finally:
            CURRENT_BUDGET.reset(token)
        out[c.alias] = result
    return out


def compiled_given(name: str, data: dict, aliases, known: dict) -> dict:
    """The compiled run of ``aliases``, the others ``known`` (``Run.put``)."""
    run = program(name).start(data)
    for computed in known.values():
        run.put(computed)
    return {a: run.get(a) for a in aliases}


def check_placement(shape, mines: int, opened: int, moves: list) -> int:
    """Both schemas on the positions of one placement (S2, S3) of ``shape``
    with each of ``moves`` (cell indices, None for S4 = ∅): every
    constituent on the first, those that read S4 on the others.  Returns
    the number of structures."""
    cells = shape.cells
    pick = lambda mask: frozenset(c for i, c in enumerate(cells) if mask >> i & 1)
    base = {"X1": frozenset(cells),
            "S1": frozenset((a, b) for a in cells for b in shape.neighbours[a]),
            "S2": pick(mines), "S3": pick(opened)}
    with_move = lambda m: {**base, "S4": frozenset() if m is None else frozenset({cells[m]})}
    for name in SCHEMAS:
        first = with_move(moves[0])
        ref = evaluate_schema(schema(name), first)
        got = program(name).run(first)
        assert_agree(ref, got, f"{name}, {shape.name}, {describe(first)}")
        aliases = moved(name)
        ref_known = {a: r for a, r in ref.items() if a not in aliases}
        got_known = {a: r for a, r in got.items() if a not in aliases}
        for move in moves[1:]:
            data = with_move(move)
            assert_agree(reference_given(name, data, aliases, ref_known),
                         compiled_given(name, data, aliases, got_known),
                         f"{name}, {shape.name}, {describe(data)}")
    return len(moves)


def every_placement(shape) -> dict:
    """Every legal position of ``shape`` (a closed safe cell left, the move
    a closed cell) and S4 = ∅: (mines, opened) → moves."""
    n = len(shape.cells)
    out = {}
    for mines in range(1 << n):
        safe = [i for i in range(n) if not mines >> i & 1]
        for k in range(len(safe)):
            for chosen in combinations(safe, k):
                opened = sum(1 << i for i in chosen)
                out[mines, opened] = [i for i in range(n) if not opened >> i & 1] + [None]
    return out


def orbit_placements(shape) -> tuple[dict, int]:
    """One legal position per symmetry orbit (``position_orbits``), and
    S4 = ∅ with each of their placements: (mines, opened) → moves; and the
    number of positions the orbits stand for."""
    sym, n = Symmetry.of(shape), len(shape.cells)
    out: dict = {}
    total = 0
    for k in range(n):
        for j in range(n - k):
            for mines, opened, move, size in position_orbits(sym, k, j):
                out.setdefault((mines, opened), []).append(move)
                total += size
    return {key: moves + [None] for key, moves in out.items()}, total


def distinct_grids(scope: str) -> list:
    """The shapes of ``scope``, one per relation (hex 1×n is square 1×n)."""
    seen, out = set(), []
    for shape in parse_shapes(scope):
        key = frozenset((a, b) for a in shape.cells for b in shape.neighbours[a]), shape.cells
        if key not in seen:
            seen.add(key)
            out.append(shape)
    return out


UP_TO_EIGHT = distinct_grids("cells<=8,torus:cells<=8,hex:cells<=8")


@pytest.mark.parametrize("shape", parse_shapes("1x2,1x3,2x2,2x3"), ids=lambda sh: sh.name)
def test_small_boards_in_full(shape):
    """Every position of 1×2, 1×3, 2×2 and 2×3, with every move and none."""
    n = len(shape.cells)
    placements = every_placement(shape)
    checked = sum(check_placement(shape, m, o, moves) for (m, o), moves in placements.items())
    assert checked == count_positions(n, range(n)) + len(placements)


@pytest.mark.slow
@pytest.mark.parametrize("shape", UP_TO_EIGHT, ids=lambda sh: sh.name)
def test_every_position_up_to_eight_cells(shape):
    """Every square, torus and hex grid of at most eight cells (each
    relation once), one position per orbit of its symmetries, every move
    of it and none."""
    n = len(shape.cells)
    placements, positions = orbit_placements(shape)
    assert positions == count_positions(n, range(n))  # the orbits cover every position
    checked = sum(check_placement(shape, m, o, moves) for (m, o), moves in placements.items())
    assert checked == sum(len(moves) for moves in placements.values())


def both_schemas(data: dict) -> None:
    data = {k: v for k, v in data.items() if k != "name"}
    for name in SCHEMAS:
        compare(name, data, describe(data))


@settings(NO_SHRINK, max_examples=300)
@given(structures(max_cells=8, kinds=("square", "torus", "hex")))
def test_random_positions(data):
    both_schemas(data)


@settings(NO_SHRINK, max_examples=100)
@given(structures(min_cells=3, max_cells=8, kinds=("graph",)))
def test_random_graphs(data):
    """Random neighbour relations; cells are integers, not pairs."""
    both_schemas(data)


@st.composite
def any_structure(draw) -> dict:
    """A grid with S2, S3 and S4 any sets of cells: mines open, several
    moves, an open move — the axioms may fail, the values must agree."""
    name, cells, pairs = draw(st.sampled_from(
        [(sh.name, list(sh.cells), frozenset((a, b) for a in sh.cells for b in sh.neighbours[a]))
         for sh in UP_TO_EIGHT if len(sh.cells) <= 6]))
    some = st.frozensets(st.sampled_from(cells))
    return {"name": name, "X1": frozenset(cells), "S1": pairs,
            "S2": draw(some), "S3": draw(some), "S4": draw(some)}


@settings(NO_SHRINK, max_examples=200)
@given(any_structure())
def test_any_structure(data):
    both_schemas(data)


SHIPPED = sorted(p.name for p in BOARDS.glob("*.board"))
EXPERT = [b for b in SHIPPED if "expert" in b]


@pytest.mark.parametrize("name", SCHEMAS)
@pytest.mark.parametrize("board", [b for b in SHIPPED if b not in EXPERT])
def test_shipped_boards(board, name):
    compare(name, structure(load_board(BOARDS / board)), board)


@pytest.mark.slow
@pytest.mark.parametrize("name", SCHEMAS)
@pytest.mark.parametrize("board", EXPERT)
def test_expert_boards(board, name):
    compare(name, structure(load_board(BOARDS / board)), board)


# ----------------------------------------------------------------------------
# 2. Coverage

def test_the_corrected_schema_compiles_whole():
    p = program("saper-corrected.rsl")
    evaluated = [c.alias for c in schema("saper-corrected.rsl")
                 if c.kind in ("term", "axiom", "theorem")]
    assert sorted(p.order) == sorted(evaluated)
    assert not p.declined
    assert all(alias in p.closures for alias in evaluated)
    assert all(": compiled (" in line for line in p.explain())


def test_the_corrected_schema_runs_compiled_on_a_midgame():
    data = structure(load_board(BOARDS / "beginner-midgame.board"))
    run = compare("saper-corrected.rsl", data, "beginner-midgame")
    assert len(data["X1"]) == 81
    fell_back = [alias for alias, computed in run.items() if not computed.compiled]
    assert not fell_back
    assert all(computed.ok for computed in run.values())


def test_the_written_schema_declines_exactly_d16_and_d17():
    p = program("saper.rsl")
    assert set(p.declined) == {"D16", "D17"}
    assert set(p.closures) == set(p.order) - {"D16", "D17"}
    for alias in ("D16", "D17"):  # the ∀ over pr2 a, a family of placements
        assert "∀b∈pr2(a)" in p.declined[alias] and "does not type" not in p.declined[alias]
    lines = {line.split(":")[0]: line for line in p.explain()}
    assert lines.keys() == set(p.order)
    assert {a for a, line in lines.items() if "reference evaluator" in line} == {"D16", "D17"}
    data = structure(load_board(BOARDS / "beginner-midgame.board"))
    run = compare("saper.rsl", data, "beginner-midgame")
    assert {alias for alias, computed in run.items() if not computed.compiled} == {"D16", "D17"}


# ----------------------------------------------------------------------------
# 2b. Runs asked lazily, in part, with values given, and assertions

MIDGAME = BOARDS / "beginner-midgame.board"


def test_a_run_asked_lazily_and_in_part():
    sch, data = schema("saper-corrected.rsl"), structure(load_board(MIDGAME))
    ref = evaluate_schema(sch, data)
    p = Program(sch)
    run = p.start(data)
    assert disagreement("D18", ref["D18"], run.get("D18")) is None
    assert set(run.results) == {"D18"} | {a for a in sch.closure("D18") if a in p.order}
    part = p.run(data, only=["D8"])
    assert set(part) == {"D8"} | {a for a in sch.closure("D8") if a in p.order}
    assert_agree({a: ref[a] for a in part}, part, "midgame, only D8")
    first = p.run(data)
    given = p.run(data, given={"D15": first["D15"].compact, "D8": first["D8"].compact})
    assert_agree(ref, given, "midgame, D8 and D15 given")


ASSERTIONS = ["D8 ⊆ D1", "D11 ∩ D8 = ∅", "card(D15) ≥ 1", "debool(S4) ∈ D18",
              "∀x∈D14 (x ∉ S3)", "∃c∈D16 (card(pr2(c)) = 0)", "D18 ⊆ D14 ∪ D11",
              "∀c∈D17 (card(pr2(c)) ≤ card(D15))", "card(D2) = card(X1)"]


@pytest.mark.parametrize("board", ["beginner-midgame.board", "beginner-one-open.board",
                                   "tiny-2x2.board"])
def test_assertions_over_the_schema(board):
    """``Program.formula`` and ``Run.truth`` as the reference's
    ``model.evaluate`` of the same formula (an error: the same code)."""
    sch, data = schema("saper-corrected.rsl"), structure(load_board(BOARDS / board))
    p = Program(sch)
    run = p.start(data)
    def outcome(compute, *args):
        try:
            return "value", compute(*args)
        except RSLError as exc:
            return "error", exc.code

    for text in ASSERTIONS:
        extra = p.formula(parse_expression(text))
        assert extra.declined is None, (text, extra.declined)
        expected = outcome(evaluate, sch, text, data)
        assert outcome(run.truth, extra) == expected, (board, text)


def test_only_the_last_run_is_current():
    """Runs share their program's store: a run asked after another was
    started says so instead of computing from the other's values."""
    sch = schema("saper-corrected.rsl")
    first = structure(load_board(MIDGAME))
    second = structure(load_board(BOARDS / "beginner-start.board"))
    p = Program(sch)
    one, other = p.start(first), p.start(second)
    with pytest.raises(RuntimeError, match="another run"):
        one.get("D1")
    assert_agree(evaluate_schema(sch, second), {a: other.get(a) for a in p.order}, "the second")

# ----------------------------------------------------------------------------
# 3. Random formulas, as one-term schemas

ELEMENTS = {k: f"S{4 + k}" for k in range(1, 6)}  # the literal k as an element: S(4+k) ::= X1
HEAD = "X1\nS1 ::= ℬ(X1×X1)\nS2 ::= ℬ(X1)\nS3 ::= ℬ(X1)\n" + \
    "".join(f"{name} ::= X1\n" for name in ELEMENTS.values())
BUDGET_CODES = {"setOverflow", "iterationsLimit", "timeLimit", "memoryLimit"}


def element_like(node: s.Node) -> bool:
    return isinstance(node, s.Local) or isinstance(node, s.Projection) and not node.big or \
        isinstance(node, s.Apply) and node.op == "debool" or \
        isinstance(node, s.Global) and node.name in ELEMENTS.values()


def typed_elements(node: s.Node, element: bool = False) -> s.Node:
    """``node`` with each integer literal 1…5 in an element's place (an
    item of an enumeration or a tuple, the argument of bool, the left of
    ∈, either side of = against an element) replaced by the structure
    naming it, so that the formula types over X1."""
    if isinstance(node, s.Integer):
        return s.Global(ELEMENTS[node.value], span=node.span) \
            if element and node.value in ELEMENTS else node
    if isinstance(node, (s.Enumeration, s.Tuple)):
        return replace(node, items=tuple(typed_elements(i, True) for i in node.items))
    if isinstance(node, s.Apply) and node.op == "bool":
        return replace(node, arg=typed_elements(node.arg, True))
    if isinstance(node, s.Predicate) and node.op in ("∈", "∉"):
        return replace(node, left=typed_elements(node.left, True),
                       right=typed_elements(node.right))
    if isinstance(node, s.Predicate) and node.op in ("=", "≠"):
        return replace(node, left=typed_elements(node.left, element_like(node.right)),
                       right=typed_elements(node.right, element_like(node.left)))
    changes = {}
    for f in fields(node):
        value = getattr(node, f.name)
        if isinstance(value, s.Node):
            changes[f.name] = typed_elements(value)
        elif isinstance(value, tuple) and any(isinstance(v, s.Node) for v in value):
            changes[f.name] = tuple(typed_elements(v) if isinstance(v, s.Node) else v
                                    for v in value)
    return replace(node, **changes) if changes else node


def one_term(text: str) -> tuple[Schema, str]:
    """The schema of the universe with ``text`` as its one term (D1) or
    axiom (A1)."""
    tree = typed_elements(parse_expression(text))
    alias = "A1" if s.is_formula(tree) else "D1"
    return Schema.parse(f"{HEAD}{alias} :== {unicode(tree)}\n"), alias


def with_elements(data: dict) -> dict:
    """The universe with S5…S9: the literal k, or an element of X1 for a k
    outside it."""
    n = max(data["X1"])
    return {**data, **{name: k if k in data["X1"] else (k - 1) % n + 1
                       for k, name in ELEMENTS.items()}}


# The disagreement left, pinned by ERROR_CASES (strict xfail) and recognised
# in the random tests by its signature (known_disagreement), so that those
# fail on a new one only.  Remove it, and its signature, when its cases pass.
# (Mended: a family over ℬℬ(T), T ≠ X1, tested by its upper bound; sets of
# families compared by representation, now declined; an empty family of an
# impossible size decoded to an interval the reference cannot count.)
ORDER = (
    "element_plans.listed_variable tries a listed domain (a frozenset: S1, pairs, a family) "
    "in Python's set order, the reference in canonical order: a ∀ that meets a false case, "
    "or an ∃ a true one, before the case whose evaluation fails returns a value where the "
    "reference fails (calcInvalidDebool at e = (1, 1) of S1 = {(1, 1), (1, 2)} in "
    "∀e∈S1 debool({S6, pr2(e)}) = S5)")


def holds_families(typ) -> bool:
    """A set type whose members are, or hold, families of sets of elements."""
    def has_family(h) -> bool:
        if isinstance(h, t.SetType):
            return is_family(h) or has_family(h.base)
        return isinstance(h, t.TupleType) and any(has_family(f) for f in h.factors)
    return isinstance(typ, t.SetType) and has_family(typ.base)


def oversized(v) -> bool:
    """``v`` holds a set interval of no member that is too large to count."""
    if isinstance(v, Subsets):
        return v.lo > 64 and isinstance(v.upper, frozenset) and v.lo > len(v.upper)
    if isinstance(v, (tuple, frozenset)):
        return any(oversized(x) for x in v)
    return False


def known_disagreement(sch: Schema, alias: str, ref, got, problem: str) -> str | None:
    """The pinned disagreement (above) that explains ``problem``, or None."""
    tree = sch.analysis[alias].tree
    types = node_types(tree, sch.environment())
    if not ref.ok and ref.error.code.startswith("calc") and got.ok and got.compiled and any(
            isinstance(node, (s.Quantifier, s.Declarative)) and
            isinstance(typ := types.get(id(node.domain)), t.SetType) and
            not isinstance(typ.base, t.Element) for node in tree.walk()):
        return "ORDER"  # a value where the reference meets an error first
    return None


def check_formula(text: str, data: dict) -> str:
    """Both evaluators on the one-term schema of ``text``: "declined",
    "too big" (the reference's budget), "known: …" (a pinned
    disagreement), or how it ran."""
    sch, alias = one_term(text)
    p = Program(sch)
    if alias not in p.closures:
        return "declined"
    data = with_elements(data)
    ref = evaluate_schema(sch, data, Budget(max_elements=2_000_000))[alias]
    if not ref.ok and ref.error.code in BUDGET_CODES:
        return "too big"
    got = p.run(data, budget=Budget(max_elements=2_000_000))[alias]
    problem = disagreement(alias, ref, got)
    if problem is None:
        return "compiled" if got.compiled else "fell back"
    known = known_disagreement(sch, alias, ref, got, problem)
    assert known is not None, f"{unicode(sch.analysis[alias].tree)} on {data}: {problem}"
    return f"known: {known}"


@settings(FAST, max_examples=300)
@given(universes(), expressions(depth=2))
def test_random_formulas(data, text):
    check_formula(text, data)


@settings(FAST, max_examples=100)
@given(universes(), expressions(depth=3))
def test_random_deeper_formulas(data, text):
    check_formula(text, data)


@pytest.mark.slow
@settings(FAST, max_examples=2000)
@given(universes(), expressions(depth=3))
def test_random_formulas_many(data, text):
    check_formula(text, data)


@pytest.mark.slow
@settings(FAST, max_examples=1500)
@given(universes(), st.data())
def test_random_formulas_of_the_compiled_plans(data, draws):
    """The shapes the compiled path plans specially (D8/D11, D15, D16, D18,
    pairs, set variables), more often than ``expressions`` draws them."""
    shape = draws.draw(st.sampled_from([families_containing, sure_members, least_probability,
                                        pair_comprehension, subset_comprehension, quantified]))
    check_formula(shape(draws.draw, Scope(), 2), data)


def test_random_formulas_are_mostly_compiled():
    """The rewrite keeps the random formulas typed: most compile and run
    compiled (the rest: Fi, R{…}, I{…}, ∅ of no type, shadowed names)."""
    from collections import Counter

    seen: Counter = Counter()

    @settings(FAST, max_examples=150, derandomize=True)
    @given(universes(), expressions(depth=2))
    def run(data, text):
        seen[check_formula(text, data)] += 1

    run()
    assert seen["compiled"] > sum(seen.values()) / 2, seen


X12 = {"X1": frozenset({1, 2}), "S1": frozenset({(1, 2), (2, 1)}), "S2": frozenset({1}),
       "S3": frozenset({2})}


X12_LOOPS = {**X12, "S1": frozenset({(1, 1), (1, 2)})}  # (1, 1) first in canonical order


def xfail(reason: str):
    return pytest.mark.xfail(strict=True, reason=reason)


FORMULA_CASES = [
    # (formula over X12, the reference's value, why it is here)
    pytest.param("{a ∈ X1×ℬ(ℬ(S2)) | pr2(a) = {b ∈ {c ∈ ℬ(X1) | card(c) = 1} | pr1(a) ∈ b}}",
                 frozenset({(1, frozenset({frozenset({1})}))}),
                 id="D16's shape over ℬℬ(T), T ⊂ X1"),
    pytest.param("{a ∈ X1×ℬ(ℬ(X1)) | pr2(a) = {b ∈ {c ∈ ℬ(X1) | card(c) = 1} | pr1(a) ∈ b}}",
                 frozenset({(1, frozenset({frozenset({1})})), (2, frozenset({frozenset({2})}))}),
                 id="D16's shape over ℬℬ(X1)"),
    pytest.param("{b ∈ ℬ(X1) | card(b) ≤ 5} = ℬ(X1)", True, id="one family spelt twice, ="),
    pytest.param("{x ∈ X1 | ∀b∈ℬ(X1) (card(b) = 3 ⇒ x ∈ b)}", frozenset({1, 2}),
                 id="∀ over an empty family: every candidate"),
    pytest.param("{x ∈ X1 | ∀b∈{c ∈ ℬ(X1) | card(c) = 3} (x ∉ b)}", frozenset({1, 2}),
                 id="in no member of an empty family"),
    pytest.param("∃b∈ℬ(X1) (card(b) = 2 & b ∩ S2 = ∅)", False, id="∃ over an empty family"),
    pytest.param("debool({x ∈ X1 | x ∈ S2})", 1, id="debool of a singleton"),
    pytest.param("{b ∈ ℬ(X1) | card(b) = 65}", frozenset(),
                 id="no size fits, beyond 64"),
    pytest.param("{b ∈ ℬ(X1) | card(b) ≥ 65}", frozenset(),
                 id="no size fits, at least 65"),
    pytest.param("{b ∈ ℬ(X1) | card(b) = 64}", frozenset(), id="no size fits, 64"),
    pytest.param("card({b ∈ ℬ(X1) | card(b) = 65})", 0, id="no size fits, counted"),
]


DECLINED_CASES = [
    # sets whose members are families: the reference's (a counted family and
    # a listed one are one set, which representations cannot tell)
    pytest.param("card({ℬ(X1), {b ∈ ℬ(X1) | card(b) ≤ 5}})", 1,
                 id="one family spelt twice, enumerated"),
    pytest.param("{b ∈ ℬ(X1) | card(b) ≤ 5} ∈ {ℬ(X1)}", True,
                 id="one family spelt twice, ∈"),
    pytest.param("{ℬ(X1), {b ∈ ℬ(X1) | card(b) ≤ 5}} ∪ {ℬ(X1)}",
                 frozenset({frozenset({frozenset(), frozenset({1}), frozenset({2}),
                                       frozenset({1, 2})})}),
                 id="one family spelt twice, ∪"),
    pytest.param("card({Pr2(X1×ℬ(S2)), ℬ(S2)})", 1,
                 id="a listed family and a counted one, enumerated"),
    pytest.param("{{b ∈ ℬ(X1) | b ⊆ S2}} = {{c ∈ ℬ(X1) | card(c) ≤ 1 & c ∩ S3 = ∅}}", True,
                 id="sets of one family spelt twice, ="),
    pytest.param("{b ∈ ℬ(X1) | bool({b}) = {ℬ(b)}}", frozenset({frozenset()}),
                 id="bool of a listed family = {a counted one}"),
    pytest.param("card({ℬ(S2), {b ∈ ℬ(X1) | b ⊆ S2}})", 1, id="the same bounds, enumerated"),
    pytest.param("{x ∈ X1 | ∀f∈{ℬ(X1), {b ∈ ℬ(X1) | card(b) ≤ 5}} card(f) = 4}",
                 frozenset({1, 2}), id="∀ over a set of families"),
]


@pytest.mark.parametrize("text, expected", DECLINED_CASES)
def test_sets_of_families_are_the_reference_s(text, expected):
    sch, alias = one_term(text)
    ref = evaluate_schema(sch, X12)[alias]
    assert ref.ok and same(ref.value, expected), ref
    p = Program(sch)
    assert alias not in p.closures and "a set of families" in p.declined[alias]
    got = p.run(X12)[alias]
    assert not got.compiled and disagreement(alias, ref, got) is None


@pytest.mark.parametrize("text, known", [
    ("∀e∈S1 debool({2, pr2(e)}) = 1", "ORDER"),
])
def test_the_random_tests_know_the_pinned_disagreements(text, known):
    """The random tests pass over the disagreements FORMULA_CASES pin, and
    only those: when one is mended, its entry goes (and this case)."""
    assert check_formula(text, X12_LOOPS) == f"known: {known}"


@pytest.mark.parametrize("text, expected", FORMULA_CASES)
def test_formula_cases(text, expected):
    sch, alias = one_term(text)
    ref = evaluate_schema(sch, X12)[alias]
    assert ref.ok and same(ref.value, expected), ref
    p = Program(sch)
    assert alias in p.closures, p.explain()
    got = p.run(X12)[alias]
    assert got.compiled
    assert disagreement(alias, ref, got) is None, disagreement(alias, ref, got)



ERROR_CASES = [
    # (formula over X12, the reference's error code)
    pytest.param("debool(X1)", "calcInvalidDebool", id="debool of two"),
    pytest.param("{x ∈ X1 | debool(X1) = x}", "calcInvalidDebool", id="hoisted, failing"),
    pytest.param("∀x∈X1 debool({2, x}) = 1", "calcInvalidDebool",
                 id="∀ over elements, in canonical order"),
    pytest.param("card({b ∈ ℬ(X1) | debool(b) = 1})", "calcInvalidDebool",
                 id="a residual test failing on ∅"),
    pytest.param("∀e∈S1 debool({2, pr2(e)}) = 1", "calcInvalidDebool", marks=xfail(ORDER),
                 id="∀ over a relation, a false case after the failing one"),
    pytest.param("∃e∈S1 debool({2, pr2(e)}) = 2", "calcInvalidDebool", marks=xfail(ORDER),
                 id="∃ over a relation, a true case after the failing one"),
]


@pytest.mark.parametrize("text, code", ERROR_CASES)
def test_error_cases(text, code):
    """The compiled path fails as the reference does (falling back to it)."""
    sch, alias = one_term(text)
    data = with_elements(X12_LOOPS)
    ref = evaluate_schema(sch, data)[alias]
    assert not ref.ok and ref.error.code == code, ref
    p = Program(sch)
    assert alias in p.closures, p.explain()
    got = p.run(data)[alias]
    assert disagreement(alias, ref, got) is None, disagreement(alias, ref, got)
