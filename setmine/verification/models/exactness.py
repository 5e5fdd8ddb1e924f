"""Where a formula's circuit says exactly what the evaluator says.

The grounding (``grounding.py``) translates every construct it accepts
exactly — wherever the evaluator gives a value.  The one construct whose
evaluation can stop with an error on a well-typed formula is ``debool`` (of
a set that is not a singleton); there the circuit may say anything.  A
formula is *exact* when it grounds whole and neither it nor a term or
function it reads (directly or through others) uses ``debool``: then its
circuit's solutions are exactly the interpretations where the evaluator
says True, so a solver's answer about it needs no evaluation:

* models are counted from the axioms' circuit alone (``counting.py``) when
  every axiom is exact;
* a property is decided by one query (``deciding.py``) when it is exact —
  an UNSAT "axioms ∧ ¬F" is then a proof that F holds at those sizes.
"""

from __future__ import annotations

from ...rsl.schema import dependencies
from ...rsl.syntax import tree as s


def inexact(schema, tree: s.Node) -> str | None:
    """Why the circuit of ``tree`` (a formula over ``schema``) may differ
    from the evaluator — "D3 uses debool, …" — or None when it cannot."""
    seen: set[str] = set()
    pending: list[tuple[str | None, s.Node]] = [(None, tree)]
    while pending:
        where, node = pending.pop()
        for part in node.walk():
            if isinstance(part, s.Apply) and part.op == "debool":
                return (f"{where or 'it'} uses debool, an error unless its set has one "
                        f"member: there the solver's translation may say anything")
        for name, _ in dependencies(node):
            if name in seen or name not in schema:
                continue
            seen.add(name)
            analysis = schema.analysis.get(name)
            if analysis is not None and analysis.tree is not None \
                    and schema[name].kind not in ("basic", "constant", "structure"):
                pending.append((name, analysis.tree))
    return None


__all__ = ["inexact"]
