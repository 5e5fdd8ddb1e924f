"""The type of every sub-expression of a tree: the typifier, taking notes.

``typify`` answers the type of the whole; :func:`node_types` runs the same
typifier and writes down, for each node it types, its type (``id(node)``
→ type), the locals where they are declared and the inner links of chains
included.  The HTML formulas show these types on hover; the compiled
evaluator chooses each sub-term's representation by them.
"""

from __future__ import annotations

from typing import Mapping

from ..syntax import tree as s
from ..syntax.errors import RSLError
from .bindings import Scopes
from .compat import merge
from .types import LOGIC, TupleType, Type
from .typification import GlobalInfo
from .typifier import TypeAuditor


def node_types(tree: s.Node, env: Mapping[str, GlobalInfo]) -> dict[int, Type]:
    """id(node) → type, for every node of ``tree`` the typifier types and
    every declared local; a tree that does not typify keeps the types found
    before the error."""
    noting = Noting(env)
    try:
        noting.run(tree)
    except (RSLError, RecursionError):
        pass
    types = noting.types
    for node in reversed(list(tree.walk())):  # a tuple of locals after its items
        if isinstance(node, s.TupleDecl) and all(id(i) in types for i in node.items):
            types[id(node)] = TupleType(tuple(types[id(i)] for i in node.items))
    return types


class Noting(TypeAuditor):
    """The typifier, writing down the type of each node it types in
    ``types`` (id(node) → type)."""

    def __init__(self, env: Mapping[str, GlobalInfo]):
        super().__init__(env)
        self.types: dict[int, Type] = {}
        self.scopes = NotingScopes(self.types)

    def visit(self, node: s.Node):
        typed = super().visit(node)
        self.types[id(node)] = typed.type
        if isinstance(node, s.CHAINS):
            self.links(node)
        return typed

    def links(self, node: s.Node) -> None:
        """The inner links of a chain, typed as the typifier folds them:
        ``a∪b`` merges its operands' types, ``a+b`` is Z (or an integral
        constant set, ``compat.Traits.arithmetic``), ``P & Q`` Logic."""
        links = s.chain(node)[:-1]
        if isinstance(node, s.SetOperation):
            typ = self.types[id(links[0].left)] if links else None
            for link in links:
                typ = self.types[id(link)] = merge(typ, self.types[id(link.right)], self.traits)
        elif isinstance(node, s.Arithmetic):
            typ = self.traits.arithmetic(None, self.types[id(links[0].left)]) if links else None
            for link in links:
                typ = self.types[id(link)] = self.traits.arithmetic(typ, self.types[id(link.right)])
        else:
            for link in links:
                self.types[id(link)] = LOGIC


class NotingScopes(Scopes):
    """Scopes that also note the type of every local where it is declared."""

    def __init__(self, types: dict[int, Type]):
        super().__init__()
        self.types = types

    def extend(self, bindings) -> None:
        super().extend(bindings)
        for local, typ in bindings:
            self.types[id(local)] = typ
