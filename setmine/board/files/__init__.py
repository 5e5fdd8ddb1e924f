"""Board files: the `.board` text format (``textfile``), the formats people
already have (``formats``: JSMinesweeper `.mine`, minesweepr ASCII; a file
by its suffix, ``load_board``) and whole-row grid reading shared by both
(``gridload``).  JSON graph boards are ``topology.py``'s."""
