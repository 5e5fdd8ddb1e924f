"""Scopes of bound variables (locals) for the typifier.

A local is declared by a quantifier (``∀a ∈ X1 …``), a declarative set
(``D{a ∈ S | …}``), a block of an imperative set (``a :∈ S``, ``a := e``),
a recursive set (``R{a := …}``) or a parameter of a function
(``[a ∈ ℬ(R1)] …``).  Its scope is the construct's body; declarations may
destructure tuples (``∀(a, b) ∈ S1 …``) or list several variables over one
domain (``∀a, b ∈ X1 …``).  Within one expression a name is declared once,
neither nested nor side by side, as the reference requires (issue 15).

``Scopes`` gives the codes of ConceptCore's and ConceptPortal's type
auditors (examples: ``tests/rsl/test_scope_codes.py``):

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
``localUndeclared``             a name that no construct of the expression
                                declares (or only one that begins before the
                                use and has not yet bound it: ``∀a∈a …``)
``localUndeclaredInSubexpr``    a name used before (to the left of) the
                                construct that declares it:
                                ``a=a & ∀a∈X1 a=a``
``localOutOfScopeParentheses``  a name used after its quantifier's scope
                                ended, in the text that the quantifier's body
                                would cover had it been put in parentheses:
                                ``∀a∈X1 a=a & a=a`` (the body is ``a=a``),
                                ``¬∀a∈X1 a=a ∨ a≠a``; only for a quantifier
                                that is not itself in parentheses
``localOutOfScope``             any other use after the scope ended:
                                ``(∀a∈X1 a=a) & ∀b∈a b=b`` (the quantifier is
                                in parentheses), ``D{a ∈ X1 | 1=1} = {a}``
                                (not a quantifier)
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

The quantifier's "would-be body" is found from spans alone (``survey``): a
parenthesised sub-formula's span excludes its parentheses while its parent's
span includes them, so going up from the quantifier through connectives,
negations and quantifier bodies, a child whose parent's span goes past it on
the side where the quantifier's body would grow is wrapped in parentheses;
the region ends at the end of the last unwrapped ancestor.
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
    """The locals of one construct; ``what`` names it in messages and
    ``region`` is the text after a quantifier that its body would cover had
    it been parenthesised (empty for other constructs)."""

    what: str
    region: s.Span
    locals: dict[str, LocalVariable] = field(default_factory=dict)
    scope: s.Span | None = None  # where its locals are to be used: localNotUsed's span


@dataclass
class Ended:
    """A local whose scope has ended (a later use or declaration is an
    error)."""

    variable: LocalVariable
    what: str
    region: s.Span


@dataclass
class Scopes:
    """A stack of frames of locals; ``warnings`` collects ``localNotUsed``.
    ``survey`` the whole expression first (for ``localUndeclaredInSubexpr``
    and ``localOutOfScopeParentheses``)."""

    frames: list[Frame] = field(default_factory=list)
    ended: dict[str, Ended] = field(default_factory=dict)
    warnings: list[Diagnostic] = field(default_factory=list)
    declarations: dict[str, list[s.Local]] = field(default_factory=dict)
    reaches: dict[int, int] = field(default_factory=dict)  # id(quantifier) → reach

    # -- the survey of the expression

    def survey(self, tree: s.Node) -> None:
        """Record every declaring occurrence of every name in ``tree`` and
        the reach of every quantifier (see the module doc); iterative, so
        chains of any length are surveyed."""
        stack: list[tuple[s.Node, int]] = [(tree, tree.span[1])]
        while stack:
            node, reach = stack.pop()
            if isinstance(node, DECLARING):
                for occurrence in s.declared_names(node.var):
                    self.declarations.setdefault(occurrence.name, []).append(occurrence)
                if isinstance(node, s.Quantifier):
                    self.reaches[id(node)] = reach
            for child in node.children():
                stack.append((child, reach if _unwrapped(node, child) else child.span[1]))

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
        if ended is not None:
            declared = _at(ended.variable.declaration.span)
            if ended.region[0] <= span[0] < ended.region[1]:
                raise RSLError("localOutOfScopeParentheses",
                               f"'{name}' is used outside the body of its {ended.what} "
                               f"(declared at {declared}); put the body in parentheses to "
                               f"reach this use", *span)
            raise RSLError("localOutOfScope", f"'{name}' is used outside the scope of its "
                           f"{ended.what} (declared at {declared})", *span)
        later = [d for d in self.declarations.get(name, ()) if d.span[0] > span[0]]
        if later:
            raise RSLError("localUndeclaredInSubexpr",
                           f"'{name}' is used before the construct that declares it at "
                           f"{_at(later[0].span)}", *span)
        raise RSLError("localUndeclared", f"'{name}' is not declared", *span)

    # -- declaration

    def open(self, bindings: Sequence[Binding] = (), what: str = "declaration",
             node: s.Node | None = None) -> None:
        """Start a frame holding ``bindings`` (the locals of one
        declaration) for the construct ``node`` (``what`` names it)."""
        region = (0, 0)
        if isinstance(node, s.Quantifier):
            region = (node.span[1], self.reaches.get(id(node), 0))
        self.frames.append(Frame(what, region, scope=_scope(node)))
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
            self.ended[name] = Ended(variable, frame.what, frame.region)


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


def _unwrapped(parent: s.Node, child: s.Node) -> bool:
    """Whether a quantifier's body ending at the end of ``child`` would grow
    on into ``parent`` had it been parenthesised: ``child`` is a formula
    operand of ``parent`` that is not wrapped in parentheses."""
    if isinstance(parent, s.Connective) and child is parent.left:
        return s.unparenthesised(parent, child, "start")
    if (isinstance(parent, (s.Connective, s.Negation))
            or isinstance(parent, s.Quantifier) and child is parent.body):
        return s.unparenthesised(parent, child, "end")
    return False


def destructure(declaration: s.Node, type_: Type) -> list[Binding]:
    """The locals bound by ``declaration`` when it receives a value of type
    ``type_``: ``a`` gets the type itself, ``(a, b)`` needs a tuple type of
    two factors and binds its components (recursively), and a list ``a, b``
    gives every item the same type.  Raises ``invalidCortegeDeclare`` (the
    span of the tuple declaration) on a mismatch and ``localShadowing`` (the
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
            raise RSLError("invalidCortegeDeclare",
                           f"a tuple of {len(declaration.items)} variables cannot receive "
                           f"a value of type {type_}", *declaration.span)
        return [b for item, factor in zip(declaration.items, factors)
                for b in _destructure(item, factor)]
    if isinstance(declaration, s.DeclList):
        return [b for item in declaration.items for b in _destructure(item, type_)]
    raise RSLError("expectedLocal", "a variable or a tuple of variables is expected here",
                   *declaration.span)
