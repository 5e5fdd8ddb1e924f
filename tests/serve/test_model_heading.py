"""The live page on a model of any schema is headed by the schema's title
or, failing that, its file's name — never "(schema given as text)" — and
its sizes placeholder names the schema's own sets (issue 47)."""

from __future__ import annotations

from pathlib import Path

import pytest

from setmine.cli.serve import model_start
from setmine.serve.models import model_state

ROOT = Path(__file__).resolve().parents[2]
CELLS = ROOT / "tests" / "present" / "data" / "cells.session.json"   # X1 alone, no title
STUDY = ROOT / "spec" / "models" / "study-plan.session.json"


def answer(path: Path) -> dict:
    start = model_start(str(path), None, "")
    return model_state({"schema": start["schema"], "model": start["model"],
                        "name": start["name"]})


@pytest.mark.parametrize("path, heading, sizes", [
    (CELLS, "cells.session.json", "X1<=3"),
    (STUDY, "STUDY — A study plan", "X1<=3,X2<=3"),
])
def test_the_model_state_names_the_schema_and_its_own_sets(path, heading, sizes):
    data = answer(path)
    assert data["heading"] == heading
    assert data["sizes_example"] == sizes
    assert "(schema given as text)" not in data["heading"]


def test_the_page_shows_the_heading_and_the_placeholder(browser, server):
    from .browsing import address, wait_for

    start = model_start(str(CELLS), None, "")
    browser.get(address(server, start))
    wait_for(browser, lambda d: d.find_element("id", "schema-name").text.strip() != "",
             "the heading")
    assert browser.find_element("id", "schema-name").text == "cells.session.json"
    assert browser.find_element("id", "sizes").get_attribute("placeholder") == "X1<=3"
    assert "X2" not in browser.find_element("id", "sizes").get_attribute("placeholder")
