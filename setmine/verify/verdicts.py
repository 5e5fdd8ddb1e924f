"""A verification as text: per property, holds on every state or its first
counterexample — the board, the trace of moves from the deal (games), why
it fails and the values of the property's sub-terms on that board."""

from __future__ import annotations

from ..board import cell_str, structure
from ..board.board import plural
from ..check.agreement import crosscheck
from ..eval.interpret.model import Limits, evaluate_schema
from ..present.output.values import show
from ..rsl.schema import Schema, dependencies
from .job import Job, loaded
from .properties import parse_assertion
from .run import Verification, board_text, counterexample_board, name_of


def render(result: Verification, width: int = 100) -> list[str]:
    job, merged = result.job, result.merged
    run = loaded(job.as_dict())
    states, distinct = merged["states"], merged["distinct"]
    reduced = f", {distinct:,} distinct up to symmetry" if job.symmetry else ""
    rate = distinct / result.seconds if result.seconds > 0 else 0.0
    lines = [f"{job.scope} of {', '.join(s.name for s in run.shapes)}: "
             f"{states:,} state{'s' if states != 1 else ''}{reduced}; {result.seconds:.1f} s "
             f"({rate:,.0f} distinct states/s, {plural(result.tasks, 'task')})"]
    for spec, tally in result.properties():
        found = tally["counterexample"]
        if found is None:
            lines.append(f"✓ {name_of(spec)} holds on all {tally['checked']:,} states")
            continue
        lines.append(f"✗ {name_of(spec)} fails: {found['why']}")
        lines += ["    " + line for line in counterexample(run.schema, job, spec, found, width)]
    return lines


def counterexample(schema: Schema, job: Job, spec: tuple, found: dict, width: int) -> list[str]:
    board = counterexample_board(job, found)
    out = [f"on {board.name}, {plural(len(board.mines), 'mine')}, "
           f"{plural(len(board.opened), 'open cell')}, move {cell_str(board.move)}:"]
    out += board_text(board).rstrip("\n").splitlines()
    if found["trace"]:
        moves = [cell_str(board.cells[i]) for i in found["trace"]]
        out.append(f"trace from the deal ({plural(len(moves), 'move')}, first click first): "
                   + " → ".join(moves))
    out += [_clip(line, width - 4) for line in values(schema, job, spec, board)]
    return out


def values(schema: Schema, job: Job, spec: tuple, board) -> list[str]:
    """The values that show why the property fails on ``board``."""
    limits = Limits(*job.limits)
    cells = frozenset(board.cells)
    kind, name = spec
    if kind == "builtin" and name == "crosscheck":
        report = crosscheck(schema, board, limits)
        return [f"{r.alias} = {r.comparison.value}, its convention says {r.comparison.expected}"
                if r.comparison is not None else f"{r.alias}: {r.message}"
                for r in report.failures()[:3]]
    if kind == "assert":
        names = [n for n, _ in dependencies(parse_assertion(schema, name))]
    elif name == "axioms":
        chain = evaluate_schema(schema, structure(board), limits.budget())
        false = [a for a, o in chain.items() if schema[a].kind == "axiom" and o.value is not True]
        names = false + [u for a in false for u in schema.uses(a) if u in schema
                         and schema[u].kind == "term"]
    else:
        return []
    names = list(dict.fromkeys(n for n in names if n in schema))
    chain = evaluate_schema(schema, structure(board), limits.budget(), only=names)
    checked = crosscheck(schema, board, limits, only=names)
    wrong = {r.alias: r.comparison.expected for r in checked.failures()
             if r.comparison is not None}
    out = []
    for n in names:
        if n not in chain:
            continue
        o = chain[n]
        line = f"{n} = {show(o.value, 12, cells)}" if o.ok else f"{n}: {o.error.message}"
        out.append(line + (f" — its convention says {wrong[n]}" if n in wrong else ""))
    return out


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"
