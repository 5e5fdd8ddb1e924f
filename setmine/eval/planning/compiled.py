"""Closures for the sub-terms the planner evaluates once per candidate (why
there are two closure compilers, this one and ``eval/compiled/compiler.py``:
``docs/architecture.md``, "Adding a construct").

A condition left after narrowing (``pr₁ a ≠ pr₂ a`` for each pair of S₁,
``(b, a) ∈ S₁`` for each candidate pair) is evaluated for every candidate,
and walking its tree each time — dispatch by node type, a memory key per
sub-term — costs more than the operations themselves.  ``truth_code(node)``
and ``value_code(node)`` turn a tree into a Python closure once per tree
(remembered by identity) and the planner calls the closure per candidate.

Only the cheap constructs are compiled: variables, globals, integers,
small projections, tuples, ∪ ∩ \\ ∆ and card of explicit sets, the
predicates and connectives.  Whenever a value is not of the plain kind a
closure expects (a lazy set, a non-tuple under pr₁), or the node is
anything else (a quantifier, a comprehension), the closure hands the node
to the interpreter — so its value, and its error, are the interpreter's.
"""

from __future__ import annotations

from typing import Callable

from ...base.memo import memo_of, remember
from ...rsl.syntax import tree as s
from ..shapes.terms import free_locals
from ..values.sets import LazySet

Code = Callable[[object, dict], object]  # (evaluator, bindings) → value

def value_code(node: s.Node) -> Code:
    return _remember("value code", node, _value)


def truth_code(node: s.Node) -> Code:
    return _remember("truth code", node, _truth)


def _remember(key, node, build):
    """A node's code, built once and kept on the node (``base.memo``): it
    goes when the node goes — a request's formula, with the request."""
    return remember(memo_of(node), key, build, node)


# ----------------------------------------------------------------------------
# Values

def _value(node: s.Node) -> Code:
    def interpreted(ev, env):
        return ev.value(node, env)

    if not free_locals(node) and not isinstance(node, (s.Integer, s.Global)):
        return interpreted  # a closed term: computed once, then found in the memory
    if isinstance(node, s.Integer):
        constant = node.value
        return lambda ev, env: constant
    if isinstance(node, s.Local):
        name = node.name

        def local(ev, env):
            try:
                return env[name]
            except KeyError:
                return ev.value(node, env)  # the interpreter's error
        return local
    if isinstance(node, s.Global):
        name = node.name

        def global_(ev, env):
            value = ev.data.get(name)
            return value if value is not None else ev.value(node, env)
        return global_
    if isinstance(node, s.Projection) and not node.big:
        arg, indices = value_code(node.arg), node.indices
        need = max(indices)
        if len(indices) == 1 and isinstance(node.arg, s.Local):
            i, name = indices[0] - 1, node.arg.name

            def component_of_local(ev, env):
                t = env.get(name)
                if type(t) is tuple and len(t) >= need:
                    return t[i]
                return interpreted(ev, env)
            return component_of_local
        if len(indices) == 1:
            i = indices[0] - 1

            def component(ev, env):
                t = arg(ev, env)
                if type(t) is tuple and len(t) >= need:
                    return t[i]
                return interpreted(ev, env)
            return component

        def components(ev, env):
            t = arg(ev, env)
            if type(t) is tuple and len(t) >= need:
                return tuple(t[i - 1] for i in indices)
            return interpreted(ev, env)
        return components
    if isinstance(node, s.Tuple):
        items = [value_code(i) for i in node.items]

        def tuple_(ev, env):
            values = tuple([f(ev, env) for f in items])
            for v in values:
                if isinstance(v, LazySet):
                    return interpreted(ev, env)  # components are made canonical there
            return values
        return tuple_
    if isinstance(node, s.SetOperation):
        links = s.chain(node)  # a chain a∪b∪… folds in a loop
        if len(links) > 1:
            return _set_chain(links, interpreted)
        left, right = value_code(node.left), value_code(node.right)
        op = FROZENSET_OPERATIONS[node.op]

        def operation(ev, env):
            a, b = left(ev, env), right(ev, env)
            if type(a) is frozenset and type(b) is frozenset:
                return op(a, b)
            return interpreted(ev, env)
        return operation
    if isinstance(node, s.Apply) and node.op == "card":
        arg = value_code(node.arg)

        def size(ev, env):
            a = arg(ev, env)
            if type(a) is frozenset:
                return len(a)
            return a.cardinality() if isinstance(a, LazySet) else interpreted(ev, env)
        return size
    return interpreted


FROZENSET_OPERATIONS = {"∪": frozenset.__or__, "∩": frozenset.__and__, "\\": frozenset.__sub__,
                        "∆": frozenset.__xor__}


def _set_chain(links: list, interpreted: Code) -> Code:
    first = value_code(links[0].left)
    steps = [(FROZENSET_OPERATIONS[link.op], value_code(link.right)) for link in links]

    def operations(ev, env):
        a = first(ev, env)
        for op, right in steps:
            b = right(ev, env)
            if type(a) is not frozenset or type(b) is not frozenset:
                return interpreted(ev, env)
            a = op(a, b)
        return a
    return operations


# ----------------------------------------------------------------------------
# Formulas

def plain(value) -> bool:
    """A value whose equality is Python's: an int, a frozenset of such
    values, a tuple of them."""
    kind = type(value)
    if kind is not tuple:
        return kind is int or kind is frozenset
    for v in value:   # (a loop, not all(…): this runs once per candidate of a test)
        kind = type(v)
        if kind is not int and kind is not frozenset and (kind is not tuple or not plain(v)):
            return False
    return True


def _truth(node: s.Node) -> Code:
    def interpreted(ev, env):
        return ev.truth(node, env)

    if isinstance(node, s.Negation):
        arg = truth_code(node.arg)
        return lambda ev, env: not arg(ev, env)
    if isinstance(node, s.Connective):
        links = s.chain(node)  # a chain P & Q ∨ … folds in a loop
        if len(links) > 1:
            return _connective_chain(links)
        left, right = truth_code(node.left), truth_code(node.right)
        return {
            "&": lambda ev, env: left(ev, env) and right(ev, env),
            "∨": lambda ev, env: left(ev, env) or right(ev, env),
            "⇒": lambda ev, env: (not left(ev, env)) or right(ev, env),
        }.get(node.op, lambda ev, env: left(ev, env) == right(ev, env))
    if isinstance(node, s.Predicate):
        return _predicate(node, interpreted)
    return interpreted


def _connective_chain(links: list) -> Code:
    first = truth_code(links[0].left)
    steps = [(link.op, truth_code(link.right)) for link in links]

    def connected(ev, env):
        value = first(ev, env)
        for op, right in steps:  # a right operand only when it decides
            if op == "&":
                value = value and right(ev, env)
            elif op == "∨":
                value = value or right(ev, env)
            elif op == "⇒":
                value = (not value) or right(ev, env)
            else:
                value = value == right(ev, env)
        return value
    return connected


def _predicate(node: s.Predicate, interpreted: Code) -> Code:
    left, right = value_code(node.left), value_code(node.right)
    op = node.op
    if op in ("∈", "∉"):
        wanted = op == "∈"

        def membership(ev, env):
            a, b = left(ev, env), right(ev, env)
            if type(b) is frozenset and not isinstance(a, LazySet):
                try:
                    return (a in b) == wanted
                except TypeError:
                    return not wanted  # an unhashable candidate is in no explicit set
            return interpreted(ev, env)
        return membership
    if op in ("=", "≠"):
        wanted = op == "="

        def equality(ev, env):
            a, b = left(ev, env), right(ev, env)
            if type(a) is type(b) and plain(a) and plain(b):
                return (a == b) == wanted
            return interpreted(ev, env)
        return equality
    compare = {"<": int.__lt__, ">": int.__gt__, "≤": int.__le__, "≥": int.__ge__}.get(op)
    if compare is None:
        return interpreted

    def order(ev, env):
        a, b = left(ev, env), right(ev, env)
        if type(a) is int and type(b) is int:
            return compare(a, b)
        return interpreted(ev, env)
    return order
