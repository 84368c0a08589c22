"""Text fitting: wrap, shrink to fit a box down to a minimum size, inline `:icon:` glyphs.

Markup: `**bold**` toggles the bold face, `:name:` places an icon glyph sitting on the
baseline at the text's size, a newline starts a paragraph. Widths come from reportlab's
metrics at 1 pt (cached), so trying a size is arithmetic, not measurement.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

from toolkit.render import fonts, icons

PT_MM = 25.4 / 72.0
ICON_EM = 0.9
"""An inline icon's height (and width) in ems; its advance adds ICON_PAD on each side."""
ICON_PAD = 0.06
ELLIPSIS = "…"
STEP = 0.25
"""Font sizes are tried on a 0.25 pt grid."""
_TOKEN = re.compile(rf"(\*\*|{icons.ICON_TOKEN})")


class Atom(NamedTuple):
    """A run of text in one font, or an icon (`icon` set, `text` empty). (A named tuple:
    cards make tens of thousands of them.)"""

    text: str
    font: str
    icon: str | None = None

    def unit_width(self) -> float:
        """Advance at 1 pt."""
        if self.icon is not None:
            return ICON_EM + 2 * ICON_PAD
        return fonts.unit_width(self.font, self.text)


Word = tuple[Atom, ...]


@dataclass(frozen=True, slots=True)
class Fitted:
    """A fitted block relative to its box's top-left, in millimetres.

    `spans` are (x, baseline y, text, font); `icons` are (glyph, x, top y, size).
    """

    size: float
    spans: tuple[tuple[float, float, str, str], ...]
    icons: tuple[tuple[str, float, float, float], ...]
    overflow: bool
    """True when even `min_size` did not fit and lines or characters were cut."""
    missing: str = ""
    """Characters no font has (drawn as boxes)."""


@dataclass(frozen=True, slots=True)
class Parsed:
    """Markup parsed once: paragraphs of words, each word's advance and the width of the
    space after it (in its last font), at 1 pt."""

    paragraphs: tuple[tuple[Word, ...], ...]
    widths: tuple[tuple[float, ...], ...]
    spaces: tuple[tuple[float, ...], ...]
    icons: bool
    missing: str = ""
    """Characters no font of the face's fallback chain has (drawn as boxes)."""


@lru_cache(maxsize=4096)
def parse(text: str, font: str) -> Parsed:
    """Paragraphs of words of atoms, from markup text, with their widths at 1 pt.

    Line breaks of every kind (see `fonts.clean`) start a new paragraph; each character
    is set in the first font of the face's fallback chain that has it."""
    text = fonts.clean(text)
    paragraphs = tuple(_words(para, font) for para in text.split("\n"))
    if "**" in text:  # bold runs may span words and paragraphs: parse with state
        paragraphs = _parse_bold(text, font)
    if not text.isascii():
        paragraphs = tuple(tuple(_in_runs(w) for w in words) for words in paragraphs)
    width, space = fonts.unit_width, _space_width
    widths = tuple(tuple(width(w[0].font, w[0].text) if len(w) == 1 and w[0].icon is None
                         else word_width(w) for w in words) for words in paragraphs)
    spaces = tuple(tuple(space(w[-1].font) for w in words) for words in paragraphs)
    icons = any(a.icon is not None for words in paragraphs for w in words for a in w)
    lacking = "" if text.isascii() else "".join(dict.fromkeys(
        ch for words in paragraphs for w in words for a in w
        for ch in fonts.missing(a.text, a.font)))
    return Parsed(paragraphs, widths, spaces, icons, lacking)


def _in_runs(word: Word) -> Word:
    """A word with each text atom split into runs of the font that has its characters."""
    out: list[Atom] = []
    for atom in word:
        if atom.icon is not None or atom.text.isascii():
            out.append(atom)
        else:
            out.extend(Atom(run, font) for run, font in fonts.runs(atom.text, atom.font))
    return tuple(out)


def _words(para: str, font: str) -> tuple[Word, ...]:
    if ":" not in para:  # the common case: plain words
        return tuple((Atom(raw, font),) for raw in para.split())
    return _parse_bold(para, font)[0]


def _parse_bold(text: str, font: str) -> tuple[tuple[Word, ...], ...]:
    bold = fonts.bold_of(font)
    paragraphs: list[tuple[Word, ...]] = []
    is_bold = False
    for para in text.split("\n"):
        words: list[Word] = []
        for raw in para.split():
            atoms: list[Atom] = []
            # split() puts the markup tokens at odd places: only they are markup (a word
            # such as `:30:` that is no `:name:` stays text)
            for i, part in enumerate(_TOKEN.split(raw)):
                if not part:
                    continue
                if i % 2 and part == "**":
                    is_bold = not is_bold
                elif i % 2:
                    atoms.append(Atom("", font, part[1:-1]))
                else:
                    face = bold if is_bold else font
                    if atoms and atoms[-1].icon is None and atoms[-1].font == face:
                        atoms[-1] = Atom(atoms[-1].text + part, face)
                    else:
                        atoms.append(Atom(part, face))
            if atoms:
                words.append(tuple(atoms))
        paragraphs.append(tuple(words))
    return tuple(paragraphs)


@lru_cache(maxsize=64)
def _space_width(font: str) -> float:
    return fonts.unit_width(font, " ")


def word_width(word: Word) -> float:
    """A word's advance at 1 pt."""
    return sum(atom.unit_width() for atom in word)


def _space(after: Word) -> float:
    return _space_width(after[-1].font)


def _split_word(word: Word, size: float, width: float) -> list[Word]:
    """Break a word wider than the line at character boundaries (never wider than width)."""
    pieces: list[Word] = []
    cur: list[Atom] = []
    cur_w = 0.0
    for atom in word:
        chunks = [atom] if atom.icon is not None else [Atom(ch, atom.font) for ch in atom.text]
        for chunk in chunks:
            w = chunk.unit_width() * size
            if cur and cur_w + w > width + 1e-9:
                pieces.append(tuple(cur))
                cur, cur_w = [], 0.0
            if cur and cur[-1].icon is None and chunk.icon is None and cur[-1].font == chunk.font:
                cur[-1] = Atom(cur[-1].text + chunk.text, chunk.font)
            else:
                cur.append(chunk)
            cur_w += w
    if cur:
        pieces.append(tuple(cur))
    return pieces


Lines = list[tuple[list[Word], float]]
"""Lines of words with their widths in pt."""


def wrap(parsed: Parsed, size: float, width: float, wrap_lines: bool = True,
         split_words: bool = True) -> Lines | None:
    """Greedy line breaking at `size` pt into lines of at most `width` pt.

    A word wider than a line is broken between characters, or, when `split_words` is
    false, the attempt fails (None) so that a smaller size is tried first."""
    lines: Lines = []
    limit = (width + 1e-9) / size  # compared in widths at 1 pt: no product per word
    for words, widths, spaces in zip(parsed.paragraphs, parsed.widths, parsed.spaces,
                                     strict=True):
        cur: list[Word] = []
        cur_u = 0.0
        for i, word in enumerate(words):
            wu = widths[i]
            if cur:
                step = spaces[i - 1] + wu
                if not wrap_lines or cur_u + step <= limit:
                    cur.append(word)
                    cur_u += step
                    continue
                lines.append((cur, cur_u * size))
                cur, cur_u = [], 0.0
            if wu <= limit or not wrap_lines:
                cur, cur_u = [word], wu
            else:
                if not split_words:
                    return None
                pieces = _split_word(word, size, width)
                lines.extend(([piece], word_width(piece) * size) for piece in pieces[:-1])
                cur, cur_u = [pieces[-1]], word_width(pieces[-1])
        lines.append((cur, cur_u * size))
    return lines


def line_width(line: list[Word], size: float) -> float:
    """A line's width in pt."""
    total = 0.0
    for i, word in enumerate(line):
        if i:
            total += _space(line[i - 1]) * size
        total += word_width(word) * size
    return total


def _metrics(font: str, icons: bool) -> tuple[float, float]:
    ascent, descent = fonts.ascent_descent(font)
    return (max(ascent, ICON_EM) if icons else ascent), -descent


def block_height(n: int, size: float, leading: float, top: float, bottom: float) -> float:
    """Height in pt of `n` lines: first line's ascent, n-1 leadings, last line's descent."""
    if n == 0:
        return 0.0
    return (top + bottom + (n - 1) * leading) * size


def _fits(lines: Lines, size: float, width: float, height: float, leading: float,
          top: float, bottom: float) -> bool:
    if block_height(len(lines), size, leading, top, bottom) > height + 1e-9:
        return False
    return all(w <= width + 1e-6 for _, w in lines)


def _truncate(line: list[Word], size: float, width: float, ellipsis: Atom) -> list[Word]:
    """Cut a line so that it plus an ellipsis fits `width`."""
    atoms = [atom for word in line for atom in (*word, Atom(" ", word[-1].font))][:-1]
    limit = width - ellipsis.unit_width() * size
    out: list[Atom] = []
    used = 0.0
    for atom in atoms:
        w = atom.unit_width() * size
        if used + w <= limit + 1e-9:
            out.append(atom)
            used += w
            continue
        if atom.icon is None:
            keep = ""
            for ch in atom.text:
                cw = fonts.unit_width(atom.font, ch) * size
                if used + cw > limit + 1e-9:
                    break
                keep += ch
                used += cw
            if keep:
                out.append(Atom(keep, atom.font))
        break
    if ellipsis.unit_width() * size <= width + 1e-9:
        out.append(ellipsis)
    return [tuple(out)] if out else []


@lru_cache(maxsize=8192)
def fit(text: str, font: str, size: float, min_size: float, width_mm: float, height_mm: float,
        align: str = "left", valign: str = "top", leading: float = 1.2,
        wrap_lines: bool = True) -> Fitted:
    """Lay `text` out in a box: the largest size on a 0.25 pt grid from `size` down to
    `min_size` that fits width and height; at `min_size` cut what does not fit (an
    ellipsis marks the cut) and report `overflow`. Nothing is ever drawn outside the box.
    Characters that no font has are named in `missing`."""
    parsed = parse(text, font)
    fitted = _fit(parsed, font, size, min_size, width_mm, height_mm, align, valign, leading,
                  wrap_lines)
    return replace(fitted, missing=parsed.missing) if parsed.missing else fitted


def _fit(parsed: Parsed, font: str, size: float, min_size: float, width_mm: float,
         height_mm: float, align: str, valign: str, leading: float, wrap_lines: bool) -> Fitted:
    width, height = width_mm / PT_MM, height_mm / PT_MM
    top, bottom = _metrics(font, parsed.icons)
    min_size = min(min_size, size)

    def attempt(s: float, split_words: bool = False) -> Lines | None:
        lines = wrap(parsed, s, width, wrap_lines, split_words)
        if lines is None or not _fits(lines, s, width, height, leading, top, bottom):
            return None
        return lines

    chosen, lines = size, attempt(size)
    if lines is None:
        steps = int(math.floor((size - min_size) / STEP + 1e-9))
        grid = [size - STEP * k for k in range(1, steps + 1)]
        if not grid or grid[-1] > min_size + 1e-9:
            grid.append(min_size)
        lo_lines = attempt(grid[-1], split_words=True)
        if lo_lines is None:
            return _overflow(parsed, font, min_size, width, height, leading, top, bottom,
                             align, valign, wrap_lines)
        lo = len(grid) - 1  # grid[lo] fits; grid[:left] do not
        chosen, lines = grid[lo], lo_lines
        left = 0
        while left < lo:  # binary search for the largest fitting size
            mid = (left + lo) // 2
            got = attempt(grid[mid])
            if got is None:
                left = mid + 1
            else:
                lo, chosen, lines = mid, grid[mid], got
    return _place(lines, chosen, width, height, leading, top, bottom, align, valign, False)


def _overflow(parsed: Parsed, font: str, size: float, width: float, height: float,
              leading: float, top: float, bottom: float, align: str, valign: str,
              wrap_lines: bool) -> Fitted:
    """At the minimum size: keep the lines that fit, cut the last one with an ellipsis."""
    lines = wrap(parsed, size, width, wrap_lines) or []
    room = height / size - top - bottom
    max_lines = int(math.floor(room / leading + 1e-9)) + 1 if room >= -1e-9 else 0
    ellipsis = Atom(ELLIPSIS, font)
    words = [line for line, _ in lines]
    if max_lines < len(words):
        words = words[:max_lines]
        if words and words[-1]:
            words[-1] = _truncate(words[-1], size, width, ellipsis)
    cut = [(line, line_width(line, size)) for line in words]
    cut = [(line, w) if w <= width + 1e-9 else _cut(line, size, width, ellipsis)
           for line, w in cut]
    return _place(cut, size, width, height, leading, top, bottom, align, valign, True)


def _cut(line: list[Word], size: float, width: float, ellipsis: Atom) -> tuple[list[Word], float]:
    short = _truncate(line, size, width, ellipsis)
    return short, line_width(short, size)


def _place(lines: Lines, size: float, width: float, height: float, leading: float, top: float,
           bottom: float, align: str, valign: str, overflow: bool) -> Fitted:
    block = block_height(len(lines), size, leading, top, bottom)
    free = max(0.0, height - block)
    y0 = {"top": 0.0, "middle": free / 2, "bottom": free}[valign] + top * size
    spans: list[tuple[float, float, str, str]] = []
    icons: list[tuple[str, float, float, float]] = []
    for i, (line, lw) in enumerate(lines):
        baseline = y0 + i * leading * size
        x = {"left": 0.0, "center": (width - lw) / 2, "right": width - lw}[align]
        _runs(line, size, x, baseline, spans, icons)
    return Fitted(size, tuple(spans), tuple(icons), overflow)


def _runs(line: list[Word], size: float, x: float, baseline: float,
          spans: list[tuple[float, float, str, str]],
          icons: list[tuple[str, float, float, float]]) -> None:
    """Append one line's spans (same-font runs, spaces included) and icons, in mm."""
    y = baseline * PT_MM
    open_x, text, font = 0.0, "", ""
    for w_i, word in enumerate(line):
        if w_i:
            if text:
                text += " "
            x += _space(line[w_i - 1]) * size
        for atom in word:
            if atom.icon is not None:
                if text:
                    spans.append((open_x * PT_MM, y, text, font))
                    text = ""
                icons.append((atom.icon, (x + ICON_PAD * size) * PT_MM,
                               (baseline - ICON_EM * size) * PT_MM, ICON_EM * size * PT_MM))
            elif text and font == atom.font:
                text += atom.text
            else:
                if text:
                    spans.append((open_x * PT_MM, y, text, font))
                open_x, text, font = x, atom.text, atom.font
            x += atom.unit_width() * size
    if text:
        spans.append((open_x * PT_MM, y, text, font))
