"""The live page never shows a value of another state than its own (issue
46, part 3), in headless Chromium: the formula's value computed again
however the state changed — a loaded counterexample, undo, a game's step,
an address pasted; a message gone with the next action; a new formula's
error shown without the old value beside it; a failing verdict's headline
before anything is loaded; a game's board and its step text drawn
together; the busy marker in words.

Where a wrong page would show for a moment only, a MutationObserver keeps
what the page showed at every change of its document (``watch`` and
``seen``), and the test reads every one of them: no timing is assumed,
every wait is a guard against a hung page."""

from __future__ import annotations

import json
import re

import pytest

from setmine.board import load_board, parse_board
from setmine.board.files.textfile import write_board
from setmine.resources import MODEL_DIR, board_file

from .browsing import address, board_text, hash_state, wait_for

PLAN = (MODEL_DIR / "study-plan.rsl").read_text(encoding="utf-8")
MODEL = json.loads((MODEL_DIR / "study-plan.model.json").read_text(encoding="utf-8"))
MIDGAME = write_board(load_board(board_file("beginner-midgame")))


def by(css: str):
    from selenium.webdriver.common.by import By

    return By.CSS_SELECTOR, css


def cells_text(cells) -> str:
    return " ".join(sorted(f"{r},{c}" for r, c in cells))


def text_of(page, css: str) -> str:
    found = page.find_elements(*by(css))
    return found[0].text if found else ""


def result(page) -> dict:
    """What the formula box shows as its value: the summary, the value's
    cells, and whether it is marked as being computed again."""
    return page.execute_script(
        "const r = document.getElementById('result'), s = r.querySelector('.summary');"
        "return {summary: s ? s.textContent : null, text: r.textContent,"
        "        cells: r.dataset.cells || '', stale: r.dataset.stale !== undefined,"
        "        error: r.querySelector('.error') ? r.querySelector('.error').textContent : null};")


def settled(page) -> bool:
    """Nothing asked of the server is still on its way."""
    return page.execute_script("return document.getElementById('busy').textContent === ''")


# what the page showed at every change of its document: the state its
# address holds, the formula's value, the board's open cells and move, the
# game's step text, the busy marker
WATCH = """
window.seen = [];
const read = () => {
  const m = location.hash.match(/^#state=(.*)$/);
  let state = null;
  if (m) {
    const b = atob(m[1].replace(/-/g, '+').replace(/_/g, '/'));
    state = JSON.parse(new TextDecoder().decode(Uint8Array.from(b, c => c.charCodeAt(0))));
  }
  const r = document.getElementById('result'), s = r.querySelector('.summary');
  const busy = document.getElementById('busy');
  const spinner = getComputedStyle(busy, '::before');
  window.seen.push({
    state, summary: s ? s.textContent : null, cells: r.dataset.cells || '',
    stale: r.dataset.stale !== undefined,
    open: Array.from(document.querySelectorAll('#board [data-cell].open'), g => g.dataset.cell).sort().join(' '),
    move: (document.querySelector('#board [data-cell].move') || {dataset: {}}).dataset.cell || null,
    step: document.getElementById('step-text').textContent,
    busy: busy.textContent, busyWidth: busy.getBoundingClientRect().width,
    spinner: spinner.content, spinnerWidth: parseFloat(spinner.width) || 0,
  });
};
new MutationObserver(read).observe(document.body, {subtree: true, childList: true,
                                                   characterData: true, attributes: true});
"""


def watch(page) -> None:
    page.execute_script(WATCH)


def seen(page) -> list[dict]:
    return page.execute_script("return window.seen")


@pytest.fixture
def model_page(browser, server):
    browser.get(address(server, {"schema": PLAN, "model": MODEL, "formula": "X1"}))
    wait_for(browser, lambda d: result(d)["summary"] == "card 3" and not result(d)["stale"],
             "X1 of the study plan, evaluated from the address")
    return browser


def run_verify(page, claim: str = "card(S2) = 0") -> None:
    page.find_element(*by("#sizes")).send_keys("X1<=1,X2<=2")
    page.find_element(*by("#integers")).send_keys("0..1")
    page.find_element(*by("#claims")).send_keys(claim)
    page.find_element(*by("#run")).click()
    wait_for(page, lambda d: d.find_element(*by("body")).get_attribute("data-verify") == "done",
             "the verification's end")


def x1_value(model: dict) -> tuple[str, str]:
    """X1's value as the page writes it: its size and its members."""
    members = model["values"]["X1"]
    return f"card {len(members)}", "{" + ", ".join(members) + "}"


def test_a_loaded_counterexample_computes_the_formulas_value_again(model_page):
    page = model_page
    assert "{Ann, Boris, Chen}" in result(page)["text"]
    run_verify(page)
    watch(page)
    page.find_element(*by('#verdicts li.fails[data-property="card(S2) = 0"] button.load')).click()
    wait_for(page, lambda d: len(hash_state(d)["model"]["values"]["X1"]) == 1,
             "the counterexample loaded")
    loaded = hash_state(page)["model"]
    summary, members = x1_value(loaded)
    wait_for(page, lambda d: result(d)["summary"] == summary and not result(d)["stale"],
             f"X1 of the counterexample: {summary}")
    assert members in result(page)["text"] and "Ann" not in result(page)["text"]
    # never the old model's value beside the new model: marked as computed again until it came
    for shown in seen(page):
        if shown["state"]["model"]["values"]["X1"] == loaded["values"]["X1"]:
            assert shown["stale"] or shown["summary"] in (summary, None), shown


def test_undo_computes_the_formulas_value_again(page):
    first = parse_board(board_text(page))
    box = page.find_element(*by("#formula"))
    box.clear()
    box.send_keys("S3")
    page.find_element(*by("#evaluate")).click()
    wait_for(page, lambda d: result(d)["cells"] == cells_text(first.opened) and settled(d),
             "S3: the open cells")
    closed = next(c for c in first.cells if c not in first.opened and c not in first.mines)
    page.find_element(*by(f'#board [data-cell="{closed[0]},{closed[1]}"]')).click()
    wait_for(page, lambda d: closed in parse_board(board_text(d)).opened, "the cell opened")
    opened = parse_board(board_text(page)).opened
    wait_for(page, lambda d: result(d)["cells"] == cells_text(opened) and not result(d)["stale"],
             "S3 after the click")
    watch(page)
    page.find_element(*by("#undo")).click()
    wait_for(page, lambda d: parse_board(board_text(d)) == first, "undo")
    wait_for(page, lambda d: result(d)["cells"] == cells_text(first.opened)
             and not result(d)["stale"], "S3 after undo")
    for shown in seen(page):   # the value shown always the board's, or marked as being computed
        if shown["state"]["board"] == board_text(page):
            assert shown["stale"] or shown["cells"] == cells_text(first.opened), shown
    page.find_element(*by("#redo")).click()
    wait_for(page, lambda d: result(d)["cells"] == cells_text(opened) and not result(d)["stale"],
             "S3 after redo")


def play(page, seed: str = "5") -> None:
    page.find_element(*by("#seed")).clear()
    page.find_element(*by("#seed")).send_keys(seed)
    page.find_element(*by("#play")).click()


def test_a_game_step_computes_the_formulas_value_again(page, server):
    box = page.find_element(*by("#formula"))
    box.clear()
    box.send_keys("S3")
    page.find_element(*by("#evaluate")).click()
    wait_for(page, lambda d: result(d)["summary"] is not None, "S3's value")
    status, game = server.post("/api/game", {"schema": "written", "level": "beginner",
                                             "seed": "5"})
    assert status == 200
    play(page)
    for k in (0, 1, 2):
        if k:
            page.find_element(*by("#step-on")).click()
        board = parse_board(game["steps"][k]["board"])
        wait_for(page, lambda d: board_text(d) == game["steps"][k]["board"], f"step {k}")
        wait_for(page, lambda d: result(d)["cells"] == cells_text(board.opened)
                 and not result(d)["stale"], f"S3 of step {k}")


def test_a_pasted_address_computes_the_formulas_value_again(page, server):
    box = page.find_element(*by("#formula"))
    box.clear()
    box.send_keys("S3")
    page.find_element(*by("#evaluate")).click()
    wait_for(page, lambda d: result(d)["summary"] is not None, "S3's value")
    before = board_text(page)
    other = parse_board(MIDGAME)
    # the same formula on another board: the address pasted into this tab
    page.execute_script("location.hash = arguments[0]",
                        "#" + address(server, {"schema": "written", "board": MIDGAME,
                                               "formula": "S3"}).split("#", 1)[1])
    wait_for(page, lambda d: parse_board(board_text(d)) == other, "the pasted board")
    wait_for(page, lambda d: result(d)["cells"] == cells_text(other.opened)
             and not result(d)["stale"], "S3 of the pasted board")
    # another formula: evaluated, as an address opened afresh is
    page.execute_script("location.hash = arguments[0]",
                        "#" + address(server, {"schema": "corrected", "board": MIDGAME,
                                               "formula": "S2"}).split("#", 1)[1])
    wait_for(page, lambda d: d.find_element(*by("#formula")).get_attribute("value") == "S2",
             "the pasted formula")
    wait_for(page, lambda d: result(d)["cells"] == cells_text(other.mines)
             and not result(d)["stale"], "S2 of the pasted board")
    assert page.find_element(*by("#schema")).get_attribute("value") == "corrected"
    # a pasted address is a change like any other: undo brings back the board before it
    page.find_element(*by("#undo")).click()
    wait_for(page, lambda d: board_text(d) == before, "undo after the pasted address")
    wait_for(page, lambda d: result(d)["cells"] == cells_text(parse_board(before).mines)
             and not result(d)["stale"], "S2 of the board before")


def test_an_edits_error_goes_with_the_next_successful_edit(model_page):
    page = model_page
    add = page.find_element(*by("[data-given=X1] input.add"))
    add.send_keys("Ann")
    page.find_element(*by("[data-given=X1] button.add")).click()
    wait_for(page, lambda d: text_of(d, "#problem") == "X1 already has Ann", "the refusal")
    add = page.find_element(*by("[data-given=X1] input.add"))
    add.clear()
    add.send_keys("Dana")
    page.find_element(*by("[data-given=X1] button.add")).click()
    wait_for(page, lambda d: "Dana" in hash_state(d)["model"]["values"]["X1"], "Dana added")
    wait_for(page, settled, "the page drawn")
    assert text_of(page, "#problem") == ""
    # a refused rename: the message, and the element's name as the model holds it
    rename = page.find_element(*by("[data-given=X1] [data-element=Boris] input"))
    rename.clear()
    rename.send_keys("Ann")
    page.find_element(*by("#formula")).click()   # the field left: its change is sent
    wait_for(page, lambda d: text_of(d, "#problem") == "X1 already has Ann", "the rename refused")
    assert page.find_element(*by("[data-given=X1] [data-element=Boris] input")) \
        .get_attribute("value") == "Boris"
    # the next action of another kind takes it away too: the formula evaluated
    page.find_element(*by("#evaluate")).click()
    wait_for(page, lambda d: text_of(d, "#problem") == "", "the message gone")


def test_a_new_formula_with_an_error_shows_the_error_not_the_old_value(model_page):
    page = model_page
    box = page.find_element(*by("#formula"))
    box.clear()
    box.send_keys("X1 ∪ ℬ(X1)")
    wait_for(page, lambda d: d.find_element(*by("#type")).get_attribute("data-code")
             == "typesNotEqual", "the type error")
    assert result(page)["summary"] is None and "Ann" not in result(page)["text"]
    page.find_element(*by("#evaluate")).click()
    wait_for(page, lambda d: result(d)["error"] is not None, "the evaluation's error")
    assert result(page)["summary"] is None and "typesNotEqual" in result(page)["error"]
    # and back to a good formula: its own value, not the error
    box.clear()
    box.send_keys("X2")
    page.find_element(*by("#evaluate")).click()
    wait_for(page, lambda d: result(d)["summary"] == "card 4" and not result(d)["stale"], "X2")
    assert result(page)["error"] is None and "sets" in result(page)["text"]


def test_a_failing_verdict_says_what_is_wrong_before_anything_is_loaded(model_page):
    page = model_page
    run_verify(page)
    assert hash_state(page)["model"] == MODEL   # nothing loaded
    failing = page.find_element(*by('#verdicts li.fails[data-property="card(S2) = 0"]'))
    # the smallest model that breaks card(S2) = 0 has one enrolment: verify's headline
    assert "card(S2) = 0 fails: card(S2) = 1" in failing.text
    assert "X1 of 1 element" in failing.text
    # a schema's own claim: its formula and its headline, as setmine verify gives them
    from setmine.rsl.schema import Schema
    from setmine.verification.boards.verdicts import headline
    from setmine.verification.models.evidence import gather
    from setmine.verification.models.answers.run import search
    from setmine.verification.models.scope import parse_model_scope

    schema = Schema.parse(PLAN, None)
    outcome = search(schema, parse_model_scope(schema, "X1<=1,X2<=2", "0..1"), [], 1)
    for p in outcome["properties"]:
        if p["holds"]:
            continue
        line = page.find_element(*by(f'#verdicts li.fails[data-property="{p["name"]}"]')).text
        want = headline(gather(schema, p["counterexample"], p["name"]), "")
        assert want and f"{p['name']} fails: {want}" in line, line


def test_the_board_and_the_step_text_change_together(page, server):
    status, game = server.post("/api/game", {"schema": "written", "level": "beginner",
                                             "seed": "5"})
    assert status == 200
    steps = [parse_board(s["board"]) for s in game["steps"]]
    watch(page)
    play(page)
    wait_for(page, lambda d: board_text(d) == game["steps"][0]["board"], "the first step")
    for k in (1, 2, 3):
        page.find_element(*by("#step-on")).click()
        wait_for(page, lambda d: board_text(d) == game["steps"][k]["board"], f"step {k}")
    page.find_element(*by("#step-back")).click()
    wait_for(page, lambda d: board_text(d) == game["steps"][2]["board"], "a step back")
    wait_for(page, settled, "the page drawn")
    told = re.compile(r"move (\d+) of \d+: ")
    checked = 0
    for shown in seen(page):   # whatever step the text names, the board drawn is that step's
        said = told.match(shown["step"])
        if said is None:
            continue
        k = int(said.group(1)) - 1
        assert shown["open"] == cells_text(steps[k].opened), (k, shown["step"])
        assert shown["move"] == f"{steps[k].move[0]},{steps[k].move[1]}", (k, shown["step"])
        checked += 1
    assert checked
    assert page.find_element(*by("#replay")).get_attribute("data-step") == "2"
    assert f"move 3 of {game['moves']}: {game['steps'][2]['move']}" in \
        page.find_element(*by("#step-text")).text
    # a board changed by hand is no step of the game: the text says so
    board = steps[2]
    closed = next(c for c in board.cells if c not in board.opened and c not in board.mines
                  and c != board.move)
    page.find_element(*by(f'#board [data-cell="{closed[0]},{closed[1]}"]')).click()
    wait_for(page, lambda d: closed in parse_board(board_text(d)).opened, "the cell opened")
    wait_for(page, lambda d: "not a step" in d.find_element(*by("#step-text")).text,
             "the step text")


def test_the_busy_marker_is_words_and_a_drawn_spinner(page):
    watch(page)
    board = parse_board(board_text(page))
    closed = next(c for c in board.cells if c not in board.opened and c not in board.mines)
    page.find_element(*by(f'#board [data-cell="{closed[0]},{closed[1]}"]')).click()
    wait_for(page, lambda d: closed in parse_board(board_text(d)).opened, "the cell opened")
    wait_for(page, settled, "the page drawn")
    busy = [s for s in seen(page) if s["busy"]]
    assert busy, "the marker was never shown"
    for shown in busy:
        assert shown["busy"].isascii() and shown["busy"].strip(), shown["busy"]
        assert shown["busyWidth"] > 0 and shown["spinnerWidth"] > 0, shown
        assert shown["spinner"] in ('""', "none", "normal"), shown["spinner"]   # no glyph
