"""The players' games do not change when the solver gets faster (issue 16).

``data/games.json`` records, for the ``least`` and ``best`` players, every
move of games on fixed seeds at each level under the safe and the zero
first-click rules, as they were played before the solver's speed work
(commit 90fd68f). Speed work must keep every decision: the same cells,
in the same order, the same wins. Regenerate the file only for a change
meant to change what a player does, and say so in the commit:

    .venv/bin/python tests/solver/test_same_games.py > tests/solver/data/games.json
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from setmine.solver.games.game import Game, game_seed, policy_seed
from setmine.solver.games.game_config import GameConfig
from setmine.solver.games.policies import make_policy

DATA = Path(__file__).with_name("data") / "games.json"
# (level, first-click rule, games) per player; seed 16
PLAN = {
    "least": [("beginner", "safe", 40), ("beginner", "zero", 20), ("intermediate", "safe", 12),
              ("intermediate", "zero", 8), ("expert", "safe", 6), ("expert", "zero", 4)],
    "best": [("beginner", "safe", 30), ("beginner", "zero", 15), ("intermediate", "safe", 8),
             ("intermediate", "zero", 6), ("expert", "safe", 4), ("expert", "zero", 3)],
}
SEED = 16


def game_record(policy_name: str, level: str, rule: str, index: int) -> dict:
    """One game played to its end: its outcome and a digest of its moves."""
    config = GameConfig.level(level, first_click=rule)
    game = Game(config, game_seed(SEED, index))
    policy = make_policy(policy_name, config)
    rng = random.Random(policy_seed(SEED, index))
    while game.status == "playing":
        game.open(policy.choose(game.position, rng))
    moves = ";".join(f"{r},{c}" for r, c in (m.cell for m in game.moves))
    return {"won": game.status == "won", "moves": len(game.moves), "guesses": game.guesses,
            "digest": hashlib.sha256(moves.encode()).hexdigest()[:16]}


def records() -> dict:
    return {f"{p} {level} {rule} {i}": game_record(p, level, rule, i)
            for p, plan in PLAN.items() for level, rule, n in plan for i in range(n)}


CASES = [(p, level, rule, i) for p, plan in PLAN.items() for level, rule, n in plan
         for i in range(n)]


@pytest.fixture(scope="module")
def recorded() -> dict:
    return json.loads(DATA.read_text())


@pytest.mark.parametrize("policy, level, rule, index", CASES,
                         ids=[" ".join(map(str, c)) for c in CASES])
def test_the_game_is_move_for_move_the_recorded_one(recorded, policy, level, rule, index):
    assert game_record(policy, level, rule, index) == recorded[f"{policy} {level} {rule} {index}"]


def test_the_record_covers_the_plan(recorded):
    assert set(recorded) == {f"{p} {level} {rule} {i}" for p, level, rule, i in CASES}
    assert any(r["won"] for r in recorded.values()) and not all(r["won"] for r in recorded.values())


if __name__ == "__main__":
    json.dump(records(), sys.stdout, indent=0, sort_keys=True)
    print()
