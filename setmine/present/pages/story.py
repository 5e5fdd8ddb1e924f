"""The opening of ``docs/schema/index.md``: the schema's defects as one story
in half a page — the four root causes, each on its minimal board from the
defect search (``docs/defects.json``), and the words the pages use for the
kinds of defect and for the move's closure.

The causes are this schema's (the words are written once, here); their
boards and values come from the findings, so a cause the search did not
find is not told.  The kinds' definitions are those of ``crosscheck/defect_search.py``.
"""

from __future__ import annotations

from ...base.interface import PLACEMENTS, SURE_MINES
from ...board.board import plural

CAUSES = [  # (alias, kind, the cause in a few words, what follows from it)
    ("D2", "disagreement", "D2's ∀ admits every subset of the neighbours.",
     "`∀c∈pr₂a ∃b∈S₁ (…)` only asks that each member of the second component be a "
     "neighbour, so D2 pairs a cell with each of the 2^deg subsets of its neighbours, the "
     "empty set included, instead of with *the* set of them. {heirs} are built on D2 and "
     "inherit its error; the same ∀ admits every subfamily of placements in D16 and D17."),
    ("D4", "hidden-information", "D4 reads the mines.",
     "Its convention asks for each cell's mined neighbours, so it reads S₂, which the player "
     "does not see; D6–D11 and D14 are built on it and the move depends on them, so the "
     "schema's move changes with where the hidden mines are."),
    (SURE_MINES, "disagreement", "D8 and D11 use only the single-cell rule.",
     "`red (Pr₂ D₇)` and `red (Pr₂ D₁₀)` find a sure mine or a sure safe cell only next to "
     "one number that decides it alone; they miss what two numbers decide together (a "
     "1-2-1) and what the total number of mines decides. D10 shares the rule; D14 removes "
     "the undecided cells (D13) where it should remove the sure mines (D8)."),
    (PLACEMENTS, "disagreement", "D15's `∀c∀d (pr₁c = pr₁d & …)` empties it.",
     "With `&` where `⇒` was meant, every two open cells would have to be the same cell, so "
     "the set of placements, from which D16 and D17 count each cell's probability, is "
     "empty as soon as two cells are open."),
]

KINDS = [
    ("disagreement", "a term whose value on some legal board is not what its convention says "
     "(the convention computed independently, by the solver: `setmine crosscheck`). Its *own "
     "formula* is at fault when, given the right values of the terms it uses, it still "
     "disagrees; otherwise it is *inherited from* the root defects among the terms it uses."),
    ("hidden-information", "a term in the move's closure whose value changes between two "
     "placements of the mines that agree with the same view (the same open cells, numbers "
     "and total): the move would depend on what the player cannot see."),
    ("axiom", "an axiom whose verdict (true or false) on a legal position is not its "
     "convention's."),
]

CLOSURE = ("**The move's closure**: the constituents the move axiom A6 depends on, directly "
           "or through other constituents (A6 itself excluded) — everything the move is "
           "computed from. A player's move may use only what the player sees: the board, the "
           "open cells with their numbers and the total number of mines, never S₂.")


def story(findings: list[dict] | None) -> list[str]:
    """The opening section of the index (Markdown lines); empty without findings."""
    told = [(cause, f) for cause in CAUSES if (f := root_finding(findings or [], *cause[:2]))]
    if not told:
        return []
    out = ["## The story in short", "",
           f"The schema as written does not compute what its conventions say. `setmine defects` "
           f"searched every small board; {plural(len(told), 'root cause')} account for the "
           f"defects listed below, each shown here on its minimal board "
           f"(`*` a mine, `.` a closed cell, a digit an open one):", ""]
    for i, ((alias, kind, title, text), f) in enumerate(told, 1):
        labels = ("on the other placement", "") if f.get("other_board") is not None else \
            ("where the convention says", "")
        text = text.replace("{heirs}", alias_list(heirs(findings or [], alias)))
        out.append(f"{i}. **{title}** {text} Minimal board: {compact(f.get('board'))} — "
                   f"[{alias}]({alias}.md#defect) is `{f.get('value_text', f.get('value'))}` there, "
                   f"{labels[0]} `{f.get('expected_text', f.get('expected'))}`.")
    out += ["", "The kinds of defect named below:", ""]
    out += [f"- **{kind}** — {text}" for kind, text in KINDS]
    out += ["", CLOSURE, "",
            "`spec/saper-corrected.rsl` repairs each cause; each page shows the repair and "
            "its value.", ""]
    return out


def heirs(findings: list[dict], root: str) -> list[str]:
    """The constituents whose findings name ``root`` as their root cause
    (``inherited_from``): the same list ``setmine defects`` gives."""
    return sorted({f["alias"] for f in findings if root in (f.get("inherited_from") or ())},
                  key=_alias_key)


def alias_list(aliases: list[str]) -> str:
    """``D3–D7, D9, D12, D13, D18 and A6``: runs of consecutive terms as ranges."""
    parts: list[str] = []
    run: list[str] = []
    for alias in aliases + [""]:
        if run and alias and alias[0] == run[-1][0] and alias[1:].isdigit() \
                and int(alias[1:]) == int(run[-1][1:]) + 1:
            run.append(alias)
            continue
        if run:
            parts.append(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(run))
        run = [alias] if alias else []
    text = ", ".join(parts)
    head, _, last = text.rpartition(", ")
    return f"{head} and {last}" if head else last


def _alias_key(alias: str) -> tuple:
    return ("DA".find(alias[0]) if alias[0] in "DA" else 9, int(alias[1:]) if alias[1:].isdigit()
            else 0, alias)


def root_finding(findings: list[dict], alias: str, kind: str) -> dict | None:
    """The finding of ``alias``'s own formula of that kind."""
    for f in findings:
        if f.get("alias") == alias and f.get("kind") == kind and not f.get("inherited_from"):
            return f
    return None


def compact(board) -> str:
    """A small ``.board`` text on one line: ```1 * .` (1 mine, move 0,2)``."""
    if not isinstance(board, str):
        return "(not shown)"
    head, _, grid = board.strip("\n").partition("\n\n")
    fields = dict(line.split(":", 1) for line in head.splitlines() if ":" in line)
    rows = " / ".join(line.strip() for line in grid.splitlines() if line.strip())
    notes = []
    if fields.get("mines", "").strip().isdigit():
        notes.append(plural(int(fields["mines"]), "mine"))
    if fields.get("move"):
        notes.append(f"move {fields['move'].strip()}")
    return f"`{rows}`" + (f" ({', '.join(notes)})" if notes else "")
