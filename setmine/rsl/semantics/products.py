"""``*`` between sets is the Cartesian product.

In RSLang's ASCII spelling ``*`` is the Cartesian product ``×`` (and
``\\multiply`` the multiplication); in the Unicode spelling ``*`` multiplies
integers.  A text without any ASCII command — ``X1*X1``, ``card(S1*S2)``,
``{1}*{2}`` — cannot say which spelling it is in, so the parser reads its
``*`` as multiplication and the typifier decides from the operands' types:
a ``*`` whose left operand is a set is the product.  This is how
``rsl.ascii(t)`` (which prints ``×`` as ``*``) reads back as ``t``.

A chain ``a*b*c`` written without parentheses is one n-ary product
``a×b×c``; a parenthesised left operand is one factor: ``(a*b)*c`` is
``(a×b)×c``.  The grammar nests both the same way (``*`` is left
associative), and the parser does not keep parentheses, so the two are told
apart by their spans (``syntax.unparenthesised``).

``ProductRuns`` collects, while the typifier walks, the ``*`` nodes that are
products with their factors; :func:`as_products` then rebuilds the tree with
a ``Product`` in place of each, and returns the tree itself when there is
none (every formula of the Saper schema).
"""

from __future__ import annotations

import dataclasses

from ..syntax import tree as s


def continues_run(node: s.Arithmetic) -> bool:
    """Whether ``node``'s left operand is a ``*`` written without
    parentheses, so that its factors and ``node.right`` make one product."""
    left = node.left
    return (isinstance(left, s.Arithmetic) and left.op == "*"
            and s.unparenthesised(node, left, "start"))


class ProductRuns(dict):
    """id of a ``*`` node → the factors of the product it stands for."""

    def read(self, node: s.Arithmetic, factors: list[s.Node]) -> None:
        """``node`` (a ``*``) is the product of ``factors``; the run it
        continues, if any, is no longer a product of its own."""
        if factors[0] is not node.left:
            self.pop(id(node.left), None)
        self[id(node)] = factors


def as_products(tree: s.Node, runs: ProductRuns) -> s.Node:
    """``tree`` with every ``*`` of ``runs`` replaced by its ``Product``
    (spans kept); the same object when ``runs`` is empty.  Post-order with a
    stack, so that chains of any length are rebuilt."""
    if not runs:
        return tree
    done: dict[int, s.Node] = {}
    stack: list[tuple[s.Node, bool]] = [(tree, False)]
    while stack:
        node, ready = stack.pop()
        key = id(node)
        if key in done:
            continue
        factors = runs.get(key)
        if not ready:
            stack.append((node, True))
            stack.extend((child, False) for child in (factors or node.children()))
        elif factors is not None:
            done[key] = s.Product(tuple(done[id(f)] for f in factors), span=node.span)
        else:
            done[key] = _with_children(node, done)
    return done[id(tree)]


def _with_children(node: s.Node, done: dict[int, s.Node]) -> s.Node:
    """``node`` with its children replaced by their rebuilt forms; the node
    itself when none changed."""
    changes = {}
    for f in dataclasses.fields(node):
        if not f.compare:
            continue
        value = getattr(node, f.name)
        if isinstance(value, s.Node):
            new = done[id(value)]
        elif isinstance(value, tuple):
            new = tuple(done[id(v)] if isinstance(v, s.Node) else v for v in value)
            if all(a is b for a, b in zip(new, value)):
                new = value
        else:
            continue
        if new is not value:
            changes[f.name] = new
    return dataclasses.replace(node, **changes) if changes else node


__all__ = ["ProductRuns", "as_products", "continues_run"]
