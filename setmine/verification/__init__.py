"""Verification over scopes: every position or game on every board of a
scope (:mod:`.boards`), every model of any schema within a scope of sizes
(:mod:`.models`); both run their tasks here or on a Dask cluster
(:mod:`.cluster`) and keep each finished task in a checkpoint
(:mod:`.checkpoint`)."""
