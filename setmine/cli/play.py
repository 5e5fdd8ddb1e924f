"""``setmine play [--level L] [--games N] [--policy P] [--first-click R] [--seed S]
[--jobs K] [--topology T] [--json]``: play N seeded games with a policy and
report the win rate with its 95% confidence interval (Wilson), the mean
number of guesses per game (moves onto a cell that was not sure-safe) and
the time per game.

The same seed deals the same games to every policy (the mines of game i
depend only on the seed, i and the first click), and ``--jobs K`` gives the
same results as ``--jobs 1``."""

from __future__ import annotations

import json
import sys
import time


def add_parser(sub) -> None:
    from ..solver.game import FIRST_CLICK_RULES, GRID_TOPOLOGIES
    from .common import jobs_count, positive_int

    p = sub.add_parser("play", help="play seeded games with a policy; win rate and guesses",
                       description=__doc__)
    p.add_argument("--level", default="beginner",
                   help="beginner (9x9, 10 mines), intermediate (16x16, 40), expert (30x16, 99) "
                        "or WxHxM: W columns, H rows, M mines (default beginner)")
    p.add_argument("--games", type=positive_int, default=100, metavar="N", help="games to play (default 100)")
    p.add_argument("--policy", default="best",
                   help="least (= schema-rule), french, course, best, schema (the schema itself: "
                        "a cell of D18 from the evaluator), or another registered policy "
                        "(default best)")
    p.add_argument("--spec", metavar="FILE",
                   help="with --policy schema: the schema to play (default spec/saper-corrected.rsl)")
    p.add_argument("--first-click", choices=FIRST_CLICK_RULES, default="safe",
                   help="safe: the first cell is never a mine; zero: nor its neighbours; "
                        "unsafe: mines are placed before it (default safe)")
    p.add_argument("--seed", default="0", help="the run's seed (default 0)")
    p.add_argument("--jobs", type=jobs_count, default=1, metavar="K",
                   help="play in K processes (same results as 1; default 1)")
    p.add_argument("--topology", choices=GRID_TOPOLOGIES, default="square",
                   help="the neighbour relation of the grid (default square)")
    p.add_argument("--board", metavar="FILE",
                   help="play on the cells and neighbour relation of a board file (any topology, "
                        "graphs too) with its number of mines, instead of --level/--topology")
    p.add_argument("--no-cascade", action="store_true",
                   help="opening a 0 opens only that cell (the schema's D19), not its neighbours")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.set_defaults(run=run)


def load_schema_or_fail(path) -> None:
    """A schema to play must load and type without errors."""
    from . import UserError
    from .common import load_schema

    schema = load_schema(path)
    if schema.errors():
        raise UserError(f"{path}: the schema has errors; run `setmine spec {path}`")


def _config(args):
    from ..solver.game import GameConfig
    from . import UserError
    from .common import load_board_file

    try:
        if args.board:
            board = load_board_file(args.board)
            return GameConfig.from_board(board, first_click=args.first_click,
                                         cascade=not args.no_cascade)
        return GameConfig.level(args.level, topology=args.topology,
                                first_click=args.first_click, cascade=not args.no_cascade)
    except ValueError as exc:
        raise UserError(str(exc)) from None


def run(args) -> int:
    from ..solver.game import play_games, summarise
    from ..solver.policies import POLICIES
    from . import UserError

    options = {}
    if args.policy == "schema":
        from .. import player  # noqa: F401  registers the policy "schema" (evaluator-based)

        if args.spec:
            load_schema_or_fail(args.spec)
            options["spec"] = args.spec
    elif args.spec:
        raise UserError("--spec goes with --policy schema")
    if args.policy not in POLICIES:
        raise UserError(f"unknown policy {args.policy!r} (expected one of: {', '.join(POLICIES)})")
    if args.games < 1:
        raise UserError(f"--games must be at least 1, got {args.games}")
    if args.jobs < 1:
        raise UserError(f"--jobs must be at least 1, got {args.jobs}")
    config = _config(args)
    start = time.perf_counter()
    with _progress(args.games, enabled=sys.stderr.isatty()) as advance:
        results = play_games(config, args.policy, args.games, args.seed, jobs=args.jobs,
                             progress=advance, options=options)
    wall = time.perf_counter() - start
    s = summarise(results)
    data = {
        "policy": args.policy,
        "level": args.level if not args.board else None,
        "board": args.board,
        "cols": config.cols, "rows": config.rows, "mines": config.mines,
        "topology": config.topology, "first_click": config.first_click,
        "cascade": config.cascade, "seed": args.seed, "games": s.games, "wins": s.wins,
        "win_rate": s.rate, "ci95": [s.low, s.high],
        "guesses_per_game": s.guesses_per_game, "moves_per_game": s.moves_per_game,
        "seconds_per_game": s.seconds_per_game, "jobs": args.jobs, "wall_seconds": wall,
    }
    from .solve import quiet_broken_pipe
    with quiet_broken_pipe():
        report(args, config, s, data, wall)
    return 0


def report(args, config, s, data: dict, wall: float) -> None:
    if args.json:
        json.dump(data, sys.stdout, indent=1)
        print()
        return
    from rich.console import Console
    console = Console(highlight=False)
    what = args.board if args.board else args.level
    console.print(f"[bold]{args.policy}[/bold] · {what}: {config.describe()} · "
                  f"{s.games} games · seed {args.seed}")
    console.print(f"won {s.wins} of {s.games}: [bold]{100 * s.rate:.2f}%[/bold] "
                  f"(95% CI {100 * s.low:.2f}%–{100 * s.high:.2f}%, Wilson)")
    console.print(f"guesses per game {s.guesses_per_game:.3f} · moves per game "
                  f"{s.moves_per_game:.1f} · {1000 * s.seconds_per_game:.1f} ms per game "
                  f"({wall:.1f} s in all, {args.jobs} job{'s' if args.jobs > 1 else ''})")


class _progress:
    """A rich progress bar on stderr (only on a terminal); the context value
    is a callback ``advance(n)``."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled
        self.bar = None

    def __enter__(self):
        if not self.enabled:
            return lambda n: None
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)
        self.bar = Progress(TextColumn("playing"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), TimeRemainingColumn(),
                            console=Console(stderr=True), transient=True)
        self.bar.__enter__()
        task = self.bar.add_task("games", total=self.total)
        return lambda n: self.bar.advance(task, n)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
