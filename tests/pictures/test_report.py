"""The report's data and page without a browser: each value drawn by its
type, the heat map's exact probabilities against a brute-force oracle, the
sections, the defects and the comparison, and the command's errors.  (The
page in a real browser is test_browser.py.)"""

from __future__ import annotations

import html
import itertools
import re
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings

from setmine import resources
from setmine.base.interface import MOVE_AXIOM
from setmine.board import load_board, parse_board, structure
from setmine.cli import main
from setmine.eval.interpret.model import evaluate_schema
from setmine.pictures import report_data as R
from setmine.pictures import views
from setmine.present.output import defect_marks
from setmine.pictures.page import report_page
from setmine.rsl.schema import Schema
from setmine.rsl.semantics.types import parse_type

from ..board.strategies import boards

CORRECTED = Schema.load(resources.CORRECTED_SCHEMA)
WRITTEN = Schema.load(resources.WRITTEN_SCHEMA)
MIDGAME = load_board(resources.board_file("beginner-midgame"))


# -- which drawing each type gets: a table, one row per type

KINDS = [
    ("ℬ(X1)", frozenset({(0, 0)}), None, "cells"),
    ("ℬ(X1×X1)", frozenset({((0, 0), (0, 1))}), None, "relation"),
    ("ℬ(X1×ℬ(X1))", frozenset({((0, 0), frozenset({(0, 1)}))}), None, "relation"),
    ("ℬ(X1×ℬℬ(X1))", frozenset({((0, 0), frozenset({frozenset({(0, 0)})}))}),
     frozenset({frozenset({(0, 0)}), frozenset({(0, 1)})}), "shares"),
    ("ℬ(X1×ℬℬ(X1))", frozenset({((0, 0), frozenset({frozenset({(0, 0)})}))}), None, "relation"),
    ("ℬℬ(X1)", frozenset({frozenset({(0, 0)})}), None, "family"),
    ("Logic", True, None, "verdict"),
    ("Z", 3, None, "text"),
    ("ℬ(Z)", frozenset({1, 2}), None, "text"),
]


@pytest.mark.parametrize("typ, value, measure, kind", KINDS)
def test_each_type_is_drawn_its_way(typ, value, measure, kind):
    board = load_board(resources.board_file("tiny-2x2"))
    v = views.view(board, value, parse_type(typ), measure=measure)
    assert v.kind == kind
    if kind == "shares":
        assert v.shares == {(0, 0): Fraction(1, 2)}


def test_a_share_needs_a_non_empty_measure_and_one_family_per_cell():
    two = frozenset({((0, 0), frozenset({frozenset({(0, 0)})})), ((0, 0), frozenset())})
    cells, note = views.shares(two, frozenset({frozenset()}))
    assert cells == {(0, 0): None} and "several families" in note
    cells, note = views.shares(frozenset({((0, 0), frozenset())}), frozenset())
    assert cells == {(0, 0): None} and "empty" in note


# -- the heat map is each cell's exact probability: brute force as the oracle

def brute_force_probabilities(board) -> dict:
    """P(mine) of each closed cell: count every placement of the board's
    mines on its closed cells that shows the same numbers."""
    closed = sorted(board.closed())
    shown = {c: board.number(c) for c in board.opened}
    hits = dict.fromkeys(closed, 0)
    total = 0
    for mines in itertools.combinations(closed, board.total_mines):
        mined = set(mines)
        if all(len(board.neighbours[c] & mined) == n for c, n in shown.items()):
            total += 1
            for c in mines:
                hits[c] += 1
    return {c: Fraction(h, total) for c, h in hits.items()}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_side=3, topologies=("square", "torus", "hex")))
def test_the_heat_map_gives_each_uncertain_cell_its_exact_probability(board):
    report = R.build(CORRECTED, board)
    section = next(s for s in report.sections if s.kind == "term" and s.side.view.kind == "shares"
                   and s.alias in CORRECTED.closure(MOVE_AXIOM))
    oracle = brute_force_probabilities(board)
    uncertain = {c: p for c, p in oracle.items() if 0 < p < 1}
    drawn = {c: p for c, p in section.side.view.shares.items() if c in uncertain or 0 < p < 1}
    assert drawn == uncertain


def test_the_heat_map_of_a_view_with_three_equal_candidates():
    board = parse_board("mines: 1\n\n? ?\n1 ?\n")
    report = R.build(CORRECTED, board)
    shares = [s.side.view.shares for s in report.sections if s.side.view.kind == "shares"]
    assert shares and all(v == {(0, 0): Fraction(1, 3), (0, 1): Fraction(1, 3),
                                (1, 1): Fraction(1, 3)} for v in shares)
    page = report_page(report)
    assert 'data-p="1/3"' in page
    assert "<title>0,0: p = 1/3 ≈ 0.333; card(pr₂) = 1 of 3 members</title>" in page


# -- the sections of a report

def test_a_report_opens_with_the_move_and_what_it_reads_and_has_every_constituent():
    """The move axiom first, each term it reads (at any depth) before the
    terms it is computed from; then the others in dependency order; the
    basic sets and structures last."""
    report = R.build(CORRECTED, MIDGAME)
    aliases = [s.alias for s in report.sections]
    assert sorted(aliases) == sorted(c.alias for c in CORRECTED if c.kind not in ("function", "predicate"))
    givens = [c.alias for c in CORRECTED if c.kind in ("basic", "structure")]
    read = set(CORRECTED.closure(MOVE_AXIOM)) - set(givens) | {MOVE_AXIOM}
    assert aliases[0] == MOVE_AXIOM and set(aliases[:len(read)]) == read
    assert aliases[len(aliases) - len(givens):] == givens
    for i, alias in enumerate(aliases[:len(read)]):   # users before what they use
        assert all(aliases.index(u) > i for u in CORRECTED.uses(alias) if u in read)
    rest = aliases[len(read):len(aliases) - len(givens)]
    for i, alias in enumerate(rest):                  # the others: what they use first
        assert all(rest.index(u) < i for u in CORRECTED.uses(alias) if u in rest)
    values = evaluate_schema(CORRECTED, structure(MIDGAME))
    for alias, v in report.move_terms:
        assert v.cells == frozenset(values[alias].value)
    assert [a for a, _ in report.move_terms] == R.move_terms_of(CORRECTED)
    for s in report.sections:
        if s.side.view.kind == "cells" and s.kind == "term":
            assert s.side.view.cells == frozenset(values[s.alias].value)
    assert report.defects == [] and report.differences == []


def test_the_measure_of_a_relation_is_the_one_family_its_formula_reads():
    shares = [a for a in R.order(CORRECTED)
              if views.relation_kind(CORRECTED.analysis[a].type) == "families"]
    assert shares and all(R.measure_of(CORRECTED, a) is not None for a in shares)
    assert all(views.is_family(CORRECTED.analysis[R.measure_of(CORRECTED, a)].type) for a in shares)


def test_the_written_schema_shows_its_defects_and_where_it_differs():
    report = R.build(WRITTEN, MIDGAME, against=CORRECTED)
    marked = {s.alias for s in report.sections if s.marks}
    assert marked and {d.alias for d in report.defects} <= marked
    assert all(f.board for d in report.defects for f in d.findings)
    assert report.differences
    for s in report.sections:
        if s.other is not None:
            assert s.differs == (views.digest(s.side.view) != views.digest(s.other.view))
    page = report_page(report)
    for alias in report.differences:
        assert re.search(rf'<section id="{alias}" class="[^"]*differs', page)
    for d in report.defects:
        assert page.count(f'id="defect-{d.alias}"') == 1


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href") and value is not None:
                self.urls.append(value)
            if name == "id":
                self.ids.add(value)


def test_the_page_fetches_nothing_and_every_link_lands():
    page = report_page(R.build(WRITTEN, MIDGAME, against=CORRECTED))
    links = Links()
    links.feed(page)
    assert links.urls and all(u.startswith("#") for u in links.urls)
    assert {u[1:] for u in links.urls} <= links.ids
    assert not re.search(r"(?<!xmlns=\")https?://", page)


# -- the command

def test_report_writes_one_page_and_says_where(tmp_path, capsys):
    out = tmp_path / "r.html"
    assert main(["report", "beginner-midgame", "--spec", str(resources.CORRECTED_SCHEMA),
                 "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert str(out) in capsys.readouterr().out


@pytest.mark.parametrize("args, message", [
    (["report"], "give a board"),
    (["report", "beginner-midgame", "--against", "spec/saper.rsl", "--no-against"], "contradict"),
    (["report", "no-such-board"], "no such file"),
    (["report", "beginner-midgame", "-o", "/no/such/folder/r.html"], "does not exist"),
    (["report", "beginner-midgame", "--spec", "/no/such.rsl"], "no such file"),
])
def test_report_errors_say_what_and_where(args, message, capsys, tmp_path):
    assert main(args) == 2
    assert message in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_as_output_is_refused(tmp_path, capsys):
    assert main(["report", "beginner-midgame", "-o", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_a_board_too_large_to_draw_in_every_section_is_drawn_once(monkeypatch):
    monkeypatch.setattr(views, "MAX_DRAWN", 20)    # a 5×5 board is "too large" here
    board = load_board(resources.board_file("beginner-midgame"))
    report = R.build(CORRECTED, board)
    page = report_page(report)
    assert page.count("data-cell=") == len(board.cells)     # the board on top, once
    assert all(s.side.view.svg is None for s in report.sections)
    assert any("not drawn" in s.side.view.note for s in report.sections)


def test_markdown_in_the_findings_is_rendered_not_leaked(tmp_path):
    """The shipped explanations are written in Markdown (`formula`, *the*):
    the report's finding articles show code and emphasis, never the marks."""
    out = tmp_path / "r.html"
    assert main(["report", "beginner-midgame", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    articles = re.findall(r'<article id="defect-[^"]+" class="finding">(.*?)</article>', page,
                          re.S)
    assert articles
    text = "".join(articles)
    assert "<code>" in text and "<em>the</em>" in text
    prose = re.sub(r"<code>.*?</code>", "", text, flags=re.S)
    prose = re.sub(r"<svg.*?</svg>", "", prose, flags=re.S)
    assert "`" not in prose and "*the*" not in prose


def test_a_formula_the_corrected_schema_keeps_is_not_repaired_as_itself():
    """D4 is kept as written by the corrected schema (its repair is in the
    terms around it): its cards say so instead of "repaired as" itself."""
    d4 = [R.finding_of(f) for f, _tree in defect_marks.findings() if f.get("alias") == "D4"]
    assert d4 and all(f.kept and not f.corrected for f in d4)
    changed = [R.finding_of(f) for f, _tree in defect_marks.findings()
               if f.get("alias") == "D15" and f.get("corrected_formula")]
    assert changed and all(f.corrected and not f.kept for f in changed)


def test_the_counts_and_the_grey_of_a_picture_are_explained(tmp_path):
    """On a 2×2 board D2 as written pairs each cell with 2^3 = 8 sets: the
    corner counts are said to be counts, and the heat map says what grey
    and hatching mean."""
    out = tmp_path / "r.html"
    assert main(["report", "tiny-2x2", "-o", str(out)]) == 0
    page = html.unescape(out.read_text(encoding="utf-8"))
    d2 = page[page.index('data-term="D2"'):]
    d2 = d2[:d2.index("</figure>")]
    assert 'class="badge"' in d2 or ">8<" in d2
    assert "the number in a cell: how many sets of cells the relation pairs it with" in d2
    heat = page[page.index('data-kind="shares"'):]
    heat = heat[:heat.index("</figure>")]
    assert "grey: a closed cell the relation leaves out" in heat and "hatched" in heat
