"""``setmine report --game`` in a real browser (headless Chromium, see
conftest.py): the page loads without a console error and fetches nothing;
walking it with the ▶ button visits every step once, in order, each showing
its move and the D18 the schema gives on that position (the oracle plays the
same game by hand, games.py); the slider and the ← key reach any step."""

from __future__ import annotations

import os

import pytest

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:    # the test extra installs it; without it, only SETMINE_NO_BROWSER=1 passes
    if os.environ.get("SETMINE_NO_BROWSER") != "1":
        raise
    pytest.skip("SETMINE_NO_BROWSER=1 and selenium not installed", allow_module_level=True)

from setmine import resources
from setmine.cli import main
from setmine.rsl.schema import Schema
from setmine.solver.games.game_config import GameConfig

from .games import hand_played
from .pages import cell_key, cells, console_errors, keys, open_page

SEED = 1


@pytest.fixture(scope="module")
def replay(tmp_path_factory):
    out = tmp_path_factory.mktemp("replay") / "game.html"
    assert main(["report", "--game", "--level", "beginner", "--seed", str(SEED),
                 "--policy", "schema", "-o", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def oracle():
    return hand_played(GameConfig.level("beginner"), SEED,
                       Schema.load(resources.CORRECTED_SCHEMA))[1]


def shown(browser):
    visible = browser.find_elements(By.CSS_SELECTOR, "section.step:not([hidden])")
    assert len(visible) == 1, "exactly one step is shown at a time"
    return visible[0]


def check_step(browser, i: int, oracle) -> None:
    _position, d18, move = oracle[i]
    section = shown(browser)
    assert int(section.get_attribute("data-step")) == i
    assert section.get_attribute("data-move") == (cell_key(move) if move else None)
    assert cells(browser, section, 'figure[data-term="D18"] g[data-member="1"]') == keys(d18)
    assert browser.find_element(By.ID, "step").get_attribute("value") == str(i)


def test_the_button_walks_every_step_in_order(browser, replay, oracle):
    assert open_page(browser, replay) == []
    slider = browser.find_element(By.ID, "step")
    assert int(slider.get_attribute("max")) == len(oracle) - 1
    for i in range(len(oracle)):
        check_step(browser, i, oracle)
        button = browser.find_element(By.ID, "next")
        if i < len(oracle) - 1:
            button.click()
        else:
            assert not button.is_enabled()    # the last step: nowhere further
    assert console_errors(browser) == []


def test_the_slider_and_the_keys_reach_any_step(browser, replay, oracle):
    assert open_page(browser, replay) == []
    middle = len(oracle) // 2
    browser.execute_script("var s = document.getElementById('step'); s.value = arguments[0];"
                           "s.dispatchEvent(new Event('input'));", middle)
    check_step(browser, middle, oracle)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    check_step(browser, middle - 1, oracle)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    check_step(browser, middle + 1, oracle)
    assert console_errors(browser) == []


def test_the_replay_fetches_nothing(browser, replay):
    assert open_page(browser, replay) == []
    urls = browser.execute_script(
        "return Array.from(document.querySelectorAll('[src], [href]'))"
        ".map(function (e) { return e.getAttribute('src') || e.getAttribute('href'); });")
    assert all(u.startswith("#") for u in urls)
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0


def test_a_changed_address_moves_the_replay(browser, replay, oracle):
    """#step-N works after the page has loaded too (a link in the page, the
    back button), not only on a fresh load."""
    assert open_page(browser, replay) == []
    check_step(browser, 0, oracle)
    target = len(oracle) - 1
    browser.execute_script("location.hash = '#step-' + arguments[0];", target)
    check_step(browser, target, oracle)
    browser.execute_script("location.hash = '#step-1';")
    check_step(browser, 1, oracle)
    assert console_errors(browser) == []
