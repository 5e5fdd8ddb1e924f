"""The two spellings of RSLang: canonical Unicode and ASCII (Exteor's ASCII
mode), shared by the parser (which reads both) and the printer (which writes
either).

Unicode and ASCII tokens are both always understood; the only token whose
meaning depends on the spelling is ``*``: the Cartesian product in ASCII,
integer multiplication in Unicode.  With ``syntax="auto"`` a text is read as
ASCII when it uses an ASCII command (a backslash command word, like ``\\A``
or ``\\in``, or ``B`` for ℬ) and no Unicode operator; otherwise as Unicode
(:func:`spelling_of`).  A text with neither says nothing of its spelling;
its ``*`` between sets is the product all the same, decided by the typifier
(``products.py``).
"""

from __future__ import annotations

import difflib
import re

from .language import OPERATOR_SPELLINGS

SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
"""Subscript digits (``X₁``) → plain digits (``X1``)."""

ASCII = dict(OPERATOR_SPELLINGS)
"""A canonical Unicode operator → its ASCII spelling (written); the table
of the language (``language.py``) declares each."""

CANONICAL = {a: u for u, a in ASCII.items() if a not in ("*", "{}")}
"""An ASCII operator token → its canonical Unicode spelling (read).  ``*``
and ``{}`` are not here: the grammar reads ``{}`` as ∅, and ``*`` is the
product or a multiplication by the spelling (see above)."""

UNICODE_OPERATORS = set("∀∃¬∨⇒⇔≠≤≥∈∉⊆⊂⊄∪∩∆×ℬ∅")

# An ASCII command word (a bare backslash before a name, as in `X₁\S₃`, is
# the set difference of both spellings), or `B` used as ℬ.
ASCII_COMMAND = re.compile(
    r"\\(?:" + "|".join(sorted((k[1:] for k in CANONICAL if k.startswith("\\")), key=len,
                                reverse=True)) + r")(?![A-Za-z0-9_])"
    r"|(?<![A-Za-z0-9_])B(?=\s*[(B])")


def canonical(token: str) -> str:
    """The canonical Unicode spelling of an operator token."""
    return CANONICAL.get(str(token), str(token))


def spelling_of(text: str) -> str:
    """``"ascii"`` or ``"unicode"``: how ``syntax="auto"`` reads ``text``."""
    if ASCII_COMMAND.search(text) and not UNICODE_OPERATORS.intersection(text):
        return "ascii"
    return "unicode"


LATEX = {
    "cap": "\\intersect", "cup": "\\union", "emptyset": "{}", "varnothing": "{}",
    "forall": "\\A", "exists": "\\E", "lnot": "\\neg", "land": "\\and", "wedge": "\\and",
    "lor": "\\or", "vee": "\\or", "implies": "\\impl", "to": "\\impl", "rightarrow": "\\impl",
    "iff": "\\equiv", "leftrightarrow": "\\equiv", "notin": "\\notin", "ne": "\\noteq",
    "neq": "\\noteq", "leq": "\\le", "geq": "\\ge", "lt": "\\ls", "gt": "\\gr",
    "times": "*", "subsetneq": "\\subset", "triangle": "\\symmdiff", "ominus": "\\symmdiff",
    "in": "\\in",
}
"""LaTeX's names of the same symbols → RSLang's ASCII command: what a
newcomer types first."""


def unknown_commands(text: str) -> list[tuple[str, str | None]]:
    """Each backslash word of ``text`` that is not an ASCII command, with the
    command (or ASCII spelling) it most likely means, or None.  A backslash
    before an alias (``X1\\S3``) is the set difference, not a command."""
    commands = sorted(k for k in CANONICAL if k.startswith("\\"))
    found: list[tuple[str, str | None]] = []
    for match in re.finditer(r"(?<![\w₀-₉])\\([a-z][A-Za-z]*)", text):  # not `a\b`
        word = match.group(0)
        if word in CANONICAL or any(word == f for f, _ in found):
            continue
        near = LATEX.get(match.group(1)) or next(iter(difflib.get_close_matches(
            word, commands, n=1, cutoff=0.8)), None)
        found.append((word, near))
    return found
