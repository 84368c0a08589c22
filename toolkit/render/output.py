"""Atomic writes: a temp file in the target folder, then os.replace, so a reader never
sees half a file and a failed run leaves the old file intact."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from PIL import Image


def write_bytes(path: Path, data: bytes) -> Path:
    """Write `data` to `path` atomically (creating the folder)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)  # mkstemp makes 0600; outputs are ordinary shareable files
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def save_png(path: Path, image: Image.Image, dpi: float | None = None) -> Path:
    """Save a PNG atomically (with its DPI recorded when given)."""
    buffer = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(buffer, format="PNG", **extra)
    return write_bytes(path, buffer.getvalue())
