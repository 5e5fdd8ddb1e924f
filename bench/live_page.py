"""The live page's speed, measured in Chromium (issue 38's targets: a
click on a 9×9 board to every term redrawn under 300 ms, on an expert
30×16 board under 1 s; a keystroke's type under 100 ms).

    .venv/bin/python bench/live_page.py [--clicks N]

Starts ``setmine serve``'s app on a free port, opens the page in headless
Chromium (Debian's, as the browser tests), and for each board clicks N
closed cells one after the other (opening them, then closing them again),
reading the page's own timings (``window.setmineTimings``: from the
request to the page drawn); then types a formula a character at a time.
Prints the median and the worst of each, beside the server's share (the
same request timed in this process), so that the two can be told apart;
then edits a model of the study plan (a member taken away, then undone).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from setmine.board import load_board  # noqa: E402
from setmine.board.files.textfile import write_board  # noqa: E402
from setmine.resources import board_file  # noqa: E402
from setmine.serve import api  # noqa: E402


def start_server(start: dict) -> str:
    from setmine.serve.app import Background

    return Background(start).page_url


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"),
                            options=options)


def wait(driver, condition, seconds=120):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds).until(condition)


def ms(values) -> str:
    return f"median {statistics.median(values):6.0f} ms, worst {max(values):6.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=10)
    args = parser.parse_args()
    driver = browser()
    try:
        for name, schema in (("beginner-midgame", "written"), ("expert-midgame", "written"),
                             ("expert-midgame", "corrected")):
            board = load_board(board_file(name))
            text = write_board(board)
            url = start_server({"schema": schema, "board": text, "formula": ""})
            driver.get(url)
            wait(driver, lambda d: d.execute_script("return document.body.dataset.drawn") == "1")
            closed = [c for c in board.cells if c not in board.opened and c not in board.mines
                      and c != board.move][:args.clicks]
            server_side = []
            for r, c in closed + closed:        # open each, then close each again
                drawn = int(driver.execute_script("return document.body.dataset.drawn"))
                driver.execute_script(
                    f"document.querySelector('#board [data-cell=\"{r},{c}\"]')"
                    ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
                wait(driver, lambda d: int(d.execute_script(
                    "return document.body.dataset.drawn")) > drawn)
                current = driver.execute_script(
                    "const m = location.hash.match(/^#state=(.*)$/);"
                    "const b = atob(m[1].replace(/-/g,'+').replace(/_/g,'/'));"
                    "return JSON.parse(new TextDecoder().decode(Uint8Array.from(b, x => "
                    "x.charCodeAt(0)))).board;")
                started = time.perf_counter()
                api.state({"schema": schema, "board": current})
                server_side.append((time.perf_counter() - started) * 1000)
            page = driver.execute_script("return window.setmineTimings.state").__getitem__(
                slice(1, None))
            print(f"{name:17} {schema:9} click → every term drawn: {ms(page)}; "
                  f"the server alone: {ms(server_side)} ({len(page)} clicks)")
            box = driver.find_element("id", "formula")
            box.clear()
            for ch in "∀a∈D18 ∃b∈X1 (a,b)∈S1":
                box.send_keys(ch)
                time.sleep(0.12)        # one keystroke at a time, past the page's 80 ms pause
            time.sleep(0.5)
            typed = driver.execute_script("return window.setmineTimings.type")
            print(f"{'':17} {'':9} a keystroke → its type shown: {ms(typed)} ({len(typed)} "
                  f"keystrokes)")
        model_edits(driver, args.clicks)
    finally:
        driver.quit()


def model_edits(driver, edits: int) -> None:
    """A model of the study plan: take a member away from a structure and
    undo it, ``edits`` times — each an edit and every term computed again."""
    from setmine.cli.serve import model_start
    from setmine.resources import MODEL_DIR

    start = model_start(str(MODEL_DIR / "study-plan.session.json"), None, "")
    driver.get(start_server(start))
    wait(driver, lambda d: d.execute_script("return document.body.dataset.drawn") == "1")
    for _ in range(edits):
        for selector in ("[data-given=S4] tr[data-member] button.remove", "#undo"):
            drawn = int(driver.execute_script("return document.body.dataset.drawn"))
            driver.execute_script(f"document.querySelector('{selector}').click()")
            wait(driver, lambda d: int(d.execute_script(
                "return document.body.dataset.drawn")) > drawn)
    page = driver.execute_script("return window.setmineTimings.state").__getitem__(
        slice(1, None))
    print(f"{'study-plan model':17} {'its own':9} an edit → every term shown: {ms(page)} "
          f"({len(page)} edits)")


if __name__ == "__main__":
    main()
