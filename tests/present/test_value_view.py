"""A family of sets of cells as text: its first member, then each next one
as its difference from the first — with the notation said once, and the
differences right."""

from __future__ import annotations

import re

from setmine.present.output.value_view import family_lines
from setmine.rsl.semantics.types import parse_type

FAMILY = parse_type("ℬℬ(X1)")


def test_the_difference_notation_is_explained_and_right():
    first, second, third = frozenset({(7, 6)}), frozenset({(8, 4)}), frozenset({(7, 6), (8, 6)})
    lines = family_lines(frozenset({first, second, third}), FAMILY)
    assert lines[0] == "3 members"
    assert "+{cells it adds}" in lines[2] and "−{cells it lacks}" in lines[2]
    shown_first = lines[1].strip()
    for line in lines[3:]:
        added = re.search(r"\+\{([^}]*)\}", line)
        removed = re.search(r"−\{([^}]*)\}", line)
        assert line.strip().startswith("first ")
        assert added or removed
    assert shown_first in ("{7,6}", "{8,4}", "{7,6, 8,6}")


def test_one_member_needs_no_notation():
    lines = family_lines(frozenset({frozenset({(0, 0)})}), FAMILY)
    assert lines == ["1 member", "  {0,0}"]
