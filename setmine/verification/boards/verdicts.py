"""A verification as text: per property, holds on every state or its first
counterexample — the board, the trace of moves from the deal (games), why
it fails and the values of the property's sub-terms on that board."""

from __future__ import annotations

from ...board import cell_str
from ...board.board import plural
from ...board.draw import draw
from ...present.explain.trace import render as render_trace
from ...present.output.values import show
from ...rsl.schema import Schema
from .evidence import Evidence, board_text, gather
from .job import Job, loaded
from .run import Verification, name_of


def render(result: Verification, width: int = 100, listed: int = 20) -> list[str]:
    """The verification as lines: the verdict, the scope, each property's
    verdict and the first counterexample of each that fails (its values
    listed up to ``listed`` members each)."""
    job, merged = result.job, result.merged
    run = loaded(job.as_dict())
    states, distinct = merged["states"], merged["distinct"]
    reduced = f", {distinct:,} distinct up to symmetry" if job.symmetry else ""
    if result.resumed:
        took = (f"{result.resumed:,} of {plural(result.tasks, 'task')} from the checkpoint; "
                f"this run {result.distinct_now:,} distinct states in {result.seconds:.1f} s"
                + (f" ({result.rate:,.0f}/s)" if result.distinct_now else ""))
    else:
        took = (f"{result.seconds:.1f} s ({result.rate:,.0f} distinct states/s, "
                f"{plural(result.tasks, 'task')})")
    lines = [summary(result),
             f"{job.scope} of {', '.join(s.name for s in run.shapes)}: "
             f"{states:,} state{'s' if states != 1 else ''}{reduced}; {took}"]
    for spec, tally in result.properties():
        found = tally["counterexample"]
        if found is None:
            verb = "hold" if spec[0] == "builtin" and spec[1] in ("axioms", "invariants") \
                else "holds"   # "✓ axioms hold", "✓ D18 ⊆ D1 holds"
            lines.append(f"✓ {name_of(spec)} {verb} on all {tally['checked']:,} states")
            continue
        evidence = gather(run.schema, job, spec, found)
        lines.append(f"✗ {name_of(spec)} fails: {headline(evidence, found['why'])}")
        lines += ["    " + line for line in counterexample(run.schema, job, spec, found, width,
                                                            listed, evidence)]
    return lines


def summary(result: Verification) -> str:
    """The verdict first, in words: which properties the schema breaks, or
    that every one holds."""
    job = result.job
    tallies = list(result.properties())
    failing = [name_of(spec) for spec, tally in tallies if tally["counterexample"] is not None]
    where = "position" if job.scope == "positions" else "game"
    if not failing:
        every = "the property holds" if len(tallies) == 1 else \
            f"all {len(tallies)} properties hold"
        return f"✓ {job.schema_path}: {every} on every {where} of the scope"
    if len(tallies) == 1:
        return f"✗ {job.schema_path} breaks the property {failing[0]} (its first counterexample below)"
    return (f"✗ {job.schema_path} breaks {len(failing)} of {len(tallies)} properties: "
            f"{'; '.join(failing)} (the first counterexample of each below)")


def headline(evidence: Evidence, why: str) -> str:
    """What is wrong, in one line: the values of the failing formula's two
    sides (``D18 ∩ D8 = {0,0}``) or the binding that breaks it
    (``counterexample x = 0,0``); else the run's own words."""
    if len(evidence.traces) != 1:
        return why
    top = evidence.traces[0]
    terms = [c for c in top.children if not isinstance(c.value, bool) and c.error is None
             and c.note and any(ch.isalpha() for ch in c.text)]  # a constant says nothing
    if terms:
        return "; ".join(f"{c.text} = {c.note}" for c in terms)
    return top.note or why


def counterexample(schema: Schema, job: Job, spec: tuple, found: dict, width: int,
                   listed: int = 20, evidence: Evidence | None = None) -> list[str]:
    evidence = evidence or gather(schema, job, spec, found)
    board = evidence.board
    out = [f"on {board.name}, {plural(len(board.mines), 'mine')}, "
           f"{plural(len(board.opened), 'open cell')}, move {cell_str(board.move)}:"]
    out += board_text(board).rstrip("\n").splitlines()
    if evidence.states:
        out.append(f"the game from the deal ({plural(len(evidence.states), 'state')}, "
                   f"* a mine, ■ the move):")
        for i, state in enumerate(evidence.states, 1):
            out.append(f"  state {i}: move {cell_str(state.move)}")
            out += ["    " + line for line in draw(state, [state.move], show_mines=True).splitlines()]
    cells = frozenset(board.cells)
    out += [_clip(line, width - 4) for line in evidence.rows[:3]]
    for name, result in evidence.values.items():
        line = f"{name} = {show(result.value, listed, cells)}" if result.ok \
            else f"{name}: {result.error.message}"
        if name in evidence.expected:
            line += f" — its convention says {show(evidence.expected[name], listed, cells)}"
        out.append(_clip(line, width - 4))
    for trace in evidence.traces:
        out += [_clip(line, width - 4) for line in render_trace(trace)]
    return out


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"
