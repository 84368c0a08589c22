"""Running a plan's batches: in this process, on local processes, or on a Dask cluster.

`execute` first looks every batch up in the results file; only missing batches are
played, by one of three backends that all call `work.run_batch`:

- ``jobs=1``: in this process;
- ``jobs=N``: N local worker processes (they ignore Ctrl-C; this process stops them);
- ``scheduler=ADDRESS``: a Dask distributed cluster (`dask scheduler` + `dask worker`
  processes, see the README), reached with `distributed.Client`.

Workers receive tasks of consecutive batches (`TASK_GAMES` games) and send back one
result per batch.

Each finished batch is written to the results file as it arrives, whatever the order, and
the report reads the batches back in plan order, so every backend and every ``jobs`` give
the same report. Ctrl-C stops the workers, keeps every batch already written and returns
with ``interrupted`` set; running the same command again resumes.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass

from toolkit.core.errors import InputError
from toolkit.sim.harness import _context  # the start method the harness uses, for one policy

from .plan import Batch, Plan
from .progress import GameProgress
from .store import ResultStore
from .work import BatchResult, CodeMismatch, run_batch

CONNECT_TIMEOUT = "10s"
"""How long to try reaching a Dask scheduler before giving up."""
TASK_GAMES = 400
"""Games per task sent to a worker: consecutive batches are grouped until they hold this
many, so scheduling costs little (bench/README.md) even when a table's seat order plays
only a few games. Results are still written one row per batch."""


@dataclass
class Execution:
    """How a plan ran: games reused and played, time, and whether Ctrl-C stopped it."""

    games: int
    reused: int
    played: int = 0
    batches_played: int = 0
    seconds: float = 0.0
    """Wall-clock time spent playing."""
    busy: float = 0.0
    """Sum of the played batches' own playing time (all workers)."""
    workers: int = 1
    interrupted: bool = False

    @property
    def complete(self) -> bool:
        """Every batch of the plan has a result."""
        return self.reused + self.played == self.games

    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second (reused games not counted)."""
        return self.played / self.seconds if self.seconds > 0 else 0.0


def execute(plan: Plan, store: ResultStore, *, jobs: int = 1, scheduler: str | None = None,
            progress: bool = False, label: str = "games") -> tuple[dict[str, BatchResult],
                                                                     Execution]:
    """Play the plan's missing batches; (results by batch key, how it ran)."""
    results = store.find(b.key for b in plan.batches)
    pending: dict[str, Batch] = {}
    for batch in plan.batches:
        if batch.key not in results:
            pending.setdefault(batch.key, batch)
    todo = list(pending.values())
    run = Execution(games=plan.games,
                    reused=sum(b.count for b in plan.batches if b.key in results))
    names = [e.name for e in plan.entries]
    began = time.perf_counter()
    try:
        with GameProgress(sum(b.count for b in todo), label, progress) as bar:
            if scheduler:
                stream = _dask(todo, scheduler, run)
            elif jobs > 1 and len(todo) > 1:
                stream = _processes(todo, jobs, run)
            else:
                stream = _serial(todo)
            try:
                for batch, result in stream:
                    store.put(batch, [names[i] for i in batch.seats], result)
                    results[batch.key] = result
                    run.batches_played += 1
                    run.busy += result.seconds
                    bar.advance(batch.count)
            finally:
                stream.close()
    except KeyboardInterrupt:
        run.interrupted = True
    except CodeMismatch as exc:
        raise InputError(str(exc)) from None
    finally:
        run.seconds = time.perf_counter() - began
        store.commit()
    run.played = sum(b.count for b in plan.batches
                     if b.key in results) - run.reused
    return results, run


def _serial(todo: list[Batch]) -> Iterator[tuple[Batch, BatchResult]]:
    for batch in todo:
        yield batch, run_batch(batch)


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def task_games(todo: list[Batch], workers: int) -> int:
    """Games per task for ``workers``: `TASK_GAMES`, or fewer when the run is small, so
    that every worker gets about four tasks (a 300-game run of a search agent, minutes of
    play, would otherwise be one task that a second worker cannot share)."""
    total = sum(b.count for b in todo)
    return max(1, min(TASK_GAMES, -(-total // (4 * max(1, workers)))))


def tasks(todo: list[Batch], games: int | None = None) -> list[list[Batch]]:
    """Consecutive batches grouped into tasks of at least ``games`` (`TASK_GAMES`) games
    (the last may hold fewer)."""
    games = games or TASK_GAMES
    out: list[list[Batch]] = []
    held = games
    for batch in todo:
        if held >= games:
            out.append([])
            held = 0
        out[-1].append(batch)
        held += batch.count
    return out


def run_task(task: list[Batch]) -> list[BatchResult]:
    """Play a task's batches, one result each (what a worker runs)."""
    return [run_batch(batch) for batch in task]


def _indexed(item: tuple[int, list[Batch]]) -> tuple[int, list[BatchResult]]:
    return item[0], run_task(item[1])


def _processes(todo: list[Batch], jobs: int, run: Execution) -> Iterator[tuple[Batch,
                                                                            BatchResult]]:
    """Local worker processes; results in completion order."""
    work = tasks(todo, task_games(todo, jobs))
    workers = min(jobs, len(work))
    run.workers = workers
    pool = _context().Pool(workers, initializer=_ignore_sigint)
    try:
        for index, results in pool.imap_unordered(_indexed, enumerate(work), chunksize=1):
            yield from zip(work[index], results, strict=True)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _dask(todo: list[Batch], address: str, run: Execution) -> Iterator[tuple[Batch,
                                                                           BatchResult]]:
    """A Dask distributed cluster; results in completion order."""
    from distributed import Client, as_completed  # noqa: PLC0415

    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"cannot reach a Dask scheduler at {address} ({exc}); start one "
                         "with `dask scheduler` (see the README)") from None
    futures = []
    try:
        run.workers = max(1, sum(client.nthreads().values()))
        work = tasks(todo, task_games(todo, run.workers))
        if not work:
            return
        futures = client.map(run_task, work, key=[f"pnp-{t[0].key}-{len(t)}" for t in work])
        where = {f.key: i for i, f in enumerate(futures)}
        for future, results in as_completed(futures, loop=client.loop, with_results=True):
            yield from zip(work[where[future.key]], results, strict=True)
    except BaseException:
        if futures:
            client.cancel(futures)
        raise
    finally:
        client.close()
