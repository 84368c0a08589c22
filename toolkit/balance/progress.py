"""The progress bar of a balance run: games done, games per second and time left.

Shown on a terminal only (quiet when piped or with `--json`), on stderr so stdout stays
a clean JSON document. The bar is redrawn as games finish (at most `REDRAW` times a
second) rather than by rich's refresh thread: with no other thread alive, worker
processes are forked, and forked workers take pnp's signal handling (see
`toolkit.cli.main`).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

REDRAW = 10
"""Most redraws of the bar per second."""


class SpeedColumn(ProgressColumn):
    """Games per second over the last seconds (rich's own speed estimate)."""

    def render(self, task: Any) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:,.0f} games/s")


class GameProgress:
    """A context manager: ``with GameProgress(total, label, show) as bar: bar.advance(n)``."""

    def __init__(self, total: int, label: str, show: bool) -> None:
        self.total = total
        self._bar: Progress | None = None
        self._drawn = 0.0
        if show and total > 0:
            self._bar = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(),
                                 SpeedColumn(), TimeRemainingColumn(), TextColumn("left"),
                                 console=Console(stderr=True), transient=True,
                                 auto_refresh=False)
            self._task = self._bar.add_task(label, total=total)

    def __enter__(self) -> GameProgress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()

    def advance(self, games: int) -> None:
        """Count ``games`` more games done."""
        if self._bar is not None:
            self._bar.advance(self._task, games)
            now = time.monotonic()
            if now - self._drawn >= 1 / REDRAW:
                self._drawn = now
                self._bar.refresh()

    def note(self, line: str) -> None:
        """Show one line on stderr above the bar (a warning during the run)."""
        if self._bar is not None:
            self._bar.console.print(line, markup=False, highlight=False)
        else:
            print(line, file=sys.stderr, flush=True)
