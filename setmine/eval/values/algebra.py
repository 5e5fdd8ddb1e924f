"""The operations of RSLang on set values, simplified symbolically where the
shapes allow and lazy otherwise.

    ℬ(U) ∩ ℬ(V)                  = ℬ(U ∩ V)            (set intervals meet)
    (⋃ₓ{x}×Fₓ) ∩ (⋃ₓ{x}×Gₓ)      = ⋃ₓ{x}×(Fₓ ∩ Gₓ)     (fibre by fibre)
    Pr1(⋃ₓ{x}×Fₓ)                = {x | Fₓ ≠ ∅}
    Pr2(⋃ₓ{x}×Fₓ)                = ⋃ₓ Fₓ
    red({v | L ⊆ v ⊆ U, …})      = U  (or L when no member exceeds L)

Each function takes and returns set values (frozensets or ``sets`` lazy
sets); anything not simplified is enumerated under the budget or left lazy.
"""

from __future__ import annotations

from ...rsl.syntax.errors import RSLError
from . import cardinal
from .budget import Budget
from .sets import (Difference, Fibered, Filtered, Integers, Intersection, LazySet, Product, Union,
                   card, is_empty, materialize, member, members)
from .subsets import Subsets, subset


def interval(lower: frozenset, upper, lo: int = 0, hi: int | None = None,
             constraints: tuple = ()):
    """{v | lower ⊆ v ⊆ upper, lo ≤ |v| ≤ hi, |v ∩ A| = k for (A, k) in
    constraints}, normalised: empty → ∅, one member → {that member}."""
    if not all(member(e, upper) for e in lower):
        return frozenset()
    lo = max(lo, len(lower))
    n = card(upper)
    if isinstance(n, int) and (hi is None or hi > n):
        hi = n
    if hi is not None and hi < lo:
        return frozenset()
    if isinstance(n, int) and n == len(lower):
        fits = all(len(lower & a) == k for a, k in constraints)
        return frozenset({lower}) if fits else frozenset()
    if isinstance(n, int) and hi == n:
        hi = None  # no upper bound: one spelling for one set
    return Subsets(lower, upper, lo, hi, tuple(dict.fromkeys(constraints)))


# ----------------------------------------------------------------------------
# ∪ ∩ \ ∆

def union(a, b):
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        return a | b
    if is_empty(a):
        return b
    if is_empty(b):
        return a
    if isinstance(a, Fibered) and isinstance(b, Fibered):
        fa, fb = a.as_dict(), b.as_dict()
        return Fibered.build((x, union(fa.get(x, frozenset()), fb.get(x, frozenset())))
                             for x in fa.keys() | fb.keys())
    if a == b:
        return a
    return Union((a, b))


def intersection(a, b):
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        return a & b
    if isinstance(a, frozenset):
        return frozenset(x for x in a if member(x, b))
    if isinstance(b, frozenset):
        return frozenset(x for x in b if member(x, a))
    if isinstance(a, Subsets) and isinstance(b, Subsets):
        hi = a.hi if b.hi is None else b.hi if a.hi is None else min(a.hi, b.hi)
        return interval(a.lower | b.lower, intersection(a.upper, b.upper), max(a.lo, b.lo), hi,
                        a.constraints + b.constraints)
    if isinstance(a, Fibered) and isinstance(b, Fibered):
        fb = b.as_dict()
        return Fibered.build((x, intersection(f, fb[x])) for x, f in a.fibers if x in fb)
    if isinstance(a, Union):
        return _union_of(intersection(p, b) for p in a.parts)
    if isinstance(b, Union):
        return _union_of(intersection(a, p) for p in b.parts)
    if isinstance(a, Integers):
        return b
    if isinstance(b, Integers):
        return a
    if a == b:
        return a
    return Intersection((a, b))


def _union_of(parts):
    result = frozenset()
    for p in parts:
        result = union(result, p)
    return result


def difference(a, b):
    if isinstance(a, frozenset):
        return frozenset(x for x in a if not member(x, b))
    if is_empty(b):
        return a
    if isinstance(a, Fibered) and isinstance(b, Fibered):
        fb = b.as_dict()
        return Fibered.build((x, difference(f, fb[x]) if x in fb else f) for x, f in a.fibers)
    return Difference(a, b)


def symmetric_difference(a, b):
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        return a ^ b
    return union(difference(a, b), difference(b, a))


def product(factors: list):
    if any(is_empty(f) for f in factors):
        return frozenset()
    return Product(tuple(factors))


# ----------------------------------------------------------------------------
# red, Pr, Fi

def reduce(family, budget: Budget, node=None):
    """red(F): the union of the members of a family of sets."""
    if isinstance(family, Subsets):
        if family.is_empty():
            return frozenset()
        if family.constraints:
            counts = family.counts().per_element
            return family.lower | frozenset(e for e, n in counts.items() if n)
        exceeds = family.hi is None or family.hi > len(family.lower)
        return family.upper if exceeds else family.lower
    if isinstance(family, Union):
        result = frozenset()
        for part in family.parts:
            result = union(result, reduce(part, budget, node))
        return result
    result = frozenset()
    for m in members(family, budget, node, "red"):
        if not isinstance(m, (frozenset, LazySet)):
            span = node.span if node is not None else (0, 0)
            raise RSLError("calcInvalidData", f"red of a set that holds {m!r}: not a set of sets",
                           *span)
        result = union(result, m)
    return result


def project(s, indices: tuple[int, ...], budget: Budget, node=None):
    """Pr i,j,…(S): the tuples of S cut down to the chosen components."""
    if isinstance(s, Fibered) and len(indices) == 1:
        if indices[0] == 1:
            return s.index()
        if indices[0] == 2:
            parts = tuple(f for _, f in s.fibers)
            return parts[0] if len(parts) == 1 else _union_of(parts) \
                if all(isinstance(p, frozenset) for p in parts) else Union(parts)
    if isinstance(s, Product) and not is_empty(s):
        chosen = [s.factors[i - 1] for i in indices]
        return chosen[0] if len(chosen) == 1 else product(chosen)
    arity = max(indices)
    if isinstance(s, frozenset) and all(type(t) is tuple and len(t) >= arity for t in s):
        budget.charge(len(s), node, "projection", len(s))
        if len(indices) == 1:
            i = indices[0] - 1
            return frozenset(t[i] for t in s)
        return frozenset(tuple(t[i - 1] for i in indices) for t in s)
    out = set()
    for t in members(s, budget, node, "projection"):  # the first bad tuple in canonical order
        _check_tuple(t, arity, node)
        out.add(t[indices[0] - 1] if len(indices) == 1 else tuple(t[i - 1] for i in indices))
    return frozenset(out)


def filter_tuples(s, indices: tuple[int, ...], params: list, budget: Budget, node=None):
    """Fi i,j[A, B](S): the tuples whose chosen components lie in the
    parameters (one parameter per index, or one set of tuples)."""
    if len(params) not in (1, len(indices)):
        span = node.span if node is not None else (0, 0)
        raise RSLError("invalidFilterArity", f"{len(indices)} indices but {len(params)} "
                       "parameters", *span)

    def keep(t) -> bool:
        _check_tuple(t, max(indices), node)
        if len(params) == len(indices):
            return all(member(t[i - 1], p) for i, p in zip(indices, params))
        picked = t[indices[0] - 1] if len(indices) == 1 else tuple(t[i - 1] for i in indices)
        return member(picked, params[0])
    if isinstance(s, frozenset):
        return frozenset(t for t in s if keep(t))
    return Filtered(s, keep, "filter")


def _check_tuple(t, arity: int, node) -> None:
    if not isinstance(t, tuple) or len(t) < arity:
        span = node.span if node is not None else (0, 0)
        raise RSLError("calcInvalidData", f"{t!r} is not a tuple of {arity} components", *span)


# ----------------------------------------------------------------------------
# ⊆ and =

def equal(a, b, budget: Budget, node=None) -> bool:
    """Equality of two values (sets compared by extension)."""
    if _is_set(a) and _is_set(b):
        if isinstance(a, frozenset) and isinstance(b, frozenset):
            return a == b
        if type(a) is type(b) and a == b and not isinstance(a, Filtered):
            return True
        ca, cb = _cardinality_or_none(a), _cardinality_or_none(b)
        if ca is not None and cb is not None and ca != cb:
            return False
        return subset(a, b, budget, node) and subset(b, a, budget, node)
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(equal(x, y, budget, node) for x, y in zip(a, b))
    return a == b


def _is_set(x) -> bool:
    return isinstance(x, (frozenset, LazySet))


def _cardinality_or_none(s):
    if isinstance(s, (frozenset, Subsets, Product, Fibered)):
        try:
            return card(s)
        except RSLError:
            return None
    return None


def debool(s, budget: Budget, node=None):
    size = card(s) if not isinstance(s, (Filtered, Intersection, Difference, Union)) else None
    if size is None:
        items = []
        for m in members(s, budget, node, "debool"):
            items.append(m)
            if len(items) > 1:
                break
        size = len(items)
    if size != 1:
        span = node.span if node is not None else (0, 0)
        raise RSLError("calcInvalidDebool", f"debool of a set of {cardinal.show(size)} members: "
                       f"it must have exactly one", *span)
    return next(iter(materialize(s, budget, node, "debool")))
