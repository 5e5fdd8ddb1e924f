"""What a formula reads of some globals: the sub-terms through which it
reads them, so that its value can be shared across structures.

A formula's value is a function of the values of the globals it reads.
Often it reads a global G only through a few small sub-terms: a count
``card(G)``, or ``card(pr2 c ∩ G)`` for each c of a set D that does not
depend on G.  Then the formula has the same value on every structure where
those sub-terms have the same values (as functions of their bound
variables, over their domains) and the other globals it reads are the
same — however different G is.  A model checker that visits many
structures computes it once per such *key*.

:class:`Frontier` finds those sub-terms, syntactically, once per formula:
walking down from the top, a sub-term that reads G (directly, or through a
term that does) is taken whole when its type is Z or Logic and each of its
free variables is bound over a domain that is closed and does not read G
(it is then tabulated over that domain); otherwise its parts are visited.
A term it uses is visited the same way (its value is a function of its own
key).  G itself, where no such sub-term encloses it, is taken whole — no
sharing there, but never a wrong one.  Constructs the walk does not see
through (functions, ``I{…}``, ``R{…}``, tuples of bound variables) take
every G they read whole.

``key(run)`` computes the key on a run of the compiled program: the values
of the other globals read and of every such sub-term, or None when one of
them cannot be computed (then nothing is shared).

*Counted readings.*  Often an item reads G only by counting its members in
sets that do not read G: ``card(G)``, ``card(A ∩ G)``, ``A ∩ G = ∅``,
``x ∈ G``.  Its value is then a function of the numbers |A ∩ G| (|{x} ∩ G|
for a member test), each A tabulated over the item's domains; when every
item is such, so is the formula's value.  ``readings`` lists those sets A
(None when an item reads G otherwise), and ``counted(run)`` gives their
values on a run: a model checker that knows which G its structures range
over can then count the structures of each key instead of visiting them.
"""

from __future__ import annotations

from ...rsl.schema import dependencies
from ...rsl.semantics import types as t
from ...rsl.semantics.node_types import node_types
from ...rsl.syntax import tree as s
from ..shapes.terms import free_locals
from .binders import binder
from .compiler import ELEM, MASK, UNEXPECTED, Compiler, Decline, Fallback, listing
from .masks import base_of, bits

OPAQUE = (s.Imperative, s.Recursive, s.Call, s.Filter)
BINDERS = (s.Quantifier, s.Declarative, s.Imperative, s.Recursive)
TABLE_LIMIT = 10_000  # the most bindings an item is tabulated over


class Items:
    """The sub-terms of a program's frontiers, each compiled once and
    numbered: equal sub-terms (the same text over the same domains, in
    different formulas) are one item."""

    def __init__(self, program):
        self.program = program
        self.index: dict = {}      # (node, domains) → item number
        self.closures: list = []   # item → (closure, ((var, domain closure, is mask), …))
        self.requires: list = []   # item → the terms it reads
        self.sets: dict = {}       # (node, domains) → reading number
        self.readers: list = []    # reading → (closure to a mask, domains, base set's name)
        self.reader_requires: list = []  # reading → the terms its set and domains read
        self.terms: dict = {}      # (alias, through) → the term's readings
        self.types: dict = {}      # id(tree) → its node types

    def types_of(self, tree) -> dict:
        found = self.types.get(id(tree))
        if found is None or found[0] is not tree:
            found = self.types[id(tree)] = (tree, node_types(tree, self.program.schema.environment()))
        return found[1]

    def _compiler(self, tree) -> Compiler:
        program = self.program
        return Compiler(self.types_of(tree), program.data, program.bases,
                        lambda name: name in program.kinds, binder, program.meter)

    def _domains(self, compiler: Compiler, binders: tuple) -> tuple:
        """The binders' domains compiled (after the closure they bind for,
        so that the compiler's caches are the program's)."""
        domains = tuple((var, compiler.expr(domain), compiler.rep(domain) == MASK)
                        for var, domain in binders)
        self.program.caches.extend(compiler.caches)
        return domains

    def item(self, tree, node: s.Node, binders: tuple) -> int:
        key = (node, tuple((var, domain) for var, domain in binders))
        found = self.index.get(key)
        if found is not None:
            return found
        compiler = self._compiler(tree)
        typ = compiler.type(node)
        fn = compiler.truth(node) if isinstance(typ, t.Logic) else compiler.expr(node)
        domains = self._domains(compiler, binders)
        self.closures.append((fn, domains))
        self.requires.append(self._terms_read(node, binders))
        self.index[key] = len(self.closures) - 1
        return self.index[key]

    def _terms_read(self, node: s.Node, binders: tuple) -> tuple[str, ...]:
        names = {n for n, _ in dependencies(node)}
        for _, domain in binders:
            names |= {n for n, _ in dependencies(domain)}
        return tuple(n for n in names if self.program.kinds.get(n) == "term")

    def term_readings(self, alias: str, through: frozenset) -> tuple | None:
        """The readings of the term ``alias`` (its frontier's), made once."""
        key = (alias, through)
        if key not in self.terms:
            self.terms[key] = None  # while it is made: a term read in itself is not counted
            try:
                self.terms[key] = Frontier(self, alias, through).readings
            except (Decline, RecursionError):
                pass
        return self.terms[key]

    def reading(self, tree, node: s.Node, binders: tuple, element: bool) -> int:
        """The number of the reading of ``node``: a set of elements, or an
        element (``element``) read as the set of it."""
        key = (node, tuple(binders), element)
        found = self.sets.get(key)
        if found is not None:
            return found
        compiler = self._compiler(tree)
        typ = compiler.type(node)
        if compiler.rep(node) != (ELEM if element else MASK):
            raise Decline(node, "a reading that is not a set of elements")
        fn = compiler.expr(node)
        if element:
            fn = _singleton(fn)
        base = typ.name if element else base_of(typ)
        self.readers.append((fn, self._domains(compiler, binders), base))
        self.reader_requires.append(self._terms_read(node, binders))
        self.sets[key] = len(self.readers) - 1
        return self.sets[key]

    def value(self, number: int, run):
        """The item's value on ``run``: a value, or the frozenset of
        (bindings, value) over its domains."""
        fn, domains = self.closures[number]
        if not domains:
            return fn({})
        return frozenset(_tabulated(fn, domains))

    def masks(self, number: int, run) -> list[frozenset]:
        """The sets of the reading ``number`` on ``run``, one per binding of
        its domains (as sets of elements)."""
        fn, domains, base = self.readers[number]
        masks = [fn({})] if not domains else [m for _, m in _tabulated(fn, domains)]
        return [run.universe.members(base, m) for m in masks]


class Frontier:
    """The key of a formula (a constituent's alias, or a tree) with respect
    to the globals ``through``."""

    def __init__(self, items: Items, formula, through: frozenset[str]):
        self.items, self.through = items, frozenset(through)
        program = items.program
        self.schema = program.schema
        self.numbers: list[int] = []
        self.others: set[str] = set()    # the other globals read, not terms
        self.whole = False               # a global of ``through`` is read whole (a key of it)
        self._counted: list | None = []  # the readings (None: an item reads otherwise)
        self._seen: set[str] = set()
        if isinstance(formula, str):
            self._term(formula)
        else:
            self._walk(formula, formula, {})
        self.numbers = sorted(set(self.numbers))
        self.others = tuple(sorted(self.others))
        self.requires = tuple(sorted({r for n in self.numbers for r in items.requires[n]}))
        self.readings: tuple | None = None if self.whole or self._counted is None else \
            tuple(sorted(set(self._counted), key=lambda r: (r is not None, r or 0)))
        """What the formula counts of ``through``: reading numbers, None for
        the global itself (``card(G)``); None when it reads it otherwise."""
        self.counts_require = tuple(sorted({t for r in self.readings or () if r is not None
                                            for t in items.reader_requires[r]}))
        """The terms the sets of the readings read (``counted`` needs only
        these, not what the rest of the formula reads)."""

    def _reads(self, node: s.Node) -> bool:
        """Whether ``node`` reads a global of ``through``, directly or not."""
        for name, _ in dependencies(node):
            if name in self.through or name in self.schema and \
                    self.schema.closure(name) & self.through:
                return True
        return False

    def _term(self, alias: str) -> None:
        if alias in self._seen:
            return
        self._seen.add(alias)
        self._others_of(alias)
        analysis = self.schema.analysis[alias]
        if analysis.error is not None or not self._reads(analysis.tree):
            return
        self._walk(analysis.tree, analysis.tree, {})

    def _whole(self, tree, node: s.Node, binders: dict) -> bool:
        """Take ``node`` whole, if it is an item."""
        free = free_locals(node)
        if not all(v in binders and binders[v] is not None for v in free):
            return False
        typ = self.items.types_of(tree).get(id(node))
        if not isinstance(typ, (t.Integer, t.Logic)) and not (
                isinstance(node, s.Global) and node.name in self.through):
            return False
        if any(isinstance(n, BINDERS) for n in node.walk()):
            return False
        bound = tuple((v, binders[v]) for v in sorted(free))
        try:
            self.numbers.append(self.items.item(tree, node, bound))
        except Decline:
            return False
        self.whole |= isinstance(node, s.Global)
        self._count(tree, node, bound)
        return True

    def _count(self, tree, node: s.Node, bound: tuple) -> None:
        """The readings of the item ``node``, or none at all (``_counted``
        None) when it reads ``through`` otherwise than by counting."""
        if self._counted is None:
            return
        found = counted(node, self.through, self._reads,
                        lambda name: self.items.term_readings(name, self.through))
        if found is None:
            self._counted = None
            return
        try:
            for A, element in found:
                if isinstance(A, tuple):  # a term's own readings
                    self._counted.extend(A)
                else:
                    self._counted.append(None if A is None else
                                         self.items.reading(tree, A, bound, element))
        except Decline:
            self._counted = None

    def _walk(self, tree, node: s.Node, binders: dict) -> None:
        if not self._reads(node):
            for name, _ in dependencies(node):
                self._others_of(name)
            return
        if isinstance(node, s.Global):
            if node.name in self.through:
                if not self._whole(tree, node, binders):
                    raise Decline(node, "a global that cannot be keyed")
            else:
                self._term(node.name)
            return
        if self._whole(tree, node, binders):
            return
        if isinstance(node, OPAQUE):
            self._opaque(tree, node)
            return
        if isinstance(node, (s.Quantifier, s.Declarative)):
            self._walk(tree, node.domain, binders)
            names = [node.var] if isinstance(node.var, s.Local) else \
                list(node.var.items) if isinstance(node.var, s.DeclList) else None
            if names is None or not all(isinstance(v, s.Local) for v in names):
                self._opaque(tree, node)
                return
            tabulable = node.domain if self._tabulable(tree, node.domain) else None
            inner = dict(binders)
            for v in names:
                inner[v.name] = tabulable
            self._walk(tree, node.body if isinstance(node, s.Quantifier) else node.condition,
                       inner)
            return
        for child in _children(node):
            self._walk(tree, child, binders)

    def _tabulable(self, tree, domain: s.Node) -> bool:
        """A domain an item can be tabulated over: closed, free of
        ``through``, and a named set or a set of elements (never a product
        or a powerset to list)."""
        if free_locals(domain) or self._reads(domain):
            return False
        typ = self.items.types_of(tree).get(id(domain))
        elements = isinstance(typ, t.SetType) and isinstance(typ.base, t.Element)
        return isinstance(domain, s.Global) or elements

    def _opaque(self, tree, node: s.Node) -> None:
        """Every global of ``through`` that ``node`` reads, whole."""
        for name, _ in dependencies(node):
            self._others_of(name)
            if name in self.schema:
                for g in sorted((self.schema.closure(name) | {name}) & self.through):
                    self.numbers.append(self._global_item(g))

    def _others_of(self, name: str) -> None:
        """The globals ``name`` reads that are neither evaluated nor of
        ``through``: part of every key."""
        if name not in self.schema:
            return
        for n in self.schema.closure(name) | {name}:
            if n in self.schema and n not in self.through and \
                    self.schema[n].kind not in ("term", "axiom", "theorem"):
                self.others.add(n)

    def _global_item(self, name: str) -> int:
        """The item of a global of ``through`` itself."""
        self.whole = True
        tree = s.Global(name, span=(0, 0))
        items = self.items
        items.types[id(tree)] = (tree, {id(tree): self.schema.analysis[name].type})
        return items.item(tree, tree, ())

    def key(self, run):
        """The key on ``run`` (None when a sub-term cannot be computed)."""
        for alias in self.requires:
            if not run.get(alias).ok:
                return None
        try:
            values = tuple(self.items_value(n, run) for n in self.numbers)
        except (Fallback, *UNEXPECTED):  # nothing shared on this structure
            return None
        try:
            return tuple(run.compact[name] for name in self.others) + values
        except KeyError:  # a structure with no compact form: no key
            return None

    def counted(self, run) -> list[frozenset | None] | None:
        """The sets of ``readings`` on ``run`` (None for the global itself),
        or None when one cannot be computed."""
        for alias in self.counts_require:
            if not run.get(alias).ok:
                return None
        try:
            return [None if r is None else m for r in self.readings
                    for m in ((None,) if r is None else self.items.masks(r, run))]
        except (Fallback, *UNEXPECTED):
            return None

    def items_value(self, number: int, run):
        found = run.items.get(number, run)
        if found is run:
            found = run.items[number] = self.items.value(number, run)
        return found


def _children(node: s.Node):
    for f in node.__dataclass_fields__:
        if f == "span":
            continue
        value = getattr(node, f)
        for item in (value if isinstance(value, tuple) else (value,)):
            if isinstance(item, s.Node):
                yield item


def _tabulated(fn, domains):
    """(bindings, fn's value) over every binding of ``domains``."""
    table = []

    def tabulate(env, i, bound):
        if i == len(domains):
            table.append((bound, fn(env)))
            return
        var, domain, is_mask = domains[i]
        values = domain(env)
        listed = list(bits(values)) if is_mask else listing(values)
        if len(listed) > TABLE_LIMIT:
            raise Fallback("a domain too large to tabulate")
        for x in listed:
            env[var] = x
            tabulate(env, i + 1, bound + (x,))
    tabulate({}, 0, ())
    return table


def _singleton(fn):
    return lambda env: 1 << fn(env)


def counted(node: s.Node, through: frozenset, reads, term) -> list[tuple] | None:
    """How ``node`` reads the globals ``through``, if only by counting:
    ``(A, False)`` for each ``card(A ∩ G)``, ``card(G ∩ A)``, ``A ∩ G = ∅``
    or ``≠ ∅``; ``(x, True)`` for each ``x ∈ G`` or ``x ∉ G``; ``(None,
    False)`` for ``card(G)`` or ``G = ∅`` — A and x not reading ``through``
    (``reads``); ``(readings, False)`` for a term that reads them, with the
    term's own readings (``term(name)``, None when it reads them otherwise).
    None when it reads them any other way."""
    out: list[tuple] = []

    def meet(n):
        """A for a meet ``A ∩ G``, ``G ∩ A`` or G itself (A None); False
        for anything else."""
        if isinstance(n, s.Global) and n.name in through:
            return None
        if isinstance(n, s.SetOperation) and n.op == "∩":
            for g, a in ((n.left, n.right), (n.right, n.left)):
                if isinstance(g, s.Global) and g.name in through and not reads(a):
                    return a
        return False

    def visit(n) -> bool:
        found = False
        if isinstance(n, s.Apply) and n.op == "card":
            found = meet(n.arg)
        elif isinstance(n, s.Predicate) and n.op in ("=", "≠"):
            other = n.left if isinstance(n.right, s.EmptySet) else \
                n.right if isinstance(n.left, s.EmptySet) else None
            found = False if other is None else meet(other)
        elif isinstance(n, s.Predicate) and n.op in ("∈", "∉") and \
                isinstance(n.right, s.Global) and n.right.name in through and not reads(n.left):
            out.append((n.left, True))
            return True
        if found is not False:
            out.append((found, False))
            return True
        if isinstance(n, s.Global):
            if not reads(n):
                return True
            readings = None if n.name in through else term(n.name)
            if readings is None:
                return False
            out.append((readings, False))
            return True
        return all(visit(c) for c in _children(n))

    return out if visit(node) else None
