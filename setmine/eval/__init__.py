"""Evaluation of RSLang terms over concrete structures: typed term → value.

Four rooms, each depending only on those listed before it:

- ``values``: the set values — explicit frozensets and lazy sets (products,
  dependent products, set intervals counted without listing), exact
  cardinals, the budget every listing is charged to, and the set algebra;
- ``shapes``: analyses of syntax trees — free variables, conjuncts, the
  normal form of a condition, what an ∃ defines — no values;
- ``planning``: the planner's rules, which narrow a bound variable from the
  conjuncts of its condition instead of filtering whole domains;
- ``interpret``: the evaluator (one method per construct) and the model of
  a schema on a structure, term by term.

The evaluator knows RSLang and nothing of what a schema is about.  The
reference it is checked against, a plain enumerate-and-filter evaluator,
is ``setmine.oracle``; explanations of values are in ``setmine.present``.
"""
