"""What a structure's domain may be built from (rslang.md, and ConceptPortal's
analyser): globals whose values are sets — basic and constant sets, other
structures and terms (``S4 ::= ℬ(S2×S3)``, ``S3 ::= ℬ(D3×D3×X4)``) — with
``Z``, ``ℬ`` and ``×``.  A structure's type is then the domain's element
type (``ℬ(S2×S3)`` with ``S2, S3 ::= ℬ(X1)`` gives ``ℬ(X1×X1)``); its value
in a model must also lie in the domain's value there, which the model's
reader checks.  Used by the typifier (``S1 ::= …`` as an expression) and by
the analysis of a schema's constituents."""

from __future__ import annotations

from typing import Mapping

from ..syntax import tree as s
from ..syntax.errors import RSLError
from .typification import GlobalInfo

STRUCTURE_BASES = ("basic", "constant")
"""The kinds whose values a model gives outright, from no domain."""

GIVEN = STRUCTURE_BASES + ("structure",)
"""The kinds a model gives values to; everything else is computed."""


def built_from_sets(node: s.Node, env: Mapping[str, GlobalInfo], allow_star: bool) -> None:
    """Check that a structure domain is built only from globals, ``Z``,
    ``ℬ`` and ``×`` (with ``allow_star``, also ``*``, before the typifier
    has said which ``*`` are products).  Anything else is
    ``globalStructure`` over the whole domain, as the reference reports it;
    a global with no type is ``globalNotTyped`` at the global.  Whether
    each global is a set is the typifier's to say (``expectedSetexpr`` for
    a formula, ``invalidBoolean`` under ``ℬ`` for an element)."""
    for part in node.walk():
        if isinstance(part, s.Global):
            info = env.get(part.name)
            if info is None or info.type is None:
                raise RSLError("globalNotTyped", f"{part.name} is not defined or has no type",
                               *part.span)
        elif not (isinstance(part, (s.IntegerSet, s.Product))
                  or (isinstance(part, s.Apply) and part.op == "ℬ")
                  or (allow_star and isinstance(part, s.Arithmetic) and part.op == "*")):
            raise RSLError("globalStructure", "a structure domain is built only from sets named "
                           "by their aliases, Z, ℬ and ×", *node.span)


def reads_values(node: s.Node, env: Mapping[str, GlobalInfo]) -> tuple[str, ...]:
    """The globals of a domain whose values a model decides (structures,
    terms): a value of the structure must lie in the domain's value, not
    only in its type (``S4 ::= ℬ(S2×S3)``: S4 ⊆ S2×S3)."""
    out: list[str] = []
    for part in node.walk():
        if isinstance(part, s.Global) and part.name not in out:
            info = env.get(part.name)
            if info is not None and info.kind not in STRUCTURE_BASES:
                out.append(part.name)
    return tuple(out)


__all__ = ["GIVEN", "STRUCTURE_BASES", "built_from_sets", "reads_values"]
