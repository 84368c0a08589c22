"""The raster backend: Pillow draws a DisplayList at a DPI (63×88 mm at 300 dpi → 744×1039).

Shapes are anti-aliased through 4× masks, icons are rasterised once per size and
reused, text is drawn with the same TTF files at the positions layout measured.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache

from PIL import Image as PILImage
from PIL import ImageDraw

from toolkit.render import art, fonts, icons
from toolkit.render.colors import rgb
from toolkit.render.display import (
    Circle,
    ClipRound,
    DisplayList,
    Icon,
    Image,
    Line,
    Rect,
    Text,
)
from toolkit.render.output import png_bytes

SS = 4
"""Supersampling factor for anti-aliased shapes."""
LETTER_CAP = 0.729


def pixel_size(dl: DisplayList, dpi: float) -> tuple[int, int]:
    """The image size in pixels of a card (bleed included) at `dpi`."""
    k = dpi / 25.4
    return (max(1, round((dl.width + 2 * dl.bleed) * k)),
            max(1, round((dl.height + 2 * dl.bleed) * k)))


def render(dl: DisplayList, dpi: float = 300) -> PILImage.Image:
    """Rasterise a card side: RGB for square-cornered cards; RGBA, transparent outside the
    card, for round ones and for rounded corners (`radius` in the layout's [card]; with
    bleed the image keeps its square bleed edge, which a print shop cuts away)."""
    size = pixel_size(dl, dpi)
    img = PILImage.new("RGBA", size, (255, 255, 255, 255))
    painter = _Painter(img, dpi / 25.4, dl.bleed)
    clip: ClipRound | None = None
    for op in dl.ops:
        if type(op) is ClipRound:
            clip = op
        else:
            painter.op(op)
    k, off = painter.k, painter.off
    if clip is not None:
        mask = _circle_mask(size, clip.cx * k + off, clip.cy * k + off, clip.r * k)
    elif dl.radius > 0 and dl.bleed == 0:
        mask = rounded_mask(size, dl.radius * k)
    else:
        return img.convert("RGB")
    img.putalpha(mask)
    return img


def transparent(dl: DisplayList) -> bool:
    """Whether `render` gives this side an alpha channel (RGBA), without drawing it."""
    return (dl.radius > 0 and dl.bleed == 0) or any(type(op) is ClipRound for op in dl.ops)


IMAGES_BUDGET = 256 * 1024 * 1024
"""Bytes of card images the worker processes may hold at once (`at_once`)."""


def at_once(dl: DisplayList, dpi: float) -> int:
    """How many images of this size the workers may draw at the same time within
    `IMAGES_BUDGET` (a 1200 dpi card is 50 MB, and drawing it takes about twice that)."""
    w, h = pixel_size(dl, dpi)
    return max(1, IMAGES_BUDGET // (2 * 4 * w * h))


def encoded(dl: DisplayList, dpi: float) -> bytes:
    """A card side rasterised at `dpi` and encoded as a PNG recording its DPI (what
    `--png` writes per card; a task for `toolkit.render.pool`)."""
    return png_bytes(render(dl, dpi), dpi)


@lru_cache(maxsize=4)
def rounded_mask(size: tuple[int, int], radius: float) -> PILImage.Image:
    """An anti-aliased alpha mask of a `size` rectangle with rounded corners (shared by
    every card of that size: not to be drawn on)."""
    w, h = size
    r = max(0, min(round(radius), w // 2, h // 2))
    mask = PILImage.new("L", size, 255)
    if r:
        for (x, y), tile in zip(((0, 0), (w - r, 0), (0, h - r), (w - r, h - r)),
                                _corners(r, 0.0), strict=True):
            mask.paste(tile, (x, y))
    return mask


def draw_label(image: PILImage.Image, x: float, y: float, text: str, face: str,
               px: float, fill: tuple[int, ...], max_width: float | None = None,
               anchor: str = "left") -> float:
    """One line of plain text with its top at y, left-aligned at x (or centred on x with
    `anchor="center"`): line breaks become spaces, each character is set in the font of
    the face's chain that has it, and the line is cut with an ellipsis at `max_width` px.
    Returns the width drawn."""
    text = " ".join(fonts.clean(text).split())

    def width(t: str) -> float:
        return sum(fonts.unit_width(f, r) for r, f in fonts.runs(t, face)) * px

    if max_width is not None and width(text) > max_width:
        while text and width(text + "…") > max_width:
            text = text[:-1]
        text += "…"
    total = width(text)
    cx = x - total / 2 if anchor == "center" else x
    baseline = y + fonts.ascent_descent(face)[0] * px
    for run, font in fonts.runs(text, face):
        draw_run(image, cx, baseline, run, font, round(px, 2), fill)
        cx += fonts.unit_width(font, run) * px
    return total


def draw_run(image: PILImage.Image, x: float, y: float, text: str, font: str, px: float,
             color: tuple[int, ...]) -> None:
    """A run of text in one font, its baseline starting at (x, y) px: each word where
    reportlab's metrics put it (as the PDF sets it), pasted from a cache of rendered words
    (`_word_tile`); a run in a script that needs shaping across words or right-to-left
    order (from Hebrew on) is drawn whole by raqm."""
    if fonts.RAQM and text and max(text) >= SHAPED_FROM:
        ImageDraw.Draw(image).text((x, y), text, font=fonts.pil_font(font, px), fill=color,
                                   anchor="ls", features=["-kern"])
        return
    ink = (*color[:3], 255)[:len(image.getbands())]
    baseline = round(y)
    for word, dx in _words(text, font, px):
        left, phase = divmod(round((x + dx) * PHASES), PHASES)
        tile, ox, oy = _word_tile(font, px, word, phase)
        at = (left + ox, baseline + oy)
        image.paste(ink, (*at, at[0] + tile.size[0], at[1] + tile.size[1]), tile)


@lru_cache(maxsize=256)
def _corners(radius: int, inner: float) -> tuple[PILImage.Image, ...]:
    """The four corner tiles of a rounded box, top-left, top-right, bottom-left,
    bottom-right: a quarter disc (minus a quarter disc of `inner` radius for outlines),
    anti-aliased, centred on the box's inner corner."""
    big = PILImage.new("L", (radius * SS, radius * SS), 0)
    d = ImageDraw.Draw(big)
    c = radius * SS
    d.ellipse([0, 0, 2 * c, 2 * c], fill=255)
    if inner > 0:
        ri = inner * SS
        d.ellipse([c - ri, c - ri, c + ri, c + ri], fill=0)
    tile = big.reduce(SS)
    return (tile, tile.transpose(PILImage.Transpose.FLIP_LEFT_RIGHT),
            tile.transpose(PILImage.Transpose.FLIP_TOP_BOTTOM),
            tile.transpose(PILImage.Transpose.ROTATE_180))


def _circle_mask(size: tuple[int, int], cx: float, cy: float, r: float) -> PILImage.Image:
    mask = PILImage.new("L", (size[0] * SS, size[1] * SS), 0)
    ImageDraw.Draw(mask).ellipse([(cx - r) * SS, (cy - r) * SS, (cx + r) * SS, (cy + r) * SS],
                                 fill=255)
    return mask.reduce(SS)


class _Painter:
    """Draws ops on one image; k = pixels per mm, off = bleed in pixels."""

    def __init__(self, img: PILImage.Image, k: float, bleed: float) -> None:
        self.img, self.k, self.off = img, k, bleed * k
        self.draw = ImageDraw.Draw(img)

    def px(self, v: float) -> float:
        return v * self.k + self.off

    def op(self, op: object) -> None:
        kind = type(op)
        if kind is Rect:
            self.rect(op)
        elif kind is Text:
            self.text(op)
        elif kind is Icon:
            self.icon(op)
        elif kind is Circle:
            self.circle(op)
        elif kind is Line:
            self.line(op)
        elif kind is Image:
            self.image(op)

    def masked(self, bbox: tuple[float, float, float, float], color: str,
               paint: Callable[[ImageDraw.ImageDraw, Callable[[float, float], tuple]], None]) -> None:
        """Paint `color` through an anti-aliased mask drawn by `paint` within `bbox` (px)."""
        x0, y0 = math.floor(bbox[0]) - 1, math.floor(bbox[1]) - 1
        x1, y1 = math.ceil(bbox[2]) + 1, math.ceil(bbox[3]) + 1
        w, h = x1 - x0, y1 - y0
        if w <= 0 or h <= 0:
            return
        mask = PILImage.new("L", (w * SS, h * SS), 0)

        def at(x: float, y: float) -> tuple[float, float]:
            return (x - x0) * SS, (y - y0) * SS

        paint(ImageDraw.Draw(mask), at)
        self.img.paste((*rgb(color), 255), (x0, y0, x1, y1), mask.reduce(SS))

    def rect(self, op: Rect) -> None:
        """Axis-aligned parts are filled directly; only rounded corners go through
        anti-aliased corner tiles (cheap even for a card-sized panel)."""
        x0, y0 = round(self.px(op.x)), round(self.px(op.y))
        x1, y1 = round(self.px(op.x + op.w)), round(self.px(op.y + op.h))
        r = op.radius * self.k
        if op.fill is not None and x1 > x0 and y1 > y0:
            radius = min(round(r), (x1 - x0) // 2, (y1 - y0) // 2)
            self._rounded(x0, y0, x1, y1, radius, 0.0, max(x1 - x0, y1 - y0), op.fill)
        if op.stroke is not None and op.stroke_width > 0:
            sw = op.stroke_width * self.k
            band = max(1, round(sw))
            half = band // 2
            ox0, oy0, ox1, oy1 = x0 - half, y0 - half, x0 - half + (x1 - x0) + band, \
                y0 - half + (y1 - y0) + band
            radius = min(round(r + band / 2), (ox1 - ox0) // 2, (oy1 - oy0) // 2) if r > 0 else 0
            self._rounded(ox0, oy0, ox1, oy1, radius, max(0.0, radius - band), band, op.stroke)

    def _rounded(self, x0: int, y0: int, x1: int, y1: int, radius: int, inner: float,
                 band: int, color: str) -> None:
        """Paint a rounded box (band = its depth from the edge: a ring when smaller than
        the box) from straight strips plus four anti-aliased corner tiles."""
        fill = rgb(color)
        w, h = x1 - x0, y1 - y0

        def draw(box: list[int], fill: tuple[int, int, int]) -> None:
            if box[2] >= box[0] and box[3] >= box[1]:
                self.draw.rectangle(box, fill=fill)

        if band * 2 >= min(w, h):  # solid
            draw([x0 + radius, y0, x1 - radius - 1, y1 - 1], fill=fill)
            if radius:
                draw([x0, y0 + radius, x0 + radius - 1, y1 - radius - 1], fill=fill)
                draw([x1 - radius, y0 + radius, x1 - 1, y1 - radius - 1], fill=fill)
        else:  # an outline band
            draw([x0 + radius, y0, x1 - radius - 1, y0 + band - 1], fill=fill)
            draw([x0 + radius, y1 - band, x1 - radius - 1, y1 - 1], fill=fill)
            draw([x0, y0 + radius, x0 + band - 1, y1 - radius - 1], fill=fill)
            draw([x1 - band, y0 + radius, x1 - 1, y1 - radius - 1], fill=fill)
        if radius <= 0:
            return
        tiles = _corners(radius, inner if band * 2 < min(w, h) else 0.0)
        color4 = (*fill, 255)
        for (x, y), mask in zip(((x0, y0), (x1 - radius, y0), (x0, y1 - radius),
                                 (x1 - radius, y1 - radius)), tiles, strict=True):
            self.img.paste(color4, (x, y, x + radius, y + radius), mask)

    def circle(self, op: Circle) -> None:
        cx, cy, r = self.px(op.cx), self.px(op.cy), op.r * self.k
        if op.fill is not None:
            self.masked((cx - r, cy - r, cx + r, cy + r), op.fill, lambda d, at: d.ellipse(
                [*at(cx - r, cy - r), *at(cx + r, cy + r)], fill=255))
        if op.stroke is not None and op.stroke_width > 0:
            sw = op.stroke_width * self.k
            ro = r + sw / 2
            self.masked((cx - ro, cy - ro, cx + ro, cy + ro), op.stroke, lambda d, at: d.ellipse(
                [*at(cx - ro, cy - ro), *at(cx + ro, cy + ro)], outline=255,
                width=max(1, round(sw * SS))))

    def line(self, op: Line) -> None:
        x0, y0, x1, y1 = self.px(op.x1), self.px(op.y1), self.px(op.x2), self.px(op.y2)
        sw = op.width * self.k
        self.masked((min(x0, x1) - sw, min(y0, y1) - sw, max(x0, x1) + sw, max(y0, y1) + sw),
                    op.color, lambda d, at: d.line([at(x0, y0), at(x1, y1)], fill=255,
                                                   width=max(1, round(sw * SS))))

    def text(self, op: Text) -> None:
        px = round(op.size / 72.0 * 25.4 * self.k, 2)
        color = rgb(op.color)
        for span in op.spans:
            draw_run(self.img, self.px(span.x), self.px(span.y), span.text, span.font, px,
                     color)
        for icon in op.icons:
            self.icon(icon)

    def icon(self, op: Icon) -> None:
        size = max(1, round(op.size * self.k))
        tile = _icon_tile(op.glyph, op.style, size)
        x = round(self.px(op.x + op.size / 2) - size / 2)
        y = round(self.px(op.y + op.size / 2) - size / 2)
        self.img.paste(tile, (x, y), tile)

    def image(self, op: Image) -> None:
        w, h = max(1, round(op.w * self.k)), max(1, round(op.h * self.k))
        src = art.printable(op.path)  # at most PRINT_PIXELS, whatever the file holds
        scale_x, scale_y = src.size[0] / art.pixel_size(op.path)[0], src.size[1] / art.pixel_size(op.path)[1]
        crop = (op.crop[0] * scale_x, op.crop[1] * scale_y, op.crop[2] * scale_x,
                op.crop[3] * scale_y)
        pic = src.convert("RGBA").resize((w, h), PILImage.Resampling.LANCZOS, box=crop)
        self.img.paste(pic, (round(self.px(op.x)), round(self.px(op.y))), pic)


SHAPED_FROM = "\u0590"
"""The first character (Hebrew) of the scripts drawn a span at a time: right-to-left
order and shaping across words need raqm to see the whole line."""
PHASES = 4
"""Sub-pixel positions a word is rendered at (quarters of a pixel), each cached apart."""


TILES_BUDGET = 32 * 1024 * 1024
"""Bytes of rendered words a process keeps (`_word_tile`), the least recently used
dropped first: a few thousand words at 300 dpi, a few hundred at 1200."""
_tiles: OrderedDict[tuple[str, float, str, int], tuple[PILImage.Image, int, int]] = OrderedDict()
_tiles_bytes = 0


def _word_tile(font: str, px: float, word: str, phase: int) -> tuple[PILImage.Image, int, int]:
    """A word's anti-aliased coverage at `px` (an "L" mask), drawn `phase / PHASES` px right
    of a pixel edge, with the offset of the mask's corner from the start of the word's
    baseline. FreeType renders every glyph of every call anew (about 4 µs each), and a
    deck's text repeats its words: rendered once, a word is pasted wherever it recurs."""
    global _tiles_bytes
    key = (font, px, word, phase)
    found = _tiles.get(key)
    if found is not None:
        _tiles.move_to_end(key)
        return found
    pil = fonts.pil_font(font, px)
    shift = phase / PHASES
    extra = {"features": ["-kern"]} if fonts.RAQM else {}
    left, top, right, bottom = pil.getbbox(word, anchor="ls", **extra)
    x0, y0 = math.floor(left + shift) - 1, math.floor(top) - 1
    tile = PILImage.new("L", (math.ceil(right + shift) + 1 - x0, math.ceil(bottom) + 1 - y0), 0)
    ImageDraw.Draw(tile).text((shift - x0, -y0), word, font=pil, fill=255, anchor="ls", **extra)
    _tiles[key] = found = (tile, x0, y0)
    _tiles_bytes += tile.size[0] * tile.size[1]
    while _tiles_bytes > TILES_BUDGET:
        old, _, _ = _tiles.popitem(last=False)[1]
        _tiles_bytes -= old.size[0] * old.size[1]
    return found


def _words(text: str, font: str, px: float) -> list[tuple[str, float]]:
    """Words of a span with their x offsets by reportlab's metrics, as the PDF sets them."""
    out, x = [], 0.0
    for i, word in enumerate(text.split(" ")):
        if i:
            x += fonts.unit_width(font, " ") * px
        if word:
            out.append((word, x))
        x += fonts.unit_width(font, word) * px
    return out


@lru_cache(maxsize=512)
def _icon_tile(glyph: str, style: str, size: int) -> PILImage.Image:
    """An icon rasterised at `size` px square (RGBA), anti-aliased."""
    big = size * SS
    tile = PILImage.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    for s in icons.icon_shapes(glyph, style):
        color = (*rgb(s.color), 255)
        pts = [(x * big, y * big) for x, y in s.points]
        if s.kind == "poly":
            d.polygon(pts, fill=color)
        elif s.kind == "circle":
            (cx, cy), r = pts[0], s.r * big
            if s.width > 0:
                w = s.width * big
                d.ellipse([cx - r - w / 2, cy - r - w / 2, cx + r + w / 2, cy + r + w / 2],
                          outline=color, width=max(1, round(w)))
            else:
                d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=color)
        elif s.kind == "line":
            w = s.width * big
            if s.closed:
                pts = [*pts, pts[0], pts[1]]
            d.line(pts, fill=color, width=max(1, round(w)), joint="curve")
            if not s.closed:
                for x, y in (pts[0], pts[-1]):
                    d.ellipse([x - w / 2, y - w / 2, x + w / 2, y + w / 2], fill=color)
        elif s.kind == "text":
            cap = s.r * big
            font = fonts.pil_font("VeraBd", round(cap / LETTER_CAP, 2))
            d.text((pts[0][0], pts[0][1] + cap / 2), s.text, font=font, fill=color, anchor="ms")
    return tile.reduce(SS)
