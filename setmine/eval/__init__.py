"""Evaluation of RSLang terms over concrete structures."""

from . import sets  # noqa: F401  (first: the lazy sets the other modules build on)
