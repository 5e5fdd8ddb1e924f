"""The generator of the teaching pages of ``docs/schema/``: one page per
constituent (``schema_pages``), its pictures (``doc_pictures``), the story
of the example board (``story``) and the files written (``doc_files``)."""
