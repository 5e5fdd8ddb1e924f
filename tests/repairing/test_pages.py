"""The repairs on the pages: the report's finding articles show the shipped
fix of their formula (docs/repairs.json) with the changed part marked, or
say that none was found within the bound; the notebook's ``repair`` draws
a live search beside its least failing board."""

from __future__ import annotations

import json
import re

from setmine.pictures import report_data as reports
from setmine.pictures.notebook import repair
from setmine.present.output import defect_marks
from setmine.resources import REPAIRS

SHIPPED = json.loads(REPAIRS.read_text(encoding="utf-8"))


def test_every_shipped_repair_is_of_a_formula_the_defect_search_found_wrong():
    findings = {(f["alias"], f["formula"]) for f, _ in defect_marks.findings()}
    for entry in SHIPPED["terms"]:
        assert (entry["term"], entry["formula"]) in findings


def test_a_finding_with_a_validated_fix_shows_it_marked_and_one_without_says_so():
    shown = 0
    for finding, _ in defect_marks.findings():
        if finding["kind"] != "disagreement":
            continue
        entry = defect_marks.repair_of(finding)
        f = reports.finding_of(finding)
        if entry is None:
            assert f.fix is None and f.fix_note == ""
            continue
        valid = [x for x in entry["fixes"] if x["validated"]["holds"]]
        if valid:
            shown += 1
            marked = re.findall(r"<mark>(.*?)</mark>", str(f.fix))
            text = valid[0]["formula"]
            assert marked == [text[a:b] for a, b in valid[0]["marked"]]
            assert re.sub(r"</?mark>", "", str(f.fix)) == str(reports.escape(text))
            assert valid[0]["validated"]["scope"] in f.fix_note
        else:
            assert f.fix is None and "no change of at most" in f.fix_note
    assert shown >= 2  # D14 and D15


def test_the_notebook_draws_a_repair_beside_its_least_failing_board():
    r = repair("D14", scope="cells<=3", validate=None)
    html = r._repr_html_()
    assert "could not be drawn" not in html
    assert re.findall(r"<mark>(.*?)</mark>", html) == ["D₁₃", "D₈"]
    assert "<svg" in html and "square 1×3" in html
    assert "fix (1 edit: identifier D13 → D8)" in str(r)
