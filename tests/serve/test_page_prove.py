"""Prove from the live page in a real browser (headless Chromium): the
prove button beside verify decides each claim for every model, shows each
verdict in words and the aliases its proof used; a refuted claim's
smallest model opens on a page of its own (on a board) or loads as the
state (on a model); the stop ends the run and the page says so."""

from __future__ import annotations

import base64
import json

from .browsing import address, hash_state, wait_for
from .test_page_models_and_runs import MODEL, PLAN, by, size_of

PROVED, REFUTED = "D8 ⊆ S2", "D18 ∩ D8 = ∅"


def proving_state(browser) -> str | None:
    return browser.find_element(*by("body")).get_attribute("data-prove")


def prove(page, claims: str = "", sizes: str = "", integers: str = "") -> None:
    if claims:
        page.find_element(*by("#claims")).send_keys(claims)
    if sizes:
        page.find_element(*by("#prove-sizes")).send_keys(sizes)
    if integers:
        page.find_element(*by("#prove-integers")).send_keys(integers)
    page.find_element(*by("#prove")).click()


def test_prove_shows_each_verdict_and_what_the_proof_used(page, server):
    prove(page, f"{PROVED}\n{REFUTED}", "X1<=2")
    wait_for(page, lambda d: proving_state(d) == "done", "the proof's end")
    assert page.find_element(*by("#prove")).is_enabled()
    assert not page.find_element(*by("#prove-stop")).is_enabled()

    proved = page.find_element(*by('#proofs li[data-statement="assert1"]'))
    assert proved.get_attribute("data-verdict") == "proved"
    line = proved.find_element(*by(".line")).text
    assert line.startswith(f"✓ assert1  {PROVED}  proved for every model (from "), line
    used = proved.find_element(*by(".used"))
    aliases = used.get_attribute("data-used").split()
    assert "D8" in aliases and used.text.startswith("the proof used ")
    for alias in aliases:
        assert alias in used.text and alias in line
    # an alias with a section on the page is a link to it
    link = used.find_element(*by('a.used-alias[href="#D8"]'))
    link.click()
    wait_for(page, lambda d: d.execute_script(
        "const r = document.getElementById('term-D8').getBoundingClientRect();"
        "return r.top < window.innerHeight && r.bottom > 0;"), "D8's section in view")

    refuted = page.find_element(*by('#proofs li[data-statement="assert2"]'))
    assert refuted.get_attribute("data-verdict") == "refuted"
    assert "refuted: smallest model X1=2" in refuted.find_element(*by(".line")).text
    assert refuted.find_elements(*by(".used")) == []
    assert json.loads(refuted.find_element(*by("[data-sizes]")).get_attribute("data-sizes")) \
        == {"X1": 2}
    assert "X1 of 2 elements" in refuted.text
    values = refuted.find_element(*by("pre.model-values")).text.split("\n")
    assert values[0].startswith("X1 = ") and any(v.startswith("D18 = ") for v in values)
    assert "what is wrong: " in refuted.find_element(*by(".headline")).text

    # on a board the smallest model opens on a page of its own: the model page
    opened = refuted.find_element(*by("a.open"))
    href = opened.get_attribute("href")
    code = href.split("#state=")[1]
    state = json.loads(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    assert state["schema"] == "written" and len(state["model"]["values"]["X1"]) == 2
    assert opened.get_attribute("target") == "_blank"
    page.get(href)
    wait_for(page, lambda d: size_of(d, "D18") is not None, "the counterexample's model page")
    assert page.find_element(*by("body")).get_attribute("data-subject") == "model"
    assert size_of(page, "D18") == "1" and size_of(page, "D8") == "1"


def test_prove_is_stopped_from_the_page(page):
    prove(page, PROVED, "X1<=6")   # the models scope alone has its 30 s of work
    wait_for(page, lambda d: proving_state(d) == "running", "the proof")
    page.find_element(*by("#prove-stop")).click()
    wait_for(page, lambda d: proving_state(d) == "stopped", "the stop")
    note = page.find_element(*by("#prove-note")).text
    assert note.startswith("stopped: stopped after 0 of 1 statements"), note
    assert page.find_element(*by("#prove")).is_enabled()
    assert page.find_elements(*by("#proofs li")) == []


def test_prove_on_a_model_loads_a_refuted_theorems_model(browser, server):
    page = browser
    page.get(address(server, {"schema": PLAN, "model": MODEL, "formula": ""}))
    wait_for(page, lambda d: size_of(d, "D1") is not None, "the model's terms")
    prove(page, sizes="X1<=1,X2<=2", integers="0..1")   # no claim: the schema's theorems
    wait_for(page, lambda d: proving_state(d) == "done", "the proof's end")
    verdicts = page.execute_script(
        "return Array.from(document.querySelectorAll('#proofs li'), "
        "li => [li.dataset.statement, li.dataset.verdict]);")
    assert verdicts == [["T1", "refuted"], ["T2", "refuted"]]
    t1 = page.find_element(*by('#proofs li[data-statement="T1"]'))
    t1.find_element(*by("button.load")).click()
    wait_for(page, lambda d: len(hash_state(d)["model"]["values"]["X1"]) == 1,
             "T1's smallest model loaded")
    assert len(hash_state(page)["model"]["values"]["X2"]) == 2
    wait_for(page, lambda d: size_of(d, "T1") == "false", "T1 false on it")
