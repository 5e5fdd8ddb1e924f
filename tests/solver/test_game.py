"""The game engine: deals, first-click rules, the cascade, win and loss, seeds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.board import Board
from setmine.solver import solve
from setmine.solver.games.game import Game, GameOver, game_seed
from setmine.solver.games.game_config import LEVELS, GameConfig, parse_level
from setmine.solver.games.runs import play_game, play_games, summarise, wilson_interval
from setmine.solver.games.policies import make_policy
from tests.board.make_boards import reveal

SMALL = [GameConfig(6, 5, 6, topology=t, first_click=r)
         for t in ("square", "torus", "hex") for r in ("safe", "zero", "unsafe")]


def board_of(game: Game) -> Board:
    return game.board(show_mines=True)


def mines_for(game: Game, first) -> frozenset:
    """The mines ``game``'s deal gets when the first click is ``first``: those
    of a fresh game of the same config and seed, opened there."""
    fresh = Game(game.config, game.seed)
    fresh.open(first)
    return fresh.mines


# ---------------------------------------------------------------------------
# Levels and configs


def test_levels():
    assert parse_level("beginner") == (9, 9, 10)
    assert parse_level("Intermediate") == (16, 16, 40)
    assert parse_level("expert") == (30, 16, 99)          # 30 columns x 16 rows
    assert parse_level("20x10x30") == (20, 10, 30)
    cfg = GameConfig.level("expert")
    assert (cfg.cols, cfg.rows, cfg.mines) == (30, 16, 99)
    assert len(cfg.cells) == 480 and max(cfg.cells) == (15, 29)
    with pytest.raises(ValueError, match="unknown level"):
        parse_level("huge")
    assert set(LEVELS) == {"beginner", "intermediate", "expert"}


def test_config_rejects_what_cannot_be_dealt():
    with pytest.raises(ValueError, match="do not fit"):
        GameConfig(3, 3, 1, first_click="zero")            # the 3x3 block around (1,1) is all
    GameConfig(3, 3, 8, first_click="safe")
    with pytest.raises(ValueError, match="do not fit"):
        GameConfig(3, 3, 9, first_click="safe")
    GameConfig(3, 3, 9, first_click="unsafe")
    with pytest.raises(ValueError, match="first-click"):
        GameConfig(3, 3, 1, first_click="lucky")
    with pytest.raises(ValueError, match="topology"):
        GameConfig(3, 3, 1, topology="round")


# ---------------------------------------------------------------------------
# The first-click rules


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 9), cfg=st.sampled_from(SMALL), data=st.data())
def test_first_click_rules(seed, cfg, data):
    game = Game(cfg, seed)
    first = data.draw(st.sampled_from(cfg.cells))
    before = game.mines
    game.open(first)
    mines = game.mines
    assert len(mines) == cfg.mines
    assert mines == mines_for(game, first)
    if cfg.first_click == "unsafe":
        assert before == mines                      # placed before the click
        assert game.status == ("lost" if first in mines else game.status)
    else:
        assert before is None
        assert first not in mines and game.status != "lost"
        if cfg.first_click == "zero":
            assert not cfg.neighbours[first] & mines
            assert cfg.neighbours[first] <= game.opened     # a zero: it cascades


def test_deals_are_uniform_enough():
    """Every cell but the first click is a mine about equally often."""
    cfg = GameConfig(4, 4, 3, first_click="safe")
    hits = dict.fromkeys(cfg.cells, 0)
    for i in range(3000):
        for c in mines_for(Game(cfg, i), (0, 0)):
            hits[c] += 1
    assert hits[(0, 0)] == 0
    expected = 3000 * 3 / 15
    assert all(abs(n - expected) < 0.2 * expected for c, n in hits.items() if c != (0, 0))


# ---------------------------------------------------------------------------
# The cascade, win and loss


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 9), cfg=st.sampled_from(SMALL), data=st.data())
def test_cascade_matches_the_board_model(seed, cfg, data):
    game = Game(cfg, seed)
    game.open(data.draw(st.sampled_from(cfg.cells)))
    if game.status == "lost":
        return
    board = board_of(game)
    for _ in range(3):
        closed_safe = [c for c in cfg.cells if c not in game.opened and c not in game.mines]
        if not closed_safe or game.status != "playing":
            break
        cell = data.draw(st.sampled_from(closed_safe))
        game.open(cell)
        board = reveal(board, cell)                 # the board model's cascade
        assert board.opened == frozenset(game.opened)
    # the view shows exactly the numbers of the open cells
    pos = game.position
    assert set(pos.shown) == game.opened
    assert all(n == board.number(c) for c, n in pos.shown.items())
    assert pos.total_mines == cfg.mines and not pos.flagged


def test_no_cascade_opens_one_cell():
    cfg = GameConfig(9, 9, 10, first_click="zero", cascade=False)
    game = Game(cfg, 3)
    game.open((4, 4))
    assert game.opened == {(4, 4)} and game.position.shown == {(4, 4): 0}
    # its neighbours are sure-safe now: opening one is not a guess
    move = game.open((3, 3))
    assert not move.guess and move.opened == 1


def test_win_and_loss():
    cfg = GameConfig(5, 4, 3, first_click="safe")
    game = Game(cfg, 11)
    game.open((0, 0))
    mines = game.mines
    for c in cfg.cells:
        if c not in mines and c not in game.opened:
            game.open(c)
    assert game.status == "won"
    assert set(game.closed) == mines                # D20: the closed cells are the mines
    with pytest.raises(GameOver):
        game.open(next(iter(mines)))

    lost = Game(cfg, 11)
    lost.open((0, 0))
    cell = min(lost.mines)
    move = lost.open(cell)
    assert lost.status == "lost" and lost.lost_at == cell and move.opened == 0
    assert cell not in lost.opened
    with pytest.raises(GameOver):
        lost.open(next(c for c in cfg.cells if c not in lost.opened and c not in lost.mines))


def test_bad_moves():
    game = Game(GameConfig(5, 5, 3), 0)
    game.open((2, 2))
    with pytest.raises(GameOver, match="already open"):
        game.open((2, 2))
    with pytest.raises(GameOver, match="not a cell"):
        game.open((9, 9))


def test_a_winning_first_click_when_there_are_no_mines():
    game = Game(GameConfig(3, 3, 0), 0)
    game.open((1, 1))
    assert game.status == "won" and len(game.opened) == 9


def test_guesses_are_moves_that_were_not_sure_safe():
    cfg = GameConfig.level("beginner")
    game = Game(cfg, game_seed(1, 0))
    move = game.open((0, 0))
    assert not move.guess                           # the safe rule guarantees it
    rng = random.Random(0)
    while game.status == "playing":
        pos = game.position
        sol = solve(pos)
        cell = rng.choice([c for c in pos.closed])
        if sol.safe and rng.random() < 0.7:
            cell = min(sol.safe)
        move = game.open(cell)
        assert move.guess == (sol.count[cell] > 0)
    unsafe = Game(GameConfig(9, 9, 10, first_click="unsafe"), 0)
    assert unsafe.open((0, 0)).guess


def test_the_board_for_drawing():
    game = Game(GameConfig(6, 4, 4), 2)
    game.open((0, 0))
    view = game.board()
    assert view.unknown == view.closed()            # a view: the mines are not given away
    full = game.board(show_mines=True)
    assert full.mines == game.mines and full.opened == frozenset(game.opened)
    assert (view.rows, view.cols) == (4, 6)


def test_graph_games():
    from setmine.board import parse_graph_json
    ring = parse_graph_json('{"cells": [[0,0],[0,1],[0,2],[0,3],[0,4],[0,5]], '
                            '"neighbours": [[0,1],[1,2],[2,3],[3,4],[4,5],[5,0]], "mines": [[0,3]]}')
    cfg = GameConfig.from_board(ring, first_click="safe")
    assert cfg.topology == "graph" and cfg.mines == 1
    result = play_game(cfg, make_policy("best", config=cfg), 5, 0)
    assert result.won or result.lost_at is not None


# ---------------------------------------------------------------------------
# Seeds and runs


def test_same_seed_same_mines_for_every_policy():
    cfg = GameConfig.level("beginner")
    for index in range(5):
        deals = {}
        for name in ("least", "best", "french", "course"):
            game = Game(cfg, game_seed(42, index))
            result = play_game(cfg, make_policy(name, config=cfg), 42, index, game=game)
            deals[name] = (result.first, game.mines)
            # the mines depend only on the seed, the index and the first click
            assert game.mines == mines_for(Game(cfg, game_seed(42, index)), result.first)
        firsts = {first for first, _ in deals.values()}
        for first in firsts:
            same = {mines for f, mines in deals.values() if f == first}
            assert len(same) == 1


def test_game_seeds_differ_and_repeat():
    assert game_seed(1, 0) == game_seed(1, 0) == game_seed("1", 0)
    assert len({game_seed(1, i) for i in range(100)}) == 100
    assert game_seed(1, 0) != game_seed(2, 0)


def _key(results):
    return [(r.index, r.won, r.moves, r.guesses, r.opened, r.first, r.lost_at) for r in results]


def test_jobs_give_the_same_results():
    cfg = GameConfig.level("beginner")
    one = play_games(cfg, "least", 24, seed=9, jobs=1)
    two = play_games(cfg, "least", 24, seed=9, jobs=2)
    assert _key(one) == _key(two)
    course1 = play_games(cfg, "course", 12, seed=9, jobs=1)
    course2 = play_games(cfg, "course", 12, seed=9, jobs=2)
    assert _key(course1) == _key(course2)           # its random moves too
    assert [r.index for r in one] == list(range(24))


def test_other_topologies_play_to_the_end():
    for cfg in SMALL:
        for r in play_games(cfg, "least", 5, seed=1):
            assert r.won or r.lost_at is not None


def test_wilson_interval_and_summary():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(10, 10)
    assert high == pytest.approx(1.0) and low == pytest.approx(0.7225, abs=1e-4)
    s = summarise(play_games(GameConfig.level("beginner"), "least", 10, seed=0))
    assert s.games == 10 and 0 <= s.low <= s.rate <= s.high <= 1
