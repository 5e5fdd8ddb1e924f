"""``setmine serve`` stops without a warning and without leaving a run
behind (issue 46, part 3): a verification runs in a process of its own,
and stopping the server — Ctrl-C, or a ``kill`` that never reaches its
``finally`` — leaves neither leaked semaphores (the resource tracker's
``There appear to be 3 leaked semaphore objects``) nor a process
computing on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

WAIT = 60   # seconds: a guard against a hung server, not a timing assertion


def _post(base: str, token: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode("utf-8"),
                                     method="POST",
                                     headers={"Content-Type": "application/json",
                                              "X-Setmine-Token": token})
    with urllib.request.urlopen(request, timeout=WAIT) as answer:
        return json.loads(answer.read().decode("utf-8"))


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "kill"])
def test_the_server_stops_without_warnings_or_runs_left(stop, tmp_path):
    import psutil   # dask.distributed's own dependency: always there
    env = {**os.environ, "BROWSER": "true"}
    server = subprocess.Popen(
        [sys.executable, "-c", "import sys; from setmine.cli import main; sys.exit(main())",
         "serve", "tiny-2x2", "--port", "0", "--no-browser"], cwd=tmp_path, env=env,
        text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = server.stdout.readline()
        assert "the live page is at http://127.0.0.1:" in line, line
        url = line.split(" is at ")[1].split()[0]
        base, token = url.split("/?token=")
        deadline = time.monotonic() + WAIT
        while True:   # the address is printed just before the server listens
            try:
                with urllib.request.urlopen(url, timeout=WAIT):
                    break
            except OSError:
                assert time.monotonic() < deadline, f"nothing answers at {url}"
                time.sleep(0.1)
        # one run to its end, one still computing when the server stops
        ended = _post(base, token, "/api/verify", {"schema": "written", "shapes": "2x2",
                                                   "asserts": ["D18 ∩ D8 = ∅"]})["run"]
        while _post(base, token, "/api/verify/poll", {"run": ended})["state"] == "running":
            assert time.monotonic() < deadline + WAIT, "the small run did not end"
            time.sleep(0.1)
        running = _post(base, token, "/api/verify", {"schema": "written",
                                                     "shapes": "cells<=10"})["run"]
        assert _post(base, token, "/api/verify/poll", {"run": running})["state"] == "running"
        children = psutil.Process(server.pid).children(recursive=True)
        assert children   # the running run's process (and the resource tracker)
    finally:
        server.send_signal(stop)
        out, err = server.communicate(timeout=WAIT)
    assert "leaked" not in err and "resource_tracker" not in err, err
    assert "Traceback" not in err, err
    if stop == signal.SIGINT:
        assert server.returncode == 0, err
    gone, alive = psutil.wait_procs(children, timeout=WAIT)   # a guard: they end at once
    assert not alive, [p.cmdline() for p in alive]
