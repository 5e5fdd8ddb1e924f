"""What a structure's domain may be built from: ``S1 ::= ℬ(X1×X1)`` names
only basic and constant sets, ``Z``, ``ℬ`` and ``×`` (rslang.md).  Used by
the typifier (``S1 ::= …`` as an expression) and by the analysis of a
schema's constituents."""

from __future__ import annotations

from typing import Mapping

from ..syntax import tree as s
from ..syntax.errors import RSLError
from .typification import GlobalInfo

STRUCTURE_BASES = ("basic", "constant")


def built_from_sets(node: s.Node, env: Mapping[str, GlobalInfo], allow_star: bool) -> None:
    """Check that a structure domain is built only from basic and constant
    sets, ``Z``, ``ℬ`` and ``×`` (with ``allow_star``, also ``*``, before
    the typifier has said which ``*`` are products); ``globalStructure``
    (or ``globalNotTyped``) with the span of the offending part."""
    for part in node.walk():
        if isinstance(part, s.Global):
            info = env.get(part.name)
            if info is None or info.type is None:
                raise RSLError("globalNotTyped", f"{part.name} is not defined or has no type",
                               *part.span)
            if info.kind not in STRUCTURE_BASES:
                raise RSLError("globalStructure", f"a structure domain is built from basic and "
                               f"constant sets only, not from the {info.kind} {part.name}",
                               *part.span)
        elif not (isinstance(part, (s.IntegerSet, s.Product))
                  or (isinstance(part, s.Apply) and part.op == "ℬ")
                  or (allow_star and isinstance(part, s.Arithmetic) and part.op == "*")):
            raise RSLError("globalStructure", "a structure domain is built only from basic and "
                           "constant sets, Z, ℬ and ×", *part.span)


__all__ = ["STRUCTURE_BASES", "built_from_sets"]
