"""Reportlab drawings as PNG images with Pillow, without a native renderer.

reportlab's own bitmap renderer (renderPM) needs a native backend (rlPyCairo or
rl_renderPM) this project does not install, so this module walks a `Drawing` with
reportlab's own renderer base (same state tracking, transforms and chart expansion) and
paints each primitive with Pillow: rectangles, lines, polylines, polygons, circles,
ellipses, paths and wedges (as polygons) and strings (the same Vera TTF files the PDF
embeds). Drawing at `SUPERSAMPLE` times the size and shrinking gives smooth edges.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw
from reportlab.graphics.renderbase import Renderer, StateTracker, getStateDelta
from reportlab.graphics.shapes import Drawing
from reportlab.pdfbase.pdfmetrics import stringWidth

from toolkit.render import fonts

SUPERSAMPLE = 3


def _rgba(color: Any, opacity: float | None) -> tuple[int, int, int, int] | None:
    """A reportlab colour (or None) as an RGBA tuple."""
    if color is None:
        return None
    alpha = getattr(color, "alpha", 1.0)
    if opacity is not None:
        alpha *= opacity
    return (round(color.red * 255), round(color.green * 255), round(color.blue * 255),
            round(alpha * 255))


def _face(name: str) -> str:
    """The Vera face standing in for a reportlab font name."""
    lowered = name.lower()
    if name in fonts.FILES:
        return name
    if "bold" in lowered:
        return "VeraBI" if "oblique" in lowered or "italic" in lowered else "VeraBd"
    if "oblique" in lowered or "italic" in lowered:
        return "VeraIt"
    return "Vera"


class _PillowRenderer(Renderer):
    """reportlab's renderer base painting onto a Pillow image (see the module docstring)."""

    def __init__(self, image: Image.Image, scale: float, height: float) -> None:
        self.image = image
        self.draw_ = ImageDraw.Draw(image, "RGBA")
        self.scale = scale
        self.height = height

    # state ---------------------------------------------------------------
    def draw(self, drawing: Drawing, canvas: Any = None, x: float = 0, y: float = 0,
             showBoundary: Any = None) -> None:
        self._tracker = StateTracker(defaultObj=drawing)
        self._canvas = None
        self._drawing = drawing
        drawing._parent = None
        try:
            self.drawNode(drawing)
        finally:
            del self._tracker, self._drawing, drawing._parent

    def drawNode(self, node: Any) -> None:
        self._tracker.push(getStateDelta(node))
        try:
            self.drawNodeDispatcher(node)
        finally:
            self._tracker.pop()

    def applyStateChanges(self, delta: Any, newState: Any) -> None:
        pass

    def _state(self) -> dict:
        return self._tracker.getState()

    def _points(self, coords: list[float]) -> list[tuple[float, float]]:
        a, b, c, d, e, f = self._state()["ctm"]
        k, h = self.scale, self.height
        out = []
        for i in range(0, len(coords), 2):
            x, y = coords[i], coords[i + 1]
            out.append(((a * x + c * y + e) * k, (h - (b * x + d * y + f)) * k))
        return out

    def _width(self) -> int:
        s = self._state()
        a, b = s["ctm"][0], s["ctm"][1]
        return max(1, round((s["strokeWidth"] or 0) * math.hypot(a, b) * self.scale))

    def _paint(self, coords: list[float], closed: bool) -> None:
        s = self._state()
        points = self._points(coords)
        if len(points) < 2:
            return
        fill = _rgba(s["fillColor"], s.get("fillOpacity")) if closed else None
        stroke = _rgba(s["strokeColor"], s.get("strokeOpacity"))
        if fill is not None and fill[3] and len(points) >= 3:
            self.draw_.polygon(points, fill=fill)
        if stroke is not None and stroke[3] and s["strokeWidth"]:
            line = points + [points[0]] if closed else points
            self.draw_.line(line, fill=stroke, width=self._width(), joint="curve")

    # primitives ----------------------------------------------------------
    def drawRect(self, rect: Any) -> None:
        x, y, w, h = rect.x, rect.y, rect.width, rect.height
        self._paint([x, y, x + w, y, x + w, y + h, x, y + h], True)

    def drawLine(self, line: Any) -> None:
        self._paint([line.x1, line.y1, line.x2, line.y2], False)

    def drawPolyLine(self, p: Any) -> None:
        self._paint(list(p.points), False)

    def drawPolygon(self, p: Any) -> None:
        self._paint(list(p.points), True)

    def drawEllipse(self, ellipse: Any) -> None:
        self._paint(_oval(ellipse.cx, ellipse.cy, ellipse.rx, ellipse.ry), True)

    def drawCircle(self, circle: Any) -> None:
        self._paint(_oval(circle.cx, circle.cy, circle.r, circle.r), True)

    def drawString(self, string: Any) -> None:
        s = self._state()
        fill = _rgba(s["fillColor"], s.get("fillOpacity"))
        if fill is None or not string.text:
            return
        size = s["fontSize"]
        anchor = s["textAnchor"]
        width = stringWidth(string.text, s["fontName"], size)
        x = string.x - {"end": width, "middle": width / 2}.get(anchor, 0.0)
        a, b, c, d, _, _ = s["ctm"]
        px_size = size * math.hypot(c, d) * self.scale
        if px_size < 1:
            return
        font = fonts.pil_font(_face(s["fontName"]), round(px_size))
        (ox, oy), = self._points([x, string.y])
        angle = math.degrees(math.atan2(b, a))
        ascent = font.getmetrics()[0]
        if abs(angle) < 0.01:
            self.draw_.text((ox, oy - ascent), string.text, font=font, fill=fill)
            return
        # rotated text: drawn flat with its baseline start at the centre of a square
        # layer, turned about that centre, pasted back with the centre on the anchor
        half = round(font.getlength(string.text)) + 2
        layer = Image.new("RGBA", (2 * half, 2 * half), (0, 0, 0, 0))
        ImageDraw.Draw(layer).text((half, half - ascent), string.text, font=font, fill=fill)
        turned = layer.rotate(angle, resample=Image.BICUBIC)
        dx, dy = round(ox) - half, round(oy) - half
        self.image.alpha_composite(turned, (max(0, dx), max(0, dy)), (max(0, -dx), max(0, -dy)))


def _oval(cx: float, cy: float, rx: float, ry: float, steps: int = 48) -> list[float]:
    coords = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        coords += [cx + rx * math.cos(t), cy + ry * math.sin(t)]
    return coords


def to_image(drawing: Drawing, dpi: float = 144) -> Image.Image:
    """The drawing as an RGB image at ``dpi`` (a drawing's units are points, 72 per inch)."""
    fonts.register()
    scale = dpi / 72 * SUPERSAMPLE
    size = (max(1, round(drawing.width * scale)), max(1, round(drawing.height * scale)))
    image = Image.new("RGBA", size, (255, 255, 255, 255))
    _PillowRenderer(image, scale, drawing.height).draw(drawing)
    final = (max(1, round(drawing.width * dpi / 72)), max(1, round(drawing.height * dpi / 72)))
    return image.resize(final, Image.LANCZOS).convert("RGB")
