"""The layer below the pipeline, knowing nothing of RSLang or of
Minesweeper: reading text formats safely (``jsontext``: JSON with every
number and nesting bounded, for the board and Exteor readers and a
request of the live page), writing files by one rule (``targets``: what a
file to write is, and how it is written), remembering on an object what
is worked out about it (``memo``), and the time one piece of work has,
seen by every stage of it (``deadline``)."""
