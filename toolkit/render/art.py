"""Card art: resolve an `Art` cell to a file inside the workbook's folder, and crop-to-fill.

An image is measured from its header before anything decodes it: one that would decode to
more than `MAX_PIXELS` pixels (a decompression bomb, or simply far more than any card
needs) is refused with an `ArtProblem`, as is a name the file system cannot hold.
"""

from __future__ import annotations

import os
import warnings
from functools import lru_cache
from pathlib import Path

from PIL import Image, UnidentifiedImageError

MAX_PIXELS = 25_000_000
"""The most pixels an art image may have (a 6000×4000 photo has 24 million); a 63×88 mm
card at 1200 dpi needs 12 million."""


class ArtProblem(Exception):
    """Why an art cell gives no picture (the caller draws a placeholder and warns)."""


class ArtTooLarge(ArtProblem):
    """An image that would decode to more than `MAX_PIXELS` pixels: refused unread.
    `pixels` is how many it claims (None: billions, past Pillow's own bomb limit)."""

    def __init__(self, message: str, pixels: int | None = None) -> None:
        super().__init__(message)
        self.pixels = pixels


def resolve(value: object, base_dir: Path | None) -> Path:
    """The art file for a cell: relative paths are taken from `base_dir`, and the result
    must stay inside `base_dir` (when given) and exist."""
    shown = str(value) if len(str(value)) <= 60 else f"{str(value)[:60]}…"
    try:
        path = Path(str(value).strip()).expanduser()
        if not path.is_absolute():
            if base_dir is None:
                raise ArtProblem(f"art path '{shown}' is relative and no workbook folder is known")
            path = base_dir / path
        path = path.resolve()
        if base_dir is not None and not path.is_relative_to(Path(base_dir).resolve()):
            raise ArtProblem(f"art path '{shown}' is outside the workbook's folder; not used")
        if not path.is_file():
            raise ArtProblem(f"art file '{shown}' not found")
    except (OSError, ValueError, RuntimeError) as exc:  # a name too long, a NUL byte
        raise ArtProblem(f"art path '{shown}' is not a usable file name") from exc
    return path


@lru_cache(maxsize=1024)
def _size(path: str, mtime: float) -> tuple[int, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        with Image.open(path) as img:
            return img.size


def pixel_size(path: Path) -> tuple[int, int]:
    """An image's (width, height) in pixels, read from its header only (cached); an
    unreadable image or one of more than `MAX_PIXELS` pixels is an `ArtProblem`."""
    try:
        width, height = _size(str(path), os.stat(path).st_mtime)
    except Image.DecompressionBombError:
        raise ArtTooLarge(f"art file '{Path(path).name}' would decode to billions of pixels "
                          "(a decompression bomb); not used") from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as exc:
        raise ArtProblem(f"art file '{Path(path).name}' is not a readable image") from exc
    if width * height > MAX_PIXELS:
        raise ArtTooLarge(f"art file '{Path(path).name}' is {width:,}×{height:,} pixels, more "
                          f"than the {MAX_PIXELS // 1_000_000} million an art image may have; "
                          "not used", width * height)
    return width, height


def cover_crop(image_w: int, image_h: int, box_w: float, box_h: float
               ) -> tuple[float, float, float, float]:
    """The centred source rectangle (left, top, right, bottom px) that fills a box of that
    aspect ratio without distortion (crop-to-fill)."""
    if box_w <= 0 or box_h <= 0:
        return 0.0, 0.0, float(image_w), float(image_h)
    box_aspect = box_w / box_h
    if image_w / image_h > box_aspect:
        crop_w = image_h * box_aspect
        left = (image_w - crop_w) / 2
        return left, 0.0, left + crop_w, float(image_h)
    crop_h = image_w / box_aspect
    top = (image_h - crop_h) / 2
    return 0.0, top, float(image_w), top + crop_h


def printed_dpi(crop: tuple[float, float, float, float], box_w: float, box_h: float) -> float:
    """The resolution art gets when its crop fills a box of box_w × box_h mm (the lower of
    the two directions)."""
    left, top, right, bottom = crop
    dpis = [px / (mm / 25.4) for px, mm in ((right - left, box_w), (bottom - top, box_h)) if mm > 0]
    return min(dpis) if dpis else float("inf")


def pixels_for(mm: float, dpi: float) -> int:
    """Pixels needed to print `mm` at `dpi`."""
    return int(-(-mm / 25.4 * dpi // 1))
