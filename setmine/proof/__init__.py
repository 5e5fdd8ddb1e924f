"""``setmine prove``: a statement of a schema proved for every model of
every size (cvc5), refuted on its smallest model (the models scope), or
said to be unknown with what was tried.

The pipeline: typed terms → SMT-LIB (``smtlib.py``; ``translate.py`` with
``membership.py`` and ``definedness.py``) → a
schema's theory and a statement's obligations (``theory.py``) → cvc5
(``cvc5run.py``) → verdicts (``decide.py``) → text and JSON
(``report.py``); ``concrete.py`` fixes one finite model in SMT-LIB, to
test the translation against the evaluator.  docs/proving.md.
"""
