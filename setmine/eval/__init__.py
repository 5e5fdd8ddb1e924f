"""Evaluation of RSLang terms over concrete structures."""
