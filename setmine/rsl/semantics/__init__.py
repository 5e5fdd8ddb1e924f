"""RSLang's second stage, syntax tree → typed term: the types and their
notation (``types``), compatibility of integral and ordered sets
(``compat``), the scopes of bound variables (``bindings``), the typifier
(``typifier``, with ``set_typing``, ``products`` and ``domains``), a
constituent's typification (``typification``) and the type of every
sub-expression (``node_types``).  It reads trees from ``rsl.syntax`` and
never imports the schema layer above it."""
