"""`run_tasks`: the same results here and on a Dask cluster (one of 2
workers shared by the module, and one the run starts itself), exceptions,
bad addresses, and checkpoints that resume a stopped run."""

from __future__ import annotations

import json
import logging
import os
import socket
import threading

import psutil
import pytest

from setmine.verification import cluster as cluster_module
from setmine.verification.checkpoint import Checkpoint, CheckpointError
from setmine.verification.cluster import ClusterError, run_tasks


# -- the tasks (module-level: the workers import them by name)

class Unhappy(ValueError):
    """An error of the caller's own, raised by a task."""


def square(x):
    return x * x


def pair(x):
    return (x, -x)


def unhappy_at_3(x):
    if x == 3:
        raise Unhappy(f"task {x} is unhappy")
    return x * x


def interrupted_at_5(x):
    if x == 5:
        raise KeyboardInterrupt
    return x * x


def logged_square(task):
    """Square ``task[1]``, first appending it to the file ``task[0]``: the
    file lists every call, on whichever worker."""
    path, x = task
    with open(path, "a", encoding="utf-8") as log:
        log.write(f"{x}\n")
    return x * x


def dies_once(task):
    """The first call kills its worker (the file ``task[0]`` marks it)."""
    marker, x = task
    if x == 2 and not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(1)
    return x * x


def always_dies(x):
    if x == 1:
        os._exit(1)
    return x


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0", silence_logs=logging.CRITICAL) as local:
        yield local


def calls(path) -> list[int]:
    return [int(line) for line in path.read_text().split()] if path.exists() else []


# -- results


def test_serial_and_cluster_give_the_same_results_in_task_order(cluster):
    seen = []
    serial = run_tasks(square, range(30))
    assert serial == [x * x for x in range(30)]
    on_dask = run_tasks(square, list(range(30)), scheduler=cluster.scheduler_address,
                        on_result=lambda i, r: seen.append((i, r)))
    assert on_dask == serial
    assert sorted(seen) == list(enumerate(serial))  # once per task


def test_more_tasks_than_the_window(cluster, monkeypatch):
    monkeypatch.setattr(cluster_module, "IN_FLIGHT", 1)
    assert run_tasks(square, range(25), scheduler=cluster.scheduler_address) \
        == [x * x for x in range(25)]


def test_an_address_without_scheme(cluster):
    address = cluster.scheduler_address.removeprefix("tcp://")
    assert run_tasks(square, [7], scheduler=address) == [49]


def test_a_task_error_keeps_its_type(cluster):
    with pytest.raises(Unhappy, match="task 3 is unhappy"):
        run_tasks(unhappy_at_3, range(6))
    with pytest.raises(Unhappy, match="task 3 is unhappy"):
        run_tasks(unhappy_at_3, range(6), scheduler=cluster.scheduler_address)


def test_nothing_to_do():
    assert run_tasks(square, []) == []
    assert run_tasks(square, [], workers=2) == []  # no cluster is started for nothing


# -- bad requests and addresses


@pytest.mark.parametrize("address, words", [
    ("nonsense", "'nonsense' is not a scheduler address"),
    ("tcp://127.0.0.1", "is not a scheduler address"),
    ("tcp://127.0.0.1:99999", "is not a scheduler address"),
    ("udp://127.0.0.1:8786", "is not a scheduler address"),
    ("tcp://127.0.0.1:1", "tcp://127.0.0.1:1: connection refused"),
    ("tcp://no-such-host.invalid:8786", "unknown host 'no-such-host.invalid'"),
])
def test_bad_addresses(address, words):
    with pytest.raises(ClusterError) as info:
        run_tasks(square, [1, 2], scheduler=address)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_a_port_where_something_else_listens():
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def answer():
        conn, _ = server.accept()
        with conn:
            conn.sendall(b"HTTP/1.0 400 Bad Request\r\n\r\n")

    threading.Thread(target=answer, daemon=True).start()
    with server, pytest.raises(ClusterError, match="does not answer like a Dask scheduler"):
        run_tasks(square, [1], scheduler=f"127.0.0.1:{port}")


def test_a_scheduler_without_workers(monkeypatch):
    from distributed import LocalCluster

    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 0.5)
    with LocalCluster(n_workers=0, processes=True, dashboard_address=":0",
                      silence_logs=logging.CRITICAL) as empty:
        with pytest.raises(ClusterError, match="has no workers.*dask worker tcp://"):
            run_tasks(square, [1], scheduler=empty.scheduler_address)


def test_workers_and_scheduler_exclude_each_other():
    with pytest.raises(ClusterError, match="not both"):
        run_tasks(square, [1], workers=2, scheduler="tcp://127.0.0.1:8786")
    with pytest.raises(ClusterError, match="at least 1"):
        run_tasks(square, [1], workers=0)


# -- checkpoints


def test_serial_resume_after_an_interrupt(tmp_path):
    path = tmp_path / "run.ckpt"
    identity = {"scope": "toy", "seed": 1}
    with pytest.raises(KeyboardInterrupt):
        run_tasks(interrupted_at_5, range(10), checkpoint=path, identity=identity)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0]) == {"setmine-checkpoint": 1, "identity": identity, "tasks": 10}
    assert [json.loads(line)["task"] for line in lines[1:]] == [0, 1, 2, 3, 4]
    ran, seen = [], []

    def counted(x):
        ran.append(x)
        return x * x

    results = run_tasks(counted, range(10), checkpoint=path, identity=identity,
                        on_result=lambda i, r: seen.append(i))
    assert results == [x * x for x in range(10)]
    assert ran == [5, 6, 7, 8, 9] and seen == list(range(10))
    ran.clear()  # a finished run: nothing to do again
    assert run_tasks(counted, range(10), checkpoint=path, identity=identity) == results
    assert ran == []


def test_results_read_as_json(tmp_path):
    assert run_tasks(pair, [1]) == [(1, -1)]
    fresh = run_tasks(pair, [1, 2], checkpoint=tmp_path / "c")
    assert fresh == [[1, -1], [2, -2]] == run_tasks(pair, [1, 2], checkpoint=tmp_path / "c")


def test_cluster_interrupt_resume_and_no_leaked_processes(cluster, tmp_path):
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    path, log = tmp_path / "run.ckpt", tmp_path / "calls"
    tasks = [[str(log), x] for x in range(40)]
    seen = []

    def stop_after_5(i, result):
        seen.append(i)
        if len(seen) == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):  # a local cluster of its own
        run_tasks(logged_square, tasks, workers=2, checkpoint=path, on_result=stop_after_5)
    left = [p for p in psutil.Process().children(recursive=True)
            if p.pid not in before and "resource_tracker" not in " ".join(p.cmdline())]
    assert left == []
    with Checkpoint(path, None, len(tasks)) as saved:
        done = set(saved.done)
    assert set(seen) <= done  # every reported result was saved (and some more, maybe)
    first = len(calls(log))
    seen.clear()
    results = run_tasks(logged_square, tasks, scheduler=cluster.scheduler_address,
                        checkpoint=path, on_result=lambda i, r: seen.append(i))
    assert results == [x * x for x in range(40)]
    assert sorted(seen) == list(range(40)) and set(seen[:len(done)]) == done
    assert not done & set(calls(log)[first:])  # no finished task ran again


def test_another_runs_checkpoint(tmp_path):
    path = tmp_path / "run.ckpt"
    run_tasks(square, range(3), checkpoint=path, identity={"scope": "a", "seed": 1})
    with pytest.raises(CheckpointError) as info:
        run_tasks(square, range(3), checkpoint=path, identity={"scope": "a", "seed": 2})
    text = str(info.value)
    assert "belongs to another run" in text and "seed: 1 there, 2 here" in text
    assert "scope" not in text
    with pytest.raises(CheckpointError, match="tasks: 3 there, 4 here"):
        run_tasks(square, range(4), checkpoint=path, identity={"scope": "a", "seed": 1})


def test_a_torn_last_line_runs_again(tmp_path):
    path = tmp_path / "run.ckpt"
    with pytest.raises(KeyboardInterrupt):
        run_tasks(interrupted_at_5, range(8), checkpoint=path)
    with open(path, "a", encoding="utf-8") as file:
        file.write('{"task":5,"res')  # a kill in the middle of a write
    ran = []
    results = run_tasks(lambda x: ran.append(x) or x * x, range(8), checkpoint=path)
    assert results == [x * x for x in range(8)] and ran == [5, 6, 7]
    lines = path.read_text().splitlines()
    assert len(lines) == 9 and all(json.loads(line) for line in lines)


def test_a_torn_first_line_starts_anew(tmp_path):
    path = tmp_path / "run.ckpt"
    path.write_text('{"setmine-check')
    assert run_tasks(square, range(3), checkpoint=path) == [0, 1, 4]
    assert len(path.read_text().splitlines()) == 4


@pytest.mark.parametrize("text, words", [
    ('{"setmine-checkpoint":1,"identity":{},"tasks":3}\n{"task":0,"result":0}\n'
     'garbage\n{"task":2,"result":4}\n', "line 3: not a JSON line"),
    ('{"setmine-checkpoint":1,"identity":{},"tasks":3}\n{"task":7,"result":0}\n',
     "line 2: task 7 is not one of the run's 3 tasks"),
    ('{"setmine-checkpoint":1,"identity":{},"tasks":3}\n{"task":0,"result":0}\n'
     '{"task":0,"result":0}\n', "line 3: task 0 is there twice"),
    ('{"setmine-checkpoint":1,"identity":{},"tasks":3}\n[1]\n', "line 2: expected"),
    ('{"setmine-checkpoint":2,"identity":{},"tasks":3}\n', "line 1: a checkpoint of format 2"),
    ("my precious notes\n", "line 1: not a setmine checkpoint"),
    ("my precious notes", "line 1: not a setmine checkpoint"),
])
def test_corrupt_checkpoints_are_errors_and_left_alone(tmp_path, text, words):
    path = tmp_path / "run.ckpt"
    path.write_text(text)
    with pytest.raises(CheckpointError, match=words):
        run_tasks(square, range(3), checkpoint=path)
    assert path.read_text() == text


def test_checkpoints_that_cannot_be_written(tmp_path):
    with pytest.raises(CheckpointError, match="folder .*missing does not exist"):
        run_tasks(square, [1], checkpoint=tmp_path / "missing" / "run.ckpt")
    (tmp_path / "file").write_text("")
    with pytest.raises(CheckpointError, match="is not a folder"):
        run_tasks(square, [1], checkpoint=tmp_path / "file" / "run.ckpt")
    with pytest.raises(CheckpointError, match="a folder, not a checkpoint file"):
        run_tasks(square, [1], checkpoint=tmp_path)
    with pytest.raises(CheckpointError, match="not JSON|cannot be written"):
        run_tasks(lambda x: {1, 2}, [1], checkpoint=tmp_path / "sets.ckpt")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root writes into a read-only folder")
def test_a_read_only_folder(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o500)
    with pytest.raises(CheckpointError, match="cannot write the checkpoint"):
        run_tasks(square, [1], checkpoint=folder / "run.ckpt")


def test_one_run_at_a_time(tmp_path):
    path = tmp_path / "run.ckpt"
    with Checkpoint(path, {}, 2):
        with pytest.raises(CheckpointError, match="in use by another run"):
            run_tasks(square, range(2), checkpoint=path)
    assert run_tasks(square, range(2), checkpoint=path) == [0, 1]


# -- workers that die (last: the shared cluster's workers are restarted)


def test_a_worker_that_dies_once(cluster, tmp_path):
    tasks = [[str(tmp_path / "died"), x] for x in range(6)]
    assert run_tasks(dies_once, tasks, scheduler=cluster.scheduler_address) \
        == [x * x for x in range(6)]
    assert (tmp_path / "died").exists()


def test_a_task_that_kills_every_worker(cluster):
    # a task queued on a dying worker is blamed too: which one Dask names varies
    with pytest.raises(ClusterError, match=r"task \d \(\d\) failed: every worker that ran it died"):
        run_tasks(always_dies, range(3), scheduler=cluster.scheduler_address)


def test_a_difference_is_said_once(tmp_path):
    """An identity that holds the number of tasks (verify's does) and the
    header's own count: 'tasks: 6 there, 24 here' once, not twice."""
    path = tmp_path / "run.ckpt"
    run_tasks(square, range(6), checkpoint=path, identity={"tasks": 6})
    with pytest.raises(CheckpointError) as info:
        run_tasks(square, range(24), checkpoint=path, identity={"tasks": 24})
    assert str(info.value).count("tasks: 6 there, 24 here") == 1
