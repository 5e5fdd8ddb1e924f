"""The front door, function by function (``import setmine`` re-exports
them): what a function is given (``inputs.py``), values as plain Python
(``plain.py``), a model to read and edit (``model.py``), evaluating over a
board or a model (``evaluating.py``), scopes and proofs
(``verifying.py``), the page (``drawing.py``), how answers show in a
notebook (``display.py``) and the ``%rsl`` magics (``magics.py``).

Each function imports the pipeline it needs when it is called: ``import
setmine`` loads none of lark, sympy, the evaluator or Jinja2
(``tests/test_facade.py`` checks it), so a script or a notebook that
only loads a model pays for what it uses.  It
stands above the command line's layers and beside it: both call the same
library functions."""
