"""Explanations: why a value is what it is (``why``), the trace of an
axiom or a predicate down to the failing sub-term (``trace``), a formula read
in plain words (``reading``) and the glossary of symbols (``glossary``)."""
