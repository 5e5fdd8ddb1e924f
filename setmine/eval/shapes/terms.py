"""Syntactic helpers of the evaluator: free variables, conjuncts,
substitution — functions on syntax trees, no values."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Callable

from ...base.memo import MEMO, memo_of, remember
from ...rsl.syntax import tree as s
from ...rsl.syntax.errors import RSLError

def remembered(rewrite: Callable) -> Callable:
    """A function of syntax trees that gives the very same result for the
    same trees: the planner rewrites and analyses a condition for every
    candidate, and the evaluator's memory (keyed by tree identity) then
    recognises the sub-terms it has seen — a condition is planned once per
    formula, not once per candidate.  Trees (and tuples of trees) are
    arguments by identity, anything else by equality; the result is kept
    on the first tree (``base.memo``), so it goes with the formula."""
    def cached(*args):
        holder = args[0] if args and isinstance(args[0], s.Node) else _first_tree(args)
        if holder is None:
            return rewrite(*args)
        key = (rewrite, tuple(map(_identity, args)))
        memo = holder.__dict__.get(MEMO)   # the hot path: one look
        hit = memo.get(key) if memo is not None else None
        if hit is None:   # (the entry keeps its trees alive: their ids are not reused)
            hit = remember(memo_of(holder), key, _kept, rewrite, args)
        return hit[1]
    cached.__name__, cached.__doc__ = rewrite.__name__, rewrite.__doc__
    return cached


def _kept(rewrite, args) -> tuple:
    return args, rewrite(*args)


def _first_tree(args) -> s.Node | None:
    for arg in args:
        if isinstance(arg, s.Node):
            return arg
        if isinstance(arg, tuple) and arg and isinstance(arg[0], s.Node):
            return arg[0]
    return None


def _identity(arg):
    if isinstance(arg, s.Node):
        return id(arg)
    if isinstance(arg, tuple) and arg and isinstance(arg[0], s.Node):
        return tuple(id(a) for a in arg)
    return arg


def free_locals(node: s.Node) -> frozenset[str]:
    """The local variables a node uses without binding them (kept on the
    node, ``base.memo``)."""
    memo = node.__dict__.get(MEMO)   # the hot path: one look
    if memo is not None and "free locals" in memo:
        return memo["free locals"]
    return remember(memo_of(node), "free locals", _free, node)


def _free(node: s.Node) -> frozenset[str]:
    if isinstance(node, s.Local):
        return frozenset({node.name})
    if isinstance(node, s.Quantifier):
        bound = bound_names(node.var)
        return free_locals(node.domain) | (free_locals(node.body) - bound)
    if isinstance(node, s.Declarative):
        return free_locals(node.domain) | (free_locals(node.condition) - bound_names(node.var))
    if isinstance(node, s.Recursive):
        bound = bound_names(node.var)
        inner = [node.step] + ([node.condition] if node.condition is not None else [])
        return free_locals(node.init) | frozenset().union(*(free_locals(n) - bound for n in inner))
    if isinstance(node, s.Imperative):
        bound: set[str] = set()
        free: set[str] = set()
        for block in node.blocks:
            if isinstance(block, (s.Iterate, s.Assign)):
                expr = block.domain if isinstance(block, s.Iterate) else block.value
                free |= free_locals(expr) - bound
                bound |= bound_names(block.var)
            else:
                free |= free_locals(block) - bound
        return frozenset(free | (free_locals(node.result) - bound))
    if isinstance(node, s.FunctionDef):
        bound = frozenset().union(*(bound_names(p.var) for p in node.params))
        return frozenset().union(*(free_locals(p.domain) for p in node.params),
                                 free_locals(node.body)) - bound
    if isinstance(node, (s.TupleDecl, s.DeclList)):
        return frozenset()
    if isinstance(node, s.CHAINS):  # a chain's operands, in a loop
        return frozenset().union(*(free_locals(o) for o in s.operands(node)))
    return frozenset().union(*(free_locals(c) for c in node.children()))


ANALYSED_LINKS = 64
"""The longest chain (``v ∩ A ∩ B …``) the planner's shape analyses take:
they recurse along it.  A longer chain is not analysed (the rule that
needs its shape does not apply) and is evaluated as written, in a loop."""


def long_chain(node: s.Node) -> bool:
    """Whether ``node`` is a chain of more than ANALYSED_LINKS links."""
    links = 0
    while isinstance(node, s.CHAINS) and links <= ANALYSED_LINKS:
        links += 1
        node = node.left if type(node.left) is type(node) else None
    return links > ANALYSED_LINKS


def bound_names(decl: s.Node) -> frozenset[str]:
    return frozenset(n.name for n in s.declared_names(decl))


def mentions(node: s.Node, name: str) -> bool:
    return name in free_locals(node)


@remembered
def conjuncts(formula: s.Node) -> tuple[s.Node, ...]:
    """``A & B & C`` as (A, B, C); ``∀v∈D (A & B)`` as (∀v∈D A, ∀v∈D B)
    (∀ distributes over &)."""
    if isinstance(formula, s.Connective) and formula.op == "&":
        return tuple(p for o in s.operands(formula, "&") for p in conjuncts(o))
    if isinstance(formula, s.Quantifier) and formula.op == "∀":
        parts = conjuncts(formula.body)
        if len(parts) > 1:
            return tuple(replace(formula, body=p) for p in parts)
    return (formula,)


def conjunction(parts: list[s.Node]) -> s.Node | None:
    if not parts:
        return None
    result = parts[0]
    for part in parts[1:]:
        result = s.Connective("&", result, part, span=(result.span[0], part.span[1]))
    return result


def transform(node: s.Node, fn: Callable[[s.Node], s.Node | None]) -> s.Node:
    """Rebuild ``node`` bottom-up, replacing each sub-node for which ``fn``
    returns a node (``fn`` sees the original sub-node first)."""
    replacement = fn(node)
    if replacement is not None:
        return replacement
    if isinstance(node, s.CHAINS) and type(node.left) is type(node):
        return _transform_chain(node, fn)
    changes = {}
    for f in fields(node):
        if f.name == "span":
            continue
        value = getattr(node, f.name)
        if isinstance(value, s.Node):
            new = transform(value, fn)
            if new is not value:
                changes[f.name] = new
        elif isinstance(value, tuple) and any(isinstance(v, s.Node) for v in value):
            new_items = tuple(transform(v, fn) if isinstance(v, s.Node) else v for v in value)
            if any(a is not b for a, b in zip(new_items, value)):
                changes[f.name] = new_items
    return replace(node, **changes) if changes else node


def _transform_chain(node: s.Node, fn: Callable[[s.Node], s.Node | None]) -> s.Node:
    """transform on a chain ``a∪b∪…`` (``fn`` already saw ``node``): down
    the links while ``fn`` keeps them, then rebuilt up, in loops."""
    links = [node]
    while True:
        left = links[-1].left
        if type(left) is not type(node):
            result = transform(left, fn)
            break
        replacement = fn(left)
        if replacement is not None:
            result = replacement
            break
        links.append(left)
    for link in reversed(links):
        right = transform(link.right, fn)
        if result is not link.left or right is not link.right:
            result = replace(link, left=result, right=right)
        else:
            result = link
    return result


@remembered
def split_pair(formula: s.Node, name: str, first: str, second: str) -> s.Node:
    """Replace a pair variable by its components: ``pr1(name)`` → ``first``,
    ``pr2(name)`` → ``second``, ``name`` → ``(first, second)``."""
    def fn(node: s.Node):
        if isinstance(node, s.Projection) and not node.big and node.arg == s.Local(name) \
                and max(node.indices) <= 2:  # pr3 of a pair: its error is the evaluator's
            picks = [s.Local(first, span=node.span), s.Local(second, span=node.span)]
            chosen = [picks[i - 1] for i in node.indices]
            return chosen[0] if len(chosen) == 1 else s.Tuple(tuple(chosen), span=node.span)
        if isinstance(node, s.Local) and node.name == name:
            return s.Tuple((s.Local(first, span=node.span), s.Local(second, span=node.span)),
                           span=node.span)
        return _shadowing(node, {name}, lambda d: transform(d, fn))
    return transform(formula, fn)


def _shadowing(node: s.Node, names: set, rewrite: Callable[[s.Node], s.Node]) -> s.Node | None:
    """A binder of one of the names being rewritten: a quantifier's or a
    comprehension's domain is still in the outer scope (rewritten), its
    body is not; an I{…} or R{…} that rebinds a name is left as it is (an
    outer use inside it then stays unbound: the evaluator reports it and
    evaluates the formula as written).  None for any other node."""
    if isinstance(node, (s.Quantifier, s.Declarative)) and names & bound_names(node.var):
        domain = rewrite(node.domain)
        return node if domain is node.domain else replace(node, domain=domain)
    if isinstance(node, s.Recursive) and names & bound_names(node.var):
        return node
    if isinstance(node, s.Imperative) and any(
            isinstance(b, (s.Iterate, s.Assign)) and names & bound_names(b.var)
            for b in node.blocks):
        return node
    return None


@remembered
def rename(formula: s.Node, target: s.Node, name: str) -> s.Node:
    """Replace every occurrence of the sub-term ``target`` by ``Local(name)``
    (not under a binder that rebinds one of target's variables)."""
    variables = set(free_locals(target))

    def fn(node: s.Node):
        if node == target:
            return s.Local(name, span=node.span)
        return _shadowing(node, variables, lambda d: transform(d, fn))
    return transform(formula, fn)


def occurrences_only_inside(formula: s.Node, name: str) -> s.Node | None:
    """If every use of ``name`` in ``formula`` is inside one and the same
    sub-term (other than the bare variable), that sub-term."""
    found: list[s.Node] = []

    def visit(node: s.Node) -> bool:
        if not mentions(node, name):
            return True
        if isinstance(node, s.Local):
            return False
        if isinstance(node, (s.Projection, s.Apply)) and isinstance(node.arg, s.Local) \
                and node.arg.name == name:
            if found and found[0] != node:
                return False
            if not found:
                found.append(node)
            return True
        if isinstance(node, (s.Quantifier, s.Declarative)) and name in bound_names(node.var):
            return True
        if isinstance(node, s.CHAINS):
            return all(visit(o) for o in s.operands(node))
        return all(visit(c) for c in node.children())

    return found[0] if visit(formula) and found else None


@remembered
def negate(formula: s.Node) -> s.Node:
    """¬formula with the negation pushed inwards, so that its conjuncts can
    narrow: ¬(P ⇒ Q) = P & ¬Q, ¬(P ∨ Q) = ¬P & ¬Q, ¬¬P = P, ¬∀ = ∃¬."""
    span = formula.span
    if isinstance(formula, s.Negation):
        return formula.arg
    if isinstance(formula, s.Connective):
        if formula.op == "⇒":
            return s.Connective("&", formula.left, negate(formula.right), span=span)
        if formula.op == "∨":  # ¬(P ∨ Q ∨ …) = ¬P & ¬Q & …, along the chain in a loop
            links = s.chain(formula, "∨")
            result = negate(links[0].left)
            for link in links:
                result = s.Connective("&", result, negate(link.right), span=link.span)
            return result
    if isinstance(formula, s.Quantifier):
        return s.Quantifier("∃" if formula.op == "∀" else "∀", formula.var, formula.domain,
                            negate(formula.body), span=span)
    if isinstance(formula, s.Predicate) and formula.op in OPPOSITE:
        return s.Predicate(OPPOSITE[formula.op], formula.left, formula.right, span=span)
    return s.Negation(formula, span=span)


OPPOSITE = {"∈": "∉", "∉": "∈", "=": "≠", "≠": "="}


def bind(decl: s.Node, value, node=None) -> dict:
    """The bindings of a declaration (``a`` or ``(a, b)``) to a value."""
    if isinstance(decl, s.Local):
        return {decl.name: value}
    items = decl.items
    if not isinstance(value, tuple) or len(value) != len(items):
        span = node.span if node is not None else (0, 0)
        raise RSLError("calcInvalidData", f"{value!r} does not fit the declaration "
                       f"of {len(items)} variables", *span)
    out: dict = {}
    for item, v in zip(items, value):
        out.update(bind(item, v, node))
    return out
