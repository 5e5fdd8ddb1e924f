"""A formula that reads the hidden mines only by counting them has one
value on every placement of the mines with the same counts: the claim
``Frontier.readings`` makes (``eval/compiled/frontier.py``) and on which
``setmine verify`` decides a whole group of placements once
(``verification/boards/grouped.py``), held to brute force.

For a formula (random text over the shapes that count S2 — ``card(S2)``,
``card(A ∩ S2)``, ``A ∩ S2 = ∅``, ``x ∈ S2`` under quantifiers — and over
those that do not — S2 compared as a set, inside comprehensions,
``S2 ∪ A``…; the constituents of both shipped schemas; a hand-written
table), a small board, an open set S3 and a move S4, every placement S2
of the closed cells is tried:

* *counts*: when ``readings`` is not None, the placements whose meets with
  the counted sets (``Frontier.counted`` on the position without mines, as
  ``verification/boards/grouped.py`` computes them) have the same sizes must give the
  formula one outcome under the REFERENCE evaluator
  (``eval/interpret``); the counted sets are the same on every placement;
* *keys*: the placements with the same ``Frontier.key`` (what the memo
  shares a value by) must give one outcome, whatever ``readings`` is.

The placements are grouped by the counts alone, whatever their number of
mines: the docstring's claim (the value is a function of the counts), of
which ``verification/boards/grouped.py`` uses less (it groups the placements of k
mines).  An outcome is the value, or "error" when it cannot be evaluated.  A
budget exhausted (how much a search spends may depend on the mines even
when its result does not) decides nothing and is left out.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.board.shapes import cycle, grid_shape, star
from setmine.eval.compiled.compiler import Decline
from setmine.eval.compiled.frontier import Frontier, Items
from setmine.eval.compiled.program import Program
from setmine.eval.interpret.evaluator import Evaluator
from setmine.eval.interpret.model import evaluate_schema, functions
from setmine.eval.values.budget import Budget, BudgetExceeded
from setmine.eval.values.sets import LazySet, card, members
from setmine.rsl.schema import Schema, dependencies
from setmine.rsl.syntax.errors import RSLError
from setmine.rsl.syntax.printer import unicode

SPEC = Path(__file__).resolve().parents[2] / "spec"
SCHEMAS = {"corrected": Schema.load(SPEC / "saper-corrected.rsl"),
           "written": Schema.load(SPEC / "saper.rsl")}
SHAPES = [grid_shape("square", 2, 2), grid_shape("square", 2, 3), grid_shape("torus", 2, 3),
          grid_shape("hex", 2, 2), star(4), cycle(5)]
THROUGH = frozenset({"S2"})
ERROR = ("error",)
BUDGET = ("budget",)     # a budget exhausted: no outcome, compared with nothing
LISTED = 5_000           # a lazy value of at most this many members is listed


def budget() -> Budget:
    return Budget(max_elements=300_000, max_seconds=10.0)


# ----------------------------------------------------------------------------
# Boards: the structure {X1, S1, S2, S3, S4} of a shape, by masks of its cells

class Board:
    def __init__(self, index: int):
        shape = SHAPES[index]
        self.index, self.name = index, shape.name
        self.cells = shape.cells
        self.x1 = frozenset(self.cells)
        self.s1 = frozenset((a, b) for a in self.cells for b in shape.neighbours[a])

    def of(self, mask: int) -> frozenset:
        return frozenset(c for i, c in enumerate(self.cells) if mask >> i & 1)

    def data(self, mines: int, opened: int, move: int | None) -> dict:
        return {"X1": self.x1, "S1": self.s1, "S2": self.of(mines), "S3": self.of(opened),
                "S4": frozenset() if move is None else frozenset({self.cells[move]})}

    def placements(self, opened: int) -> list[int]:
        """Every set of closed cells (the mines are on closed cells)."""
        closed = [i for i in range(len(self.cells)) if not opened >> i & 1]
        return [sum(1 << closed[j] for j in range(len(closed)) if m >> j & 1)
                for m in range(1 << len(closed))]

    def describe(self, mines: int, opened: int, move: int | None) -> str:
        return (f"{self.name}: mines {sorted(self.of(mines))}, open {sorted(self.of(opened))}, "
                f"move {None if move is None else self.cells[move]}")


BOARDS = [Board(i) for i in range(len(SHAPES))]


# ----------------------------------------------------------------------------
# The reference: every constituent on a structure, then the formula

@lru_cache(maxsize=512)  # a situation's placements, while it is checked
def reference(schema_name: str, board: int, mines: int, opened: int, move: int | None) -> dict:
    return evaluate_schema(SCHEMAS[schema_name], BOARDS[board].data(mines, opened, move),
                           budget())


def canon(value):
    """A value by its meaning, hashable (lazy sets listed)."""
    if isinstance(value, LazySet):
        if card(value) > LISTED:
            return ("lazy", card(value))
        value = frozenset(members(value, budget()))
    if isinstance(value, (frozenset, set)):
        return frozenset(canon(v) for v in value)
    if isinstance(value, tuple):
        return tuple(canon(v) for v in value)
    return value


def failed(error: RSLError) -> tuple:
    return BUDGET if isinstance(error, BudgetExceeded) else ERROR


def outcome(schema_name: str, formula, board: int, mines: int, opened: int,
            move: int | None) -> tuple:
    """The formula's outcome (an alias: its result; a tree: evaluated over
    the reference's values of the constituents)."""
    results = reference(schema_name, board, mines, opened, move)
    try:
        if isinstance(formula, str):
            r = results[formula]
            return ("value", canon(r.value)) if r.ok else failed(r.error)
        schema = SCHEMAS[schema_name]
        names = {n for n, _ in dependencies(formula)}
        for n in list(names):
            names |= schema.closure(n) if n in schema else set()
        if any(n in results and isinstance(results[n].error, BudgetExceeded) for n in names):
            return BUDGET
        values = dict(BOARDS[board].data(mines, opened, move))
        values.update((a, r.value) for a, r in results.items() if r.ok and r.kind == "term")
        evaluator = Evaluator(values, functions(schema), budget())
        evaluator.failed.update((a, r.error) for a, r in results.items() if not r.ok)
        return ("value", canon(evaluator.evaluate(formula)))
    except RSLError as exc:
        return failed(exc)


# ----------------------------------------------------------------------------
# The check: one situation (board, open set, move), every placement

def check(schema_name: str, program: Program, frontiers: dict, board: Board, opened: int,
          move: int | None, stats: Counter) -> dict:
    """``frontiers``: formula (alias or tree) → (its frontier, its text).
    Fails on a group of placements with two outcomes; else, for each
    formula, what was compared: "counts", "key" (some group of two
    placements or more had outcomes) and "varied" (counts compared, and
    the formula is not constant over the placements)."""
    requires = sorted({r for f, _ in frontiers.values() for r in f.requires})
    placements = board.placements(opened)
    empty = program.start(board.data(0, opened, move), budget())
    empty.all(requires, {})
    base = {formula: f.counted(empty) if f.readings is not None else None
            for formula, (f, _) in frontiers.items()}
    by_counts: dict = {formula: {} for formula in frontiers}
    by_key: dict = {formula: {} for formula in frontiers}
    for mines in placements:
        run = program.start(board.data(mines, opened, move), budget())
        run.all(requires, {})
        placed = board.of(mines)
        for formula, (f, text) in frontiers.items():
            key = f.key(run)
            if key is not None:
                by_key[formula].setdefault(key, []).append(mines)
            if base[formula] is None:
                continue
            here = f.counted(run)
            assert here is None or here == base[formula], \
                f"{text}: the counted sets depend on the mines " \
                f"({board.describe(mines, opened, move)})"
            counts = tuple(len(placed) if m is None else len(m & placed) for m in base[formula])
            by_counts[formula].setdefault(counts, []).append(mines)
    outcomes: dict = {}

    def out(formula, mines):
        if (formula, mines) not in outcomes:
            outcomes[formula, mines] = outcome(schema_name, formula, board.index, mines,
                                               opened, move)
        return outcomes[formula, mines]

    found: dict = {formula: set() for formula in frontiers}
    for formula, (f, text) in frontiers.items():
        for what, groups in (("counts", by_counts[formula]), ("key", by_key[formula])):
            compared = False
            for signature, group in groups.items():
                if len(group) < 2:
                    continue
                seen: dict = {}
                for mines in group:
                    got = out(formula, mines)
                    if got is not BUDGET:
                        seen.setdefault(got, mines)
                compared |= sum(out(formula, m) is not BUDGET for m in group) >= 2
                if len(seen) > 1:
                    (v1, m1), (v2, m2) = list(seen.items())[:2]
                    pytest.fail(
                        f"{schema_name}: {text!r} (readings {f.readings}) has two outcomes on "
                        f"placements with the same {what} {signature!r}:\n"
                        f"  {board.describe(m1, opened, move)} → {v1!r}\n"
                        f"  {board.describe(m2, opened, move)} → {v2!r}")
            if compared:
                found[formula].add(what)
                stats[f"{what} compared"] += 1
                if what == "counts" and \
                        len({out(formula, m) for m in placements} - {BUDGET}) > 1:
                    found[formula].add("varied")
                    stats["counts compared, formula not constant"] += 1
    return found


# ----------------------------------------------------------------------------
# Random formula text over the shapes that count S2 and those that do not

PLAIN = ("X1", "S3", "S4", "D1", "D19", "Pr1(D5)", "red(Pr2(D5))", "Pr1(D3)", "(X1\\S3)",
         "(S3 ∪ S4)", "(D1\\S4)")
"""Sets of cells that read no S2."""
TERMS = ("D8", "D11", "D13", "D14", "D18", "D20", "D21", "Pr1(D6)", "red(Pr2(D4))",
         "red(Pr2(D9))", "red(Pr2(D12))", "Pr1(D7)")
"""Sets of cells built on terms that read S2 (by counting or not, by schema)."""
PAIRS = ("D2", "D3", "D5", "D4", "D6", "D7", "D9", "D10", "D12")
"""Sets of pairs (cell, set of cells)."""
NUMBERS = ("card(D15)", "card(D5)", "card(D8)", "card(D17)")
ELEMENTS = ("debool(S4)", "debool(D1)", "debool(D18)", "debool(S2)", "debool(S2 ∩ S4)")
COMPARE = ("=", "≠", "<", "≤", ">", "≥")
SET_OPS = ("∪", "∩", "\\", "∆")
RELATIONS = ("=", "≠", "⊆", "⊂", "⊄")
CONNECTIVES = ("&", "∨", "⇒", "⇔")


def pick(draw, options):
    return draw(st.sampled_from(options))


def fresh(ctx: tuple, prefix: str) -> str:
    """A variable name not declared before in the formula (RSLang refuses
    a name declared again, even in a sibling quantifier): ``ctx`` ends with
    the formula's counter of names."""
    counter = ctx[-1][1] if ctx and ctx[-1][0] == "names" else None
    if counter is None:
        return f"{prefix}{len(ctx)}"
    counter[0] += 1
    return f"{prefix}{counter[0]}"


def scope(ctx: tuple, entry: tuple) -> tuple:
    """``ctx`` with a variable bound (the counter of names kept last)."""
    if ctx and ctx[-1][0] == "names":
        return ctx[:-1] + (entry, ctx[-1])
    return ctx + (entry,)


@st.composite
def cell_sets(draw, ctx: tuple, depth: int, s2: bool = True) -> str:
    """A set of cells; with S2 in it only when ``s2``."""
    bound = [f"{{{v}}}" for k, v in ctx if k == "cell"] + \
        [f"pr2 {v}" for k, v in ctx if k == "cp"] + \
        [f"{{pr2 {v}}}" for k, v in ctx if k == "nb"] + [v for k, v in ctx if k == "set"]
    kinds = ["plain", "plain", "term"] + (["S2", "S2", "meet"] if s2 else []) + \
        (["bound", "bound", "bound"] if bound else []) + \
        (["op", "op", "comp", "pr1"] if depth > 0 else [])
    kind = pick(draw, kinds)
    if kind == "plain":
        return pick(draw, PLAIN)
    if kind == "term":
        return pick(draw, TERMS)
    if kind == "S2":
        return "S2"
    if kind == "bound":
        return pick(draw, bound)
    if kind == "meet":
        a = draw(cell_sets(ctx, depth - 1, s2=False)) if depth > 0 else pick(draw, PLAIN)
        return pick(draw, (f"({a} ∩ S2)", f"(S2 ∩ {a})"))
    if kind == "op":
        a, b = draw(cell_sets(ctx, depth - 1, s2)), draw(cell_sets(ctx, depth - 1, s2))
        return f"({a} {pick(draw, SET_OPS)} {b})"
    if kind == "comp":
        v = fresh(ctx, "x")
        domain = draw(cell_sets(ctx, depth - 1, s2))
        body = draw(formulas(scope(ctx, ("cell", v)), depth - 1))
        return f"{{{v} ∈ {domain} | {body}}}"
    v = fresh(ctx, "c")   # "pr1": the cells of the pairs that satisfy a formula
    body = draw(formulas(scope(ctx, ("cp", v)), depth - 1))
    return f"Pr1({{{v} ∈ {pick(draw, PAIRS)} | {body}}})"


@st.composite
def numbers(draw, ctx: tuple, depth: int) -> str:
    kind = pick(draw, ["card", "card", "card", "literal", "named"] +
                (["arith"] if depth > 0 else []))
    if kind == "card":
        return f"card({draw(cell_sets(ctx, depth))})"
    if kind == "literal":
        return str(draw(st.integers(0, 3)))
    if kind == "named":
        return pick(draw, NUMBERS)
    a, b = draw(numbers(ctx, depth - 1)), draw(numbers(ctx, depth - 1))
    return f"({a} {pick(draw, ('+', '-'))} {b})"


@st.composite
def elements(draw, ctx: tuple) -> str:
    bound = [v for k, v in ctx if k == "cell"] + [f"pr1 {v}" for k, v in ctx if k == "cp"] + \
        [f"{p} {v}" for k, v in ctx if k == "nb" for p in ("pr1", "pr2")]
    if bound and draw(st.booleans()):
        return pick(draw, bound)
    return pick(draw, ELEMENTS)


@st.composite
def counting(draw, ctx: tuple, depth: int) -> str:
    """A shape that counts S2, over sets that do not read it (as written)."""
    d = max(depth - 1, 0)
    a = draw(cell_sets(ctx, d, s2=False))
    kind = pick(draw, ["card", "meet", "meet", "empty", "member", "member"])
    if kind == "card":
        return f"card(S2) {pick(draw, COMPARE)} {draw(numbers(ctx, d))}"
    if kind == "meet":
        meet = pick(draw, (f"{a} ∩ S2", f"S2 ∩ {a}"))
        return f"card({meet}) {pick(draw, COMPARE)} {draw(numbers(ctx, d))}"
    if kind == "empty":
        meet = pick(draw, (f"{a} ∩ S2", f"S2 ∩ {a}", "S2"))
        return f"{meet} {pick(draw, ('=', '≠'))} ∅"
    return f"{draw(elements(ctx))} {pick(draw, ('∈', '∉'))} S2"


@st.composite
def formulas(draw, ctx: tuple | None = None, depth: int = 3) -> str:
    if ctx is None:
        ctx = (("names", [0]),)   # a fresh counter of names for each formula drawn
    kinds = ["count", "count", "count", "compare", "empty", "relation", "member"] + \
        (["not", "connective", "connective", "quantifier", "quantifier", "quantifier"]
         if depth > 0 else [])
    kind = pick(draw, kinds)
    d = max(depth - 1, 0)
    if kind == "count":
        return draw(counting(ctx, depth))
    if kind == "compare":
        return f"{draw(numbers(ctx, d))} {pick(draw, COMPARE)} {draw(numbers(ctx, d))}"
    if kind == "empty":
        return f"{draw(cell_sets(ctx, d))} {pick(draw, ('=', '≠'))} ∅"
    if kind == "relation":
        return f"{draw(cell_sets(ctx, d))} {pick(draw, RELATIONS)} {draw(cell_sets(ctx, d))}"
    if kind == "member":
        return f"{draw(elements(ctx))} {pick(draw, ('∈', '∉'))} {draw(cell_sets(ctx, d))}"
    if kind == "not":
        return f"¬({draw(formulas(ctx, d))})"
    if kind == "connective":
        return f"({draw(formulas(ctx, d))} {pick(draw, CONNECTIVES)} {draw(formulas(ctx, d))})"
    q = pick(draw, ("∀", "∃"))
    over = pick(draw, ["cell", "cell", "cp", "cp", "nb", "set"])
    v = fresh(ctx, {"cell": "x", "cp": "c", "nb": "p", "set": "b"}[over])
    domain = draw(cell_sets(ctx, d)) if over == "cell" else pick(draw, PAIRS) if over == "cp" \
        else "S1" if over == "nb" else f"ℬ({draw(cell_sets(ctx, 0))})"
    return f"{q}{v} ∈ {domain} ({draw(formulas(scope(ctx, (over, v)), d))})"


@st.composite
def situations(draw) -> tuple:
    """(board, open set, move): two closed cells at least (else every group
    is one placement), a move on a closed cell, or none."""
    board = BOARDS[draw(st.integers(0, len(BOARDS) - 1))]
    n = len(board.cells)
    opened = draw(st.integers(0, (1 << n) - 1).filter(lambda m: m.bit_count() <= n - 2))
    closed = [i for i in range(n) if not opened >> i & 1]
    move = draw(st.sampled_from([None, *closed]))
    return board, opened, move


def frontier_of(items: Items, formula):
    """The formula's frontier, or None when it has none (as the memo: then
    nothing is shared, and nothing is claimed)."""
    try:
        return Frontier(items, formula, THROUGH)
    except (Decline, RecursionError):
        return None


def test_random_formulas_are_constant_on_placements_with_the_same_counts():
    """Random formulas on both schemas, each on two (board, open set, move)."""
    stats: Counter = Counter()

    @settings(max_examples=150, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.filter_too_much])
    @given(schema_name=st.sampled_from(sorted(SCHEMAS)), text=formulas(),
           where=st.lists(situations(), min_size=2, max_size=2))
    def sound(schema_name, text, where):
        schema = SCHEMAS[schema_name]
        try:
            tree = schema.expression_tree(text)
        except RSLError:
            stats["not typed"] += 1
            return
        program = Program(schema)
        frontier = frontier_of(Items(program), tree)
        if frontier is None:
            stats["no frontier"] += 1
            return
        counts = frontier.readings is not None
        stats["formulas"] += 1
        stats["counting" if counts else "not counting"] += 1
        compared = set()
        for board, opened, move in where:
            compared |= check(schema_name, program, {tree: (frontier, text)}, board, opened,
                              move, Counter())[tree]
        for what in compared:
            stats[f"formulas with {what} compared"] += 1

    sound()
    # Not vacuous: most drawn formulas type, many count S2 and many do not;
    # many counting ones had a group of two placements or more with outcomes,
    # and in many the formula took two values (so groups were not all equal).
    assert stats["formulas"] >= 140, stats
    assert stats["counting"] >= 50 and stats["not counting"] >= 40, stats
    assert stats["formulas with counts compared"] >= 40, stats
    assert stats["formulas with varied compared"] >= 20, stats
    assert stats["formulas with key compared"] >= 70, stats


# ----------------------------------------------------------------------------
# The constituents of both schemas, and hand-written counting formulas

@pytest.mark.parametrize("schema_name", sorted(SCHEMAS))
def test_the_constituents_are_constant_on_placements_with_the_same_counts(schema_name):
    """Every term and axiom, on every open set and move of a 2×2 grid and
    every open set of a star of four (one move)."""
    schema = SCHEMAS[schema_name]
    program = Program(schema)
    items = Items(program)
    frontiers = {}
    for c in schema:
        if c.kind in ("term", "axiom"):
            f = frontier_of(items, c.alias)
            if f is not None:
                frontiers[c.alias] = (f, c.alias)
    stats: Counter = Counter()
    for board in (BOARDS[0], BOARDS[4]):
        n = len(board.cells)
        for opened in range((1 << n) - 1):
            closed = [i for i in range(n) if not opened >> i & 1]
            for move in [None, *closed] if board is BOARDS[0] else closed[:1]:
                check(schema_name, program, frontiers, board, opened, move, stats)
    counting = [a for a, (f, _) in frontiers.items() if f.readings is not None]
    assert len(counting) >= (20 if schema_name == "corrected" else 10), counting
    assert stats["counts compared"] > 0 and stats["key compared"] > 0, stats


TABLE = [
    # (formula, what it counts: "S2" for card(S2) itself; None: it reads S2 otherwise)
    ("card(S2) ≥ 2", {"S2"}),
    ("card(D1 ∩ S2) = 1", {"D1"}),
    ("∀c ∈ D5 card(pr2 c ∩ S2) ≤ 1", {"pr2(c)"}),
    ("D18 ∩ D8 = ∅", {"S2", "pr2(c)"}),
    ("∃x ∈ D1 (x ∈ S2 & x ∉ D8)", {"S2", "pr2(c)", "x"}),
    ("debool(S4) ∉ S2", {"debool(S4)"}),
    ("(S3 ∪ S4) ∩ S2 = ∅", {"S3∪S4"}),
    ("card({x ∈ D1 | x ∈ S2}) = card(S2)", {"S2", "x"}),
    ("∀c ∈ D5 (card(pr2 c ∩ S2) = card(pr2 c) ⇒ pr2 c ⊆ D8)", {"S2", "pr2(c)"}),
    ("card(D15) = 1 ∨ D11 = ∅", {"S2", "pr2(c)"}),
    ("card(D16) ≥ 2", {"S2", "pr2(c)"}),
    ("{x ∈ D1 | x ∈ S2} = D8", {"S2", "pr2(c)", "x"}),
    ("∀p ∈ S1 (pr1 p ∈ S2 ⇒ card({pr2 p} ∩ S2) = 0)", {"pr1(p)", "{pr2(p)}"}),
    ("∀x, y ∈ D1 (x ∈ S2 & y ∈ S2 ⇒ (x, y) ∉ S1)", {"x", "y"}),
    ("card({x ∈ D1 | card({y ∈ D1 | (x, y) ∈ S1 & y ∈ S2}) ≥ 1}) = 2", {"y"}),
    ("card(Pr1({p ∈ S1 | pr1 p ∈ S2})) ≥ 2", {"pr1(p)"}),
    ("∃x ∈ D1 ∃y ∈ D1 (x ≠ y & card({x, y} ∩ S2) = 2)", {"{x, y}"}),
    ("bool(debool(S4)) ∩ S2 = ∅", {"bool(debool(S4))"}),
    # read otherwise: only the keys are held to them
    ("card(S2) - card(D8) ≥ card(D14 ∩ S2)", None),    # D14 reads S2: not a count
    ("S2 ⊆ D1", None),
    ("∃c ∈ D5 pr2 c ∩ S2 = pr2 c", None),
    ("∃x ∈ D1 ∃y ∈ D1 (x ≠ y & {x, y} ∩ S2 = {x, y})", None),
]


def test_the_table_counts_what_it_says():
    schema = SCHEMAS["corrected"]
    items = Items(Program(schema))
    for text, expected in TABLE:
        f = Frontier(items, schema.expression_tree(text), THROUGH)
        by_number = {n: node for (node, _, _), n in items.sets.items()}
        found = None if f.readings is None else \
            {"S2" if r is None else unicode(by_number[r]) for r in f.readings}
        assert found == expected, text


def test_the_table_is_constant_on_placements_with_the_same_counts_on_every_open_set():
    """Every open set of a 2×3 grid, the move on its first closed cell."""
    schema = SCHEMAS["corrected"]
    program = Program(schema)
    items = Items(program)
    frontiers = {}
    for text, _ in TABLE:
        tree = schema.expression_tree(text)
        frontiers[tree] = (Frontier(items, tree, THROUGH), text)
    stats: Counter = Counter()
    board = BOARDS[1]
    n = len(board.cells)
    for opened in range((1 << n) - 1):
        closed = [i for i in range(n) if not opened >> i & 1]
        check("corrected", program, frontiers, board, opened, closed[0], stats)
    assert stats["counts compared, formula not constant"] >= 200, stats


class Claimed:
    """A frontier that claims ``card(S2)`` is all a formula reads."""
    readings, requires = (None,), ()

    def key(self, run):
        return None

    def counted(self, run):
        return [None]


def test_the_check_finds_a_formula_that_reads_more_than_is_claimed():
    """The oracle is not blind: ``card(S4 ∩ S2) = 1`` said to read only
    card(S2) has two outcomes on the placements of one mine on a 2×2 grid
    with one open cell (the mine on the move or not)."""
    schema = SCHEMAS["corrected"]
    tree = schema.expression_tree("card(S4 ∩ S2) = 1")
    with pytest.raises(pytest.fail.Exception, match="two outcomes on placements"):
        check("corrected", Program(schema), {tree: (Claimed(), "card(S4 ∩ S2) = 1")},
              BOARDS[0], 0b0001, 1, Counter())
