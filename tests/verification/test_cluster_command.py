"""``setmine verify --workers`` as a user runs it in a terminal, on a real
local Dask cluster (issue 37): Ctrl-C — SIGINT to the whole process group,
as a terminal sends it — ends the run with one line and status 130, no
worker's traceback; a small ``--max-memory`` bounds each worker through
Dask instead of keeping the workers from starting ("Nanny failed to
start"), and Dask writes nothing of its own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import psutil
import pytest

COMMAND = [sys.executable, "-c", "import sys; from setmine.cli import main; sys.exit(main())"]


def setmine(*argv: str, **kw) -> subprocess.Popen:
    return subprocess.Popen([*COMMAND, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, **kw)


def test_ctrl_c_ends_every_worker_quietly(tmp_path):
    checkpoint = tmp_path / "run.ckpt"
    # started as a shell starts a program: SIGINT at its default (a test runner's
    # worker may ignore it, and an ignored SIGINT is inherited)
    run = setmine("verify", "--shapes", "3x4", "--workers", "2", "--checkpoint",
                  str(checkpoint), start_new_session=True,
                  preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # the cluster is running once a task has finished: the checkpoint's second line
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and run.poll() is None:
        if checkpoint.exists() and len(checkpoint.read_text().splitlines()) >= 2:
            break
        time.sleep(0.2)
    assert run.poll() is None, ("the run ended before Ctrl-C", run.communicate())
    workers = psutil.Process(run.pid).children(recursive=True)
    # the workers first: a worker that takes Ctrl-C as its own dies printing a
    # traceback at once, which the whole group's Ctrl-C can hide when the main
    # process closes the cluster first; a quiet one is still at work after
    for worker in workers:
        worker.send_signal(signal.SIGINT)
    time.sleep(3)
    assert all(w.is_running() and w.status() != psutil.STATUS_ZOMBIE for w in workers), \
        ("a worker died of Ctrl-C", run.pid)
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 130, (run.returncode, err)
    assert err.splitlines() == [err.strip()] and "setmine verify: interrupted" in err, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    gone, alive = psutil.wait_procs(workers, timeout=30)
    assert not alive, [p.cmdline() for p in alive]


@pytest.mark.parametrize("memory", ["80M", "250M"])
def test_a_small_memory_limit_bounds_each_worker_and_the_run_goes_on(memory):
    run = setmine("verify", "--shapes", "2x2", "--workers", "2", "--max-memory", memory)
    out, err = run.communicate(timeout=240)
    assert run.returncode == 1, err            # the schema as written fails on 2×2
    assert "counterexample" in out.lower() or "✗" in out, out[-500:]
    assert err == "", err                      # no "Nanny failed to start", no Dask log line
