"""Typed RSLang terms into SMT-LIB for cvc5's theory of finite sets.

The translation is meant for one question: is a formula true in *every*
model of a schema, of every size?  So it keeps what RSLang means and
nothing of any one model:

==========================  ===============================================
RSLang                      SMT-LIB (cvc5 1.4, logic ``ALL``)
==========================  ===============================================
basic or constant set X1    a sort ``E_X1`` and a constant ``X1 : (Set E_X1)``
                            (a finite set of that sort: the sort may hold
                            more elements, which no formula reaches)
Z                           ``Int``; ``x ∈ Z`` is true
ℬ(H), H1×H2                 ``(Set H)``, ``(Tuple H1 H2)``
structure S1 ::= ℬ(X1×X1)   a constant ``S1`` and its domain as an axiom
                            (every member of S1 is in X1×X1)
∪ ∩ \\ ∆, card, bool         ``set.union`` ``set.inter`` ``set.minus``, ∆ as
                            two minuses, ``set.card``, ``set.singleton``
x ∈ A                       unfolded by A's construct: ``x ∈ ℬ(A)`` is
                            ``x ⊆ A``, ``x ∈ D{v∈A | P}`` is ``x ∈ A ∧
                            P(x)``, ``x ∈ A×B`` tests the components…
D{…}, ℬ, ×, Pr, Fi, red     a set-valued Skolem function of the free
  as a value                variables, with the membership axiom of its
                            construct (``∀x. x ∈ K ⇔ x ∈ …``); only for a
                            finite set (never built from Z)
∀v∈A P, ∃v∈A P              ``forall``/``exists`` over v's sort, guarded by
                            v ∈ A (a tuple of locals: one variable each)
pr_i, (a, b)                ``tuple.select``, ``tuple``
F1[a], P1[a]                the body, its parameters bound by ``let``
debool                      an uninterpreted function with s = {debool(s)} for
                            every singleton s; a statement also proves that
                            each argument it reads is a singleton, for every
                            value of the variables in scope
                            (``Translator.definedness``)
I{…}, R{…}                  no translation (:class:`NoTranslation`)
==========================  ===============================================

Every set an SMT term stands for is finite, as every RSLang value is; a
construct that would make an infinite one (``D{x ∈ Z | …}`` as a value,
``Z`` itself) is refused rather than approximated: a translation that
admits fewer models than RSLang could prove a falsehood.  Where a
translation is refused, the formula that reads it is not proved
(``NoTranslation`` names the construct and why).
"""

from __future__ import annotations

from typing import Mapping

from ..rsl.semantics.compat import unify
from ..rsl.semantics.node_types import node_types
from ..rsl.semantics.types import FunctionType, Integer, SetType, TupleType, Type, substitute
from ..rsl.syntax import tree as s
from .definedness import Definedness
from .membership import Membership
from .smtlib import (ARITHMETIC, EMPTY_DEFAULT, ITERATES_Z, ORDER, SET_OPS, Bound, NoTranslation,
                     Partial, Typing, as_integers, conj, element_names, element_type, fill, finite,
                     let, numeral, project, same_sort, select, sort)

class Translator(Membership, Definedness):
    """Translates the formulas and terms of one schema.

    ``declarations`` gathers what the translations need declared (Skolem
    functions, ``debool``'s function per sort) and ``axioms`` what they need
    asserted, per owner (the constituent or statement being translated,
    ``self.owner``), so that an obligation asserts each with its owner's
    name.  ``global_symbol(alias)`` says how a constituent is referred to
    (the theory declares it)."""

    def __init__(self, schema, functions: Mapping[str, s.Node]):
        self.schema = schema
        self.env = schema.environment()
        self.functions = functions
        self.declarations: list[str] = []
        self.axioms: dict[str, list[str]] = {}
        self.partial: dict[str, list[Partial]] = {}
        self.globals_read: dict[str, set[str]] = {}
        self.sorts: set[str] = set()
        self.owner = ""
        self._fresh = 0
        self._skolems: dict[tuple, str] = {}
        self._debools: set[str] = set()
        self._typings: dict[int, Mapping[int, Type]] = {}
        self.integral = frozenset(alias for alias, info in self.env.items()
                                  if info.kind == "constant" and "integral" in info.trait_names)

    # -- entry points
    def typing(self, tree: s.Node) -> Typing:
        key = id(tree)
        if key not in self._typings:
            self._typings[key] = node_types(tree, self.env)
        return Typing(self._typings[key], integral=self.integral)

    def statement(self, owner: str, tree: s.Node) -> str:
        """A closed formula (an axiom, a statement, an assertion) for ``owner``."""
        self.owner = owner
        self.axioms.setdefault(owner, [])
        self.partial.setdefault(owner, [])
        self.globals_read.setdefault(owner, set())
        return self.formula(tree, {}, self.typing(tree))

    def value(self, owner: str, tree: s.Node, want: Type | None = None) -> str:
        """A closed term (a term's definition) for ``owner``."""
        self.owner = owner
        self.axioms.setdefault(owner, [])
        self.partial.setdefault(owner, [])
        self.globals_read.setdefault(owner, set())
        return self.term(tree, {}, self.typing(tree), want)

    def membership(self, owner: str, x: str, tree: s.Node, want: Type | None = None) -> str:
        """The formula "x ∈ tree" for ``owner`` (a structure's domain, a term's
        members), ``x`` a variable the caller binds."""
        self.owner = owner
        self.axioms.setdefault(owner, [])
        self.partial.setdefault(owner, [])
        self.globals_read.setdefault(owner, set())
        return self.member(x, tree, {}, self.typing(tree), want)

    def type_of(self, tree: s.Node) -> Type | None:
        return self.typing(tree).of(tree)

    # -- helpers
    def fresh(self, hint: str) -> str:
        self._fresh += 1
        safe = "".join(ch if ch.isascii() and (ch.isalnum() or ch == "_") else "_" for ch in hint)
        return f"{safe or 'v'}.{self._fresh}"

    def norm(self, t: Type) -> Type:
        """A constituent's type as the translation reads it (``as_integers``)."""
        return as_integers(t, self.integral)

    def sort_of(self, t: Type) -> str:
        for sub in element_names(t):
            self.sorts.add(sub)
        return sort(t)

    def _type(self, node, ty: Typing, want=None) -> Type:
        return fill(ty.of(node), want)

    def _axiom(self, text: str) -> None:
        self.axioms[self.owner].append(text)

    # -- formulas
    def formula(self, node: s.Node, env: dict, ty: Typing) -> str:
        if isinstance(node, s.GlobalDefinition):
            node = node.body
        if isinstance(node, s.Negation):
            return f"(not {self.formula(node.arg, env, ty)})"
        if isinstance(node, s.Connective):
            links = s.chain(node)
            out = self.formula(links[0].left, env, ty)
            for link in links:
                right = self.formula(link.right, env, ty)
                op = {"&": "and", "∨": "or", "⇒": "=>", "⇔": "="}[link.op]
                out = f"({op} {out} {right})"
            return out
        if isinstance(node, s.Quantifier):
            return self.quantifier(node, env, ty)
        if isinstance(node, s.Predicate):
            return self.predicate(node, env, ty)
        if isinstance(node, s.Call):
            return self.call(node, env, ty, formula=True)
        if isinstance(node, s.Global):
            info = self.env.get(node.name)
            if info is not None and info.kind in ("axiom", "theorem"):
                tree = self.schema.tree(node.name)
                return self.formula(tree, {}, self.typing(tree))
        raise NoTranslation(node, "not a formula")

    def quantifier(self, node: s.Quantifier, env: dict, ty: Typing) -> str:
        if not finite(node.domain, self.functions):
            raise NoTranslation(node, ITERATES_Z)
        decls = node.var.items if isinstance(node.var, s.DeclList) else (node.var,)
        element = element_type(self._type(node.domain, ty))
        variables, guards, inner = [], [], dict(env)
        for decl in decls:
            value = self.declare(decl, element, variables, inner)
            guards.append(self.member(value, node.domain, env, ty))
        body = self.formula(node.body, inner, ty)
        bound = " ".join(f"({v} {srt})" for v, srt in variables)
        if node.op == "∀":
            return f"(forall ({bound}) (=> {conj(guards)} {body}))"
        return f"(exists ({bound}) {conj(guards + [body])})"

    def declare(self, decl: s.Node, t: Type, variables: list, env: dict) -> str:
        """Variables for the locals of ``decl`` (of type ``t``), added to
        ``variables`` and ``env``; returns the SMT term of the whole value."""
        if isinstance(decl, s.Local):
            name = self.fresh(decl.name)
            variables.append((name, self.sort_of(t)))
            env[decl.name] = Bound(name, t)
            return name
        if isinstance(decl, s.TupleDecl) and isinstance(t, TupleType) \
                and len(t.factors) == len(decl.items):
            parts = [self.declare(d, f, variables, env) for d, f in zip(decl.items, t.factors)]
            return f"(tuple {' '.join(parts)})"
        raise NoTranslation(decl, f"a declaration that does not match its type {t}")

    def bind(self, decl: s.Node, value: str, t: Type, env: dict, lets: list) -> None:
        """Bind ``decl``'s locals to the parts of ``value`` by let (``lets``)."""
        if isinstance(decl, s.Local):
            name = self.fresh(decl.name)
            lets.append((name, value))
            env[decl.name] = Bound(name, t)
            return
        if isinstance(decl, s.TupleDecl) and isinstance(t, TupleType) \
                and len(t.factors) == len(decl.items):
            for i, (d, f) in enumerate(zip(decl.items, t.factors)):
                self.bind(d, select(value, i), f, env, lets)
            return
        raise NoTranslation(decl, f"a declaration that does not match its type {t}")

    def predicate(self, node: s.Predicate, env: dict, ty: Typing) -> str:
        op = node.op
        if op in ("∈", "∉"):
            element = element_type(self._type(node.right, ty, SetType(self._type(node.left, ty))))
            x = self.term(node.left, env, ty, element)
            inside = self.member(x, node.right, env, ty, SetType(element))
            return inside if op == "∈" else f"(not {inside})"
        left_t, right_t = ty.of(node.left), ty.of(node.right)
        want = fill(left_t, right_t)
        if op in ("=", "≠"):
            same_sort(node, fill(left_t, want), fill(right_t, want))
            same = self.equal(node.left, node.right, env, ty, want)
            return same if op == "=" else f"(not {same})"
        if op in ("⊆", "⊂", "⊄"):
            inside = self.subset(node.left, node.right, env, ty, want)
            if op == "⊆":
                return inside
            other = self.subset(node.right, node.left, env, ty, want)
            strict = f"(and {inside} (not {other}))"
            return strict if op == "⊂" else f"(not {strict})"
        if not (isinstance(fill(left_t, None), Integer) and isinstance(fill(right_t, None), Integer)):
            raise NoTranslation(node, "an order between elements of a constant set "
                                "(only integers are ordered here)")
        a, b = self.term(node.left, env, ty), self.term(node.right, env, ty)
        return f"({ORDER[op]} {a} {b})"

    def equal(self, left, right, env, ty, want: Type) -> str:
        if isinstance(want, SetType) and not (self.native(left) and self.native(right)):
            x = self.fresh("x")
            element = want.base
            a = self.member(x, left, env, ty, want)
            b = self.member(x, right, env, ty, want)
            return f"(forall (({x} {self.sort_of(element)})) (= {a} {b}))"
        return f"(= {self.term(left, env, ty, want)} {self.term(right, env, ty, want)})"

    def subset(self, left, right, env, ty, want: Type) -> str:
        if self.native(left) and self.native(right):
            return f"(set.subset {self.term(left, env, ty, want)} {self.term(right, env, ty, want)})"
        x = self.fresh("x")
        element = want.base if isinstance(want, SetType) else EMPTY_DEFAULT
        a = self.member(x, left, env, ty, want)
        b = self.member(x, right, env, ty, want)
        return f"(forall (({x} {self.sort_of(element)})) (=> {a} {b}))"

    # -- terms
    def term(self, node: s.Node, env: dict, ty: Typing, want: Type | None = None) -> str:
        t = self._type(node, ty, want)
        if isinstance(node, s.Integer):
            return numeral(node.value)
        if isinstance(node, s.EmptySet):
            return f"(as set.empty {self.sort_of(t)})"
        if isinstance(node, s.Local):
            if node.name not in env:
                raise NoTranslation(node, "a local that is not bound")
            return env[node.name].term
        if isinstance(node, s.Global):
            info = self.env.get(node.name)
            if info is None or info.kind in ("function", "predicate", "axiom", "theorem"):
                raise NoTranslation(node, "not a value")
            self.globals_read[self.owner].add(node.name)
            self.sort_of(t)
            return node.name
        if isinstance(node, s.Arithmetic):
            links = s.chain(node)
            out = self.integer(links[0].left, env, ty)
            for link in links:
                out = f"({ARITHMETIC[link.op]} {out} {self.integer(link.right, env, ty)})"
            return out
        if isinstance(node, s.SetOperation):
            if not self.native(node):
                return self.materialise(node, env, ty, t)
            links = s.chain(node)
            out = self.term(links[0].left, env, ty, t)
            for link in links:
                right = self.term(link.right, env, ty, t)
                if link.op == "∆":
                    out = f"(set.union (set.minus {out} {right}) (set.minus {right} {out}))"
                else:
                    out = f"({SET_OPS[link.op]} {out} {right})"
            return out
        if isinstance(node, s.Apply):
            return self.apply(node, env, ty, t)
        if isinstance(node, s.Projection) and not node.big:
            whole = self._type(node.arg, ty)
            if not isinstance(whole, TupleType) or any(
                    i < 1 or i > len(whole.factors) for i in node.indices):
                raise NoTranslation(node, "a projection beyond the tuple")
            return project(self.term(node.arg, env, ty, whole), node.indices)
        if isinstance(node, s.Enumeration):
            element = element_type(t)
            items = [f"(set.singleton {self.term(i, env, ty, element)})" for i in node.items]
            out = items[0]
            for item in items[1:]:
                out = f"(set.union {out} {item})"
            return out
        if isinstance(node, s.Tuple):
            factors = t.factors if isinstance(t, TupleType) else (None,) * len(node.items)
            return "(tuple " + " ".join(self.term(i, env, ty, f)
                                        for i, f in zip(node.items, factors)) + ")"
        if isinstance(node, s.Call):
            return self.call(node, env, ty, formula=False)
        if isinstance(node, (s.Product, s.Declarative, s.Filter, s.Projection)):
            return self.materialise(node, env, ty, t)
        if isinstance(node, s.IntegerSet):
            raise NoTranslation(node, "Z as a value is infinite; only x ∈ Z and ∀x∈Z are said")
        if isinstance(node, s.Imperative):
            raise NoTranslation(node, "an imperative loop has no translation to a formula")
        if isinstance(node, s.Recursive):
            raise NoTranslation(node, "a recursive loop has no translation to a formula "
                                "(a fixpoint is not first-order)")
        raise NoTranslation(node, "not a term")

    def integer(self, node, env, ty) -> str:
        if not isinstance(fill(ty.of(node), None), Integer):
            raise NoTranslation(node, "arithmetic on elements of a constant set "
                                "(only integers are added here)")
        return self.term(node, env, ty, Integer())

    def apply(self, node: s.Apply, env, ty, t: Type) -> str:
        if node.op == "card":
            arg_t = self._type(node.arg, ty)
            return f"(set.card {self.term(node.arg, env, ty, arg_t)})"
        if node.op == "bool":
            return f"(set.singleton {self.term(node.arg, env, ty, element_type(t))})"
        if node.op == "debool":
            arg_t = fill(ty.of(node.arg), SetType(t))
            argument = self.term(node.arg, env, ty, arg_t)
            self.partial[self.owner].append(Partial(node, argument))
            return f"({self.debool(t)} {argument})"
        if node.op in ("ℬ", "red"):
            return self.materialise(node, env, ty, t)
        raise NoTranslation(node, f"{node.op} is not said here")

    def debool(self, t: Type) -> str:
        """The function that stands for debool on sets of ``t``'s sort: any
        function with s = {debool(s)} for every singleton s (where the set
        is no singleton, RSLang's debool is an error, and the translation
        says nothing)."""
        srt = self.sort_of(t)
        name = "debool." + "".join(ch if ch.isalnum() else "_" for ch in srt).strip("_")
        if name not in self._debools:
            self._debools.add(name)
            self.declarations.append(f"(declare-fun {name} ((Set {srt})) {srt})")
            self.declarations.append(
                f"(assert (! (forall ((s (Set {srt}))) (=> (= (set.card s) 1) "
                f"(= s (set.singleton ({name} s))))) :named {name}.singleton))")
        return name

    def call(self, node: s.Call, env, ty, formula: bool, member_of: str | None = None) -> str:
        definition = self.functions.get(node.name)
        info = self.env.get(node.name)
        if definition is None or info is None or not isinstance(info.type, FunctionType):
            raise NoTranslation(node, f"{node.name} has no definition that typed")
        self.globals_read[self.owner].add(node.name)
        if not isinstance(definition, s.FunctionDef) or \
                len(definition.params) != len(node.args):
            raise NoTranslation(node, "a call whose arguments do not match")
        bindings: dict[str, Type] = {}
        arg_types = []
        for arg, p in zip(node.args, info.type.params):
            unify(self.norm(p), fill(ty.of(arg), None), bindings)
        for p in info.type.params:
            arg_types.append(fill(self.norm(substitute(p, bindings)), None))
        inner_ty = self.typing(definition)
        inner_ty = Typing(inner_ty.types, {k: fill(v, None) for k, v in bindings.items()},
                          self.integral)
        inner, lets = {}, []
        for param, arg, at in zip(definition.params, node.args, arg_types):
            value = self.term(arg, env, ty, at)
            self.bind(param.var, value, at, inner, lets)
        if formula:
            return let(lets, self.formula(definition.body, inner, inner_ty))
        if member_of is not None:
            return let(lets, self.member(member_of, definition.body, inner, inner_ty))
        return let(lets, self.term(definition.body, inner, inner_ty))
