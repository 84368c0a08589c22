"""Balance runs at scale: games/s of one WarBadge sweep in this process, on 2 local
processes and on a 2-worker Dask LocalCluster, and what scheduling costs per task.

Every configuration plays the same plan (30 teams drawn from the bundled catalog, greedy
agents, 435 tables of 20 games, default batch and task sizes) into a fresh results file. The overhead is the
share of the workers' time not spent playing: 1 - (sum of the batches' own playing time)
/ (wall time x workers), and per task the same time divided by the number of batches.
Each configuration first plays a small warm-up run, so workers have imported the engine
before the clock starts. From the measured rates the bench also projects a 1,000,000-game sweep here and on a
32-core cluster (32 single-threaded Dask workers, each at the measured per-process rate
less the Dask dispatch cost measured with one-game tasks, as a share of a default task).
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from toolkit.balance import execute
from toolkit.balance.command import entries_from_pool, sweep_pool
from toolkit.balance.execute import TASK_GAMES, tasks
from toolkit.balance.plan import DEFAULT_BATCH
from toolkit.balance.run import Options, plan_for, run_plan
from toolkit.core.registry import get_game

TEAMS = 30
GAMES_PER_TABLE = 20
"""30 teams: 435 tables x 20 games (`pnp sweep`'s default) = 8,700 games a configuration."""


def _run(label: str, options: Options, folder: Path, task_games: int | None = None) -> dict:
    game = get_game("warbadge")
    rules = game.playing.rules()
    pool = sweep_pool(game, None, options, TEAMS)
    entries = entries_from_pool(pool)
    options = replace(options, results=folder / f"{label}.sqlite", format=pool.format)
    # warm-up: workers import the engine and hash its code on their first task
    warm = replace(options, results=folder / f"{label}-warm.sqlite", seed=10_000)
    run_plan(game, plan_for(game, entries[:4], warm, rules), warm, rules)
    plan = plan_for(game, entries, options, rules)
    saved = execute.TASK_GAMES
    execute.TASK_GAMES = task_games or saved
    try:
        began = time.perf_counter()
        tally, run = run_plan(game, plan, options, rules)
        wall = time.perf_counter() - began
    finally:
        execute.TASK_GAMES = saved
    assert tally.missing == 0
    busy_share = run.busy / (run.seconds * run.workers)
    return {"label": label, "games": run.played,
            "wall": wall, "rate": run.played / run.seconds, "workers": run.workers,
            "overhead": 1 - busy_share,
            "batches": run.batches_played,
            "per_task_ms": 1000 * (run.seconds * run.workers - run.busy)
            / len(tasks(plan.batches, task_games)),
            "task_ms": 1000 * run.busy / len(tasks(plan.batches, task_games)),
            "facts": (tally.deck_units, tally.stats.wins, tally.stats.length_sum)}


LOAD = 0.0


def main() -> None:
    """Print the table for bench/README.md."""
    global LOAD
    LOAD = os.getloadavg()[0]
    base = Options(games=GAMES_PER_TABLE, seed=1, agent="greedy", batch_size=DEFAULT_BATCH)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows.append(_run("jobs 1", base, folder))
        rows.append(_run("jobs 2", replace(base, jobs=2), folder))
        from distributed import LocalCluster  # noqa: PLC0415

        tiny = replace(base, games=2)
        dispatch = [_run("jobs 2, 1-game tasks", replace(tiny, jobs=2), folder, 1)]
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster:
            dask = replace(base, scheduler=cluster.scheduler_address)
            rows.append(_run("dask 2 workers", dask, folder))
            dispatch.append(_run("dask, 1-game tasks", replace(dask, games=2), folder, 1))
    same = all(r["facts"] == rows[0]["facts"] for r in rows)
    print(f"WarBadge sweep: {TEAMS} teams, {rows[0]['games']:,} games in "
          f"{rows[0]['batches']} batches (batch size {DEFAULT_BATCH}), tasks of "
          f"{TASK_GAMES} games; identical results: {same}")
    print(f"load average before: {LOAD:.2f} (other processes share the cores)")
    print(f"{'where':<16}{'games/s':>10}{'wall s':>9}{'overhead':>10}{'per task':>11}"
          f"{'task time':>11}")
    for r in rows:
        print(f"{r['label']:<16}{r['rate']:>10,.0f}{r['wall']:>9.2f}{r['overhead']:>10.1%}"
              f"{r['per_task_ms']:>9.1f}ms{r['task_ms']:>9.0f}ms")
    print("dispatch cost alone (tasks of one game: all but the game is scheduling):")
    for r in dispatch:
        share = r["per_task_ms"] / rows[0]["task_ms"]
        print(f"  {r['label']:<22}{r['per_task_ms']:>7.2f} ms per task = {share:.2%} of a "
              f"default task ({rows[0]['task_ms']:.0f} ms of play)")
    one, two, dask = rows
    million = 1_000_000
    per_core = one["rate"] * (1 - max(0.0, dispatch[1]["per_task_ms"] / one["task_ms"]))
    print(f"1,000,000-game WarBadge sweep here (jobs 2): {million / two['rate'] / 60:.1f} min; "
          f"on 32 cores ({per_core:,.0f} games/s per Dask worker): "
          f"{million / (32 * per_core):.0f} s")


if __name__ == "__main__":
    main()
