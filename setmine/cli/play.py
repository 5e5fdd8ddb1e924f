"""``setmine play [--level L] [--games N] [--policy P] [--first-click R] [--seed S]
[--jobs K | --workers N | --scheduler ADDRESS] [--checkpoint FILE] [--topology T]
[--json]``: play N seeded games with a policy and report the win rate with
its 95% confidence interval (Wilson), the mean number of guesses per game
(moves onto a cell that was not sure-safe) and the time per game.

The same seed deals the same games to every policy (the mines of game i
depend only on the seed, i and the first click), and ``--jobs K`` gives the
same results as ``--jobs 1``.

A long campaign runs on a Dask cluster: ``--workers N`` starts one of N
processes here, ``--scheduler ADDRESS`` uses one already running (started
with ``dask scheduler`` and ``dask worker ADDRESS`` on machines where
setmine is installed), with the same results again.  ``--checkpoint FILE``
saves the games as they finish: the same command run again after a stop
(Ctrl-C, ``--timeout``, a lost machine) plays only the games still missing."""

from __future__ import annotations

import json
import sys
import time

from .commands import summary_of
from .common import help_text


def add_parser(sub) -> None:
    from ..solver.games.game_config import FIRST_CLICK_RULES, GRID_TOPOLOGIES, MAX_CELLS
    from .argtypes import file_name, jobs_count, positive_int, workers_count

    p = sub.add_parser("play", help=summary_of("play"),
                       description=help_text(__doc__))
    p.add_argument("--level",
                   help="beginner (9x9, 10 mines), intermediate (16x16, 40), expert (30x16, 99) "
                        f"or WxHxM: W columns, H rows, M mines, at most {MAX_CELLS:,} cells "
                        "(default beginner)")
    p.add_argument("--games", type=positive_int, default=100, metavar="N", help="games to play (default 100)")
    p.add_argument("--policy", default="best",
                   help="least (= schema-rule), french, course, best, schema (the schema itself: "
                        "a cell of D18 from the evaluator), or another registered policy "
                        "(default best)")
    p.add_argument("--spec", metavar="FILE",
                   help="with --policy schema: the schema to play (default: the shipped spec/saper-corrected.rsl)")
    p.add_argument("--first-click", choices=FIRST_CLICK_RULES, default="safe",
                   help="safe: the first cell is never a mine; zero: nor its neighbours; "
                        "unsafe: mines are placed before it (default safe)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed, an integer (default 0)")
    p.add_argument("--jobs", type=jobs_count, default=1, metavar="K",
                   help="play in K processes (same results as 1; default 1)")
    p.add_argument("--workers", type=workers_count, metavar="N",
                   help="play on a local Dask cluster of N processes (same results as --jobs 1); "
                        "not with --jobs or --scheduler")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play on a running Dask cluster: the address its `dask scheduler` "
                        "printed, e.g. tcp://192.168.1.5:8786 (its workers need setmine); "
                        "not with --jobs or --workers")
    p.add_argument("--checkpoint", metavar="FILE", type=file_name,
                   help="save the games to FILE as they finish; the same command with the same "
                        "FILE after a stop plays only the rest (not with --jobs)")
    p.add_argument("--topology", choices=GRID_TOPOLOGIES,
                   help="the neighbour relation of the grid (default square)")
    p.add_argument("--board", metavar="FILE",
                   help="play on the cells and neighbour relation of a board file (any topology, "
                        "graphs too) with its number of mines; not with --level or --topology, "
                        "which the board replaces")
    p.add_argument("--no-cascade", action="store_true",
                   help="opening a 0 opens only that cell (the schema's D19), not its neighbours")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.set_defaults(run=run)


def load_player_schema(path):
    """The schema the schema player will play (the corrected one unless
    ``--spec``): it must load, type without errors and have the terms the
    player reads (``setmine.player.INTERFACE``) — all checked before any
    game starts."""
    from .. import player
    from . import UserError
    from .common import load_valid_schema

    schema = load_valid_schema(path or player.DEFAULT_SPEC)
    try:
        player.check_interface(schema)
    except player.SchemaInterfaceError as exc:
        raise UserError(str(exc)) from None
    return schema


def _config(args):
    from ..solver.games.game_config import GameConfig
    from . import UserError
    from .common import load_board_file

    if args.board and (args.level or args.topology):
        given = " and ".join(f"--{o}" for o in ("level", "topology") if getattr(args, o))
        raise UserError(f"--board and {given} exclude each other: the board file gives the "
                        "cells, their neighbours and the number of mines")
    try:
        if args.board:
            board = load_board_file(args.board)
            return GameConfig.from_board(board, first_click=args.first_click,
                                         cascade=not args.no_cascade)
        return GameConfig.level(args.level or "beginner", topology=args.topology or "square",
                                first_click=args.first_click, cascade=not args.no_cascade)
    except ValueError as exc:
        raise UserError(str(exc)) from None


def run(args) -> int:
    from .. import player  # noqa: F401  registers the policy "schema" (evaluator-based)
    from ..present.output.header import schema_name
    from ..solver.games.runs import play_games, summarise
    from ..solver.games.policies import POLICIES
    from . import UserError
    from .common import checkpoint_usable
    from .progress import progress_bar, wanted

    if args.policy not in POLICIES:
        raise UserError(f"unknown policy {args.policy!r} (expected one of: {', '.join(POLICIES)})")
    if args.games < 1:
        raise UserError(f"--games must be at least 1, got {args.games}")
    if args.jobs < 1:
        raise UserError(f"--jobs must be at least 1, got {args.jobs}")
    options, schema = {}, None
    if args.policy == "schema":
        schema = load_player_schema(args.spec)
        if args.spec:
            options["spec"] = args.spec
    elif args.spec:
        raise UserError("--spec goes with --policy schema")
    _check_ways(args)
    checkpoint_usable(args.checkpoint)   # a device or a FIFO is never read
    config = _config(args)
    start = time.perf_counter()
    with progress_bar(args.games, "playing", wanted(args)) as update:
        if (args.workers, args.scheduler, args.checkpoint) != (None, None, None):
            results = play_tasks(args, config, options, progress=lambda n: update(advance=n))
        else:
            results = play_games(config, args.policy, args.games, args.seed, jobs=args.jobs,
                                 progress=lambda n: update(advance=n), options=options)
    wall = time.perf_counter() - start
    s = summarise(results)
    data = {
        "schema": schema_name(schema) if schema is not None else None,
        "policy": args.policy,
        "level": (args.level or "beginner") if not args.board else None,
        "board": args.board,
        "cols": config.cols, "rows": config.rows, "mines": config.mines,
        "topology": config.topology, "first_click": config.first_click,
        "cascade": config.cascade, "seed": args.seed, "games": s.games, "wins": s.wins,
        "win_rate": s.rate, "ci95": [s.low, s.high],
        "guesses_per_game": s.guesses_per_game, "moves_per_game": s.moves_per_game,
        "seconds_per_game": s.seconds_per_game, "jobs": args.jobs, "workers": args.workers,
        "scheduler": args.scheduler, "wall_seconds": wall,
    }
    from .solve import quiet_broken_pipe
    with quiet_broken_pipe():
        report(args, config, s, data, wall, schema)
    return 0


def _check_ways(args) -> None:
    """One way to run at a time: processes (--jobs), a local cluster
    (--workers) or a running one (--scheduler)."""
    from . import UserError

    ways = [o for o, on in (("--jobs", args.jobs > 1), ("--workers", args.workers is not None),
                            ("--scheduler", args.scheduler is not None)) if on]
    if len(ways) > 1:
        raise UserError(f"{' and '.join(ways)} exclude each other: --jobs K plays in K processes, "
                        "--workers N on a local Dask cluster, --scheduler ADDRESS on a running one")
    if args.checkpoint is not None and args.jobs > 1:
        raise UserError("--checkpoint does not go with --jobs: use --workers N to play in N "
                        "processes with a checkpoint")


def _play_chunk(task: tuple) -> list[dict]:
    """A chunk of games on a worker, which knows the policies registered
    here too (the schema player)."""
    from .. import player  # noqa: F401  registers the policy "schema"
    from ..solver.games.runs import play_chunk
    return play_chunk(task)


def play_tasks(args, config, options: dict, progress) -> list:
    """The games of ``args`` as the tasks of ``setmine.verification.cluster``:
    on a cluster (--workers, --scheduler) and/or saved (--checkpoint)."""
    from ..solver.games.runs import game_result, game_tasks
    from ..verification.cluster import CheckpointError, ClusterError, run_tasks
    from . import UserError, version

    # chunks that do not depend on the number of workers: a stopped campaign
    # may go on with more or fewer, or on another cluster
    tasks = game_tasks(config, args.policy, args.games, args.seed, parts=8, options=options)
    identity = {"command": "play", "setmine": version(), "policy": args.policy,
                "options": options, "seed": args.seed, "games": args.games,
                "config": config_identity(config), "chunk": len(tasks[0][-1])}
    try:
        chunks = run_tasks(_play_chunk, tasks, workers=args.workers, scheduler=args.scheduler,
                           checkpoint=args.checkpoint, identity=identity,
                           on_result=lambda i, games: progress(len(games)))
    except (ClusterError, CheckpointError) as exc:
        raise UserError(str(exc)) from None
    return [game_result(game) for chunk in chunks for game in chunk]


def config_identity(config) -> dict:
    """What a checkpoint remembers of a config: its fields, the neighbour
    relation of a board as a digest."""
    import hashlib

    graph = None
    if config.graph is not None:
        graph = hashlib.sha256(repr(config.graph).encode()).hexdigest()[:16]
    return {"cols": config.cols, "rows": config.rows, "mines": config.mines,
            "topology": config.topology, "first_click": config.first_click,
            "cascade": config.cascade, "graph": graph}


def report(args, config, s, data: dict, wall: float, schema=None) -> None:
    if args.json:
        json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
        print()
        return
    from rich.markup import escape

    from ..board.board import plural
    from ..present.output.header import schema_line
    from ..present.output.console import terminal
    console = terminal(highlight=False)
    console.print(escape(schema_line(schema)) if schema is not None else
                  f"schema: none (the {args.policy} policy is the solver's, not a schema's; "
                  f"--policy schema plays the schema, as report --game does by default)")
    what = args.board if args.board else data["level"]
    console.print(f"[bold]{args.policy}[/bold] · {what}: {config.describe()} · "
                  f"{plural(s.games, 'game')} · seed {args.seed}")
    console.print(f"won {s.wins} of {s.games}: [bold]{100 * s.rate:.2f}%[/bold] "
                  f"(95% CI {100 * s.low:.2f}%–{100 * s.high:.2f}%, Wilson)")
    console.print(f"guesses per game {s.guesses_per_game:.3f} · moves per game "
                  f"{s.moves_per_game:.1f} · {1000 * s.seconds_per_game:.1f} ms per game "
                  f"({wall:.1f} s in all, {_ran_on(args)})")


def _ran_on(args) -> str:
    if args.workers:
        return f"{args.workers} Dask worker{'s' if args.workers > 1 else ''}"
    if args.scheduler:
        return f"the Dask cluster at {args.scheduler}"
    return f"{args.jobs} job{'s' if args.jobs > 1 else ''}"
