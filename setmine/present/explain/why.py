"""Why an element is (or is not) in a term: a chain a student can follow,
from the formula down to the facts of the board.

    1,0 ∈ D8: yes — it is in {1,0}, a member of Pr2(D7)
      D8 :== red(Pr2(D7)) — {1,0, 1,7, 4,2, 4,4, 4,5, 4,7, 5,1, 5,2, … (10 members)}
      {1,0} ∈ Pr2(D7): yes — the second component of (0,0 ; {1,0}), a member of D7
        …
            for a = (0,0 ; {1,0}): pr1(a)∈S3: true — 0,0 is open, showing 1

``why_member`` follows the shape of the set expression: ``{a ∈ D | P}`` —
the domain, then P under a := element (the witness of each ∃, the members
of a small ∀, the counterexample of a false ∀, the first false conjunct);
``∪`` the side that has it, ``∩`` both, ``\\`` in the left and not in the
right; ``red(F)`` a member of F containing it and why that member is in F;
``Pr i(R)`` a tuple of R with that component and why the tuple is in R; a
term of the schema its definition (expanded once, its value shown); a
structure the fact of the board ("0,0 is open, showing 1", "1,0 is a mine",
"2,3 and 2,4 are neighbours").  When an element is in no tuple of a
relation, the chain says which part of the definition already lacks it: a
factor of an intersection, the domain of a comprehension, or a condition
that depends on the tuple only through that component.  Witnesses and
counterexamples come from the planner (through ``trace.py``).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

from ...eval.interpret.model import evaluate_schema
from ...eval.shapes.terms import bind, conjuncts, transform
from ...eval.values import cardinal
from ...eval.values.budget import Budget
from ...eval.values.sets import (
    CURRENT_BUDGET,
    Fibered,
    Product,
    card,
    is_empty,
    member,
    members,
    sort,
)
from ...eval.values.subsets import Subsets
from ...rsl.semantics.types import Element, SetType, TupleType
from ...rsl.syntax import tree as s
from ...rsl.syntax.errors import RSLError
from ...rsl.syntax.printer import shown
from ..output.values import show
from .glossary import BOARD, Glossary, words
from .reading import member_noun, ordinal
from .trace import explain

SMALL = 4          # a ∀ over at most this many members shows each of them
MAX_DEPTH = 24     # how deep a chain may go
SHOWN = 8          # members shown of a set
SEARCH = 200_000   # the most candidates one step (a witness, a membership) may enumerate


@dataclass
class Reason:
    """One step of a chain: a claim, its verdict (``yes``/``no`` for a
    membership, ``true``/``false`` for a formula, empty for a definition,
    ``undecided`` for an evaluation error) and what decides it."""

    claim: str
    verdict: str = ""
    note: str = ""
    children: list["Reason"] = field(default_factory=list)
    prefix: str = ""           # the binding it is under: "for a = (0,0, {1,0}): "

    @property
    def holds(self) -> bool | None:
        return {"yes": True, "true": True, "no": False, "false": False}.get(self.verdict)


def render(reason: Reason, indent: str = "  ", level: int = 0) -> list[str]:
    """The chain as indented plain-text lines."""
    text = reason.prefix + reason.claim + (f": {reason.verdict}" if reason.verdict else "")
    lines = [indent * level + text + (f" — {reason.note}" if reason.note else "")]
    for child in reason.children:
        lines += render(child, indent, level + 1)
    return lines


def evaluate_terms(schema, data: dict, budget: Budget, only: list[str] | None = None) -> dict:
    """``evaluate_schema``, repeated for the terms that failed only because
    they use a term defined further down the file (the order of a schema
    is not always the order of use): alias → Result."""
    results = evaluate_schema(schema, data, budget, only=only)
    while True:
        missing = [a for a, r in results.items() if r.error is not None
                   and r.error.code == "calcGlobalMissing"]
        known = {a: r.value for a, r in results.items() if r.ok and r.kind == "term"}
        fresh = budget.derived()
        again = evaluate_schema(schema, {**data, **known}, fresh, only=missing) if missing else {}
        better = {a: r for a, r in again.items() if a in missing and r.ok}
        if not better:
            return results
        results.update(better)


def why_member(ev, schema, node: s.Node, element, env: dict | None = None,
               glossary: Glossary = BOARD) -> Reason:
    """Why ``element`` is (or is not) in the set expression ``node``; the
    structures' facts in ``glossary``'s words (a board's by default)."""
    return Why(ev, schema, glossary=glossary).member(node, element, dict(env or {}), 0)


def why_cell(ev, schema, alias: str, cell) -> Reason:
    """Why a cell is in the term ``alias`` (see ``cell_question``)."""
    return Why(ev, schema).member(cell_question(schema, alias), cell, {}, 0)


def cell_question(schema, alias: str) -> s.Node:
    """What "the cell is in the term" means for a term's type: membership
    in a term of cells; in some member of a family of sets of cells
    (``red``); as the first component of a tuple of a relation (``Pr1``).
    ValueError for a term of anything else."""
    typ, term = schema.analysis[alias].type, s.Global(alias)
    base = typ.base if isinstance(typ, SetType) else None
    if isinstance(base, Element):
        return term
    if isinstance(base, SetType) and isinstance(base.base, Element):
        return s.Apply("red", term)
    if isinstance(base, TupleType) and isinstance(base.factors[0], Element):
        return s.Projection(True, (1,), term)
    raise ValueError(f"{alias} is of type {typ}: its members are neither cells, sets of cells, "
                     f"nor tuples whose first component is a cell")


class Why:
    """One explanation: the evaluator (with the terms' values in its data),
    the schema, and the terms whose definitions are expanded already."""

    def __init__(self, ev, schema, small: int = SMALL, max_depth: int = MAX_DEPTH,
                 glossary: Glossary = BOARD):
        self.ev, self.schema, self.small, self.max_depth = ev, schema, small, max_depth
        self.glossary = glossary
        self.words = words(schema)   # its sets named in its own words
        self.budget = ev.budget
        self.expanded: set[str] = set()
        self.cells = glossary.elements(ev.data)
        self.basic = frozenset(c.alias for c in schema if c.kind in ("basic", "constant"))

    @contextmanager
    def step(self):
        """A budget of its own for each step (a membership, a witness)."""
        saved, self.ev.budget = self.ev.budget, self.budget.derived(SEARCH)
        token = CURRENT_BUDGET.set(self.ev.budget)
        try:
            yield
        finally:
            CURRENT_BUDGET.reset(token)
            self.ev.budget = saved

    def term(self, node: s.Node) -> bool:
        return isinstance(node, s.Global) and node.name in self.schema \
            and self.schema[node.name].kind == "term"

    def plain(self, node: s.Node) -> bool:
        """A set built from basic sets by ℬ and ×: membership in it is a
        matter of shape ("a pair of a cell and a set of cells")."""
        if isinstance(node, s.Global):
            return node.name in self.basic
        if isinstance(node, s.Apply) and node.op == "ℬ":
            return self.plain(node.arg)
        return isinstance(node, s.Product) and all(self.plain(f) for f in node.factors)

    def text(self, value, limit: int = SHOWN) -> str:
        """A value as ``setmine check`` writes it: cells ``r,c``, sets
        ``{…}`` with their first members and size."""
        try:
            return show(value, limit, self.cells)
        except RSLError:
            return "a set too large to show"

    # -- memberships
    def member(self, node: s.Node, element, env: dict, depth: int) -> Reason:
        claim = f"{self.text(element)} ∈ {shown(node)}"
        try:
            with self.step():
                inside = member(element, self.set(node, env))
                r = Reason(claim, "yes" if inside else "no")
                handler = getattr(self, "member_" + type(node).__name__, None)
                if depth >= self.max_depth:
                    r.note = "(not followed further)"
                elif handler is not None:
                    handler(r, node, element, inside, env, depth + 1)
                else:
                    r.note = f"{shown(node)} = {self.text(self.ev.value(node, env))}"
                return r
        except RSLError as exc:
            return Reason(claim, "undecided", f"{exc.code}: {exc.message}")

    def set(self, node, env):
        value = self.ev.value(node, env)
        if isinstance(value, (bool, int, tuple)):
            raise RSLError("calcInvalidData", f"{shown(node)} is not a set", *node.span)
        return value

    def member_Global(self, r: Reason, node, e, inside, env, depth):
        if not self.term(node):
            r.note = self.fact(node.name, e, inside)
        elif node.name in self.expanded:
            r.note = f"as explained above for {node.name}"
        else:
            self.expanded.add(node.name)
            inner = self.member(self.schema.tree(node.name), e, {}, depth)  # unfolded
            r.note, r.children = inner.note, [self.definition(node.name)] + inner.children

    def definition(self, alias: str) -> Reason:
        """A term's definition, with its value (a relation's first pairs)."""
        value = self.ev.value(s.Global(alias))
        cells = isinstance(typ := self.schema.analysis[alias].type, SetType) \
            and isinstance(typ.base, Element)
        return Reason(f"{alias} :== {shown(self.schema.tree(alias))}",
                      note=self.text(value, SHOWN if cells else 3))

    def member_SetOperation(self, r: Reason, node, e, inside, env, depth):
        def why(part):
            r.children.append(self.member(part, e, env, depth))

        if node.op in ("∪", "∩"):  # the part that decides, else every part
            parts, union = _chain(node, node.op), node.op == "∪"
            deciding = [p for p in parts if member(e, self.set(p, env)) == union]
            if deciding and (union or not inside):
                r.note = f"{'in' if union else 'not in'} {shown(deciding[0])}"
                return why(deciding[0])
            r.note = ("in both" if len(parts) == 2 else "in all of them") if inside \
                else "in none of them"
            return [why(p) for p in parts]
        left = member(e, self.set(node.left, env))
        if node.op == "∆":
            r.note = "in exactly one side" if inside else "in both sides or in neither"
            return [why(node.left), why(node.right)]
        if not left:
            r.note = f"not in {shown(node.left)}"
            return why(node.left)
        if inside:
            r.note = f"in {shown(node.left)}, not in {shown(node.right)}"
            why(node.left)
        else:
            r.note = f"but it is in {shown(node.right)}"
        why(node.right)

    def member_Apply(self, r: Reason, node, e, inside, env, depth):
        arg = node.arg
        if node.op == "red" and inside:
            family = self.set(arg, env)
            if isinstance(family, Subsets):
                family = family.restricted(e, True)
            witness = next(m for m in members(family, self.ev.budget, arg, "a witness")
                           if member(e, m))
            r.note = f"it is in {self.text(witness)}, a member of {shown(arg)}"
            r.children.append(self.member(arg, witness, env, depth))
        elif node.op == "red":
            r.note = f"no member of {shown(arg)} contains it"
            r.children.append(self.definition(arg.name) if self.term(arg) else
                              Reason(shown(arg), note=self.text(self.set(arg, env))))
        elif node.op == "ℬ" and isinstance(e, frozenset):
            outside = [m for m in sort(e) if not member(m, self.set(arg, env))]
            r.note = f"{self.text(outside[0])} is not in {shown(arg)}" if outside else \
                f"each of its members is in {shown(arg)}"
            listed = outside[:1] or (sort(e) if len(e) <= self.small and not self.plain(arg)
                                    else [])
            r.children += [self.member(arg, m, env, depth) for m in listed]
        else:
            r.note = f"{shown(node)} = {self.text(self.ev.value(node, env))}"

    def member_Projection(self, r: Reason, node, e, inside, env, depth):
        if not node.big or len(node.indices) != 1:
            r.note = f"{shown(node)} = {self.text(self.ev.value(node, env))}"
            return
        i, relation = node.indices[0], self.set(node.arg, env)
        if not inside:
            r.note = f"no member of {shown(node.arg)} has it as its {ordinal(i)} component"
            r.children += self.absent(node.arg, i, e, env, depth)
            return
        t = self.with_component(relation, i, e, node.arg)
        r.note = f"the {ordinal(i)} component of {self.text(t)}, a member of {shown(node.arg)}"
        if isinstance(relation, Fibered) and i == 1 and (n := card(relation.fiber(e))) != 1:
            r.note += f" (one of {cardinal.show(n)} with this first component)"
        r.children.append(self.member(node.arg, t, env, depth))

    def with_component(self, relation, i: int, e, node=None):
        """A tuple of ``relation`` (the value of ``node``) whose i-th
        component is ``e``, or None."""
        if isinstance(relation, Fibered) and i <= 2:
            if i == 1:
                fiber = relation.fiber(e)
                return None if is_empty(fiber) else (e, self.first_member(fiber, node))
            return next(((x, e) for x, fiber in relation.fibers if member(e, fiber)), None)
        if isinstance(relation, Product):
            if not member(e, relation.factors[i - 1]) or any(map(is_empty, relation.factors)):
                return None
            return tuple(e if k == i - 1 else self.first_member(f, node)
                         for k, f in enumerate(relation.factors))
        return next((t for t in members(relation, self.ev.budget, node, "a tuple")
                     if isinstance(t, tuple) and len(t) >= i and t[i - 1] == e), None)

    def first_member(self, value, node=None):
        """The first member of a non-empty set; a set interval's lower
        bound when that is in it (the first member of ℬ(…) is ∅)."""
        if isinstance(value, Subsets) and not value.constraints \
                and value.lo <= len(value.lower) <= (value.hi if value.hi is not None else 10**9):
            return value.lower
        return next(iter(members(value, self.ev.budget, node, "the first member")))

    def absent(self, relation: s.Node, i: int, e, env: dict, depth: int) -> list[Reason]:
        """Why no tuple of ``relation`` has ``e`` as its i-th component: the
        part of the relation's definition that already lacks it."""
        def lacks(part: s.Node) -> bool:
            try:
                return self.with_component(self.set(part, env), i, e, part) is None
            except RSLError:
                return False

        def why(part: s.Node, scope=env) -> Reason:
            return self.member(s.Projection(True, (i,), part), e, scope, depth)

        if self.term(relation) and relation.name not in self.expanded:
            self.expanded.add(relation.name)
            return [self.definition(relation.name)] + \
                why(self.schema.tree(relation.name), {}).children
        if isinstance(relation, s.SetOperation) and relation.op in ("∩", "\\"):
            parts = _chain(relation, "∩") if relation.op == "∩" else [relation.left]
            return [why(p) for p in parts if lacks(p)][:1]
        if isinstance(relation, s.SetOperation) and relation.op == "∪":
            return [why(p) for p in _chain(relation, "∪")]
        if isinstance(relation, s.Declarative) and isinstance(relation.var, s.Local):
            return [why(relation.domain)] if lacks(relation.domain) else \
                self.failing_condition(relation, i, e, env, depth)
        return []

    def failing_condition(self, comp: s.Declarative, i: int, e, env, depth) -> list[Reason]:
        """A conjunct of ``{a ∈ D | P}`` that uses a only as pr i(a) and is
        false when pr i(a) is ``e`` (pr i(a) is bound as a name of its own)."""
        target = s.Projection(False, (i,), comp.var)
        name = shown(target)
        for part in conjuncts(comp.condition):
            replaced = transform(part, lambda n: s.Local(name) if n == target else None)
            if comp.var in list(replaced.walk()):
                continue
            scope = {**env, name: e}
            try:
                if self.ev.truth(replaced, scope):
                    continue
            except RSLError:
                continue
            reason = self.formula(replaced, scope, depth)
            reason.prefix = f"for {name} = {self.text(e)}: "
            return [reason]
        return []

    def member_Declarative(self, r: Reason, node, e, inside, env, depth):
        if self.plain(node.domain):
            yes = member(e, self.set(node.domain, env))
            domain = Reason(f"{self.text(e)} ∈ {shown(node.domain)}", "yes" if yes else "no",
                            member_noun(node.domain, self.words) if yes else "")
        else:
            domain = self.member(node.domain, e, env, depth)
        r.children.append(domain)
        if not domain.holds:
            r.note = f"not in the domain {shown(node.domain)}"
            return
        reason = self.formula(node.condition, {**env, **bind(node.var, e, node)}, depth, inside)
        reason.prefix = f"for {self.binding_text(node.var, e)}: "
        r.children.append(reason)
        r.note = "" if inside else "its condition is false"

    def member_Product(self, r: Reason, node, e, inside, env, depth):
        if self.plain(node):
            r.note = ("" if inside else "not ") + member_noun(node, self.words)
        elif isinstance(e, tuple) and len(e) == len(node.factors):
            r.children += [self.member(f, c, env, depth) for f, c in zip(node.factors, e)]

    def member_Enumeration(self, r: Reason, node, e, inside, env, depth):
        values = [self.ev.value(i, env) for i in node.items]
        r.note = f"it is {shown(node.items[values.index(e)])}" if inside else \
            f"it is none of {', '.join(self.text(v) for v in values)}"

    def binding_text(self, decl: s.Node, value) -> str:
        return ", ".join(f"{k} = {self.text(v)}" for k, v in bind(decl, value, decl).items())

    # -- the facts of the structure
    def fact(self, alias: str, e, inside: bool) -> str:
        """A structure's membership in the glossary's words."""
        return self.glossary.fact(self.ev.data, alias, e, inside, self.text)

    # -- formulas
    def formula(self, f: s.Node, env: dict, depth: int, known: bool | None = None) -> Reason:
        """Why a formula holds or fails under ``env`` (whose truth may be
        ``known`` already, from the membership it decides)."""
        try:
            if isinstance(f, s.Quantifier):
                return self.quantifier(f, env, depth, known)
            value = self.ev.truth(f, env) if known is None else known
            r = Reason(shown(f), "true" if value else "false")
            if depth < self.max_depth:
                if isinstance(f, s.Negation):
                    r.children.append(self.formula(f.arg, env, depth + 1))
                elif isinstance(f, s.Connective):
                    self.connective(r, f, value, env, depth + 1)
                elif isinstance(f, s.Predicate):
                    self.predicate(r, f, env, depth + 1)
            return r
        except RSLError as exc:
            return Reason(shown(f), "undecided", f"{exc.code}: {exc.message}")

    def connective(self, r: Reason, f: s.Connective, value: bool, env, depth):
        parts = _chain(f, f.op) if f.op in ("&", "∨") else [f.left, f.right]
        if f.op == "∨" and value:                            # one true disjunct decides
            parts = [next(p for p in parts if self.ev.truth(p, env))]
            r.note = "the first true disjunct:"
        elif f.op == "&" and not value:                      # one false conjunct decides
            parts = [next(p for p in parts if not self.ev.truth(p, env))]
            r.note = "the first false conjunct:"
        elif f.op == "⇒" and value and not self.ev.truth(f.left, env):
            parts, r.note = [f.left], "its premise is false"
        r.children += [self.formula(p, env, depth) for p in parts]

    def predicate(self, r: Reason, f: s.Predicate, env, depth):
        left, right = self.ev.value(f.left, env), self.ev.value(f.right, env)
        if f.op in ("∈", "∉") and isinstance(f.right, s.Global) and not self.term(f.right):
            r.note = self.fact(f.right.name, left, member(left, right))
        elif f.op in ("∈", "∉") and not self.plain(f.right) \
                and any(isinstance(n, s.Global) for n in f.right.walk()):
            r.children.append(self.member(f.right, left, env, depth))
        else:
            r.note = f"{self.text(left)} {f.op} {self.text(right)}"

    def quantifier(self, q: s.Quantifier, env: dict, depth: int, known=None) -> Reason:
        """The witness of a true ∃ (and why it is in the domain), the
        counterexample of a false ∀, each member of a small domain else."""
        with self.step():
            trace = explain(self.ev, q, env, depth=0)
        if trace.error is not None and known is not None:
            found = "a witness" if q.op == "∃" else "a counterexample"
            note = f"{found} was not found within the budget ({trace.error.code})" \
                if known == (q.op == "∃") else f"decided for the whole term; checking each " \
                f"member here exceeds the budget ({trace.error.code})"
            return Reason(shown(q), "true" if known else "false", note)
        if trace.error is not None:
            return Reason(shown(q), "undecided", trace.note)
        r = Reason(shown(q), "true" if trace.value else "false", trace.note)
        binding = {k: v for k, v in trace.binding.items() if not k.startswith("·")}
        decls = q.var.items if isinstance(q.var, s.DeclList) else (q.var,)
        if binding:
            word = "witness" if q.op == "∃" else "counterexample"
            r.note = f"{word} " + ", ".join(f"{k} = {self.text(v)}" for k, v in binding.items())
        elif trace.value:
            size, domain = card(self.ev.value(q.domain, env)), shown(q.domain)
            r.note = f"{domain} is empty, so it holds" if size == 0 else \
                f"holds for the only member of {domain}" if size == 1 else \
                f"holds for each of the {cardinal.show(size)} members of {domain}"
        if depth >= self.max_depth:
            return r
        if binding:
            if q.op == "∃" and not self.plain(q.domain):
                r.children += [self.member(q.domain, _value(d, binding), env, depth + 1)
                               for d in decls]
            r.children.append(self.formula(q.body, {**env, **binding}, depth + 1))
            return r
        domain = self.ev.value(q.domain, env)
        if len(decls) == 1 and isinstance(domain, frozenset) and len(domain) <= self.small:
            for value in sort(domain):  # a ∀ that holds, an ∃ that fails: each member
                reason = self.formula(q.body, {**env, **bind(decls[0], value, q)}, depth + 1)
                reason.prefix = f"for {self.binding_text(decls[0], value)}: "
                r.children.append(reason)
        return r


_chain = s.associative_operands


def _value(decl: s.Node, binding: dict):
    """The value a declaration (``a`` or ``(a, b)``) is bound to."""
    if isinstance(decl, s.Local):
        return binding[decl.name]
    return tuple(_value(item, binding) for item in decl.items)
