"""The compiled path against the reference evaluator where the schema is
big: D16 and D17 on a 60×60 board, and a whole expert game played by the
schema — side by side in one run, with their targets (issue 25).

    .venv/bin/python bench/compiled_targets.py [--side 60] [--seed 0]

1. A 60×60 mid-game position (540 mines, a safe first click with cascade,
   then 400 more safe clicks, each opening what it opens): D16 and D17 of
   spec/saper-corrected.rsl, each with the terms it uses computed first and
   timed apart — by the reference evaluator and by the compiled path
   (``eval/compiled``), whose values are checked to be the reference's
   (the same cells, each with a family of the same size).
2. Expert game 0 of the seed (`setmine play --policy schema`): the schema
   as player with its evaluation on the reference and on the compiled
   path, the same moves checked.
3. Its replay (`setmine report --game --level expert --seed S`: the game
   played, then the schema evaluated on every position for the page):
   the page made with the compiled path and with the reference evaluator,
   the same page checked.

Target: D16 and D17 under 3 s each; the replay under 30 s.
"""

from __future__ import annotations

import argparse
import random
import time


import setmine.pictures.replay as replay_module
import setmine.player as player
from setmine.board import Board, grid_neighbours, structure
from setmine.eval.compiled.program import Program
from setmine.eval.interpret.model import evaluate_schema
from setmine.eval.values.budget import Budget
from setmine.eval.values.sets import card
from setmine.resources import CORRECTED_SCHEMA
from setmine.rsl.schema import Schema
from setmine.solver.games import game_config, runs as play
from setmine.solver.games.policies import make_policy
from setmine.solver.engine.position import random_game


def families(value) -> dict:
    """cell → the size of its family, from a D16/D17 value of either path."""
    pairs = value.fibers if hasattr(value, "fibers") else ((x, (f,)) for x, f in value)
    return {x: card(next(iter(f))) for x, f in pairs}


def midgame(rng: random.Random, side: int, mines: int, clicks: int):
    """A side×side board after a safe first click (cascade) and ``clicks``
    more safe clicks, as a board with a move on a closed safe cell."""
    view, mine_set = random_game(rng, side, side, mines, clicks=clicks)
    opened = frozenset(view.shown)
    closed_safe = sorted(c for c in view.cells if c not in opened and c not in mine_set)
    return Board(rows=side, cols=side, cells=tuple(view.cells),
                 neighbours=grid_neighbours("square", side, side), mines=frozenset(mine_set),
                 opened=opened, move=rng.choice(closed_safe), total_mines=mines,
                 topology="square")


def big_board(side: int, seed: int, clicks: int) -> None:
    schema = Schema.load(CORRECTED_SCHEMA)
    board = midgame(random.Random(seed), side, side * side * 3 // 20, clicks)
    data = structure(board)
    program = Program(schema)
    print(f"{side}×{side}, {len(board.mines)} mines, {len(board.opened)} open cells:")
    for alias in ("D16", "D17"):
        before = [a for a in schema.closure(alias) if schema[a].kind == "term"]
        ref = evaluate_schema(schema, data, Budget(), only=before)
        values = {**data, **{a: r.value for a, r in ref.items() if r.ok and r.kind == "term"}}
        started = time.perf_counter()
        reference = evaluate_schema(schema, values, Budget(), only=[alias])[alias]
        by_reference = families(reference.value)  # a lazy value read: each cell's family
        t_ref = time.perf_counter() - started
        run = program.start(data)
        run.all(before, {})
        started = time.perf_counter()
        compiled = run.get(alias)
        by_compiled = families(compiled.value)
        t_comp = time.perf_counter() - started
        same = by_reference == by_compiled
        print(f"  {alias}: reference {t_ref:6.2f} s, compiled {t_comp:6.2f} s "
              f"(compiled / reference {t_comp / t_ref:.2f}; the same values: {same}; "
              f"target < 3 s: "
              f"{'met' if t_comp < 3 else 'not met'})")


class ReferencePlayer(player.SchemaPlayer):
    """The schema player on the reference evaluator (as before the compiled path)."""

    def evaluate(self, position):
        board = player.view_board(position)
        results = evaluate_schema(self.schema, structure(board),
                                  Budget(max_elements=self.max_candidates), only=["D11", "D18"])
        return {a: frozenset(results[a].value) for a in ("D11", "D18")}


def game(seed: int) -> None:
    config = game_config.GameConfig(cols=30, rows=16, mines=99)
    outcomes = []
    for name, policy in (("compiled", make_policy("schema", config=config)),
                         ("reference", ReferencePlayer(config))):
        started = time.perf_counter()
        result = play.play_game(config, policy, seed, 0)
        seconds = time.perf_counter() - started
        outcomes.append((result.won, result.moves, result.opened, result.lost_at))
        print(f"  expert game 0 of seed {seed}, schema on the {name} path: {seconds:6.1f} s, "
              f"{result.moves} moves, {'won' if result.won else 'lost'}"
              + (f" (target < 30 s: {'met' if seconds < 30 else 'not met'})"
                 if name == "compiled" else ""))
    print(f"  the same game both ways: {outcomes[0] == outcomes[1]}")


class ReferenceProgram:
    """The reference evaluator where the replay runs the compiled program."""

    def __init__(self, schema):
        self.schema = schema

    def run(self, data, only=None, budget=None):
        return evaluate_schema(self.schema, data, budget, only=only)


def replayed(seed: int) -> None:
    config = game_config.GameConfig(cols=30, rows=16, mines=99)
    pages = []
    for name in ("compiled", "reference"):
        if name == "reference":
            replay_module.Program = ReferenceProgram
        started = time.perf_counter()
        r = replay_module.replay(config, "schema", seed, level="expert")
        seconds = time.perf_counter() - started
        replay_module.Program = Program
        pages.append([(s.count, s.verdict, [a for a, _ in s.terms]) for s in r.steps])
        print(f"  the replay of expert game 0 of seed {seed}, {name} path: {seconds:6.1f} s, "
              f"{len(r.steps)} steps" + (f" (target < 30 s: {'met' if seconds < 30 else 'not met'})"
                                         if name == "compiled" else ""))
    print(f"  the same steps both ways: {pages[0] == pages[1]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--side", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--clicks", type=int, default=400)
    args = parser.parse_args()
    big_board(args.side, args.seed, args.clicks)
    game(args.seed)
    replayed(args.seed)


if __name__ == "__main__":
    main()
