"""The seeds' rule systems: the French rules (``french``), the Russian
course's agent (``course``), the blog's subset analysis
(``subset_analysis``), the deduction they all return (``deduction``) and
:func:`~setmine.solver.rules.systems.deduce` to run one by name
(``systems``)."""
