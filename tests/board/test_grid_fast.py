"""The computed grid relation and the whole-row checks against the plain,
dict-built, cell-by-cell ways: same neighbours, equality, hashes, boards and errors."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from setmine.board import Adjacency, Board, BoardError, grid_neighbours, parse_board, parse_mine
from setmine.board.complete import Layout, assemble
from setmine.board.grid import GridAdjacency, neighbour_sums
from setmine.board.files.gridload import GridText, assemble_grid, layout_of

_KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
_HEX = {0: [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)],
        1: [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)]}


def plain(topology: str, rows: int, cols: int) -> Adjacency:
    """The relation built the plain way: one set per cell, from the steps."""
    relation = {}
    for r in range(rows):
        for c in range(cols):
            steps = _HEX[r % 2] if topology == "hex" else _KING
            if topology == "torus":
                around = {((r + dr) % rows, (c + dc) % cols) for dr, dc in steps} - {(r, c)}
            else:
                around = {(r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < rows and 0 <= c + dc < cols}
            relation[(r, c)] = around
    return Adjacency(relation)


shapes = st.tuples(st.sampled_from(["square", "torus", "hex"]), st.integers(0, 7), st.integers(0, 7))


@given(shapes)
@settings(max_examples=150, deadline=None)
def test_computed_relation_is_the_plain_one(shape):
    topology, rows, cols = shape
    fast, slow = grid_neighbours(topology, rows, cols), plain(topology, rows, cols)
    assert list(fast) == list(slow) and len(fast) == len(slow)
    assert all(fast[cell] == slow[cell] for cell in slow)
    assert fast == slow and slow == fast and not fast != slow
    assert hash(fast) == hash(slow)
    assert fast.pairs() == slow.pairs() and repr(fast) == repr(slow)
    assert fast == dict(slow.items()) and dict(fast.items()) == fast
    for key in [(rows, 0), (0, cols), (-1, 0), (0.5, 0), "0,0", (0, 0, 0), None, (True, 0), (0.0, 1.0)]:
        assert (key in fast) == (key in slow), key
        try:
            expected = slow[key]
        except KeyError:
            try:
                fast[key]
                raise AssertionError(f"{key!r} is not a cell")
            except KeyError:
                pass
        else:
            assert fast[key] == expected
    for key in ([0, 0], {0}):
        for relation in (fast, slow):
            try:
                key in relation
                raise AssertionError("an unhashable key is a TypeError, as in a dict")
            except TypeError:
                pass


@given(shapes, shapes)
@settings(max_examples=100, deadline=None)
def test_equality_between_shapes_is_that_of_the_relations(one, other):
    assert (grid_neighbours(*one) == grid_neighbours(*other)) == (plain(*one) == plain(*other))


@given(st.data())
@settings(max_examples=150, deadline=None)
def test_row_sums_count_marked_neighbours(data):
    topology = data.draw(st.sampled_from(["square", "torus", "hex"]))
    low = 3 if topology == "torus" else 1
    rows, cols = data.draw(st.integers(low, 7)), data.draw(st.integers(low, 7))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    marked = frozenset(data.draw(st.sets(st.sampled_from(cells))))
    relation = plain(topology, rows, cols)
    counts = grid_neighbours(topology, rows, cols).counts(marked)
    assert counts == {cell: len(relation[cell] & marked) for cell in cells}
    marks = [sum(1 << 4 * (cols - 1 - c) for c in range(cols) if (r, c) in marked) for r in range(rows)]
    sums = neighbour_sums(topology, cols, marks)
    assert [[(s >> 4 * (cols - 1 - c)) & 15 for c in range(cols)] for s in sums] == \
        [[counts[(r, c)] for c in range(cols)] for r in range(rows)]


@st.composite
def grid_texts(draw):
    """A grid text, mostly a consistent board or view, sometimes a wrong one."""
    topology = draw(st.sampled_from(["square", "torus", "hex"]))
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = frozenset(draw(st.sets(st.sampled_from(cells))))
    counts = {cell: len(plain(topology, rows, cols)[cell] & mines) for cell in cells}
    symbols = {cell: "*" if cell in mines else draw(st.sampled_from([str(counts[cell])] * 3 + ["."]))
               for cell in cells}
    for cell in draw(st.sets(st.sampled_from(cells))):
        symbols[cell] = "?"
    if draw(st.booleans()):  # spoil one cell
        symbols[draw(st.sampled_from(cells))] = draw(st.sampled_from("012345678.*?"))
    total = draw(st.one_of(st.none(), st.just(len(mines)), st.integers(0, len(cells) + 1)))
    move = draw(st.one_of(st.none(), st.sampled_from(cells + [(rows, 0)])))
    grid = ["".join(symbols[(r, c)] for c in range(cols)) for r in range(rows)]
    return GridText(rows=grid, topology=topology, total=total, move=move)


def outcome(make):
    try:
        return make()
    except BoardError as error:
        return str(error)


@given(grid_texts())
@settings(max_examples=400, deadline=None)
def test_whole_rows_decide_as_the_cell_by_cell_way(grid):
    relation = GridAdjacency(grid.topology, len(grid.rows), len(grid.rows[0]))
    fast = outcome(lambda: assemble_grid(grid))
    cell_by_cell = outcome(lambda: assemble(layout_of(grid, relation)))
    layout = layout_of(grid, relation)
    layout.neighbours = Adjacency(dict(plain(grid.topology, relation.rows, relation.cols).items()))
    layout.cells = tuple(layout.neighbours)
    dict_built = outcome(lambda: assemble(layout))
    assert fast == cell_by_cell == dict_built
    if isinstance(fast, Board):
        assert hash(fast) == hash(dict_built)
        assert all(fast.number(cell) == dict_built.number(cell) for cell in fast.cells)


@given(grid_texts(), st.booleans())
@settings(max_examples=200, deadline=None)
def test_readers_read_texts_as_before(grid, spaced):
    sep = " " if spaced else ""
    lines = [f"mines: {grid.total}"] if grid.total is not None else []
    lines += [f"topology: {grid.topology}"]
    text = "\n".join(lines + [sep.join(row) for row in grid.rows]) + "\n"
    board = outcome(lambda: parse_board(text))
    expected = outcome(lambda: assemble_grid(GridText(
        rows=grid.rows, topology=grid.topology, total=grid.total, source=text)))
    if isinstance(board, Board):
        assert board == expected
    else:  # the same message; the reader also locates it in the text
        assert isinstance(expected, str) and board.split("\n")[0].endswith(expected.split(": ", 1)[-1]
                                                                              .split("\n")[0])


def test_a_mine_view_reads_flags_and_hidden_cells():
    board = parse_mine("3x3x2\nF2H\n121\n000\n")
    assert board.mines == {(0, 0), (0, 2)} and board.unknown == {(0, 2)}
    assert board == assemble(Layout(rows=3, cols=3, cells=tuple(plain("square", 3, 3)),
                                    neighbours=plain("square", 3, 3), topology="square",
                                    shown={(0, 1): 2, (1, 0): 1, (1, 1): 2, (1, 2): 1, (2, 0): 0,
                                           (2, 1): 0, (2, 2): 0},
                                    known_mines={(0, 0)}, unknown={(0, 2)}, total=2))
