"""A real server for the live page's tests: the app run by uvicorn in a
thread, on a free port of 127.0.0.1 (``app.Background``); and the report tests' headless
Chromium."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from setmine.board import load_board
from setmine.board.files.textfile import write_board
from setmine.resources import board_file

from ..pictures.conftest import browser  # noqa: F401 - the shared headless Chromium

TINY = write_board(load_board(board_file("tiny-2x2")))


class Server:
    def __init__(self, url: str, token: str):
        self.url, self.token = url, token
        self.page_url = f"{url}/?token={token}"

    def post(self, path: str, body, raw: bytes | None = None,
             headers: dict | None = None) -> tuple[int, dict]:
        data = raw if raw is not None else json.dumps(body).encode("utf-8")
        sent = {"Content-Type": "application/json", "X-Setmine-Token": self.token}
        sent.update(headers or {})
        request = urllib.request.Request(self.url + path, data=data, method="POST",
                                         headers={k: v for k, v in sent.items() if v is not None})
        try:
            with urllib.request.urlopen(request, timeout=120) as answer:
                return answer.status, json.loads(answer.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read().decode("utf-8"))

    def get(self, path: str) -> tuple[int, str, dict]:
        """``path`` on the server; ``/`` is the page, with its token."""
        url = self.page_url if path == "/" else self.url + path
        with urllib.request.urlopen(url, timeout=120) as answer:
            return answer.status, answer.read().decode("utf-8"), dict(answer.headers)


@pytest.fixture(scope="session")
def server():
    from setmine.serve.app import Background

    running = Background({"schema": "written", "board": TINY, "formula": ""})
    yield Server(running.url, running.token)
    running.stop()


@pytest.fixture
def page(browser, server):
    """The live page on the server's board, every term drawn."""
    from .browsing import d18_cells, wait_for

    browser.get(server.page_url)
    wait_for(browser, lambda d: d18_cells(d) is not None, "the terms")
    return browser
