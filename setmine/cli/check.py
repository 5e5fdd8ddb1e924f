"""``setmine check BOARD|MODEL [--spec FILE]``: the verdict of every axiom
and theorem of the schema on a board or a model — with the falsifying
binding of a false ∀, the witness of a true ∃, and the values of the
sub-formulas under that binding (on a model, elements by name).

A verdict that rests on terms the defect search found wrong (the schema as
written: A6 reads D18, which is every closed cell of least "probability"
computed from broken terms) is marked ⚠: true there means only that the move
is in the broken D18.  The JSON encoding of values is docs/json.md."""

from __future__ import annotations

import json
import sys

from ..eval.interpret.evaluator import Evaluator
from ..eval.interpret.model import evaluate_schema
from ..present.explain.trace import explain, render
from ..present.output import defect_marks
from ..present.output import values as present
from ..present.output.board_notes import NO_MOVE, board_summary, completion_note, uses_move
from ..present.output.header import schema_line, schema_name
from ..rsl.schema import dependencies
from .commands import summary_of
from .common import (BOARD_HELP, add_board_options, add_budget_options, budget_from, help_text,
                     load_subject)


def add_parser(sub) -> None:
    p = sub.add_parser("check", help=summary_of("check"),
                       description=help_text(__doc__))
    p.add_argument("board", help=BOARD_HELP)
    p.add_argument("--json", action="store_true", help="verdicts and explanations as JSON "
                                                       "(docs/json.md)")
    add_board_options(p)
    add_budget_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    budget = budget_from(args)
    subject = load_subject(args, budget)
    schema, board, data = subject.schema, subject.board, subject.data
    axioms = [c.alias for c in schema if c.kind in ("axiom", "theorem")]
    if not axioms:   # an empty or truncated file: no verdict, rather than a vacuous one
        from . import UserError
        raise UserError(f"nothing to check: {schema_name(schema)} has no axiom or statement")
    results = evaluate_schema(schema, data, budget, only=axioms)
    values = {**data, **{a: r.value for a, r in results.items() if r.ok and r.kind == "term"}}
    functions = {c.alias: schema.tree(c.alias) for c in schema
                 if c.kind in ("function", "predicate") and schema.analysis[c.alias].ok}
    evaluator = Evaluator(values, functions, budget)
    marks = defect_marks.marks(schema)
    report = []
    for alias in axioms:
        budget.restart(alias)
        if not schema.analysis[alias].ok:
            trace = None
        else:
            trace = explain(evaluator, schema.tree(alias))
        notes = []
        if alias in marks:
            notes.append(caveat(schema, alias, marks))
        if board is not None and board.move is None and uses_move(schema, alias):
            notes.append(NO_MOVE)
        report.append((alias, trace, notes))
    where = {"board": board_summary(board)} if board is not None else \
        {"model": model_summary(subject.model)}
    if args.json:
        json.dump({"schema": schema_name(schema), **where,
                   "axioms": [entry(schema, a, t, notes) for a, t, notes in report],
                   "defects": defect_marks.as_json({a: m for a, m in marks.items()
                                                    if a in axioms}),
                   **({"note": completion_note(board)} if board and completion_note(board)
                      else {})},
                  sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        print(schema_line(schema))
        summary = defect_marks.summary_line(marks)
        if summary:
            print(summary)
        note = completion_note(board) if board is not None else None
        if note:
            print("note: " + note)
        if subject.model is not None:
            print(f"model: {subject.model.title or subject.model.source}")
            for text in subject.model.notes:
                print("note: " + text)
        for alias, trace, notes in report:
            verdict = {True: "true", False: "false"}.get(trace.value if trace else None, "error")
            gloss = schema[alias].gloss or schema.displayed(alias).term
            kind = "" if schema[alias].kind == "axiom" else f" ({schema[alias].kind})"
            print(f"{alias}{kind} = {verdict}    {gloss}".rstrip())
            for text in notes:
                print(f"  {text}")
            for line in render(trace) if trace else [str(schema.analysis[alias].error)]:
                print("  " + line)
    failed = [a for a, t, _ in report if t is None or t.value is not True]
    return 1 if failed else 0


def model_summary(model) -> dict:
    from ..present.output.model_report import model_summary as summary
    return summary(model)


def caveat(schema, alias: str, marks) -> str:
    """Why a verdict means less than it says: the marked terms it reads."""
    used = sorted(n for n, _ in dependencies(schema.analysis[alias].tree) if n in marks)
    if used:
        return (f"{defect_marks.MARKER} this verdict is meaningless on this schema: it reads "
                f"{', '.join(used)}, which differ{'s' if len(used) == 1 else ''} from "
                f"{'its convention' if len(used) == 1 else 'their conventions'} — "
                f"{marks[alias][0].page}")
    return defect_marks.mark_text(marks[alias])


def entry(schema, alias: str, trace, notes: list[str]) -> dict:
    """One axiom in JSON: its verdict, the deciding binding (docs/json.md;
    on a model, elements by name), its explanation as lines and the notes
    on it."""
    if trace is None:
        return {"alias": alias, "verdict": None, "binding": {}, "notes": notes,
                "explanation": [str(schema.analysis[alias].error)]}
    return {"alias": alias, "verdict": trace.value if isinstance(trace.value, bool) else None,
            "binding": {name: present.to_json(v, None) for name, v in trace.binding.items()
                        if not name.startswith("·")},
            "notes": notes, "explanation": render(trace)}
