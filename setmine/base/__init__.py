"""The layer below the pipeline: reading text formats safely, knowing
nothing of RSLang or of Minesweeper (``jsontext``: JSON with every number
and nesting bounded, for the board and Exteor readers), and writing files
by one rule (``targets``: what a file to write is, and how it is written)."""
