"""setmine: a model checker for the set-theoretic Minesweeper schema «КС Сапер».

The pipeline: text → syntax tree → typed term → value (``setmine.rsl``);
Exteor files → schema (``setmine.exteor``); board → structure (``setmine.board``).
"""

__version__ = "0.1.0"
