"""Repairing a formula: where its fault is, and the smallest change that
makes it mean its convention (``setmine repair``)."""
