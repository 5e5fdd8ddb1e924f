"""setmine in a notebook: schemas, boards and values that show themselves.

    >>> from setmine.pictures.notebook import evaluate, defects, play
    >>> ev = evaluate("written", "beginner-midgame", against="corrected")
    >>> ev                  # the board, the axioms' verdicts, a table of every constituent
    >>> ev["D8"]            # D8 on the board, drawn as `setmine report` draws it
    >>> ev["D8"].value      # the value itself: a frozenset of cells
    >>> defects()           # the defect search's findings, each on its minimal board
    >>> play()              # the corrected schema plays a beginner game, D18 lit at each move
    >>> repair("D14")       # D14's fault localized and its smallest fix (setmine repair)

Every object here has ``_repr_html_`` (and a value drawn as one board,
``_repr_svg_``), made by the report's own code: the sections of
``report.assemble``, the views of ``views.py`` and the macros of
``templates/macros.html.j2``.  An output carries its stylesheet — the
report's and the boards', scoped to its ``<div class="setmine">`` so that it
restyles nothing else — and, when it draws a relation, the report's script
(point at a cell to light its sets; a notebook runs it once trusted).

A display never raises: whatever goes wrong shows as text in its place.
A :class:`~setmine.board.Board` displays itself already (``_repr_svg_``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from ..board import Board, parse_board
from ..board.board import BoardError, cell_str
from ..board.svg import board_svg
from ..eval.values.budget import Budget
from ..present.output import defect_marks, values as present
from ..rsl.schema import Schema
from . import report_data as reports, views
from .display import board, load_board, load_schema, render, safe_html, safe_svg, schema
from .repairs import Repaired, repair

STEP_SIZE = 14        # a game's positions are drawn small

__all__ = ["Evaluated", "Finding", "Findings", "Picture", "Played", "Repaired", "Step", "Term",
           "board", "defects", "evaluate", "load_board", "load_schema", "play", "repair", "schema",
           "show"]

# ---------------------------------------------------------------------------
# A schema evaluated over a board


class Evaluated:
    """``schema`` evaluated over ``board`` (and ``against``, a second schema,
    beside it).  Shows the report's overview and a table of every
    constituent; ``evaluated[alias]`` is one :class:`Term`."""

    def __init__(self, schema: Schema, board: Board, against: Schema | None = None,
                 budget: Budget | None = None) -> None:
        started = time.perf_counter()
        budget = budget or Budget()
        self.schema, self.board, self.against = schema, board, against
        self.evaluation = reports.evaluation(schema, board, budget)
        self.other = reports.evaluation(against, board, budget) if against is not None else None
        self.report = reports.assemble(board, self.evaluation, self.other)
        self.report.seconds = time.perf_counter() - started
        self._sections = {s.alias: s for s in self.report.sections}

    @property
    def aliases(self) -> list[str]:
        """The basic sets, the structures, then the constituents in dependency order."""
        return list(self._sections)

    @property
    def differences(self) -> list[str]:
        """The constituents whose values differ from ``against``'s on this board."""
        return list(self.report.differences)

    def __getitem__(self, alias: str) -> "Term":
        if alias not in self._sections:
            raise KeyError(f"{alias!r} has no value here (the schema's are: "
                           f"{', '.join(self._sections)})")
        return Term(self, self._sections[alias])

    def __contains__(self, alias: object) -> bool:
        return alias in self._sections

    def __iter__(self):
        return iter(self._sections)

    def __len__(self) -> int:
        return len(self._sections)

    @safe_html
    def _repr_html_(self) -> str:
        return render("notebook-evaluated.html.j2", r=self.report)

    def __repr__(self) -> str:
        r = self.report
        verdicts = "".join(f"; {a} {v}" for a, v in r.axioms)
        against = f" (against {r.against})" if r.against else ""
        return f"<{r.schema} on {r.board_name}{against}: {len(self)} values{verdicts}>"


def evaluate(schema: Schema | str | Path = "written", board: Board | str | Path = "beginner-midgame",
             against: Schema | str | Path | None = None, budget: Budget | None = None) -> Evaluated:
    """The schema (anything :func:`load_schema` takes) evaluated over the
    board (anything :func:`load_board` takes), a second schema beside it
    when ``against`` is given."""
    return Evaluated(load_schema(schema), load_board(board),
                     load_schema(against) if against is not None else None, budget)


class Term:
    """One constituent's value on the board: ``value`` (the set itself),
    ``type``, ``summary``; shown as the report shows it."""

    def __init__(self, evaluated: Evaluated, section: reports.Section) -> None:
        self._evaluated = evaluated
        self.section = section
        self.alias = section.alias
        self.kind = section.kind
        self.type = section.type

    @property
    def value(self):
        """The value: a frozenset (or a lazy set) of cells, pairs, sets…; a
        bool for an axiom; None when it has no value (see :attr:`error`)."""
        return self._evaluated.evaluation.value(self.alias)

    @property
    def card(self):
        """The exact cardinality of a set value (an int, or a symbolic
        cardinal such as 2^81), or None; what ``len`` cannot give a lazy set."""
        value = self.value
        return present.size_of(value) if value is not None and present.is_set(value) else None

    @property
    def other_value(self):
        """The value of the same constituent in the ``against`` schema, if any."""
        other = self._evaluated.other
        return other.value(self.alias) if other is not None and self.section.other else None

    @property
    def error(self):
        """Why it has no value (an RSLError: a budget exceeded, …), or None."""
        r = self._evaluated.evaluation.results.get(self.alias)
        return r.error if r is not None else None

    @property
    def summary(self) -> str:
        return self.section.side.view.summary

    @property
    def text(self) -> str:
        """The value as text, bounded (what is not listed is counted)."""
        view = self.section.side.view
        return view.text or view.summary

    @property
    def probabilities(self) -> dict | None:
        """For a relation from cells to families drawn as shares (D16, D17):
        each cell's exact share card(pr₂)/card(F) of the family F it is
        measured by, a Fraction (None where it has none); else None."""
        view = self.section.side.view
        return dict(view.shares) if view.kind == "shares" else None

    @property
    def differs(self) -> bool:
        """Does its value differ from the ``against`` schema's on this board?"""
        return self.section.differs

    @safe_html
    def _repr_html_(self) -> str:
        r = self._evaluated.report
        kinds = {self.section.side.view.kind} | ({self.section.other.view.kind}
                                                  if self.section.other else set())
        return render("notebook-term.html.j2", script="relation" in kinds,
                       s=self.section, schema=r.schema, against=r.against)

    @safe_svg
    def _repr_svg_(self) -> str | None:
        """The value as one board, when it is drawn as one: a set of cells
        lit, an axiom's witness, a heat map of probabilities."""
        view = self.section.side.view
        if view.kind not in ("cells", "verdict", "shares"):
            return None
        svg = views.picture(self._evaluated.board, view, label=f"{self.alias}: {view.summary}",
                            standalone=True)
        return str(svg) if svg is not None else None

    def __repr__(self) -> str:
        try:
            if self.error is not None:
                return f"{self.alias} ({self.kind}, {self.type}): {self.summary}: {self.error.message}"
            return f"{self.alias} ({self.kind}, {self.type}) = {self.text}"
        except Exception as error:  # noqa: BLE001 - a repr never raises
            return f"<{self.alias}: not shown: {error}>"


# ---------------------------------------------------------------------------
# Boards and the defect search's findings


@dataclass
class Picture:
    """A board drawn with some cells lit (or a heat map): ``show``'s result."""

    svg: str

    def _repr_svg_(self) -> str:
        return self.svg


def show(board: Board | str | Path, cells=(), *, heat=None, label: str = "",
         mines: bool = False) -> Picture:
    """The board with ``cells`` lit — any set of cells, a term's value too —
    or ``heat`` (cell → Fraction) as a heat map; ``mines`` draws the mines."""
    b = load_board(board)
    cells = [c for c in cells if isinstance(c, tuple)]
    return Picture(board_svg(b, lit=cells, heat=heat, show_mines=mines, standalone=True,
                             titles=True, label=label or b.name))


@dataclass
class Finding:
    """One finding of the defect search (an entry of docs/defects.json):
    ``alias``, ``kind``, its minimal ``board`` and what it says."""

    data: dict = field(repr=False)

    @property
    def alias(self) -> str:
        return self.data["alias"]

    @property
    def kind(self) -> str:
        return self.data["kind"]

    @property
    def own(self) -> bool:
        """A defect of the formula itself, not one inherited from the terms it reads."""
        return not self.data.get("inherited_from")

    @property
    def inherited_from(self) -> tuple[str, ...]:
        return tuple(self.data.get("inherited_from") or ())

    @property
    def board(self) -> Board | None:
        """The least board on which the formula and its convention differ."""
        try:
            return parse_board(self.data.get("board", ""))
        except BoardError:
            return None

    @property
    def explanation(self) -> str:
        return self.data.get("explanation", "")

    @property
    def formula(self) -> str:
        return self.data.get("formula", "")

    @property
    def corrected(self) -> str:
        return self.data.get("corrected_formula", "")

    @safe_html
    def _repr_html_(self) -> str:
        return Findings([self])._repr_html_()

    def __repr__(self) -> str:
        inherited = f", inherited from {', '.join(self.inherited_from)}" if not self.own else ""
        return f"<finding {self.alias}: {self.kind}{inherited}>"


class Findings(list):
    """Findings, shown one after another as the report shows them."""

    @safe_html
    def _repr_html_(self) -> str:
        found = [reports.finding_of(f.data) for f in self]
        own = sum(f.own for f in self)
        heading = f"{len(self)} finding{'s' if len(self) != 1 else ''} ({own} own, " \
                  f"{len(self) - own} inherited from the terms they read)"
        return render("notebook-findings.html.j2", findings=found, heading=heading)


def defects(alias: str | None = None, *, own: bool = False) -> Findings:
    """The shipped findings of the defect search on the written schema
    (``setmine defects``): all of them, or those of ``alias``, or only the
    ``own`` defects (not those inherited from the terms a formula reads)."""
    return Findings(Finding(f) for f, _tree in defect_marks.findings()
                    if (alias is None or f["alias"] == alias)
                    and (not own or not f.get("inherited_from")))


# ---------------------------------------------------------------------------
# The schema playing a game


@dataclass
class Step:
    """One move of a game: the position the schema saw, the cells its move
    terms gave there (D18), the cell it played (``board.move``) and why."""

    number: int
    board: Board
    move: tuple
    d18: frozenset
    reason: str
    guess: bool

    @property
    def caption(self) -> str:
        return f"move {self.number}: {self.reason}" + (", a guess" if self.guess else "")

    def svg(self, standalone: bool = False, size: int = STEP_SIZE) -> str:
        return board_svg(self.board, lit=self.d18, standalone=standalone, size=size,
                         label=self.caption)

    @safe_svg
    def _repr_svg_(self) -> str:
        return self.svg(standalone=True, size=24)


@dataclass
class Played:
    """A game the schema played, move by move (``played[i]`` is a
    :class:`Step`); ``replay`` is the whole replay (``setmine report --game``)."""

    replay: object
    steps: list
    final: Board

    schema = property(lambda self: self.replay.schema)
    level = property(lambda self: self.replay.level)
    seed = property(lambda self: self.replay.seed)
    game = property(lambda self: self.replay.game)
    guesses = property(lambda self: self.replay.guesses)
    seconds = property(lambda self: self.replay.seconds)
    won = property(lambda self: self.replay.result == "won")
    lost_at = property(lambda self: "" if self.won or not self.steps else cell_str(self.steps[-1].move))

    def __getitem__(self, i: int) -> Step:
        return self.steps[i]

    def __iter__(self):
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    @safe_html
    def _repr_html_(self) -> str:
        steps = [(s, Markup(s.svg())) for s in self.steps]
        final = Markup(board_svg(self.final, show_mines=True, size=STEP_SIZE))
        return render("notebook-game.html.j2", g=self, steps=steps, final=final)

    def __repr__(self) -> str:
        return (f"<{self.schema} played {self.level} game {self.game} (seed {self.seed}): "
                f"{self.replay.result_text}, {self.guesses} guesses>")


def play(schema: Schema | str | Path = "corrected", level: str = "beginner", *,
         seed: int | str = 0, game: int = 0, first_click: str = "safe") -> Played:
    """The schema plays one game as ``setmine play --policy schema`` does
    (the same deal for the same seed and game number): each move a cell of
    its D18 (axiom A6), its sure-safe cells D11 first — the replay of
    ``setmine report --game`` (``replay.py``), each position kept with the
    cells of D18 the schema computed there."""
    from ..player import check_interface
    from ..solver.games.game_config import GameConfig, parse_level
    from .replay import replay

    cols, rows, mines = parse_level(level)
    config = GameConfig(cols=cols, rows=rows, mines=mines, first_click=first_click)
    chosen = load_schema(schema)
    check_interface(chosen)
    r = replay(config, "schema", seed, schema=chosen, level=level, game=game)
    steps = [Step(s.index + 1, s.seen.with_move(s.move), s.move,
                  frozenset().union(*(v.cells or () for _, v in s.terms)), s.reason, bool(s.guess))
             for s in r.steps if s.move is not None]
    return Played(r, steps, r.steps[-1].seen)
