"""Every position or game of a board scope: the scopes, their symmetries,
the properties checked, the term memo, the tasks and their tallies, the
evidence of a counterexample."""
