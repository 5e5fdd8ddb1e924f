"""The live page's second half in a real browser (headless Chromium): a
model of another schema edited in its tables and its terms computed again;
verify run from the page and its counterexample loaded as the state; a
verification stopped; a game the schema plays, stepped through; a click on
a term's picture explained."""

from __future__ import annotations

import json

import pytest

import setmine
from setmine.board import parse_board
from setmine.resources import MODEL_DIR

from .browsing import address, board_text, d18_cells, hash_state, wait_for

PLAN = (MODEL_DIR / "study-plan.rsl").read_text(encoding="utf-8")
MODEL = json.loads((MODEL_DIR / "study-plan.model.json").read_text(encoding="utf-8"))


def by(css: str):
    from selenium.webdriver.common.by import By

    return By.CSS_SELECTOR, css


def size_of(browser, alias: str) -> str | None:
    return browser.execute_script(
        f"const v = document.querySelector('#term-{alias} .value'); return v ? "
        "(v.dataset.size || v.dataset.verdict || null) : null;")


@pytest.fixture
def model_page(browser, server):
    browser.get(address(server, {"schema": PLAN, "model": MODEL, "formula": ""}))
    wait_for(browser, lambda d: size_of(d, "D1") is not None, "the model's terms")
    return browser


def expected_size(model: dict, alias: str) -> str:
    from setmine.serve.models import model_state

    answer = model_state({"schema": PLAN, "model": model})
    return next(s["size"] or str(s["verdict"]).lower() for s in answer["sections"]
                if s["alias"] == alias)


def test_a_model_is_edited_in_its_tables_and_its_terms_move(model_page):
    page = model_page
    assert page.find_element(*by("body")).get_attribute("data-subject") == "model"
    before = size_of(page, "D1")
    page.find_element(*by('[data-given=X2] [data-element=sets] button.remove')).click()
    wait_for(page, lambda d: "sets" not in hash_state(d)["model"]["values"]["X2"],
             "sets removed from X2")
    model = hash_state(page)["model"]
    assert not any("sets" in m for m in model["values"]["S2"])   # and every enrolment in it
    want = expected_size(model, "D1")
    wait_for(page, lambda d: size_of(d, "D1") == want, f"D1 of the edited model = {want}")
    assert want != before
    # a member added from the table's own choices
    from selenium.webdriver.support.ui import Select

    selects = page.find_elements(*by('[data-given=S1] tr.adder select'))
    Select(selects[0]).select_by_visible_text("logic")
    Select(selects[1]).select_by_visible_text("algebra")
    page.find_element(*by('[data-given=S1] tr.adder button.add')).click()
    wait_for(page, lambda d: ["logic", "algebra"] in hash_state(d)["model"]["values"]["S1"],
             "(logic, algebra) added to S1")
    # an edit the domain forbids is refused, the model unchanged
    kept = hash_state(page)["model"]
    page.find_element(*by('[data-given=S2] tr[data-member="(Ann, algebra)"] button.remove')) \
        .click()   # S3 ⊆ S2 holds (Ann, algebra): S2 cannot lose it
    wait_for(page, lambda d: "∉ S2" in d.find_element(*by("#problem")).text, "the refusal")
    assert hash_state(page)["model"] == kept
    page.find_element(*by("#undo")).click()
    wait_for(page, lambda d: ["logic", "algebra"] not in hash_state(d)["model"]["values"]["S1"],
             "undo")


def test_a_formula_is_evaluated_on_the_model(model_page):
    page = model_page
    box = page.find_element(*by("#formula"))
    box.send_keys("Pr1(S3)")
    wait_for(page, lambda d: d.find_element(*by("#type")).text == "type ℬ(X1)", "the type")
    page.find_element(*by("#evaluate")).click()
    wait_for(page, lambda d: d.find_element(*by("#result pre")).text == "{Ann, Boris, Chen}",
             "the value")


def test_verify_on_models_loads_its_counterexample(model_page):
    page = model_page
    page.find_element(*by("#sizes")).send_keys("X1<=1,X2<=2")
    page.find_element(*by("#integers")).send_keys("0..1")
    page.find_element(*by("#claims")).send_keys("card(S2) = 0")
    page.find_element(*by("#run")).click()
    wait_for(page, lambda d: d.find_element(*by("body")).get_attribute("data-verify") == "done",
             "the verification's end")
    failing = page.find_element(*by('#verdicts li.fails[data-property="card(S2) = 0"]'))
    failing.find_element(*by("button.load")).click()
    wait_for(page, lambda d: len(hash_state(d)["model"]["values"]["X1"]) == 1,
             "the counterexample loaded")
    assert hash_state(page)["model"]["values"]["S2"]   # card(S2) = 0 fails on it


def test_verify_on_boards_loads_its_counterexample(page):
    page.find_element(*by("#shapes")).clear()
    page.find_element(*by("#shapes")).send_keys("2x2")
    page.find_element(*by("#claims")).send_keys("D18 ∩ D8 = ∅")
    page.find_element(*by("#run")).click()
    wait_for(page, lambda d: d.find_element(*by("body")).get_attribute("data-verify") == "done",
             "the verification's end")
    assert page.find_element(*by("#progress")).get_attribute("value") == \
        page.find_element(*by("#progress")).get_attribute("max")
    from setmine.verification.boards.job import build_job
    from setmine.verification.boards.run import to_json, verify

    job = build_job(setmine.load_schema("written"), shapes="2x2",
                    properties=[("assert", "D18 ∩ D8 = ∅")])
    smallest = to_json(verify(job))["properties"][0]["counterexample"]["board"]
    page.find_element(*by('#verdicts li.fails button.load')).click()
    wait_for(page, lambda d: board_text(d) == smallest, "the counterexample's board")
    board = parse_board(smallest)
    d18, d8 = (setmine.evaluate("written", board, t) for t in ("D18", "D8"))
    assert d18 & d8   # the loaded state breaks the claim
    want = " ".join(sorted(f"{r},{c}" for r, c in d18))
    wait_for(page, lambda d: d18_cells(d) == want, f"D18 drawn on the counterexample: {want}")


def test_a_verification_is_stopped_from_the_page(page):
    page.find_element(*by("#shapes")).clear()
    page.find_element(*by("#shapes")).send_keys("cells<=10")
    page.find_element(*by("#run")).click()
    wait_for(page, lambda d: d.find_element(*by("body")).get_attribute("data-verify") == "running",
             "the run")
    page.find_element(*by("#stop")).click()
    wait_for(page, lambda d: d.find_element(*by("body")).get_attribute("data-verify")
             == "stopped", "the stop")   # cells<=10: seconds of work left when it is stopped
    assert page.find_element(*by("#run")).is_enabled()


def test_a_game_is_stepped_through(page, server):
    page.find_element(*by("#seed")).clear()
    page.find_element(*by("#seed")).send_keys("5")
    page.find_element(*by("#play")).click()
    status, game = server.post("/api/game", {"schema": "written", "level": "beginner",
                                             "seed": "5"})
    assert status == 200
    wait_for(page, lambda d: board_text(d) == game["steps"][0]["board"], "the first step")
    page.find_element(*by("#step-on")).click()
    wait_for(page, lambda d: board_text(d) == game["steps"][1]["board"], "the second step")
    assert game["steps"][1]["move"] in page.find_element(*by("#step-text")).text
    board = parse_board(game["steps"][1]["board"])
    want = " ".join(sorted(f"{r},{c}" for r, c in setmine.evaluate("written", board, "D18")))
    wait_for(page, lambda d: d18_cells(d) == want, "D18 of the second step")


def test_a_click_on_a_terms_picture_explains_the_cell(page):
    board = parse_board(board_text(page))
    d18 = setmine.evaluate("written", board, "D18")
    cell = sorted(d18)[0]
    page.find_element(*by(f'#term-D18 figure[data-side=mine] [data-cell="{cell[0]},{cell[1]}"]')) \
        .click()
    wait_for(page, lambda d: d.find_element(*by("#term-D18 .why")).get_attribute("data-member")
             == "true", "the explanation")
    assert f"why {cell[0]},{cell[1]} is in D18" in page.find_element(*by("#term-D18 .why h3")).text
    assert page.find_elements(*by("#term-D18 .why li"))
