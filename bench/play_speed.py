"""Time per game of a player, this tree against an older commit, side by side.

    .venv/bin/python bench/play_speed.py REV [--policy best] [--seed 1]
        [--games beginner=300,intermediate=60,expert=20] [--rounds 2]

Checks REV out into a temporary git worktree and plays the same games
(``setmine play``'s deals: seed, then game 0, 1, …) with the same policy
from both trees in turn, ``--rounds`` times, each in a fresh process that
imports setmine from its tree.  Prints, per level, the mean time per game
of the best round of each tree and their ratio (below 1: this tree is
faster), and checks that both won the same games: a speed change must not
change a decision.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PLAY = """
import json, sys
from setmine.solver.games.game_config import GameConfig
from setmine.solver.games.runs import play_games
level, policy, games, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
results = play_games(GameConfig.level(level), policy, games, seed)
print(json.dumps({"ms": 1000 * sum(r.seconds for r in results) / games,
                  "won": [r.won for r in results]}))
"""


def play(tree: Path, level: str, policy: str, games: int, seed: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", PLAY, level, policy, str(games), str(seed)],
                          cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"play_speed.py: playing in {tree} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rev", help="the commit to compare with")
    ap.add_argument("--policy", default="best")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default="beginner=300,intermediate=60,expert=20")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args(argv)
    plan = [(level, int(n)) for level, n in (item.split("=") for item in args.games.split(","))]
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        added = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base),
                                args.rev], capture_output=True, text=True)
        if added.returncode:
            ap.error(f"cannot check out {args.rev}: {added.stderr.strip()}")
        try:
            print(f"{args.policy}, seed {args.seed}: mean ms per game, best of {args.rounds} rounds")
            print(f"{'level':<14}{'games':>6}{args.rev[:10]:>12}{'this':>10}{'ratio':>8}  same wins")
            for level, games in plan:
                times = {"base": [], "this": []}
                won = {}
                for round_ in range(args.rounds):
                    order = [("base", base), ("this", ROOT)]
                    for name, tree in order if round_ % 2 == 0 else reversed(order):
                        got = play(tree, level, args.policy, games, args.seed)
                        times[name].append(got["ms"])
                        won[name] = got["won"]
                a, b = min(times["base"]), min(times["this"])
                print(f"{level:<14}{games:>6}{a:>10.1f}ms{b:>8.1f}ms{b / a:>8.2f}  "
                      f"{'yes' if won['base'] == won['this'] else 'NO'}", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
