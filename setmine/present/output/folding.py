"""Text folded to a terminal's width without cutting a word: prose at its
spaces, a formula at its spaces and before its operators.  A word (or an
operand) longer than the whole width is the only thing ever split, and
then without an ellipsis, so that nothing is lost."""

from __future__ import annotations

import re
import textwrap

# where a formula may break when it has no space there: before a connective,
# a relation or a set operator (``D{σ∈S2 | F2[pr2(σ)]⊆F1[pr1(σ)]}`` at ``⊆``)
BREAK = re.compile(r"(?<= )|(?<=,)|(?=[&∨⇒⇔|∪∩\\∆×=≠∈∉⊆⊂⊄<>≤≥])")


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces
    (each line of the text on its own lines; an empty text: no lines)."""
    width = max(width, 1)
    out: list[str] = []
    for line in text.splitlines() or [text]:
        out += textwrap.wrap(line, width, break_long_words=True, break_on_hyphens=False) or [""]
    return out if any(out) else []


def fold_formula(text: str, width: int) -> list[str]:
    """A formula in lines of at most ``width`` characters, broken at spaces
    or before an operator; the lines after the first are not indented
    here (the caller indents them)."""
    width = max(width, 1)
    out: list[str] = []
    for line in text.splitlines():
        pieces = [p for p in BREAK.split(line) if p]
        current = ""
        for piece in pieces:
            if current and len(current) + len(piece) > width:
                out.append(current.rstrip())
                current = piece.lstrip()
            else:
                current += piece
            while len(current) > width:   # one operand longer than the line: split it
                out.append(current[:width])
                current = current[width:]
        out.append(current.rstrip())
    return out


__all__ = ["fold_formula", "wrap"]
