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
the same report. Ctrl-C (or SIGTERM, which `pnp` turns into the same KeyboardInterrupt)
stops the workers, keeps every batch already written and returns with ``interrupted``
set; running the same command again resumes. A Dask cluster whose every worker left is
waited for `WORKER_TIMEOUT` seconds, then the run stops with a sentence naming the
workers that left (exit 2), keeping what is done.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

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
WORKER_TIMEOUT = 60.0
"""Seconds a Dask run waits with no worker at all before it stops (exit 2)."""
POLL = 1.0
"""Seconds between two looks at a Dask cluster's workers while waiting for results."""


class WorkersGone(RuntimeError):
    """Every Dask worker left and none came back within `WORKER_TIMEOUT`."""

    def __init__(self, address: str, left: list[str]) -> None:
        self.address = address
        self.left = left
        super().__init__(address)


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
    """Worker processes (local), or Dask workers that played at least one task."""
    addresses: list[str] = field(default_factory=list)
    """The Dask workers that played at least one task (empty for local runs)."""
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
    for batch in plan.batches:  # a row of other games than its batch's is damaged too
        found = results.get(batch.key)
        if found is not None and len(found.outcomes) != batch.count:
            del results[batch.key]
            store.damaged += 1
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
            if store.damaged:
                bar.note(f"pnp: warning: {store.damaged:,} row(s) of {store.path} could not "
                         "be read (damaged or written by another program); their games are "
                         "played again and the rows rewritten")
            if scheduler:
                stream = _dask(todo, scheduler, run, bar.note)
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
                try:
                    store.commit()  # keep what is done before the workers are stopped
                finally:
                    stream.close()
    except KeyboardInterrupt:
        run.interrupted = True
    except CodeMismatch as exc:
        raise InputError(str(exc)) from None
    except WorkersGone as gone:
        done = sum(b.count for b in plan.batches if b.key in results)
        raise InputError(
            f"every Dask worker left the scheduler at {gone.address} "
            f"({', '.join(gone.left) or 'none had joined'}) and none came back within "
            f"{WORKER_TIMEOUT:g} s; {done:,} of {plan.games:,} games are done and kept in "
            f"{store.path}: start workers and run the same command again to resume") from None
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


def _processes(todo: list[Batch], jobs: int, run: Execution) -> Iterator[tuple[Batch,
                                                                            BatchResult]]:
    """Local worker processes, at most two tasks each in flight; results in completion
    order. On any stop (Ctrl-C, an error, the caller closing the stream) the workers are
    killed at once: they hold nothing the run keeps."""
    work = tasks(todo, task_games(todo, jobs))
    workers = min(jobs, len(work))
    run.workers = workers
    pool = ProcessPoolExecutor(workers, mp_context=_context(), initializer=_ignore_sigint)
    queue = iter(range(len(work)))
    running: dict[Future, int] = {}

    def submit() -> bool:
        index = next(queue, None)
        if index is not None:
            running[pool.submit(run_task, work[index])] = index
        return index is not None

    try:
        while len(running) < 2 * workers and submit():
            pass
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                index = running.pop(future)
                yield from zip(work[index], future.result(), strict=True)
            while len(running) < 2 * workers and submit():
                pass
    except BrokenProcessPool:
        raise InputError("a worker process died (out of memory, or killed from outside); "
                         "the finished batches are kept in the results file: run the same "
                         "command again to resume") from None
    finally:
        if running:
            _kill(pool)
        pool.shutdown(wait=True, cancel_futures=True)


def _kill(pool: ProcessPoolExecutor) -> None:
    """Kill a pool's worker processes (the executor keeps them in ``_processes``)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            process.kill()
        except (OSError, ValueError):
            pass  # already gone


def _dask(todo: list[Batch], address: str, run: Execution,
          note: Callable[[str], None]) -> Iterator[tuple[Batch, BatchResult]]:
    """A Dask distributed cluster; results in completion order. ``run.addresses`` lists
    the workers that played a task. With no worker at all for `WORKER_TIMEOUT` seconds
    the stream stops with `WorkersGone`; a worker leaving while others remain costs
    nothing (the scheduler gives its tasks to the others)."""
    from distributed import Client  # noqa: PLC0415

    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"cannot reach a Dask scheduler at {address} ({exc}); start one "
                         "with `dask scheduler` (see the README)") from None
    futures: list = []
    run.workers = 0
    try:
        seen = list(client.nthreads())
        work = tasks(todo, task_games(todo, max(1, sum(client.nthreads().values()))))
        if not work:
            return
        futures = client.map(_dask_task, work, key=[f"pnp-{t[0].key}-{len(t)}" for t in work])
        where = {f.key: i for i, f in enumerate(futures)}
        for future, (worker, results) in _dask_results(client, futures, seen, address, note):
            if worker not in run.addresses:
                run.addresses.append(worker)
            run.workers = len(run.addresses)
            yield from zip(work[where[future.key]], results, strict=True)
    except BaseException:
        if futures:
            client.cancel(futures)
        raise
    finally:
        client.close()


def _dask_task(task: list[Batch]) -> tuple[str, list[BatchResult]]:
    """`run_task` on a Dask worker: (the worker's address, the results)."""
    from distributed import get_worker  # noqa: PLC0415

    return get_worker().address, run_task(task)


def _dask_results(client, futures: list, seen: list[str], address: str,
                  note: Callable[[str], None]) -> Iterator[tuple[object, object]]:
    """(future, result) as each finishes, looking at the cluster every `POLL` seconds:
    `WorkersGone` once no worker was there for `WORKER_TIMEOUT` seconds. ``seen`` collects
    every worker met (the ones named when they have all left)."""
    from distributed import KilledWorker  # noqa: PLC0415
    from distributed import wait as dask_wait  # noqa: PLC0415

    pending = set(futures)
    alone_since: float | None = None
    while pending:
        try:
            with client.as_current():  # the client is not the process's default one
                done, pending = dask_wait(pending, timeout=POLL,
                                          return_when="FIRST_COMPLETED")
        except TimeoutError:
            done = set()
        for future in done:
            try:
                result = future.result()
            except KilledWorker:
                raise InputError("Dask workers kept dying while playing the same task (out "
                                 "of memory?); the finished batches are kept in the results "
                                 "file: run the same command again to resume") from None
            yield future, result
        now = list(client.nthreads())
        seen.extend(w for w in now if w not in seen)
        if now or not pending:
            alone_since = None
        elif alone_since is None:
            alone_since = time.monotonic()
            note(f"pnp: every Dask worker left the scheduler at {address} "
                 f"({', '.join(seen) or 'none had joined'}); waiting up to "
                 f"{WORKER_TIMEOUT:g} s for one to come back")
        elif time.monotonic() - alone_since >= WORKER_TIMEOUT:
            raise WorkersGone(address, seen)
