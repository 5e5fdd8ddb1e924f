"""Pictures: every term of a schema drawn on the board — the HTML report
(``setmine report``), the game replay and the notebook displays."""
