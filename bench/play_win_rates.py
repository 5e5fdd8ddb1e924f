"""Win rates of the players side by side, on the same seeded games.

    .venv/bin/python bench/play_win_rates.py [--jobs 2] [--seed 2024]
        [--beginner 2000] [--intermediate 500] [--expert 200]
        [--policies least,best,french,course] [--rules safe,zero]
        [--ablation]

For each level and first-click rule every policy plays the same games (game
i's mines depend only on the seed, i and the first click).  The table gives
wins, the win rate with its 95% Wilson interval, guesses per game and the
time per game, next to the rates published for minimal-probability players
(Tu et al., AAAI-17 workshops, "PSEQ", safe first
click in a corner / zero first click at (3,3)).  Below the table, paired
counts: in how many games ``best`` won where ``least`` lost, and the reverse.

``--ablation`` also plays ``best`` with one part switched off at a time
(plain least probability for the guesses, no endgame search, the corner as
the first click under the zero rule), to show what each part is worth.

The numbers in docs/solver.md were measured with the defaults on 2 cores.
"""

from __future__ import annotations

import argparse
import sys
import time

from setmine.solver.games import game_config, runs as play

PUBLISHED = {  # level: (safe, zero) for PSEQ; with endgame search; best self-reported
    "beginner": ((91.7, 97.2), None, None),
    "intermediate": ((78.1, 88.9), None, None),
    "expert": ((39.6, 52.8), (40.05, 53.45), (41.1, 54.3)),
}

ABLATIONS = [
    ("best (guess: plain least)", {"score": "safety"}),
    ("best (no endgame search)", {"endgame": 0}),
    ("best (first click: corner)", {"first": "corner"}),
]


def published(level: str, rule: str) -> str:
    if rule not in ("safe", "zero"):
        return ""
    k = 0 if rule == "safe" else 1
    pseq, endgame, top = PUBLISHED[level]
    parts = [f"PSEQ {pseq[k]:.1f}%"]
    if endgame:
        parts.append(f"+endgame {endgame[k]:.2f}%")
    if top:
        parts.append(f"best reported {top[k]:.1f}%")
    return ", ".join(parts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", default="2024")
    ap.add_argument("--beginner", type=int, default=2000)
    ap.add_argument("--intermediate", type=int, default=500)
    ap.add_argument("--expert", type=int, default=200)
    ap.add_argument("--policies", default="least,best,french,course")
    ap.add_argument("--rules", default="safe,zero")
    ap.add_argument("--ablation", action="store_true")
    args = ap.parse_args(argv)
    policies = [(p, p, {}) for p in args.policies.split(",") if p]
    if args.ablation:
        policies += [(label, "best", opts) for label, opts in ABLATIONS]
    sizes = [("beginner", args.beginner), ("intermediate", args.intermediate),
             ("expert", args.expert)]
    header = f"\n{'level':<13}{'rule':<6}{'policy':<28}{'wins':>11}{'rate':>8}  {'95% CI':<15}{'guesses':>8}{'ms/game':>9}"
    print(f"seed {args.seed}, {args.jobs} jobs; rates in %, 95% Wilson intervals", flush=True)
    print(header)
    start_all = time.perf_counter()
    for level, games in sizes:
        if games <= 0:
            continue
        for rule in args.rules.split(","):
            cfg = game_config.GameConfig.level(level, first_click=rule)
            print(flush=True)
            wins_of = {}
            for label, name, opts in policies:
                if opts.get("first") == "corner" and rule != "zero":
                    continue                    # the same as best under the other rules
                results = play.play_games(cfg, name, games, args.seed, jobs=args.jobs, options=opts)
                s = play.summarise(results)
                wins_of[label] = [r.won for r in results]
                print(f"{level:<13}{rule:<6}{label:<28}{s.wins:>5}/{s.games:<5}{100 * s.rate:>8.2f}"
                      f"  {100 * s.low:5.2f}–{100 * s.high:5.2f}  {s.guesses_per_game:>8.3f}"
                      f"{1000 * s.seconds_per_game:>9.1f}", flush=True)
            note = published(level, rule)
            if note:
                print(f"{'':<19}published: {note}")
            if "best" in wins_of and "least" in wins_of:
                a = sum(1 for x, y in zip(wins_of["best"], wins_of["least"]) if x and not y)
                b = sum(1 for x, y in zip(wins_of["best"], wins_of["least"]) if y and not x)
                print(f"{'':<19}paired: best won {a} games least lost; least won {b} games best lost")
    print(f"\ntotal {time.perf_counter() - start_all:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
