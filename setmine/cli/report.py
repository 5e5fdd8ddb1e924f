"""``setmine report MODEL [-o OUT.html]``: a model of any schema (a ConceptPortal
session or bundle, or a setmine model with --spec) as one HTML page: each
basic set and structure, then each constituent with its formula, texts and
value, elements by name — a set of tuples a table, an axiom's or theorem's
verdict explained.

``setmine report BOARD [--spec FILE] [--against FILE | --no-against] [-o OUT.html]``:
one self-contained HTML page of the schema over the board — the board, the
axioms' verdicts, the move and where it must come from, then one section per
constituent in dependency order: its formula (point at a sub-term for its
type and value), its convention and gloss, and its value drawn on the board.
A set of cells is lit; a relation lights a cell's set(s) when you point at
the cell; a family shows its exact size and first members; a relation from
cells to families is a heat map of exact probabilities.  Terms the defect
search found wrong carry a badge linking to the explanation on their
minimal board.

--against FILE shows a second schema's values beside each section and marks
where they differ; for the shipped written schema it defaults to the shipped
corrected one (--no-against turns it off).  The page needs no network and
opens from disk in any current browser; docs/pictures.md is its contract.

``setmine report --game [--level L] [--seed S] [--policy P] [--first-click R]
[--spec FILE] [-o OUT.html]`` replays a game instead: game 0 of seed S,
dealt and played exactly as ``setmine play --level L --seed S --policy P
--games 1`` plays it (default: beginner, seed 0, the schema player), with
the schema (default spec/saper-corrected.rsl) evaluated on every position
the player saw.  The page steps through the game (buttons, a slider, the ←
and → keys): at each step the position, the number of consistent placements
(D15), each cell's exact mine probability as a heat map, the cells the move
must come from (D18), and the move played and why — a sure-safe cell (D11)
or a cell of D18 for the schema player, for another policy whether the move
axiom A6 holds for its move.  The default output is game-LEVEL-SEED.html."""

from __future__ import annotations

import time
from pathlib import Path

from .. import resources
from .commands import summary_of
from .common import (BOARD_HELP, add_board_options, add_budget_options, budget_from, help_text,
                     is_model_argument, load_board_file, load_subject,
                     load_valid_schema, writable, write_output)
from .argtypes import file_name


def add_parser(sub) -> None:
    from ..solver.games.game_config import FIRST_CLICK_RULES

    p = sub.add_parser("report", help=summary_of("report"),
                       description=help_text(__doc__))
    p.add_argument("board", nargs="?", help=BOARD_HELP)
    p.add_argument("--against", metavar="FILE",
                   help="a second schema shown beside the first, differences marked "
                        "(default for spec/saper.rsl: spec/saper-corrected.rsl)")
    p.add_argument("--no-against", action="store_true", help="no second schema")
    p.add_argument("-o", "--output", metavar="OUT.html", type=file_name,
                   help="where to write the page (default: BOARD's name with .html, here; "
                        "with --game, game-LEVEL-SEED.html; -: standard output)")
    add_board_options(p)
    add_budget_options(p)
    game = p.add_argument_group("a game replayed (--game, instead of a board)")
    game.add_argument("--game", action="store_true",
                      help="replay one game played as `setmine play --games 1` plays it "
                           "(--spec: the schema evaluated, and played by --policy schema; "
                           "default spec/saper-corrected.rsl)")
    game.add_argument("--level", help="as `setmine play --level`: beginner, intermediate, "
                                      "expert or WxHxM (default beginner)")
    game.add_argument("--seed", type=int, metavar="S",
                      help="the run's seed, an integer; game 0 of it is replayed (default 0)")
    game.add_argument("--policy", help="who plays: schema (the schema itself, default) or any "
                                       "policy of `setmine play --policy`")
    game.add_argument("--first-click", choices=FIRST_CLICK_RULES,
                      help="as `setmine play --first-click` (default safe)")
    p.set_defaults(run=run)


GAME_OPTIONS = ("level", "seed", "policy", "first_click")


def run(args) -> int:
    from . import UserError

    given = [f"--{o.replace('_', '-')}" for o in GAME_OPTIONS if getattr(args, o) is not None]
    if args.game:
        return run_game(args)
    if given:
        raise UserError(f"{' and '.join(given)} go{'es' * (len(given) == 1)} with --game "
                        "(a game replayed), not with a board")
    if args.board is None:
        raise UserError("give a board (a file, or a shipped board by name such as beginner-midgame)")
    if is_model_argument(str(resources.resolve_board(args.board))):
        return run_model(args)
    if args.against and args.no_against:
        raise UserError("--against and --no-against contradict each other")
    schema = load_valid_schema(args.spec)
    against = None
    if args.against:
        against = load_valid_schema(args.against)
    elif not args.no_against and resources.default_against(schema) is not None:
        against = load_valid_schema(str(resources.default_against(schema)))
    board = load_board_file(args.board, args.mines)
    output = Path(args.output) if args.output else Path(Path(args.board).stem + ".html")
    writable(output, "-o", (args.board, args.spec, args.against), stdout=True)
    from ..pictures.page import report_page
    from ..pictures.report_data import build

    started = time.perf_counter()
    report = build(schema, board, against=against, budget=budget_from(args))
    html = report_page(report)
    tell(write_output(output, html, stdout=True),
         f"{len(html.encode('utf-8')):,} bytes, {len(report.sections)} sections, "
         f"{time.perf_counter() - started:.1f} s")
    return 0


def run_model(args) -> int:
    """A model of any schema: its page (``pictures/model_page.py``)."""
    from . import UserError
    from ..pictures.model_page import build, model_page

    if args.against or args.no_against:
        raise UserError("--against compares two Saper schemas on a board, not on a model")
    output = Path(args.output) if args.output else \
        Path(Path(args.board).name.split(".")[0] + ".html")
    writable(output, "-o", (args.board, args.spec), stdout=True)
    budget = budget_from(args)
    subject = load_subject(args, budget)
    page = build(subject.schema, subject.model, budget)
    html = model_page(page)
    tell(write_output(output, html, stdout=True),
         f"{len(html.encode('utf-8')):,} bytes, {len(page.sections)} sections, "
         f"{page.seconds:.1f} s")
    return 0


def run_game(args) -> int:
    """``--game``: one game replayed, the schema evaluated on every position."""
    from .. import player  # noqa: F401  registers the policy "schema"
    from ..solver.games.game_config import LEVELS, GameConfig
    from ..solver.games.policies import POLICIES
    from . import UserError
    from .play import load_player_schema

    if args.board is not None:
        raise UserError(f"--game replays a game: it takes no board (got {args.board!r})")
    for option, value in (("--against", args.against), ("--no-against", args.no_against),
                          ("--mines", args.mines)):
        if value:
            raise UserError(f"{option} goes with a board, not with --game")
    policy = args.policy or "schema"
    if policy not in POLICIES:
        raise UserError(f"unknown policy {policy!r} (expected one of: {', '.join(POLICIES)})")
    level = args.level or "beginner"
    try:
        config = GameConfig.level(level, first_click=args.first_click or "safe")
    except ValueError as exc:
        raise UserError(str(exc)) from None
    seed = args.seed if args.seed is not None else 0
    if policy == "schema":
        schema = load_player_schema(args.spec)
    else:
        schema = load_valid_schema(args.spec or str(resources.CORRECTED_SCHEMA))
    options = {"spec": args.spec} if policy == "schema" and args.spec else {}
    name = level.strip().lower()
    if name not in LEVELS:
        name = f"{config.cols}x{config.rows}x{config.mines}"
    output = Path(args.output) if args.output else Path(f"game-{name}-{seed}.html")
    writable(output, stdout=True)
    from ..pictures.replay import replay, replay_page

    started = time.perf_counter()
    game = replay(config, policy, seed, schema=schema, options=options,
                  budget=budget_from(args), level=name)
    html = replay_page(game)
    written = write_output(output, html, stdout=True)
    who = f"policy {policy}" + (" (the default: the schema plays itself)"
                                if args.policy is None else "")
    tell(written, f"{len(html.encode('utf-8')):,} bytes, {len(game.steps)} steps, {who}: "
                  f"{game.result_text}, {time.perf_counter() - started:.1f} s")
    return 0


def tell(target, what: str) -> None:
    """Say what was written, and where to open it when it is a file; on
    standard error when the page itself went to standard output."""
    import sys

    where = f"; open it in a browser: {target.path.resolve().as_uri()}" if target.regular else ""
    name = "standard output" if target.name == "-" else target.name
    print(f"wrote {name} ({what}){where}",
          file=sys.stderr if target.stdout else sys.stdout)

