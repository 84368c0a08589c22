"""Colours as layouts write them: `#rgb`, `#rrggbb`, a few names, `none`."""

from __future__ import annotations

import re
from functools import lru_cache

NAMED = {
    "black": "#000000", "white": "#ffffff", "red": "#c62828", "green": "#2e7d32",
    "blue": "#1565c0", "orange": "#ef6c00", "yellow": "#f9a825", "grey": "#808080",
    "gray": "#808080", "gold": "#d4af37", "silver": "#c0c0c0", "bronze": "#cd7f32",
}
_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def parse_color(value: object) -> str | None:
    """`'#RGB'`/`'#rrggbb'`/name → `'#rrggbb'`; `'none'`/`''`/None → None; ValueError else."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"expected a colour like '#1a2b3c', got {value!r}")
    text = value.strip().lower()
    if text in ("", "none", "transparent"):
        return None
    if text in NAMED:
        return NAMED[text]
    match = _HEX.match(text)
    if not match:
        raise ValueError(f"bad colour {value!r}: use #rgb, #rrggbb, a name or 'none'")
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    return "#" + digits


@lru_cache(maxsize=1024)
def rgb(color: str) -> tuple[int, int, int]:
    """`'#rrggbb'` → (r, g, b) in 0–255."""
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


@lru_cache(maxsize=1024)
def rgb01(color: str) -> tuple[float, float, float]:
    """`'#rrggbb'` → (r, g, b) in 0–1."""
    r, g, b = rgb(color)
    return r / 255.0, g / 255.0, b / 255.0
