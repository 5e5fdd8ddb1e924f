"""``setmine verify [--shapes SCOPE] [--mines K|A..B] [--scope positions|games]
[--assert FORMULA]… [--property NAME]… [--no-symmetry] [--json]
[--workers N | --scheduler ADDRESS] [--checkpoint FILE]``: check properties
of the schema on every board of a scope, as a model checker does.

``--shapes`` lists boards, comma-separated: ``RxC`` (a square grid),
``torus:3x3``, ``hex:2x3``, ``cells<=N`` (every grid of at most N cells,
``torus:cells<=9`` for tori), or a board file (its cells and neighbours).
The ``positions`` scope is every legal position on them: any placement of
the mines (``--mines``, default every count from 0 to cells − 1), any open
cells leaving a closed safe cell, any closed cell as the move.  The
``games`` scope is every position the schema's own player reaches: from
every deal and every first click the rule allows, each next move any cell
the move axiom (A6) admits, every tie a branch, until the game is won or
lost — breadth-first, so a counterexample comes with a shortest trace.

Properties: ``--assert`` any formula over the schema's constituents
(``'D18 ∩ D8 = ∅'``, ``'card(D15) ≥ 1'``), ``--property axioms``,
``invariants`` (every axiom but the move axiom A6), ``crosscheck`` (every
term equals the solver's notion) or ``observable`` (the move's terms do
not read the hidden mines).  By default, whether the schema is right: in
the positions scope, where the move is any closed cell, ``invariants`` and
the schema's claims ``D18 ⊆ D1``, ``D18 ∩ D8 = ∅`` and ``card(D15) ≥ 1``
(those whose terms it defines); in the games scope, where its own player
moves, ``axioms`` (A6 too) and the same claims.
Positions equivalent under the board's symmetries are checked once
(``--no-symmetry``: each).  Exit 0 when every property holds, 1 when one
fails (its first counterexample in the canonical order: fewest cells,
mines, open cells; for games the shortest trace), 2 on bad usage.
``--workers N`` runs on a local Dask cluster of N processes,
``--scheduler ADDRESS`` on one started with ``dask scheduler`` and ``dask
worker ADDRESS``; ``--checkpoint FILE`` keeps every finished task, so an
interrupted run resumes where it stopped.  ``--report FILE`` draws the first
counterexample as ``setmine report``'s page.  docs/verification.md: the JSON
format, and what verify finds on the shipped schemas."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .commands import summary_of
from .common import add_budget_options, checkpoint_usable, help_text, load_valid_schema, writable
from .argtypes import file_name, positive_int, shown, workers_count
from .progress import progress_bar, wanted

DEFAULT_SHAPES = "cells<=6"
DEFAULT_MAX_STATES = 10 ** 7
DEFAULT_MAX_INTERPRETATIONS = 10 ** 8  # the models scope, counted before the axioms cut


class Ordered(argparse.Action):
    """``--assert`` and ``--property`` into one list, in the order given
    (the order of the report and of --json)."""

    def __init__(self, *args, kind: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind

    def __call__(self, parser, namespace, value, option_string=None) -> None:
        setattr(namespace, self.dest, [*getattr(namespace, self.dest), (self.kind, value)])


def add_parser(sub) -> None:
    from ..verification.boards.properties import BUILTIN

    p = sub.add_parser("verify", help=summary_of("verify"),
                       description=help_text(__doc__))
    p.add_argument("--spec", help="the schema (default: the shipped spec/saper.rsl, "
                                  "the schema as written)")
    p.add_argument("--shapes", default=DEFAULT_SHAPES, metavar="SCOPE",
                   help=f"the boards, comma-separated: RxC, TOPOLOGY:RxC, cells<=N, "
                        f"TOPOLOGY:cells<=N or a board file (default {DEFAULT_SHAPES})")
    p.add_argument("--mines", metavar="K|A..B", help="the mine counts (default: 0 to cells − 1)")
    p.add_argument("--scope", choices=("positions", "games", "models"), default="positions",
                   help="every legal position (default), the games the schema's player plays, "
                        "or every model of any schema (--sizes)")
    p.add_argument("--sizes", metavar="SIZES",
                   help="models: the sizes of the basic and constant sets, ALIAS=N or ALIAS<=N, "
                        "comma-separated (X1<=4,X2=2); a set not named: at most 3 elements")
    p.add_argument("--integers", metavar="LO..HI",
                   help="models: the integers a Z in a structure's domain stands for "
                        "(default -2..2)")
    p.add_argument("--instances", type=positive_int, metavar="N",
                   help="models: show the first N models up to isomorphism, the search "
                        "stopping there (default: 3 when nothing is checked)")
    p.add_argument("--count", action="store_true",
                   help="models: count the models too where properties are checked (they are "
                        "counted when nothing is checked and no --instances is given)")
    p.add_argument("--recheck", action="store_true",
                   help="models: check every model the SAT solver gives with the evaluator, "
                        "also where the axioms translate exactly")
    p.add_argument("--write-model", metavar="FILE", type=file_name,
                   help="models: write the first counterexample (or the first model) as a "
                        "ConceptPortal session")
    p.add_argument("--first-click", choices=("safe", "zero", "unsafe"), default="safe",
                   help="games: the first click is safe (default), on a zero, or anywhere")
    p.add_argument("--cascade", action="store_true",
                   help="games: a move on a zero opens its neighbours too (else one cell, as D19)")
    p.add_argument("--assert", dest="properties", action=Ordered, kind="assert", default=[],
                   metavar="FORMULA", help="a formula to check on every state (repeatable)")
    p.add_argument("--property", dest="properties", action=Ordered, kind="builtin", default=[],
                   choices=list(BUILTIN), metavar="NAME",
                   help=f"a built-in property: {', '.join(BUILTIN)} (repeatable; when nothing "
                        f"is asked: invariants and the schema's claims, axioms in games)")
    p.add_argument("--no-symmetry", action="store_true",
                   help="check every state, not one per class of the board's symmetries")
    p.add_argument("--max-states", type=positive_int, metavar="N",
                   help=f"refuse a scope of more than N states before running (default "
                        f"{DEFAULT_MAX_STATES:,}); --scope models: of more than N "
                        f"interpretations when a domain does not ground and every value is "
                        f"listed (default {DEFAULT_MAX_INTERPRETATIONS:,})")
    p.add_argument("--workers", type=workers_count, metavar="N",
                   help="run on a local Dask cluster of N worker processes (each under "
                        "--max-memory)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on the Dask cluster of this scheduler (tcp://host:port)")
    p.add_argument("--checkpoint", metavar="FILE", type=file_name,
                   help="keep each finished task in FILE; run again with it to resume")
    p.add_argument("--json", action="store_true", help="the result as one JSON object")
    p.add_argument("--list", type=positive_int, default=20, metavar="N",
                   help="a counterexample's values: list at most N members of each, the rest "
                        "counted (default 20; --json lists them whole)")
    p.add_argument("--report", metavar="FILE", type=file_name,
                   help="draw the first failing property's counterexample as setmine report's "
                        "HTML page (every term on that board), written to FILE")
    add_budget_options(p)
    p.set_defaults(run=run)


def job_from(args):
    """The job the options describe, or a clear error (before running)."""
    from ..verification.boards.job import VerifyError
    from ..verification.boards.job import build_job
    from . import UserError

    schema = load_valid_schema(args.spec)
    if args.workers and args.scheduler:
        raise UserError("--workers and --scheduler: give one (a local cluster, or an existing "
                        "one)")
    try:
        return build_job(schema, shapes=args.shapes, mines=args.mines,
                         properties=list(args.properties), scope=args.scope,
                         symmetry=not args.no_symmetry, first_click=args.first_click,
                         cascade=args.cascade, limits=(args.max_candidates, args.max_seconds),
                         max_states=args.max_states or DEFAULT_MAX_STATES,
                         schema_path=args.spec or "",
                         where={"shapes": "--shapes/--mines", "scope": f"--scope {args.scope}",
                                "properties": "no --property or --assert was given",
                                "otherwise": "for any other schema: --scope models --sizes …"})
    except VerifyError as exc:
        raise UserError(str(exc)) from None


def check_size(job, max_states: int) -> int:
    """The number of states (positions scope; deals × first clicks for
    games), or a clear error when it is over the budget."""
    from ..verification.boards.job import VerifyError, state_count
    from . import UserError

    try:
        return state_count(job, max_states, "--max-states",
                           "narrow --shapes or --mines, or raise --max-states")
    except VerifyError as exc:
        raise UserError(str(exc)) from None


def draw_counterexample(result, output: Path) -> str:
    """The first failing property's counterexample as a report page (every
    term of the schema on its board, as ``setmine report`` draws it), and
    what was written."""
    from ..pictures.page import report_page
    from ..pictures.report_data import build
    from ..verification.boards.evidence import gather
    from ..verification.boards.job import loaded
    from ..verification.boards.verdicts import headline
    from .common import write_output

    failing = [(spec, tally["counterexample"]) for spec, tally in result.properties()
               if tally["counterexample"] is not None]
    if not failing:
        return f"--report {output}: not written: every property holds, nothing to draw"
    spec, found = failing[0]
    schema = loaded(result.job.as_dict()).schema
    evidence = gather(schema, result.job, spec, found)
    report = build(schema, evidence.board)
    report.note = (f"the first counterexample of {spec[1]}: {headline(evidence, found['why'])}"
                   + (f" (reached from the deal by {len(evidence.states)} moves)"
                      if evidence.states else ""))
    html = report_page(report)
    written = write_output(output, html, "--report")
    where = f"; open it: {written.path.resolve().as_uri()}" if written.regular else ""
    return f"wrote {output}: the counterexample of {spec[1]}{where}"


def where_it_stopped(seen: dict, args) -> str:
    """How far a run got before it was stopped, and what is kept of it."""
    done = (f"after {seen['states']:,} states ({seen['distinct']:,} distinct) in "
            f"{seen['done']:,} of {seen['tasks']:,} tasks")
    if args.checkpoint:
        return f"{done}; the finished tasks are kept in {args.checkpoint}: run the same " \
               f"command to resume"
    return f"{done}; with --checkpoint FILE a run keeps its finished tasks and resumes"


def run(args) -> int:
    from ..verification.cluster import CheckpointError, ClusterError
    from ..verification.boards.job import VerifyError
    from ..verification.boards.verdicts import render
    from ..verification.boards.run import to_json, verify
    from . import UserError
    from .limits import saying_how_far
    from .solve import quiet_broken_pipe

    checkpoint_usable(args.checkpoint)   # a device or a FIFO is never read
    if args.scope == "models":
        from .verify_models import run_models
        args.properties_models = [text for kind, text in args.properties if kind == "assert"]
        if len(args.properties_models) != len(args.properties):
            raise UserError("--property names the Minesweeper properties; with --scope models "
                            "check formulas with --assert")
        args.max_states = args.max_states or DEFAULT_MAX_INTERPRETATIONS
        return run_models(args)
    job = job_from(args)
    check_size(job, args.max_states or DEFAULT_MAX_STATES)
    if args.report:
        writable(Path(args.report), "--report", (args.spec,))
    label = "verifying" if job.scope == "positions" else "playing"
    seen = {"states": 0, "distinct": 0, "done": 0, "tasks": 0}
    with progress_bar(None, label, enabled=wanted(args)) as bar:
        def progress(tally: dict, done: int, tasks: int) -> None:
            seen.update(states=tally["states"], distinct=tally["distinct"], done=done, tasks=tasks)
            bar(completed=done, total=tasks, note=f"{tally['states']:,} states")
        try:
            with saying_how_far(lambda: where_it_stopped(seen, args)):
                result = verify(job, workers=args.workers, scheduler=args.scheduler,
                                checkpoint=args.checkpoint, progress=progress,
                                memory_limit=args.max_memory)
        except (VerifyError, ClusterError, CheckpointError) as exc:
            raise UserError(str(exc)) from None
        except OSError as exc:
            raise UserError(f"--checkpoint {shown(args.checkpoint or '')}: "
                            f"{exc.strerror or exc}") from None
    if args.report:
        print(draw_counterexample(result, Path(args.report)), file=sys.stderr)
    with quiet_broken_pipe():  # `setmine verify … | head` ends quietly
        if args.json:
            json.dump(to_json(result), sys.stdout, ensure_ascii=False, indent=1)
            print()
        else:
            print("\n".join(render(result, listed=args.list)))
    return 0 if result.holds else 1
