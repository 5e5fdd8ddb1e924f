"""Exact cardinals: Python integers, or sympy expressions when no integer
can hold them (|ℬ(ℬ(A))| = 2^(2^81) for a set A of 81 elements).

A cardinal is never a float and never ``len()`` (which overflows at 2^63).
``power_of_two(n)`` stays an integer while it has at most ``MAX_BITS`` bits
and becomes ``2**n`` kept unevaluated beyond; sums and products of cardinals
stay exact either way.
"""

from __future__ import annotations

import math
from typing import Iterable, Union



class _Sympy:
    """sympy, imported when a cardinal first needs it (a power of two past
    ``MAX_BITS``): importing it costs 0.2 s and 60 MB, which every command
    line that never meets such a set (``--version``, ``--help``, most
    evaluations) is spared."""

    def __getattr__(self, name: str):
        import sympy as loaded

        globals()["sympy"] = loaded   # from now on, the module itself
        return getattr(loaded, name)


sympy = _Sympy()

Cardinal = Union[int, "sympy.Expr"]
MAX_BITS = 1 << 16  # integers up to 2^65536 (about 20,000 digits) are written out


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
    """-1, 0 or 1 as a <, =, > b.  Exact for integers, for equal forms and
    for sums of multiples of powers of two with integer exponents (which is
    what cardinals are made of: 2^E + 2^F − 3 against 2^E); other symbolic
    cardinals of different size are ordered by their logarithms, and an
    order that those cannot settle is an error (never a guess).  Nothing
    here ever expands a symbolic power."""
    if isinstance(a, int) and isinstance(b, int):
        return (a > b) - (a < b)
    if a == b:
        return 0
    pa, pb = _powers(a), _powers(b)
    if pa is not None and pb is not None:
        difference = dict(pa)
        for e, k in pb.items():
            difference[e] = difference.get(e, 0) - k
        sign = _sign({e: k for e, k in difference.items() if k})
        if sign is not None:
            return sign
    la, lb = log2(a), log2(b)
    if math.isinf(la) or math.isinf(lb):  # beyond floats: only one of them can be
        if la != lb:
            return 1 if la > lb else -1
    elif abs(la - lb) > 1e-6 * max(1.0, abs(la), abs(lb)):
        return 1 if la > lb else -1
    raise ArithmeticError(f"cannot order the cardinals {show(a)} and {show(b)} exactly")


def _powers(c: Cardinal) -> dict | None:
    """c as {exponent: coefficient}, c = Σ coefficient·2^exponent with
    integer exponents and coefficients; None for any other form."""
    if isinstance(c, int) or (isinstance(c, sympy.Expr) and c.is_Integer):
        return {0: int(c)}
    if isinstance(c, sympy.Pow) and c.base == 2 and c.exp.is_Integer and c.exp >= 0:
        return {int(c.exp): 1}
    if isinstance(c, (sympy.Add, sympy.Mul)):
        parts = [_powers(t) for t in c.args]
        if any(p is None for p in parts):
            return None
        result = parts[0]
        for p in parts[1:]:
            out: dict = dict(result) if isinstance(c, sympy.Add) else {}
            for e, k in p.items():
                if isinstance(c, sympy.Add):
                    out[e] = out.get(e, 0) + k
                else:
                    for e0, k0 in result.items():
                        out[e + e0] = out.get(e + e0, 0) + k * k0
            result = out
        return result
    return None


def _sign(terms: dict) -> int | None:
    """The sign of Σ k·2^e (None if it cannot be settled cheaply): the
    largest exponents, while close together, are summed exactly; the sum
    decides when what is left is too small to change its sign."""
    exponents = sorted(terms, reverse=True)
    while exponents:
        top = [exponents[0]]
        while len(top) < len(exponents) and top[-1] - exponents[len(top)] <= MAX_BITS:
            top.append(exponents[len(top)])
        low = top[-1]
        head = sum(terms[e] << (e - low) for e in top)
        rest = exponents[len(top):]
        if head == 0:
            exponents = rest
            continue
        if not rest:
            return 1 if head > 0 else -1
        bound = sum(abs(terms[e]) for e in rest)  # |rest| ≤ bound·2^rest[0]
        if bound.bit_length() + rest[0] < low + head.bit_length() - 1:
            return 1 if head > 0 else -1
        return None
    return 0


def show(c: Cardinal) -> str:
    """The decimal integer, or the symbolic form: ``2^23930713170``; an
    integer too long to read (and for Python to print: 4300 digits) as
    ``2^k`` when it is one, else by its size."""
    if isinstance(c, int):
        if c.bit_length() <= 3000:
            return str(c)
        if c > 0 and c & (c - 1) == 0:
            return f"2^{c.bit_length() - 1}"
        return f"{'-' if c < 0 else ''}≈2^{math.log2(abs(c)):.6f} ({_digits(abs(c))} digits)"
    return _show(c)


def _digits(n: int) -> int:
    """The number of decimal digits of n > 0, without printing it."""
    d = int(n.bit_length() * math.log10(2)) + 1
    return d if n >= 10 ** (d - 1) else d - 1


def _show(e: sympy.Expr) -> str:
    if e.is_Integer:
        return show(int(e))
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
