"""The generated teaching pages (``setmine docs``): the committed pages are
up to date, generating is deterministic, and a page says what it should."""

import json
import re
import shutil
from pathlib import Path

import pytest

from setmine.cli import main
from setmine.present import docs

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


@pytest.fixture(scope="module")
def pages():
    return docs.generate(ROOT)


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
    problems = docs.stale(pages, ROOT / docs.OUT)
    assert not problems, "docs/schema is stale; run `setmine docs`:\n" + "\n".join(problems)


def test_one_page_per_constituent_and_an_index(pages):
    assert set(pages) == {"index.md"} | {f"{c.alias}.md" for c in docs.Schema.load(ROOT / docs.SPEC)}
    assert len(pages) == 33


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
    assert "33 written" in capsys.readouterr().out
    page = out / "D8.md"
    page.write_text(page.read_text(encoding="utf-8").replace("10 cells", "11 cells"),
                    encoding="utf-8")
    (out / "D99.md").write_text("old\n", encoding="utf-8")
    assert main(["docs", "--check", "--out", str(out)]) == 1
    report = capsys.readouterr().out
    assert "D8.md: differs; line" in report and "D99.md: not generated any more" in report
