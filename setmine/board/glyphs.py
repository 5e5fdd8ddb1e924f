"""The marks every picture of a board shares, in text (``draw.py``) and in
SVG (``svg.py``), and the largest picture either draws."""

CLOSED = "·"
HIGHLIGHT = "■"
MINE = "*"
CHOSEN_MINE = "x"
MAX_PLACES = 160_000   # 400×400: larger boxes are summarised, never allocated


def cell_key(cell) -> str:
    """``r,c``: a cell as every text and every page attribute writes it."""
    return f"{cell[0]},{cell[1]}"
