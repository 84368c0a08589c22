"""Small SVG primitives every game's picture uses (`Svg`), and cards drawn as printed.

A picture is one `<svg>` element built with `Svg`: rectangles, circles, lines, text and
groups moved by `group(dx, dy)`. Every text is data, never markup: `esc` escapes it (and
drops the characters XML cannot hold), so a badge called `<script>` shows as written.

`Svg.card(fields, layout, x, y, width)` draws a card exactly as the print does: the
layout's display list (`toolkit.render.display.evaluate`, ops in mm) turned into SVG,
with the same colours, the icons as small PNG tiles and the art as a downscaled PNG
(`ART_PIXELS` on its long side), both embedded as ``data:`` URIs, so a picture needs no
network and no file beside it. A card is drawn once as a `<symbol>` and placed with
`<use>`: inside `shared_defs()` (a replay file, a playtest page) every picture of the
document shares one set of symbols (`Defs.markup()` writes them once); outside it each
`Svg` carries its own `<defs>`, so `Svg.markup()` is always a complete picture.

Text in cards uses the printed font sizes with local font families only (DejaVu Sans,
then the browser's sans-serif): no font is fetched.

`card_faces(mapping)` lets the caller say how each card name prints (the fields of the
loaded decks, art included); a picture asks `face(name)` and falls back to fields it
builds from the engine's state when the name is unknown.
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from toolkit.render.display import (
    Circle,
    ClipRound,
    DisplayList,
    Icon,
    Image,
    Line,
    Rect,
    Text,
    evaluate,
)
from toolkit.render.layout import Layout

ART_PIXELS = 160
"""The long side, in pixels, of art embedded in a picture (small: a replay holds many)."""
ICON_PIXELS = 48
"""The side, in pixels, of an icon tile embedded in a picture."""
MAX_CACHED_CARDS = 2048
"""Cards kept drawn (symbol markup by layout and fields) between pictures."""
FONT_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"
"""Local fonts only: the browser never fetches one."""

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def esc(text: object) -> str:
    """`text` as SVG/HTML character data or attribute value: `& < > " '` escaped and the
    characters XML cannot hold replaced by U+FFFD."""
    value = _NOT_XML.sub("\ufffd", str(text))
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def num(value: float) -> str:
    """A coordinate as short text: 2 decimals at most, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# ---------------------------------------------------------------- shared definitions

class Defs:
    """Symbols (cards) by id, in the order first used; `markup` writes them once."""

    def __init__(self) -> None:
        self.symbols: dict[str, str] = {}

    def add(self, symbol_id: str, markup: str) -> None:
        """Keep a symbol (the first markup given for an id is kept)."""
        self.symbols.setdefault(symbol_id, markup)

    def markup(self) -> str:
        """A hidden `<svg>` holding every symbol, for the top of an HTML page."""
        return ('<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
                f"<defs>{''.join(self.symbols.values())}</defs></svg>")


_SHARED: ContextVar[Defs | None] = ContextVar("replay_defs", default=None)
_FACES: ContextVar[Mapping[str, Mapping[str, Any]] | None] = ContextVar("replay_faces",
                                                                         default=None)


@contextmanager
def shared_defs() -> Iterator[Defs]:
    """While open, every `Svg` puts its card symbols in one `Defs` (yielded): write its
    `markup()` once in the page, before or after the pictures."""
    defs = Defs()
    token = _SHARED.set(defs)
    try:
        yield defs
    finally:
        _SHARED.reset(token)


@contextmanager
def card_faces(faces: Mapping[str, Mapping[str, Any]]) -> Iterator[None]:
    """While open, `face(name)` answers from `faces` (card name → printed fields)."""
    token = _FACES.set(faces)
    try:
        yield
    finally:
        _FACES.reset(token)


def face(name: str) -> Mapping[str, Any] | None:
    """The printed fields of the card called `name`, if the caller gave them."""
    faces = _FACES.get()
    return None if faces is None else faces.get(name)


# ---------------------------------------------------------------- the builder

class Svg:
    """One picture: `width` × `height` user units (pixels at scale 1), drawn in order."""

    def __init__(self, width: float, height: float, background: str | None = "#f4f1ea",
                 label: str = "") -> None:
        self.width, self.height = width, height
        self.parts: list[str] = []
        shared = _SHARED.get()
        self.defs = shared if shared is not None else Defs()
        self.own_defs = shared is None
        self.label = label
        if background:
            self.rect(0, 0, width, height, fill=background)

    # -- shapes
    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None,
             stroke: str | None = None, stroke_width: float = 1.0, rx: float = 0.0,
             opacity: float = 1.0, dash: str = "") -> None:
        """A rectangle (rounded by `rx`)."""
        self.parts.append(
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(max(w, 0))}" '
            f'height="{num(max(h, 0))}"{_paint(fill, stroke, stroke_width)}'
            f'{_opt("rx", rx)}{_opacity(opacity)}{_dash(dash)}/>')

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None,
               stroke: str | None = None, stroke_width: float = 1.0,
               opacity: float = 1.0) -> None:
        """A circle by centre and radius."""
        self.parts.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(max(r, 0))}"'
                          f'{_paint(fill, stroke, stroke_width)}{_opacity(opacity)}/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, color: str = "#333333",
             width: float = 1.0, dash: str = "") -> None:
        """A straight stroke."""
        self.parts.append(f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" '
                          f'y2="{num(y2)}" stroke="{esc(color)}" '
                          f'stroke-width="{num(width)}"{_dash(dash)}/>')

    def text(self, x: float, y: float, text: object, size: float = 12,
             fill: str = "#222222", anchor: str = "start", bold: bool = False,
             italic: bool = False, max_chars: int | None = None) -> None:
        """One line of text with its baseline at y (`anchor` start, middle or end);
        `max_chars` cuts a long one with an ellipsis."""
        value = " ".join(str(text).split())
        if max_chars is not None and len(value) > max_chars:
            value = value[:max(1, max_chars - 1)] + "…"
        weight = ' font-weight="bold"' if bold else ""
        style = ' font-style="italic"' if italic else ""
        self.parts.append(f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" '
                          f'font-family="{esc(FONT_FAMILY)}" fill="{esc(fill)}" '
                          f'text-anchor="{esc(anchor)}"{weight}{style}>{esc(value)}</text>')

    def title(self, text: object) -> None:
        """A tooltip for the enclosing group (or the whole picture)."""
        self.parts.append(f"<title>{esc(text)}</title>")

    @contextmanager
    def group(self, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0,
              opacity: float = 1.0, cls: str = "", data: Mapping[str, str] | None = None
              ) -> Iterator[Svg]:
        """Everything drawn inside is moved by (dx, dy) and scaled; `cls` and `data`
        (``data-*`` attributes) let a page find the group (clickable pieces)."""
        move = f"translate({num(dx)} {num(dy)})" + (f" scale({num(scale)})"
                                                     if scale != 1 else "")
        extra = f' class="{esc(cls)}"' if cls else ""
        for key, value in (data or {}).items():
            extra += f' data-{esc(key)}="{esc(value)}"'
        self.parts.append(f'<g transform="{move}"{_opacity(opacity)}{extra}>')
        try:
            yield self
        finally:
            self.parts.append("</g>")

    # -- cards
    def card(self, face_fields: Mapping[str, Any], layout: Layout, x: float, y: float,
             width: float, side: str = "front", opacity: float = 1.0,
             rotate: float = 0.0) -> float:
        """Draw a card as printed (`side` front or back) with its top-left at (x, y),
        `width` units wide; returns its height. `rotate` (degrees, about its centre)
        turns it (an exhausted card)."""
        symbol_id, w_mm, h_mm = card_symbol(face_fields, layout, side, self.defs)
        height = width * h_mm / w_mm
        turn = ""
        if rotate:
            turn = (f' transform="rotate({num(rotate)} {num(x + width / 2)} '
                    f'{num(y + height / 2)})"')
        self.parts.append(f'<use href="#{symbol_id}" x="{num(x)}" y="{num(y)}" '
                          f'width="{num(width)}" height="{num(height)}"'
                          f'{turn}{_opacity(opacity)}/>')
        return height

    def markup(self) -> str:
        """The picture as one `<svg>` element."""
        defs = f"<defs>{''.join(self.defs.symbols.values())}</defs>" if self.own_defs else ""
        label = f' aria-label="{esc(self.label)}"' if self.label else ""
        return (f'<svg viewBox="0 0 {num(self.width)} '
                f'{num(self.height)}" width="{num(self.width)}" height="{num(self.height)}"'
                f' role="img"{label}>{defs}{"".join(self.parts)}</svg>')


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    out = f' fill="{esc(fill) if fill else "none"}"'
    if stroke:
        out += f' stroke="{esc(stroke)}" stroke-width="{num(width)}"'
    return out


def _opt(name: str, value: float) -> str:
    return f' {name}="{num(value)}"' if value else ""


def _opacity(value: float) -> str:
    return f' opacity="{num(value)}"' if value < 1 else ""


def _dash(dash: str) -> str:
    return f' stroke-dasharray="{esc(dash)}"' if dash else ""


# ---------------------------------------------------------------- display list → SVG

_CARDS: dict[tuple, tuple[str, str, float, float, Layout]] = {}
"""(symbol id, markup, width, height, the layout: kept so its id stays unique)."""


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple | set | frozenset):
        return tuple(_freeze(v) for v in value)
    return str(value) if value is not None else None


def card_symbol(face_fields: Mapping[str, Any], layout: Layout, side: str,
                defs: Defs) -> tuple[str, float, float]:
    """The id of the card's `<symbol>` in `defs` (added when new) and its size in mm."""
    key = (id(layout), side, _freeze(face_fields))
    got = _CARDS.get(key)
    if got is None:
        dl = evaluate(layout, face_fields, side)
        body = display_svg(dl)
        symbol_id = "card-" + hashlib.sha1(body.encode("utf-8")).hexdigest()[:12]
        body = body.replace("@ID@", symbol_id)
        markup = (f'<symbol id="{symbol_id}" viewBox="0 0 {num(dl.width)} '
                  f'{num(dl.height)}">{body}</symbol>')
        if len(_CARDS) >= MAX_CACHED_CARDS:
            _CARDS.pop(next(iter(_CARDS)))
        got = _CARDS[key] = (symbol_id, markup, dl.width, dl.height, layout)
    defs.add(got[0], got[1])
    return got[0], got[2], got[3]


def display_svg(dl: DisplayList) -> str:
    """A display list's ops as SVG elements in mm (a round card clipped by a clip path
    whose id is ``@ID@-clip``: the caller puts its symbol id in place of ``@ID@``)."""
    out: list[str] = []
    clipped = False
    if dl.radius > 0 and not dl.round:
        out.append(f'<clipPath id="@ID@-clip"><rect width="{num(dl.width)}" '
                   f'height="{num(dl.height)}" rx="{num(dl.radius)}"/></clipPath>'
                   '<g clip-path="url(#@ID@-clip)">')
        clipped = True
    for op in dl.ops:
        kind = type(op)
        if kind is ClipRound:
            if not clipped:
                out.append(f'<clipPath id="@ID@-clip"><circle cx="{num(op.cx)}" '
                           f'cy="{num(op.cy)}" r="{num(op.r)}"/></clipPath>'
                           '<g clip-path="url(#@ID@-clip)">')
                clipped = True
        elif kind is Rect:
            out.append(f'<rect x="{num(op.x)}" y="{num(op.y)}" width="{num(op.w)}" '
                       f'height="{num(op.h)}"{_paint(op.fill, op.stroke, op.stroke_width)}'
                       f'{_opt("rx", op.radius)}/>')
        elif kind is Circle:
            out.append(f'<circle cx="{num(op.cx)}" cy="{num(op.cy)}" r="{num(op.r)}"'
                       f'{_paint(op.fill, op.stroke, op.stroke_width)}/>')
        elif kind is Line:
            out.append(f'<line x1="{num(op.x1)}" y1="{num(op.y1)}" x2="{num(op.x2)}" '
                       f'y2="{num(op.y2)}" stroke="{esc(op.color)}" '
                       f'stroke-width="{num(op.width)}"/>')
        elif kind is Text:
            out.extend(_text(op))
        elif kind is Icon:
            out.append(_icon(op))
        elif kind is Image:
            out.append(_image(op))
    if clipped:
        out.append("</g>")
    return "".join(out)


def _text(op: Text) -> list[str]:
    size = op.size * 25.4 / 72  # points → mm
    out = []
    for span in op.spans:
        font = span.font.casefold()
        weight = ' font-weight="bold"' if "bold" in font or "bd" in font else ""
        style = ' font-style="italic"' if "italic" in font or "oblique" in font else ""
        family = "'DejaVu Serif', serif" if "serif" in font and "sans" not in font \
            else FONT_FAMILY
        out.append(f'<text x="{num(span.x)}" y="{num(span.y)}" font-size="{num(size)}" '
                   f'font-family="{esc(family)}" fill="{esc(op.color)}"{weight}{style} '
                   f'xml:space="preserve">{esc(span.text)}</text>')
    out.extend(_icon(icon) for icon in op.icons)
    return out


_TILES: dict[tuple[str, str], str] = {}


def _icon(op: Icon) -> str:
    uri = _TILES.get((op.glyph, op.style))
    if uri is None:
        from toolkit.render.png import _icon_tile  # noqa: PLC0415  (the print's own tiles)

        uri = _TILES[(op.glyph, op.style)] = png_uri(_icon_tile(op.glyph, op.style,
                                                                ICON_PIXELS))
    return (f'<image x="{num(op.x)}" y="{num(op.y)}" width="{num(op.size)}" '
            f'height="{num(op.size)}" href="{uri}"/>')


_ART: dict[tuple, str] = {}


def _image(op: Image) -> str:
    key = (op.path, op.crop, round(op.w, 2), round(op.h, 2))
    uri = _ART.get(key)
    if uri is None:
        from PIL import Image as PILImage  # noqa: PLC0415

        from toolkit.render import art  # noqa: PLC0415

        try:
            full = art.pixel_size(op.path)
            src = art.printable(op.path)
        except (OSError, art.ArtProblem):
            return (f'<rect x="{num(op.x)}" y="{num(op.y)}" width="{num(op.w)}" '
                    f'height="{num(op.h)}" fill="#eeeeee"/>')
        sx, sy = src.size[0] / full[0], src.size[1] / full[1]
        crop = (op.crop[0] * sx, op.crop[1] * sy, op.crop[2] * sx, op.crop[3] * sy)
        long_side = max(op.w, op.h) or 1
        size = (max(1, round(ART_PIXELS * op.w / long_side)),
                max(1, round(ART_PIXELS * op.h / long_side)))
        pic = src.convert("RGBA").resize(size, PILImage.Resampling.LANCZOS, box=crop)
        if len(_ART) >= MAX_CACHED_CARDS:
            _ART.pop(next(iter(_ART)))
        uri = _ART[key] = png_uri(pic)
    return (f'<image x="{num(op.x)}" y="{num(op.y)}" width="{num(op.w)}" '
            f'height="{num(op.h)}" preserveAspectRatio="none" href="{uri}"/>')


def png_uri(image: Any) -> str:
    """A Pillow image as a ``data:image/png;base64,…`` URI (the same bytes every time)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
