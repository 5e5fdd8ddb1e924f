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

import re

SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
"""Subscript digits (``X₁``) → plain digits (``X1``)."""

CANONICAL = {
    "\\A": "∀", "\\E": "∃", "\\neg": "¬", "\\and": "&", "\\or": "∨",
    "\\impl": "⇒", "\\equiv": "⇔", "\\in": "∈", "\\notin": "∉",
    "\\subseteq": "⊆", "\\subset": "⊂", "\\notsubset": "⊄", "\\eq": "=",
    "\\noteq": "≠", "\\gr": ">", "\\ls": "<", "\\ge": "≥", "\\le": "≤",
    "\\union": "∪", "\\intersect": "∩", "\\setminus": "\\", "\\symmdiff": "∆",
    "\\plus": "+", "\\minus": "-", "\\multiply": "*", "B": "ℬ",
    "\\from": ":∈", "\\assign": ":=", "\\deftype": "::=", "\\defexpr": ":==",
}
"""An ASCII operator token → its canonical Unicode spelling (read)."""

ASCII = {
    "∀": "\\A", "∃": "\\E", "¬": "\\neg", "&": "\\and", "∨": "\\or", "⇒": "\\impl",
    "⇔": "\\equiv", "∈": "\\in", "∉": "\\notin", "⊆": "\\subseteq", "⊂": "\\subset",
    "⊄": "\\notsubset", "=": "\\eq", "≠": "\\noteq", ">": "\\gr", "<": "\\ls",
    "≥": "\\ge", "≤": "\\le", "∪": "\\union", "∩": "\\intersect", "\\": "\\setminus",
    "∆": "\\symmdiff", "+": "\\plus", "-": "\\minus", "*": "\\multiply", "×": "*",
    "ℬ": "B", "∅": "{}", ":∈": "\\from", ":=": "\\assign", ":==": "\\defexpr",
    "::=": "\\deftype",
}
"""A canonical Unicode operator → its ASCII spelling (written)."""

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
