"""Exact cardinals: Python integers, or sympy expressions when no integer
can hold them (|ℬ(ℬ(X1))| = 2^(2^81)).

A cardinal is never a float and never ``len()`` (which overflows at 2^63).
``power_of_two(n)`` stays an integer while it has at most ``MAX_BITS`` bits
and becomes ``2**n`` kept unevaluated beyond; sums and products of cardinals
stay exact either way.
"""

from __future__ import annotations

import math
from typing import Iterable, Union

import sympy

Cardinal = Union[int, sympy.Expr]
MAX_BITS = 1 << 16  # integers up to 2^65536 (about 20,000 digits) are written out


def is_integer(c: Cardinal) -> bool:
    return isinstance(c, int)


def power_of_two(n: Cardinal) -> Cardinal:
    if isinstance(n, int) and n <= MAX_BITS:
        return 1 << n
    return sympy.Pow(2, sympy.Integer(n) if isinstance(n, int) else n, evaluate=False)


def binomial(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


def add(a: Cardinal, b: Cardinal) -> Cardinal:
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    if a == 0:
        return b
    if b == 0:
        return a
    return sympy.Add(_sym(a), _sym(b), evaluate=False)


def multiply(a: Cardinal, b: Cardinal) -> Cardinal:
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    if a == 0 or b == 0:
        return 0
    if a == 1:
        return b
    if b == 1:
        return a
    return sympy.Mul(_sym(a), _sym(b), evaluate=False)


def total(cardinals: Iterable[Cardinal]) -> Cardinal:
    """The exact sum; equal symbolic terms are counted, not repeated
    (81 terms 2^E make 81·2^E)."""
    integer = 0
    counts: dict = {}
    for c in cardinals:
        if isinstance(c, int):
            integer += c
        else:
            counts[c] = counts.get(c, 0) + 1
    result: Cardinal = integer
    for term, n in counts.items():
        result = add(result, multiply(n, term))
    return result


def product(cardinals: Iterable[Cardinal]) -> Cardinal:
    result: Cardinal = 1
    for c in cardinals:
        result = multiply(result, c)
    return result


def _sym(c: Cardinal) -> sympy.Expr:
    return sympy.Integer(c) if isinstance(c, int) else c


def log2(c: Cardinal) -> float:
    """An estimate of log₂ c, for ordering and display only."""
    if isinstance(c, int):
        return math.log2(c) if c > 0 else float("-inf")
    if isinstance(c, sympy.Pow) and c.base == 2:
        exponent = _int_or_sym(c.exp)
        if isinstance(exponent, int):
            return float(exponent) if exponent < 2 ** 1000 else float("inf")
        return float("inf") if log2(exponent) > 1000 else 2.0 ** log2(exponent)
    if isinstance(c, sympy.Add):
        terms = [log2(_int_or_sym(t)) for t in c.args]
        top = max(terms)
        return top + math.log2(sum(2.0 ** (t - top) for t in terms))
    if isinstance(c, sympy.Mul):
        return sum(log2(_int_or_sym(t)) for t in c.args)
    return float(sympy.log(c, 2).evalf(30))


def _int_or_sym(e: sympy.Expr) -> Cardinal:
    return int(e) if e.is_Integer else e


def subtract(a: Cardinal, b: Cardinal) -> Cardinal:
    if isinstance(a, int) and isinstance(b, int):
        return a - b
    if b == 0:
        return a
    return sympy.Add(_sym(a), sympy.Mul(-1, _sym(b), evaluate=False), evaluate=False)


def compare(a: Cardinal, b: Cardinal) -> int:
    """-1, 0 or 1 as a <, =, > b.  Exact for integers and for equal forms;
    symbolic cardinals of different size are ordered by their logarithms,
    and an order that those cannot settle is an error (never a guess).
    Nothing here ever expands a symbolic power."""
    if isinstance(a, int) and isinstance(b, int):
        return (a > b) - (a < b)
    if a == b:
        return 0
    la, lb = log2(a), log2(b)
    if abs(la - lb) > 1e-6 * max(1.0, abs(la), abs(lb)):
        return 1 if la > lb else -1
    raise ArithmeticError(f"cannot order the cardinals {show(a)} and {show(b)} exactly")


def show(c: Cardinal) -> str:
    """The decimal integer, or the symbolic form: ``2^23930713170``."""
    if isinstance(c, int):
        return str(c)
    return _show(c)


def _show(e: sympy.Expr) -> str:
    if e.is_Integer:
        return str(int(e))
    if isinstance(e, sympy.Pow):
        exp = _show(e.exp)
        return f"2^{exp}" if e.exp.is_Atom else f"2^({exp})"
    if isinstance(e, sympy.Add):
        text = ""
        for t in e.args:
            negative = isinstance(t, sympy.Mul) and t.args[0] == -1
            part = _show(sympy.Mul(*t.args[1:], evaluate=False) if negative else t)
            text += (" - " if negative else " + ") + part if text else ("-" if negative else "") + part
        return text
    if isinstance(e, sympy.Mul):
        return "·".join(_show(t) if not isinstance(t, sympy.Add) else f"({_show(t)})"
                        for t in e.args)
    return str(e)
