"""Every model of any schema within a scope (``verify --scope models``):
the scope (``scope.py``), models up to isomorphism (``isomorphism.py``) and
the plain enumeration by the definition (``naive.py``), the oracle of the
searches that prune."""
