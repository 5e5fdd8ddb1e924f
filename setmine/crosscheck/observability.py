"""Observability: does a term depend on where the hidden mines are, beyond
what the player sees?

The player sees the open cells with their numbers and the total number of
mines — the *view*.  Several placements of the mines agree with one view.
A term the player's AI may use (every term the move depends on: A6 → D18
and what D18 uses) must have the same value on all of them; a term whose
value changes from one such placement to another reads hidden information.

:func:`observe` evaluates every term of a schema on several placements
consistent with the board's view — all of them when there are few, else a
seeded random handful (:func:`setmine.board.placements.sample_placements`)
— and says, per term, whether its value changes, with two placements on
which it differs and an element of one value and not the other; whether
the move depends on it (the dependency closure of A6, computed from the
schema's trees); and where the hidden information comes in: the term
reads the mines itself (its inputs do not change) or inherits them from
the changing terms it uses.  D20 and D21 read the mines by design — they
are the referee's terms, outside the move's closure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.interface import MINES, MOVE_AXIOM
from ..board import Board, cell_str, structure
from ..board.board import plural
from ..eval.interpret.model import Limits, evaluated
from ..present.output.values import show
from ..rsl.schema import Schema
from .compare import canonical, difference
from .isolate import evaluate_chain
from ..board.placements import count_placements, sample_placements
from .reference import NOTIONS



@dataclass
class Change:
    """One term across the placements."""

    alias: str
    kind: str
    changes: bool = False
    in_move_closure: bool = False
    pair: tuple[int, int] | None = None     # two placements (indices) where it differs
    values: tuple[str, str] = ("", "")      # its value on each, as text
    raw: tuple = ()                         # its value on each, as computed
    element: object = None                  # in one value and not the other
    side: str | None = None                 # "first" or "second": which value has it
    source: str = ""                        # "reads S2 itself" / "inherits from …"
    roots: list[str] = field(default_factory=list)
    error: str = ""

    @property
    def hidden(self) -> bool:
        return self.changes


@dataclass
class Observation:
    spec: str
    board: Board
    placements: list[frozenset]
    exact: bool                 # every consistent placement was evaluated
    closure: set[str]           # the constituents the move depends on
    rows: list[Change] = field(default_factory=list)
    schema: Schema | None = None

    def changing(self) -> list[str]:
        return [r.alias for r in self.rows if r.changes]

    def hidden_in_move_closure(self) -> list[str]:
        return [r.alias for r in self.rows if r.changes and r.in_move_closure]


def move_closure(schema: Schema) -> set[str]:
    """The constituents the move axiom (A6) depends on, A6 excluded."""
    return schema.closure(MOVE_AXIOM) if MOVE_AXIOM in schema else set()


def observe(schema: Schema, board: Board, k: int = 8, seed: int = 0,
            limits: Limits = Limits(), progress=None) -> Observation:
    """Every term of ``schema`` on up to ``k`` placements consistent with the
    view of ``board`` (the board's own mines first).  ``progress(done,
    total, note)``, if given, is told of each evaluation as it starts."""
    chosen = sample_placements(board, k, seed)
    exact = count_placements(board, k + 1) == len(chosen)
    values: list[dict] = []
    outcomes: list[dict] = []
    steps = len(evaluated(schema))
    for n, mines in enumerate(chosen):
        placed = board.with_mines(mines)
        done = iter(range(n * steps, (n + 1) * steps))
        tick = None if progress is None else (
            lambda alias, n=n: progress(next(done, (n + 1) * steps), len(chosen) * steps,
                                        f"placement {n + 1} of {len(chosen)}: {alias}"))
        chain = evaluate_chain(schema, structure(placed), limits, progress=tick)
        outcomes.append(chain)
        values.append({a: canonical(o.value) for a, o in chain.items() if o.ok})
    obs = Observation(schema.path or "", board, chosen, exact, move_closure(schema),
                      schema=schema)
    cells = frozenset(board.cells)
    for alias in evaluated(schema):
        row = Change(alias, schema[alias].kind, in_move_closure=alias in obs.closure)
        errors = [o[alias].error for o in outcomes if not o[alias].ok]
        if errors:
            row.error = f"{errors[0].code}: {errors[0].message}"
        seen = [(i, v[alias]) for i, v in enumerate(values) if alias in v]
        for i, value in seen[1:]:
            if value != seen[0][1]:
                first = seen[0][0]
                row.changes, row.pair = True, (first, i)
                row.raw = (outcomes[first][alias].value, outcomes[i][alias].value)
                row.values = (show(row.raw[0], 10, cells), show(row.raw[1], 10, cells))
                row.element, row.side = difference(seen[0][1], value)
                break
        obs.rows.append(row)
    _attribute(schema, obs)
    return obs


def _attribute(schema: Schema, obs: Observation) -> None:
    """Where each changing term's hidden information comes from: a term
    none of whose changing inputs is a term reads the mines itself (a
    *root*); the others inherit from the roots they depend on."""
    changing = set(obs.changing())
    roots = {a for a in changing if not any(u in changing for u in schema.uses(a))}
    for row in obs.rows:
        if not row.changes:
            continue
        if row.alias in roots:
            reads = MINES in schema.uses(row.alias)
            row.source = "reads the mines (S2) itself" if reads else "its own formula"
        else:
            row.roots = sorted(roots & schema.closure(row.alias), key=_order(schema))
            row.source = "inherits from " + ", ".join(row.roots)


def _order(schema: Schema):
    position = {c.alias: i for i, c in enumerate(schema)}
    return lambda alias: position.get(alias, len(position))


def to_json(obs: Observation) -> dict:
    """The observation as one JSON object; a changing term's two values are
    encoded by :func:`setmine.present.output.values.to_json` (``values``), with
    their readings as text (``values_text``)."""
    from ..present.output.header import schema_name

    b = obs.board
    return {
        "schema": schema_name(obs.schema) if obs.schema is not None else obs.spec,
        "spec": obs.spec,
        "board": {"rows": b.rows, "cols": b.cols, "mines": b.total_mines,
                  "topology": b.topology, "open": len(b.opened),
                  "move": cell_str(b.move) if b.move else None},
        "placements": [sorted(cell_str(c) for c in p) for p in obs.placements],
        "all_placements": obs.exact,
        "move_closure": sorted(obs.closure, key=_order_key),
        "hidden_in_move_closure": obs.hidden_in_move_closure(),
        "terms": [{"alias": r.alias, "changes": r.changes, "in_move_closure": r.in_move_closure,
                   **({"placements": list(r.pair), "values": _encoded(obs, r),
                       "values_text": list(r.values), "source": r.source}
                      if r.changes else {}),
                   **({"error": r.error} if r.error else {})} for r in obs.rows],
    }


def _encoded(obs: Observation, row: Change) -> list:
    from ..present.output.values import to_json as encode

    typ = obs.schema.analysis[row.alias].type if obs.schema is not None else None
    return [encode(v, typ) for v in row.raw]


def _order_key(alias: str) -> tuple:
    return (alias[0], int(alias[1:]) if alias[1:].isdigit() else 0)


def render(obs: Observation, width: int = 100) -> list[str]:
    """The observation as text: the placements, then one line per term."""
    b = obs.board
    how = "all" if obs.exact else "a sample of"
    lines = [f"{obs.spec} on {b.name or 'the board'}: {how} {plural(len(obs.placements), 'placement')} "
             "consistent with the view"]
    for i, p in enumerate(obs.placements):
        lines.append(f"  #{i}: mines " + " ".join(cell_str(c) for c in sorted(p)))
    if len(obs.placements) < 2:
        lines.append("only one placement agrees with the view: no term can change")
    cells = frozenset(b.cells)
    for r in obs.rows:
        where = "move depends on it" if r.in_move_closure else "outside the move's closure"
        if r.changes:
            i, j = r.pair
            lines.append(f"{r.alias:<4} HIDDEN   {where}; {r.source}")
            if r.element is not None:
                has, lacks = (i, j) if r.side == "first" else (j, i)
                lines.append(_clip(f"       differs at {show(r.element, 8, cells)}: "
                                   f"in the value on #{has}, not on #{lacks}", width))
            lines.append(_clip(f"       #{i}: {r.values[0]}", width))
            lines.append(_clip(f"       #{j}: {r.values[1]}", width))
        else:
            error = f"; error {r.error}" if r.error else ""
            lines.append(f"{r.alias:<4} same     {where}{error}")
    hidden = obs.hidden_in_move_closure()
    lines.append(f"the move ({MOVE_AXIOM}) depends on {plural(len(obs.closure), 'constituent')}; "
                 + (f"{len(hidden)} use hidden information: {', '.join(hidden)}" if hidden
                    else "none uses hidden information"))
    return lines


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


# ----------------------------------------------------------------------------
# The story of one hidden-information term on two placements

@dataclass
class Story:
    """A term that changes between two placements of one view: its value on
    each, the roots of the hidden information, and the explanation."""

    value: str
    other_value: str
    roots: list[str]
    text: str


def hidden_story(schema: Schema, alias: str, board: Board, other: Board, meaning: str,
                 element=None, side: str | None = None) -> Story:
    """Why ``alias`` differs on ``board`` and ``other`` (the same view, the
    mines elsewhere): it reads the mines itself — then which sub-term reads
    them, and whether its convention asks for them — or it inherits them
    from the changing terms it uses (``roots``: the changing terms of its
    closure that read the mines themselves)."""
    from ..rsl.syntax.printer import shown
    from .compare import reading_part
    from .reference import Facts, reference

    one = evaluate_chain(schema, structure(board))
    two = evaluate_chain(schema, structure(other))
    changing = {a for a in one if one[a].ok and two[a].ok
                and canonical(one[a].value) != canonical(two[a].value)}
    roots = sorted((a for a in changing if not any(u in changing for u in schema.uses(a))),
                   key=_order(schema))
    cells = frozenset(board.cells)
    mines = " ".join(cell_str(c) for c in sorted(other.mines))
    text = (f"{alias} means: {meaning}. The move (A6) depends on it, so it may use only what "
            f"the player sees; yet its value changes between two placements of the mines that "
            f"agree with the same view: the board shown, and the same view with the mines at "
            f"{mines}")
    if element is not None:
        which = "the first" if side == "first" else "the second"
        text += f" ({show(element, 8, cells)} is in its value on {which} only)"
    inherited: list[str] = []
    if alias in roots:
        part = reading_part(schema.tree(alias))
        text += (f". Its own formula reads the mines in `{shown(part)}`" if part else
                 ". Its own formula brings the hidden information in")
        if alias in NOTIONS and reference(alias, Facts.of(board)) != reference(alias, Facts.of(
                other)):
            text += ", as its convention asks: the defect is that a player's term is built on it"
    else:
        inherited = [r for r in roots if r in schema.closure(alias)]
        direct = [u for u in schema.uses(alias) if u in changing]
        text += f". It reads no mines itself: it inherits them from {', '.join(direct)}"
        if set(direct) != set(inherited):
            text += f", and they from {', '.join(inherited)}"
    return Story(show(one[alias].value, 12, cells), show(two[alias].value, 12, cells),
                 inherited, text + ".")
