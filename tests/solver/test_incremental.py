"""Incremental solving (issue 16): a game's positions solved with the tables
of the positions before (``solve(position, tables=…)``) have the answers of
a solve from scratch, at every step of whole random games and in a player's
"what if this cell showed v" positions (``outcomes``: one analysis for every
``v``, and exactly the numbers some placement allows).

The oracle is ``solve(position)`` itself with no tables: the from-scratch
engine, checked against brute force and ms-toollib elsewhere
(``test_probability.py``, ``test_mstoollib.py``)."""

from __future__ import annotations

import os
import random
from unittest import mock

import pytest

from setmine.solver.games.game import Game, game_seed
from setmine.solver.games.game_config import GameConfig
from setmine.solver.games.policies import make_policy
from setmine.solver.engine.position import InconsistentPosition, Position, derive_position
from setmine.solver.engine.probability import outcomes, solve
from setmine.solver.engine.tables import Siblings, Tables

LEVELS = ("beginner", "intermediate", "expert")


def same(a, b) -> bool:
    return (a.total, dict(a.count), a.frontier_table, a.interior, a.mines_left) == \
        (b.total, dict(b.count), b.frontier_table, b.interior, b.mines_left)


def check_game(level: str, seed: int, tables: Tables | None, what_ifs: int = 0) -> int:
    """Play one game of ``level`` with ``least`` and compare at every step;
    with ``what_ifs``, also the positions where that many random closed
    cells show each number they can.  Returns the number of positions
    compared."""
    config = GameConfig.level(level)
    game = Game(config, game_seed(seed, 0))
    policy = make_policy("least", config)
    rng = random.Random(seed)
    compared = 0
    while game.status == "playing":
        position = game.position
        if position.shown:
            assert same(solve(position, tables=tables), solve(position)), (level, seed)
            compared += 1
            closed = list(position.unknown)
            for cell in rng.sample(closed, min(what_ifs, len(closed))):
                got = dict(outcomes(position, cell, tables=tables))
                expected = {}                                # every number, from scratch
                for value in range(len(position.neighbours[cell]) + 1):
                    try:
                        expected[value] = solve(derive_position(
                            position, {**position.shown, cell: value}))
                    except InconsistentPosition:
                        continue
                assert got.keys() == expected.keys(), (level, seed, cell)
                for value, sub in got.items():
                    assert same(sub, expected[value]), (level, seed, cell, value)
                    compared += 1
        game.open(policy.choose(position, rng))
    return compared


@pytest.mark.parametrize("level", LEVELS)
def test_games_step_by_step(level):
    tables = Tables()
    compared = sum(check_game(level, seed, tables) for seed in range(4))
    assert compared > 20
    assert tables.hits > 0  # the tables were used, not only filled


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("store", [Tables, None], ids=["kept tables", "siblings only"])
def test_what_ifs(level, store):
    """The `best` player's question: the position where a closed cell shows
    each number it can (``outcomes``), with tables kept across positions or
    (as players ask by default) shared by the positions of one cell only."""
    assert check_game(level, 7, store() if store else None, what_ifs=2) > 10


def test_siblings_share_the_components_a_number_does_not_touch():
    # the 1 at (1,0) and what (0,0) shows change one component; the two 1s
    # of the bottom row are another, the same for every number (0,0) shows
    position = Position.from_grid(["???????", "1??????", "???????", "???11??"], total_mines=5)
    siblings = Siblings()
    got = dict(outcomes(position, (0, 0), tables=siblings))
    assert sorted(got) == [0, 1]
    assert all(same(sub, solve(derive_position(position, {**position.shown, (0, 0): v})))
               for v, sub in got.items())
    assert siblings.hits == 1


def test_siblings_order_a_programme_once_for_all_the_needs():
    # with listing off, both components go through the programme: each is
    # ordered once, whatever (0,0) shows
    position = Position.from_grid(["???????", "1??????", "???????", "???11??"], total_mines=5)
    siblings = Siblings()
    with mock.patch("setmine.solver.engine.tables.enumerate_component", return_value=None):
        got = dict(outcomes(position, (0, 0), tables=siblings))
    assert sorted(got) == [0, 1]
    assert all(same(sub, solve(derive_position(position, {**position.shown, (0, 0): v})))
               for v, sub in got.items())
    assert siblings.hits == 1 and len(siblings.orders) == 2


def test_a_small_table_store_stays_small_and_right():
    tables = Tables(limit=3)
    for seed in range(3):
        check_game("intermediate", seed, tables)
    assert len(tables.entries) <= 3


def test_the_store_keeps_at_most_its_budget_of_states_and_stays_right():
    tables = Tables(budget=400)
    for seed in range(3):
        check_game("expert", seed, tables)
    kept = sum(tab.states for tab, _ in tables.entries.values())
    assert kept == tables.states <= 400
    assert tables.hits > 0


def test_an_inconsistent_position_is_refused_as_from_scratch():
    position = Position.from_grid(["???", "3?1", "000"], total_mines=3)
    tables = Tables()
    with pytest.raises(InconsistentPosition) as scratch:
        solve(position)
    with pytest.raises(InconsistentPosition) as cached:
        solve(position, tables=tables)
    assert str(cached.value) == str(scratch.value)
    assert not tables.entries  # a dead component is not kept


GAMES = int(os.environ.get("SETMINE_INCREMENTAL_GAMES", "12"))
"""Games per level of the long check: 12 in CI; ``SETMINE_INCREMENTAL_GAMES=334``
for the issue's 1,002 games (about 20 minutes on one core)."""


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_games_step_by_step_many(level):
    tables = Tables()
    for seed in range(1000, 1000 + GAMES):
        check_game(level, seed, tables)
