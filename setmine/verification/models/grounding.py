"""A schema's axioms over one size vector, as Boolean circuits (Kodkod's
translation, for RSLang).

Once the basic and constant sets have their sizes, every structure ranges
over a finite set of candidate members: ``S1 ::= ℬ(X1×X1)`` is one Boolean
variable per pair (the pair is in S1), ``S4 ::= ℬ(S2×S3)`` one per pair of
the product's candidates, tied to S2 and S3 by ``var ⇒ member``, ``S5 ::=
X1`` one variable per element with exactly one true.  Every expression then
grounds to one of three shapes over those variables:

* ``SetOf``: a set, as ``{candidate member: literal "it is a member"}``;
* ``OneOf``: one value among candidates, ``{value: literal "it is this one"}``
  (an integer, an element, a bound variable's value — then one literal True);
* ``TupleOf``: a tuple of grounded parts;

and a formula to one literal.  ``card`` counts with a one-hot integer, a
quantifier over a grounded set is the conjunction (∀) or disjunction (∃) of
its body at every candidate member.

What does not ground — an imperative or recursive definition, an iteration
over ``Z``, a power set or product past the caps — raises ``NotGroundable``;
the search then leaves that axiom to the evaluator alone.  Where the
evaluator would stop with an error (``debool`` of a set that is not a
singleton), the circuit may say anything: an axiom that errs does not hold,
and every model the circuits admit is checked by the evaluator before it is
counted.  So the circuits only have to admit every model (never cut one):
they are exact wherever the evaluator does not err.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import prod
from typing import Mapping

from ...eval.interpret.evaluator import evaluated_part
from ...rsl.syntax import tree as s
from .circuits import Circuit, neg

MAX_MEMBERS = 100_000      # candidate members of one grounded set or values of one OneOf
MAX_SUBSETS_OF = 12        # ℬ(A) grounds when A has at most this many candidates
MAX_CLAUSES = 3_000_000    # the circuit of one size vector
ZED = "\0Z"              # the environment's key for the integers Z stands for (no name)


class NotGroundable(Exception):
    """This expression is left to the evaluator (``node``: where, ``why``: what)."""

    def __init__(self, node, why: str):
        super().__init__(why)
        self.node, self.why = node, why


@dataclass(frozen=True, eq=False)
class SetOf:
    members: dict  # candidate member (a value) → literal


@dataclass(frozen=True, eq=False)
class OneOf:
    options: dict  # candidate value → literal; exactly one is true (where defined)


@dataclass(frozen=True, eq=False)
class TupleOf:
    items: tuple


def constant(value):
    """A known value, grounded."""
    if isinstance(value, tuple):
        return TupleOf(tuple(constant(v) for v in value))
    if isinstance(value, frozenset):
        return SetOf({v: True for v in value})
    return OneOf({value: True})


class Grounder:
    """The circuits of one schema's expressions for one size vector.

    ``data`` gives the basic and constant sets (alias → grounded set) and
    receives the structures (``add_structure``); terms are grounded once,
    on first use."""

    def __init__(self, schema, functions: Mapping, circuit: Circuit, data: dict):
        self.schema, self.functions, self.c = schema, functions, circuit
        self.data = data
        self.terms: dict[str, object] = {}

    # -- structures
    def add_structure(self, alias: str, domain: s.Node, integers) -> list[tuple[object, int]]:
        """Variables for ``alias ::= domain``; returns its (candidate, variable)
        pairs: a set's members, or an element's possible values."""
        env = {ZED: integers}
        if isinstance(domain, s.Apply) and domain.op == "ℬ":
            within = self._set(domain.arg, env)
            pairs = [(u, self.c.var()) for u in within.members]
            for u, v in pairs:
                self.c.clause((-v, within.members[u]))
            self.data[alias] = SetOf(dict(pairs))
            return pairs
        within = self._set(domain, env)
        pairs = [(u, self.c.var()) for u in within.members]
        self.c.exactly_one([v for _, v in pairs])
        for u, v in pairs:
            self.c.clause((-v, within.members[u]))
        self.data[alias] = _oneof_to_value({u: v for u, v in pairs})
        return pairs

    # -- formulas
    def formula(self, node: s.Node, env: dict | None = None):
        env = env or {}
        self._check_size(node)
        method = getattr(self, f"truth_{type(node).__name__}", None)
        if method is None:
            raise NotGroundable(node, f"{type(node).__name__} is not a formula here")
        return method(node, env)

    def truth_GlobalDefinition(self, n, env):
        return self.formula(evaluated_part(n), env)

    def truth_Global(self, n, env):
        kind = self.schema[n.name].kind if n.name in self.schema else None
        if kind not in ("axiom", "theorem"):
            raise NotGroundable(n, f"{n.name} is not a formula")
        return self.formula(self.schema.tree(n.name), {})

    def truth_Negation(self, n, env):
        return neg(self.formula(n.arg, env))

    def truth_Connective(self, n, env):
        a, b = self.formula(n.left, env), self.formula(n.right, env)
        c = self.c
        return {"&": lambda: c.and_((a, b)), "∨": lambda: c.or_((a, b)),
                "⇒": lambda: c.implies(a, b), "⇔": lambda: c.iff(a, b)}[n.op]()

    def truth_Quantifier(self, n, env):
        decls = n.var.items if isinstance(n.var, s.DeclList) else (n.var,)
        domain = self._set(n.domain, env)
        return self._quantify(n.op, decls, domain, n.body, env)

    def _quantify(self, op, decls, domain: SetOf, body, env):
        if not decls:
            return self.formula(body, env)
        parts = []
        for u, present in domain.members.items():
            inner = self._quantify(op, decls[1:], domain, body, {**env, **_bind(decls[0], u)})
            parts.append(self.c.implies(present, inner) if op == "∀"
                         else self.c.and_((present, inner)))
        return self.c.and_(parts) if op == "∀" else self.c.or_(parts)

    def truth_Call(self, n, env):
        return self._call(n, env, formula=True)

    def truth_Predicate(self, n, env):
        op = n.op
        if op in ("∈", "∉") and isinstance(n.right, s.IntegerSet):
            return op == "∈"   # typed: only integers are compared with Z
        a, b = self.value(n.left, env), self.value(n.right, env)
        c = self.c
        if op in ("∈", "∉"):
            inside = self.member(a, _as_set(b, n.right))
            return inside if op == "∈" else neg(inside)
        if op in ("=", "≠"):
            same = self.equal(a, b)
            return same if op == "=" else neg(same)
        if op in ("⊆", "⊂", "⊄"):
            a, b = _as_set(a, n.left), _as_set(b, n.right)
            inside = self.subset(a, b)
            if op == "⊆":
                return inside
            strict = c.and_((inside, neg(self.subset(b, a))))
            return strict if op == "⊂" else neg(strict)
        a, b = self.as_oneof(a, n.left), self.as_oneof(b, n.right)
        test = {"<": lambda x, y: x < y, ">": lambda x, y: x > y,
                "≤": lambda x, y: x <= y, "≥": lambda x, y: x >= y}[op]
        return c.or_(c.and_((p, q)) for x, p in a.options.items()
                     for y, q in b.options.items() if _is_int(x) and _is_int(y) and test(x, y))

    # -- relations between grounded values
    def equal(self, a, b):
        c = self.c
        if isinstance(a, SetOf) and isinstance(b, SetOf):
            keys = a.members.keys() | b.members.keys()
            return c.and_(c.iff(a.members.get(u, False), b.members.get(u, False)) for u in keys)
        if isinstance(a, TupleOf) and isinstance(b, TupleOf):
            if len(a.items) != len(b.items):
                return False
            return c.and_(self.equal(x, y) for x, y in zip(a.items, b.items))
        if isinstance(b, OneOf) and not isinstance(a, OneOf):
            a, b = b, a
        if isinstance(a, OneOf):
            return c.or_(c.and_((p, self.is_value(b, v))) for v, p in a.options.items())
        return False  # a set and a tuple: never equal

    def is_value(self, x, value):
        """The literal "x is this known value"."""
        c = self.c
        if isinstance(x, OneOf):
            return x.options.get(value, False)
        if isinstance(x, TupleOf):
            if not isinstance(value, tuple) or len(value) != len(x.items):
                return False
            return c.and_(self.is_value(p, v) for p, v in zip(x.items, value))
        if not isinstance(value, frozenset):
            return False
        if any(v not in x.members for v in value):
            return False
        return c.and_(p if u in value else neg(p) for u, p in x.members.items())

    def member(self, e, a: SetOf):
        c = self.c
        if isinstance(e, OneOf):
            return c.or_(c.and_((p, a.members.get(v, False))) for v, p in e.options.items())
        return c.or_(c.and_((p, self.is_value(e, u))) for u, p in a.members.items())

    def subset(self, a: SetOf, b: SetOf):
        return self.c.and_(self.c.implies(p, b.members.get(u, False))
                           for u, p in a.members.items())

    # -- values
    def value(self, node: s.Node, env: dict):
        self._check_size(node)
        method = getattr(self, f"value_{type(node).__name__}", None)
        if method is None:
            raise NotGroundable(node, f"{type(node).__name__} is not grounded")
        return method(node, env)

    def _set(self, node, env) -> SetOf:
        return _as_set(self.value(node, env), node)

    def value_Integer(self, n, env):
        return OneOf({n.value: True})

    def value_EmptySet(self, n, env):
        return SetOf({})

    def value_IntegerSet(self, n, env):
        bounds = env.get(ZED)
        if bounds is None:
            raise NotGroundable(n, "Z is infinite")
        low, high = bounds
        return SetOf({i: True for i in range(low, high + 1)})

    def value_Local(self, n, env):
        if n.name not in env:
            raise NotGroundable(n, f"{n.name} is not bound")
        return env[n.name]

    def value_Global(self, n, env):
        if n.name in self.data:
            return self.data[n.name]
        if n.name in self.schema and self.schema[n.name].kind == "term":
            if n.name not in self.terms:
                self.terms[n.name] = NotGroundable(n, f"{n.name} is defined through itself")
                try:
                    self.terms[n.name] = self.value(self.schema.tree(n.name), {})
                except NotGroundable as exc:
                    self.terms[n.name] = exc
            grounded = self.terms[n.name]
            if isinstance(grounded, NotGroundable):
                raise grounded
            return grounded
        raise NotGroundable(n, f"{n.name} has no grounded value")

    def value_GlobalDefinition(self, n, env):
        return self.value(evaluated_part(n), env)

    def value_Arithmetic(self, n, env):
        a, b = self.as_oneof(self.value(n.left, env), n), self.as_oneof(self.value(n.right, env), n)
        operation = {"+": lambda x, y: x + y, "-": lambda x, y: x - y,
                     "*": lambda x, y: x * y}[n.op]
        out: dict = {}
        for x, p in a.options.items():
            for y, q in b.options.items():
                if _is_int(x) and _is_int(y):
                    k = operation(x, y)
                    out.setdefault(k, []).append(self.c.and_((p, q)))
        return self._oneof(out, n)

    def value_SetOperation(self, n, env):
        a, b = self._set(n.left, env), self._set(n.right, env)
        c = self.c
        keys = list(a.members) + [u for u in b.members if u not in a.members]
        get_a, get_b = a.members.get, b.members.get
        gate = {"∪": lambda x, y: c.or_((x, y)), "∩": lambda x, y: c.and_((x, y)),
                "\\": lambda x, y: c.and_((x, neg(y))), "∆": c.xor}[n.op]
        return _kept({u: gate(get_a(u, False), get_b(u, False)) for u in keys})

    def value_Product(self, n, env):
        factors = [self._set(f, env).members for f in n.factors]
        return _kept(self._combined(factors, n, "a product of {} candidate tuples"))

    def value_Apply(self, n, env):
        c = self.c
        if n.op == "bool":
            return SetOf(dict(self.as_oneof(self.value(n.arg, env), n.arg).options))
        a = self._set(n.arg, env)
        if n.op == "card":
            return OneOf(c.count(list(a.members.values())))
        if n.op == "debool":
            return _oneof_to_value(dict(a.members))
        if n.op == "ℬ":
            if len(a.members) > MAX_SUBSETS_OF:
                raise NotGroundable(n, f"ℬ of a set of {len(a.members)} candidates")
            items = list(a.members.items())
            out = {}
            for k in range(len(items) + 1):
                for combo in itertools.combinations(items, k):
                    out[frozenset(u for u, _ in combo)] = c.and_(p for _, p in combo)
            return _kept(out)
        # red: the union of the members (sets)
        out: dict = {}
        for u, p in a.members.items():
            if not isinstance(u, frozenset):
                raise NotGroundable(n, "red of a set whose members are not sets")
            for v in u:
                out.setdefault(v, []).append(p)
        return _kept({v: c.or_(ps) for v, ps in out.items()})

    def value_Projection(self, n, env):
        if n.big:
            a = self._set(n.arg, env)
            out: dict = {}
            for u, p in a.members.items():
                if not isinstance(u, tuple) or len(u) < max(n.indices):
                    raise NotGroundable(n, "a projection of a member that is not a tuple")
                out.setdefault(_pick(u, n.indices), []).append(p)
            return _kept({v: self.c.or_(ps) for v, ps in out.items()})
        x = self.value(n.arg, env)
        if isinstance(x, TupleOf) and len(x.items) >= max(n.indices):
            picked = [x.items[i - 1] for i in n.indices]
            return picked[0] if len(picked) == 1 else TupleOf(tuple(picked))
        x = self.as_oneof(x, n.arg)
        out = {}
        for u, p in x.options.items():
            if not isinstance(u, tuple) or len(u) < max(n.indices):
                raise NotGroundable(n, "pr of a value that is not a tuple")
            out.setdefault(_pick(u, n.indices), []).append(p)
        return self._oneof(out, n)

    def value_Filter(self, n, env):
        a = self._set(n.arg, env)
        params = [self._set(p, env) for p in n.params]
        if len(params) not in (1, len(n.indices)):
            raise NotGroundable(n, "a filter's arity")
        c = self.c
        out = {}
        for u, p in a.members.items():
            if not isinstance(u, tuple) or len(u) < max(n.indices):
                raise NotGroundable(n, "a filter of a member that is not a tuple")
            if len(params) == len(n.indices):
                keep = c.and_(q.members.get(u[i - 1], False) for i, q in zip(n.indices, params))
            else:
                keep = params[0].members.get(_pick(u, n.indices), False)
            out[u] = c.and_((p, keep))
        return _kept(out)

    def value_Enumeration(self, n, env):
        out: dict = {}
        for item in n.items:
            for v, p in self.as_oneof(self.value(item, env), item).options.items():
                out.setdefault(v, []).append(p)
        return _kept({v: self.c.or_(ps) for v, ps in out.items()})

    def value_Tuple(self, n, env):
        return TupleOf(tuple(self.value(i, env) for i in n.items))

    def value_Declarative(self, n, env):
        domain = self._set(n.domain, env)
        return _kept({u: self.c.and_((p, self.formula(n.condition, {**env, **_bind(n.var, u)})))
                      for u, p in domain.members.items()})

    def value_Call(self, n, env):
        return self._call(n, env, formula=False)

    def _call(self, n, env, formula: bool):
        definition = self.functions.get(n.name)
        if definition is None or len(definition.params) != len(n.args):
            raise NotGroundable(n, f"{n.name} cannot be applied here")
        scope: dict = {ZED: env[ZED]} if ZED in env else {}
        for param, arg in zip(definition.params, n.args):
            value = self.value(arg, env)
            if isinstance(param.var, s.Local):
                scope[param.var.name] = value
            else:
                raise NotGroundable(n, "a tuple of parameters")
        if formula != s.is_formula(definition.body):
            raise NotGroundable(n, "a set where a formula is expected, or the reverse")
        return self.formula(definition.body, scope) if formula else \
            self.value(definition.body, scope)

    # -- helpers
    def as_oneof(self, x, node) -> OneOf:
        """A value as one of its possible values: a tuple's parts combined,
        a set as one of the subsets of its candidates."""
        c = self.c
        if isinstance(x, OneOf):
            return x
        if isinstance(x, TupleOf):
            parts = [self.as_oneof(i, node).options for i in x.items]
            return OneOf(self._combined(parts, node, "a tuple of {} possible values"))
        if len(x.members) > MAX_SUBSETS_OF:
            raise NotGroundable(node, f"a set of {len(x.members)} candidates used as one value")
        items = list(x.members.items())
        out = {}
        for k in range(len(items) + 1):
            for chosen in itertools.combinations(range(len(items)), k):
                out[frozenset(items[i][0] for i in chosen)] = c.and_(
                    p if i in chosen else neg(p) for i, (_, p) in enumerate(items))
        return OneOf({v: p for v, p in out.items() if p is not False})

    def _combined(self, parts: list[dict], node, what: str) -> dict:
        """One candidate from each of ``parts`` (value → literal), every way:
        the tuple of the values → "all of them" (``what``: the refusal past
        the cap, ``{}`` standing for the count)."""
        size = prod(len(p) for p in parts)
        if size > MAX_MEMBERS:
            raise NotGroundable(node, what.format(size))
        return {tuple(v for v, _ in combo): self.c.and_(p for _, p in combo)
                for combo in itertools.product(*(p.items() for p in parts))}

    def _oneof(self, groups: dict, node) -> OneOf:
        if len(groups) > MAX_MEMBERS:
            raise NotGroundable(node, f"{len(groups)} possible values")
        return OneOf({v: self.c.or_(ps) for v, ps in groups.items()})

    def _check_size(self, node) -> None:
        if len(self.c.clauses) > MAX_CLAUSES:
            raise NotGroundable(node, f"more than {MAX_CLAUSES:,} clauses")


def _bind(decl, value) -> dict:
    if isinstance(decl, s.Local):
        return {decl.name: constant(value)}
    if not isinstance(value, tuple) or len(value) != len(decl.items):
        raise NotGroundable(decl, "a member that does not fit the declaration")
    out: dict = {}
    for item, v in zip(decl.items, value):
        out.update(_bind(item, v))
    return out


def _pick(u: tuple, indices):
    return u[indices[0] - 1] if len(indices) == 1 else tuple(u[i - 1] for i in indices)


def _kept(members: dict) -> SetOf:
    if len(members) > MAX_MEMBERS:
        raise NotGroundable(None, f"a set of {len(members)} candidate members")
    return SetOf({u: p for u, p in members.items() if p is not False})


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _as_set(x, node) -> SetOf:
    if not isinstance(x, SetOf):
        raise NotGroundable(node, "a set is expected here")
    return x


def _oneof_to_value(options: dict):
    """One of known values; a value known for sure is a constant."""
    live = {v: p for v, p in options.items() if p is not False}
    if len(live) == 1 and next(iter(live.values())) is True:
        return constant(next(iter(live)))
    return OneOf(live)


__all__ = ["Grounder", "NotGroundable", "OneOf", "SetOf", "TupleOf", "constant"]
