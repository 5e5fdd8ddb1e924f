"""Tasks here and on a real local Dask cluster: the same results in task
order, checkpoints that resume without losing or repeating a result, and
clear errors."""

from __future__ import annotations

import json

import pytest

from setmine.verify.cluster import ClusterError, run_tasks

TASKS = [{"n": n} for n in range(12)]


def square(task: dict) -> dict:
    return {"n": task["n"], "square": task["n"] ** 2}


def fails_on_five(task: dict) -> dict:
    if task["n"] == 5:
        raise ValueError("five")
    return square(task)


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as local:
        yield local.scheduler_address


def test_serial_in_order_and_told_once_each():
    told = []
    out = run_tasks(square, TASKS, on_result=lambda i, r: told.append(i))
    assert out == [square(t) for t in TASKS] and told == list(range(12))


def test_a_cluster_gives_the_same_results(cluster):
    told = []
    out = run_tasks(square, TASKS, scheduler=cluster, on_result=lambda i, r: told.append(i))
    assert out == [square(t) for t in TASKS] and sorted(told) == list(range(12))


def test_a_local_cluster_of_its_own():
    assert run_tasks(square, TASKS[:4], workers=2) == [square(t) for t in TASKS[:4]]


def test_a_task_error_reaches_the_caller(cluster):
    with pytest.raises(ValueError, match="five"):
        run_tasks(fails_on_five, TASKS, scheduler=cluster)
    with pytest.raises(ValueError, match="five"):
        run_tasks(fails_on_five, TASKS)


@pytest.mark.parametrize("address, message", [
    ("nonsense", "not a scheduler address"),
    ("tcp://127.0.0.1:1", "cannot reach"),
])
def test_bad_addresses(address, message):
    with pytest.raises(ClusterError, match=message):
        run_tasks(square, TASKS, scheduler=address)


def test_workers_and_scheduler_together():
    with pytest.raises(ClusterError, match="not both"):
        run_tasks(square, TASKS, workers=2, scheduler="tcp://127.0.0.1:8786")


# ----------------------------------------------------------------------------
# Checkpoints

class Interrupt:
    """An on_result that interrupts the run after ``after`` results."""

    def __init__(self, after: int) -> None:
        self.after, self.seen = after, []

    def __call__(self, i, result) -> None:
        self.seen.append(i)
        if len(self.seen) == self.after:
            raise KeyboardInterrupt


@pytest.mark.parametrize("where", ["serial", "cluster"])
def test_an_interrupted_run_resumes(tmp_path, cluster, where):
    path = tmp_path / "run.ckpt"
    options = {"scheduler": cluster} if where == "cluster" else {}
    with pytest.raises(KeyboardInterrupt):
        run_tasks(square, TASKS, checkpoint=path, identity={"run": 1},
                  on_result=Interrupt(5), **options)
    kept = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert len(kept) == 5
    computed = []

    def counting(task):
        computed.append(task["n"])
        return square(task)

    out = run_tasks(counting, TASKS, checkpoint=path, identity={"run": 1})
    assert out == [square(t) for t in TASKS]
    assert sorted(computed) == sorted(set(range(12)) - {e["task"] for e in kept})
    assert len(path.read_text().splitlines()) == 1 + 12
    again = []
    assert run_tasks(lambda t: again.append(t) or square(t), TASKS, checkpoint=path,
                     identity={"run": 1}) == out and again == []


def test_a_checkpoint_of_another_run(tmp_path):
    path = tmp_path / "run.ckpt"
    run_tasks(square, TASKS[:2], checkpoint=path, identity={"run": 1, "spec": "a"})
    with pytest.raises(ClusterError, match="another run.*spec"):
        run_tasks(square, TASKS[:2], checkpoint=path, identity={"run": 1, "spec": "b"})


def test_a_torn_last_line_is_dropped(tmp_path):
    path = tmp_path / "run.ckpt"
    run_tasks(square, TASKS[:3], checkpoint=path, identity={})
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:7])  # killed mid-write
    computed = []
    out = run_tasks(lambda t: computed.append(t["n"]) or square(t), TASKS[:3],
                    checkpoint=path, identity={})
    assert out == [square(t) for t in TASKS[:3]] and computed == [2]
    assert all(json.loads(line) for line in path.read_text().splitlines())


def test_damage_in_the_middle_is_an_error(tmp_path):
    path = tmp_path / "run.ckpt"
    run_tasks(square, TASKS[:3], checkpoint=path, identity={})
    lines = path.read_text().splitlines()
    lines[1] = "{garbage"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ClusterError, match=r"run.ckpt:2"):
        run_tasks(square, TASKS[:3], checkpoint=path, identity={})


def test_a_checkpoint_in_a_missing_folder(tmp_path):
    with pytest.raises(ClusterError, match="no such folder"):
        run_tasks(square, TASKS, checkpoint=tmp_path / "nowhere" / "run.ckpt", identity={})
