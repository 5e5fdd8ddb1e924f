"""Scopes of bound variables (locals) for the typifier.

A local is declared by a quantifier (``∀a ∈ X1 …``), a declarative set
(``D{a ∈ S | …}``), a block of an imperative set (``a :∈ S``, ``a := e``),
a recursive set (``R{a := …}``) or a parameter of a function
(``[a ∈ ℬ(R1)] …``).  Its scope is the construct's body; declarations may
destructure tuples (``∀(a, b) ∈ S1 …``) or list several variables over one
domain (``∀a, b ∈ X1 …``).

``Scopes`` checks the rules of ConceptPortal's type auditor:

============================  ==============================================
``localDoubleDeclare``        one name twice in one declaration or frame
``localShadowing``            a name re-declared while an outer one is visible
``localUndeclared``           a name that was never declared
``localOutOfScope``           a name used after its declaration's scope ended
``localNotUsed`` (warning)    a declared name that its scope never uses
``invalidCortegeDeclare``     a tuple declaration over a non-tuple (or a
                              tuple of another arity)
============================  ==============================================

Every error carries the span of the offending occurrence of the name (or of
the tuple declaration).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from . import syntax as s
from .errors import Diagnostic, RSLError
from .types import Type, components_of

Binding = tuple[s.Local, Type]


@dataclass
class LocalVariable:
    """A declared local: the occurrence that declares it, its type, and
    whether anything in its scope used it."""

    declaration: s.Local
    type: Type
    used: bool = False


@dataclass
class Scopes:
    """A stack of frames of locals; ``warnings`` collects ``localNotUsed``."""

    frames: list[dict[str, LocalVariable]] = field(default_factory=list)
    ended: set[str] = field(default_factory=set)
    warnings: list[Diagnostic] = field(default_factory=list)

    # -- lookup

    def visible(self, name: str) -> LocalVariable | None:
        """The innermost visible declaration of ``name``."""
        for frame in reversed(self.frames):
            if name in frame:
                return frame[name]
        return None

    def lookup(self, occurrence: s.Local) -> Type:
        """The type of a use of a local; marks the declaration as used."""
        found = self.visible(occurrence.name)
        if found is not None:
            found.used = True
            return found.type
        if occurrence.name in self.ended:
            raise RSLError("localOutOfScope",
                           f"'{occurrence.name}' is used outside the scope of its declaration",
                           *occurrence.span)
        raise RSLError("localUndeclared", f"'{occurrence.name}' is not declared",
                       *occurrence.span)

    # -- declaration

    def open(self, bindings: Sequence[Binding] = ()) -> None:
        """Start a frame holding ``bindings`` (the locals of one
        declaration)."""
        self.frames.append({})
        self.extend(bindings)

    def extend(self, bindings: Sequence[Binding]) -> None:
        """Add more locals to the innermost frame (the next parameter of a
        function, the next block of ``I{…}``)."""
        frame = self.frames[-1]
        for occurrence, type_ in bindings:
            name = occurrence.name
            if name in frame:
                raise RSLError("localDoubleDeclare", f"'{name}' is declared twice",
                               *occurrence.span)
            if self.visible(name) is not None:
                raise RSLError("localShadowing",
                               f"'{name}' is already declared in an enclosing scope",
                               *occurrence.span)
            frame[name] = LocalVariable(occurrence, type_)
            self.ended.discard(name)

    def close(self) -> None:
        """End the innermost frame: warn about its unused locals and remember
        their names (a later use is ``localOutOfScope``)."""
        frame = self.frames.pop()
        for name, variable in frame.items():
            if not variable.used:
                self.warnings.append(Diagnostic(
                    "localNotUsed", f"'{name}' is declared but never used",
                    *variable.declaration.span))
            self.ended.add(name)


def destructure(declaration: s.Node, type_: Type) -> list[Binding]:
    """The locals bound by ``declaration`` when it receives a value of type
    ``type_``: ``a`` gets the type itself, ``(a, b)`` needs a tuple type of
    two factors and binds its components (recursively), and a list ``a, b``
    gives every item the same type.  Raises ``invalidCortegeDeclare`` (the
    span of the tuple declaration) on a mismatch and ``localDoubleDeclare``
    (the second occurrence) when a name repeats."""
    bindings = _destructure(declaration, type_)
    seen: set[str] = set()
    for occurrence, _ in bindings:
        if occurrence.name in seen:
            raise RSLError("localDoubleDeclare",
                           f"'{occurrence.name}' is declared twice in one declaration",
                           *occurrence.span)
        seen.add(occurrence.name)
    return bindings


def _destructure(declaration: s.Node, type_: Type) -> list[Binding]:
    if isinstance(declaration, s.Local):
        return [(declaration, type_)]
    if isinstance(declaration, s.TupleDecl):
        factors = components_of(type_, len(declaration.items))
        if factors is None:
            raise RSLError("invalidCortegeDeclare",
                           f"a tuple of {len(declaration.items)} variables cannot receive "
                           f"a value of type {type_}", *declaration.span)
        return [b for item, factor in zip(declaration.items, factors)
                for b in _destructure(item, factor)]
    if isinstance(declaration, s.DeclList):
        return [b for item in declaration.items for b in _destructure(item, type_)]
    raise RSLError("expectedLocal", "a variable or a tuple of variables is expected here",
                   *declaration.span)
