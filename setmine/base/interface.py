"""Where setmine's Minesweeper meets the schema «КС Сапер»: the names, once.

A schema is read over a board through five structures; the board gives
them their values (``board/structure.py``), the checks and the model
checker read them back by these names.  Three more names tie the game to
the schema: the axiom that says where the move comes from, and the two
terms the schema-as-player reads.  Everything else of the schema is reached
by its own dependencies (``Schema.closure``), never by a name written here;
the few terms whose roles the default claims of ``setmine verify`` name
(:data:`CLAIMS`) are declared here too.

    >>> STRUCTURES
    ('X1', 'S1', 'S2', 'S3', 'S4')
    >>> MOVE_AXIOM, PLAYER_TERMS
    ('A6', ('D11', 'D18'))
    >>> CLAIMS
    ('D18 ⊆ D1', 'D18 ∩ D8 = ∅', 'card(D15) ≥ 1')
"""

from __future__ import annotations

CELLS = "X1"
"""The base set: the cells of the board."""
NEIGHBOURS = "S1"
"""The neighbour relation, a set of pairs of cells."""
MINES = "S2"
"""The mines: hidden from the player."""
OPENED = "S3"
"""The open cells."""
MOVE = "S4"
"""The move: one closed cell, or none."""

STRUCTURES = (CELLS, NEIGHBOURS, MINES, OPENED, MOVE)
"""The board's structures, in the schema's order."""

HIDDEN = frozenset({MINES})
"""The structures the player does not see."""

MOVE_AXIOM = "A6"
"""The axiom that says where the move (S4) must come from: the constituents
it depends on decide the move."""

INVARIANT_AXIOMS = ("A1", "A2", "A3", "A4", "A5")
"""The axioms about the board alone (the neighbour relation, the open cells,
the move being one closed cell): true of every position, whoever moves."""

CLOSED = "D1"
"""The closed cells."""
SURE_MINES = "D8"
"""The cells mined in every placement consistent with what the player sees."""
PLACEMENTS = "D15"
"""The placements of the mines consistent with what the player sees."""

SURE_SAFE = "D11"
"""The term the player opens first: the cells surely free of mines."""
MOVES = "D18"
"""The term the move comes from when there is no sure-safe cell (A6)."""
PLAYER_TERMS = (SURE_SAFE, MOVES)
"""The terms the schema-as-player reads, each a set of cells."""

CLAIMS = (f"{MOVES} ⊆ {CLOSED}", f"{MOVES} ∩ {SURE_MINES} = ∅", f"card({PLACEMENTS}) ≥ 1")
"""What a schema of Minesweeper claims of every position, whoever moves:
the move comes from the closed cells, never from a sure mine, and some
placement of the mines agrees with what the player sees.  ``setmine
verify`` checks each by default where the schema defines its terms."""
