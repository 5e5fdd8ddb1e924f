"""Verification over scopes: every position or game on every board of a scope."""
