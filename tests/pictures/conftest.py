"""The browser the report tests open pages in: one headless Chromium for the
whole session (per xdist worker: with ``-n auto`` on two cores, two), driven
by Selenium.

Debian's packages, never a download: the browser and its driver are the
system's ``chromium`` and ``chromedriver`` (``apt-get install chromium
chromium-driver``, which ``.ci/run`` does when they are missing).  Giving
Selenium the driver's path keeps Selenium Manager — which would fetch a
browser and a driver from the network — from running; it is also made to
fail loudly here if anything calls it, and ``SE_OFFLINE=true`` tells it to
stay offline if it ever ran.

Missing Chromium or chromedriver fails every browser test with the command
that installs them; ``SETMINE_NO_BROWSER=1`` skips them instead.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager

import pytest

NO_BROWSER = "SETMINE_NO_BROWSER"
INSTALL = ("install Debian's Chromium and its driver: `apt-get install chromium chromium-driver` "
           "(as .ci/run does), or set SETMINE_NO_BROWSER=1 to skip the browser tests")

# Headless, and quiet on the network: no first-run pages, no component or
# safe-browsing updates, no sync, no QUIC probes.  Screenshots in plain sRGB,
# so that a fill colour is the pixel drawn.
FLAGS = (
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-quic", "--window-size=1400,1000", "--force-color-profile=srgb",
)
PAGE_LOAD_SECONDS = 120   # a guard against a hung browser, not a timing assertion


def binaries() -> tuple[str, str]:
    """The system's Chromium and chromedriver (as ``.ci/run`` finds them,
    on the PATH; Debian puts them in /usr/bin), or a failure saying how to
    install them."""
    path = os.environ.get("PATH", "") + os.pathsep + "/usr/bin"
    found = {name: shutil.which(name, path=path) for name in ("chromium", "chromedriver")}
    missing = [name for name, path in found.items() if path is None]
    if missing:
        pytest.fail(f"{' and '.join(missing)} not found: {INSTALL}", pytrace=False)
    return found["chromium"], found["chromedriver"]


@contextmanager
def no_selenium_manager():
    """Selenium Manager downloads browsers and drivers: make any call to it
    an error while the driver starts (the explicit driver path skips it)."""
    from selenium.webdriver.common.selenium_manager import SeleniumManager

    def refuse(self, *args, **kwargs):
        raise AssertionError("Selenium Manager was called: it would download a browser or a driver")

    names = [n for n in ("binary_paths", "driver_location") if hasattr(SeleniumManager, n)]
    saved = {n: getattr(SeleniumManager, n) for n in names}   # its entry points, old and new
    for n in names:
        setattr(SeleniumManager, n, refuse)
    try:
        yield
    finally:
        for n, method in saved.items():
            setattr(SeleniumManager, n, method)


@pytest.fixture(scope="session")
def browser():
    """A headless Chromium (a Selenium ``WebDriver``) that keeps the
    browser's console log (``driver.get_log("browser")``)."""
    if os.environ.get(NO_BROWSER) == "1":
        pytest.skip(f"{NO_BROWSER}=1: the browser tests are skipped")
    chromium, chromedriver = binaries()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail("selenium is not installed: pip install -e '.[test]'", pytrace=False)
    os.environ.setdefault("SE_OFFLINE", "true")
    profile = tempfile.mkdtemp(prefix="setmine-chromium-")
    options = Options()
    options.binary_location = chromium
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        with no_selenium_manager():
            driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
    except Exception as exc:
        shutil.rmtree(profile, ignore_errors=True)
        pytest.fail(f"Chromium did not start ({type(exc).__name__}: {exc}); {INSTALL}", pytrace=False)
    driver.set_page_load_timeout(PAGE_LOAD_SECONDS)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
