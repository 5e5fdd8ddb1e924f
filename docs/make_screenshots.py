"""Writes the README's pictures of a report, docs/report.png (the top of
the page: the board, the axioms' verdicts, the move, the defect badges and
the differences) and docs/report-heat.png (D17 as written beside D17
corrected: no probability at all, then each cell's exact one); and
docs/live.md's pictures of the live page: docs/live.png (the board, a
formula evaluated, a verification's counterexample found) and
docs/live-model.png (a model of the study plan as tables).

    python docs/make_screenshots.py

It runs `setmine report beginner-midgame` (the written schema, compared
with the corrected one by default) and `setmine serve`'s app, and
photographs the pages in Debian's headless Chromium through Selenium — the
test extra's tools, no download.
"""

from __future__ import annotations

import base64
import shutil
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from setmine.cli import main

DOCS = Path(__file__).resolve().parent
SHOTS = {"report.png": "#top", "report-heat.png": "#D17 .sides"}


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--hide-scrollbars", "--window-size=1100,900", "--force-device-scale-factor=1",
                 "--force-color-profile=srgb", f"--user-data-dir={tempfile.mkdtemp()}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def photograph(page: Path) -> None:
    driver = browser()
    try:
        driver.get(page.resolve().as_uri())
        for name, selector in SHOTS.items():
            element = driver.find_element(By.CSS_SELECTOR, selector)
            driver.execute_script("arguments[0].scrollIntoView()", element)
            element.screenshot(str(DOCS / name))
            print(f"wrote {DOCS / name}")
    finally:
        driver.quit()


def live_pages() -> None:
    """The live page on the bundled mid-game (a formula evaluated, a
    verification's counterexample listed) and on the study plan's model."""
    import json

    from selenium.webdriver.support.ui import WebDriverWait

    from setmine.board import load_board
    from setmine.board.files.textfile import write_board
    from setmine.cli.serve import model_start
    from setmine.resources import MODEL_DIR, board_file
    from setmine.serve.app import Background

    start = {"schema": "written", "board": write_board(load_board(board_file("beginner-midgame"))),
             "formula": "D11 ∪ D8"}
    server = Background(start)
    driver = browser()
    wait = WebDriverWait(driver, 120)
    try:
        driver.set_window_size(1300, 1500)
        driver.get(server.page_url)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#result .picture svg"))
        driver.find_element(By.ID, "shapes").clear()
        driver.find_element(By.ID, "shapes").send_keys("2x2,1x3")
        driver.find_element(By.ID, "claims").send_keys("D18 ∩ D8 = ∅")
        driver.find_element(By.ID, "run").click()
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-verify")
                   == "done")
        driver.find_element(By.CSS_SELECTOR, ".live-top").screenshot(str(DOCS / "live.png"))
        print(f"wrote {DOCS / 'live.png'}")
        model = model_start(str(MODEL_DIR / "study-plan.session.json"), None, "")
        code = base64.urlsafe_b64encode(json.dumps(model).encode()).decode().rstrip("=")
        driver.get("about:blank")
        driver.get(f"{server.page_url}#state={code}")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#term-D1 .value"))
        driver.find_element(By.CSS_SELECTOR, ".main-board").screenshot(
            str(DOCS / "live-model.png"))
        print(f"wrote {DOCS / 'live-model.png'}")
    finally:
        driver.quit()
        server.stop()


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "report.html"
        assert main(["report", "beginner-midgame", "-o", str(page)]) == 0
        photograph(page)
    live_pages()
