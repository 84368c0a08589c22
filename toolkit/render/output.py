"""Image files for the renderers, written atomically.

Every write goes through `toolkit.core.outputs` (the one writing mechanism: `write_bytes`
for one file, `Transaction` for a command's outputs); this module only adds PNG encoding,
which needs Pillow."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from toolkit.core.outputs import write_bytes

__all__ = ["png_bytes", "save_png", "write_bytes"]


def png_bytes(image: Image.Image, dpi: float | None = None, compress_level: int = 6) -> bytes:
    """An image encoded as PNG (with its DPI recorded when given; zlib level 0-9)."""
    buffer = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(buffer, format="PNG", compress_level=compress_level, **extra)
    return buffer.getvalue()


def save_png(path: Path, image: Image.Image, dpi: float | None = None,
             compress_level: int = 6) -> Path:
    """Save a PNG atomically (with its DPI recorded when given; zlib level 0-9)."""
    return write_bytes(path, png_bytes(image, dpi, compress_level))
