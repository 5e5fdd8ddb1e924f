"""A repair as the author reads it: the old and the new formula with the
changed part marked, the board that tells them apart, and the counts; and
the same as JSON (the shape is in docs/repair.md).

A fix is written into the formula *as the author wrote it*: each edited
sub-expression is replaced in the text at its span, the rest kept
character for character (subscripts, spacing), and the result is parsed
back to check that it is the candidate (with parentheses around the
replacement when the context needs them).  Where that cannot be done, the
whole formula is printed in canonical RSLang.
"""

from __future__ import annotations

import itertools
import re

from ..board import Board, cell_str
from ..board.board import plural
from ..crosscheck.reference import text as reference_text
from ..present.output.values import show
from ..rsl.schema import Schema
from ..rsl.syntax import tree as s
from ..rsl.syntax.errors import RSLError
from ..rsl.syntax.parser import parse_expression
from ..rsl.syntax.printer import shown, unicode
from ..verification.boards.evidence import board_text
from .cases import Case, Judge
from .mutations import Mutator, at
from .search import Fix, Repair, with_formula

Marked = tuple[str, list[tuple[int, int]]]  # a formula and its marked [start, end) ranges


def written(repair: Repair) -> str:
    return repair.schema[repair.alias].formal


def marked(repair: Repair, fix: Fix) -> tuple[Marked, Marked]:
    """The formula as written and as fixed, the changed parts marked: in the
    author's text where it can be (only the operator's symbol when that is
    the change), else the fixed formula in canonical RSLang."""
    text = written(repair)
    edits = list(fix.edits)
    mutator = repair.mutator
    want = mutator.typed(fix.tree)
    if all(_original(repair, e) for e in edits) and not _overlap([e.old.span for e in edits]):
        for way in ("token", "plain", "parens"):
            out, old_marks, new_marks = text, [], []
            for e in sorted(edits, key=lambda e: e.old.span[0], reverse=True):
                (a, b), new = _splice(text, e, way)
                new = _styled(new, text)
                out = out[:a] + new + out[b:]
                shift = len(new) - (b - a)
                new_marks = [(x + shift, y + shift) for x, y in new_marks] + [(a, a + len(new))]
                old_marks.append((a, b))
            if _same(out, want, mutator):
                return (text, sorted(old_marks)), (out, sorted(new_marks))
    old, new = unicode(repair.tree), unicode(fix.tree)
    return (old, [_changed(new, old)]), (new, [_changed(old, new)])


def applied(repair: Repair, fix: Fix) -> Schema:
    """The repaired schema: ``fix`` in place of the term's formula (in the
    author's text), with a ``note: repair:`` line saying what changed."""
    (_, _), (text, _) = marked(repair, fix)
    edits = "; ".join(f"{e.operator} {e}" for e in fix.edits)
    note = (f"repair: setmine repair changed `{written(repair)}` by {edits} (right on every "
            f"position of {repair.scope}" + (f" and {repair.validate}" if repair.validate else "")
            + ")")
    schema = repair.schema
    return Schema.parse(with_formula(schema, repair.alias, text, note), schema.path)


def _original(repair: Repair, edit) -> bool:
    """Whether the edit replaces a node of the written formula (with its span)."""
    try:
        return at(repair.tree, edit.path) is edit.old and edit.old.span[1] > edit.old.span[0]
    except (AttributeError, IndexError, TypeError):
        return False


OPERATORS = ("set-operator", "predicate", "connective")
SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _splice(text: str, edit, way: str) -> tuple[tuple[int, int], str]:
    """The range of the written text an edit replaces, and its new text:
    only the operator's symbol (``token``, when it is written as such),
    else the whole sub-expression, in parentheses with ``parens``."""
    old, new = edit.old, edit.new
    if way == "token" and edit.operator in OPERATORS:
        a, b = old.left.span[1], old.right.span[0]
        at = text.find(old.op, a, b)
        if at >= 0:
            return (at, at + len(old.op)), new.op
    if way == "token" and edit.operator == "quantifier" and text[old.span[0]] == old.op:
        return (old.span[0], old.span[0] + 1), new.op
    written = unicode(new)
    if way == "parens" and not isinstance(new, (s.Global, s.Local)):
        written = f"({written})"
    return old.span, written


def _styled(new: str, text: str) -> str:
    """Globals written with subscripts (D₈) when the author wrote them so."""
    if not any(ch in text for ch in "₀₁₂₃₄₅₆₇₈₉"):
        return new
    return re.sub(r"(?<=[A-Z])[0-9]+", lambda m: m.group().translate(SUBSCRIPTS), new)


def _overlap(spans) -> bool:
    spans = sorted(spans)
    return any(b[0] < a[1] for a, b in itertools.pairwise(spans))


def _same(text: str, want, mutator: Mutator) -> bool:
    try:
        return mutator.typed(parse_expression(text)) == want
    except RSLError:
        return False


def _changed(old: str, new: str) -> tuple[int, int]:
    """The range of ``new`` that differs from ``old`` (common ends excluded)."""
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    return start, max(start + 1, len(new) - end)


def carets(marked: Marked, indent: str = "") -> list[str]:
    """The formula, and under it a line of ^ under each marked range."""
    text, marks = marked
    line = [" "] * len(text)
    for a, b in marks:
        for i in range(a, min(b, len(text))):
            line[i] = "^"
    return [indent + text, indent + "".join(line).rstrip()]


# ----------------------------------------------------------------------------
# The board that tells the old formula from the new

def evidence(repair: Repair, fix: Fix, judge: Judge, mutator: Mutator) -> dict:
    """The first failing case of the written formula: the board, the old
    value, the new value and what the convention says."""
    case: Case = repair.first_failing
    cells = case.facts.cells
    old = judge(mutator.typed(repair.tree) or repair.tree, case)
    new = judge(mutator.typed(fix.tree), case)
    return {"board": case.board, "old": _value(old, cells), "new": _value(new, cells),
            "expected": reference_text(case.expected, cells)}


def _value(verdict, cells) -> str:
    if verdict.error is not None:
        return f"({verdict.error.code}: {verdict.error.message})"
    if isinstance(verdict.value, bool):
        return "true" if verdict.value else "false"
    try:
        return show(verdict.value, 12, cells)
    except RSLError as exc:
        return f"(cannot list: {exc.code})"


def board_name(board: Board) -> str:
    return (f"{board.name}, {plural(len(board.mines), 'mine')}, "
            f"{plural(len(board.opened), 'open cell')}"
            + (f", move {cell_str(board.move)}" if board.move is not None else ""))


def suspect_text(repair: Repair, suspect) -> str:
    return shown(suspect.node)


# ----------------------------------------------------------------------------
# Text and JSON

def suspect_value(repair: Repair, node: s.Node) -> str | None:
    """The value of a sub-expression with no free variable on the first
    failing board (None when it has free variables: its value depends on them)."""
    from ..eval.shapes.terms import free_locals

    case = repair.first_failing
    if case is None or free_locals(node) or repair.judge is None:
        return None
    verdict = repair.judge(node, case, formula=s.is_formula(node))
    return _value(verdict, case.facts.cells) if not verdict.unjudged else None


def _clip(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def status_line(repair: Repair) -> str:
    r = repair
    if r.status == "agrees":
        return (f"{r.alias} means its convention on every position of {r.scope} "
                f"({r.cases:,}): nothing to repair")
    if r.status == "inherited":
        roots = ", ".join(r.inherited_from) or "a term it uses"
        return (f"{r.alias} means its convention on every position of {r.scope} when the terms "
                f"it uses are right; in the schema it disagrees (first on "
                f"{board_name(r.chain_board)}) because {roots} "
                f"{'does' if len(r.inherited_from) <= 1 else 'do'}: repair "
                f"{'that' if len(r.inherited_from) <= 1 else 'those'} first")
    n = len(r.failing)
    return (f"{r.alias} disagrees with its convention on {n:,} of {r.cases:,} positions of "
            f"{r.scope} (in isolation: the terms it uses given their reference values); first on "
            f"{board_name(r.first_failing.board)}:")


def render(repair: Repair, suspects: int = 5) -> list[str]:
    r = repair
    lines = [f"{r.alias} :== {written(r)}", status_line(r)]
    if not r.failing:
        return lines
    lines += ["  " + x for x in board_text(r.first_failing.board).rstrip("\n").splitlines()]
    lines.append("most suspicious sub-expressions (the best single change there, on a sample "
                 "of failing and passing positions):")
    ranked = [x for x in r.suspects if x.best is not None]
    if not ranked:
        lines.append("  none: no single change makes any sampled failing position right"
                     + (" (the formula fails on every position)" if len(r.failing) == r.cases
                        else ""))
    for i, x in enumerate(ranked[:suspects], 1):
        value = suspect_value(r, x.node)
        lines.append(f"  {i}. {_clip(shown(x.node))}"
                     + (f" = {value}" if value is not None else "")
                     + f" — {x.best}: right on {x.fixed}, wrong on {x.broken} "
                       f"({x.best.operator})")
    if r.status == "localized":
        return lines
    for fix in r.fixes:
        lines += fix_lines(r, fix)
    c = r.counts
    searched = f"up to {plural(r.edits_searched, 'edit')}"
    lines.append(f"searched {searched}: {c.tried:,} candidates tried, {c.pruned:,} pruned by a "
                 f"position, {c.fixed:,} right on the whole scope; {c.evaluations:,} evaluations, "
                 f"{r.seconds:.1f} s")
    if not r.fixes:
        lines.append(not_found_line(r))
    return lines


def not_found_line(r: Repair) -> str:
    if r.stopped:
        return (f"no fix found before the {r.stopped} bound stopped the search at "
                f"{plural(r.edits_searched, 'edit')} (raise --{r.stopped} or --max-edits)")
    return (f"no change of at most {plural(r.edits_searched, 'edit')} makes {r.alias} mean its "
            f"convention on {r.scope}: its repair is larger than the bound (--max-edits)")


def fix_lines(r: Repair, fix: Fix) -> list[str]:
    edits = "; ".join(f"{e.operator} {e}" for e in fix.edits)
    out = [f"fix ({plural(len(fix.edits), 'edit')}: {edits}):"]
    old, new = marked(r, fix)
    out += carets(old, "    ") + carets(new, "    ")
    ev = evidence(r, fix, r.judge, r.mutator)
    out.append(f"  on {board_name(ev['board'])}: the written formula gives {ev['old']}, the "
               f"fix {ev['new']}, the convention {ev['expected']}")
    out.append("  " + validation_line(r, fix))
    if fix.schema_checked:
        out.append("  the schema with this fix: " + (
            f"every term agrees with its convention on {r.scope}" if fix.schema_check is None
            else f"the cross-check on {r.scope} still fails: {fix.schema_check}"))
    return out


def validation_line(r: Repair, fix: Fix) -> str:
    scope = f"right on every position of {r.scope} ({r.cases:,})"
    if not r.validate:
        return scope
    if fix.wrong_on is not None:
        return f"{scope}, but wrong on {board_name(fix.wrong_on)} of {r.validate}"
    return f"{scope} and of {r.validate} ({fix.validated:,})"


def to_json(repair: Repair) -> dict:
    """The repair as one JSON object (docs/repair.md)."""
    r = repair
    out = {"term": r.alias, "formula": written(r), "scope": r.scope, "status": r.status,
           "positions": r.cases, "failing": len(r.failing),
           "board": board_text(r.first_failing.board) if r.failing else None,
           "inherited_from": r.inherited_from,
           "chain_board": board_text(r.chain_board) if r.chain_board is not None else None,
           "suspects": [{"expression": shown(x.node), "value": suspect_value(r, x.node),
                         "edit": str(x.best), "operator": x.best.operator,
                         "right_on": x.fixed, "wrong_on": x.broken}
                        for x in r.suspects if x.best is not None][:10],
           "fixes": [], "edits_searched": r.edits_searched, "stopped": r.stopped or None,
           "counts": {"tried": r.counts.tried, "pruned": r.counts.pruned,
                      "fixed": r.counts.fixed, "evaluations": r.counts.evaluations},
           "seconds": round(r.seconds, 3)}
    for fix in r.fixes:
        old, new = marked(r, fix)
        ev = evidence(r, fix, r.judge, r.mutator)
        out["fixes"].append({
            "formula": new[0], "marked": [list(m) for m in new[1]],
            "old_marked": [list(m) for m in old[1]],
            "edits": [{"operator": e.operator, "change": str(e), "from": shown(e.old),
                       "to": shown(e.new)} for e in fix.edits],
            "evidence": {"board": board_text(ev["board"]), "old": ev["old"], "new": ev["new"],
                         "expected": ev["expected"]},
            "validated": {"scope": r.validate or r.scope,
                          "positions": fix.validated if r.validate else r.cases,
                          "holds": fix.wrong_on is None,
                          "wrong_on": board_text(fix.wrong_on) if fix.wrong_on else None},
            "schema_crosscheck": None if not fix.schema_checked else {
                "scope": r.scope, "holds": fix.schema_check is None, "why": fix.schema_check}})
    return out
