"""What the SAT translation left to the evaluator, in words a schema's
author understands (issue 45: counterexamples people read).

The grounding (``verification/models/grounding.py``) refuses what it cannot
translate into clauses with a short note, ``NotGroundable(node, why)``;
the search reports it as ``A5: Recursive is not grounded`` (a part of an
axiom left to the evaluator) or ``the domain of S1: ℬ of a set of 13
candidates`` (a structure the SAT search cannot represent).
:func:`why_not_grounded` turns such a note into a sentence:

    >>> why_not_grounded("A5: Recursive is not grounded")
    'A5 uses a recursive definition R{…}, which the SAT solver cannot translate into
    clauses; the solver searches without it, and each model it proposes is checked
    against A5 by evaluating it (the same models, found more slowly)'

Every note the grounding writes has its wording in :data:`WORDINGS` (the
tests read grounding.py's ``NotGroundable(`` calls and fail on one without
it); a note that has none is still said, with the grounding's own words in
parentheses.  :func:`solutions_text` says what the SAT solver's count is.
"""

from __future__ import annotations

import re

from ..grounding import MAX_MEMBERS, MAX_SUBSETS_OF

NODES = {
    "Recursive": "a recursive definition R{…}",
    "Imperative": "an imperative definition I{…}",
    "Iterate": "an iteration (:∈) of an imperative definition",
    "Assign": "an assignment (:=) of an imperative definition",
    "Declarative": "a set-builder D{…}",
    "Quantifier": "a quantifier (∀, ∃)",
    "Predicate": "a comparison or a membership",
    "Connective": "a connective (&, ∨, ⇒, ⇔)",
    "Negation": "a negation ¬",
    "FunctionDef": "a function's definition [α∈…] …",
    "Parameter": "a function's parameter",
    "Call": "a call of a function or predicate",
    "GlobalDefinition": "a definition",
    "Radical": "a type variable R…",
    "TupleDecl": "a tuple of variables",
    "DeclList": "a list of variables",
    "Integer": "a number",
    "IntegerSet": "Z",
    "EmptySet": "∅",
    "Global": "a constituent's name",
    "Local": "a variable",
    "Arithmetic": "arithmetic (+, -, *)",
    "SetOperation": "a set operation (∪, ∩, \\, ∆)",
    "Product": "a product ×",
    "Apply": "ℬ, card, bool, debool or red",
    "Projection": "a projection pr or Pr",
    "Filter": "a filter Fi",
    "Enumeration": "a set written out {…}",
    "Tuple": "a tuple (…)",
}
"""The syntax tree's node classes as an author writes them."""

CANNOT = "which the SAT solver cannot translate into clauses"
MORE = f"more than the SAT solver is given (at most {MAX_MEMBERS:,})"


def _node(name: str) -> str:
    return NODES.get(name, f"an expression the translation does not cover ({name})")


WORDINGS: list[tuple[str, object]] = [
    (r"(?P<node>\w+) is not grounded",
     lambda m: f"uses {_node(m['node'])}, {CANNOT}"),
    (r"(?P<node>\w+) is not a formula here",
     lambda m: f"uses {_node(m['node'])} as a condition, {CANNOT}"),
    (r"(?P<name>\S+) is not a formula",
     "reads {name} as a condition, and the SAT solver translates only an axiom's or a "
     "statement's text as one"),
    (r"Z is infinite",
     "uses Z, every integer, which the SAT solver cannot write out (the scope's integers, "
     "--integers, stand for Z only in the structures' domains)"),
    (r"(?P<name>\S+) is not bound",
     "uses the variable {name} where the SAT solver's translation has no value for it"),
    (r"(?P<name>\S+) is defined through itself",
     "reads {name}, which is defined through itself"),
    (r"(?P<name>\S+) has no grounded value",
     "reads {name}, whose value the SAT solver does not hold"),
    (r"ℬ of a set of (?P<n>[\d,]+) candidates",
     "takes ℬ, every subset, of a set of up to {n} members: 2^{n} subsets, more than the SAT "
     f"solver is given (at most 2^{MAX_SUBSETS_OF})"),
    (r"red of a set whose members are not sets",
     f"applies red to a set whose members are not sets, {CANNOT}"),
    (r"a projection of a member that is not a tuple",
     f"projects (Pr) a set whose members are not tuples, {CANNOT}"),
    (r"pr of a value that is not a tuple",
     f"projects (pr) a value that is not a tuple, {CANNOT}"),
    (r"a filter's arity",
     f"uses a filter Fi whose parameters do not match its indices, {CANNOT}"),
    (r"a filter of a member that is not a tuple",
     f"filters (Fi) a set whose members are not tuples, {CANNOT}"),
    (r"(?P<name>\S+) cannot be applied here",
     f"calls {{name}} in a way the translation cannot match to its parameters, {CANNOT}"),
    (r"a tuple of parameters",
     f"calls a function whose parameter is a tuple of variables, {CANNOT}"),
    (r"a set where a formula is expected, or the reverse",
     f"calls a function where a predicate is expected, or the reverse, {CANNOT}"),
    (r"a set of (?P<n>[\d,]+) candidates used as one value",
     "uses a set of up to {n} members as one value (compares it, or puts it in a tuple or "
     f"a set): 2^{{n}} values, more than the SAT solver is given (at most 2^{MAX_SUBSETS_OF})"),
    (r"(?P<n>[\d,]+) possible values",
     f"computes a value that can be any of {{n}}, {MORE}"),
    (r"more than (?P<n>[\d,]+) clauses",
     "needs more than {n} clauses, too large for the SAT solver at this size"),
    (r"a member that does not fit the declaration",
     f"binds a tuple of variables to a member that is not such a tuple, {CANNOT}"),
    (r"a set of (?P<n>[\d,]+) candidate members",
     f"builds a set of up to {{n}} members, {MORE}"),
    (r"a set is expected here",
     f"uses as a set what the SAT solver does not hold as one, {CANNOT}"),
    (r"a product of (?P<n>[\d,]+) candidate tuples",
     f"builds a product (×) of up to {{n}} tuples, {MORE}"),
    (r"a tuple of (?P<n>[\d,]+) possible values",
     f"forms a tuple that can take {{n}} values, {MORE}"),
]
"""(a note's pattern, matched whole; its wording: a verb phrase after the
axiom or domain it is about, ``{name}`` a group of the pattern, or a
function of the match)."""

_SUBJECT = re.compile(r"(?:(?P<domain>the domain of )?(?P<alias>[A-Z][A-Za-z0-9_]*): )?(?P<why>.*)",
                      re.DOTALL)


def wording_of(why: str) -> str | None:
    """The verb phrase for the grounding's note ``why`` (without an alias),
    or None when :data:`WORDINGS` has none."""
    for pattern, said in WORDINGS:
        match = re.fullmatch(pattern, why.strip())
        if match:
            if callable(said):
                return said(match)
            groups = {k: f"{int(v.replace(',', '')):,}" if k == "n" else v
                      for k, v in match.groupdict().items()}
            return said.format(**groups)
    return None


def why_not_grounded(note: str) -> str:
    """A sentence (no final stop) for a note of what the SAT translation
    left out: ``A5: …`` (a part of axiom A5, checked by the evaluator),
    ``the domain of S1: …`` (structure S1: the search lists its domain),
    or a bare note."""
    parts = _SUBJECT.fullmatch(note.strip())
    alias, why = parts["alias"], parts["why"]
    said = wording_of(why) or f"has a part the SAT solver cannot translate into clauses ({why})"
    if alias and parts["domain"]:
        return (f"The domain of {alias} {said}; the SAT solver cannot represent {alias}, so "
                f"the search lists every value of its domain instead, evaluating the axioms on "
                f"each (slower, and bounded by --max-states)")
    if alias:
        return (f"{alias} {said}; the solver searches without it, and each model it proposes "
                f"is checked against {alias} by evaluating it (the same models, found more "
                f"slowly)")
    return (f"This part {said}; it is checked by evaluating it on each model the solver "
            f"proposes")


def solutions_text(tried: int, models: int | None = None, rechecked: bool = True) -> str:
    """What the SAT solver's count is, in words: the interpretations it
    proposed (at least one of each class up to isomorphism), and what the
    evaluator made of them."""
    proposed = (f"the SAT solver proposed {tried:,} interpretation{'s' if tried != 1 else ''} "
                f"(at least one of each class up to isomorphism)")
    if rechecked:
        kept = f", {models:,} of them models" if models is not None else ""
        return f"{proposed}, each checked by evaluating every axiom{kept}"
    return proposed


__all__ = ["NODES", "WORDINGS", "solutions_text", "why_not_grounded", "wording_of"]
