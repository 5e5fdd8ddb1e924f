"""Checking a schema against what its constituents are meant to be.

* :mod:`.reference` — each alias's convention and its meaning, computed from
  the board and the independent solver's exact counts;
* :mod:`.compare` — a term's value against a reference (or another
  placement's) value, with the first element that differs;
* :mod:`.isolate` — the terms evaluated as a chain (dependency order) or
  each in isolation (the terms it uses replaced by their reference values);
* :mod:`.agreement` — ``setmine crosscheck``: term by term, agree or not;
* :mod:`.observability` — ``setmine observe``: which terms change between
  placements consistent with the same view (hidden information);
* :mod:`.defect_search` — ``setmine defects``: the search for defects, each shown
  on a minimal board and explained;
* :mod:`.positions` — small boards, legal positions, consistent placements.
"""
