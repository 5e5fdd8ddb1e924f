"""The front door, function by function (``import setmine`` re-exports
them): what a function is given (``inputs.py``), values as plain Python
(``plain.py``), a model to read and edit (``model.py``), evaluating over a
board or a model (``evaluating.py``), scopes and proofs
(``verifying.py``), the page (``drawing.py``), how answers show in a
notebook (``display.py``) and the ``%rsl`` magics (``magics.py``).  It
stands above the command line's layers and beside it: both call the same
library functions."""
