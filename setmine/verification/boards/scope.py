"""Scopes: the shapes and the mine counts a property is verified over.

A scope is written as a comma-separated list of items, each one of

``[TOPOLOGY:]RxC``
    the R×C grid of that topology (``2x2``, ``1x3``, ``torus:3x3``,
    ``hex:2x3``; ``×`` for ``x`` too; square when no topology is given);
``[TOPOLOGY:]cells<=N``
    every R×C grid of that topology with R ≤ C and 2 ≤ R·C ≤ N whose
    neighbour relation satisfies A1–A3;
a board file
    a ``.board``/``.json``/``.mine``/``.txt`` file or a shipped board's name
    (``tiny-2x2``): its cells and neighbours only, its mines and open cells
    ignored; a JSON board is a graph.

:func:`parse_shapes` reads the list into :class:`Shape` objects, each named
by its :func:`label`; :func:`parse_mines` reads the mine counts
(:class:`MineRange`).  :func:`count_positions` and :func:`count_deals` say
how many positions and deals a shape has without symmetry: what the orbits
of :mod:`setmine.verification.boards.symmetry` must add up to.

Every problem is a :class:`ScopeError` naming the item and, when one
character is to blame, which one.  A scope comes from a command line, so
it is read defensively: a text of megabytes, a number of twenty digits or
a NUL byte is refused with a clear message before any work is done.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from math import comb
from pathlib import Path

from ...board import Board, BoardError, load_board
from ...board.board import check_relation, shorten
from ...board.topology import GRID_TOPOLOGIES, grid_neighbours
from ...board.shapes import Shape, TOPOLOGY_ORDER
from ...resources import resolve_board

MAX_CELLS = 64
"""The most cells a shape of a scope may have: a board of more has more
positions than could ever be enumerated (and a set of its cells no longer
fits the 64 bits the orbit search is planned for)."""

MAX_TEXT = 10_000
"""The longest scope text read: a list of shapes needs far fewer characters."""

BOARD_SUFFIXES = (".board", ".json", ".mine", ".txt")
"""The board files :func:`setmine.board.load_board` reads, by suffix."""

EXAMPLE = "2x2,torus:3x3,hex:2x3,cells<=6,tiny-2x2"

_CELLS = re.compile(r"cells\s*(?:<=|≤)\s*(.*)", re.IGNORECASE | re.DOTALL)
_DIGITS = re.compile(r"[0-9]+")
_SPACES = re.compile(r"\s*")
_BIG = 10**6  # any number of more digits than this one is read as this one: too large anyway


class ScopeError(ValueError):
    """A scope that cannot be read; ``str()`` says what and where: which item
    of the list (1-based, quoted) and, when one character is to blame, which
    character of the item (1-based).  ``item``, ``text`` and ``at`` hold the
    same for a caller that points at it itself; all None for a whole-scope
    problem (an empty or oversized text, a bad mine count)."""

    def __init__(self, message: str, item: int | None = None, text: str | None = None,
                 at: int | None = None):
        super().__init__(message)
        self.message, self.item, self.text, self.at = message, item, text, at

    def __str__(self) -> str:
        if self.item is None:
            return self.message
        where = f"scope item {self.item} {shorten(self.text or '')}"
        if self.at is not None:
            where += f", character {self.at}"
        return f"{where}: {self.message}"


# ----------------------------------------------------------------------------
# Shapes

def label(shape: Shape, source: str | None = None) -> str:
    """A shape's name in a scope: ``"square 2×2"``, ``"torus 3×3"``,
    ``"hex 2×3"`` for a grid, with the file it was read from in parentheses
    (``"square 3×4 (file.board)"``); ``"graph NAME"`` for a graph, NAME being
    ``source`` (a graph board's own name or its file's) or the shape's name
    (a name that already reads ``"graph …"`` is kept: a label is its own
    label)."""
    if shape.topology == "graph":
        name = source or shape.name or f"of {len(shape.cells)} cells"
        return name if name.startswith("graph ") else f"graph {name}"
    text = f"{shape.topology} {shape.rows}×{shape.cols}"
    return f"{text} ({source})" if source else text


def parse_shapes(text: str) -> list[Shape]:
    """The shapes of a scope text (see the module): each distinct shape once
    (same topology, cells and neighbour relation), ordered by number of
    cells, then topology (square, torus, hex, graph), then rows, then as
    given.  Raises :class:`ScopeError`."""
    if not isinstance(text, str):
        raise ScopeError(f"a scope is text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ScopeError(f"the scope is {len(text):,} characters long, more than any list of "
                         f"shapes needs (at most {MAX_TEXT:,})")
    if not text.strip():
        raise ScopeError(f"the scope is empty: expected a comma-separated list such as {EXAMPLE}")
    found: list[Shape] = []
    seen: set[tuple] = set()
    items: set[str] = set()
    for number, item in enumerate(text.split(","), start=1):
        if item.strip() in items:  # the same shapes again
            continue
        items.add(item.strip())
        for shape in _item(number, item.strip()):
            key = _key(shape)
            if key not in seen:
                seen.add(key)
                found.append(shape)
    return sorted(found, key=lambda s: (len(s.cells), TOPOLOGY_ORDER.index(s.topology), s.rows))


@lru_cache(maxsize=1024)
def _key(shape: Shape) -> tuple:
    """What makes two shapes the same: topology, cells and S1 as ordered
    pairs (both directions); kept for the shapes met again."""
    pairs = frozenset((a, b) for a in shape.cells for b in shape.neighbours[a])
    return shape.topology, shape.cells, pairs


def _item(number: int, item: str) -> list[Shape]:
    """The shapes one item of the list stands for."""
    if not item:
        raise ScopeError("the item is empty (two commas in a row, or one at an end?)", number, item)
    for at, ch in enumerate(item, start=1):
        if ch < " " or ch == "\x7f":
            name = " (NUL)" if ch == "\0" else ""
            raise ScopeError(f"control character U+{ord(ch):04X}{name} in a scope",
                             number, item, at)
    if Path(item).suffix.lower() in BOARD_SUFFIXES:
        return [_file_shape(number, item)]
    head, colon, body = item.partition(":")
    if colon:
        topology = head.strip().lower()
        if topology not in GRID_TOPOLOGIES:
            raise ScopeError(f"unknown topology {head.strip()!r} (expected one of: "
                             f"{', '.join(GRID_TOPOLOGIES)}; a graph comes from a .json board "
                             "file)", number, item, 1)
        offset = len(head) + 1 + len(body) - len(body.lstrip())
        body = body.strip()
    else:
        topology, offset, body = "square", 0, item
    cells = _CELLS.fullmatch(body)
    if cells:
        return _small_grids(number, item, topology, cells.group(1), offset + cells.start(1))
    if _DIGITS.match(body):
        return [_grid(number, item, topology, body, offset)]
    if not colon and _is_file(item):
        return [_file_shape(number, item)]
    raise ScopeError(f"expected [TOPOLOGY:]RxC (3x4, torus:3x3), [TOPOLOGY:]cells<=N or a board "
                     f"file ({', '.join(BOARD_SUFFIXES)} or a shipped board's name)", number, item)


def _value(digits: str) -> int:
    """A run of ASCII digits as a number, any number past :data:`_BIG` as it."""
    significant = digits.lstrip("0")
    return _BIG if len(significant) > len(str(_BIG)) else min(int(significant or "0"), _BIG)


def _shown(digits: str) -> str:
    """A number as a message quotes it: itself, or how long it is."""
    significant = digits.lstrip("0") or "0"
    return significant if len(significant) <= 20 else f"(a number of {len(significant)} digits)"


def _grid(number: int, item: str, topology: str, body: str, offset: int) -> Shape:
    """``RxC`` (``body``, at ``offset`` in ``item``): one grid, checked."""
    def fail(message: str, at: int | None = None) -> ScopeError:
        return ScopeError(message, number, item, None if at is None else offset + at + 1)

    rows = _DIGITS.match(body)
    at = _SPACES.match(body, rows.end()).end()
    if at == len(body):
        raise fail("expected RxC such as 3x4: the 'x' and the number of columns are missing", at)
    if body[at] not in "xX×":
        raise fail(f"expected 'x' between the rows and the columns (RxC, such as 3x4), "
                   f"got {body[at]!r}", at)
    at = _SPACES.match(body, at + 1).end()
    cols = _DIGITS.match(body, at)
    if cols is None:
        got = f", got {body[at]!r}" if at < len(body) else ""
        raise fail(f"expected the number of columns after 'x'{got}", at)
    end = _SPACES.match(body, cols.end()).end()
    if end < len(body):
        raise fail(f"unexpected {body[end]!r} after RxC", end)
    r, c = _value(rows.group()), _value(cols.group())
    size = f"{_shown(rows.group())}×{_shown(cols.group())}"
    if r == 0 or c == 0:
        raise fail(f"a grid needs at least one row and one column, not {size}")
    if r * c > MAX_CELLS:
        count = f"{r * c:,} cells" if max(r, c) < _BIG else "more than a million cells"
        raise fail(f"{size} is too large: {count}, and a shape has at most MAX_CELLS = "
                   f"{MAX_CELLS} (the positions of a larger board could never be enumerated)")
    shape, broken = _grid_shape(topology, r, c)
    if broken:
        lone = " is a grid of 1 cell (a shape needs at least 2):" if r * c == 1 else ":"
        raise fail(f"{label(shape)}{lone} {broken}")
    return shape


@lru_cache(maxsize=1024)
def _grid_shape(topology: str, rows: int, cols: int) -> tuple[Shape, str | None]:
    """The grid, named, and the axiom its relation breaks (None if it is a
    board).  Kept: a scope that names the same grids again and again (a
    hostile one) builds and checks each once."""
    shape = Shape(topology, rows, cols, grid_neighbours(topology, rows, cols))
    shape = replace(shape, name=label(shape))
    try:
        check_relation(shape.cells, shape.neighbours)
    except BoardError as error:
        return shape, error.message
    return shape, None


def _small_grids(number: int, item: str, topology: str, digits: str, at: int) -> list[Shape]:
    """``cells<=N``: every R×C grid, R ≤ C, of 2 to N cells that is a board."""
    if not _DIGITS.fullmatch(digits):
        wrong = next((i for i, ch in enumerate(digits) if not "0" <= ch <= "9"), 0)
        got = repr(digits[wrong]) if digits else "nothing"
        raise ScopeError(f"expected a number of cells after 'cells<=', got {got}",
                         number, item, at + wrong + 1)
    most = _value(digits)
    if not 2 <= most <= MAX_CELLS:
        raise ScopeError(f"cells<={_shown(digits)}: the number of cells must be from 2 to "
                         f"MAX_CELLS = {MAX_CELLS}", number, item, at + 1)
    shapes = []
    for rows in range(1, most + 1):
        for cols in range(rows, most // rows + 1):
            if rows * cols >= 2:
                shape, broken = _grid_shape(topology, rows, cols)
                if not broken:
                    shapes.append(shape)
    return shapes


def _is_file(item: str) -> bool:
    """Whether ``item`` names an existing file or a shipped board."""
    try:
        return resolve_board(item).is_file()
    except (OSError, ValueError):
        return False


def _file_shape(number: int, item: str) -> Shape:
    """The cells and neighbours of a board file, named after the file."""
    path = resolve_board(item)
    try:
        board = _load(path)
    except BoardError as error:
        raise ScopeError(str(error), number, item) from None
    except OSError as error:
        raise ScopeError(f"cannot read board file: {error.strerror or error}",
                         number, item) from None
    if len(board.cells) > MAX_CELLS:
        raise ScopeError(f"the board is too large: {len(board.cells):,} cells, and a shape has "
                         f"at most MAX_CELLS = {MAX_CELLS} (the positions of a larger board could "
                         "never be enumerated)", number, item)
    shape = Shape(board.topology, board.rows, board.cols, board.neighbours)
    source = (board.name or path.name) if board.topology == "graph" else path.name
    return replace(shape, name=label(shape, source))


def _load(path: Path) -> Board:
    """A board file read for its shape.  A minesweepr ``.txt`` board does not
    state its number of mines, and its shape does not depend on it: the
    first number of mines (from 0 up) its numbers allow is taken."""
    if path.suffix.lower() != ".txt":
        return load_board(path)
    first: BoardError | None = None
    for mines in range(MAX_CELLS + 1):
        try:
            return load_board(path, mines=mines)
        except BoardError as error:
            first = first or error
            if "cannot read" in error.message:
                break
    assert first is not None
    raise first


# ----------------------------------------------------------------------------
# Mine counts

@dataclass(frozen=True)
class MineRange:
    """The numbers of mines of a scope: ``low`` to ``high`` mines, both
    included; ``high`` None means as many as a shape holds while a safe
    cell is left to play (its cells − 1)."""

    low: int = 0
    high: int | None = None

    def counts(self, cells: int) -> range:
        """The mine counts on a shape of ``cells`` cells: ``low`` to
        ``min(high, cells − 1)`` (empty when ``low`` is more)."""
        top = cells - 1 if self.high is None else min(self.high, cells - 1)
        return range(self.low, max(top + 1, self.low))

    def __str__(self) -> str:
        if self.high == self.low:
            return str(self.low)
        return f"{self.low}..{'' if self.high is None else self.high}"


_RANGE = re.compile(r"\s*([0-9]*)\s*(\.\.)?\s*([0-9]*)\s*")


def parse_mines(text: str | None) -> MineRange:
    """The mine counts of a scope: None for every count (0 to cells − 1),
    ``"3"`` for exactly 3, ``"1..3"`` for 1 to 3, ``"2.."`` for 2 or more,
    ``"..3"`` for at most 3.  Raises :class:`ScopeError`."""
    if text is None:
        return MineRange()
    quoted = shorten(text if isinstance(text, str) else str(text))
    found = _RANGE.fullmatch(text) if isinstance(text, str) and len(text) <= 100 else None
    if found is None or not (found.group(1) or found.group(3)):
        raise ScopeError(f"mines {quoted}: expected a number of mines N or a range LOW..HIGH of "
                         "non-negative integers (3, 1..3, 2.., ..3)")
    low_digits, dots, high_digits = found.groups()
    most = MAX_CELLS - 1
    for digits in (low_digits, high_digits):
        if digits and _value(digits) > most:
            raise ScopeError(f"mines {quoted}: {_shown(digits)} is too many: a shape has at most "
                             f"MAX_CELLS = {MAX_CELLS} cells, one of them safe, so at most {most} "
                             "mines")
    low = _value(low_digits) if low_digits else 0
    if not dots:
        return MineRange(low, low)
    high = _value(high_digits) if high_digits else None
    if high is not None and high < low:
        raise ScopeError(f"mines {quoted}: the range is empty ({low} is more than {high})")
    return MineRange(low, high)


# ----------------------------------------------------------------------------
# Counts

def count_positions(cells: int, mine_counts: Iterable[int]) -> int:
    """The legal positions on a shape of ``cells`` = n cells with k mines for
    each k of ``mine_counts``, without symmetry: S2 any k-set; S3 any
    j-subset of the n − k safe cells that leaves a closed safe cell
    (j ≤ n − k − 1); S4 any of the n − j closed cells (a mine too)::

        Σₖ C(n, k) · Σⱼ₌₀^{n−k−1} C(n − k, j) · (n − j)
    """
    n = cells
    return sum(comb(n, k) * sum(comb(n - k, j) * (n - j) for j in range(n - k))
               for k in mine_counts if 0 <= k <= n)


def count_deals(cells: int, mine_counts: Iterable[int]) -> int:
    """The deals (placements of the mines) on ``cells`` cells: Σₖ C(n, k)."""
    return sum(comb(cells, k) for k in mine_counts if 0 <= k <= cells)
