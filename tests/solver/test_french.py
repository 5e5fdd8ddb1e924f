"""Rules 0-7 of « DEMINEUR : CRÉATION ET SOLUTION » (seeds/001): notions,
each rule on the case its pseudo-code describes, the engine's order, and the
pseudo-statistical guess."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest

from setmine.solver import InconsistentPosition, Position, random_game, solve
from setmine.solver.rules.french import (BOMBE, INCONNU, LIBRE, REGLES, Vue, deduce, next_move,
                                   pseudo_statistical_guess, regle_0, regle_1, regle_2, regle_3,
                                   regle_3_corrigee, regle_4, regle_5, regle_6, regle_7)


def graph_position(numbers: dict[str, tuple[int, str]], flagged: str = "", total: int | None = None) -> Position:
    """Open cells named by ``numbers`` (name -> (number, its closed neighbours
    as letters)); the relation is made symmetric."""
    closed = sorted({c for _, around in numbers.values() for c in around} | set(flagged))
    cells = tuple(closed) + tuple(numbers)
    nbrs: dict[str, set[str]] = {c: set() for c in cells}
    for x, (_, around) in numbers.items():
        for c in around:
            nbrs[x].add(c)
            nbrs[c].add(x)
    shown = {x: n for x, (n, _) in numbers.items()}
    return Position(cells, nbrs, shown, total if total is not None else len(closed), frozenset(flagged))


def rules_fired(d) -> list[str]:
    return [s.rule for s in d.steps]


# ---------------------------------------------------------------------------
# The notions I, V, E, B, T, C, inc, int


def test_notions():
    pos = Position.from_grid(["F??", "21?", "???"], total_mines=3)
    v = Vue(pos)
    x, y = (1, 0), (1, 1)
    assert v.V(x) == {(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)}
    assert v.B(x) == 2 and v.C(x) == 1 and v.T(x) == 1
    assert v.E((0, 0)) == BOMBE and v.E((0, 1)) == INCONNU and v.E(x) == 2
    assert v.I(x) == {(0, 1), (2, 0), (2, 1)}
    assert v.I(y) == {(0, 1), (0, 2), (1, 2), (2, 0), (2, 1), (2, 2)}
    assert v.T(y) == 0
    assert v.inc(x, y) and not v.inc(y, x)
    assert v.int(x, y) == v.I(x)
    v.marquer(libres=[(0, 1)])
    assert v.E((0, 1)) == LIBRE and (0, 1) not in v.I(x)
    assert v.card(v.I(x) - v.int(x, y)) == 0


# ---------------------------------------------------------------------------
# Each rule on its own case


def test_regle_0():
    d = deduce(Position.from_grid(["1?"], total_mines=1))
    assert d.mines == {(0, 1)} and not d.safe
    assert rules_fired(d) == ["règle 0"]


def test_regle_1():
    d = deduce(Position.from_grid(["F1?"], total_mines=1))
    assert d.safe == {(0, 2)} and not d.mines            # the flag is a premise
    assert rules_fired(d) == ["règle 1"]


def test_regle_2_one_one_one():
    # I(1,0) = {a, b} inc I(1,1) = {a, b, c}, T = 1 = 1: c is free
    d = deduce(Position.from_grid(["???", "111"], total_mines=1))
    assert d.safe == {(0, 0), (0, 2)} and d.mines == {(0, 1)}
    assert rules_fired(d) == ["règle 2", "règle 0", "règle 1"]
    assert d.steps[0].cells == ((1, 0), (1, 1)) and d.steps[0].safe == {(0, 2)}


def test_one_two_one_rule_5():
    d = deduce(Position.from_grid(["???", "121"], total_mines=2))
    assert d.mines == {(0, 0), (0, 2)} and d.safe == {(0, 1)}
    # card(I(1,1) - (x int y)) = card({(0,2)}) = 1 = T(1,1) - T(1,0): a bomb
    assert rules_fired(d) == ["règle 5", "règle 1", "règle 0"]
    assert d.steps[0].cells == ((1, 1), (1, 0)) and d.steps[0].mines == {(0, 2)}
    # with rule 3 corrected, rule 3 sees it first (x = (1,0) inc y = (1,1))
    c = deduce(Position.from_grid(["???", "121"], total_mines=2), corrected_rule_3=True)
    assert rules_fired(c) == ["règle 3", "règle 1", "règle 0"]
    assert (c.safe, c.mines) == (d.safe, d.mines)


def test_regle_3_as_printed_is_false_but_preempted():
    # Printed: I(x) inc I(y) ET T(y) - T(x) == C(I(x) - (x int y)) -- here
    # C(∅) = 0, so T(y) == T(x) -- then I(y) - (x int y) = Bombe.  That cell is safe.
    pos = Position.from_grid(["???", "111"], total_mines=1)
    v, x, y = Vue(pos), (1, 0), (1, 1)
    assert v.inc(x, y) and v.T(y) - v.T(x) == v.card(v.I(x) - v.int(x, y)) == 0
    assert regle_3(v, x, y).bombes == {(0, 2)}
    assert (0, 2) in solve(pos).safe
    assert regle_2(v, x, y).libres == {(0, 2)}            # the same test, tried first
    assert regle_3_corrigee(v, x, y) is None
    assert "règle 3" not in rules_fired(deduce(pos))
    with pytest.raises(ValueError, match="rule 3 as printed"):
        deduce(pos, rules=(0, 1, 3))
    assert deduce(pos, rules=(0, 1, 3), corrected_rule_3=True).safe <= solve(pos).safe


def test_regle_4_partial_overlap():
    # x = 2 on {a, b, c}, y = 1 on {b, c, d}: T(x) - C({a}) = 1 = T(y) => d free;
    # then C(I(x) - (x int y)) = card({a}) = 1 = T(x) - T(y) => a is a bomb (rule 5).
    pos = graph_position({"x": (2, "abc"), "y": (1, "bcd")}, total=2)
    d = deduce(pos)
    assert d.safe == {"d"} and d.mines == {"a"}
    assert rules_fired(d) == ["règle 4", "règle 5"]
    assert d.steps[0].cells == ("x", "y") and d.steps[1].cells == ("x", "y")
    assert d.safe <= solve(pos).safe and d.mines <= solve(pos).mines
    c = deduce(pos, corrected_rule_3=True)
    assert rules_fired(c) == ["règle 4", "règle 3"] and c.steps[1].cells == ("y", "x")


def test_regle_5_has_rule_4s_test():
    pos = graph_position({"x": (2, "abc"), "y": (1, "bcd")})
    v = Vue(pos)
    assert regle_5(v, "x", "y").bombes == {"a"}
    assert regle_4(v, "x", "y").libres == {"d"}
    assert regle_5(v, "y", "x") is None and regle_4(v, "y", "x") is None


def test_rules_6_and_7_repeat_4_and_5():
    pos = graph_position({"x": (2, "abc"), "y": (1, "bcd")})
    v = Vue(pos)
    assert regle_6(v, "x", "y").libres == regle_4(v, "x", "y").libres
    assert regle_7(v, "x", "y").bombes == regle_5(v, "x", "y").bombes
    assert "identique à la règle 4" in regle_6(v, "x", "y").why
    assert "identique à la règle 5" in regle_7(v, "x", "y").why
    # run without 4 and 5, rules 6 and 7 take their place (and say so)
    d = deduce(pos, rules=(0, 1, 2, 6, 7))
    assert rules_fired(d) == ["règle 6", "règle 7"]
    assert "identique à la règle 4" in d.steps[0].why and "identique à la règle 5" in d.steps[1].why
    assert (d.safe, d.mines) == (deduce(pos).safe, deduce(pos).mines)


@pytest.mark.parametrize("seed", range(40))
def test_rule_pairs_agree_everywhere(seed):
    """6 ≡ 4 and 7 ≡ 5 on every pair of a random position; rules 4 and 5 have
    the same test."""
    pos, _ = random_game(random.Random(seed), 6, 6, 8, 4, ["square", "torus", "hex"][seed % 3])
    v = Vue(pos)
    for x, y in permutations([x for x in v.numeros if v.I(x)], 2):
        r4, r5, r6, r7 = (f(v, x, y) for f in (regle_4, regle_5, regle_6, regle_7))
        assert (r4 and r4.libres) == (r6 and r6.libres)
        assert (r5 and r5.bombes) == (r7 and r7.bombes)
        inter = v.I(x) & v.I(y)
        same_test = v.T(x) - len(v.I(x) - inter) == v.T(y)
        assert (r4 is not None) == (same_test and bool(v.I(y) - inter))
        assert (r5 is not None) == (same_test and bool(v.I(x) - inter))


def test_which_rules_fire_in_a_full_run():
    """Rules 6/7 are tried only after 4/5 found nothing with the same tests;
    rule 3 as printed only after rule 2 found nothing with the same test.
    Corrected, rule 3 does rule 5's work first (5 has rule 4's test, and once
    4 has freed I(y) - I(x), I(y) inc I(x)); the cells found are the same."""
    seen, seen_corrected = set(), set()
    for seed in range(150):
        rng = random.Random(seed)
        pos, _ = random_game(rng, 8, 8, 12, 6, ["square", "torus", "hex"][seed % 3])
        d, c = deduce(pos), deduce(pos, corrected_rule_3=True)
        seen |= set(rules_fired(d))
        seen_corrected |= set(rules_fired(c))
        assert (d.safe, d.mines) == (c.safe, c.mines)
    assert seen == {"règle 0", "règle 1", "règle 2", "règle 4", "règle 5"}
    assert seen_corrected == {"règle 0", "règle 1", "règle 2", "règle 3", "règle 4"}


def test_priority_cheapest_rule_first():
    """After every firing the engine restarts from rule 0: no pair rule fires
    while a rule 0 or 1 could."""
    for seed in range(60):
        pos, _ = random_game(random.Random(seed), 9, 9, 12, 5)
        d = deduce(pos)
        v = Vue(pos)
        for step in d.steps:
            n = int(step.rule.split()[1])
            for earlier in REGLES[:n]:
                for x in v.numeros:
                    if earlier.paire:
                        assert all(earlier.fonction(v, x, y) is None for y in v.partenaires(x))
                    else:
                        assert earlier.fonction(v, x) is None
            v.marquer(step.safe, step.mines)


def test_fixpoint_no_rule_applies():
    for seed in range(40):
        pos, _ = random_game(random.Random(seed), 8, 8, 10, 5, ["square", "torus", "hex"][seed % 3])
        d = deduce(pos)
        v = Vue(pos)
        v.marquer(d.safe, d.mines)
        for x in v.numeros:
            assert regle_0(v, x) is None and regle_1(v, x) is None
            for y in v.numeros:
                if y != x:
                    assert all(f(v, x, y) is None
                               for f in (regle_2, regle_3, regle_3_corrigee, regle_4, regle_5))


def test_inconsistent_view():
    with pytest.raises(InconsistentPosition):
        deduce(Position.from_grid(["2?"], total_mines=1))


# ---------------------------------------------------------------------------
# The pseudo-statistical rule


def test_pseudo_statistical_estimates():
    pos = Position.from_grid(["????", "???1", "?1??", "????"], total_mines=4)
    assert not deduce(pos).safe
    g = pseudo_statistical_guess(pos)
    # (1,3) shares 1 bomb on 5 unknowns, (2,1) on 8; the largest share counts
    assert g.estimates[(0, 2)] == Fraction(1, 5)
    assert g.estimates[(1, 2)] == Fraction(1, 5)          # seen by both: max(1/5, 1/8)
    assert g.estimates[(1, 0)] == Fraction(1, 8)
    assert g.estimates[(0, 0)] == Fraction(4, 14)         # seen by none: 4 bombs / 14 unknowns
    assert g.cell == (1, 0) and g.estimate == Fraction(1, 8)  # first in board order of the 1/8s
    assert g.step.rule == "pseudo règle statistique" and not g.step.safe
    # naive: the exact engine rates it 9/56 while (1,2) is 1/56
    sol = solve(pos)
    assert sol.probability((1, 0)) == Fraction(9, 56)
    assert sol.best == ((1, 2), (2, 2)) and sol.probability((1, 2)) == Fraction(1, 56)


def test_pseudo_statistical_uses_deductions():
    pos = Position.from_grid(["?1??"], total_mines=2)
    g = pseudo_statistical_guess(pos)
    assert g.estimates == {(0, 0): Fraction(1, 2), (0, 2): Fraction(1, 2), (0, 3): Fraction(2, 3)}
    assert g.cell == (0, 0)
    # cells the rules settle are never guessed; nothing left -> None
    g = pseudo_statistical_guess(Position.from_grid(["???", "111"], total_mines=1))
    assert g is None
    g = pseudo_statistical_guess(Position.from_grid(["????", "111?"], total_mines=2))
    assert g.cell not in {(0, 0), (0, 1), (0, 2)}


def test_next_move():
    cell, step = next_move(Position.from_grid(["???", "111"], total_mines=1))
    assert cell == (0, 2) and step.rule == "règle 2"
    cell, step = next_move(Position.from_grid(["?1??"], total_mines=2))
    assert cell == (0, 0) and step.rule == "pseudo règle statistique"


def test_play_games_deduced_moves_never_lose():
    """Play with the French solver: a move the rules freed is never a mine."""
    wins = 0
    for seed in range(30):
        rng = random.Random(seed)
        pos, mines = random_game(rng, 6, 6, 5)
        while True:
            move = next_move(pos)
            if move is None or len(pos.shown) + len(mines) == len(pos.cells):
                wins += 1
                break
            cell, step = move
            if step.rule != "pseudo règle statistique":
                assert cell not in mines
            elif cell in mines:
                break
            shown = dict(pos.shown)
            todo = [cell]
            while todo:                                     # open, cascading through zeros
                c = todo.pop()
                if c in shown:
                    continue
                shown[c] = len(pos.neighbours[c] & mines)
                if shown[c] == 0:
                    todo.extend(pos.neighbours[c])
            pos = Position(pos.cells, pos.neighbours, shown, pos.total_mines)
    assert wins >= 10
