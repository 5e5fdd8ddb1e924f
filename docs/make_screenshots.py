"""Writes the README's pictures of a report, docs/report.png (the top of
the page: the board, the axioms' verdicts, the move, the defect badges and
the differences) and docs/report-heat.png (D17 as written beside D17
corrected: no probability at all, then each cell's exact one).

    python docs/make_screenshots.py

It runs `setmine report beginner-midgame` (the written schema, compared
with the corrected one by default) and photographs the page in Debian's
headless Chromium through Selenium — the test extra's tools, no download.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from setmine.cli import main

DOCS = Path(__file__).resolve().parent
SHOTS = {"report.png": "#top", "report-heat.png": "#D17 .sides"}


def photograph(page: Path) -> None:
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--hide-scrollbars", "--window-size=1100,900", "--force-device-scale-factor=1",
                 "--force-color-profile=srgb", f"--user-data-dir={tempfile.mkdtemp()}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    try:
        driver.get(page.resolve().as_uri())
        for name, selector in SHOTS.items():
            element = driver.find_element(By.CSS_SELECTOR, selector)
            driver.execute_script("arguments[0].scrollIntoView()", element)
            element.screenshot(str(DOCS / name))
            print(f"wrote {DOCS / name}")
    finally:
        driver.quit()


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "report.html"
        assert main(["report", "beginner-midgame", "-o", str(page)]) == 0
        photograph(page)
