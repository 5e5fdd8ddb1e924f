"""Syntax tree → closure over compact values (``masks.py``).

:class:`Compiler` turns a typed tree into a Python closure ``f(env)``: the
representation of each sub-term is chosen by its type once, at compile
time, so that a union of two sets of elements is ``a | b`` and a cardinality
``v.bit_count()``, with no dispatch left at run time.  Comprehensions and
quantifiers go to ``binders.py``, which narrows their variables.

*Loop-invariant code motion.*  A sub-term inside a binder that does not
use the binder's variable is computed once per binding of the variables it
does use, not once per candidate: each binder is a *frame* with a prelude,
and such a sub-term is moved to the prelude of the frame just inside the
innermost frame binding one of its free variables.  (The reference
evaluator gets the same effect by remembering values per binding.)

Two ways out: :class:`Decline` at compile time, for a construct the
compiled path does not cover (the term is then the reference's, and the
reason is what ``--explain-plan`` prints); :class:`Fallback` at run time,
for a value outside what it handles (an error to report, a listing too
long): the term is evaluated again by the reference, which has the last
word on values and on error messages alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product as cartesian
from typing import Callable

from ...rsl.semantics import types as t
from ...rsl.syntax import tree as s
from ...rsl.syntax.printer import unicode
from ..shapes.terms import free_locals
from .families import Family
from .masks import base_of, bits, is_family

Closure = Callable[[dict], object]
LIST_LIMIT = 200_000
"""The most members the compiled path lists (a product, a family's members,
the subsets of a set): past it, the reference evaluator takes over."""


class Decline(Exception):
    """A construct the compiled path does not cover, found at compile time."""

    def __init__(self, node: s.Node, why: str):
        super().__init__(f"{why}: {_text(node)}")
        self.node, self.why = node, why


class Fallback(Exception):
    """A value the compiled path does not handle, met at run time."""


UNEXPECTED = (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError)
"""What a gap of the compiled path would raise: the reference evaluates
instead (``Program.explain`` names a construct it cannot compile), never a
traceback."""


def _text(node: s.Node) -> str:
    try:
        text = unicode(node)
    except Exception:  # noqa: BLE001 - a synthetic node: its tree form
        text = str(node)
    return text if len(text) <= 60 else text[:57] + "…"


@dataclass
class Frame:
    """A binder's scope: the names it binds and the closures computed when
    it starts, into ``env[slot]``."""

    names: frozenset
    prelude: list = field(default_factory=list)

    def start(self, env: dict) -> None:
        for slot, fn in self.prelude:
            env[slot] = fn(env)


# Representations, chosen by type
ELEM, INT, BOOL, TUPLE, MASK, FAMILY, SET = "elem", "int", "bool", "tuple", "mask", "family", "set"


def rep_of(typ: t.Type | None, bases: frozenset) -> str | None:
    """The representation of values of ``typ``; None for none (elements of
    a constant set are integers to the reference: they stay its own)."""
    if isinstance(typ, t.Element):
        return ELEM if typ.name in bases else None
    if isinstance(typ, t.Integer):
        return INT
    if isinstance(typ, t.Logic):
        return BOOL
    if isinstance(typ, t.TupleType):
        return TUPLE if all(rep_of(f, bases) for f in typ.factors) else None
    if isinstance(typ, t.SetType):
        if base_of(typ) is not None:
            return MASK if base_of(typ) in bases else None
        if isinstance(typ.base, t.AnyType):
            return None
        if is_family(typ):
            return FAMILY if base_of(typ.base) in bases else None
        return SET if rep_of(typ.base, bases) is not None else None
    return None


class Compiler:
    """Compiles the trees of one schema (``types``: id(node) → type, from
    ``rsl.semantics.node_types``) into closures reading ``data`` (alias → compact
    value), a dict the caller fills before running them."""

    def __init__(self, types: dict, data: dict, bases: frozenset,
                 globals_ok: Callable[[str], bool], binder: Callable, meter):
        self.types, self.data, self.bases, self.globals_ok = types, data, bases, globals_ok
        self.binder = binder  # binders.binder: comprehensions and quantifiers
        self.meter = meter    # the run's budget, charged by the loops (program.Meter)
        self.frames = [Frame(frozenset())]
        self.slots = 0
        self.plans: list[str] = []  # the plans chosen, for --explain-plan
        self.caches: list[dict] = []  # what closures keep for one evaluation only

    # -- types
    def type(self, node: s.Node) -> t.Type:
        typ = self.types.get(id(node))
        if typ is None:
            raise Decline(node, "no type known for")
        return typ

    def rep(self, node: s.Node) -> str:
        found = rep_of(self.type(node), self.bases)
        if found is None:
            raise Decline(node, f"no compact form for the type {self.type(node)} of")
        return found

    def flat(self, *nodes: s.Node) -> None:
        """Decline sets whose members hold families: a counted family and a
        listed one are equal sets with different representations, so they
        cannot be hashed into a set or compared by representation."""
        for node in nodes:
            if not isinstance(node, s.EmptySet) and _nests_family(self.type(node)):
                raise Decline(node, "a set of families (compared by value only by the reference)")

    def typed(self, node: s.Node, typ: t.Type) -> s.Node:
        """Register the type of a node the compiler built itself."""
        self.types[id(node)] = typ
        return node

    # -- frames
    def push(self, names) -> Frame:
        frame = Frame(frozenset(names))
        self.frames.append(frame)
        return frame

    def pop(self) -> None:
        self.frames.pop()

    def _hoisted(self, node: s.Node, fn: Closure) -> Closure:
        """``fn`` itself, or a read of the slot a frame's prelude fills."""
        innermost = len(self.frames) - 1
        if innermost == 0 or isinstance(node, (s.Local, s.Global, s.Integer, s.EmptySet)):
            return fn
        free = free_locals(node)
        level = max((k for k, f in enumerate(self.frames) if f.names & free), default=0)
        if level >= innermost:
            return fn
        slot = f"#{self.slots}"
        self.slots += 1
        self.frames[level + 1].prelude.append((slot, fn))
        return lambda env: env[slot]

    # -- entry points
    def expr(self, node: s.Node) -> Closure:
        method = getattr(self, "x_" + type(node).__name__, None)
        if method is None:
            raise Decline(node, f"{type(node).__name__} is not compiled")
        return self._hoisted(node, method(node))

    def truth(self, node: s.Node) -> Closure:
        method = getattr(self, "f_" + type(node).__name__, None)
        if method is None:
            raise Decline(node, f"{type(node).__name__} is not compiled")
        return self._hoisted(node, method(node))

    def operand(self, node: s.Node, like: s.Node) -> Closure:
        """``node``, an ∅ taking the representation of the other operand."""
        if isinstance(node, s.EmptySet):
            rep = self.rep(like)
            empty = 0 if rep == MASK else frozenset()
            return lambda env: empty
        return self.expr(node)

    # -- atoms
    def x_Integer(self, n):
        value = n.value
        return lambda env: value

    def x_EmptySet(self, n):
        empty = 0 if self.rep(n) == MASK else frozenset()
        return lambda env: empty

    def x_Global(self, n):
        if not self.globals_ok(n.name):
            raise Decline(n, "a constituent without a compact value")
        data, name = self.data, n.name
        return lambda env: data[name]

    def x_Local(self, n):
        name = n.name
        return lambda env: env[name]

    # -- integers and sets
    def x_Arithmetic(self, n):
        links = s.chain(n)
        first = self.expr(links[0].left)
        steps = [(link.op, self.expr(link.right)) for link in links]
        if self.rep(n) != INT:
            raise Decline(n, "arithmetic on a constant set")

        def arithmetic(env):
            value = first(env)
            for op, fn in steps:
                other = fn(env)
                value = value + other if op == "+" else value - other if op == "-" else value * other
            return value
        return arithmetic

    def x_SetOperation(self, n):
        self.flat(n)
        links = s.chain(n)
        rep = self.rep(n)
        first = self.operand(links[0].left, n)
        steps = [(link.op, self.operand(link.right, n)) for link in links]
        table = MASK_OPS if rep == MASK else SET_OPS

        def operation(env):
            value = first(env)
            for op, fn in steps:
                value = table[op](value, fn(env))
            return value
        return operation

    def x_Product(self, n):
        factors = [self.expr(f) for f in n.factors]
        listers = [self.lister(f) for f in n.factors]
        charge = self.meter.charge

        def product(env):
            parts = []
            for fn, lister in zip(factors, listers):  # an empty factor: the rest is not computed
                parts.append(lister(fn(env)))
                if not parts[-1]:
                    return frozenset()
            size = 1
            for part in parts:
                size *= len(part)
            if size > LIST_LIMIT:
                raise Fallback("a product too large to list")
            charge(size)
            return frozenset(cartesian(*parts))
        return product

    def lister(self, node: s.Node) -> Callable:
        """value → list of its members' compact values."""
        if self.rep(node) == MASK:
            return lambda v: list(bits(v))
        return listing

    def x_Apply(self, n):
        arg = self.expr(n.arg)
        op = n.op
        if op == "bool":
            self.flat(n)
            if self.rep(n.arg) == ELEM:
                return lambda env: 1 << arg(env)
            return lambda env: frozenset({arg(env)})
        rep = self.rep(n.arg)
        if op == "ℬ":
            if rep != MASK:
                raise Decline(n, "ℬ of a set that is not a set of elements")
            return lambda env: Family(0, arg(env))
        if op == "card":
            if rep == MASK:
                return lambda env: arg(env).bit_count()
            return lambda env: size_of(arg(env))
        if op == "debool":
            return (lambda env: _only_bit(arg(env))) if rep == MASK else (lambda env: _only(arg(env)))
        if op == "red":
            into = self.rep(n)
            return lambda env: reduce_union(arg(env), into)
        raise Decline(n, f"{op} is not compiled")

    def x_Projection(self, n):
        arg = self.expr(n.arg)
        picks = tuple(i - 1 for i in n.indices)
        if not n.big:
            if len(picks) == 1:
                i = picks[0]
                return lambda env: arg(env)[i]
            return lambda env: tuple(arg(env)[i] for i in picks)
        into = self.rep(n)
        if into == MASK:
            i = picks[0]
            return lambda env: _mask_of(x[i] for x in listing(arg(env)))
        if len(picks) == 1:
            i = picks[0]
            return lambda env: frozenset(x[i] for x in listing(arg(env)))
        return lambda env: frozenset(tuple(x[i] for i in picks) for x in listing(arg(env)))

    def x_Enumeration(self, n):
        self.flat(n)
        items = [self.expr(i) for i in n.items]
        if self.rep(n) == MASK:
            return lambda env: _mask_of(fn(env) for fn in items)
        return lambda env: frozenset(fn(env) for fn in items)

    def x_Tuple(self, n):
        items = [self.expr(i) for i in n.items]
        if len(items) == 2:  # a pair, the usual tuple: no generator per pair made
            first, second = items
            return lambda env: (first(env), second(env))
        return lambda env: tuple(fn(env) for fn in items)

    def x_Declarative(self, n):
        return self.binder(self, n)

    # -- formulas
    def f_Predicate(self, n):
        op = n.op
        left, right = self.operand(n.left, n.right), self.operand(n.right, n.left)
        if op in ("∈", "∉"):
            self.flat(n.right)
            rep = self.rep(n.right) if not isinstance(n.right, s.EmptySet) else SET
            if isinstance(n.left, s.EmptySet):  # ∅ as a member: the right's members' form
                empty = 0 if rep_of(getattr(self.type(n.right), "base", None),
                                    self.bases) == MASK else frozenset()
                left = lambda env: empty  # noqa: E731
            if rep == MASK:
                test = lambda env: bool(right(env) >> left(env) & 1)  # noqa: E731
            else:
                test = lambda env: has(right(env), left(env))  # noqa: E731
            return test if op == "∈" else (lambda env: not test(env))
        if op in ("=", "≠"):
            self.flat(n.left, n.right)
            same = op == "="
            return lambda env: equal(left(env), right(env)) == same
        if op in ("⊆", "⊂", "⊄"):
            masks = self.rep(n.right if isinstance(n.left, s.EmptySet) else n.left) == MASK

            def inside(env):
                a, b = left(env), right(env)
                return not a & ~b if masks else subset(a, b)

            def strict(env):
                return inside(env) and not equal(left(env), right(env))
            return inside if op == "⊆" else strict if op == "⊂" else (lambda env: not strict(env))
        compare = COMPARISONS[op]
        return lambda env: compare(left(env), right(env))

    def f_Negation(self, n):
        arg = self.truth(n.arg)
        return lambda env: not arg(env)

    def f_Connective(self, n):
        links = s.chain(n)
        first = self.truth(links[0].left)
        steps = [(link.op, self.truth(link.right)) for link in links]

        def connective(env):
            value = first(env)
            for op, fn in steps:
                if op == "&":
                    value = value and fn(env)
                elif op == "∨":
                    value = value or fn(env)
                elif op == "⇒":
                    value = (not value) or fn(env)
                else:
                    value = value == fn(env)
            return value
        return connective

    def f_Quantifier(self, n):
        return self.binder(self, n)


# ----------------------------------------------------------------------------
# Run-time helpers on compact values (a set of compact values is a frozenset,
# or a Family when its members are masks)

def _nests_family(typ: t.Type) -> bool:
    """A set type whose members are, or hold, families of sets of elements."""
    if not isinstance(typ, t.SetType):
        return False
    inner = typ.base
    parts = inner.factors if isinstance(inner, t.TupleType) else (inner,)
    return any(is_family(p) or _nests_family(p) for p in parts)


def listing(value) -> frozenset | list:
    if isinstance(value, frozenset):
        return value
    if isinstance(value, Family):
        if value.size() > LIST_LIMIT:
            raise Fallback("a family too large to list")
        return list(value.members())
    raise Fallback(f"{type(value).__name__} is not a set")


def size_of(value) -> int:
    if isinstance(value, Family):
        return value.size()
    return len(value)


def has(collection, x) -> bool:
    if isinstance(collection, Family):
        return isinstance(x, int) and collection.contains(x)
    return x in collection


def equal(a, b) -> bool:
    if isinstance(a, Family) or isinstance(b, Family):
        if a == b:
            return True
        if isinstance(a, Family) and isinstance(b, Family) and a.size() == 0 == b.size():
            return True
        if size_of(a) != size_of(b):
            return False
        return frozenset(listing(a)) == frozenset(listing(b))
    if isinstance(a, tuple) and any(isinstance(x, Family) for x in a):
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b))
    return a == b


def subset(a, b) -> bool:
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        return a <= b
    return all(has(b, x) for x in listing(a))


def reduce_union(family, into: str):
    if isinstance(family, Family):
        if into != MASK:
            raise Fallback("red of a family into a set that is not of elements")
        return family.touched()
    if into == MASK:
        out = 0
        for m in family:
            out |= m
        return out
    out = set()
    for member in family:
        out.update(listing(member))
    return frozenset(out)


def _mask_of(indices) -> int:
    out = 0
    for i in indices:
        out |= 1 << i
    return out


def _only_bit(mask: int) -> int:
    if mask.bit_count() != 1:
        raise Fallback("debool of a set that is not a singleton")
    return mask.bit_length() - 1


def _only(value):
    items = listing(value)
    if len(items) != 1:
        raise Fallback("debool of a set that is not a singleton")
    return next(iter(items))


def _set_op(op: str):
    def apply(a, b):
        if isinstance(a, Family) or isinstance(b, Family):
            a, b = frozenset(listing(a)), frozenset(listing(b))
        return a | b if op == "∪" else a & b if op == "∩" else a - b if op == "\\" else a ^ b
    return apply


MASK_OPS = {"∪": int.__or__, "∩": int.__and__, "\\": lambda a, b: a & ~b, "∆": int.__xor__}
SET_OPS = {op: _set_op(op) for op in ("∪", "∩", "\\", "∆")}
COMPARISONS = {"<": lambda a, b: a < b, ">": lambda a, b: a > b,
               "≤": lambda a, b: a <= b, "≥": lambda a, b: a >= b}
