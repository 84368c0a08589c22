"""The one rule for an `Art` cell, in every game: a file inside the workbook's folder.

`art_file` reads an Art cell as a path relative to the workbook's folder (backslashes are
folder separators, as Windows writes them) and reports, at the cell:

- an error (the game's `rule`) when the path leaves the workbook's folder (`../x.png`,
  `/etc/passwd`), is no usable file name (too long, control characters), names an
  image that would decode to more pixels than any card needs (a decompression bomb),
  or names a file that is no whole image (truncated, damaged, not an image: it is
  decoded whole once, within that pixel limit): such art is refused before anything is
  drawn;
- a warning (`missing_rule`) when the file does not exist: the card prints without art.

It returns the absolute path of usable art, else None.
"""

from __future__ import annotations

import os
from pathlib import Path

from toolkit.core.report import Location, Report
from toolkit.core.sheets import clean_text
from toolkit.core.text import plain, quote

MAX_ART_CHARS = 1_024
"""An Art cell longer than this is no file name."""


def art_file(value: object, folder: Path | None, loc: Location, report: Report, rule: str,
             missing_rule: str) -> Path | None:
    """The art file an Art cell names, inside `folder`; problems reported at `loc`."""
    if value is None or folder is None:
        return None
    text = clean_text(value).replace("\\", "/")
    if not text:
        return None
    shown = quote(plain(text))
    if len(text) > MAX_ART_CHARS or plain(text) != text or any(
            len(os.fsencode(part)) > 255 for part in text.split("/")):
        report.error(rule, f"Art {shown} is not a usable file name (too long, or holding "
                     "control characters); the card prints without art", loc)
        return None
    folder = Path(folder).resolve()
    try:
        path = (folder / text).resolve()
        inside = path.is_relative_to(folder)
        exists = inside and path.is_file()
    except (OSError, ValueError, RuntimeError):
        report.error(rule, f"Art {shown} is not a usable file name; the card prints "
                     "without art", loc)
        return None
    if not inside:
        report.error(rule, f"Art must be a path inside the workbook's folder, got {shown}",
                     loc)
        return None
    if not exists:
        report.warning(missing_rule, f"Art file {shown} was not found next to the workbook; "
                       "the card prints without art", loc)
        return None
    from toolkit.render import art  # noqa: PLC0415  (Pillow only when there is art)

    try:
        art.pixel_size(path)
    except art.ArtTooLarge as exc:
        pixels = "billions of" if exc.pixels is None else f"{exc.pixels:,}"
        report.error(rule, f"Art {shown} would decode to {pixels} pixels, more than the "
                     f"{art.MAX_PIXELS // 1_000_000} million an art image may have (a "
                     "decompression bomb, or far more than a card needs); the card prints "
                     "without art", loc)
        return None
    except art.ArtProblem:
        report.error(rule, f"Art {shown} is not a readable image (truncated, damaged, or "
                     "not a PNG, JPEG or other image file); the card prints without art", loc)
        return None
    return path
