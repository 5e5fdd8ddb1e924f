"""The compiled evaluator: a schema compiled once into closures over a
compact representation of a finite structure (an element of a base set an
index, a set of them a bit mask, a family of such sets a counted interval
of masks), run on structure after structure; the reference evaluator
(``interpret/``) stays the judge and the fallback (``docs/evaluation.md``,
"The compiled path")."""
