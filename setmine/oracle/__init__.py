"""THE REFERENCE.  A plain evaluator of RSLang — enumerate, then filter —
against which the fast evaluator (``setmine.eval``) is checked.

It depends on the syntax tree alone (``setmine.rsl``) and shares no code
with the evaluator, so that agreeing with it means something: the tests
compare the two on random terms and structures, and ``bench/`` times them
side by side.  Keep it literal — a function here should read like the
definition in the language reference, not like an optimisation.
"""
