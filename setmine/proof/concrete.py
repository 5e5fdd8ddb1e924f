"""One finite model fixed in SMT-LIB, to test the translation against the
evaluator (the differential of docs/conformance.md).

The basic and constant sets become distinct constants of their sorts and
the structures their values as set literals; the terms keep their
translated definitions, which fix their values.  The translated formula is
then *true* in that model when cvc5 shows its negation unsatisfiable, and
*false* when it shows the formula so — which must be what the evaluator
says, formula by formula.
"""

from __future__ import annotations

from ..rsl.semantics.types import Element, Integer, SetType, TupleType, Type
from .cvc5run import answer
from .decide import STRATEGIES
from .theory import Theory
from .smtlib import NoTranslation, numeral, sort


def fixed(theory: Theory, values: dict, only=None) -> list[str]:
    """SMT-LIB lines that fix the basic and constant sets and the structures
    of ``theory``'s schema (those in ``only``, if given) to ``values``
    (alias → value, as a model has them)."""
    schema = theory.schema
    norm = theory.translator.norm
    names: dict[str, dict] = {}
    lines: list[str] = []
    for c in schema:
        if c.kind in ("basic", "constant"):
            members = sorted(values.get(c.alias, frozenset()), key=repr)
            if c.alias in theory.translator.integral:   # a finite set of integers
                lines.append(f"(assert (= {c.alias} "
                             f"{literal(frozenset(members), SetType(Integer()), names)}))")
                continue
            theory.translator.sorts.add(c.alias)
            names[c.alias] = {m: f"{c.alias}.e{i}" for i, m in enumerate(members)}
            lines += [f"(declare-const {n} E_{c.alias})" for n in names[c.alias].values()]
            if len(members) > 1:
                lines.append(f"(assert (distinct {' '.join(names[c.alias].values())}))")
            lines.append(f"(assert (= {c.alias} "
                         f"{literal(frozenset(members), SetType(Element(c.alias)), names)}))")
    for c in schema:
        if c.kind == "structure" and c.alias in values and schema.analysis[c.alias].ok \
                and (only is None or c.alias in only):
            lines.append(f"(assert (= {c.alias} "
                         f"{literal(values[c.alias], norm(schema.analysis[c.alias].type), names)}))")
    return lines


def literal(value, t: Type, names: dict) -> str:
    """``value`` of type ``t`` as an SMT-LIB term."""
    if isinstance(t, Element):
        return names[t.name][value]
    if isinstance(t, Integer):
        return numeral(int(value))
    if isinstance(t, TupleType):
        return "(tuple " + " ".join(literal(v, f, names) for v, f in zip(value, t.factors)) + ")"
    if isinstance(t, SetType):
        items = sorted(value, key=repr)
        if not items:
            return f"(as set.empty {sort(t)})"
        out = f"(set.singleton {literal(items[0], t.base, names)})"
        for item in items[1:]:
            out = f"(set.union {out} (set.singleton {literal(item, t.base, names)}))"
        return out
    raise TypeError(f"no literal of type {t}")


def truth(theory: Theory, values: dict, name: str, tree, seconds: float = 10.0):
    """The translated formula's truth in the model ``values``: True, False,
    or None when cvc5 decides neither (NoTranslation when there is none)."""
    goal = theory.statement(name, tree)
    reads = set(goal.reads) | {c.alias for c in theory.schema if c.kind in ("basic", "constant")}
    model = fixed(theory, values, set(theory.closure(reads)))
    goal.reads = frozenset(reads)
    holds = theory.obligation(goal, with_axioms=False, extra=model)
    fails = theory.obligation(goal, with_axioms=False, extra=model, negated=True)
    for options in STRATEGIES:
        if answer(holds.text, seconds, options).status == "unsat":
            return True
        if answer(fails.text, seconds, options).status == "unsat":
            return False
    return None


__all__ = ["NoTranslation", "fixed", "literal", "truth"]
