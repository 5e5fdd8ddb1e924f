"""A schema's model: the values of its basic sets, constants and structures,
read from JSON and checked against their types and domains
(``interpretation.py``), in ConceptPortal's encoding or by name
(``decode.py``), and setmine's own model file (``own.py``)."""
