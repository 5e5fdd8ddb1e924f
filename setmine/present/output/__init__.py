"""Values as the user reads them: a value as text and JSON (``values``),
families and relations laid out (``value_view``, ``kinds``), a value typed
back in (``read_value``), and the pieces of ``setmine eval``'s answer (the
schema header, the board notes, the defect marks, the report itself)."""
