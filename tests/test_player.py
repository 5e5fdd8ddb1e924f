"""The schema as a player: on the same seeds it plays exactly the games of
the solver's least-probability policy (same moves, same results)."""

import pytest

import setmine.player  # noqa: F401  (registers "schema")
from setmine.solver.games.game import Game
from setmine.solver.games.game_config import GameConfig
from setmine.solver.games.runs import play_game
from setmine.solver.games.policies import make_policy


def moves_of(config, policy_name, seed, index):
    game = Game(config, __import__("setmine.solver.games.game", fromlist=["game_seed"]).game_seed(seed, index))
    result = play_game(config, make_policy(policy_name, config=config), seed, index, game=game)
    return [m.cell for m in game.moves], result.won


@pytest.mark.parametrize("index", range(6))
def test_schema_player_plays_the_games_of_least_on_beginner(index):
    config = GameConfig(cols=9, rows=9, mines=10)
    assert moves_of(config, "schema", 11, index) == moves_of(config, "least", 11, index)


def test_schema_player_on_a_torus():
    config = GameConfig(cols=6, rows=6, mines=6, topology="torus")
    for index in range(3):
        assert moves_of(config, "schema", 5, index) == moves_of(config, "least", 5, index)


@pytest.mark.slow
def test_schema_player_plays_the_games_of_least_on_expert():
    config = GameConfig(cols=30, rows=16, mines=99)
    assert moves_of(config, "schema", 3, 0) == moves_of(config, "least", 3, 0)


def test_the_schema_player_never_reads_the_hidden_mines():
    """The player completes S2 with one placement of its own; D11 and D18
    come out the same as on the true board, whose mines it never sees."""
    from setmine.board import structure
    from setmine.eval.interpret.model import evaluate_schema
    from setmine.player import SchemaPlayer, view_board

    config = GameConfig(cols=9, rows=9, mines=10)
    game = Game(config, 1234)
    game.open((4, 4))
    view = view_board(game.position)
    truth = game.board(show_mines=True)
    assert view.completed and view.opened == truth.opened
    player = SchemaPlayer(config)
    seen = player.evaluate(game.position)
    real = evaluate_schema(player.schema, structure(truth), only=["D11", "D18"])
    assert seen == {a: frozenset(real[a].value) for a in ("D11", "D18")}
