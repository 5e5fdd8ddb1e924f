"""setmine in a notebook: the tour executes in a real kernel, and the
displays of a board, a value, a game and a failure, checked without one."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest

from setmine import resources
from setmine.board import load_board
from setmine.eval.values.budget import Budget
from setmine.pictures import notebook
from setmine.pictures.notebook import defects, evaluate, play, show
from setmine.rsl.schema import Schema

DOCS = Path(__file__).resolve().parents[2] / "docs"
TOUR = DOCS / "tour.ipynb"
NS = "{http://www.w3.org/2000/svg}"
MIDGAME = "beginner-midgame"


def members(markup: str) -> set[tuple[int, int]]:
    """The cells an HTML or SVG picture lights (``data-member``)."""
    cells = set()
    for g in re.finditer(r'<g [^>]*data-cell="(\d+),(\d+)"[^>]*>', markup):
        if 'data-member="1"' in g.group(0):
            cells.add((int(g.group(1)), int(g.group(2))))
    return cells


# ---------------------------------------------------------------------------
# The tour


def test_the_tour_is_committed_as_its_script_writes_it():
    spec = importlib.util.spec_from_file_location("make_tour", DOCS / "make_tour.py")
    make_tour = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_tour)
    committed = nbformat.read(TOUR, as_version=4)
    nbformat.validate(committed)
    assert all(not c.get("outputs") and c.get("execution_count") is None
               for c in committed.cells if c.cell_type == "code"), "commit the tour without outputs"
    written = make_tour.notebook()
    assert [(c.cell_type, c.id, c.source) for c in committed.cells] == \
        [(c.cell_type, c.id, c.source) for c in written.cells], \
        "docs/tour.ipynb is not docs/make_tour.py's: run `python docs/make_tour.py`"


def test_the_tour_executes_and_draws(tmp_path):
    from nbclient import NotebookClient

    nb = nbformat.read(TOUR, as_version=4)
    # the kernel: ipykernel's spec "python3", installed with the test extra; jupyter_client
    # starts it with this interpreter (sys.executable), so no activated venv is needed
    NotebookClient(nb, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    errors = [f"{o.ename}: {o.evalue}" for o in outputs if o.output_type == "error"]
    assert not errors
    shown = [o["data"] for o in outputs if o.output_type in ("execute_result", "display_data")]
    svgs = [d["image/svg+xml"] for d in shown if "image/svg+xml" in d]
    pages = [d["text/html"] for d in shown if "text/html" in d]
    assert svgs and pages
    assert all("data-cell" in svg for svg in svgs)
    assert sum("data-cell" in page for page in pages) >= 10
    assert not any('<pre class="setmine-error"' in page for page in pages)
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "every move in its D18: True" in text
    assert "corrected: 27 constituents checked, all agree" in text
    # part 5, any schema: the %%rsl cell's table, a model edited in Python, verify and prove
    assert "taken too early (D2): [('Boris', 'models')]" in text
    assert "taken too early (D2): []" in text
    assert "the axioms: consistent" in text
    assert any("kin: 4 constituents, no errors" in page for page in pages)
    assert any("D1 : ℬ(X1×X1)" in page and "(Ann, Cid)" in page for page in pages)
    assert any("counterexample to D1 ≠ ∅" in page for page in pages)
    assert any("counterexample to T1" in page and "Ann" in page for page in pages)


# ---------------------------------------------------------------------------
# Displays, without a kernel


@pytest.fixture(scope="module")
def midgame():
    return evaluate("written", MIDGAME, against="corrected")


def test_a_board_displays_itself_as_svg():
    board = load_board(resources.board_file(MIDGAME))
    svg = board._repr_svg_()
    root = ET.fromstring(svg)   # a standalone SVG: well-formed, namespaced
    drawn = {g.get("data-cell") for g in root.iter(f"{NS}g") if g.get("data-cell")}
    assert drawn == {f"{r},{c}" for r, c in board.cells}
    assert root.find(f"{NS}style") is not None


def test_a_value_displays_as_the_evaluator_computed_it(midgame):
    schema = Schema.load(resources.WRITTEN_SCHEMA)
    board = load_board(resources.board_file(MIDGAME))
    from setmine.board import structure
    from setmine.eval.interpret.model import evaluate_schema

    d8 = evaluate_schema(schema, structure(board), Budget())["D8"].value
    term = midgame["D8"]
    assert term.value == d8 and term.type == "ℬ(X1)"
    page = term._repr_html_()
    # both sides drawn, the written schema's first: its lit cells are D8
    figures = page.split('<figure class="side"')[1:]
    assert len(figures) == 2 and 'data-side="schema"' in figures[0]
    assert members(figures[0]) == set(d8)
    assert members(figures[1]) == set(midgame["D8"].other_value)
    assert "⚠" in page and "differs" in page            # the defect badge, the difference
    assert "<style>" in page and ".setmine .board" in page
    assert not re.search(r"(^|[\n}])\s*(body|html|:root)\s*\{", page)   # scoped: restyles no notebook
    svg = term._repr_svg_()
    assert members(svg) == set(d8) and ET.fromstring(svg) is not None


def test_every_kind_of_value_displays(midgame):
    kinds = {}
    for alias in midgame:
        term = midgame[alias]
        page = term._repr_html_()
        assert 'class="setmine-error"' not in page.replace(".setmine-error", ""), alias
        kinds.setdefault(term.section.side.view.kind, []).append(alias)
        svg = term._repr_svg_()
        if term.section.side.view.kind in ("cells", "shares"):
            assert svg is not None and "data-cell" in svg, alias
    assert {"cells", "relation", "shares", "family", "verdict"} <= set(kinds)
    relation = midgame[kinds["relation"][0]]._repr_html_()
    assert "<script>" in relation and "relation-data" in relation      # the report's script
    assert "<script>" not in midgame["D8"]._repr_html_()
    summary = midgame._repr_html_()
    assert summary.count("<tr ") == len(midgame) and "data-cell" in summary
    assert len(summary) < 100_000


def test_probabilities_are_exact_fractions():
    from fractions import Fraction

    ev = evaluate("corrected", MIDGAME)
    shares = ev["D17"].probabilities
    assert shares and all(isinstance(p, Fraction) for p in shares.values())
    assert ev["D15"].card == 3
    assert sum(shares.values()) == len(ev["S2"].value) - len(ev["D8"].value)
    assert ev["D8"].probabilities is None


def test_a_failing_value_displays_its_error_and_never_raises():
    ev = evaluate("corrected", MIDGAME, budget=Budget(max_elements=3))
    failed = ev["D2"]
    assert failed.error is not None and failed.value is None
    page = failed._repr_html_()
    assert "error" in page and failed.error.code in page
    assert failed._repr_svg_() is None
    assert failed.error.code in repr(failed)
    assert "error" in ev._repr_html_()


def test_a_schema_with_an_error_displays():
    text = resources.CORRECTED_SCHEMA.read_text(encoding="utf-8").replace(
        "D1 :== X₁\\S₃", "D1 :== X₁\\", 1)
    schema = Schema.parse(text)
    assert schema.errors()
    ev = evaluate(schema, MIDGAME)
    assert "D1" in ev._repr_html_()
    assert ev["D1"].value is None
    assert isinstance(ev["D1"]._repr_html_(), str)


def test_a_broken_display_shows_the_failure_as_text(midgame):
    term = midgame["D8"]
    term.section = None                      # as if drawing failed
    page = term._repr_html_()
    assert page.startswith('<pre class="setmine-error">') and "could not be drawn" in page
    assert term._repr_svg_() is None
    assert isinstance(repr(term), str)


def test_boards_and_cells_show_from_a_name_a_file_or_text():
    lit = {(0, 0), (1, 1)}
    assert members(show(MIDGAME, lit)._repr_svg_()) == lit
    tiny = notebook.board("name: tiny\nmines: 1\n\n. *\n")
    assert tiny.total_mines == 1
    assert notebook.board(str(resources.board_file(MIDGAME))).name == "beginner mid-game"


def test_the_findings_show_on_their_minimal_boards():
    found = defects()
    own = defects(own=True)
    assert own and len(own) < len(found) and all(f.own for f in own)
    page = own._repr_html_()
    assert page.count('class="finding"') == len(own) and page.count("data-cell") > len(own)
    d15 = defects("D15")
    assert {f.alias for f in d15} == {"D15"} and d15[0].board is not None
    assert d15[0].formula != d15[0].corrected


def test_the_schema_plays_the_game_setmine_play_plays():
    from setmine.player import SchemaPlayer
    from setmine.solver.games.game_config import GameConfig
    from setmine.solver.games.runs import play_game

    game = play("corrected", "beginner", seed=0, game=1)
    config = GameConfig(cols=9, rows=9, mines=10)
    reference = play_game(config, SchemaPlayer(config=config), 0, 1)
    assert (game.won, len(game), game.guesses) == (reference.won, reference.moves, reference.guesses)
    assert all(step.move in step.d18 for step in game)
    page = game._repr_html_()
    assert page.count('<figure class="step') == len(game) + 1
    assert members(game[0]._repr_svg_()) == set(game[0].d18)
