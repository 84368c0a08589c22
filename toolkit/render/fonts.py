"""One set of TTF fonts (reportlab's bundled Bitstream Vera) for both backends.

Layout measures with reportlab's metrics (cached per word at 1 pt, then scaled), the PDF
backend embeds the same files and the PNG backend loads them into Pillow, so text lands
where layout put it in both.
"""

from __future__ import annotations

import os
from functools import cache, lru_cache

import reportlab
from PIL import ImageFont, features
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
FILES = {"Vera": "Vera.ttf", "VeraBd": "VeraBd.ttf", "VeraIt": "VeraIt.ttf", "VeraBI": "VeraBI.ttf"}
"""Registered font name → file in reportlab's font folder."""

ALIASES = {
    "sans": "Vera", "regular": "Vera", "vera": "Vera",
    "sans-bold": "VeraBd", "bold": "VeraBd", "verabd": "VeraBd",
    "sans-italic": "VeraIt", "italic": "VeraIt", "veraIt": "VeraIt", "verait": "VeraIt",
    "sans-bolditalic": "VeraBI", "bolditalic": "VeraBI", "verabi": "VeraBI",
}
BOLD = {"Vera": "VeraBd", "VeraBd": "VeraBd", "VeraIt": "VeraBI", "VeraBI": "VeraBI"}
RAQM = features.check("raqm")


def font_name(alias: str) -> str:
    """The registered name of a font alias (`sans`, `sans-bold`, …); ValueError if unknown."""
    if alias in FILES:
        return alias
    key = alias.strip().lower()
    if key in ALIASES:
        return ALIASES[key]
    raise ValueError(f"unknown font '{alias}'; use one of {', '.join(sorted(set(ALIASES)))}")


def bold_of(font: str) -> str:
    """The bold face of a font (for `**bold**` runs)."""
    return BOLD.get(font, font)


def path_of(font: str) -> str:
    """The TTF file of a registered font name."""
    return os.path.join(FONT_DIR, FILES[font])


@cache
def register() -> None:
    """Register the fonts with reportlab once per process."""
    for name, file in FILES.items():
        pdfmetrics.registerFont(TTFont(name, os.path.join(FONT_DIR, file)))


@lru_cache(maxsize=1 << 16)
def unit_width(font: str, text: str) -> float:
    """Advance width of `text` at 1 pt (reportlab metrics, no kerning)."""
    register()
    return pdfmetrics.stringWidth(text, font, 1.0)


@cache
def ascent_descent(font: str) -> tuple[float, float]:
    """(ascent, descent) at 1 pt; descent is negative."""
    register()
    ascent, descent = pdfmetrics.getAscentDescent(font, 1.0)
    return ascent, descent


@lru_cache(maxsize=256)
def pil_font(font: str, px: float) -> ImageFont.FreeTypeFont:
    """The Pillow font of that face at a pixel size (raqm layout when available)."""
    engine = ImageFont.Layout.RAQM if RAQM else ImageFont.Layout.BASIC
    return ImageFont.truetype(path_of(font), px, layout_engine=engine)
