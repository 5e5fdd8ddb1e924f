"""ConceptPortal's files: the rstool session and the sandbox bundle, read
(``files.py``) and written (``writing.py``) as the Portal's engine reads them."""
