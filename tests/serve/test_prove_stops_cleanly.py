"""A proof from the page leaves nothing behind when the server stops: not
its own process, nor the cvc5 it runs apart — whether the server stops
itself (Ctrl-C, a ``kill``) or is killed outright (``kill -9``, its
``finally`` never reached: the run sees its lifeline close and ends with
its process group)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from .test_page_stops_cleanly import WAIT, _post


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGKILL], ids=["ctrl-c", "kill-9"])
def test_no_prover_outlives_the_server(stop, tmp_path):
    import psutil

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
        # a statement cvc5 does not decide: it works on it until its 120 s are spent
        run = _post(base, token, "/api/prove", {"schema": "corrected", "sizes": "X1<=1",
                                                "asserts": ["D11 ≠ ∅ ⇒ D18 = D11"],
                                                "timeout": 120})["run"]
        while True:
            answer = _post(base, token, "/api/prove/poll", {"run": run})
            assert answer["state"] == "running", answer
            children = psutil.Process(server.pid).children(recursive=True)
            cvc5 = [p for p in children if "setmine.proof.cvc5run" in " ".join(p.cmdline())]
            if cvc5:
                break
            assert time.monotonic() < deadline + 2 * WAIT, "cvc5 never started"
            time.sleep(0.1)
        # the run leads a process group with cvc5 in it: it ends with the group
        run = next(p for p in children if "multiprocessing.spawn" in " ".join(p.cmdline()))
        assert os.getpgid(run.pid) == run.pid
        assert {os.getpgid(p.pid) for p in cvc5} == {run.pid}
    finally:
        server.send_signal(stop)
        out, err = server.communicate(timeout=WAIT)
    assert "Traceback" not in err, err
    gone, alive = psutil.wait_procs(children, timeout=WAIT)   # a guard: they end at once
    assert not alive, [p.cmdline() for p in alive]
