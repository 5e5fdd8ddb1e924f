"""The live page in a real browser (headless Chromium, as the report's
tests): open it, click cells and see D18 become what ``setmine`` computes
for the same board; type a formula and see its type, its value, an error
underlined; reload a shared address and find the same state."""

from __future__ import annotations


import setmine
from setmine.board import parse_board

from .browsing import board_text, d18_cells, wait_for
from .conftest import TINY

def cells_text(cells) -> str:
    return " ".join(sorted(f"{r},{c}" for r, c in cells))


def test_a_click_opens_a_cell_and_d18_is_what_setmine_computes(page):
    from selenium.webdriver.common.by import By

    before = parse_board(board_text(page))
    closed = [c for c in before.cells if c not in before.opened and c not in before.mines
              and c != before.move]
    cell = f"{closed[0][0]},{closed[0][1]}"
    page.find_element(By.CSS_SELECTOR, f'#board [data-cell="{cell}"]').click()
    wait_for(page, lambda d: closed[0] in parse_board(board_text(d)).opened, "the opened cell")
    after = parse_board(board_text(page))
    for schema, side in (("written", "mine"), ("corrected", "against")):
        want = cells_text(setmine.evaluate(schema, after, "D18"))
        wait_for(page, lambda d: d18_cells(d, side) == want, f"D18 of {schema} = {want}")
    page.find_element(By.ID, "undo").click()
    wait_for(page, lambda d: parse_board(board_text(d)) == before, "undo")


def test_a_formula_is_typed_as_it_is_written_and_evaluated(page):
    from selenium.webdriver.common.by import By

    box = page.find_element(By.ID, "formula")
    box.clear()
    box.send_keys("D11 ∪ D8")
    wait_for(page, lambda d: d.find_element(By.ID, "type").text == "type ℬ(X1)", "the type")
    page.find_element(By.ID, "evaluate").click()
    board = parse_board(board_text(page))
    want = cells_text(setmine.evaluate("written", board, "D11 ∪ D8"))
    wait_for(page, lambda d: d.find_element(By.ID, "result").get_attribute("data-cells") == want,
             "the value's cells")


def test_an_error_is_underlined_where_it_is(page):
    from selenium.webdriver.common.by import By

    box = page.find_element(By.ID, "formula")
    box.clear()
    box.send_keys("X1 ∪ ℬ(X1)")
    wait_for(page, lambda d: "typesNotEqual" in d.find_element(By.ID, "type").text, "the error")
    marked = page.find_element(By.CSS_SELECTOR, "#echo mark.err").text
    assert marked and marked in "X1 ∪ ℬ(X1)"


def test_a_shared_address_opens_the_same_state(page, server):
    from selenium.webdriver.common.by import By

    page.find_element(By.CSS_SELECTOR, 'input[name=mode][value=mine]').click()
    board = parse_board(board_text(page))
    free = next(c for c in board.cells if c not in board.opened and c not in board.mines)
    page.find_element(By.CSS_SELECTOR, f'#board [data-cell="{free[0]},{free[1]}"]').click()
    wait_for(page, lambda d: free in parse_board(board_text(d)).mines, "the new mine")
    box = page.find_element(By.ID, "formula")
    box.clear()
    box.send_keys("card(D15)")
    wait_for(page, lambda d: "card(D15)" in d.current_url or d.find_element(By.ID, "type").text,
             "the formula in the address")
    address = page.current_url
    page.get("about:blank")
    page.get(address)
    wait_for(page, lambda d: d18_cells(d) is not None, "the terms after reloading")
    assert free in parse_board(board_text(page)).mines
    assert page.find_element(By.ID, "formula").get_attribute("value") == "card(D15)"
    assert parse_board(board_text(page)) != parse_board(TINY)   # the address won, not the start


def test_a_relation_is_shown_at_the_cell_pointed_at(page):
    from selenium.webdriver.common.by import By

    box = page.find_element(By.ID, "formula")
    box.clear()
    box.send_keys("S1")
    page.find_element(By.ID, "evaluate").click()
    wait_for(page, lambda d: d.find_elements(By.CSS_SELECTOR,
                                             '#result figure[data-kind=relation] [data-cell]'),
             "the relation's picture")
    board = parse_board(board_text(page))
    cell = board.cells[0]
    page.find_element(By.CSS_SELECTOR,
                      f'#result figure [data-cell="{cell[0]},{cell[1]}"]').click()
    lit = {g.get_attribute("data-cell") for g in
           page.find_elements(By.CSS_SELECTOR, "#result figure g.lit[data-cell]")}
    assert lit == {f"{r},{c}" for r, c in board.neighbours[cell]}
    assert "pair" in page.find_element(By.CSS_SELECTOR, "#result .pointer").text


def test_two_quick_clicks_are_two_edits(page):
    """Both clicks sent before the first answer: each edit is made on the
    state the one before left — before, the second was asked of the old
    board, and the first was lost."""
    before = parse_board(board_text(page))
    closed = [c for c in before.cells if c not in before.opened and c not in before.mines
              and c != before.move][:2]
    page.execute_script(
        "for (const cell of arguments[0]) "
        "document.querySelector(`#board [data-cell=\"${cell}\"]`).dispatchEvent("
        "new MouseEvent('click', {bubbles: true}));",
        [f"{r},{c}" for r, c in closed])
    wait_for(page, lambda d: set(closed) <= parse_board(board_text(d)).opened, "both cells open")
    page.find_element("id", "undo").click()
    wait_for(page, lambda d: parse_board(board_text(d)).opened == before.opened | {closed[0]},
             "one undo takes one edit back")
    page.find_element("id", "undo").click()
    wait_for(page, lambda d: parse_board(board_text(d)) == before, "the second undo the other")
