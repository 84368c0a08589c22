"""Batches give the same results anywhere: in process, local processes, a Dask cluster;
the results file resumes and reuses; Ctrl-C keeps what is done."""

from __future__ import annotations

import dataclasses
import json

import pytest

from toolkit.balance import execute as execute_module
from toolkit.balance.store import ResultStore
from toolkit.balance.work import BatchResult, CodeMismatch, code_version, run_batch
from toolkit.core.errors import InputError
from toolkit.core.registry import get_game
from toolkit.sim.harness import play_game

from .helpers import battlegate_entries, play, tally_facts, warbadge_entries


def test_a_batch_replays_the_harness_games_seed_by_seed(tmp_path):
    plan, _, _ = play("warbadge", warbadge_entries("Sun", "Moon"), tmp_path / "r.sqlite",
                      games=6, agent="random", batch_size=3)
    batch = plan.batches[1]
    result = run_batch(batch)
    rules = get_game("warbadge").playing.rules()
    letters = ""
    for seed in range(batch.first_seed, batch.first_seed + batch.count):
        rec = play_game(rules, batch.params, batch.agents, seed)
        letters += "d" if rec.winner is None else str(rec.winner)
    assert result.outcomes == letters
    assert result.stats.games == 3 and sum(result.stats.wins) + result.stats.draws == 3


def test_batch_results_survive_the_results_file(tmp_path):
    plan, _, _ = play("warbadge", warbadge_entries("Sun", "Moon"), tmp_path / "r.sqlite",
                      games=4, batch_size=2)
    result = run_batch(plan.batches[0])
    again = BatchResult.from_json(json.loads(json.dumps(result.to_json())))
    assert again.to_json() == result.to_json()


def test_a_worker_with_other_code_refuses_the_batch(tmp_path):
    plan, _, _ = play("warbadge", warbadge_entries("Sun", "Moon"), tmp_path / "r.sqlite",
                      games=2)
    stale = dataclasses.replace(plan.batches[0], code="0.0.0+000000000000")
    with pytest.raises(CodeMismatch, match="install the same toolkit version"):
        run_batch(stale)
    assert code_version("warbadge").startswith("0.1.0+")


def test_tasks_group_consecutive_batches():
    plan, _, _ = play("warbadge", warbadge_entries("Sun", "Moon"), None, games=40,
                      batch_size=3, dry=True)
    grouped = execute_module.tasks(plan.batches, 7)
    assert [b for task in grouped for b in task] == plan.batches
    assert all(sum(b.count for b in task) >= 7 for task in grouped[:-1])
    assert all(sum(b.count for b in task[:-1]) < 7 for task in grouped)


def test_small_runs_are_split_so_every_worker_gets_tasks():
    """A run of a few hundred games (minutes with a search agent) is not one task: each
    worker gets about four; a big run keeps tasks of TASK_GAMES games."""
    small, _, _ = play("warbadge", warbadge_entries("Sun", "Moon"), None, games=150,
                       batch_size=15, dry=True)
    assert execute_module.task_games(small.batches, 2) == 19  # 150 games / (4 × 2)
    assert len(execute_module.tasks(small.batches, 19)) >= 4
    big, _, _ = play("warbadge", warbadge_entries("Sun", "Moon"), None, games=5000,
                     batch_size=100, dry=True)
    assert execute_module.task_games(big.batches, 2) == execute_module.TASK_GAMES


def test_jobs_do_not_change_anything(tmp_path, monkeypatch):
    monkeypatch.setattr(execute_module, "TASK_GAMES", 5)
    entries = warbadge_entries("Sun", "Moon", fmt="standard")
    _, one, run1 = play("warbadge", entries, tmp_path / "a.sqlite", games=24, agent="random",
                        batch_size=5)
    _, two, run2 = play("warbadge", entries, tmp_path / "b.sqlite", games=24, agent="random",
                        batch_size=5, jobs=2)
    assert run1.played == run2.played == 24 and run2.workers == 2
    assert tally_facts(one) == tally_facts(two)


def test_a_second_run_reuses_every_batch(tmp_path):
    entries = warbadge_entries("Sun", "Moon")
    _, first, run1 = play("warbadge", entries, tmp_path / "r.sqlite", games=10)
    _, second, run2 = play("warbadge", entries, tmp_path / "r.sqlite", games=10)
    assert (run1.played, run1.reused) == (10, 0)
    assert (run2.played, run2.reused) == (0, 10)
    assert tally_facts(first) == tally_facts(second)
    # one more seat order's worth of games: only the new seeds are played
    _, _, run3 = play("warbadge", entries, tmp_path / "r.sqlite", games=14, batch_size=5)
    assert run3.reused == 10 and run3.played == 4


def test_ctrl_c_keeps_the_finished_batches_and_the_next_run_resumes(tmp_path, monkeypatch):
    entries = warbadge_entries("Sun", "Moon")
    _, whole, _ = play("warbadge", entries, tmp_path / "whole.sqlite", games=12, batch_size=2)
    calls = {"n": 0}

    def interrupted(batch):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return run_batch(batch)

    monkeypatch.setattr(execute_module, "run_batch", interrupted)
    _, part, run = play("warbadge", entries, tmp_path / "r.sqlite", games=12, batch_size=2)
    assert run.interrupted and not run.complete
    assert run.played == 6 and part.missing == 3
    with ResultStore(tmp_path / "r.sqlite") as store:
        assert store.count() == 3
    monkeypatch.setattr(execute_module, "run_batch", run_batch)
    _, resumed, run = play("warbadge", entries, tmp_path / "r.sqlite", games=12, batch_size=2)
    assert (run.reused, run.played) == (6, 6) and resumed.missing == 0
    assert tally_facts(resumed) == tally_facts(whole)


def test_a_file_that_is_not_a_results_file_is_refused(tmp_path):
    bad = tmp_path / "r.sqlite"
    bad.write_text("not a database, just text " * 100)
    with pytest.raises(InputError, match="not a pnp results file"):
        ResultStore(bad)


def test_a_scheduler_that_cannot_be_reached_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(execute_module, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(InputError, match="cannot reach a Dask scheduler"):
        play("warbadge", warbadge_entries("Sun", "Moon"), tmp_path / "r.sqlite", games=2,
             scheduler="tcp://127.0.0.1:9")


@pytest.fixture(scope="module")
def cluster():
    """A real Dask cluster of two worker processes on this machine."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as local:
        yield local.scheduler_address


def test_a_dask_cluster_gives_the_local_results(tmp_path, cluster, monkeypatch):
    monkeypatch.setattr(execute_module, "TASK_GAMES", 5)
    entries = battlegate_entries("Balanced", "Swarm", "Wall")
    _, local, _ = play("battlegate", entries, tmp_path / "a.sqlite", games=6, players=3,
                       agent="random", batch_size=1)
    _, remote, run = play("battlegate", entries, tmp_path / "b.sqlite", games=6, players=3,
                          agent="random", batch_size=1, scheduler=cluster)
    assert run.played == 6 and run.workers == 2
    assert tally_facts(local) == tally_facts(remote)
    entries = warbadge_entries("Sun", "Moon")
    _, local, _ = play("warbadge", entries, tmp_path / "a.sqlite", games=30, agent="random",
                       batch_size=4)
    _, remote, _ = play("warbadge", entries, tmp_path / "b.sqlite", games=30, agent="random",
                        batch_size=4, scheduler=cluster)
    assert tally_facts(local) == tally_facts(remote)
