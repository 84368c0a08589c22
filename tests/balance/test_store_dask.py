"""A Dask run whose every worker leaves (issue 23): the results file keeps what they
finished, the run stops after `execute.WORKER_TIMEOUT` seconds with one sentence naming
the workers that left, and a normal run reports the workers that took part."""

from __future__ import annotations

import pytest

from toolkit.balance import execute as execute_module
from toolkit.balance.store import ResultStore
from toolkit.core.errors import InputError

from .helpers import play, warbadge_entries

distributed = pytest.importorskip("distributed")


@pytest.fixture
def cluster():
    """A one-worker Dask cluster inside this process."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as local:
        yield local


def test_every_worker_gone_stops_the_run_and_keeps_what_is_done(tmp_path, monkeypatch,
                                                                 cluster):
    monkeypatch.setattr(execute_module, "WORKER_TIMEOUT", 1.0)
    monkeypatch.setattr(execute_module, "POLL", 0.2)
    monkeypatch.setattr(execute_module, "TASK_GAMES", 2)
    [worker] = cluster.workers.values()
    address = worker.address
    real_put = ResultStore.put

    def put_then_leave(self, *args):
        real_put(self, *args)
        if worker.status.name == "running":  # the only worker leaves after one batch
            cluster.sync(worker.close)

    monkeypatch.setattr(ResultStore, "put", put_then_leave)
    results = tmp_path / "r.sqlite"
    with pytest.raises(InputError) as stop:
        play("warbadge", warbadge_entries("Sun", "Moon"), results, games=40, batch_size=2,
             agent="random", scheduler=cluster.scheduler_address)
    message = str(stop.value)
    assert message.startswith(f"every Dask worker left the scheduler at "
                              f"{cluster.scheduler_address} ({address})"), message
    assert "none came back within 1 s" in message and str(results) in message
    monkeypatch.setattr(ResultStore, "put", real_put)
    with ResultStore(results) as store:
        assert store.count() >= 1  # what the worker finished is kept


def test_the_workers_that_took_part_are_reported(tmp_path, monkeypatch, cluster):
    monkeypatch.setattr(execute_module, "TASK_GAMES", 4)
    _, _, run = play("warbadge", warbadge_entries("Sun", "Moon"), tmp_path / "r.sqlite",
                     games=8, batch_size=2, agent="random",
                     scheduler=cluster.scheduler_address)
    [worker] = cluster.workers.values()
    assert run.played == 8 and run.addresses == [worker.address] and run.workers == 1
