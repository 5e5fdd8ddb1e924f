"""A real server for the live page's tests: the app run by uvicorn in a
thread, on a free port of 127.0.0.1; and the report tests' headless
Chromium."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request

import pytest

from setmine.board import load_board
from setmine.board.files.textfile import write_board
from setmine.resources import board_file

from ..pictures.conftest import browser  # noqa: F401 - the shared headless Chromium

TINY = write_board(load_board(board_file("tiny-2x2")))


class Server:
    def __init__(self, url: str):
        self.url = url

    def post(self, path: str, body, raw: bytes | None = None) -> tuple[int, dict]:
        data = raw if raw is not None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.url + path, data=data, method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=120) as answer:
                return answer.status, json.loads(answer.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read().decode("utf-8"))

    def get(self, path: str) -> tuple[int, str, dict]:
        with urllib.request.urlopen(self.url + path, timeout=120) as answer:
            return answer.status, answer.read().decode("utf-8"), dict(answer.headers)


@pytest.fixture(scope="session")
def server():
    import uvicorn

    from setmine.serve.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    start = {"schema": "written", "board": TINY, "formula": ""}
    config = uvicorn.Config(create_app(start), host="127.0.0.1", port=port, log_level="warning",
                            access_log=False, lifespan="off")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running.started, "the server did not start"
    yield Server(f"http://127.0.0.1:{port}")
    running.should_exit = True
    thread.join(timeout=30)


@pytest.fixture
def page(browser, server):
    """The live page on the server's board, every term drawn."""
    from .browsing import d18_cells, wait_for

    browser.get(server.url + "/")
    wait_for(browser, lambda d: d18_cells(d) is not None, "the terms")
    return browser
