"""One set of TrueType fonts for both backends, with a fallback per character.

A layout names a face (`sans`, `sans-bold`, … = reportlab's bundled Bitstream Vera). Vera
covers Latin-1 only, so each character it lacks is set in the first font of the face's
fallback chain that has it: DejaVu Sans of the same style (Vera's own extension: symbols,
arrows, Greek, Cyrillic, with Vera's metrics), then IPAexGothic (Japanese), then Noto
Emoji (monochrome outlines: reportlab cannot draw colour emoji fonts). DejaVu ships in
matplotlib's data folder, IPAexGothic in japanize-matplotlib and Noto Emoji in
manimgx-fonts (project dependencies, never imported: only their font files are read). A character no font has stays in the
face (drawn as a box) and is reported by `missing` so the caller can warn.

Layout measures with reportlab's metrics (cached per word at 1 pt, then scaled), the PDF
backend embeds subsets of the same files and the PNG backend loads them into Pillow, so
text lands where layout put it in both.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from functools import cache, lru_cache
from itertools import repeat
from pathlib import Path

import reportlab
from PIL import ImageFont, features
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
FILES = {"Vera": "Vera.ttf", "VeraBd": "VeraBd.ttf", "VeraIt": "VeraIt.ttf", "VeraBI": "VeraBI.ttf"}
"""The layout faces: registered font name → file in reportlab's font folder."""

ALIASES = {
    "sans": "Vera", "regular": "Vera", "vera": "Vera",
    "sans-bold": "VeraBd", "bold": "VeraBd", "verabd": "VeraBd",
    "sans-italic": "VeraIt", "italic": "VeraIt", "veraIt": "VeraIt", "verait": "VeraIt",
    "sans-bolditalic": "VeraBI", "bolditalic": "VeraBI", "verabi": "VeraBI",
}
BOLD = {"Vera": "VeraBd", "VeraBd": "VeraBd", "VeraIt": "VeraBI", "VeraBI": "VeraBI"}
RAQM = features.check("raqm")

FALLBACK_FILES = {
    "DejaVu": ("matplotlib", "mpl-data/fonts/ttf/DejaVuSans.ttf"),
    "DejaVuBd": ("matplotlib", "mpl-data/fonts/ttf/DejaVuSans-Bold.ttf"),
    "DejaVuIt": ("matplotlib", "mpl-data/fonts/ttf/DejaVuSans-Oblique.ttf"),
    "DejaVuBI": ("matplotlib", "mpl-data/fonts/ttf/DejaVuSans-BoldOblique.ttf"),
    "IPAexGothic": ("japanize_matplotlib", "fonts/ipaexg.ttf"),
    "NotoEmoji": ("manimgx_fonts", "NotoEmoji[wght].ttf"),
}
"""Fallback fonts: registered name → (package holding it, path inside the package)."""
CHAINS = {
    "Vera": ("DejaVu", "IPAexGothic", "NotoEmoji"),
    "VeraBd": ("DejaVuBd", "IPAexGothic", "NotoEmoji"),
    "VeraIt": ("DejaVuIt", "IPAexGothic", "NotoEmoji"),
    "VeraBI": ("DejaVuBI", "IPAexGothic", "NotoEmoji"),
}
"""Each face's fallback chain, tried in order for a character the face lacks."""
_BREAKS = str.maketrans({"\r": "\n", "\x0b": "\n", "\x0c": "\n", "\x85": "\n",
                         "\u2028": "\n", "\u2029": "\n", "\t": " "})


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


@cache
def _package_dir(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)  # finds the folder without importing it
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


@cache
def fallback_path(name: str) -> str | None:
    """The file of a fallback font, or None when its package is not installed."""
    package, inside = FALLBACK_FILES[name]
    folder = _package_dir(package)
    if folder is None or not (folder / inside).is_file():
        return None
    return str(folder / inside)


USER: dict[str, str] = {}
"""Font files named by layouts (`register_file`): registered name → file."""
MAX_FONT_BYTES = 64 * 1024 * 1024
"""A bigger font file is refused (a whole CJK font is about 20 MB)."""


class FontFileError(ValueError):
    """A font file a layout names that the backends cannot use."""


def register_file(path: Path) -> str:
    """Register a layout's TTF/OTF file with both backends under a stable name (its stem
    and a hash of its bytes: the same file always gets the same name) and return the
    name; its missing glyphs fall back like Vera's. FontFileError when it is too big,
    not a font, or has PostScript (CFF) outlines, which the PDF backend cannot embed."""
    import hashlib  # noqa: PLC0415
    import re  # noqa: PLC0415

    path = Path(path)
    if path.stat().st_size > MAX_FONT_BYTES:
        raise FontFileError(f"more than {MAX_FONT_BYTES >> 20} MB; not a font a card needs")
    data = path.read_bytes()
    name = f"{re.sub(r'[^A-Za-z0-9]', '', path.stem)[:24] or 'font'}-" \
           f"{hashlib.sha256(data).hexdigest()[:8]}"
    if name in USER:
        return name
    register()
    try:
        ttf = TTFont(name, str(path))
        ImageFont.truetype(str(path), 12)
    except Exception as exc:  # reportlab's TTFError and Pillow's OSError, or worse
        why = str(exc)
        if "postscript" in why.lower():
            raise FontFileError("it has PostScript (CFF) outlines, which cannot be embedded "
                                "in the PDF; use a TrueType .ttf or .otf") from None
        raise FontFileError(f"not a usable TrueType/OpenType font ({why[:120]})") from None
    _known(name, ttf, str(path))
    return name


def adopt(name: str, path: str) -> None:
    """A font file `register_file` registered in another process (a pool worker's task
    names it), known here under the same name to both backends."""
    if name not in USER:
        register()
        _known(name, TTFont(name, path), path)


def _known(name: str, ttf: TTFont, path: str) -> None:
    """A layout's font registered under `name`: reportlab's metrics, Pillow's file, and
    Vera's fallback chain for the glyphs it lacks."""
    pdfmetrics.registerFont(ttf)
    USER[name] = path
    CHAINS[name] = CHAINS["Vera"]


def path_of(font: str) -> str:
    """The TTF file of a registered font name (a face, an installed fallback or a
    layout's font file)."""
    if font in FILES:
        return os.path.join(FONT_DIR, FILES[font])
    if font in USER:
        return USER[font]
    path = fallback_path(font)
    if path is None:
        raise KeyError(f"font '{font}' is not installed")
    return path


@cache
def register() -> None:
    """Register the layout faces with reportlab once per process (fallbacks: on first use)."""
    for name, file in FILES.items():
        pdfmetrics.registerFont(TTFont(name, os.path.join(FONT_DIR, file)))


@cache
def ensure(font: str) -> TTFont | None:
    """The reportlab font of that name, registering a fallback the first time it is needed
    (None when it is not installed)."""
    register()
    if font in FILES or font in USER:
        return pdfmetrics.getFont(font)
    path = fallback_path(font)
    if path is None:
        return None
    ttf = TTFont(font, path)
    pdfmetrics.registerFont(ttf)
    return ttf


@cache
def coverage(font: str) -> frozenset[int]:
    """The code points a font has a glyph for (empty when the font is not installed)."""
    ttf = ensure(font)
    return frozenset() if ttf is None else frozenset(ttf.face.charToGlyph)


def chain(face: str) -> tuple[str, ...]:
    """The face, then its installed fallbacks, in the order they are tried."""
    return (face, *(f for f in CHAINS.get(face, ()) if fallback_path(f) is not None))


@lru_cache(maxsize=1 << 14)
def font_for(face: str, char: str) -> str | None:
    """The first font of a face's chain with a glyph for `char`; None when none has it."""
    code = ord(char)
    for font in chain(face):
        if code in coverage(font):
            return font
    return None


def runs(text: str, face: str) -> Iterator[tuple[str, str]]:
    """`text` split into (run, font) pairs, each run in the first font of the face's chain
    that has its characters. Characters no font has stay in the face (drawn as a box;
    `missing` names them)."""
    if text.isascii():  # every face has printable ASCII: the common case
        yield text, face
        return
    current, start = face, 0
    for i, ch in enumerate(text):
        font = font_for(face, ch) or face
        if font != current:
            if i > start:
                yield text[start:i], current
            current, start = font, i
    if start < len(text):
        yield text[start:], current


def missing(text: str, face: str) -> str:
    """The distinct characters of `text` (not spaces) that no font of the face's chain has,
    in order of appearance."""
    if text.isascii():
        return ""
    out = []
    for ch in text:
        if not ch.isspace() and font_for(face, ch) is None and ch not in out:
            out.append(ch)
    return "".join(out)


def clean(text: str) -> str:
    """Card text as a person typed it: every line break (`\\r\\n`, a lone `\\r` from Excel
    or a Mac, Excel's `_x000D_` escape, Unicode line separators) becomes `\\n`, tabs become
    spaces, other control characters are dropped."""
    if text.isprintable() and "_x000" not in text:  # the common case: nothing to do
        return text
    if "_x000" in text:
        text = text.replace("_x000D_\n", "\n").replace("_x000D_", "\n").replace("_x0009_", " ")
    text = text.replace("\r\n", "\n").translate(_BREAKS)
    if text.isprintable() or all(ch.isprintable() or ch == "\n" for ch in text):
        return text
    return "".join(ch for ch in text if ch.isprintable() or ch == "\n")


@cache
def _widths(font: str) -> tuple[dict[str, float], float]:
    """A font's advance widths by character (1/1000 em) and its default width."""
    face = ensure(font).face
    return {chr(code): width for code, width in face.charWidths.items()}, face.defaultWidth


@lru_cache(maxsize=1 << 16)
def unit_width(font: str, text: str) -> float:
    """Advance width of `text` at 1 pt: reportlab's TrueType metrics, summed in the same
    order as its `stringWidth` (no kerning), without its per-character Python loop."""
    table, default = _widths(font)
    return 0.001 * 1.0 * sum(map(table.get, text, repeat(default)))


@cache
def ascent_descent(font: str) -> tuple[float, float]:
    """(ascent, descent) at 1 pt; descent is negative."""
    ensure(font)
    ascent, descent = pdfmetrics.getAscentDescent(font, 1.0)
    return ascent, descent


@lru_cache(maxsize=256)
def pil_font(font: str, px: float) -> ImageFont.FreeTypeFont:
    """The Pillow font of that face at a pixel size (raqm layout when available)."""
    engine = ImageFont.Layout.RAQM if RAQM else ImageFont.Layout.BASIC
    return ImageFont.truetype(path_of(font), px, layout_engine=engine)
