"""The scope of models of a schema: how many elements each basic and constant
set may have, and which integers a ``Z`` in a structure's domain stands for.

    >>> scope = parse_model_scope(schema, "X1<=3, X2=2", "0..4")
    >>> [dict(v) for v in scope.size_vectors()][:3]
    [{'X1': 0, 'X2': 2}, {'X1': 1, 'X2': 2}, {'X1': 2, 'X2': 2}]

``ALIAS=N`` fixes a size, ``ALIAS<=N`` allows every size from 0 to N (an
empty basic set is a model too: the reference accepts it).  A basic or
constant set the sizes do not name gets ``DEFAULT_SIZE`` (at most 3
elements), and a ``Z`` in a structure's domain ``DEFAULT_INTEGERS``
(−2..2) when ``--integers`` is not given; the scope records both
(``defaulted``, ``integers_defaulted``) so that a command says them, all
in one line (:func:`defaults_note`).  Anything that does not read is a
:class:`ModelScopeError` that says which item and why.  Size vectors come
smallest first (fewest elements in all, then by alias order), so that the
first model found is a smallest one.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Iterator

from ...rsl.syntax import tree as s
from ...rsl.syntax.spelling import SUBSCRIPTS

MAX_SIZE = 16
"""The largest size a scope may give a set: a structure over a set of more
elements has more values than any search could go through."""

MAX_INTEGERS = 64
"""The most integers ``--integers`` may stand for."""

SIZED_KINDS = ("basic", "constant")

DEFAULT_SIZE = 3
"""The most elements a basic or constant set has when the sizes do not say."""

DEFAULT_INTEGERS = (-2, 2)
"""What a ``Z`` in a structure's domain stands for when ``--integers`` does not say."""


class ModelScopeError(ValueError):
    """A scope of models that cannot be read; the message says which item
    and why (a command reports it with exit status 2)."""

_ITEM = re.compile(r"([A-Z][A-Za-z0-9_₀-₉]*)\s*(<=|≤|=)\s*([0-9]+)")
_RANGE = re.compile(r"\s*(-?[0-9]{1,6})\s*\.\.\s*(-?[0-9]{1,6})\s*")


@dataclass(frozen=True)
class ModelScope:
    """``sizes``: (alias, least, most) of every basic and constant set, in
    the schema's order; ``integers``: the (lowest, highest) integer a ``Z``
    in a structure's domain stands for, or None."""

    sizes: tuple[tuple[str, int, int], ...]
    integers: tuple[int, int] | None = None
    defaulted: tuple[str, ...] = ()      # the sets that got DEFAULT_SIZE
    integers_defaulted: bool = False     # Z got DEFAULT_INTEGERS

    def size_vectors(self) -> Iterator[dict[str, int]]:
        """Every assignment of sizes, fewest elements in all first."""
        ranges = [range(least, most + 1) for _, least, most in self.sizes]
        vectors = sorted(itertools.product(*ranges), key=lambda v: (sum(v), v))
        aliases = [alias for alias, _, _ in self.sizes]
        for vector in vectors:
            yield dict(zip(aliases, vector))


def parse_model_scope(schema, sizes: str | None, integers: str | None = None) -> ModelScope:
    """The scope ``sizes`` (``X1<=4,X2=2``; None or empty: every set its
    default) and ``integers`` (``LO..HI``) give ``schema``'s models;
    ModelScopeError on anything else."""
    sizes = sizes or ""
    if len(sizes) > 10_000:
        raise ModelScopeError("the list of sizes is too long")
    given: dict[str, tuple[int, int]] = {}
    for item in (part.strip() for part in sizes.split(",") if sizes.strip()):
        if not item:
            raise ModelScopeError("an empty item in the list of sizes (write ALIAS=N or ALIAS<=N)")
        match = _ITEM.fullmatch(item)
        if match is None:
            raise ModelScopeError(f"{item!r}: write ALIAS=N or ALIAS<=N (X1<=4, X2=2)")
        alias, op, number = match.groups()
        alias = alias.translate(SUBSCRIPTS)
        if alias not in schema:
            raise ModelScopeError(f"{item!r}: the schema has no {alias}")
        if schema[alias].kind not in SIZED_KINDS:
            raise ModelScopeError(f"{item!r}: {alias} is a {schema[alias].kind}; a scope sizes the "
                             f"basic and constant sets only")
        if alias in given:
            raise ModelScopeError(f"{item!r}: {alias} is sized twice")
        if len(number) > 3 or int(number) > MAX_SIZE:
            raise ModelScopeError(f"{item!r}: at most {MAX_SIZE} elements")
        n = int(number)
        given[alias] = (n, n) if op == "=" else (0, n)
    unsized = tuple(c.alias for c in schema if c.kind in SIZED_KINDS and c.alias not in given)
    for alias in unsized:
        given[alias] = (0, DEFAULT_SIZE)
    bounds = None
    defaulted_integers = False
    if integers is not None:
        match = _RANGE.fullmatch(integers)
        if match is None:
            raise ModelScopeError(f"--integers {integers!r}: write LO..HI (0..5, -2..2)")
        low, high = int(match.group(1)), int(match.group(2))
        if low > high:
            raise ModelScopeError(f"--integers {integers!r}: {low} is above {high}")
        if high - low + 1 > MAX_INTEGERS:
            raise ModelScopeError(f"--integers {integers!r}: at most {MAX_INTEGERS} integers")
        bounds = (low, high)
    elif needs_integers(schema):
        bounds, defaulted_integers = DEFAULT_INTEGERS, True
    return ModelScope(tuple((c.alias, *given[c.alias]) for c in schema
                            if c.kind in SIZED_KINDS), bounds, unsized, defaulted_integers)


class BadAssertion(ValueError):
    """An --assert that does not read as a formula of the schema."""


def read_assertion(schema, text: str, noun: str = "property"):
    """The typed tree of ``text``, a formula over ``schema`` (an --assert);
    ``BadAssertion`` naming the error's code and span, or saying it is a
    value, not a formula."""
    from ...rsl.syntax.errors import RSLError

    try:
        tree = schema.expression_tree(text)
        typed = schema.typify(text)
    except RSLError as exc:
        raise BadAssertion(f"--assert {text!r}: {exc.code} at {exc.span[0]}..{exc.span[1]}: "
                              f"{exc.message}") from None
    except RecursionError:
        raise BadAssertion(f"--assert {text!r}: nested too deeply") from None
    if typed != "Logic":
        raise BadAssertion(f"--assert {text!r}: a {noun} must be a formula, not a value of "
                              f"type {typed}")
    return tree


def defaults_note(schema, scope: ModelScope) -> str:
    """What the scope took by default, in one line ("" when nothing)."""
    parts = []
    if scope.defaulted:
        names = ", ".join(scope.defaulted)
        parts.append(f"{names} {'has' if len(scope.defaulted) == 1 else 'have'} no size: "
                     f"at most {DEFAULT_SIZE} elements{'' if len(scope.defaulted) == 1 else ' each'}"
                     f" (give --sizes '{scope.defaulted[0]}<=N' for another)")
    if scope.integers_defaulted:
        low, high = DEFAULT_INTEGERS
        parts.append(f"Z in {', '.join(needs_integers(schema))} stands for {low}..{high} "
                     f"(give --integers LO..HI for others)")
    return "; ".join(parts)


def needs_integers(schema) -> list[str]:
    """The structures whose domain mentions ``Z``."""
    return [c.alias for c in schema if c.kind == "structure"
            and schema.analysis[c.alias].tree is not None
            and any(isinstance(n, s.IntegerSet) for n in schema.analysis[c.alias].tree.walk())]


__all__ = ["BadAssertion", "read_assertion", "DEFAULT_INTEGERS", "DEFAULT_SIZE", "MAX_SIZE", "ModelScope", "ModelScopeError",
           "defaults_note", "needs_integers", "parse_model_scope"]
