"""``x ∈ A`` in SMT-LIB, unfolded by A's construct, and a set built by a
construct as a value: a Skolem function with its membership axiom.

Part of the translator (``translate.Translator`` mixes it in): a
membership is said by what A *is* — ``x ∈ ℬ(A)`` as ``x ⊆ A``, ``x ∈
D{v∈A | P}`` as ``x ∈ A ∧ P(x)`` — so that most formulas need no set
built at all; a set that must be a value (inside ``card``, say) is a
function of the free variables whose members are exactly those.
"""

from __future__ import annotations

from ..rsl.semantics.types import SetType, TupleType, Type
from ..rsl.syntax import tree as s
from .smtlib import (ITERATES_Z, Bound, NoTranslation, Typing, conj, disj, element_type, finite,
                     let, project, select)


class Membership:
    """The translator's membership and set-as-value methods."""

    def native(self, node) -> bool:
        """Whether ``node`` is a set SMT-LIB says directly (no Skolem function)."""
        if isinstance(node, (s.Global, s.Local, s.EmptySet, s.Enumeration)):
            return True
        if isinstance(node, s.SetOperation):
            return self.native(node.left) and self.native(node.right)
        if isinstance(node, s.Apply) and node.op in ("bool", "debool"):
            return True
        if isinstance(node, s.Projection) and not node.big:
            return True
        return False

    # -- membership: "x ∈ node", unfolded by node's construct
    def member(self, x: str, node: s.Node, env: dict, ty: Typing, want: Type | None = None) -> str:
        t = self._type(node, ty, want)
        if isinstance(node, s.IntegerSet):
            return "true"
        if isinstance(node, s.EmptySet):
            return "false"
        if isinstance(node, s.SetOperation):
            a = self.member(x, node.left, env, ty, t)
            b = self.member(x, node.right, env, ty, t)
            return {"∪": lambda: disj([a, b]), "∩": lambda: conj([a, b]),
                    "\\": lambda: conj([a, f"(not {b})"]),
                    "∆": lambda: f"(xor {a} {b})"}[node.op]()
        if isinstance(node, s.Product):
            factors = element_type(t).factors if isinstance(element_type(t), TupleType) else None
            if factors is None or len(factors) != len(node.factors):
                raise NoTranslation(node, "a product whose type is not a tuple's")
            return conj([self.member(select(x, i), f, env, ty, SetType(ft))
                         for i, (f, ft) in enumerate(zip(node.factors, factors))])
        if isinstance(node, s.Apply) and node.op == "ℬ":
            inner = SetType(element_type(element_type(t)))
            if self.native(node.arg):
                return f"(set.subset {x} {self.term(node.arg, env, ty, inner)})"
            y = self.fresh("y")
            return (f"(forall (({y} {self.sort_of(inner.base)})) (=> (set.member {y} {x}) "
                    f"{self.member(y, node.arg, env, ty, inner)}))")
        if isinstance(node, s.Apply) and node.op == "bool":
            return f"(= {x} {self.term(node.arg, env, ty, element_type(t))})"
        if isinstance(node, s.Apply) and node.op == "red":
            b = self.fresh("b")
            family = SetType(t)
            return (f"(exists (({b} {self.sort_of(t)})) (and "
                    f"{self.member(b, node.arg, env, ty, family)} (set.member {x} {b})))")
        if isinstance(node, s.Declarative):
            if not finite(node.domain, self.functions):
                raise NoTranslation(node, ITERATES_Z)
            element = element_type(t)
            inner, lets = dict(env), []
            self.bind(node.var, x, element, inner, lets)
            condition = self.formula(node.condition, inner, ty)
            return conj([self.member(x, node.domain, env, ty, t), let(lets, condition)])
        if isinstance(node, s.Enumeration):
            element = element_type(t)
            return disj([f"(= {x} {self.term(item, env, ty, element)})" for item in node.items])
        if isinstance(node, s.Filter):
            return self.filter_member(x, node, env, ty, t)
        if isinstance(node, s.Projection) and node.big:
            whole = self._type(node.arg, ty)
            tt = element_type(whole)
            if not isinstance(tt, TupleType):
                raise NoTranslation(node, "a projection of a set that is not of tuples")
            u = self.fresh("t")
            part = project(u, node.indices)
            return (f"(exists (({u} {self.sort_of(tt)})) (and "
                    f"{self.member(u, node.arg, env, ty, whole)} (= {part} {x})))")
        if isinstance(node, s.Call):
            return self.call(node, env, ty, formula=False, member_of=x)
        return f"(set.member {x} {self.term(node, env, ty, t)})"

    def filter_member(self, x, node: s.Filter, env, ty, t) -> str:
        element = element_type(t)
        if not isinstance(element, TupleType):
            raise NoTranslation(node, "a filter of a set that is not of tuples")
        parts = [self.member(x, node.arg, env, ty, t)]
        factors = element.factors
        if any(i < 1 or i > len(factors) for i in node.indices):
            raise NoTranslation(node, "a filter index beyond the tuple")
        if len(node.params) == len(node.indices):
            for i, p in zip(node.indices, node.params):
                parts.append(self.member(select(x, i - 1), p, env, ty, SetType(factors[i - 1])))
        elif len(node.params) == 1:
            chosen = (factors[node.indices[0] - 1] if len(node.indices) == 1
                      else TupleType(tuple(factors[i - 1] for i in node.indices)))
            parts.append(self.member(project(x, node.indices), node.params[0], env, ty,
                                     SetType(chosen)))
        else:
            raise NoTranslation(node, "a filter whose parameters do not match its indices")
        return conj(parts)

    def materialise(self, node: s.Node, env: dict, ty: Typing, t: Type) -> str:
        """A Skolem function of ``node``'s free locals whose value is ``node``'s
        set, with its membership axiom (asserted for the current owner)."""
        if not finite(node, self.functions):
            raise NoTranslation(node, "an infinite set (built from Z) as a value")
        used = {n.name for n in node.walk() if isinstance(n, s.Local)}
        free = [(name, b) for name, b in env.items() if name in used]
        key = (id(node), tuple(b.term for _, b in free), str(t))
        name = self._skolems.get(key)
        args = " ".join(b.term for _, b in free)
        if name is None:
            name = self.fresh("K")
            self._skolems[key] = name
            params = [(self.fresh(n), b.type) for n, b in free]
            inner = {n: Bound(p, pt) for (n, _), (p, pt) in zip(free, params)}
            x = self.fresh("x")
            body = self.member(x, node, inner, ty, t)
            self.declarations.append(
                f"(declare-fun {name} ({' '.join(self.sort_of(pt) for _, pt in params)}) "
                f"{self.sort_of(t)})")
            head = f"({name} {' '.join(p for p, _ in params)})" if params else name
            bound = " ".join(f"({p} {self.sort_of(pt)})" for p, pt in params)
            members = (f"(forall (({x} {self.sort_of(element_type(t))})) "
                       f"(= (set.member {x} {head}) {body}))")
            within = self.container(node, inner, ty, t)
            if within is not None:   # said outright, it lets cvc5 compare cardinalities
                members = f"(and (set.subset {head} {within}) {members})"
            self._axiom(f"(forall ({bound}) {members})" if params else members)
        return f"({name} {args})" if free else name

    def container(self, node: s.Node, env: dict, ty: Typing, t: Type) -> str | None:
        """A set SMT-LIB says directly that holds ``node``'s value, if one
        is at hand (a set-builder's domain, a filter's argument, a side of
        ∩, the left of \\), else None."""
        if isinstance(node, s.Declarative):
            inside = node.domain
        elif isinstance(node, s.Filter):
            inside = node.arg
        elif isinstance(node, s.SetOperation) and node.op in ("∩", "\\"):
            inside = node.left if self.native(node.left) or node.op == "\\" else node.right
        else:
            return None
        if not self.native(inside):
            return self.container(inside, env, ty, t) if isinstance(
                inside, (s.Declarative, s.Filter, s.SetOperation)) else None
        return self.term(inside, env, ty, t)
