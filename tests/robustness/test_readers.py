"""Every reader gives a value or its documented error — never another exception.

Issue 11, items A2 (numbers past Python's int limit), A3 (reader edge
cases), A4 (aliases), A5 (long chains), A7 (``import -o``), A9 (board size)
and the minesweepr hint: one named regression test per class of input, then
hypothesis fuzzing of each reader with arbitrary and mutated input, and of
``setmine import`` end to end (its output read back by ``setmine spec``).
"""

from __future__ import annotations

import io
import json
import os
import stat
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setmine import rsl
from setmine.board import (BoardError, parse_board, parse_cell, parse_graph_json,
                           parse_mine, parse_minesweepr, write_graph_json)
from setmine.board.board import MAX_NUMBER
from setmine.cli import main
from setmine.exteor import (Document, ExteorError, Record, read_exteor_bytes, read_exteor_text,
                            text_to_bytes, trs_bytes)
from setmine.rsl.syntax.parser import MAX_DIGITS, MAX_NESTING

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "spec" / "boards"
SEED_TEXT = (ROOT / "spec" / "saper.exteor.txt").read_text(encoding="utf-8")
SCHEMA_TEXT = (ROOT / "spec" / "saper.rsl").read_text(encoding="utf-8")
HUGE = "9" * 5000
SMALL_BOARD = "1 *\n1 1\n"


def board_error(reader, *args) -> BoardError:
    with pytest.raises(BoardError) as caught:
        reader(*args)
    return caught.value


def assert_short(error: Exception) -> None:
    """A message about a huge number says its length, not its digits."""
    assert "9" * 200 not in str(error)


# -- A2: numbers past Python's 4,300-digit int limit --------------------------

def test_huge_mines_header_in_a_board_file():
    error = board_error(parse_board, f"mines: {HUGE}\n{SMALL_BOARD}", "b.board")
    assert (error.line, error.column) == (1, 8)
    assert "mines: a number of 5000 digits is larger than any board can have" in error.message
    assert_short(error)


def test_huge_move_in_a_board_file():
    error = board_error(parse_board, f"move: {HUGE},0\n{SMALL_BOARD}", "b.board")
    assert (error.line, error.column) == (1, 7)
    assert "move: the row: a number of 5000 digits" in error.message
    assert_short(error)


def test_large_but_sane_numbers_are_read_exactly():
    error = board_error(parse_board, f"mines: 000{MAX_NUMBER}\n{SMALL_BOARD}")
    assert error.message == f"mines: {MAX_NUMBER} but the grid has 1 mine"
    error = board_error(parse_board, f"mines: {MAX_NUMBER + 1}\n{SMALL_BOARD}")
    assert error.message == (f"mines: {MAX_NUMBER + 1} is larger than any board can have "
                             f"(at most {MAX_NUMBER:,})")


@pytest.mark.parametrize("header, column, what", [
    (f"{HUGE}x1x1", 1, "the width"), (f"1x{HUGE}x1", 3, "the height"),
    (f"2x1x{HUGE}", 5, "the mine count")])
def test_huge_numbers_in_a_mine_header(header, column, what):
    error = board_error(parse_mine, f"{header}\nHH\n", "a.mine")
    assert (error.line, error.column) == (1, column)
    assert error.message.startswith(f"{what}: a number of 5000 digits")
    assert_short(error)


@pytest.mark.parametrize("field, text, message", [
    ("cells", '{"cells": [[%s, 0]], "neighbours": []}' % HUGE,
     "'cells'[0]: expected a cell [row, col] or \"row,col\" of integers from 0 to 1,000,000,000, "
     "got [\"a number of 5000 digits\", 0]"),
    ("total_mines", '{"cells": [[0,0],[0,1]], "neighbours": [[0,1]], "total_mines": %s}' % HUGE,
     "'total_mines' must be an integer from 0 to 1,000,000,000, got a number of 5000 digits"),
    ("edge", '{"cells": [[0,0],[0,1]], "neighbours": [[0, %s]]}' % HUGE,
     "'neighbours': expected an edge [i, j] of cell indices, got [0, \"a number of 5000 "
     "digits\"]"),
    ("string cell", '{"cells": ["%s,0"], "neighbours": []}' % HUGE,
     "'cells'[0]: the row: a number of 5000 digits is larger than any board can have "
     "(at most 1,000,000,000)"),
    ("NaN", '{"cells": [[0,0],[0,1]], "neighbours": [[0,1]], "total_mines": NaN}',
     "'total_mines' must be an integer from 0 to 1,000,000,000, got NaN"),
    ("1e999", '{"cells": [[0,0],[0,1]], "neighbours": [[0,1]], "total_mines": 1e999}',
     "'total_mines' must be an integer from 0 to 1,000,000,000, got Infinity"),
])
def test_huge_numbers_in_a_json_board(field, text, message):
    error = board_error(parse_graph_json, text, "g.json")
    assert error.message == message
    assert str(error).startswith("g.json: ")


def test_huge_numbers_in_a_modern_trs():
    document = '{"type": "rsform", "version": %s, "items": []}' % HUGE
    with pytest.raises(ExteorError) as caught:
        read_exteor_bytes(zipped(document))
    assert caught.value.detail == "expected $.version to be an integer, found a number of 5000 digits"


def test_huge_cell_argument():
    error = board_error(parse_cell, f"{HUGE},1")
    assert error.message.startswith("the row: a number of 5000 digits")
    assert_short(error)


def test_huge_cell_argument_of_explain(capsys):
    code = main(["explain", str(BOARDS / "tiny-2x2.board"), "D1", f"1,{HUGE}"])
    err = capsys.readouterr().err
    assert code == 2
    assert "5000 digits" in err
    assert_short(err)


@pytest.mark.parametrize("text, start", [(HUGE, 0), ("1+" + HUGE, 2), (f"Pr{HUGE}(X1)", 0)])
def test_huge_integer_in_a_formula(text, start):
    with pytest.raises(rsl.RSLError) as caught:
        rsl.parse(text)
    assert caught.value.span[0] == start
    assert f"has 5000 digits; at most {MAX_DIGITS} are supported" in caught.value.message


# -- A3: reader edge cases ----------------------------------------------------

def test_deeply_nested_json_board():
    depth = 100_000
    error = board_error(parse_graph_json, "[" * depth + "]" * depth, "g.json")
    assert error.message.startswith("invalid JSON: nesting too deep")
    assert (error.line, error.column) == (1, 501)
    assert len(str(error)) < 500


def test_deeply_nested_trs():
    with pytest.raises(ExteorError) as caught:
        read_exteor_bytes(zipped("[" * 100_000))
    assert "nesting too deep" in str(caught.value)


@pytest.mark.parametrize("header", ["2x0x0", "0x2x0", "0x0x0"])
def test_mine_file_without_rows_or_columns(header):
    error = board_error(parse_mine, f"{header}\n", "a.mine")
    assert "a board needs at least one row and one column" in error.message
    assert error.line == 1


def test_long_lines_are_quoted_as_a_window():
    error = board_error(parse_board, "1 " * 5000 + "x\n", "b.board")
    excerpt = error.excerpt().splitlines()
    assert len(excerpt[0]) < 120 and excerpt[0].startswith("…")
    assert excerpt[0][len(excerpt[1]) - 1] == "x"  # the caret is under the offending symbol


def test_minesweepr_without_total_says_how_to_give_it(tmp_path, capsys):
    board = tmp_path / "b.txt"
    board.write_text("x 1\n1 1\n", encoding="utf-8")
    assert main(["solve", str(board)]) == 2
    assert "give it on the command line as --mines N" in capsys.readouterr().err


# -- A4: aliases ----------------------------------------------------------------

@pytest.mark.parametrize("text, alias", [("D0:==\nR0", "R0"), ("X1\nR1 :== X1", "R1")])
def test_a_radical_is_not_an_alias(text, alias):
    with pytest.raises(rsl.RSLError) as caught:
        rsl.Schema.parse(text, "s.rsl")
    assert caught.value.line == 2 and caught.value.column == 1
    assert caught.value.message.startswith(f"{alias} is a radical")


def seed(*records: tuple[str, str, str], title: str = "T") -> bytes:
    return trs_bytes(Document(title, "A", "", "rsform 16", tuple(
        Record(alias, kind, "", formal, "", "") for alias, kind, formal in records)))


BASIC = ("X1", "basic", "")


@pytest.mark.parametrize("records, message", [
    ((BASIC, ("", "term", "X1")), "constituent 2 of the seed (''): '' is not an alias"),
    ((BASIC, ("D1\nD2", "term", "X1")), "constituent 2 of the seed ('D1\\nD2'): 'D1\\nD2' is not"),
    ((BASIC, BASIC), "constituent 2 of the seed ('X1'): X1 is already constituent 1"),
    ((BASIC, ("R1", "term", "X1")), "constituent 2 of the seed ('R1'): R1 is a radical"),
], ids=["empty", "newline", "duplicate", "radical"])
def test_import_rejects_aliases_it_could_not_read_back(tmp_path, capsys, records, message):
    source, target = tmp_path / "seed.trs", tmp_path / "out.rsl"
    source.write_bytes(seed(*records))
    assert main(["import", str(source), "-o", str(target)]) == 2
    assert message in capsys.readouterr().err
    assert not target.exists()
    assert os.listdir(tmp_path) == ["seed.trs"]


def test_import_keeps_a_kind_the_letter_does_not_say(tmp_path, capsys):
    """ConceptPortal and Exteor take a constituent's kind from its record,
    not its alias's letter: S9 may be a term; the .rsl says so."""
    source, target = tmp_path / "seed.trs", tmp_path / "out.rsl"
    source.write_bytes(seed(BASIC, ("S9", "term", "X1")))
    assert main(["import", str(source), "-o", str(target)]) == 0
    assert "S9 :== X1\n  kind: term\n" in target.read_text(encoding="utf-8")
    assert main(["spec", str(target), "--json"]) == 0
    rows = {r["alias"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["S9"]["kind"] == "term" and rows["S9"]["type"] == "ℬ(X1)"


# -- A5: long flat chains ------------------------------------------------------

@pytest.mark.parametrize("alias, formula, typification", [
    ("D1", "∪".join(["X1"] * 300), "ℬ(X1)"),
    ("A1", " & ".join(["X1=X1"] * 400), "Logic"),
    ("D1", "+".join(["card(X1)"] * 400), "Z"),
    ("D1", "card(" + "∩".join(["X1"] * 3000) + ")", "Z"),
])
def test_long_chains_are_typed(alias, formula, typification):
    schema = rsl.Schema.parse(f"X1\n{alias} :== {formula}\n")
    assert schema.typify(alias) == typification
    tree = schema.tree(alias)
    assert str(rsl.parse(rsl.unicode(tree))) == str(tree)  # (== on trees recurses)
    assert str(tree).count("[") == sum(1 for _ in tree.walk())


def test_long_chain_through_the_spec_command(tmp_path, capsys):
    path = tmp_path / "s.rsl"
    path.write_text("X1\nD1 :== " + "∪".join(["X1"] * 300) + "\n", encoding="utf-8")
    assert main(["spec", str(path)]) == 0


def test_deep_nesting_is_an_error_at_the_node():
    text = "ℬ(" * (MAX_NESTING + 5) + "X1" + ")" * (MAX_NESTING + 5)
    with pytest.raises(rsl.RSLError) as caught:
        rsl.parse(text)
    assert "nested too deeply" in caught.value.message
    assert caught.value.span[0] == len("ℬ(") * MAX_NESTING


def test_a_long_chain_of_definitions():
    count = 3000
    text = "X1\n" + "".join(f"D{i} :== D{i + 1}\n" for i in range(1, count)) + f"D{count} :== X1\n"
    assert rsl.Schema.parse(text).typify("D1") == "ℬ(X1)"


# -- A7: setmine import -o -------------------------------------------------------

@pytest.fixture
def good_seed(tmp_path) -> Path:
    path = tmp_path / "seed.trs"
    path.write_bytes(seed(BASIC, ("D1", "term", "X1")))
    return path


def test_import_into_a_folder(tmp_path, good_seed, capsys):
    (tmp_path / "folder").mkdir()
    assert main(["import", str(good_seed), "-o", str(tmp_path / "folder")]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_import_into_a_missing_folder(tmp_path, good_seed, capsys):
    assert main(["import", str(good_seed), "-o", str(tmp_path / "nope" / "x.rsl")]) == 2
    assert f"the folder {tmp_path / 'nope'} does not exist" in capsys.readouterr().err
    assert not (tmp_path / "nope").exists()


def test_import_without_permission(tmp_path, good_seed, capsys, monkeypatch):
    real_open = os.open

    def refuse(path, *args, **kwargs):
        if str(path).endswith(".tmp"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    assert main(["import", str(good_seed), "-o", str(tmp_path / "x.rsl")]) == 2
    assert "cannot write" in capsys.readouterr().err and not (tmp_path / "x.rsl").exists()


def test_import_over_a_file_that_is_not_utf8(tmp_path, good_seed, capsys):
    target = tmp_path / "x.rsl"
    target.write_bytes(b"\xff\xfe not text")
    assert main(["import", str(good_seed), "-o", str(target)]) == 2
    assert "is not UTF-8 text" in capsys.readouterr().err
    assert target.read_bytes() == b"\xff\xfe not text"


def test_import_of_a_lone_surrogate(tmp_path, capsys):
    source = tmp_path / "seed.trs"
    source.write_bytes(seed(BASIC, ("D1", "term", "X1\ud800")))
    assert main(["import", str(source), "-o", str(tmp_path / "x.rsl")]) == 2
    assert "its formal definition holds U+D800" in capsys.readouterr().err
    assert sorted(os.listdir(tmp_path)) == ["seed.trs"]


def test_import_keeps_the_permissions_of_the_file_it_replaces(tmp_path, good_seed):
    target = tmp_path / "x.rsl"
    assert main(["import", str(good_seed), "-o", str(target)]) == 0
    target.chmod(0o640)
    assert main(["import", str(good_seed), "-o", str(target)]) == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(os.listdir(tmp_path)) == ["seed.trs", "x.rsl"]


# -- fuzzing: every reader, arbitrary and mutated input ------------------------

FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PIECES = st.sampled_from(["0", "9", HUGE, "-1", "x", ",", ":", "\n", " ", "[", "]", "{", "}",
                          '"', "*", "?", ".", "H", "F", "∪", "&", "(", ")", "R1", "D", "\ud800",
                          "\x00", "mines: ", "move: ", "1e999", "NaN", "[" * 3000])


@st.composite
def mutated(draw, seed: str) -> str:
    """``seed`` with a few pieces inserted, deleted or replaced."""
    text = seed
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 5))
        text = text[:at] + draw(st.one_of(PIECES, st.text(max_size=4))) + text[at + cut:]
    return text


def board_seeds() -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted(BOARDS.glob("*.board"))
            if path.stat().st_size < 2000]


TEXTS = st.one_of(st.text(max_size=60), st.sampled_from(board_seeds()).flatmap(mutated))


@FUZZ
@given(TEXTS)
def test_fuzz_parse_board(text):
    try:
        parse_board(text, "f.board")
    except BoardError as error:
        assert str(error).startswith("f.board")


GRAPH_SEED = write_graph_json(parse_board((BOARDS / "tiny-2x2.board").read_text(encoding="utf-8")))


@FUZZ
@given(st.one_of(st.text(max_size=60), mutated(GRAPH_SEED)))
def test_fuzz_graph_json(text):
    try:
        parse_graph_json(text, "f.json")
    except BoardError as error:
        assert str(error).startswith("f.json")


MINE_SEED = "3x3x1\n1 1 1\n1 H 1\n1 1 1\n"
SWEEPR_SEED = "1 1 1\n1 x 1\n1 1 1\n"


@FUZZ
@given(st.one_of(st.text(max_size=40), mutated(MINE_SEED)))
def test_fuzz_parse_mine(text):
    try:
        parse_mine(text, "f.mine")
    except BoardError:
        pass


@FUZZ
@given(st.one_of(st.text(max_size=40), mutated(SWEEPR_SEED)), st.integers(-2, 12))
def test_fuzz_parse_minesweepr(text, mines):
    try:
        parse_minesweepr(text, mines, "f.txt")
    except BoardError:
        pass


@FUZZ
@given(st.one_of(st.text(max_size=30), st.binary(max_size=30).map(lambda b: b.decode("latin-1"))))
def test_fuzz_parse_cell(text):
    try:
        parse_cell(text)
    except BoardError:
        pass


@FUZZ
@given(mutated(SEED_TEXT))
def test_fuzz_exteor_text_dump(text):
    try:
        read_exteor_text(text)
    except ExteorError:
        pass


RAW_SEED = text_to_bytes(SEED_TEXT)
TRS_SEED = trs_bytes(read_exteor_text(SEED_TEXT))


@st.composite
def mutated_bytes(draw, seed: bytes) -> bytes:
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        data[at:at + draw(st.integers(0, 4))] = draw(st.binary(max_size=4))
    return bytes(data)


def zipped(document: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("document.json", document)
    return buffer.getvalue()


TRS_JSON = zipfile.ZipFile(io.BytesIO(TRS_SEED)).read("document.json").decode("utf-8")


@FUZZ
@given(st.one_of(st.binary(max_size=40), mutated_bytes(RAW_SEED), mutated_bytes(TRS_SEED),
                 mutated(TRS_JSON).map(lambda t: zipped(t.encode("utf-8", "surrogatepass")
                                                        .decode("utf-8", "replace")))))
def test_fuzz_exteor_bytes(data):
    try:
        read_exteor_bytes(data)
    except ExteorError:
        pass


@FUZZ
@given(st.one_of(st.text(max_size=60), mutated(SCHEMA_TEXT)))
def test_fuzz_schema_file(text):
    try:
        schema = rsl.Schema.parse(text, "f.rsl")
    except rsl.RSLError:
        return
    for analysis in schema.analysis.values():  # errors are kept per constituent, never raised
        assert analysis.error is None or isinstance(analysis.error, rsl.RSLError)


FORMULAS = [c.formal for c in rsl.Schema.parse(SCHEMA_TEXT).constituents if c.formal]
SCHEMA = rsl.Schema.parse(SCHEMA_TEXT)


@FUZZ
@given(st.one_of(st.text(max_size=40), st.sampled_from(FORMULAS).flatmap(mutated)))
def test_fuzz_parse_and_typify(text):
    try:
        SCHEMA.typify(text)
    except rsl.RSLError:
        pass


# -- fuzzing setmine import end to end ------------------------------------------

@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(mutated_bytes(TRS_SEED), mutated_bytes(RAW_SEED),
                 mutated(TRS_JSON).map(lambda t: zipped(t.encode("utf-8", "surrogatepass")
                                                        .decode("utf-8", "replace")))))
def test_fuzz_import_then_spec(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("import")
    source, target = folder / "seed.trs", folder / "out.rsl"
    source.write_bytes(data)
    code = main(["import", str(source), "-o", str(target)])
    assert code in (0, 2)
    if code == 2:
        assert sorted(os.listdir(folder)) == ["seed.trs"]
        return
    rsl.Schema.load(target)  # what import writes, the reader reads
    # 1: the schema reads but some constituent has a syntax or type error
    assert main(["spec", str(target), "--json"]) in (0, 1)


# -- A9: size and memory -------------------------------------------------------

def test_far_apart_json_cells_do_not_allocate_per_coordinate():
    text = json.dumps({"cells": [[0, 0], [100_000, 100_000]], "neighbours": [[0, 1]]})
    board = parse_graph_json(text)
    assert (board.rows, board.cols) == (100_001, 100_001) and len(board.cells) == 2


def checkerboard_view(n: int) -> str:
    """A view whose open cells (r + c even) show the numbers of a random
    placement on the other cells, all unknown: one wide frontier."""
    import random

    draw = random.Random(1)
    mines = {(r, c) for r in range(n) for c in range(n) if (r + c) % 2 and draw.random() < 0.5}
    rows = [" ".join("?" if (r + c) % 2 else
                     str(sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1)))
                     for c in range(n)) for r in range(n)]
    return f"mines: {len(mines)}\n" + "\n".join(rows) + "\n"


def test_an_entangled_view_stops_early_with_a_clear_error(monkeypatch):
    import setmine.board.complete as complete

    assert parse_board(checkerboard_view(12)).completed
    monkeypatch.setattr(complete, "KEPT_LIMIT", 500)
    error = board_error(parse_board, checkerboard_view(12))
    assert error.message.startswith("cannot complete this view: its shown numbers are too "
                                    "entangled (at cell 46 of the 72 next to numbers")
    monkeypatch.setattr(complete, "KEPT_LIMIT", 10**9)
    monkeypatch.setattr(complete, "STATE_LIMIT", 1)
    assert "too entangled" in board_error(parse_board, checkerboard_view(12)).message


GRAPH = ('{{"name": {name}, "cells": [[0,0],[0,1]], "neighbours": [[0,1]], '
         '"opened": [[0,0]], "move": [0,1]{extra}}}')


@pytest.mark.parametrize("name, extra, escape", [
    (r'"ring \ud800"', "", r"\ud800"),              # a high half alone
    (r'"ring \udc00 x"', "", r"\udc00"),            # a low half alone
    ('"ring"', r', "\ud83d": 1', r"\ud83d"),        # in a key
], ids=["high", "low", "key"])
def test_a_lone_surrogate_in_a_json_board_is_an_error_at_its_escape(name, extra, escape):
    text = GRAPH.format(name=name, extra=extra)
    error = board_error(parse_graph_json, text, "g.json")
    assert escape in error.message and "surrogate" in error.message
    assert error.column == text.index(escape) + 1


def test_a_surrogate_pair_is_a_character():
    board = parse_graph_json(GRAPH.format(name=r'"ring \ud83d\ude00"', extra=""), "g.json")
    assert board.name == "ring 😀"


@pytest.mark.parametrize("command", ["eval", "check", "solve", "explain", "crosscheck", "observe",
                                     "report", "verify --shapes", "play --board"])
def test_every_command_reports_a_lone_surrogate_without_a_traceback(tmp_path, capsys, command):
    path = tmp_path / "g.json"
    path.write_text(GRAPH.format(name=r'"ring \ud800"', extra=""), encoding="utf-8")
    argv = command.split() + [str(path)] + (["D1"] if command == "explain" else []) + \
        (["-o", str(tmp_path / "page.html")] if command == "report" else [])
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "surrogate" in err and "Traceback" not in err and "g.json:1:16" in err
