"""The counting engine: the player's view (``position``), its frontier split
into independent components (``components``), the placements of a
component counted by mine number (``enumeration``, ``tables``) and the exact
probabilities and sure cells of a position (``probability``)."""
