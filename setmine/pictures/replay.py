"""``setmine report --game``'s page, as data: one game played by a policy
and replayed move by move, the schema evaluated on every position it met.

The game.  Game 0 of a run seeded S is played exactly as ``setmine play
--seed S --games 1`` plays it: the same deal (``game_seed(S, 0)``), the
policy made the same way (``make_policy``), the same random choices
(``policy_seed(S, 0)``).  Nothing is re-implemented:
:func:`setmine.solver.games.runs.play_game` plays the game, with the policy
wrapped in a :class:`_Recorder` that notes each position it is shown and
the cell it answers.  So the replay's moves *are* the game's moves.

The steps.  Step i is the position before move i + 1, and one more step is
the end of the game.  On each, the schema is evaluated on what the player
sees (``player.view_board``: the open cells with their numbers, S2
completed by one placement that agrees with them) with S4 = the cell
played, so that the schema itself judges the move with its move axiom
(``MOVE_AXIOM``, A6).  A step shows

* the position, the move outlined;
* the heat map: each cell's exact probability card(pr₂)/card(F), and the
  exact card(F) (the number of consistent placements, D15);
* the move terms, the cells the move axiom takes the move from, lit (D18);
* the move and why: the schema player says which of its terms gave it
  (``SchemaPlayer.last_term``: ``D11``, a sure-safe cell, or ``D18``);
  another policy's move is only judged — does A6 hold for it?

Which terms.  Nothing here is keyed on a constituent's name.  The move
terms are ``report.move_terms_of``: the sets of cells the move axiom
reads.  The heat map is drawn from a relation of cells to families
(``ℬ(X×ℬℬ(X))``) that ``kinds.measure_of`` gives a family to be measured
by; when several have one, those the move axiom depends on are preferred
(its closure), and of these the last in dependency order, the one nearest
the move.  In the corrected schema D16 and D17 are both measured by D15;
A6 reads D18, which reads D17, and nothing A6 reads reads D16 — so the heat
map is D17's (which also gives D11's sure-safe cells their 0) and the
count is card(D15).

Every evaluation is bounded by the budget (per term); an error at a step is
shown at that step, and a policy that cannot move ends the game there.
"""

from __future__ import annotations

import base64
import gzip
import time
from dataclasses import dataclass, field

from markupsafe import Markup

from .. import resources
from ..base.interface import MOVE_AXIOM, SURE_SAFE
from ..board import BoardError, structure
from ..board.board import Board, cell_str, plural
from ..board.svg import board_svg
from ..eval.compiled.program import Computed, Program
from ..eval.interpret.model import dependency_order
from ..eval.values.budget import Budget
from ..player import view_board
from ..present.output import defect_marks
from ..present.output import values as present
from ..present.output.header import schema_name
from ..present.output.kinds import measure_of
from ..rsl.schema import Schema
from ..rsl.syntax.errors import RSLError
from ..rsl.syntax.printer import unicode
from ..solver.engine.position import Cell, Position
from ..solver.games.game import Game, game_seed
from ..solver.games.game_config import GameConfig
from ..solver.games.policies import make_policy
from ..solver.games.runs import play_game
from . import views
from .page import asset, render
from .report_data import move_terms_of

GAME = 0
"""The game of the run that is replayed: the first, as ``--games 1`` plays."""



# ---------------------------------------------------------------------------
# Which terms a step shows


@dataclass(frozen=True)
class Terms:
    """The terms a step shows (see the module text for how they are found)."""

    axiom: str | None           # the move axiom, when the schema has one
    formula: str                # its formula, as text
    move: tuple[str, ...]       # the sets of cells it takes the move from (D18)
    heat: str | None            # the relation drawn as a heat map (D17)
    measure: str | None         # the family its shares are of (D15)
    gloss: str = ""             # the measure's gloss
    defective: tuple[str, ...] = ()  # the terms whose formulas the defect search found wrong

    @classmethod
    def of(cls, schema: Schema) -> Terms:
        axiom = MOVE_AXIOM if MOVE_AXIOM in schema else None
        tree = schema.analysis[axiom].tree if axiom else None
        heat = heat_term(schema)
        measure = measure_of(schema, heat) if heat else None
        return cls(axiom=axiom, formula=unicode(tree) if tree is not None else "",
                   move=tuple(move_terms_of(schema)), heat=heat, measure=measure,
                   gloss=(schema[measure].gloss or "") if measure else "",
                   defective=tuple(defect_marks.marks(schema)))

    def wanted(self, moved: bool) -> list[str]:
        """What to evaluate: the move axiom only when there is a move."""
        shown = [*self.move, self.heat, self.measure, self.axiom if moved else None]
        return list(dict.fromkeys(a for a in shown if a is not None))


def heat_term(schema: Schema) -> str | None:
    """The relation of cells to families the heat map draws (the module text)."""
    measured = [a for a in dependency_order(schema)
                if schema[a].kind == "term" and schema.analysis[a].ok
                and views.relation_kind(schema.analysis[a].type) == "families"
                and measure_of(schema, a) is not None]
    if MOVE_AXIOM in schema:
        nearer = schema.closure(MOVE_AXIOM)
        measured = [a for a in measured if a in nearer] or measured
    return measured[-1] if measured else None


# ---------------------------------------------------------------------------
# The page's data


@dataclass
class Step:
    """One position of the game: the move played from it and the schema's
    terms on it.  The last step is the end of the game (no move)."""

    index: int
    title: str
    board: Markup                   # the position, the move outlined
    seen: Board | None = None       # the position as a board (the player's view; at the end, all)
    move: Cell | None = None
    reason: str = ""                # why this move (see :func:`reason`)
    verdict: bool | None = None     # the move axiom, S4 = the move
    guess: bool | None = None       # the move was not sure-safe (the game says)
    opened: int | None = None       # cells the move opened
    count: str = ""                 # card of the measure, exact
    heat: views.View | None = None
    terms: list = field(default_factory=list)    # (alias, View): the move terms lit
    errors: list = field(default_factory=list)   # (alias, message)
    seconds: float = 0.0

    @property
    def move_text(self) -> str:
        return cell_str(self.move) if self.move is not None else ""


@dataclass
class Replay:
    level: str
    seed: int | str
    game: int                       # the game of the run (0: as `setmine play --games 1`)
    policy: str
    schema: str
    config: str                     # the game config in words
    terms: Terms
    steps: list
    result: str                     # won | lost | stopped
    moves: int
    guesses: int
    stopped: str = ""               # why the game stopped before its end
    seconds: float = 0.0
    command: str = ""               # the `setmine play` command that deals and plays it
    first_click: str = "safe"       # the game's rule for the first click (safe, zero, unsafe)

    @property
    def result_text(self) -> str:
        if self.result == "won":
            return f"won in {plural(self.moves, 'move')}"
        if self.result == "lost":
            return f"lost at move {self.moves}"
        return f"stopped after {plural(self.moves, 'move')}"


# ---------------------------------------------------------------------------
# Playing and replaying


@dataclass(frozen=True)
class _Seen:
    position: Position
    board: Board                    # the player's view, for drawing
    cell: Cell
    source: str | None              # the term the policy says the cell came from


class _Stopped(Exception):
    """The policy could not choose a move (its evaluation failed)."""


class _Recorder:
    """A policy that plays as ``inner`` plays and notes what it was shown."""

    def __init__(self, inner, game: Game) -> None:
        self.inner, self.game, self.seen = inner, game, []

    def new_game(self) -> None:
        reset = getattr(self.inner, "new_game", None)
        if reset is not None:
            reset()

    def choose(self, position: Position, rng) -> Cell:
        try:
            cell = self.inner.choose(position, rng)
        except RSLError as exc:
            raise _Stopped(f"the policy could not choose a move: {exc}") from None
        self.seen.append(_Seen(position, self.game.board(), cell,
                               getattr(self.inner, "last_term", None)))
        return cell


def replay(config: GameConfig, policy: str = "schema", seed: int | str = 0, *,
           schema: Schema | None = None, options: dict | None = None,
           budget: Budget | None = None, level: str = "", game: int = GAME) -> Replay:
    """Play game ``game`` (default 0) of ``seed`` with ``policy`` (made with
    ``options``, as ``setmine play`` makes it) and evaluate ``schema``
    (default: the shipped corrected one) on every position of it."""
    index = game
    started = time.perf_counter()
    schema = schema or Schema.load(resources.CORRECTED_SCHEMA)
    budget = budget or Budget()
    terms = Terms.of(schema)
    program = Program(schema)  # compiled once, run on every position of the game
    game = Game(config, game_seed(seed, index))
    recorder = _Recorder(make_policy(policy, config=config, **(options or {})), game)
    stopped = ""
    try:
        play_game(config, recorder, seed, index, game=game)
    except _Stopped as exc:
        stopped = str(exc)
    steps = []
    for i, (seen, move) in enumerate(zip(recorder.seen, game.moves)):
        step = _step(program, terms, budget, i, seen.position, seen.board, move.cell,
                     f"before move {i + 1}: {cell_str(move.cell)}")
        step.guess, step.opened = move.guess, move.opened
        step.reason = reason(move.cell, seen.source, step.verdict, terms, step.terms)
        steps.append(step)
    result = game.status if game.status != "playing" else "stopped"
    end = _step(program, terms, budget, len(steps), game.position, game.board(show_mines=True),
                None, "the end")
    steps.append(end)
    out = Replay(level=level or config.describe(), seed=seed, game=index, policy=policy,
                 schema=schema_name(schema), config=config.describe(), terms=terms,
                 steps=steps, result=result, moves=len(game.moves), guesses=game.guesses,
                 stopped=stopped, command=play_command(config, seed, policy),
                 first_click=config.first_click)
    end.title = f"the end: {out.result_text}"
    out.seconds = time.perf_counter() - started
    return out


def play_command(config: GameConfig, seed: int | str, policy: str) -> str:
    """The ``setmine play`` command whose game 0 is this game: the level
    (by name when it is one), the topology and first click when not the
    defaults, the seed and the policy."""
    from ..solver.games.game_config import LEVELS

    size = (config.cols, config.rows, config.mines)
    level = next((name for name, value in LEVELS.items() if value == size),
                 f"{config.cols}x{config.rows}x{config.mines}")
    parts = ["setmine play", f"--level {level}"]
    if config.topology not in ("square", "graph"):
        parts.append(f"--topology {config.topology}")
    if config.first_click != "safe":
        parts.append(f"--first-click {config.first_click}")
    if not config.cascade:
        parts.append("--no-cascade")
    return " ".join(parts + [f"--seed {seed}", "--games 1", f"--policy {policy}"])


def _step(program: Program, terms: Terms, budget: Budget, index: int, position: Position,
          board: Board, move: Cell | None, title: str) -> Step:
    """The schema's terms on ``position`` with S4 = ``move``, drawn on ``board``."""
    schema = program.schema
    started = time.perf_counter()
    marks = {move: "move"} if move is not None else {}
    step = Step(index=index, title=title, move=move, seen=board,
                board=Markup(board_svg(board, marks=marks, show_mines=move is None,
                                       label=f"step {index}")))
    try:
        seen = view_board(position).with_move(move)
        results = program.run(structure(seen), only=terms.wanted(move is not None), budget=budget)
    except (BoardError, ValueError) as exc:     # a view that no placement completes
        step.errors.append(("the position", str(exc)))
        return step
    ok = {a: r for a, r in results.items() if r.ok}
    for alias in terms.wanted(move is not None):
        error = _error(results.get(alias))
        if error and error not in (e for _, e in step.errors):
            step.errors.append((alias, error))
    if terms.heat in ok and terms.measure in ok:
        measure = ok[terms.measure].value
        step.count = present.size_text(measure)
        step.heat = views.view(board, ok[terms.heat].value, schema.analysis[terms.heat].type,
                               measure=measure)
        step.heat.svg = views.picture(board, step.heat, marks, label=terms.heat)
    for alias in terms.move:
        if alias in ok:
            v = views.view(board, ok[alias].value, schema.analysis[alias].type)
            v.svg = views.picture(board, v, marks, label=alias)
            step.terms.append((alias, v))
    if terms.axiom in ok:
        step.verdict = bool(ok[terms.axiom].value)
    step.seconds = time.perf_counter() - started
    return step


def _error(r: Computed | None) -> str:
    if r is None:
        return "not evaluated"
    return r.error.message if r.error is not None else ""


def reason(cell: Cell, source: str | None, verdict: bool | None, terms: Terms,
           lit: list) -> str:
    """Why ``cell`` was played: the term the schema player took it from, or
    the verdict of the move axiom on a move another policy chose."""
    c = cell_str(cell)
    if source == SURE_SAFE:
        if SURE_SAFE in terms.defective:   # the label would vouch for a wrong formula
            return (f"{c} is in {SURE_SAFE} ⚠ whose formula as written is defective "
                    f"({defect_marks.PAGE.format(alias=SURE_SAFE)})")
        return f"{c} is sure-safe ({SURE_SAFE})"
    axiom = terms.axiom or "the move axiom"
    outside = " and ".join(a for a, v in lit if v.kind == "cells" and cell not in v.cells)
    inside = " and ".join(a for a, v in lit if v.kind == "cells" and cell in v.cells)
    if verdict is None:
        judged = f"{axiom} could not be evaluated"
    elif verdict:
        judged = f"{axiom} holds"
    else:
        judged = f"{axiom} does not hold" + (f" ({c} ∉ {outside})" if outside else "")
    if source is not None:                 # the schema player took it from a move term
        if verdict and inside:
            return f"{c} ∈ {inside} ({judged})"
        return f"{c} came from {source}; {judged}"
    return f"the policy chose {c}; {judged}"


# ---------------------------------------------------------------------------
# The page

PLAIN_LIMIT = 8_000_000
"""The most bytes of boards a page carries as they are.  Three boards a
step make a long expert game (250 moves × 3 × 480 cells) some 40 MB; past
this limit each step's boards are packed — gzip, base64, in the
``data-gzip`` attribute of their ``div.sides`` — about ten times smaller,
and the page's script unpacks a step's boards (``DecompressionStream``)
the first time it is shown.  Unpacked, the markup is the same."""


def replay_page(r: Replay, *, plain_limit: int = PLAIN_LIMIT) -> str:
    """The replay as one self-contained HTML page: one section a step, its
    boards as they are or, past ``plain_limit`` bytes in all, packed."""
    boards = [render("replay-boards.html.j2", g=r, s=s) for s in r.steps]
    packed = sum(len(b) for b in boards) > plain_limit
    return render("replay.html.j2", g=r, packed=packed,
                  boards=[pack(b) if packed else Markup(b) for b in boards],
                  css=asset("report.css") + asset("replay.css"), js=asset("replay.js"))


def pack(html: str) -> str:
    """``html`` gzipped and in base64: what the page's script unpacks."""
    return base64.b64encode(gzip.compress(html.encode("utf-8"), 9, mtime=0)).decode("ascii")


def unpack(text: str) -> str:
    """The inverse of :func:`pack` (for the tests and anyone reading a page)."""
    return gzip.decompress(base64.b64decode(text)).decode("utf-8")
