"""The oracle of the replay tests: a game played by hand with ``Game`` and
``SchemaPlayer`` — not through the replay's code — with the schema's D18
evaluated on each position the player saw."""

from __future__ import annotations

import random

from setmine.board import structure
from setmine.eval.interpret.model import evaluate_schema
from setmine.eval.values.budget import Budget
from setmine.player import SchemaPlayer, view_board
from setmine.solver.games.game import Game, game_seed, policy_seed


def hand_played(config, seed: int, schema):
    """(the finished game, [(position, D18 on the player's view with S4 = ∅,
    the cell played — None at the end)]) for game 0 of ``seed``."""
    played = Game(config, game_seed(seed, 0))
    player, rng = SchemaPlayer(), random.Random(policy_seed(seed, 0))
    player.new_game()
    steps = []
    while True:
        position = played.position
        d18 = evaluate_schema(schema, structure(view_board(position)), Budget(),
                              only=["D18"])["D18"].value
        if played.status != "playing":
            steps.append((position, frozenset(d18), None))
            return played, steps
        cell = player.choose(position, rng)
        steps.append((position, frozenset(d18), cell))
        played.open(cell)
