"""``setmine report MODEL``: a model of any schema as one page, in a real
browser (headless Chromium, conftest.py) — every constituent a section,
each structure's and term's value the evaluator's with elements by name, a
theorem's verdict, nothing fetched, no console error — and a name that
holds markup shown as text, never run."""

from __future__ import annotations

import json
import os

import pytest

try:
    from selenium.webdriver.common.by import By
except ImportError:
    if os.environ.get("SETMINE_NO_BROWSER") != "1":
        raise
    pytest.skip("SETMINE_NO_BROWSER=1 and selenium not installed", allow_module_level=True)

from setmine import resources
from setmine.cli import main

from .pages import console_errors, open_page


@pytest.fixture(scope="module")
def study_page(tmp_path_factory):
    out = tmp_path_factory.mktemp("model") / "study.html"
    assert main(["report", "study-plan", "-o", str(out)]) == 0
    return out


def rows(driver, alias):
    table = driver.find_element(By.CSS_SELECTOR, f'#{alias} [data-value="{alias}"]')
    return [[td.text for td in tr.find_elements(By.TAG_NAME, "td")]
            for tr in table.find_elements(By.TAG_NAME, "tr")[1:]]


def test_every_value_is_the_evaluators_by_name(browser, study_page, capsys):
    assert open_page(browser, study_page) == []
    sections = browser.find_elements(By.CSS_SELECTOR, "section.constituent")
    assert len(sections) == 18
    assert rows(browser, "D2") == [["Boris", "models"]]
    assert rows(browser, "D4") == [["sets", "2"], ["logic", "1"], ["algebra", "1"]]
    capsys.readouterr()
    assert main(["eval", "study-plan", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert rows(browser, "D1") == out["terms"]["D1"]["value"]["elements"]
    verdicts = {s.get_attribute("data-alias"): v.get_attribute("data-verdict")
                for s in sections for v in s.find_elements(By.CSS_SELECTOR, "[data-verdict]")}
    assert verdicts == {"A1": "true", "A2": "true", "T1": "false", "T2": "false"}
    assert console_errors(browser) == []


def test_a_name_with_markup_is_text(browser, tmp_path):
    session = json.loads((resources.MODEL_DIR / "study-plan.session.json").read_text("utf-8"))
    x1 = session["state"]["model"]["items"][0]
    x1["value"]["0"] = "<script>document.title='pwned'</script><b>Ann</b>"
    source = tmp_path / "hostile.json"
    source.write_text(json.dumps(session, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "hostile.html"
    assert main(["report", str(source), "-o", str(out)]) == 0
    open_page(browser, out)
    assert "pwned" not in browser.title
    assert browser.find_elements(By.CSS_SELECTOR, "#X1 ul.members b, #X1 ul.members script") == []
    assert "<script>document.title='pwned'</script><b>Ann</b>" in \
        browser.find_element(By.ID, "X1").text
