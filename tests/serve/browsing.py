"""What the live page's browser tests share: waiting for what the page
shows (a guard against a hung page, never a timing), and reading the state
its address holds."""

from __future__ import annotations

import base64
import json

WAIT = 60   # seconds: a guard against a hung page, not a timing assertion


def wait_for(browser, predicate, what: str):
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(browser, WAIT).until(lambda d: predicate(d))
    except Exception:
        log = [e["message"] for e in browser.get_log("browser")]
        raise AssertionError(f"{what}: not seen; the browser's console: {log}") from None


def board_text(browser) -> str | None:
    state = hash_state(browser)
    return state["board"] if state else None


def d18_cells(browser, side: str = "mine") -> str | None:
    return browser.execute_script(
        f"const f = document.querySelector('#term-D18 figure[data-side={side}]');"
        "return f ? (f.dataset.cells || '') : null;")


def address(server, state: dict) -> str:
    """The page's address for ``state`` (what *copy a link* gives)."""
    code = base64.urlsafe_b64encode(json.dumps(state).encode("utf-8")).decode().rstrip("=")
    return f"{server.page_url}#state={code}"


def hash_state(browser) -> dict | None:
    return browser.execute_script(
        "const m = location.hash.match(/^#state=(.*)$/); if (!m) return null;"
        "const b = atob(m[1].replace(/-/g,'+').replace(/_/g,'/'));"
        "return JSON.parse(new TextDecoder().decode(Uint8Array.from(b, c => c.charCodeAt(0))));")
