"""Work shared across the state space changes nothing: each term keyed by
what it reads of the hidden mines (``eval/compiled/frontier.py``), and a
property that does not read the move decided once for all the moves of a
(mines, open cells), give the verdicts, counts and first counterexamples
of the run that shares nothing — for both shipped schemas, whose terms do
(the written one) and do not (the corrected one) read the hidden mines."""

from __future__ import annotations

import pytest

from setmine.board.shapes import grid_shape
from setmine.eval.compiled.frontier import Frontier, Items
from setmine.eval.compiled.program import Program
from setmine.rsl.syntax.printer import unicode
from setmine.rsl.schema import Schema
from setmine.verification.boards import explore, job as job_module, memo
from setmine.verification.boards.job import Job, shape_data
from setmine.verification.boards.run import verify

WRITTEN = Schema.load("spec/saper.rsl")
CORRECTED = Schema.load("spec/saper-corrected.rsl")
PROPERTIES = (("assert", "D18 ∩ D8 = ∅"), ("assert", "card(D15) ≥ 1"), ("assert", "A6"),
              ("assert", "D11 ∩ S2 = ∅"), ("assert", "D8 ⊆ S2"), ("builtin", "axioms"),
              ("builtin", "crosscheck"), ("builtin", "observable"))
SHAPES = [grid_shape("square", 1, 4), grid_shape("square", 2, 3), grid_shape("torus", 2, 3),
          grid_shape("hex", 2, 2)]


def run(schema: Schema, scope: str, mines=(0, None)) -> dict:
    job = Job(schema_text=schema.source, schema_path=schema.path,
              shapes=tuple(shape_data(s) for s in SHAPES), properties=PROPERTIES, scope=scope,
              mines=mines)
    job_module._loaded.cache_clear()  # a fresh memo for every run
    merged = verify(job).merged
    job_module._loaded.cache_clear()
    return merged


@pytest.mark.parametrize("schema", [WRITTEN, CORRECTED], ids=["written", "corrected"])
@pytest.mark.parametrize("scope, mines", [("positions", (0, None)), ("games", (1, 2))])
def test_sharing_changes_no_verdict_count_or_counterexample(monkeypatch, schema, scope, mines):
    shared = run(schema, scope, mines)
    monkeypatch.setattr(memo, "SHARED", frozenset())   # keyed by S2 itself: nothing shared
    monkeypatch.setattr(explore, "GROUP_MOVES", False)  # every move checked on its own
    alone = run(schema, scope, mines)
    assert shared == alone


FRONTIERS = [
    # (schema, term, the sub-terms through which it reads S2)
    (CORRECTED, "D8", {"card(S2)", "card(pr2(c)∩S2)"}),
    (CORRECTED, "D11", {"card(S2)", "card(pr2(c)∩S2)"}),
    (CORRECTED, "D18", {"card(S2)", "card(pr2(c)∩S2)", "card(S2)-card(D8)"}),
    (CORRECTED, "D5", set()),
    (CORRECTED, "D4", {"S2"}),       # pr2 b ∩ S2: which neighbours are mined, hidden
    (WRITTEN, "D8", {"S2"}),         # through D7, D6, D4: the hidden mines themselves
    (WRITTEN, "D18", {"S2", "card(S2)-card(D8)"}),
]


@pytest.mark.parametrize("schema, alias, expected", FRONTIERS)
def test_a_term_is_keyed_by_what_it_reads_of_the_mines(schema, alias, expected):
    items = Items(Program(schema))
    frontier = Frontier(items, alias, frozenset({"S2"}))
    by_number = {n: node for (node, _), n in items.index.items()}
    assert {unicode(by_number[n]) for n in frontier.numbers} == expected
    assert "S2" not in frontier.others


READINGS = [
    # (schema, term or formula, the sets whose meets with S2 it counts; None: it reads S2
    # otherwise).  "S2" stands for card(S2) itself.
    (CORRECTED, "D8", {"S2", "pr2(c)"}),
    (CORRECTED, "D11", {"S2", "pr2(c)"}),
    (CORRECTED, "D18", {"S2", "pr2(c)"}),           # through D8, D11, D15, D17
    (CORRECTED, "D5", set()),                       # does not read S2
    (CORRECTED, "A4", {"S3"}),                      # S3 ∩ S2 = ∅
    (CORRECTED, "D4", None),                        # pr2 b ∩ S2 inside a comprehension
    (CORRECTED, "D20", None),                       # X1\(S3 ∪ S4) = S2: S2 itself
    (WRITTEN, "D8", None),                          # through D4
    (CORRECTED, "∀x∈S3 x∉S2", {"x"}),               # a member test, x over S3
    (CORRECTED, "D11 ∩ S2 = ∅", None),              # D11 reads S2: not a count
    (CORRECTED, "card(D8) ≥ card(S2 ∩ D1)", {"S2", "pr2(c)", "D1"}),
]


@pytest.mark.parametrize("schema, formula, expected", READINGS)
def test_a_formula_counts_what_it_reads_of_the_mines(schema, formula, expected):
    items = Items(Program(schema))
    frontier = Frontier(items, formula if formula in schema else
                        schema.expression_tree(formula), frozenset({"S2"}))
    by_number = {n: node for (node, _, _), n in items.sets.items()}
    found = None if frontier.readings is None else \
        {"S2" if r is None else unicode(by_number[r]) for r in frontier.readings}
    assert found == expected


def test_a_key_repeats_for_placements_with_the_same_view():
    """Two placements giving the same numbers and count share D8's key;
    one giving another number does not."""
    program = Program(CORRECTED)
    items = Items(program)
    frontier = Frontier(items, "D8", frozenset({"S2"}))
    shape = grid_shape("square", 1, 3)   # cells (0,0) (0,1) (0,2); (0,1) open
    cells = shape.cells
    base = {"X1": frozenset(cells),
            "S1": frozenset((a, b) for a in cells for b in shape.neighbours[a]),
            "S3": frozenset({(0, 1)}), "S4": frozenset()}

    def key(mines):
        r = program.start({**base, "S2": frozenset(mines)})
        r.all(frontier.requires, {})
        return frontier.key(r)

    assert key({(0, 0)}) == key({(0, 2)})        # the 1 shown either way
    assert key({(0, 0)}) != key({(0, 0), (0, 2)})


def test_the_memo_keeps_large_values_fewer():
    """A kept value weighs its members: past the weight, the least recently
    used go first, however few the keys; a number weighs one."""
    table = memo.Keyed(size=1000, most=100)
    for i in range(10):
        table.put(i, frozenset(range(30)), memo.weight(frozenset(range(30))))
    assert list(table.values) == [7, 8, 9] and table.total == 93
    table.get(7)
    table.put("n", 5, memo.weight(5))
    assert list(table.values) == [8, 9, 7, "n"] and table.total == 94
    small = memo.Keyed(size=3)
    for i in range(5):
        small.put(i, i, 1)
    assert list(small.values) == [2, 3, 4]
