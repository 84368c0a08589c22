"""Card art: resolve an `Art` cell to a file inside the workbook's folder (a layout's
pictures inside the layout's folder), crop-to-fill or fit, and which pixels are opaque.

An image is measured from its header before anything decodes it: one that would decode to
more than `MAX_PIXELS` pixels (a decompression bomb, or simply far more than any card
needs) is refused with an `ArtProblem`, as is a name the file system cannot hold. One
within the limit is then decoded whole, once (a JPEG at an eighth of its size, which
still reads every byte of it), so a truncated or damaged image is an `ArtProblem` when
the deck is validated, and never an error half way through drawing it.
"""

from __future__ import annotations

import math
import os
import warnings
from functools import lru_cache
from pathlib import Path

from PIL import Image, UnidentifiedImageError

MAX_PIXELS = 25_000_000
"""The most pixels an art image may have (a 6000×4000 photo has 24 million); a 63×88 mm
card at 1200 dpi needs 12 million."""
PRINT_PIXELS = 12_000_000
"""Art of more pixels is reduced by a whole factor before it is drawn (`printable`): a
card at 1200 dpi needs no more, and drawing 25 million pixels into a PDF took 400 MB."""


class ArtProblem(Exception):
    """Why an art cell gives no picture (the caller draws a placeholder and warns)."""


class ArtTooLarge(ArtProblem):
    """An image that would decode to more than `MAX_PIXELS` pixels: refused unread.
    `pixels` is how many it claims (None: billions, past Pillow's own bomb limit)."""

    def __init__(self, message: str, pixels: int | None = None) -> None:
        super().__init__(message)
        self.pixels = pixels


def resolve(value: object, base_dir: Path | None, what: str = "art",
            place: str = "the workbook's folder") -> Path:
    """The art file for a cell (or, with `what` and `place`, another file a layout names,
    inside its folder): relative paths are taken from `base_dir`, and the result must
    stay inside `base_dir` (when given) and exist."""
    shown = str(value) if len(str(value)) <= 60 else f"{str(value)[:60]}…"
    try:
        path = Path(str(value).strip()).expanduser()
        if not path.is_absolute():
            if base_dir is None:
                raise ArtProblem(f"{what} path '{shown}' is relative and no workbook folder "
                                 "is known")
            path = base_dir / path
        path = path.resolve()
        if base_dir is not None and not path.is_relative_to(Path(base_dir).resolve()):
            raise ArtProblem(f"{what} path '{shown}' is outside {place}; not used")
        if not path.is_file():
            raise ArtProblem(f"{what} file '{shown}' not found")
    except (OSError, ValueError, RuntimeError) as exc:  # a name too long, a NUL byte
        raise ArtProblem(f"{what} path '{shown}' is not a usable file name") from exc
    return path


@lru_cache(maxsize=1024)
def _size(path: str, mtime: float, size: int) -> tuple[int, int]:
    """(width, height) of a whole, readable image of at most `MAX_PIXELS` pixels; the
    header is checked before anything is decoded (see `pixel_size` for the errors)."""
    name = Path(path).name
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        with Image.open(path) as img:
            width, height = img.size
            if width * height > MAX_PIXELS:
                raise ArtTooLarge(f"art file '{name}' is {width:,}×{height:,} pixels, more "
                                  f"than the {MAX_PIXELS // 1_000_000} million an art image "
                                  "may have; not used", width * height)
            if img.format == "JPEG":  # decoded at 1/8 scale: every byte read, little kept
                img.draft(img.mode, (max(1, width // 8), max(1, height // 8)))
            img.load()  # the first frame: the one a card shows
    return width, height


def pixel_size(path: Path) -> tuple[int, int]:
    """An image's (width, height) in pixels (cached by path, time and size). Its header is
    read first: one of more than `MAX_PIXELS` pixels is an `ArtTooLarge`, never decoded;
    then the whole image is decoded once, so an unreadable, truncated or damaged image is
    an `ArtProblem` here rather than when it is drawn."""
    name = Path(path).name
    try:
        stat = os.stat(path)
        return _size(str(path), stat.st_mtime, stat.st_size)
    except Image.DecompressionBombError:
        raise ArtTooLarge(f"art file '{name}' would decode to billions of pixels "
                          "(a decompression bomb); not used") from None
    except ArtProblem:
        raise
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError,
            MemoryError) as exc:
        raise ArtProblem(f"art file '{name}' is not a readable image (damaged or "
                         "truncated)") from exc


_REDUCIBLE = frozenset({"L", "LA", "RGB", "RGBA", "I", "F"})


@lru_cache(maxsize=2)
def _printable(path: str, mtime: float, size: int) -> Image.Image:
    with Image.open(path) as img:
        factor = math.ceil(math.sqrt(img.width * img.height / PRINT_PIXELS))
        if factor > 1 and img.format == "JPEG":  # decode at a smaller scale, at once
            img.draft(img.mode, (-(-img.width // factor), -(-img.height // factor)))
        img.load()
        factor = math.ceil(math.sqrt(img.width * img.height / PRINT_PIXELS))
        if factor == 1:
            return img.copy()
        if img.mode not in _REDUCIBLE:  # a palette or CMYK image: reduced as RGBA
            return img.convert("RGBA").reduce(factor)
        return img.reduce(factor)


def printable(path: Path) -> Image.Image:
    """The art decoded for drawing, at most `PRINT_PIXELS` pixels (reduced by a whole
    factor, a JPEG decoded at a smaller scale): memory stays bounded however large the
    art within `MAX_PIXELS`. The last two are kept, as a deck draws one art many times.
    Call `pixel_size` first: it checks the image is whole."""
    stat = os.stat(path)
    return _printable(str(path), stat.st_mtime, stat.st_size)


def for_pdf(path: Path):
    """What reportlab's `drawImage` embeds for this art: the file's name when it is a
    JPEG (a PDF holds its bytes as they are) or of at most `PRINT_PIXELS` pixels, else
    an `ImageReader` of `printable`."""
    width, height = pixel_size(path)
    with Image.open(path) as img:
        jpeg = img.format == "JPEG"
    if jpeg or width * height <= PRINT_PIXELS:
        return str(path)
    from reportlab.lib.utils import ImageReader  # noqa: PLC0415

    return ImageReader(printable(path))


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


def place(image_w: int, image_h: int, x: float, y: float, w: float, h: float,
          fit: str = "fill") -> tuple[float, float, float, float,
                                      tuple[float, float, float, float]]:
    """Where a picture goes in a box (x, y, w, h in mm) and which of its pixels show:
    `fill` crops it to fill the box (`cover_crop`), `fit` shows it whole, centred in the
    box at the largest size that fits (letterboxed). (x, y, w, h, crop)."""
    if fit != "fit" or image_w <= 0 or image_h <= 0 or w <= 0 or h <= 0:
        return x, y, w, h, cover_crop(image_w, image_h, w, h)
    scale = min(w / image_w, h / image_h)
    dw, dh = image_w * scale, image_h * scale
    return x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, (0.0, 0.0, float(image_w),
                                                       float(image_h))


@lru_cache(maxsize=64)
def _opaque_mask(path: str, mtime: float, size: int) -> Image.Image | None:
    """A small black-and-white mask of an image's opaque pixels (alpha ≥ 128), or None
    when the image has no transparency at all."""
    with Image.open(path) as img:
        if img.mode not in ("RGBA", "LA", "PA", "La") and "transparency" not in img.info:
            return None
    alpha = printable(Path(path)).convert("RGBA").getchannel("A")
    alpha.thumbnail((512, 512))
    return alpha.point(lambda v: 255 if v >= 128 else 0)


def opaque_share(path: Path, region: tuple[float, float, float, float]) -> float:
    """The share (0 to 1) of opaque pixels in a region (left, top, right, bottom, in the
    image's pixels) of a checked image (`pixel_size` first); 1 for an image with no
    transparency."""
    stat = os.stat(path)
    mask = _opaque_mask(str(path), stat.st_mtime, stat.st_size)
    if mask is None:
        return 1.0
    iw, ih = pixel_size(path)
    kx, ky = mask.width / iw, mask.height / ih
    box = (max(0, math.floor(region[0] * kx)), max(0, math.floor(region[1] * ky)),
           min(mask.width, math.ceil(region[2] * kx)), min(mask.height, math.ceil(region[3] * ky)))
    if box[2] <= box[0] or box[3] <= box[1]:
        return 0.0
    part = mask.crop(box)
    return part.histogram()[255] / (part.width * part.height)


def printed_dpi(crop: tuple[float, float, float, float], box_w: float, box_h: float) -> float:
    """The resolution art gets when its crop fills a box of box_w × box_h mm (the lower of
    the two directions)."""
    left, top, right, bottom = crop
    dpis = [px / (mm / 25.4) for px, mm in ((right - left, box_w), (bottom - top, box_h)) if mm > 0]
    return min(dpis) if dpis else float("inf")


def pixels_for(mm: float, dpi: float) -> int:
    """Pixels needed to print `mm` at `dpi`."""
    return int(-(-mm / 25.4 * dpi // 1))
