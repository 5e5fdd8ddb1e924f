"""The models scope in its author's words (issue 45): a model's elements
named from the schema file's own model (``naming.py``), a schema with
errors checked in its valid part with a line for each faulty constituent
and each one skipped (``valid_part.py``), and what the SAT translation
left to the evaluator said as a sentence (``wording.py``)."""
