"""Scopes of bound variables (locals) for the typifier.

A local is declared by a quantifier (``∀a ∈ X1 …``), a declarative set
(``D{a ∈ S | …}``), a block of an imperative set (``a :∈ S``, ``a := e``),
a recursive set (``R{a := …}``) or a parameter of a function
(``[a ∈ ℬ(R1)] …``).  Its scope is the construct's body; declarations may
destructure tuples (``∀(a, b) ∈ S1 …``) or list several variables over one
domain (``∀a, b ∈ X1 …``).  Within one expression a name is declared once,
neither nested nor side by side, as the reference requires (issue 15).

``Scopes`` gives the codes of ConceptPortal's type auditor (its
``LocalContext``; examples: ``tests/rsl/test_scope_codes.py``):

==============================  ==============================================
``localShadowing``              a name declared again while a declaration of
                                it is visible: nested (``∀a∈X1 ∃a∈X1 …``),
                                twice in one declaration (``∀(a, a)∈S1 …``,
                                ``∀a, a∈X1 …``) or twice in one frame
                                (``[a∈X1, a∈X1] …``, ``I{… a :∈ X1; a :∈ S2}``):
                                all are "redeclared inside its own scope"
``localDoubleDeclare``          a name declared again after the scope of an
                                earlier declaration ended, i.e. in a sibling
                                scope: ``(∀a∈X1 a=a) & ∃a∈X1 a=a``,
                                ``D{a∈X1 | a=a} ∪ D{a∈X1 | a=a}``; a domain is
                                typed before its construct declares, so in
                                ``∀a∈D{a∈X1 | a=a} a=a`` the second is the
                                quantifier's ``a`` (the first in the text)
``localUndeclared``             a name not declared (yet) where it is used:
                                declared nowhere, only later in the text
                                (``a=a & ∀a∈X1 a=a``), or by the construct
                                whose domain uses it (``∀a∈a …``)
``localUndeclaredInSubexpr``    a name used after its scope ended, in a later
                                operand of a connective, with a quantifier
                                between the use and that operand:
                                ``(∀a∈X1 a=a) & ∀b∈a b=b``,
                                ``∀a∈S2 a=a & ∃b∈X1 b=a``
``localOutOfScopeParentheses``  the same without a quantifier between:
                                ``∀a∈X1 a=a & a=a`` (the quantifier's body is
                                ``a=a``), ``(∀a∈X1 a=a) & a=a``,
                                ``¬∀a∈X1 a=a ∨ a≠a``
``localOutOfScope``             any other use after the scope ended (in no
                                later operand of a connective):
                                ``D{a ∈ X1 | 1=1} = {a}``
``localNotUsed`` (warning)      a declared name that its scope never uses,
                                spanned over that scope as the reference
                                does (a quantifier's or a function's body,
                                a D{…}'s condition, a whole I{…} or R{…});
                                the expression still types
``invalidCortegeDeclare``       a tuple declaration over a non-tuple (or a
                                tuple of another arity)
==============================  ==============================================

Every error carries the span of the offending occurrence of the name (the
second declaration, the use), or of the tuple declaration.

"A later operand of a connective" is found on the way up from the use: the
first ancestor that is the right operand of ``&``, ``∨``, ``⇒`` or ``⇔``
(``survey`` records every node's parent).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..syntax import tree as s
from ..syntax.errors import Diagnostic, RSLError
from .types import Type, components_of

Binding = tuple[s.Local, Type]

DECLARING = (s.Quantifier, s.Declarative, s.Iterate, s.Assign, s.Recursive, s.Parameter)
"""The nodes whose ``var`` declares locals."""


def _at(span: s.Span) -> str:
    return f"{span[0]}–{span[1]}"


@dataclass
class LocalVariable:
    """A declared local: the occurrence that declares it, its type, and
    whether anything in its scope used it."""

    declaration: s.Local
    type: Type
    used: bool = False


@dataclass
class Frame:
    """The locals of one construct; ``what`` names it in messages."""

    what: str
    locals: dict[str, LocalVariable] = field(default_factory=dict)
    scope: s.Span | None = None  # where its locals are to be used: localNotUsed's span


@dataclass
class Ended:
    """A local whose scope has ended (a later use or declaration is an
    error)."""

    variable: LocalVariable
    what: str


@dataclass
class Scopes:
    """A stack of frames of locals; ``warnings`` collects ``localNotUsed``.
    ``survey`` the whole expression first (every node's parent, for the
    codes of a use after its scope)."""

    frames: list[Frame] = field(default_factory=list)
    ended: dict[str, Ended] = field(default_factory=dict)
    warnings: list[Diagnostic] = field(default_factory=list)
    parents: dict[int, s.Node] = field(default_factory=dict)  # id(node) → parent

    # -- the survey of the expression

    def survey(self, tree: s.Node) -> None:
        """Record every node's parent; iterative, so chains of any length
        are surveyed."""
        stack = [tree]
        while stack:
            node = stack.pop()
            for child in node.children():
                self.parents[id(child)] = node
                stack.append(child)

    def later_operand(self, node: s.Node) -> tuple[s.Node | None, bool]:
        """The first ancestor of ``node`` (itself included) that is the right
        operand of a connective, and whether a quantifier lies on the way
        up to it (it included); ``(None, False)`` if there is none."""
        path_quantifier = False
        current = node
        while id(current) in self.parents:
            path_quantifier = path_quantifier or isinstance(current, s.Quantifier)
            parent = self.parents[id(current)]
            if isinstance(parent, s.Connective) and current is parent.right:
                return current, path_quantifier
            current = parent
        return None, False

    # -- lookup

    def visible(self, name: str) -> LocalVariable | None:
        """The innermost visible declaration of ``name``."""
        for frame in reversed(self.frames):
            if name in frame.locals:
                return frame.locals[name]
        return None

    def lookup(self, occurrence: s.Local) -> Type:
        """The type of a use of a local; marks the declaration as used."""
        name, span = occurrence.name, occurrence.span
        found = self.visible(name)
        if found is not None:
            found.used = True
            return found.type
        ended = self.ended.get(name)
        if ended is None:
            raise RSLError("localUndeclared", f"'{name}' is not declared here", *span)
        declared = _at(ended.variable.declaration.span)
        operand, through_quantifier = self.later_operand(occurrence)
        if operand is None:
            raise RSLError("localOutOfScope", f"'{name}' is used outside the scope of its "
                           f"{ended.what} (declared at {declared})", *span)
        if through_quantifier:
            raise RSLError("localUndeclaredInSubexpr",
                           f"'{name}' is used in a quantified sub-expression outside the "
                           f"scope of its {ended.what} (declared at {declared})", *span)
        raise RSLError("localOutOfScopeParentheses",
                       f"'{name}' is used after the scope of its {ended.what} (declared at "
                       f"{declared}) ended; parentheses around that scope and this operand "
                       f"would reach it", *span)

    # -- declaration

    def open(self, bindings: Sequence[Binding] = (), what: str = "declaration",
             node: s.Node | None = None) -> None:
        """Start a frame holding ``bindings`` (the locals of one
        declaration) for the construct ``node`` (``what`` names it)."""
        self.frames.append(Frame(what, scope=_scope(node)))
        self.extend(bindings)

    def extend(self, bindings: Sequence[Binding]) -> None:
        """Add more locals to the innermost frame (the next parameter of a
        function, the next block of ``I{…}``)."""
        frame = self.frames[-1]
        for occurrence, type_ in bindings:
            name = occurrence.name
            previous = self.visible(name)
            if previous is not None:
                where = ("in the same construct" if name in frame.locals
                         else "in an enclosing scope")
                raise RSLError("localShadowing", f"'{name}' is declared again here; it is "
                               f"already declared {where} at "
                               f"{_at(previous.declaration.span)}", *occurrence.span)
            ended = self.ended.get(name)
            if ended is not None:
                raise RSLError("localDoubleDeclare", f"'{name}' is declared again here; it is "
                               f"already declared in the sibling {ended.what} at "
                               f"{_at(ended.variable.declaration.span)}", *occurrence.span)
            frame.locals[name] = LocalVariable(occurrence, type_)

    def close(self) -> None:
        """End the innermost frame: warn about its unused locals and remember
        them (a later use or declaration is an error)."""
        frame = self.frames.pop()
        for name, variable in frame.locals.items():
            if not variable.used:
                self.warnings.append(Diagnostic(
                    "localNotUsed", f"'{name}' is declared but never used",
                    *(frame.scope or variable.declaration.span)))
            self.ended[name] = Ended(variable, frame.what)


def _scope(node: s.Node | None) -> s.Span | None:
    """Where a construct's locals are to be used, as the reference spans an
    unused one: a quantifier's body, a D{…}'s condition, a function's body,
    the whole of an I{…} or R{…}."""
    if isinstance(node, (s.Quantifier, s.FunctionDef)):
        return node.body.span
    if isinstance(node, s.Declarative):
        return node.condition.span
    if isinstance(node, (s.Imperative, s.Recursive)):
        return node.span
    return None


def destructure(declaration: s.Node, type_: Type) -> list[Binding]:
    """The locals bound by ``declaration`` when it receives a value of type
    ``type_``: ``a`` gets the type itself, ``(a, b)`` needs a tuple type of
    two factors and binds its components (recursively), and a list ``a, b``
    gives every item the same type.  Raises ``invalidCortegeDeclare`` (at
    the first name of the tuple declaration, as the reference) on a mismatch and ``localShadowing`` (the
    second occurrence) when a name repeats: it is redeclared inside its own
    scope."""
    bindings = _destructure(declaration, type_)
    seen: dict[str, s.Local] = {}
    for occurrence, _ in bindings:
        first = seen.get(occurrence.name)
        if first is None:
            seen[occurrence.name] = occurrence
        else:
            raise RSLError("localShadowing", f"'{occurrence.name}' is declared again here; "
                           f"it is already declared in the same declaration at "
                           f"{_at(first.span)}", *occurrence.span)
    return bindings


def _destructure(declaration: s.Node, type_: Type) -> list[Binding]:
    if isinstance(declaration, s.Local):
        return [(declaration, type_)]
    if isinstance(declaration, s.TupleDecl):
        factors = components_of(type_, len(declaration.items))
        if factors is None:
            first = s.declared_names(declaration)[0]  # where the reference spans it
            raise RSLError("invalidCortegeDeclare",
                           f"a tuple of {len(declaration.items)} variables cannot receive "
                           f"a value of type {type_}", *first.span)
        return [b for item, factor in zip(declaration.items, factors)
                for b in _destructure(item, factor)]
    if isinstance(declaration, s.DeclList):
        return [b for item in declaration.items for b in _destructure(item, type_)]
    raise RSLError("expectedLocal", "a variable or a tuple of variables is expected here",
                   *declaration.span)
