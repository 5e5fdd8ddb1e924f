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
3. runs asked lazily, in part, with values given, and assertions.

Random formulas: ``test_compiled_formulas.py``; counted families and
compact values alone: ``test_compiled_values.py``.

Values are compared by meaning (``same``): lazy sets and frozensets are
listed recursively when small; a larger family is compared by its
cardinality and its per-element counts, a larger set of pairs fibre by fibre.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from setmine.board import load_board, structure
from setmine.eval.compiled.program import Program
from setmine.eval.interpret.evaluator import Evaluator
from setmine.eval.interpret.model import (
    Result,
    _dependency_order,
    evaluate,
    evaluate_schema,
)
from setmine.eval.values.budget import Budget
from setmine.eval.values.sets import CURRENT_BUDGET, Fibered, LazySet, card, member, members
from setmine.eval.values.subsets import Subsets
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.parser import parse_expression
from setmine.rsl.schema import Schema
from setmine.verification.boards.scope import count_positions, parse_shapes
from setmine.verification.boards.symmetry import Symmetry, position_orbits

from .strategies import (
    structures,
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


EXHAUSTIVE = 16
"""Two families over at most this many elements are compared on every
subset of them, by membership alone."""


def elements_of(v) -> frozenset | None:
    """The elements a family's members are drawn from, when it is a family
    of sets of explicit elements (a set interval, or a listed family)."""
    if isinstance(v, Subsets) and isinstance(v.upper, frozenset):
        return v.upper
    if isinstance(v, frozenset) and all(type(m) is frozenset for m in v):
        return frozenset().union(*v)
    return None


def by_membership(ref, got) -> bool | None:
    """Whether two families have the same members, asked of every subset
    of their elements with ``member`` — which tests a set interval's bounds
    and constraints directly — and never with a count: the cardinalities
    come from the counting code, itself under test here.  None when the
    families are not over few explicit elements (they are then compared by
    their counts, and the counting code is held to brute force on its own
    in tests/eval/test_sets.py)."""
    a, b = elements_of(ref), elements_of(got)
    if a is None or b is None or len(a | b) > EXHAUSTIVE:
        return None
    pool = sorted(a | b, key=repr)
    return all(member(frozenset(s), ref) == member(frozenset(s), got)
               for k in range(len(pool) + 1) for s in combinations(pool, k))


def same(ref, got) -> bool:
    """``ref`` (the reference's value) and ``got`` mean the same."""
    if isinstance(ref, bool) or isinstance(got, bool):
        return type(ref) is type(got) and ref == got
    if is_set(ref) and is_set(got):
        if ref == got:  # the same spelling: the same set
            return True
        decided = by_membership(ref, got)
        if decided is not None:
            return decided
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


@pytest.mark.parametrize("shape", [*parse_shapes("1x2,1x3,2x2"), pytest.param(
    parse_shapes("2x3")[0], marks=pytest.mark.slow)], ids=lambda sh: sh.name)
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


def test_a_failed_term_fails_only_the_terms_that_read_it():
    """As the reference (and the interpreter): D3 reads the failed D1 and
    fails there (calcGlobalMissing at the name); D2 never reads it (a
    product stops at its empty first factor) and has its value."""
    sch = Schema.parse("X1\nS1 ::= ℬ(X1×X1)\nD1 :== debool(X1)\n"
                       "D2 :== Pr1(S1) ∪ Pr1((X1 \\ X1)×{D1})\nD3 :== {D1} ∪ X1\n")
    data = {"X1": frozenset({1, 2}), "S1": frozenset({(1, 2)})}
    ref = evaluate_schema(sch, data)
    got = Program(sch).run(data)
    for results in (ref, got):
        assert results["D1"].error.code == "calcInvalidDebool"
        assert results["D2"].ok and results["D2"].value == frozenset({1})
        assert (results["D3"].error.code, results["D3"].error.span) == ("calcGlobalMissing", (1, 3))


def test_families_are_compared_by_membership_not_by_counts():
    """A comparison that bites without the counting code: two set intervals
    with the same count and the same per-element counts but different
    members are told apart."""
    cells = frozenset(range(4))
    one = Subsets(frozenset(), cells, 2, 2, ((frozenset({0, 1}), 1),))   # 4 members
    other = Subsets(frozenset(), cells, 2, 2, ((frozenset({0, 2}), 1),))  # 4 members
    assert card(one) == card(other) == 4
    assert summary(one, 4) == summary(other, 4)   # counts alone cannot tell them apart
    assert by_membership(one, other) is False and not same(one, other)
    assert same(one, frozenset(s for s in map(frozenset, combinations(range(4), 2))
                               if len(s & {0, 1}) == 1))
