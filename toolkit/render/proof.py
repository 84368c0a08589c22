"""Proofs: the cut line, the bleed edge and the safe zone drawn over each card, and a
reproducible version stamp for the footer.

The stamp never reads the clock: it names the toolkit's version and a hash of the input
files' contents, and a date only when `SOURCE_DATE_EPOCH` (the reproducible-builds
convention: seconds since 1970) is set. Same inputs, same bytes.
"""

from __future__ import annotations

import datetime as dt
import hashlib
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


def stamp(paths: Iterable[Path], epoch: str | None = None) -> str:
    """`proof · toolkit 0.1.0 · inputs 1a2b3c4d5e` (+ ` · 2026-11-25` from `epoch`, a
    SOURCE_DATE_EPOCH value; ignored when it is not a whole number)."""
    text = f"proof · toolkit {version()} · inputs {digest(paths)}"
    if epoch and epoch.strip().isdigit():
        day = dt.datetime.fromtimestamp(int(epoch.strip()), dt.UTC).date().isoformat()
        text += f" · {day}"
    return text
