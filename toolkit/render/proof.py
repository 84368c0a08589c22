"""Proofs: the cut line, the bleed edge and the safe zone drawn over each card, and a
reproducible version stamp for the footer.

The stamp never reads the clock: it names the toolkit's version and a hash of the input
files' contents, and a date only when `SOURCE_DATE_EPOCH` (the reproducible-builds
convention: seconds since 1970) is set. Same inputs, same bytes.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from collections.abc import Iterable
from dataclasses import replace
from importlib import metadata
from pathlib import Path

from toolkit.render.display import Circle, DisplayList, Op, Rect

SAFE = 3.0
"""The safe zone's inset from the cut line (mm): keep text and key art inside it."""
TRIM = "#e53935"
BLEED = "#8e24aa"
SAFE_COLOR = "#1e88e5"
LINE = 0.2


def overlay(dl: DisplayList, safe: float = SAFE) -> DisplayList:
    """The card with its cut line (red), bleed edge (purple, when there is bleed) and safe
    zone (blue, `safe` mm inside the cut) drawn on top."""
    ops: list[Op] = []
    if dl.round:
        r, c = dl.width / 2, dl.width / 2
        if dl.bleed:
            ops.append(Circle(c, c, r + dl.bleed - LINE / 2, None, BLEED, LINE))
        ops.append(Circle(c, c, r, None, TRIM, LINE))
        ops.append(Circle(c, c, r - safe, None, SAFE_COLOR, LINE))
    else:
        if dl.bleed:
            b = dl.bleed - LINE / 2
            ops.append(Rect(-b, -b, dl.width + 2 * b, dl.height + 2 * b, None, BLEED, LINE))
        ops.append(Rect(0, 0, dl.width, dl.height, None, TRIM, LINE, dl.radius))
        ops.append(Rect(safe, safe, dl.width - 2 * safe, dl.height - 2 * safe, None,
                        SAFE_COLOR, LINE, max(0.0, dl.radius - safe)))
    return replace(dl, ops=(*dl.ops, *ops))


def version() -> str:
    """The installed toolkit's version."""
    try:
        return metadata.version("toolkit")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "dev"


def digest(paths: Iterable[Path]) -> str:
    """A short hash of the files' names and contents (order-independent)."""
    h = hashlib.sha256()
    for path in sorted({Path(p).resolve() for p in paths}):
        h.update(path.name.encode() + b"\0")
        try:
            h.update(path.read_bytes())
        except OSError:
            h.update(b"<unreadable>")
        h.update(b"\0")
    return h.hexdigest()[:10]


EPOCH = "SOURCE_DATE_EPOCH"
LAST_EPOCH = 253_402_300_799
"""The last second a date can name (9999-12-31 23:59:59 UTC): SOURCE_DATE_EPOCH beyond it
names no date."""


def epoch_day(epoch: str | None) -> str | None:
    """The UTC day (`2026-11-25`) a SOURCE_DATE_EPOCH value names, or None when it is unset,
    blank, not a whole number of seconds (ASCII digits) or past `LAST_EPOCH`."""
    text = (epoch or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 12 or int(text) > LAST_EPOCH:
        return None
    return dt.datetime.fromtimestamp(int(text), dt.UTC).date().isoformat()


def epoch_warning(epoch: str | None) -> str | None:
    """One sentence when a set SOURCE_DATE_EPOCH is ignored (`epoch_day` finds no date in
    it), else None."""
    if epoch is None or not epoch.strip() or epoch_day(epoch) is not None:
        return None
    shown = epoch.strip() if len(epoch.strip()) <= 40 else epoch.strip()[:40] + "…"
    return (f"SOURCE_DATE_EPOCH={shown!r} is ignored: it is not a whole number of seconds "
            f"from 0 to {LAST_EPOCH} (the end of the year 9999), so the proofs carry no date")


IGNORED: str | None = None
"""`epoch_warning` of the SOURCE_DATE_EPOCH this process was started with, when
`hide_invalid_epoch` removed it."""


def hide_invalid_epoch() -> str | None:
    """Remove a SOURCE_DATE_EPOCH that names no date (`epoch_day`) from this process's
    environment, and return (and keep in `IGNORED`) the sentence saying so.

    reportlab reads the variable itself for every PDF it makes and fails on such a value
    (OverflowError past the year 9999, ValueError on text), so an invalid value is
    ignored with a warning, as reproducible-builds.org's tools do, rather than crash."""
    global IGNORED  # noqa: PLW0603 - once per process, before any PDF
    value = os.environ.get(EPOCH)
    warning = epoch_warning(value)
    if warning is not None:
        del os.environ[EPOCH]
        IGNORED = warning
    return IGNORED


def stamp(paths: Iterable[Path], epoch: str | None = None) -> str:
    """`proof · toolkit 0.1.0 · inputs 1a2b3c4d5e` (+ ` · 2026-11-25` from `epoch`, a
    SOURCE_DATE_EPOCH value; ignored when it names no date, `epoch_day`)."""
    text = f"proof · toolkit {version()} · inputs {digest(paths)}"
    day = epoch_day(epoch)
    return text if day is None else f"{text} · {day}"
