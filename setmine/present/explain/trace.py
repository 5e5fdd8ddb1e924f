"""Why a formula holds or fails: its verdict with the binding that decides
it — the falsifying binding of a false ∀, the witness of a true ∃ — and the
values of its sub-formulas and terms under that binding, as a tree.

    A2 = false
      ∀a, b∈X1 ((a, b)∈S1 ⇒ (b, a)∈S1): false, counterexample a = 0,0, b = 0,1
        (a, b)∈S1 ⇒ (b, a)∈S1: false
          (a, b)∈S1: true
          (b, a)∈S1: false
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...eval.shapes.terms import negate
from ...eval.values import cardinal
from ...eval.values.sets import card
from ...rsl.syntax import tree as s
from ...rsl.syntax.errors import RSLError
from ...rsl.syntax.printer import shown
from ..output.values import show
from .glossary import BOARD


@dataclass
class Trace:
    """One node of an explanation."""

    text: str
    value: object
    note: str = ""
    binding: dict = field(default_factory=dict)
    children: list["Trace"] = field(default_factory=list)
    error: RSLError | None = None


def explain(ev, formula: s.Node, env: dict | None = None, depth: int = 8) -> Trace:
    env = dict(env or {})
    text = shown(formula)
    try:
        if isinstance(formula, s.Quantifier):
            return _quantifier(ev, formula, env, depth)
        value = ev.truth(formula, env)
    except RSLError as exc:
        return Trace(text, None, f"error {exc.code}: {exc.message}", error=exc)
    trace = Trace(text, value)
    if depth <= 0:
        return trace
    if isinstance(formula, s.Negation):
        trace.children.append(explain(ev, formula.arg, env, depth - 1))
    elif isinstance(formula, s.Connective):
        trace.children.append(explain(ev, formula.left, env, depth - 1))
        left = trace.children[0].value
        short = (formula.op == "&" and left is False) or (formula.op in ("∨",) and left is True) \
            or (formula.op == "⇒" and left is False)
        if short:
            trace.note = "decided by the left side"
        else:
            trace.children.append(explain(ev, formula.right, env, depth - 1))
    elif isinstance(formula, s.Predicate):
        # a side that is its own value (``10``, ``∅``) is not said again: ``card(D15) = 10``,
        # not also ``10 = 10``
        trace.children.extend(t for t in (_term(ev, side, env) for side in
                                          (formula.left, formula.right))
                              if t.error is not None or t.note != t.text)
    return trace


def witnesses(traces: list[Trace]) -> list[tuple[str, dict]]:
    """The binding of each quantifier on the path to a failure, in order:
    the counterexample of a false ∀, the witness of a true ∃ (the names
    the trace keeps for itself, ``·…``, left out)."""
    found: list[tuple[str, dict]] = []

    def walk(t: Trace) -> None:
        if t.binding:
            found.append((t.text, {k: v for k, v in t.binding.items() if not k.startswith("·")}))
        for child in t.children:
            walk(child)

    for trace in traces:
        walk(trace)
    return found


def _quantifier(ev, q: s.Quantifier, env: dict, depth: int) -> Trace:
    domain = ev.value(q.domain, env)
    size = _size(domain)
    text = shown(q)
    if q.op == "∀":
        holds, counterexample = ev.forall(q.var, domain, q.body, env, q)
        if holds:
            return Trace(text, True, f"vacuously: {shown(q.domain)} has no members" if size == "0"
                         else f"holds for the only member of {shown(q.domain)}" if size == "1"
                         else f"holds for all {size} members of {shown(q.domain)}")
        if counterexample is None:
            found, counterexample = ev.exists(q.var, domain, negate(q.body), env, q)
        trace = Trace(text, False, "counterexample " + _binding_text(counterexample, _cells(ev)),
                      dict(counterexample or {}))
        if counterexample is not None and depth > 0:
            trace.children.append(explain(ev, q.body, {**env, **counterexample}, depth - 1))
        return trace
    found, witness = ev.exists(q.var, domain, q.body, env, q)
    if not found:
        return Trace(text, False, f"{shown(q.domain)} has no members" if size == "0" else
                     f"no member of {shown(q.domain)} ({size} member{'s' * (size != '1')}) "
                     "satisfies it")
    trace = Trace(text, True, "witness " + _binding_text(witness, _cells(ev)), dict(witness))
    if depth > 0:
        trace.children.append(explain(ev, q.body, {**env, **witness}, depth - 1))
    return trace


def _term(ev, node: s.Node, env: dict) -> Trace:

    try:
        value = ev.value(node, env)
    except RSLError as exc:
        return Trace(shown(node), None, f"error {exc.code}: {exc.message}", error=exc)
    return Trace(shown(node), value, _shown(value, ev))


def _shown(value, ev) -> str:
    """A value as the evidence says it: the empty set as ``∅``, the symbol
    the formulas use, not ``{}``."""
    if isinstance(value, frozenset) and not value:
        return "∅"
    return show(value, limit=12, cells=_cells(ev))


def _cells(ev):
    return BOARD.elements(ev.data)


def _size(domain) -> str:
    try:
        return cardinal.show(card(domain))
    except RSLError:
        return "infinitely many"


def _binding_text(binding: dict | None, cells=frozenset()) -> str:

    if not binding:
        return "(none found within the budget)"
    return ", ".join(f"{name} = {'∅' if v == frozenset() else show(v, limit=12, cells=cells)}"
                     for name, v in binding.items() if not name.startswith("·"))


def render(trace: Trace, indent: str = "  ") -> list[str]:
    """The explanation as indented lines."""
    lines: list[str] = []

    def walk(t: Trace, level: int) -> None:
        value = "true" if t.value is True else "false" if t.value is False else t.note
        note = f", {t.note}" if t.note and isinstance(t.value, bool) else ""
        if isinstance(t.value, bool) or t.error is not None:
            lines.append(f"{indent * level}{t.text}: {value}{note}")
        else:
            lines.append(f"{indent * level}{t.text} = {t.note}")
        for child in t.children:
            walk(child, level + 1)

    walk(trace, 0)
    return lines
