"""The players: least (A6/D18), french, course, best, the registry, the endgame search."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine.solver import Position, random_game, solve
from setmine.solver.games.endgame import endgame_search
from setmine.solver.games.game import Game, game_seed
from setmine.solver.games.game_config import GameConfig
from setmine.solver.games.runs import play_game, play_games
from setmine.solver.games.policies import (POLICIES, BestPolicy, LeastPolicy, make_policy,
                                     register_policy, reveal_outcomes)


@st.composite
def positions(draw, max_cells=20):
    rows = draw(st.integers(2, 4))
    cols = draw(st.integers(2, max_cells // rows))
    mines = draw(st.integers(1, rows * cols - 2))
    topology = draw(st.sampled_from(["square", "torus", "hex"]))
    rng = random.Random(draw(st.integers(0, 10 ** 6)))
    pos, _ = random_game(rng, rows, cols, mines, clicks=draw(st.integers(0, 3)), topology=topology)
    return pos


def _live(pos: Position) -> bool:
    return any(c not in pos.shown for c in pos.cells) and solve(pos).mines != frozenset(pos.closed)


# ---------------------------------------------------------------------------
# least


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_least_picks_the_first_cell_of_least_probability(pos):
    if not _live(pos):
        return
    sol = solve(pos)
    cell = LeastPolicy().choose(pos, random.Random(0))
    low = min(sol.probability(c) for c in pos.closed)
    assert sol.probability(cell) == low
    assert cell == min(c for c in pos.closed if sol.probability(c) == low)   # row-major


class Recorder:
    """Wraps a policy and records the probability of each move it makes
    against the least probability available."""

    def __init__(self, policy):
        self.policy = policy
        self.moves = []

    def new_game(self):
        self.policy.new_game()

    def choose(self, position, rng):
        cell = self.policy.choose(position, rng)
        sol = solve(position)
        self.moves.append((sol.probability(cell), min(sol.probabilities.values()), sol.safe))
        return cell


def test_least_always_plays_a_cell_of_least_probability_in_games():
    cfg = GameConfig.level("beginner")
    rec = Recorder(make_policy("least", config=cfg))
    for i in range(15):
        play_game(cfg, rec, 3, i)
    assert len(rec.moves) > 100
    assert all(p == low for p, low, _ in rec.moves)


def test_schema_rule_is_least():
    cfg = GameConfig.level("beginner")
    a = play_games(cfg, "least", 10, seed=4)
    b = play_games(cfg, "schema-rule", 10, seed=4)
    assert [(r.won, r.moves) for r in a] == [(r.won, r.moves) for r in b]


# ---------------------------------------------------------------------------
# best


def test_best_opens_sure_safe_cells_first_and_guesses_near_the_least():
    cfg = GameConfig.level("beginner")
    best = make_policy("best", config=cfg)
    rec = Recorder(best)
    for i in range(15):
        play_game(cfg, rec, 5, i)
    for p, low, safe in rec.moves:
        if safe:
            assert p == 0
        else:
            assert p <= low + Fraction(best.tol) + Fraction(1, 10 ** 9)


def test_best_first_clicks():
    corner = BestPolicy(GameConfig.level("expert", first_click="safe"))
    empty = Game(corner.config, 0).position
    assert corner.choose(empty, random.Random(0)) == (0, 0)
    zero = BestPolicy(GameConfig.level("beginner", first_click="zero"))
    assert zero.choose(Game(zero.config, 0).position, random.Random(0)) == (2, 2)


def test_best_wins_at_least_as_often_as_least():
    cfg = GameConfig.level("beginner")
    least = play_games(cfg, "least", 250, seed=2024)
    best = play_games(cfg, "best", 250, seed=2024)
    assert sum(r.won for r in best) >= sum(r.won for r in least)


def test_reveal_outcomes_add_up():
    rng = random.Random(5)
    for _ in range(20):
        pos, _ = random_game(rng, 5, 6, 7, clicks=2)
        sol = solve(pos)
        for cell in pos.closed:
            outs = list(reveal_outcomes(pos, cell))
            assert sum(sub.total for _, sub in outs) == sol.total - sol.count[cell]


# ---------------------------------------------------------------------------
# The exact endgame search against a plain expectimax


def brute_win(pos: Position) -> dict:
    """Chance of winning after each first move, by plain recursion over the
    consistent placements."""
    closed = [c for c in pos.cells if c not in pos.shown]
    placements = [frozenset(m) for m in combinations(closed, pos.total_mines)
                  if all(len(pos.neighbours[o] & set(m)) == n for o, n in pos.shown.items())]
    memo = {}

    def value(P, opened):
        key = (P, opened)
        if key in memo:
            return memo[key]
        if len(P) == 1:
            return 1.0
        best = 0.0
        for c in closed:
            if c not in opened:
                best = max(best, after(P, opened, c))
        memo[key] = best
        return best

    def after(P, opened, c):
        parts = {}
        for m in P:
            if c not in m:
                parts.setdefault(len(pos.neighbours[c] & m), []).append(m)
        return sum(len(q) * value(frozenset(q), opened | {c}) for q in parts.values()) / len(P)

    P = frozenset(placements)
    return {c: after(P, frozenset(), c) for c in closed}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_cells=12))
def test_endgame_search_is_optimal(pos):
    if not _live(pos) or pos.total_mines > 6:
        return
    found = endgame_search(pos)
    assert found is not None
    cell, chance = found
    wins = brute_win(pos)
    assert chance == pytest.approx(max(wins.values()))
    assert wins[cell] == pytest.approx(chance)


def test_endgame_search_on_a_fifty_fifty():
    pos = Position.from_grid(["??", "11"], total_mines=1)
    assert endgame_search(pos) == ((0, 0), 0.5)


# ---------------------------------------------------------------------------
# The seeds' players and the registry


@pytest.mark.parametrize("name", ["french", "course"])
def test_seed_policies_play_whole_games(name):
    cfg = GameConfig.level("beginner")
    results = play_games(cfg, name, 20, seed=8)
    assert all(r.won or r.lost_at is not None for r in results)
    assert any(r.won for r in results)


def test_french_opens_what_its_rules_free():
    from setmine.solver.rules import french
    pos = Position.from_grid(["???", "121", "000"], total_mines=2)
    assert make_policy("french").choose(pos, random.Random(0)) in french.deduce(pos).safe


def test_course_moves_at_random_only_without_a_safe_move():
    pos = Position.from_grid(["???", "121", "000"], total_mines=2)
    assert make_policy("course").choose(pos, random.Random(0)) == (0, 1)
    empty = Position.from_grid(["???", "???"], total_mines=1)
    picks = {make_policy("course").choose(empty, random.Random(s)) for s in range(30)}
    assert len(picks) > 1                           # random, from the rng given


def test_registry_accepts_new_policies():
    class FirstClosed:
        def __init__(self, config=None):
            pass

        def choose(self, position, rng):
            return next(c for c in position.cells if c not in position.shown)

    register_policy("test-first-closed", FirstClosed, "the first closed cell")
    try:
        results = play_games(GameConfig(5, 5, 2), "test-first-closed", 4, seed=1, jobs=2)
        assert len(results) == 4
        assert make_policy("test-first-closed").choose(
            Position.from_grid(["0?"], total_mines=0), None) == (0, 1)
    finally:
        del POLICIES["test-first-closed"]
    with pytest.raises(KeyError, match="unknown policy"):
        make_policy("nobody")
    assert {"least", "schema-rule", "french", "course", "best"} <= set(POLICIES)


def test_a_policy_object_can_be_reused_across_games():
    """A player remembers sure-safe cells only within a game: reused without
    new_game, or on a new position, it still plays correctly."""
    cfg = GameConfig.level("beginner")
    policy = make_policy("least", config=cfg)
    game1 = Game(cfg, game_seed(0, 0))
    game1.open((0, 0))
    policy.choose(game1.position, random.Random(0))
    game2 = Game(cfg, game_seed(0, 1))
    game2.open((8, 8))
    cell = policy.choose(game2.position, random.Random(0))
    sol = solve(game2.position)
    assert sol.probability(cell) == min(sol.probabilities.values())
