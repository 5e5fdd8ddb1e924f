"""The Board: one concrete Minesweeper position, the model the schema is read over.

A board is the structure the schema «КС Сапер» talks about:

* ``cells`` is the base set X1, in canonical (row-major) order;
* ``neighbours`` is S1 as an adjacency mapping (cell → frozenset of cells);
* ``mines`` is S2, ``opened`` is S3 and ``move`` is the single cell of S4
  (``None`` when S4 is empty).

Every :class:`Board` is checked when it is made, so code handed a Board may
rely on the schema's axioms: S1 is symmetric (A2) and irreflexive (A3), every
cell has a neighbour (A1), no open cell is a mine (A4), and the move, if any,
is a closed cell (A5).  A violation raises :class:`BoardError`, which names
the offending cell and, when the board came from a file, the line and column.

Besides the structure a board remembers how it was given: ``unknown`` holds
the cells whose content the player does not know (``?`` in a ``.board``
file) and ``completed`` says that setmine chose ``mines`` itself, as one
placement consistent with what the player sees (see
:mod:`setmine.board.complete`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import chain
from operator import itemgetter

from ..base.memo import without_memo
from .glyphs import cell_key

Cell = tuple[int, int]
"""A cell is ``(row, col)``, 0-based; tuples sort row-major, as wanted."""

TOPOLOGIES = ("square", "torus", "hex", "graph")


def cell_str(cell: Cell) -> str:
    """The text form of a cell used in every message and output: ``"r,c"``."""
    return cell_key(cell)


MAX_NUMBER = 10**9
"""The largest row, column or count a board may state: no board has more
cells than this, so a larger number is a mistake, not a board."""


def shorten(text: str, limit: int = 40) -> str:
    """``repr(text)``, cut to about ``limit`` characters with its length said."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"


def read_natural(text: str, what: str) -> int:
    """A non-negative decimal integer of a board file, exactly, at most
    :data:`MAX_NUMBER`.  ``what`` names the number in the error."""
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()):
        raise BoardError(f"{what}: expected a non-negative integer, got {shorten(digits)}")
    significant = digits.lstrip("0")
    if len(significant) > len(str(MAX_NUMBER)) or int(significant or "0") > MAX_NUMBER:
        shown = significant if len(significant) <= 20 else f"a number of {len(significant)} digits"
        raise BoardError(f"{what}: {shown} is larger than any board can have "
                         f"(at most {MAX_NUMBER:,})")
    return int(significant or "0")


def parse_cell(text: str) -> Cell:
    """Read ``"r,c"`` (spaces allowed around the parts) into a cell.

    Raises :class:`BoardError` for anything that is not two non-negative
    integers (at most :data:`MAX_NUMBER`) separated by a comma.
    """
    parts = text.split(",")
    if len(parts) == 2 and all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        return read_natural(parts[0], "the row"), read_natural(parts[1], "the column")
    raise BoardError(f"expected a cell 'row,col' of two non-negative integers, "
                     f"got {shorten(text.strip())}")


def plural(count: int, noun: str) -> str:
    """``plural(1, "mine")`` is ``"1 mine"``, ``plural(2, "mine")`` is ``"2 mines"``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


EXCERPT_WIDTH = 100
"""The most characters of a source line an error quotes."""


LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""Where ``str.splitlines`` breaks a line."""


def file_lines(text: str) -> list[str]:
    """The lines of a file: broken at ``\\n``, ``\\r\\n`` and ``\\r`` only, as
    an editor shows them — not at the other breaks ``str.splitlines`` knows
    (U+2028 in a board's name is a character of the name, which the board
    then refuses by name, not a line of its own)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return lines[:-1] if lines and lines[-1] == "" else lines


class BoardTooLarge(Exception):
    """A board file with more cells than the reader was allowed
    (``load_board(…, max_cells=N)``), found before the board is built:
    ``cells`` and, for a grid, ``rows`` × ``cols``."""

    def __init__(self, cells: int, rows: int | None = None, cols: int | None = None):
        shape = f"{rows}×{cols} = " if rows is not None else ""
        super().__init__(f"the board has {shape}{cells:,} cells")
        self.cells, self.rows, self.cols = cells, rows, cols


def check_cell_count(cells: int, max_cells: int | None, rows: int | None = None,
                     cols: int | None = None) -> None:
    """Raise :class:`BoardTooLarge` when ``cells`` passes ``max_cells``."""
    if max_cells is not None and cells > max_cells:
        raise BoardTooLarge(cells, rows, cols)


class BoardError(Exception):
    """A board that cannot be read or does not satisfy the schema's axioms.

    ``str(error)`` is ``file:line:col: message``; the parts that are unknown
    are left out (a board built in code has no file).  When the offending
    source line is known, a caret excerpt follows on two more lines::

        boards/bad.board:4:3: cell 1,1 shows 2 but has 1 mine around it
        . 2 .
          ^
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None,
                 cell: Cell | None = None, *, path: str | None = None,
                 source_line: str | None = None):
        self.message = message
        self.line = line
        self.column = column
        self.cell = cell
        self.path = path
        self.source_line = source_line
        super().__init__(message)

    def located(self, *, path: str | None = None, line: int | None = None,
                column: int | None = None, source_line: str | None = None) -> "BoardError":
        """The same error with the location parts that it still lacks filled in."""
        return BoardError(
            self.message,
            self.line if self.line is not None else line,
            self.column if self.column is not None else column,
            self.cell,
            path=self.path if self.path is not None else path,
            source_line=self.source_line if self.source_line is not None else source_line,
        )

    def excerpt(self) -> str:
        """The source line with a caret under the column (empty if unknown)."""
        if self.source_line is None or self.column is None:
            return ""
        line, at = self.source_line, self.column - 1
        if len(line) > EXCERPT_WIDTH:  # a window around the column, its cuts marked "…"
            start = max(0, min(at - EXCERPT_WIDTH // 2, len(line) - EXCERPT_WIDTH))
            end = start + EXCERPT_WIDTH
            line = ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")
            at = at - start + (1 if start else 0)
        # Keep tabs in the caret line so that the caret stays under its column.
        lead = "".join(ch if ch == "\t" else " " for ch in line[:at])
        return f"{line}\n{lead}^"

    def __str__(self) -> str:
        where = [part for part in (self.path, self.line, self.column) if part is not None]
        if self.line is not None and self.path is None:
            where.insert(0, "<board>")
        head = ":".join(str(part) for part in where)
        text = f"{head}: {self.message}" if head else self.message
        excerpt = self.excerpt()
        return f"{text}\n{excerpt}" if excerpt else text


class Adjacency(Mapping[Cell, frozenset[Cell]]):
    """A read-only, hashable neighbour mapping: S1 as cell → neighbours.

    It remembers for which tuple of cells it has been checked against the
    axioms A1–A3, so boards derived from one another (``with_move`` …) do
    not check the same relation again.
    """

    __slots__ = ("_map", "_hash", "_checked_for")

    def __init__(self, data: Mapping[Cell, Iterable[Cell]]):
        self._map: dict[Cell, frozenset[Cell]] = {
            (int(c[0]), int(c[1])): frozenset((int(n[0]), int(n[1])) for n in ns)
            for c, ns in data.items()
        }
        self._hash: int | None = None
        self._checked_for: tuple[Cell, ...] | None = None

    @classmethod
    def of_cells(cls, data: dict[Cell, frozenset[Cell]]) -> "Adjacency":
        """Wrap a mapping already made of int-pair cells and frozensets,
        without copying it (the cell-by-cell baseline of bench/board_load.py)."""
        made = cls.__new__(cls)
        made._map, made._hash, made._checked_for = data, None, None
        return made

    def __getitem__(self, cell: Cell) -> frozenset[Cell]:
        return self._map[cell]

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._map)

    def __len__(self) -> int:
        return len(self._map)

    def __contains__(self, cell: object) -> bool:
        return cell in self._map

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._map.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(self) is Adjacency and type(other) is Adjacency:
            return self._map == other._map  # type: ignore[union-attr]
        if type(self) is Adjacency and isinstance(other, Mapping) and not isinstance(other, Adjacency):
            return self._map == dict(other.items())
        if isinstance(other, Mapping):  # a computed relation: compared cell by cell
            return len(self) == len(other) and all(
                cell in other and other[cell] == around for cell, around in self.items())
        return NotImplemented

    def __repr__(self) -> str:
        edges = sum(len(ns) for ns in self._map.values()) // 2
        return f"Adjacency({len(self._map)} cells, {edges} edges)"

    def pairs(self) -> frozenset[tuple[Cell, Cell]]:
        """S1 as a set of ordered pairs, both directions of every edge."""
        return frozenset((a, b) for a, ns in self._map.items() for b in ns)


def check_relation(cells: tuple[Cell, ...], neighbours: Mapping[Cell, frozenset[Cell]]) -> None:
    """Check S1 against the axioms; raise :class:`BoardError` naming a cell.

    A1: every cell has a neighbour; A2: the relation is symmetric; A3: no
    cell is its own neighbour.  Also every neighbour must be a cell of the
    board, and every cell must have an entry.
    """
    known = set(cells)
    relation = neighbours._map if type(neighbours) is Adjacency else neighbours
    for cell in cells:
        if cell not in relation:
            raise BoardError(f"cell {cell_str(cell)} has no entry in the neighbour relation", cell=cell)
    if len(relation) != len(known):
        for cell in relation:
            if cell not in known:
                raise BoardError(f"the neighbour relation names {cell_str(cell)}, which is not a cell",
                                 cell=cell)
    for cell in cells:
        around = relation[cell]
        if not around:
            raise BoardError(f"cell {cell_str(cell)} has no neighbour (axiom A1)", cell=cell)
        if cell in around:
            raise BoardError(f"cell {cell_str(cell)} is its own neighbour (axiom A3)", cell=cell)
        if all(other in known and cell in relation[other] for other in around):
            continue
        for other in sorted(around):  # name the first offender
            if other not in known:
                raise BoardError(f"cell {cell_str(cell)} has neighbour {cell_str(other)}, "
                                 "which is not a cell", cell=cell)
            if cell not in relation[other]:
                raise BoardError(f"cell {cell_str(cell)} has neighbour {cell_str(other)} but "
                                 f"{cell_str(other)} does not have {cell_str(cell)} (axiom A2)",
                                 cell=cell)


def _cell(value: object) -> Cell:
    row, col = value  # type: ignore[misc]
    return int(row), int(col)


def _own_cells(neighbours: Mapping[Cell, frozenset[Cell]], cells: object) -> bool:
    """Whether ``cells`` is the sorted tuple of int pairs that a computed
    relation made itself (then it needs no normalising)."""
    own = getattr(neighbours, "is_cells", None)
    return own is not None and own(cells)


def _within(group: frozenset[Cell], rows: int, cols: int) -> bool:
    """Whether every cell of ``group`` (int pairs) lies in the rows×cols grid."""
    if not group:
        return True
    return (min(map(itemgetter(0), group)) >= 0 and max(map(itemgetter(0), group)) < rows
            and min(map(itemgetter(1), group)) >= 0 and max(map(itemgetter(1), group)) < cols)


def _plain_cells(group: object) -> bool:
    """Whether ``group`` is a frozenset of ``(int, int)`` tuples already, so
    that normalising it would give an equal set (checked at C speed)."""
    if type(group) is not frozenset:
        return False
    if not group:
        return True
    return (set(map(type, group)) == {tuple} and set(map(len, group)) == {2}
            and set(map(type, chain.from_iterable(group))) == {int})


@dataclass(frozen=True, repr=False)
class Board:
    """One position: X1, S1…S4 and what the player knows.

    Made by the readers in :mod:`setmine.board` or directly; the constructor
    accepts any iterables/mappings and normalises them (cells sorted, sets
    frozen, the relation wrapped read-only), then checks the axioms.
    """

    rows: int
    cols: int
    cells: tuple[Cell, ...]
    neighbours: Mapping[Cell, frozenset[Cell]]
    mines: frozenset[Cell]
    opened: frozenset[Cell]
    move: Cell | None
    total_mines: int
    topology: str
    name: str = ""
    unknown: frozenset[Cell] = frozenset()
    completed: bool = False

    def __post_init__(self) -> None:
        put = object.__setattr__
        if not isinstance(self.neighbours, Adjacency):
            put(self, "neighbours", Adjacency(self.neighbours))
        if not _own_cells(self.neighbours, self.cells):
            put(self, "cells", tuple(sorted({_cell(c) for c in self.cells})))
        for name in ("mines", "opened", "unknown"):
            group = getattr(self, name)
            if not _plain_cells(group):
                put(self, name, frozenset(_cell(c) for c in group))
        if self.move is not None:
            put(self, "move", _cell(self.move))
        self._check()

    def __getstate__(self) -> dict:   # what its pictures kept (``base.memo``) stays here
        return without_memo(self.__dict__)

    # -- invariants ---------------------------------------------------------

    def _check(self) -> None:
        if self.topology not in TOPOLOGIES:
            raise BoardError(f"unknown topology {self.topology!r} (expected one of: {', '.join(TOPOLOGIES)})")
        if self.rows < 1 or self.cols < 1:
            raise BoardError(f"a board needs at least one row and one column, got {self.rows}×{self.cols}")
        if not self.cells:
            raise BoardError("a board needs at least one cell")
        breaks = [c for c in self.name if c in LINE_BREAKS]
        if breaks:   # every line-based output (a .board header, a report's title) splits there
            raise BoardError(f"the board's name holds a line break (U+{ord(breaks[0]):04X}); a "
                             f"name is one line")
        adjacency = self.neighbours
        assert isinstance(adjacency, Adjacency)
        own = _own_cells(adjacency, self.cells)
        if not (own and adjacency.rows <= self.rows and adjacency.cols <= self.cols):  # type: ignore[attr-defined]
            for cell in self.cells:
                if not (0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols):
                    raise BoardError(f"cell {cell_str(cell)} lies outside the {self.rows}×{self.cols} grid",
                                     cell=cell)
        checked = adjacency._checked_for
        if checked is not self.cells and checked != self.cells:
            check_relation(self.cells, adjacency)
            adjacency._checked_for = self.cells
        groups = (("mine", self.mines), ("open cell", self.opened), ("unknown cell", self.unknown))
        if own and all(_within(group, adjacency.rows, adjacency.cols)  # type: ignore[attr-defined]
                       for _, group in groups):
            known: frozenset[Cell] | None = None  # every cell of the grid is a cell: no set needed
        else:
            known = frozenset(self.cells)
        for label, group in groups:
            if known is None or group <= known:
                continue
            for cell in sorted(group):
                if cell not in known:
                    raise BoardError(f"{label} {cell_str(cell)} is not a cell of the board", cell=cell)
        for cell in sorted(self.opened & self.mines):
            raise BoardError(f"cell {cell_str(cell)} is open but is a mine (axiom A4)", cell=cell)
        for cell in sorted(self.opened & self.unknown):
            raise BoardError(f"cell {cell_str(cell)} is open but marked unknown", cell=cell)
        if self.move is not None:
            if self.move not in (known if known is not None else adjacency):
                raise BoardError(f"move {cell_str(self.move)} is outside the board "
                                 f"({self.rows} rows × {self.cols} columns)", cell=self.move)
            if self.move in self.opened:
                raise BoardError(f"move {cell_str(self.move)} is on an open cell (axiom A5)", cell=self.move)
        if self.total_mines != len(self.mines):
            raise BoardError(f"total_mines is {self.total_mines} but the board has "
                             f"{plural(len(self.mines), 'mine')}")

    # -- what a cell shows ----------------------------------------------------

    def number(self, cell: Cell) -> int:
        """The number of mines among the cell's neighbours."""
        numbers: dict[Cell, int] | None = self.__dict__.get("_numbers")  # a cache, not a field
        if numbers is None:
            mines = self.mines
            counts = getattr(self.neighbours, "counts", None)  # a grid counts whole rows at once
            numbers = counts(mines) if counts is not None else \
                {c: len(ns & mines) for c, ns in self.neighbours.items()}
            object.__setattr__(self, "_numbers", numbers)
        return numbers[cell]

    def closed(self) -> frozenset[Cell]:
        """X1 ∖ S3: the cells not open (the schema's D1, the possible moves)."""
        return frozenset(self.cells) - self.opened

    def shown(self) -> dict[Cell, int]:
        """What the player sees: each open cell with its number, row-major."""
        return {cell: self.number(cell) for cell in self.cells if cell in self.opened}

    def known_mines(self) -> frozenset[Cell]:
        """The mines the player knows of (given as ``*``, not completed)."""
        return self.mines - self.unknown

    # -- small immutable helpers ---------------------------------------------

    def with_move(self, cell: Cell | None) -> "Board":
        """The same board with S4 = {cell} (or ∅ for ``None``)."""
        return replace(self, move=cell)

    def with_opened(self, cells: Iterable[Cell]) -> "Board":
        """The board with more open cells; a move onto one of them is dropped.

        Opened cells stop being unknown.  Opening a mine raises BoardError.
        """
        opened = self.opened | frozenset(_cell(c) for c in cells)
        move = None if self.move in opened else self.move
        return replace(self, opened=opened, move=move, unknown=self.unknown - opened)

    def with_mines(self, mines: Iterable[Cell]) -> "Board":
        """Another placement of mines (total follows); unknown cells stay unknown."""
        mines = frozenset(_cell(c) for c in mines)
        return replace(self, mines=mines, total_mines=len(mines))

    def as_view(self) -> "Board":
        """The player's view of this board: every closed cell unknown."""
        return replace(self, unknown=self.closed(), completed=False)

    def _repr_svg_(self) -> str:
        """A notebook shows a board as its picture, mines included."""
        from .svg import board_svg

        return board_svg(self, show_mines=True, standalone=True, titles=True,
                         label=self.name or repr(self))

    def __repr__(self) -> str:
        parts = [f"{self.rows}×{self.cols} {self.topology}", plural(self.total_mines, "mine"),
                 f"{len(self.opened)} open"]
        if self.move is not None:
            parts.append(f"move {cell_str(self.move)}")
        if self.unknown:
            parts.append(f"{len(self.unknown)} unknown" + (", completed" if self.completed else ""))
        if self.name:
            parts.append(repr(self.name))
        return f"Board({', '.join(parts)})"
