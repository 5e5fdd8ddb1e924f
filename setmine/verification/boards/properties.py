"""The properties a verification checks on each state.

A property is asked one question per state — ``check(data)``, where
``data`` is the structure (X1, S1…S4) — and answers None when it holds or a
line saying why not.  When the schema cannot decide it (a term over its
budget) it raises :class:`Undecided`, which stops the run with an error.

* ``--assert FORMULA`` (:class:`Assertion`): any formula of type Logic over
  the schema's constituents, ``D18 ∩ D8 = ∅``;
* ``axioms`` (:class:`Axioms`): every axiom of the schema;
* ``invariants`` (:class:`Axioms` too): every axiom but the move axiom
  (A6, the player's rule), so true of a position whoever moves;
* ``crosscheck`` (:class:`Crosscheck`): every term equals what its
  convention says (:mod:`setmine.crosscheck.agreement` decides each row);
* ``observable`` (:class:`Observable`): the terms the move depends on (the
  closure of the move axiom) have the same values on every placement of
  the mines consistent with the view.

Every property here is invariant under the automorphisms of (X1, S1):
formulas name no cell (RSLang has no constants of a base set), and the
conventions speak of neighbours, numbers and counts, never of a cell's
place.  So checking one position per symmetry class decides them all.
"""

from __future__ import annotations

from ...base.interface import CELLS, CLAIMS, MINES, MOVE, MOVE_AXIOM, NEIGHBOURS, OPENED
from ...crosscheck.agreement import row_of
from ...crosscheck.compare import canonical
from ...board.placements import View, placements
from ...crosscheck.reference import NOTIONS, Facts
from ...rsl import RSLError, parse_with_warnings
from ...rsl.schema import Schema
from ...rsl.semantics.types import Logic
from ...rsl.semantics.typifier import typify
from .memo import Formula, Memo

BUILTIN = {
    "axioms": "every axiom of the schema holds",
    "invariants": f"every axiom but the move axiom {MOVE_AXIOM} holds: what is true of a "
                  f"position whoever moves",
    "crosscheck": "every term equals what its convention says (the solver's notion)",
    "observable": "the terms the move depends on do not read the hidden mines",
}


class Undecided(Exception):
    """The schema could not decide a property on a state; the text says why."""


class PropertyError(ValueError):
    """A property that cannot be checked: a formula that does not parse or
    type, or is not a formula; an unknown name."""


def parse_assertion(schema: Schema, text: str):
    """The syntax tree of ``--assert text``, a formula over ``schema``."""
    tree, typ = _typed(schema, text)
    if not isinstance(typ, Logic):
        hints = [h for h in (f"{text} = ∅", f"card({text}) ≥ 1", f"{text} ≥ 1", f"{text} ≠ ∅")
                 if isinstance(_typed(schema, h, quiet=True)[1], Logic)][:2]
        advice = f"; assert something about it, e.g. {' or '.join(repr(h) for h in hints)}" \
            if hints else ""
        raise PropertyError(f"--assert {text!r}: not a formula but a term of type {typ}{advice}")
    return tree


def _typed(schema: Schema, text: str, quiet: bool = False):
    """The typed tree of ``text`` and its type; an error is a PropertyError
    showing the text with a caret under the span (``quiet``: (None, None))."""
    try:
        typed = typify(parse_with_warnings(text).tree, schema.environment())
        return typed.tree, typed.type
    except RSLError as exc:
        if quiet:
            return None, None
        raise PropertyError(f"--assert {text!r}: {exc.within(text)}") from None


def make(schema: Schema, spec: tuple, memo: Memo):
    """The property of ``spec``: ``("assert", text)`` or ``("builtin", name)``."""
    kind, text = spec
    if kind == "assert":
        return Assertion(memo, text, parse_assertion(schema, text))
    maker = {"axioms": Axioms, "invariants": Invariants, "crosscheck": Crosscheck,
             "observable": Observable}.get(text)
    if maker is None:
        raise PropertyError(f"--property {text!r}: no such property; the properties are "
                            + ", ".join(BUILTIN))
    return maker(memo)


def _undecided(outcomes) -> None:
    for alias, outcome in outcomes.items():
        if not outcome.ok:
            raise Undecided(f"{alias}: {outcome.error.code}: {outcome.error.message}")


class Assertion:
    def __init__(self, memo: Memo, text: str, tree) -> None:
        self.name = self.formula = text
        self.term = Formula(memo, tree)
        self.reads_move = MOVE in self.term.reads

    @property
    def uses(self) -> tuple[str, ...]:
        return self.term.uses

    def frontiers(self) -> list | None:
        """The frontiers its value is a function of (``verification/boards/grouped.py``)."""
        return None if self.term.frontier is None else [self.term.frontier]

    def check(self, data: dict) -> str | None:
        value, error, outcomes = self.term.truth(data)
        if error is not None:
            _undecided(outcomes)
            raise Undecided(f"{self.name}: {error.code}: {error.message}")
        return None if value else f"{self.name} is false"


def default_properties(schema: Schema, scope: str) -> list[tuple[str, str]]:
    """What ``setmine verify`` checks when asked nothing: whether the schema
    is right.  In the positions scope the move is any closed cell, so the
    move axiom (the player's rule) is left out: ``invariants`` and the
    claims of :data:`~setmine.base.interface.CLAIMS` the schema can state
    (its terms defined, the formula well typed).  In the games scope the
    schema's own player moves, so every axiom, A6 included, and the claims."""
    specs = [("builtin", "invariants" if scope == "positions" else "axioms")]
    for claim in CLAIMS:
        try:
            parse_assertion(schema, claim)
        except PropertyError:
            continue
        specs.append(("assert", claim))
    return specs


def axioms_of(schema: Schema, name: str) -> tuple[str, ...]:
    """The axioms the built-in ``name`` checks: every one for ``axioms``,
    every one but the move axiom for ``invariants``."""
    return tuple(c.alias for c in schema if c.kind == "axiom"
                 and (name == "axioms" or c.alias != MOVE_AXIOM))


class Axioms:
    name, formula = "axioms", None

    def __init__(self, memo: Memo) -> None:
        self.memo = memo
        self.uses = axioms_of(memo.schema, self.name)
        self.reads_move = any(MOVE in memo.reads(a) for a in self.uses)

    def frontiers(self) -> list | None:
        found = [self.memo.frontier(a) for a in self.uses]
        return None if None in found else found

    def check(self, data: dict) -> str | None:
        outcomes = self.memo.outcomes(data, self.uses)
        _undecided(outcomes)
        false = [a for a in self.uses if outcomes[a].value is not True]
        return f"{', '.join(false)} false" if false else None


class Invariants(Axioms):
    """Every axiom but the move axiom: true of a position whoever moves."""

    name = "invariants"


class Crosscheck:
    """Each term against its notion; a row is decided once per value of the
    structures both the term and its notion read."""

    name, formula = "crosscheck", None
    reads_move = True  # the notions of the move's terms read it

    def __init__(self, memo: Memo) -> None:
        self.memo = memo
        self.uses = tuple(a for a in memo.order if a in memo.evaluable)
        self.reads = {a: tuple(sorted(set(memo.reads(a)) | set(
            NOTIONS[a].reads if a in NOTIONS else ()))) for a in self.uses}
        self.rows: dict[str, tuple[tuple, str | None]] = {}
        self.facts: tuple[tuple, Facts] | None = None

    def frontiers(self) -> None:
        return None  # the notions read the mines whole

    def position(self, data: dict) -> Facts:
        key = (data[CELLS], data[NEIGHBOURS], data[MINES], data[OPENED])
        if self.facts is None or self.facts[0] != key:
            facts = Facts({**data, MOVE: frozenset()})
            _ = facts.solution  # solved once here, shared by the copy of every move
            self.facts = (key, facts)
        return self.facts[1].with_move(data[MOVE])

    def check(self, data: dict) -> str | None:
        outcomes = self.memo.outcomes(data, self.uses)
        facts = None
        for alias in self.uses:
            key = tuple(data[s] for s in self.reads[alias])
            hit = self.rows.get(alias)
            if hit is None or hit[0] != key:
                facts = facts or self.position(data)
                row = row_of(self.memo.schema, alias, outcomes[alias], facts, texts=False)
                why = None if row.agree else (
                    f"{alias} {row.status}: {row.message}" if row.status == "error" else
                    f"{alias} disagrees with its convention ({row.comparison.difference})")
                hit = self.rows[alias] = (key, why)
            if hit[1] is not None:
                return hit[1]
        return None


class Observable:
    """The move's terms on every placement of the mines consistent with the
    view: a position fails when two of its view's placements give them
    different values.  Decided once per view (the placements of the
    mines, :func:`setmine.board.placements.placements`, evaluated each), so
    the verdict of a position is its view's — the same on every image of
    it under the board's symmetries."""

    name, formula = "observable", None
    reads_move = False  # decided per view, the move left out
    REMEMBERED = 20_000  # views whose verdicts are kept

    def __init__(self, memo: Memo) -> None:
        self.memo = memo
        closure = memo.schema.closure(MOVE_AXIOM) if MOVE_AXIOM in memo.schema else set()
        self.uses = tuple(a for a in memo.order if a in closure and a in memo.evaluable)
        self.other = Memo(memo.schema, memo.limits)
        self.views: dict[tuple, str | None] = {}

    def frontiers(self) -> None:
        return None  # decided over the placements themselves

    def check(self, data: dict) -> str | None:
        view: View = Facts({**data, MOVE: frozenset()}).view
        key = (data[CELLS], data[NEIGHBOURS], data[OPENED], view.shown, view.total)
        if key not in self.views:
            if len(self.views) >= self.REMEMBERED:
                self.views.clear()
            self.views[key] = self._ambiguous(data, view)
        return self.views[key]

    def _ambiguous(self, data: dict, view: View) -> str | None:
        """Why the move's terms differ between two placements of ``view``."""
        first = None
        for mines in placements(view):
            outcomes = self.other.outcomes({**data, MINES: mines, MOVE: frozenset()}, self.uses)
            _undecided(outcomes)
            values = [canonical(outcomes[a].value) for a in self.uses]
            if first is None:
                first = (mines, values)
                continue
            for alias, here, there in zip(self.uses, values, first[1]):
                if here != there:
                    return (f"{alias} reads the hidden mines: it differs between the mines "
                            f"on {cells_text(first[0])} and on {cells_text(mines)}, with the "
                            f"same view")
        return None


def counts_mines(properties) -> bool:
    """Whether every property reads the mines only by counting them: each
    of its frontiers has readings (``eval/compiled/frontier.py``), so its
    positions can be decided once per group of placements
    (``verification/boards/grouped.py``)."""
    for prop in properties:
        frontiers = prop.frontiers()
        if frontiers is None or any(f.readings is None for f in frontiers):
            return False
    return True


def cells_text(cells) -> str:
    """A set of cells as ``{r,c, r,c}``, as the reports write them."""
    return "{" + ", ".join(f"{r},{c}" for r, c in sorted(cells)) + "}"
