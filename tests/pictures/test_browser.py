"""``setmine report`` pages in a real browser (headless Chromium, see
conftest.py), read through their contract (docs/pictures.md): the page loads
without a console error and fetches nothing; the lit cells, the heat map's
exact probabilities and the relations' lit sets are the evaluator's values
(and the solver's); pointing, pinning and ``next set`` work; the written
schema's page links its defect badges and marks the sections that differ
from the corrected schema; a drawn figure is not blank; the expert board's
page stays small and loads.

The reports are written once per session and one browser serves every test
(per xdist worker: ``pytest -n auto`` may split the module in two).
"""

from __future__ import annotations

import json
import os
import re
from fractions import Fraction

import pytest

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
except ImportError:    # the test extra installs it; without it, only SETMINE_NO_BROWSER=1 passes
    if os.environ.get("SETMINE_NO_BROWSER") != "1":
        raise
    pytest.skip("SETMINE_NO_BROWSER=1 and selenium not installed", allow_module_level=True)

from setmine import resources
from setmine.board import load_board, structure
from setmine.cli import main
from setmine.eval.interpret.model import evaluate_schema
from setmine.eval.values.sets import card
from setmine.rsl.schema import Schema
from setmine.solver import Position
from setmine.solver.engine.probability import exact

from .pages import cell_key, cells, console_errors, digest, keys, open_page, png_colours

BOARD = "beginner-midgame"
KINDS = {"cells", "relation", "shares", "family", "verdict", "text", "error"}
# Namespace names are identifiers, never fetched: the only URLs a page may spell.
NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}


# -- the pages and the oracles ------------------------------------------------


def write_report(folder, name: str, *args: str):
    out = folder / f"{name}.html"
    assert main(["report", *args, "-o", str(out)]) == 0
    return out


@pytest.fixture(scope="session")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("reports")


@pytest.fixture(scope="session")
def corrected_report(folder):
    """The corrected schema alone on the beginner mid-game board."""
    return write_report(folder, "corrected", str(resources.board_file(BOARD)),
                        "--spec", str(resources.CORRECTED_SCHEMA))


@pytest.fixture(scope="session")
def written_report(folder):
    """The written schema (the default), against the corrected one (its default)."""
    return write_report(folder, "written", str(resources.board_file(BOARD)))


@pytest.fixture(scope="session")
def board():
    return load_board(resources.board_file(BOARD))


@pytest.fixture(scope="session")
def corrected():
    return Schema.load(resources.CORRECTED_SCHEMA)


@pytest.fixture(scope="session")
def written():
    return Schema.load(resources.WRITTEN_SCHEMA)


@pytest.fixture(scope="session")
def corrected_values(corrected, board):
    return evaluate_schema(corrected, structure(board))


@pytest.fixture(scope="session")
def written_values(written, board):
    return evaluate_schema(written, structure(board))


REPORTS = ["corrected_report", "written_report"]


def section_figure(driver, alias: str, side: str = "schema"):
    return driver.find_element(By.CSS_SELECTOR, f'section#{alias} figure[data-side="{side}"]')


def lit(driver, figure) -> set[str]:
    return cells(driver, figure, "g[data-cell].lit")


def selected(driver, figure) -> set[str]:
    return cells(driver, figure, "g[data-cell].selected")


def pointer(figure) -> str:
    return figure.find_element(By.CSS_SELECTOR, ".pointer").text


def relation_data(figure) -> dict:
    script = figure.find_element(By.CSS_SELECTOR, "script.relation-data")
    return json.loads(script.get_attribute("textContent"))


def point_at(driver, figure, key: str):
    g = figure.find_element(By.CSS_SELECTOR, f'g[data-cell="{key}"]')
    ActionChains(driver).move_to_element(g).perform()
    return g


# -- the page loads, alone --------------------------------------------------


def test_the_console_check_sees_errors(browser, corrected_report):
    """The console log is read: a console.error and an uncaught exception show."""
    assert open_page(browser, corrected_report) == []
    browser.execute_script("console.error('setmine-probe-logged');"
                           "setTimeout(function () { throw new Error('setmine-probe-thrown'); }, 0);")
    browser.execute_async_script("var done = arguments[0]; setTimeout(done, 50);")
    errors = " ".join(console_errors(browser))
    assert "setmine-probe-logged" in errors and "setmine-probe-thrown" in errors


@pytest.mark.parametrize("report", REPORTS)
def test_no_console_error_on_load(browser, report, request):
    assert open_page(browser, request.getfixturevalue(report)) == []
    # the script ran: every relation's caption invites pointing
    captions = browser.find_elements(By.CSS_SELECTOR, 'figure[data-kind="relation"] .pointer')
    assert captions and all(c.text.startswith("Point at a cell") for c in captions)


@pytest.mark.parametrize("report", REPORTS)
def test_nothing_is_fetched(browser, report, request):
    """Every src/href in the DOM is a fragment of the page, no stylesheet
    reads a url() other than a fragment, and the browser fetched nothing."""
    assert open_page(browser, request.getfixturevalue(report)) == []
    links = browser.execute_script("""
        var out = [];
        document.querySelectorAll("*").forEach(function (e) {
          Array.from(e.attributes).forEach(function (a) {
            if (/^(src|href|xlink:href|srcset|action|formaction|poster|background|data)$/i.test(a.name)) {
              out.push(e.tagName + " " + a.name + "=" + a.value);
            }
          });
        });
        return out;""")
    assert links, "a report links its sections"
    assert [x for x in links if not x.split("=", 1)[1].startswith("#")] == []
    targets = {x.split("=", 1)[1][1:] for x in links}
    missing = browser.execute_script(
        "return arguments[0].filter(function (id) { return id && !document.getElementById(id); });",
        sorted(targets))
    assert missing == [], "a fragment link to no element"
    styles = browser.execute_script(
        "return Array.from(document.querySelectorAll('style')).map(function (s) { return s.textContent; })"
        ".concat(Array.from(document.querySelectorAll('[style]')).map(function (e) {"
        " return e.getAttribute('style'); })).join('\\n');")
    assert re.findall(r"url\(\s*['\"]?(?!#)[^)]*\)", styles) == []
    assert "@import" not in styles
    assert browser.execute_script("return performance.getEntriesByType('resource').length;") == 0


IDS_JS = """
var seen = {}, twice = {};
document.querySelectorAll("[id]").forEach(function (e) {
  if (seen[e.id]) { twice[e.id] = true; } seen[e.id] = true;
});
return Object.keys(twice).sort();"""


@pytest.mark.parametrize("report", REPORTS)
def test_a_link_target_is_unique(browser, report, request):
    """A section (its alias) or a finding (``defect-ALIAS``) is one element:
    a link goes to all of it, and a script's getElementById finds it."""
    assert open_page(browser, request.getfixturevalue(report)) == []
    assert browser.execute_script(IDS_JS) == []


def test_every_id_is_unique(browser, corrected_report):
    assert open_page(browser, corrected_report) == []
    assert browser.execute_script(IDS_JS) == []


@pytest.mark.parametrize("report", REPORTS)
def test_no_url_in_the_html_text(report, request):
    """The page's text names no web address; only XML namespace names (which
    are never fetched) would be allowed, and the report uses none today."""
    text = request.getfixturevalue(report).read_text(encoding="utf-8")
    urls = set(re.findall(r"https?://[^\s\"'<>)]*", text))
    assert urls - NAMESPACES == set()
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:[a-z][a-z0-9+.-]*:|//)""", text, re.IGNORECASE)


def test_the_page_contract(browser, corrected_report, corrected, board):
    """Section ids are the aliases, each with one schema figure of its
    data-kind; every drawn cell a board cell; every relation's data in the
    documented format."""
    assert open_page(browser, corrected_report) == []
    sections = browser.execute_script("""
        return Array.from(document.querySelectorAll("main > section.constituent")).map(function (s) {
          var figs = s.querySelectorAll("figure.side");
          return [s.id, s.getAttribute("data-kind"), figs.length,
                  figs.length ? figs[0].getAttribute("data-side") : null,
                  figs.length ? figs[0].getAttribute("data-kind") : null];
        });""")
    assert [s[0] for s in sections] != [] and {s[0] for s in sections} == {c.alias for c in corrected}
    for alias, kind, figures, side, figure_kind in sections:
        assert (kind, figures, side, figure_kind) == (kind, 1, "schema", kind), alias
        assert kind in KINDS, alias
    every_cell = keys(board.cells)
    drawn = cells(browser, browser.find_element(By.TAG_NAME, "main"), "g[data-cell]")
    assert drawn == every_cell
    for figure in browser.find_elements(By.CSS_SELECTOR, 'figure[data-kind="relation"]'):
        data = relation_data(figure)
        assert data["kind"] in ("cells", "sets", "families") and set(data["cells"]) <= every_cell
        for entry in data["cells"].values():
            assert isinstance(entry["n"], str) and isinstance(entry["sets"], list)
            assert all(set(s) <= every_cell for s in entry["sets"])


# -- the values drawn are the evaluator's and the solver's --------------------


@pytest.mark.parametrize("schema", ["corrected", "written"])
def test_a_set_of_cells_lights_its_members(browser, schema, request):
    """D8 (sure mines), D11 (sure safe) and D18 (where the move must come
    from): the lit members of the schema's figure are the evaluator's value."""
    values = request.getfixturevalue(f"{schema}_values")
    assert open_page(browser, request.getfixturevalue(f"{schema}_report")) == []
    for alias in ["D8", "D11", "D18"]:
        section = browser.find_element(By.ID, alias)
        assert section.get_attribute("data-kind") == "cells"
        members = cells(browser, section, 'figure[data-side="schema"] g[data-member="1"]')
        assert members == keys(values[alias].value), alias
        assert members, f"{alias} is not empty on {BOARD}"


def test_a_formulas_sub_terms_tell_their_type_and_value(browser, corrected_report,
                                                        corrected_values):
    """Pointing at a sub-term of D8's formula shows (as its tooltip) its type
    and, being closed, its value: the whole formula is D8's value."""
    assert open_page(browser, corrected_report) == []
    spans = browser.find_elements(By.CSS_SELECTOR, "#D8 p.formula span.st[data-type]")
    assert spans
    root = spans[0]
    assert root.get_attribute("data-type") == "ℬ(X1)"
    expected = "{" + ", ".join(sorted(keys(corrected_values["D8"].value),
                                      key=lambda k: tuple(map(int, k.split(","))))) + "}"
    assert root.get_attribute("data-value") == expected
    assert root.get_attribute("title") == f"ℬ(X1) = {expected}"
    types = {s.get_attribute("data-type") for s in spans}
    assert len(types) > 1          # its parts are typed too, not only the whole


def test_the_heat_map_is_the_exact_probability(browser, corrected_report, corrected_values, board):
    assert open_page(browser, corrected_report) == []
    figure = section_figure(browser, "D16")
    assert figure.get_attribute("data-kind") == "shares"
    shown = dict(browser.execute_script(
        "return Array.from(arguments[0].querySelectorAll('g[data-p]'))"
        ".map(function (g) { return [g.getAttribute('data-cell'), g.getAttribute('data-p')]; });",
        figure))
    assert all(re.fullmatch(r"\d+/\d+", p) for p in shown.values()), shown
    # the schema's own measure: card of the cell's family / card(D15)
    total = card(corrected_values["D15"].value)
    families = {cell_key(x): card(next(iter(f))) for x, f in corrected_values["D16"].value.fibers}
    assert shown == {k: f"{Fraction(n, total).numerator}/{Fraction(n, total).denominator}"
                     for k, n in families.items()}
    # the imperative solver: every cell mined with probability strictly
    # between 0 and 1 (D16's cells), the frontier ones included, exactly
    solution = exact(Position.from_board(board))
    uncertain = {cell_key(c): p for c, p in solution.probabilities.items() if 0 < p < 1}
    frontier = {k for k in uncertain if tuple(map(int, k.split(","))) not in solution.interior}
    assert frontier and frontier <= set(shown)
    assert {k: Fraction(p) for k, p in shown.items()} == uncertain


def test_an_empty_measure_gives_no_probability(browser, written_report, written_values,
                                               corrected_values):
    """The written D15 is empty on this board: its D16 cells have no
    probability (``nop``, no ``data-p``), beside the corrected schema's."""
    assert card(written_values["D15"].value) == 0
    assert open_page(browser, written_report) == []
    mine, theirs = section_figure(browser, "D16"), section_figure(browser, "D16", "against")
    domain = keys(x for x, _ in written_values["D16"].value.fibers)
    assert domain and cells(browser, mine, "g.nop") == domain
    assert cells(browser, mine, "g[data-p]") == set()
    assert cells(browser, theirs, "g[data-p]") == keys(x for x, _ in corrected_values["D16"].value.fibers)


# -- pointing at a relation's cells -------------------------------------------


def test_pointing_at_a_cell_lights_its_neighbours(browser, corrected_report, corrected_values, board):
    assert open_page(browser, corrected_report) == []
    figure = section_figure(browser, "D2")
    assert figure.get_attribute("data-kind") == "relation"
    d2 = dict(corrected_values["D2"].value.fibers)
    for cell in [(4, 4), (0, 0), (8, 5)]:
        key = cell_key(cell)
        point_at(browser, figure, key)
        (neighbours,) = d2[cell]
        assert lit(browser, figure) == keys(neighbours) == keys(board.neighbours[cell])
        assert selected(browser, figure) == {key}
        assert pointer(figure).startswith(f"{key}: 1 pair")
        assert "next set" not in pointer(figure)
    # leaving the board clears it
    ActionChains(browser).move_to_element(browser.find_element(By.CSS_SELECTOR, "header h1")).perform()
    assert lit(browser, figure) == set() and selected(browser, figure) == set()
    assert pointer(figure).startswith("Point at a cell")
    assert console_errors(browser) == []


def test_clicking_pins_a_cell(browser, corrected_report, board):
    assert open_page(browser, corrected_report) == []
    figure = section_figure(browser, "D2")
    point_at(browser, figure, "4,4").click()
    pinned = keys(board.neighbours[(4, 4)])
    point_at(browser, figure, "0,0")
    assert lit(browser, figure) == pinned and selected(browser, figure) == {"4,4"}
    ActionChains(browser).move_to_element(browser.find_element(By.CSS_SELECTOR, "header h1")).perform()
    assert lit(browser, figure) == pinned and pointer(figure).startswith("4,4:")
    point_at(browser, figure, "4,4").click()              # unpinned: pointing works again
    point_at(browser, figure, "0,0")
    assert lit(browser, figure) == keys(board.neighbours[(0, 0)])
    assert selected(browser, figure) == {"0,0"}
    assert console_errors(browser) == []


def several_sets(figure) -> tuple[str, list]:
    """A cell of a relation with several sets, and its sets (the data JSON)."""
    data = relation_data(figure)
    assert data["kind"] == "sets"
    key, entry = next((k, e) for k, e in data["cells"].items() if len(e["sets"]) > 2)
    return key, entry["sets"]


def test_next_set_steps_through_a_pinned_cells_sets(browser, written_report):
    """The written D2 pairs a cell with every subset of its neighbours: the
    caption's ``next set`` lights each set of the data in turn, then the first."""
    assert open_page(browser, written_report) == []
    figure = section_figure(browser, "D2")
    key, sets = several_sets(figure)
    point_at(browser, figure, key).click()
    assert lit(browser, figure) == set(sets[0])
    for i in list(range(1, len(sets))) + [0]:
        figure.find_element(By.CSS_SELECTOR, ".pointer button.next-set").click()
        assert lit(browser, figure) == set(sets[i]), i
        assert selected(browser, figure) == {key}
        assert pointer(figure).startswith(f"{key}: ") and f"set {i + 1} of" in pointer(figure)
    assert console_errors(browser) == []


def test_next_set_is_reachable_by_pointing(browser, written_report):
    """Pointed at (not pinned), a cell's caption offers ``next set``: moving
    the pointer from the board to the button must keep the set shown."""
    assert open_page(browser, written_report) == []
    figure = section_figure(browser, "D2")
    key, sets = several_sets(figure)
    point_at(browser, figure, key)
    button = figure.find_element(By.CSS_SELECTOR, ".pointer button.next-set")
    ActionChains(browser).move_to_element(button).perform()
    assert pointer(figure).startswith(f"{key}: "), "the caption went away on the way to its button"
    figure.find_element(By.CSS_SELECTOR, ".pointer button.next-set").click()
    assert lit(browser, figure) == set(sets[1])


# -- the written schema against the corrected one ------------------------------


def test_defect_badges_link_to_their_findings(browser, written_report):
    assert open_page(browser, written_report) == []
    badges = browser.find_elements(By.CSS_SELECTOR, "a.badge.defect")
    assert badges
    for badge in badges:
        href = badge.get_attribute("href")
        fragment = href.split("#", 1)[1]
        assert fragment.startswith("defect-"), href
        target = browser.find_elements(By.ID, fragment)
        assert len(target) == 1 and target[0].tag_name == "article", fragment
        alias = fragment.removeprefix("defect-")
        assert browser.find_elements(By.CSS_SELECTOR, f"section#{alias} a.badge.defect")


def test_a_finding_shows_the_proposed_fix_with_its_change_marked(browser, written_report):
    """D14's article carries setmine repair's fix: the changed part is a
    highlighted <mark> a reader sees, the rest of the formula as written."""
    assert open_page(browser, written_report) == []
    fixes = browser.find_elements(By.CSS_SELECTOR, "article#defect-D14 p.fix code")
    assert fixes, "D14's finding shows no fix"
    code = fixes[0]
    assert "X₁\\(S₃ ∪ D₁₁ ∪ D₈)" in code.text
    [mark] = code.find_elements(By.TAG_NAME, "mark")
    assert mark.text == "D₈" and mark.is_displayed()
    background = mark.value_of_css_property("background-color")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent"), background


def test_the_corrected_page_has_one_side(browser, corrected_report):
    assert open_page(browser, corrected_report) == []
    assert browser.find_elements(By.CSS_SELECTOR, 'figure[data-side="against"]') == []
    assert browser.find_elements(By.CSS_SELECTOR, "section.differs, .badge.differs") == []


SECTIONS_JS = """
return Array.from(document.querySelectorAll("main > section.constituent")).map(function (s) {
  return {id: s.id, differs: s.classList.contains("differs"),
          badge: s.querySelectorAll("h2 .badge.differs").length,
          figures: Array.from(s.querySelectorAll("figure.side"))};
});"""


def test_both_schemas_side_by_side(browser, written_report, written, corrected):
    assert open_page(browser, written_report) == []
    both = {c.alias for c in written if c.alias in corrected
            and str(written.analysis[c.alias].type) == str(corrected.analysis[c.alias].type)}
    assert both
    sides = {s["id"]: [f.get_attribute("data-side") for f in s["figures"]]
             for s in browser.execute_script(SECTIONS_JS)}
    assert {a: v for a, v in sides.items() if a in both} == {a: ["schema", "against"] for a in both}
    assert {a: v for a, v in sides.items() if a not in both} == {a: ["schema"] for a in sides if a not in both}


def test_differing_sections_show_different_values(browser, written_report):
    """A section marked ``differs`` shows two different values; an unmarked
    one (a verdict aside: its witness may differ) shows the same twice; the
    overview's ≠ badges name exactly the marked sections."""
    assert open_page(browser, written_report) == []
    marked = set()
    for s in browser.execute_script(SECTIONS_JS):
        alias, figures = s["id"], s["figures"]
        if s["differs"]:
            marked.add(alias)
            assert s["badge"] == 1 and len(figures) == 2, alias
        if len(figures) == 2:
            mine, theirs = (digest(browser, f) for f in figures)
            if s["differs"]:
                assert mine != theirs, alias
            elif mine["kind"] != "verdict":
                assert mine == theirs, alias
    overview = {a.get_attribute("href").split("#", 1)[1]
                for a in browser.find_elements(By.CSS_SELECTOR, "header a.badge.differs")}
    assert overview == marked
    assert {"D15", "D18"} <= marked


def comparable(value):
    """A set of cells, or a family of them, as plain frozensets."""
    return frozenset(frozenset(m) if isinstance(m, frozenset) else m for m in value)


def test_differences_follow_the_evaluated_values(browser, written_report, written_values,
                                                 corrected_values, written):
    """For every set of cells and every family (the values compared
    member by member), the section is marked exactly when the two schemas'
    values differ on the board."""
    assert open_page(browser, written_report) == []
    compared = 0
    for c in written:
        if c.kind != "term" or str(written.analysis[c.alias].type) not in ("ℬ(X1)", "ℬℬ(X1)"):
            continue
        mine, theirs = written_values[c.alias], corrected_values[c.alias]
        assert mine.ok and theirs.ok, c.alias
        differs = comparable(mine.value) != comparable(theirs.value)
        classes = browser.find_element(By.ID, c.alias).get_attribute("class").split()
        assert ("differs" in classes) == differs, c.alias
        compared += 1
    assert compared >= 10


# -- pictures -------------------------------------------------------------------


@pytest.mark.parametrize("alias", ["D16", "D18"])
def test_a_drawn_figure_is_not_blank(browser, corrected_report, alias):
    assert open_page(browser, corrected_report) == []
    figure = section_figure(browser, alias)
    colours = png_colours(figure.screenshot_as_png)
    assert len(colours) > 8, f"{len(colours)} colours"
    if alias == "D16":   # the heat map's tints are drawn: a cell's fill appears as it is
        fill = browser.execute_script(
            "return getComputedStyle(arguments[0].querySelector('g[data-p] rect')).fill;", figure)
        rgb = bytes(int(x) for x in re.findall(r"\d+", fill)[:3])
        assert rgb in colours, fill


def test_the_expert_board_page_is_small_and_loads(browser, folder):
    """The written schema on the 30×16 expert board (against the corrected one)."""
    page = write_report(folder, "expert", str(resources.board_file("expert-midgame")))
    assert page.stat().st_size < 5_000_000
    assert open_page(browser, page) == []
    assert browser.find_elements(By.CSS_SELECTOR, 'section#D18 figure[data-side="schema"] g[data-member="1"]')


@pytest.fixture(scope="module")
def counterexample_page(tmp_path_factory):
    out = tmp_path_factory.mktemp("verify") / "ce.html"
    assert main(["verify", "--shapes", "1x3", "--assert", "∀x∈D18 x∉S2", "--report",
                 str(out)]) == 1
    return out


def test_a_counterexample_is_drawn_as_a_report(browser, counterexample_page):
    """`setmine verify --report`: the counterexample's board, every term on
    it as the report draws it, and the failing property named on top."""
    assert open_page(browser, counterexample_page) == []
    note = browser.find_element(By.CSS_SELECTOR, "p.note").text
    assert "the first counterexample of ∀x∈D18 x∉S2: counterexample x = 0,0" in note
    body = browser.find_element(By.TAG_NAME, "body")
    assert "0,0" in cells(browser, body, 'figure[data-term="D18"] g[data-member="1"]')
    assert cells(browser, body, ".main-board g.mine") == {"0,0"}   # the witness is a mine
    assert console_errors(browser) == []
