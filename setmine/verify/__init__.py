"""Verification over scopes: every position or game on every board of a
scope — :mod:`.scope` reads a scope's shapes and mine counts from text,
:mod:`.symmetry` lists the legal positions and the deals of each shape once
per orbit of its automorphisms, with the size of the orbit."""
