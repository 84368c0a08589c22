"""Raster work on every core: worker processes that draw and encode images.

`pnp print --jobs N` (`PrintOptions.jobs`; default every core this process may use,
`cores()`) sends the per-card PNGs, the back PNGs, the TTS sheets (with their
`-back.png`) and each deck's contact sheet to N worker processes; `--jobs 1` draws them in
this process. (A contact sheet is written when the command ends, `Transaction.later`, so a
print of many decks goes on with the next decks while it is drawn.) A task is a
plain function and its arguments (display lists, sizes), so a worker needs nothing of
this process but the fonts layouts registered (sent with every task, `fonts.USER`); it
sends back the encoded PNG, which this process writes (every write goes through its
`Transaction`, and a failed print has nothing of a worker's to clean up). The images come
out the same, byte for byte, whatever N is.

One pool serves a whole command (started on first use, shared by its decks, ended when
the process exits or `close` is called). Results come back in the order the tasks were
given, with at most `IN_FLIGHT` tasks per worker queued (fewer for tasks holding big
images: `run_all`'s `at_once`), so memory stays flat however many cards a deck has and
however many cores draw them. Workers ignore Ctrl-C: the main process ends them
(`toolkit.cli.main.stop_workers`).
"""

from __future__ import annotations

import atexit
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from toolkit.core.errors import InputError
from toolkit.render import fonts

MAX_JOBS = 64
"""The most worker processes `--jobs` may ask for (as for `pnp play` and `tournament`)."""
IN_FLIGHT = 2
"""Tasks queued per worker: enough to keep it busy, few enough to keep memory flat."""
_POOL: list[tuple[int, ProcessPoolExecutor]] = []
"""The command's pool and its size, once started."""


def cores() -> int:
    """How many cores this process may run on (its CPU affinity where the system says)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # macOS, Windows
        return max(1, os.cpu_count() or 1)


def workers_for(jobs: int | None) -> int:
    """The number of processes `--jobs` asks for: None means every core."""
    return cores() if jobs is None else max(1, jobs)


def _start_worker() -> None:
    """Run once in each worker: Ctrl-C is the main process's to handle."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # pragma: no cover - not the main thread
        pass


def _run(fn: Callable[..., Any], user_fonts: dict[str, str], args: tuple) -> Any:
    """A task in a worker: make the layouts' fonts known, then run it."""
    for name, path in user_fonts.items():
        fonts.adopt(name, path)
    return fn(*args)


def _executor(size: int) -> ProcessPoolExecutor:
    """The command's pool of `size` workers (a pool of another size is ended first)."""
    if _POOL and _POOL[0][0] == size:
        return _POOL[0][1]
    close()
    from toolkit.sim.harness import _context  # noqa: PLC0415 - one start-method policy

    pool = ProcessPoolExecutor(size, mp_context=_context(), initializer=_start_worker)
    _POOL.append((size, pool))
    return pool


def close() -> None:
    """End the pool's workers (a later task starts a new pool)."""
    while _POOL:
        _POOL.pop()[1].shutdown(wait=True, cancel_futures=True)


atexit.register(close)


def run_all(fn: Callable[..., Any], tasks: Iterable[tuple], jobs: int | None,
            at_once: int | None = None) -> _Here | _Stream:
    """`fn(*task)` for every task, results in the tasks' order: in this process (as they
    are read) when `jobs` or `at_once` is 1, else on the pool (`jobs` workers, None = every
    core), with at most `at_once` tasks sent at a time when given (tasks that each hold a
    big image: memory then does not grow with the cores). On the pool the first tasks are
    sent at once, so the caller can do other work (write the PDF) while they run. A
    task's exception is raised here as it was there."""
    todo = list(tasks)
    workers = workers_for(jobs)
    if workers <= 1 or at_once == 1 or not todo:
        return _Here(fn, todo)
    size = min(workers, len(todo), at_once or len(todo))
    queued = min(IN_FLIGHT * size, at_once or IN_FLIGHT * size)
    return _Stream(_executor(workers), fn, todo, queued)


class _Here:
    """Tasks run in this process, one by one as they are read."""

    def __init__(self, fn: Callable[..., Any], todo: list[tuple]) -> None:
        self.fn, self.todo = fn, todo

    def __iter__(self) -> Iterator[Any]:
        return (self.fn(*task) for task in self.todo)

    def abandon(self) -> None:
        """Nothing runs unless it is read."""


class _Stream:
    """Tasks running on the pool, `queued` of them sent at a time, read in order."""

    def __init__(self, pool: ProcessPoolExecutor, fn: Callable[..., Any], todo: list[tuple],
                 queued: int) -> None:
        self.pool, self.fn, self.user = pool, fn, dict(fonts.USER)
        self.tasks = iter(todo)
        self.queued: deque[Future] = deque()
        for _ in range(queued):
            if not self._submit():
                break

    def _submit(self) -> bool:
        task = next(self.tasks, None)
        if task is None:
            return False
        try:
            self.queued.append(self.pool.submit(_run, self.fn, self.user, task))
        except BrokenProcessPool:
            self._broken()
        return True

    def __iter__(self) -> Iterator[Any]:
        try:
            while self.queued:
                try:
                    result = self.queued.popleft().result()
                except BrokenProcessPool:
                    self._broken()
                self._submit()
                yield result
        finally:
            self.abandon()

    def abandon(self) -> None:
        """Drop the tasks not read yet (those not started are cancelled; a task only
        computes, so one running may finish unread)."""
        for future in self.queued:
            future.cancel()
        self.queued.clear()

    def _broken(self) -> None:
        self.abandon()
        close()
        raise InputError("a worker process drawing images died (out of memory, or killed "
                         "from outside); try again with --jobs 1") from None
