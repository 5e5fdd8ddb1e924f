"""Comparing a term's value (as the evaluator computed it: a frozenset or a
lazy set) with a value of another origin — the reference notion, or the
same term on another placement — and saying where they first differ.

* :func:`compare` — schema value against reference value: sets are
  compared by cardinality and member by member (every member of the
  reference is looked up in the schema's value, and the schema's value is
  listed up to :data:`LISTED` members and each looked up in the reference),
  which decides equality of finite sets without listing a huge value;
  D15 against its :class:`~setmine.crosscheck.reference.Family` by size and
  members; D16/D17 cell by cell, by the size of each cell's family.
* :func:`canonical` — a value made comparable with ``==`` (lazy sets
  listed when small, else their size and first members), for telling
  whether a term changes between two placements.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base.interface import MINES

from ..eval.values import cardinal
from ..eval.values.budget import Budget
from ..eval.values.sets import LazySet, card, member, members, sort
from ..present.output.kinds import fibers
from ..present.output.values import show
from ..rsl.syntax.errors import RSLError
from .reference import Family, FamilySizes, text

LISTED = 5000
"""How many members of a large schema value are listed and looked up."""


@dataclass
class Comparison:
    """The verdict on one term: do the two values agree, and if not, an
    element that is in one and not in the other (``side`` says which:
    ``"schema"`` or ``"reference"``) and what differs."""

    alias: str
    agree: bool
    value: str = ""          # the schema's value, as text
    expected: str = ""       # the reference value, as text
    difference: str = ""     # the first difference, in words
    element: object = None   # an element of one value and not the other
    side: str | None = None
    how: str = ""            # how the comparison was made (cardinality, members…)
    partial: str = ""        # why it is not a full comparison (sizes only…), or ""

    @property
    def verdict(self) -> str:
        return "agree" if self.agree else "disagree"


def _same(a, b) -> bool:
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    return cardinal.show(a) == cardinal.show(b)


def _show(x, cells) -> str:
    return show(x, 8, cells)


def compare(alias: str, value, expected, cells=frozenset(), texts: bool = True) -> Comparison:
    """``value`` (the schema's) against ``expected`` (the reference's); with
    ``texts`` False, the verdict without the two values as text."""
    out = Comparison(alias, True)
    if texts:
        out.value = _text(value, cells)
        out.expected = (("true" if expected else "false") if isinstance(expected, bool)
                        else text(expected, cells))
    if isinstance(expected, bool):
        out.agree = value is expected
        if not out.agree:
            out.difference = (f"the formula is {_text(value, cells)}, the convention says "
                              f"{'true' if expected else 'false'}")
        return out
    if isinstance(expected, FamilySizes):
        return _families(out, value, expected, cells)
    if isinstance(expected, Family):
        if not expected.listable:
            return _large_family(out, value, expected, cells)
        expected = expected.listed
    return _sets(out, value, expected, cells)


def _text(value, cells) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    try:
        return show(value, 12, cells)
    except RSLError as exc:
        return f"(cannot list: {exc.code})"


def _sets(out: Comparison, value, expected: frozenset, cells) -> Comparison:
    """Two sets: equal cardinalities and every member of the reference in the
    schema's value decide equality; listing finds an extra member."""
    if not isinstance(value, (frozenset, LazySet)):
        out.agree = False
        out.difference = f"the schema's value {_text(value, cells)} is not a set"
        return out
    size = card(value)
    missing = next((x for x in sort(expected) if not member(x, value)), None)
    if missing is not None:
        out.agree = False
        out.element, out.side = missing, "reference"
        out.difference = (f"{_show(missing, cells)} is in the reference value but not in the "
                          "schema's")
    elif not _same(size, len(expected)):
        out.agree = False
        extra = _extra(value, expected)
        if extra is not None:
            out.element, out.side = extra, "schema"
            out.difference = (f"{_show(extra, cells)} is in the schema's value but not in the "
                              "reference")
        else:
            out.difference = "the schema's value has more members"
    if not out.agree and not _same(size, len(expected)):
        out.difference += f" (cardinality {cardinal.show(size)}, reference {len(expected)})"
    out.how = "cardinality and members"
    return out


def _extra(value, expected, failed: list | None = None):
    """A member of ``value`` not in ``expected`` among its first members;
    when listing them fails, the error's message goes to ``failed``."""
    try:
        for i, x in enumerate(members(value, Budget(max_elements=LISTED * 20))):
            if i >= LISTED:
                return None
            if not member(x, expected):
                return x
    except RSLError as exc:
        if failed is not None:
            failed.append(exc.message)
        return None
    return None


def _large_family(out: Comparison, value, expected: Family, cells) -> Comparison:
    """D15 with too many placements to list: its size, and its first members
    checked against the reference's membership test."""
    size = card(value)
    failed: list[str] = []
    extra = _extra(value, expected, failed)
    if extra is not None:
        out.agree = False
        out.element, out.side = extra, "schema"
        out.difference = f"{_show(extra, cells)} is in the schema's value but is not a placement"
    elif not _same(size, expected.size):
        out.agree = False
        out.difference = f"cardinality {cardinal.show(size)}, reference {expected.size}"
    out.how = f"cardinality and the first {LISTED} members"
    if out.agree:
        out.partial = (f"by size only: its members could not be listed ({failed[0]})" if failed
                       else f"by size and its first {LISTED} members only: "
                            f"{expected.size} placements are too many to compare one by one")
    return out


def _families(out: Comparison, value, expected: FamilySizes, cells) -> Comparison:
    """D16/D17: the cells of the schema's value against the reference's, then
    per cell: exactly one family, of the solver's size (and, when both are
    small, the same placements)."""
    out.how = "each cell's family size"
    counts = expected.counts
    fibers = _fibers(value)
    if fibers is None:
        out.agree = False
        out.difference = "the schema's value is not a set of pairs whose members can be listed"
        return out
    for c in sort(set(fibers) | set(counts)):
        if c not in counts:
            fam = next(iter(members(fibers[c], Budget())), frozenset())
            out.agree, out.element, out.side = False, (c, fam), "schema"
            out.difference = (f"cell {_show(c, cells)} is in the schema's value, not in the "
                              "reference")
            return out
        if c not in fibers:
            out.agree, out.side = False, "reference"
            out.element = (c, expected.family(c).listed) if expected.family(c).listable else None
            out.difference = (f"cell {_show(c, cells)} is in the reference, not in the schema's "
                              "value")
            return out
        fiber = fibers[c]
        n = card(fiber)
        if not _same(n, 1):
            extra = _wrong_family(fiber, expected.family(c))
            out.agree, out.side = False, "schema"
            out.element = (c, extra) if extra is not None else None
            out.difference = (f"cell {_show(c, cells)} has {cardinal.show(n)} families in the "
                              f"schema's value, one in the reference (of {_placements(counts[c])})")
            if extra is not None:
                out.difference += f"; one of them has {_placements(card(extra))}"
            return out
        family = next(iter(members(fiber, Budget())))
        size = card(family)
        if not _same(size, counts[c]):
            out.agree, out.element, out.side = False, (c, family), "schema"
            out.difference = (f"cell {_show(c, cells)}: the schema's family has "
                              f"{_placements(size)}, the reference {counts[c]}")
            return out
        ref = expected.family(c)
        if not (ref.listable and isinstance(size, int) and size <= LISTED):
            out.partial = ("by the size of each cell's family only: some families are too "
                           "large to compare placement by placement")
        else:
            odd = next((b for b in members(family, Budget()) if not ref.contains(b)), None)
            if odd is not None:
                out.agree, out.element, out.side = False, (c, family), "schema"
                out.difference = (f"cell {_show(c, cells)}: the schema's family has "
                                  f"{_show(odd, cells)}, not a placement that mines it")
                return out
    return out


def _placements(n) -> str:
    return "1 placement" if n == 1 else f"{cardinal.show(n)} placements"


def _wrong_family(fiber, reference: Family):
    """A family in ``fiber`` whose size is not the reference's."""
    try:
        for i, fam in enumerate(members(fiber, Budget(max_elements=LISTED * 20))):
            if i >= LISTED:
                break
            if not _same(card(fam), reference.size):
                return fam
    except RSLError:
        pass
    return None


def _fibers(value) -> dict | None:
    """A set of pairs as first component → set of second components (the
    pictures' grouping, :func:`setmine.present.output.kinds.fibers`), under
    the cross-check's budget: None when listing it would take more."""
    return fibers(value, Budget(max_elements=LISTED * 20))


# ----------------------------------------------------------------------------
# Values made comparable

def canonical(value, limit: int = 20_000, sample: int = 20):
    """``value`` as a hashable Python value, ``==`` exactly when the values
    are equal for sets of at most ``limit`` members (listed); a larger lazy
    set becomes its kind, its cardinality and its first ``sample`` members
    (listed under a small budget) — a union of dependent products fiber by
    fiber — so equal values compare equal and unequal ones almost always
    differ, without listing a huge set."""
    if isinstance(value, bool) or isinstance(value, int):
        return value
    if isinstance(value, tuple):
        return tuple(canonical(v, limit, sample) for v in value)
    if isinstance(value, frozenset):
        return frozenset(canonical(v, limit, sample) for v in value)
    if isinstance(value, LazySet):
        from ..eval.values.sets import Fibered

        size = card(value)
        if isinstance(size, int) and size <= limit:
            try:
                return frozenset(canonical(v, limit, sample)
                                 for v in members(value, Budget(max_elements=limit * 4)))
            except RSLError:
                pass
        if isinstance(value, Fibered):
            return ("fibered", tuple((canonical(x, limit, sample), canonical(f, limit, sample))
                                     for x, f in value.fibers))
        first = []
        try:
            for v in members(value, Budget(max_elements=50 * sample)):
                if len(first) == sample:
                    break
                first.append(canonical(v, limit, sample))
        except RSLError:  # members too sparse to list: the size and those found
            pass
        return ("large set", cardinal.show(size), tuple(first))
    if hasattr(value, "is_number"):
        return cardinal.show(value)
    return value


def difference(a, b):
    """An element of one canonical set value and not the other (and which:
    ``"first"`` or ``"second"``), or ``(None, None)``."""
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        for x in sort(a - b):
            return x, "first"
        for x in sort(b - a):
            return x, "second"
    return None, None


# ----------------------------------------------------------------------------
# Formulas compared

def differing_part(a, b):
    """The smallest sub-trees where two formulas differ: descend while the
    nodes have the same construct and differ in exactly one child; return
    ``(part of a, part of b)``, or ``(None, None)`` when they are equal."""
    from dataclasses import fields

    from ..rsl.syntax import tree as s

    if a == b:
        return None, None
    if type(a) is not type(b) or not isinstance(a, s.Node):
        return a, b
    same_fields = all(getattr(a, f.name) == getattr(b, f.name) or
                      isinstance(getattr(a, f.name), (s.Node, tuple))
                      for f in fields(a) if f.name != "span")
    ca, cb = list(a.children()), list(b.children())
    if not same_fields or len(ca) != len(cb):
        return a, b
    differing = [(x, y) for x, y in zip(ca, cb) if x != y]
    if len(differing) != 1:
        return a, b
    return differing_part(*differing[0])


def reading_part(tree, name: str = MINES):
    """The smallest sub-term of ``tree`` that uses ``name`` and is more than
    the name itself (how a formula reads the mines, say), or None."""
    from ..rsl.syntax import tree as s

    best = None
    for node in tree.walk():
        if any(isinstance(c, s.Global) and c.name == name for c in node.children()):
            if best is None or len(list(node.walk())) < len(list(best.walk())):
                best = node
    return best
