"""The generated teaching pages (``setmine docs``): the committed pages and
pictures are up to date, generating is deterministic, a page says what it
should, and a picture draws what the evaluator computes."""

import json
import re
import shutil
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

from setmine.board import load_board, parse_board, structure
from setmine.cli import main
from setmine.present.pages.story import alias_list, heirs
from setmine.eval.interpret.model import evaluate_schema
from setmine.present.pages import doc_files, schema_pages as docs
from setmine.present.output import values as present

ROOT = Path(__file__).resolve().parents[2]
TINY = "name: tiny\nmines: 1\nmove: 0,2\n1 1 .\n* 1 .\n"
FINDING = {  # as `setmine defects --write docs/defects.json` writes them
    "alias": "D2", "kind": "disagreement", "inherited_from": [],
    "convention": "Множество пар", "meaning": "each cell with the set of its neighbours",
    "formula": "…", "corrected_formula": "…", "part": "∀c∈pr2(a) …",
    "corrected_part": "pr2(a)=D{c∈X1 | …}", "board": "mines: 0\n0 0\n",
    "value": "{(0,0, {}), (0,0, {0,1})}", "expected": "{(0,0, {0,1})}",
    "explanation": "The ∀ admits every subset of the neighbours. So D2 pairs a cell with each.",
}
HIDDEN = {"alias": "D6", "kind": "hidden-information", "inherited_from": [], "board": "b1\n",
          "other_board": "b2\n", "value": "{1}", "expected": "{2}", "explanation": "It reads S2."}


SVG = "{http://www.w3.org/2000/svg}"
IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")


@pytest.fixture(scope="module")
def pages():
    return docs.generate(ROOT)


@pytest.fixture(scope="module")
def oracle():
    """The written and the repaired schema evaluated on the example board,
    by the evaluator itself (not through the pages)."""
    data = structure(load_board(ROOT / docs.BOARD))
    return {name: evaluate_schema(docs.Schema.load(ROOT / name), data)
            for name in (docs.SPEC, docs.CORRECTED)}


def cells_of(svg: str, attribute: str | None = None) -> dict:
    """A picture's cells: "r,c" → the group's ``attribute`` (or the group)."""
    root = ET.fromstring(svg)
    return {g.get("data-cell"): (g.get(attribute) if attribute else g)
            for g in root.iter(f"{SVG}g") if g.get("data-cell") is not None}


def key(cell) -> str:
    return f"{cell[0]},{cell[1]}"


def tiny_root(tmp_path: Path, findings=None) -> Path:
    """A copy of the sources with a small example board."""
    (tmp_path / "spec" / "boards").mkdir(parents=True)
    for name in (docs.SPEC, docs.CORRECTED):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / docs.BOARD).write_text(TINY, encoding="utf-8")
    if findings is not None:
        (tmp_path / "docs").mkdir()
        (tmp_path / docs.DEFECTS).write_text(json.dumps(findings, ensure_ascii=False),
                                             encoding="utf-8")
    return tmp_path


def test_the_committed_pages_are_up_to_date(pages):
    problems = doc_files.stale(pages, ROOT / docs.OUT)
    assert not problems, "docs/schema is stale; run `setmine docs`:\n" + "\n".join(problems)


def test_one_page_per_constituent_and_an_index(pages):
    markdown = {name for name in pages if name.endswith(".md")}
    assert markdown == {"index.md"} | {f"{c.alias}.md" for c in docs.Schema.load(ROOT / docs.SPEC)}
    assert len(markdown) == 33
    assert all(name.startswith("img/") and name.endswith(".svg") for name in set(pages) - markdown)


def test_a_page_shows_formula_reading_types_texts_and_value(pages):
    d8 = pages["D8.md"]
    assert "D8 :== red (Pr₂ D₇)" in d8                                     # as written
    assert "**In plain words:** The union of the sets in the second components" in d8
    assert "| typification | `ℬ(X1)` |" in d8 and "| value class | value |" in d8
    assert "Множество закрытых заминированных с вероятностью 100% ячеек" in d8
    assert "**Gloss:** The closed cells mined with 100% probability." in d8
    assert "10 cells: `{1,0, 1,7, 4,2, 4,4, 4,5, 4,7, 5,1, 5,2, 7,3, 8,4}`" in d8
    assert "1  ■ 1 0 0 0 0 1 ■ ·" in d8                                    # the drawing
    assert "## Repair" in d8 and "∀b ∈ ℬ(D₁)" in d8 and "- **why:**" in d8
    assert "Why 1,0 is in D8" in d8 and "1,0 ∈ D8: yes" in d8
    assert "2202 tuples; the first 12:" in pages["D3.md"]                   # a relation
    assert "## With the repaired schema" in pages["D3.md"]
    assert "**true**" in pages["A1.md"]
    assert "[D8](D8.md)" in pages["index.md"] and "## Defects found" in pages["index.md"]


def test_generating_is_deterministic_and_timeless(tmp_path):
    root = tiny_root(tmp_path)
    first, second = docs.generate(root), docs.generate(root)
    assert first == second
    text = "\n".join(first.values())
    assert not re.search(r"\d+(\.\d+)? ?(ms|seconds?)\b|\d{4}-\d\d-\d\d", text)
    assert "No defect search results" in first["D2.md"]
    assert "tiny" in first["index.md"]


def test_the_defects_found_are_shown_and_listed(tmp_path):
    pages = docs.generate(tiny_root(tmp_path, [FINDING, HIDDEN]))
    d2 = pages["D2.md"]
    assert "## Defect" in d2 and "### disagrees with its convention — its own formula" in d2
    assert "The ∀ admits every subset of the neighbours." in d2
    assert "What the convention means: each cell with the set of its neighbours" in d2
    assert "`∀c∈pr2(a) …` → `pr2(a)=D{c∈X1 | …}`" in d2
    assert "```\nmines: 0\n0 0\n```" in d2                                 # the minimal board
    assert ("![The minimal board of D2's finding 1: 1×2, 0 mines, move —]"
            "(img/defect-D2-1.svg)") in d2
    assert "img/defect-D6-1.svg" not in pages          # "b1" is no board: shown as text only
    assert "What the convention says: `{(0,0, {0,1})}`" in d2
    d6 = pages["D6.md"]
    assert "### uses hidden information" in d6 and "```\nb2\n```" in d6
    assert "The value on the other placement: `{2}`" in d6
    index = pages["index.md"]
    assert ("- [D2](D2.md#defect) disagrees with its convention — its own formula: The ∀ admits "
            "every subset of the neighbours.") in index
    assert "[disagreement](D2.md#defect)" in index
    assert "None found" in pages["D8.md"]


def test_check_and_write_from_the_command_line(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the shipped files are found from any folder
    out = tmp_path / "schema"
    assert main(["docs", "--check", "--out", str(out)]) == 1
    assert "index.md: missing" in capsys.readouterr().out
    assert main(["docs", "--out", str(out)]) == 0
    written = capsys.readouterr().out
    pictures = len(list((out / "img").glob("*.svg")))
    assert f"33 pages and {pictures} pictures in" in written
    assert f"{33 + pictures} written" in written
    page = out / "D8.md"
    page.write_text(page.read_text(encoding="utf-8").replace("10 cells", "11 cells"),
                    encoding="utf-8")
    (out / "D99.md").write_text("old\n", encoding="utf-8")
    (out / "img" / "D8.svg").unlink()
    assert main(["docs", "--check", "--out", str(out)]) == 1
    report = capsys.readouterr().out
    assert "D8.md: differs; line" in report and "D99.md: not generated any more" in report
    assert "D8.svg: missing" in report
    assert main(["docs", "--out", str(out)]) == 0
    assert "2 written" in (written := capsys.readouterr().out) and "D99.md" in written
    assert "no longer generated (delete it)" in written                  # left for the user


# ----------------------------------------------------------------------------
# The pictures

def test_a_changed_missing_or_left_over_picture_is_stale(pages, tmp_path):
    doc_files.write(pages, tmp_path)
    assert doc_files.stale(pages, tmp_path) == []
    d8 = tmp_path / "img" / "D8.svg"
    d8.write_text(d8.read_text(encoding="utf-8").replace('data-member="1"', "", 1),
                  encoding="utf-8")
    (tmp_path / "img" / "board.svg").unlink()
    (tmp_path / "img" / "D99.svg").write_text("<svg/>\n", encoding="utf-8")
    problems = doc_files.stale(pages, tmp_path)
    assert len(problems) == 3
    assert problems[0].startswith(f"{tmp_path / 'img' / 'D8.svg'}: differs; line ")
    assert problems[1] == f"{tmp_path / 'img' / 'board.svg'}: missing"
    assert problems[2] == f"{tmp_path / 'img' / 'D99.svg'}: not generated any more"
    assert doc_files.write(pages, tmp_path) == ["img/D8.svg", "img/board.svg"]


def test_every_image_of_a_page_is_a_generated_picture_inside_the_pages(pages):
    linked = set()
    for name, text in pages.items():
        if name.endswith(".svg"):
            assert "http" not in text.replace('xmlns="http://www.w3.org/2000/svg"', ""), name
            assert "href" not in text and "/work/" not in text, name   # nothing outside
            continue
        for alt, target in IMAGE.findall(text):
            assert target in pages and target.startswith("img/") and target.endswith(".svg")
            assert alt.strip(), f"{name}: an image without alternative text"
            linked.add(target)
        assert "<svg" not in text, f"{name}: GitHub strips inline SVG"
    assert linked == {name for name in pages if name.endswith(".svg")}  # none unused
    assert "![D8 on the example board: 10 cells lit](img/D8.svg)" in pages["D8.md"]
    assert "](img/D8-corrected.svg)" in pages["D8.md"]
    assert "](img/defect-D2-1.svg)" in pages["D2.md"]
    assert "](img/board.svg)" in pages["index.md"]


def test_every_picture_is_well_formed_with_one_group_per_cell(pages):
    example = load_board(ROOT / docs.BOARD)
    findings = docs.load_findings(ROOT / docs.DEFECTS)
    numbered = {}
    for f in findings:
        numbered.setdefault(f["alias"], []).append(f)
    boards = {}
    for alias, found in numbered.items():
        for i, f in enumerate(found, 1):
            boards[f"img/defect-{alias}-{i}.svg"] = parse_board(f["board"])
            if f.get("other_board"):
                boards[f"img/defect-{alias}-{i}-other.svg"] = parse_board(f["other_board"])
    assert set(boards) <= set(pages)
    for name, text in pages.items():
        if not name.endswith(".svg"):
            continue
        root = ET.fromstring(text)                              # well-formed XML
        assert root.tag == f"{SVG}svg" and root.get("role") == "img", name
        assert root.find(f"{SVG}title").text.strip() and root.find(f"{SVG}style") is not None
        groups = [g.get("data-cell") for g in root.iter(f"{SVG}g") if g.get("data-cell")]
        board = boards.get(name, example)
        assert sorted(groups) == sorted(key(c) for c in board.cells), name
    d4 = ET.fromstring(pages["img/defect-D4-2-other.svg"])
    assert {g.get("data-cell"): "".join(g.itertext()) for g in d4.iter(f"{SVG}g")
            if g.get("data-cell")}["0,1"] == "*"                   # the mines are drawn


@pytest.mark.parametrize("spec, name", [(docs.SPEC, "img/D8.svg"),
                                        (docs.CORRECTED, "img/D8-corrected.svg")])
def test_the_lit_cells_are_the_evaluators_value(pages, oracle, spec, name):
    d8 = oracle[spec]["D8"]
    assert d8.ok
    lit = {cell for cell, member in cells_of(pages[name], "data-member").items() if member == "1"}
    assert lit == {key(c) for c in d8.value}
    assert len(lit) == (10 if spec == docs.SPEC else 9)


def test_a_relation_is_drawn_by_its_number_of_pairs_per_cell(pages, oracle):
    pairs = present.listing(oracle[docs.SPEC]["D2"].value, 100_000)
    assert pairs.complete
    counts = {}
    for x, _ in pairs.items:
        counts[key(x)] = counts.get(key(x), 0) + 1
    written = {cell: "".join(t.text for t in g.iter(f"{SVG}text"))
               for cell, g in cells_of(pages["img/D2.svg"]).items()
               if "counted" in g.get("class").split()}
    assert {cell: int(text) for cell, text in written.items()} == counts
    assert counts["4,4"] == 256                         # every subset of 8 neighbours
    fixed = cells_of(pages["img/D2-corrected.svg"])
    assert {"".join(t.text for t in g.iter(f"{SVG}text"))
            for g in fixed.values()} == {"1"}            # the repair: one set per cell


def test_the_probabilities_are_a_heat_map_of_exact_shares(pages, oracle):
    results = oracle[docs.CORRECTED]
    total = present.size_of(results["D15"].value)
    assert total == 3
    for alias in ("D16", "D17"):
        expected = {}
        for x, families in present.listing(results[alias].value, 1000).items:
            expected[key(x)] = str(Fraction(present.size_of(families), total))
        shares = {c: p for c, p in cells_of(pages[f"img/{alias}-corrected.svg"], "data-p").items()
                  if p is not None}
        assert {c: str(Fraction(p)) for c, p in shares.items()} == expected
        assert "1/3" in shares.values()
    assert "img/D15.svg" not in pages                    # D15 is empty as written: nothing to draw
    assert "D15 is empty here" in pages["D16.md"]         # so D16 is drawn by its pairs


def test_the_story_names_the_heirs_the_defect_search_found():
    """docs/schema/index.md's story and `setmine defects` (docs/defects.json)
    list the same constituents as inheriting D2's defect."""
    findings = json.loads(Path("docs/defects.json").read_text(encoding="utf-8"))
    findings = findings["findings"] if isinstance(findings, dict) else findings
    listed = heirs(findings, "D2")
    assert listed and "D3" in listed
    index = Path("docs/schema/index.md").read_text(encoding="utf-8")
    assert f"{alias_list(listed)} are built on D2" in index
