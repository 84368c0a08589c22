"""Atomic writes: a temp file in the target folder, then os.replace, so a reader never
sees half a file and a failed run leaves the old file intact; and staged folders, written
whole into a temporary sibling and moved into place at the end."""

from __future__ import annotations

import io
import os
import shutil
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


def save_png(path: Path, image: Image.Image, dpi: float | None = None,
             compress_level: int = 6) -> Path:
    """Save a PNG atomically (with its DPI recorded when given; zlib level 0-9)."""
    buffer = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(buffer, format="PNG", compress_level=compress_level, **extra)
    return write_bytes(path, buffer.getvalue())


class Staged:
    """A folder written whole or not at all: files go to a temporary sibling
    (`.<name>.tmp-…`), which replaces `final` on `commit`; `abort` removes it (and the
    parent folders it had to create), so a failed run leaves no half-written folder.

        with Staged(Path("output/warbadge/Sun")) as tmp:
            ...write into tmp...
        # committed on success, aborted on an exception
    """

    def __init__(self, final: Path) -> None:
        self.final = Path(final)
        self.created: list[Path] = []
        parent = self.final.parent
        while not parent.exists():
            self.created.append(parent)
            parent = parent.parent
        self.final.parent.mkdir(parents=True, exist_ok=True)
        self.tmp = Path(tempfile.mkdtemp(prefix=f".{self.final.name}.tmp-", dir=self.final.parent))
        os.chmod(self.tmp, 0o755)

    def commit(self) -> Path:
        """Move the finished folder into place (replacing an older one) and return it."""
        old = None
        if self.final.exists() or self.final.is_symlink():
            old = Path(tempfile.mkdtemp(prefix=f".{self.final.name}.old-", dir=self.final.parent))
            os.replace(self.final, old / "previous")
        os.replace(self.tmp, self.final)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        return self.final

    def abort(self) -> None:
        """Remove the temporary folder and any parent folder made for it."""
        shutil.rmtree(self.tmp, ignore_errors=True)
        for folder in self.created:
            try:
                folder.rmdir()
            except OSError:
                break

    def __enter__(self) -> Path:
        return self.tmp

    def __exit__(self, kind, value, tb) -> None:
        if kind is None:
            self.commit()
        else:
            self.abort()
