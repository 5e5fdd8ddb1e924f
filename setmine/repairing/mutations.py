"""Small changes to a formula: the edits a repair is made of.

A formula is an immutable syntax tree (``rsl/syntax/tree.py``).  A *site* is one
of its sub-expressions, addressed by its :data:`Path` from the root; an
:class:`Edit` replaces the sub-expression at a site by another.  The
operators are those of mutation-based repair for Alloy (BeAFix, ARepair),
read for RSLang:

* ``set-operator``: ∪ ∩ ∖ ∆ for one another;
* ``predicate``: ∈/∉; ⊆ ⊂ ⊄ = ≠ for one another; < ≤ = ≠ ≥ > for one another;
* ``quantifier``: ∀/∃;  ``connective``: & ∨ ⇒ ⇔ for one another;
* ``negation``: ¬P for P, and P for ¬P;
* ``operand``: a binary expression (``a ∪ b``, ``P & Q``…) by one of its operands;
* ``identifier``: a global by another global of the same type, a bound
  variable by another bound variable in scope of the same type;
* ``wrap`` / ``unwrap``: add or remove ℬ, red, card, Pr₁, Pr₂, pr₁, pr₂.

Every edit is kept only when the whole formula still type-checks with the
type it had (:func:`edits` asks the typifier): a repair never changes what
kind of thing a term is.  A global that depends on the term itself is never
put in (that would be a cycle).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace

from ..rsl.semantics.node_types import node_types
from ..rsl.semantics.types import SetType, TupleType, Type
from ..rsl.semantics.typification import GlobalInfo
from ..rsl.semantics.typifier import typify
from ..rsl.syntax import tree as s
from ..rsl.syntax.errors import RSLError

Path = tuple[tuple[str, int | None], ...]
"""The steps from the root to a node: (field name, index in a tuple field or None)."""

SET_OPERATORS = ("∪", "∩", "\\", "∆")
CONNECTIVES = ("&", "∨", "⇒", "⇔")
PREDICATE_GROUPS = (("∈", "∉"), ("⊆", "⊂", "⊄", "=", "≠"), ("<", "≤", "=", "≠", "≥", ">"))
QUANTIFIERS = ("∀", "∃")
APPLIED = ("ℬ", "red", "card")
DECLARATION_FIELDS = {"var"}  # where a binder declares its variables: never edited


@dataclass(frozen=True)
class Site:
    """A sub-expression of a formula, with the bound variables in scope there."""

    path: Path
    node: s.Node
    scope: tuple[s.Local, ...]  # the declared locals, innermost last


@dataclass(frozen=True)
class Edit:
    """One change: the sub-expression at ``path`` replaced by ``new``."""

    path: Path
    old: s.Node
    new: s.Node
    operator: str

    def __str__(self) -> str:
        """The change in a few symbols: ``& → ⇒``, ``D13 → D8``, ``¬ added``."""
        from ..rsl.syntax.printer import unicode

        old, new = self.old, self.new
        if self.operator in ("set-operator", "predicate", "connective", "quantifier"):
            return f"{old.op} → {new.op}"
        if self.operator == "identifier":
            return f"{old.name} → {new.name}"
        if self.operator == "negation":
            return "¬ removed" if isinstance(old, s.Negation) else "¬ added"
        if self.operator == "unwrap":
            return f"{_label(old)} removed"
        if self.operator == "wrap":
            return f"{_label(new)} added"
        return f"{_clip(unicode(old))} → its operand {_clip(unicode(new))}"


def _label(node: s.Node) -> str:
    if isinstance(node, s.Projection):
        return ("Pr" if node.big else "pr") + ",".join(map(str, node.indices))
    return node.op


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


# ----------------------------------------------------------------------------
# Sites and paths

def sites(tree: s.Node) -> list[Site]:
    """Every sub-expression of ``tree`` (not the declarations of bound
    variables), pre-order, each with the locals in scope."""
    out: list[Site] = []
    stack: list[tuple[Path, s.Node, tuple]] = [((), tree, ())]
    while stack:
        path, node, scope = stack.pop()
        out.append(Site(path, node, scope))
        inner = scope
        if isinstance(node, (s.Declarative, s.Quantifier)):
            inner = scope + tuple(s.declared_names(node.var))
        children = []
        for name in _fields(node):
            if name in DECLARATION_FIELDS:
                continue
            value = getattr(node, name)
            # a binder's domain is read outside its variables' scope
            here = scope if name == "domain" else inner
            if isinstance(value, s.Node):
                children.append(((*path, (name, None)), value, here))
            elif isinstance(value, tuple):
                children += [((*path, (name, i)), item, here)
                             for i, item in enumerate(value) if isinstance(item, s.Node)]
        stack.extend(reversed(children))
    return out


def at(tree: s.Node, path: Path) -> s.Node:
    node = tree
    for name, index in path:
        node = getattr(node, name) if index is None else getattr(node, name)[index]
    return node


def replaced(tree: s.Node, path: Path, new: s.Node) -> s.Node:
    """``tree`` with the node at ``path`` replaced by ``new``."""
    if not path:
        return new
    (name, index), rest = path[0], path[1:]
    child = getattr(tree, name) if index is None else getattr(tree, name)[index]
    changed = replaced(child, rest, new)
    if index is None:
        return replace(tree, **{name: changed})
    items = list(getattr(tree, name))
    items[index] = changed
    return replace(tree, **{name: tuple(items)})


def _fields(node: s.Node) -> list[str]:
    return [f for f in node.__dataclass_fields__ if f != "span"]


# ----------------------------------------------------------------------------
# The operators

def alternatives(site: Site, types: Mapping[int, Type], globals_: Mapping[str, Type]
                 ) -> Iterator[tuple[str, s.Node]]:
    """(operator, replacement) for the node of ``site``, before type-checking.
    ``types`` are the tree's node types, ``globals_`` the globals that may be
    put in, with their types."""
    node = site.node
    if isinstance(node, s.SetOperation):
        for op in SET_OPERATORS:
            if op != node.op:
                yield "set-operator", replace(node, op=op)
    if isinstance(node, s.Predicate):
        for op in sorted({o for group in PREDICATE_GROUPS if node.op in group for o in group}):
            if op != node.op:
                yield "predicate", replace(node, op=op)
    if isinstance(node, s.Quantifier):
        yield "quantifier", replace(node, op="∃" if node.op == "∀" else "∀")
    if isinstance(node, s.Connective):
        for op in CONNECTIVES:
            if op != node.op:
                yield "connective", replace(node, op=op)
    if isinstance(node, s.Negation):
        yield "negation", node.arg
    elif s.is_formula(node):
        yield "negation", s.Negation(node)
    if isinstance(node, (s.SetOperation, s.Arithmetic, s.Connective)):
        yield "operand", node.left
        yield "operand", node.right
    typ = types.get(id(node))
    if isinstance(node, s.Global) and typ is not None:
        for name, other in globals_.items():
            if name != node.name and other == typ:
                yield "identifier", s.Global(name)
    if isinstance(node, s.Local) and typ is not None:
        seen = {node.name}
        for local in reversed(site.scope):
            if local.name not in seen and types.get(id(local)) == typ:
                seen.add(local.name)
                yield "identifier", s.Local(local.name)
    if isinstance(node, s.Apply) and node.op in APPLIED:
        yield "unwrap", node.arg
    if isinstance(node, s.Projection):
        yield "unwrap", node.arg
    if isinstance(typ, SetType):
        yield "wrap", s.Apply("ℬ", node)
        yield "wrap", s.Apply("card", node)
        if isinstance(typ.base, SetType):
            yield "wrap", s.Apply("red", node)
        if isinstance(typ.base, TupleType):
            for i in range(1, len(typ.base.factors) + 1):
                yield "wrap", s.Projection(True, (i,), node)
    if isinstance(typ, TupleType):
        for i in range(1, len(typ.factors) + 1):
            yield "wrap", s.Projection(False, (i,), node)


class Mutator:
    """The well-typed single edits of the formulas of one term.

    ``env`` is the schema's typing environment; ``allowed`` the globals an
    edit may put in (the term's own alias and what depends on it left out).
    """

    def __init__(self, env: Mapping[str, GlobalInfo], allowed: set[str], want: Type) -> None:
        self.env = env
        self.want = want
        self.globals = {name: info.type for name, info in env.items()
                        if name in allowed and info.type is not None
                        and info.kind in ("basic", "constant", "structure", "term")}

    def typed(self, tree: s.Node) -> s.Node | None:
        """The tree as the evaluator reads it, or None when it does not
        type-check to the term's type."""
        try:
            typing = typify(tree, self.env)
        except (RSLError, RecursionError):
            return None
        if typing.type != self.want:
            return None
        return typing.tree or tree

    def edits(self, tree: s.Node, order: list[Path] | None = None) -> Iterator[tuple[Edit, s.Node]]:
        """(edit, the edited tree) for every well-typed single edit of
        ``tree``, the sites of ``order`` first (then the others in pre-order);
        each new formula once."""
        types = node_types(tree, self.env)
        found = {site.path: site for site in sites(tree)}
        paths = [p for p in order or () if p in found]
        paths += [p for p in found if p not in set(paths)]
        seen = {tree}  # one edit per new formula (ℬ around ℬ(X1) is ℬ around X1, inside)
        for path in paths:
            site = found[path]
            for operator, new in alternatives(site, types, self.globals):
                if new == site.node:
                    continue
                edited = replaced(tree, path, new)
                if edited in seen:
                    continue
                seen.add(edited)
                if self.typed(edited) is not None:
                    yield Edit(path, site.node, new, operator), edited
