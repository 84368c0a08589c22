"""Watching files for saves by polling their modification times (no extra dependency):
`pnp print --watch` re-renders when the spreadsheet, a layout used (the designer's or the
game's, with its pictures and font files) or an art file changes, or a layout of the
designer's appears where it would be found first (a missing file is watched too).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path

Snapshot = dict[Path, tuple[int, int] | None]
"""Each file's (mtime in ns, size), or None when it is missing."""


def snapshot(paths: Iterable[Path]) -> Snapshot:
    """The current state of the files."""
    out: Snapshot = {}
    for path in paths:
        try:
            st = Path(path).stat()
            out[Path(path)] = (st.st_mtime_ns, st.st_size)
        except OSError:
            out[Path(path)] = None
    return out


def changed(before: Snapshot, after: Snapshot) -> list[Path]:
    """The files whose state differs (appeared, vanished, saved)."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def watch(paths: Callable[[], Iterable[Path]], on_change: Callable[[list[Path]], None],
          interval: float = 0.5, polls: int | None = None,
          stop: Callable[[], bool] | None = None, settle: float = 0.2,
          sleep: Callable[[float], None] = time.sleep) -> int:
    """Poll `paths()` every `interval` seconds and call `on_change(files)` after a save
    (once the files have stopped changing for `settle` seconds, so a half-written save is
    not read). Runs until `stop()` is true or after `polls` polls; returns how many
    times `on_change` ran. `paths` is asked again after each change (a layout may name
    new files)."""
    state = snapshot(paths())
    runs = done = 0
    while (polls is None or done < polls) and not (stop and stop()):
        sleep(interval)
        done += 1
        now = snapshot(state.keys())
        moved = changed(state, now)
        if not moved:
            continue
        while settle > 0:  # wait for the editor to finish writing
            sleep(settle)
            later = snapshot(state.keys())
            if later == now:
                break
            now = later
        on_change(moved)
        runs += 1
        state = {**now, **snapshot(p for p in paths() if Path(p) not in now)}
    return runs
