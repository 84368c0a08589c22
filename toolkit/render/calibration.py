"""The duplex calibration sheet: find a printer's back-page offset once, reuse it.

Page 1 has crosshairs and millimetre rulers; page 2 has the same crosshairs where the
backs of cards would land (mirrored for the flip edge) with ±5 mm scales around them.
Printed double-sided at 100 % and held against a light, each front cross shows through
on a back scale: the x and y read there are the `back_offset` to use (x right, y down,
as seen on the back).
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from toolkit.render import fonts, sizes
from toolkit.render.output import write_bytes
from toolkit.render.sheet import PageInfo, Placement, _footer_band, mirror_x
from toolkit.render.units import MM

INSET = 30.0
CROSS = 10.0


def marks(paper: str) -> list[tuple[float, float]]:
    """Crosshair centres on the front (mm from the page's top-left): centre and corners."""
    w, h = sizes.paper_size(paper)
    return [(w / 2, h / 2), (INSET, INSET), (w - INSET, INSET), (INSET, h - INSET),
            (w - INSET, h - INSET)]


def back_marks(paper: str, flip: str = "long") -> list[tuple[float, float]]:
    """Where the front crosshairs fall on the back page (portrait paper)."""
    w, h = sizes.paper_size(paper)
    if mirror_x(False, flip):
        return [(w - x, y) for x, y in marks(paper)]
    return [(x, h - y) for x, y in marks(paper)]


def write(paper: str, out_path: Path, flip: str = "long") -> list[PageInfo]:
    """Write the two-page calibration PDF atomically; returns both pages, each mark as a
    12 mm placement centred on its crosshair."""
    fonts.register()
    w, h = sizes.paper_size(paper)
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(w * MM, h * MM), invariant=1)
    c.setTitle(f"Duplex calibration ({paper})")
    c.setCreator("toolkit pnp")
    c.setAuthor("")
    pages = []
    for number, (side, points) in enumerate((("front", marks(paper)),
                                             ("back", back_marks(paper, flip))), start=1):
        _page(c, w, h, side, points, flip)
        placements = tuple(Placement(i, (x - CROSS) * MM, (h - y - CROSS) * MM,
                                     2 * CROSS * MM, 2 * CROSS * MM)
                           for i, (x, y) in enumerate(points))
        pages.append(PageInfo(number, side, w * MM, h * MM, placements))
    c.save()
    write_bytes(Path(out_path), buffer.getvalue())
    return pages


def _page(c: Canvas, w: float, h: float, side: str, points: list[tuple[float, float]],
          flip: str) -> None:
    def at(x: float, y: float) -> tuple[float, float]:
        return x * MM, (h - y) * MM

    c.setFont("VeraBd", 12)
    c.drawCentredString(*at(w / 2, 14), f"Duplex calibration · {side} · flip on the {flip} edge")
    c.setFont("Vera", 8)
    lines = (["Print both pages double-sided at 100 % (no 'fit to page').",
              "Then hold the sheet against a light and turn it over."] if side == "front" else
             ["Where each front cross shows through, read x on the horizontal scale",
              "and y on the vertical scale (mm, x right, y down): that is your back offset,",
              "e.g. pnp print … --back-offset 1.5,-0.5. The five crosses should agree."])
    for i, text in enumerate(lines):
        c.drawCentredString(*at(w / 2, 20 + 4 * i), text)
    c.setLineWidth(0.3)
    for x, y in points:
        c.setStrokeColorRGB(0, 0, 0) if side == "front" else c.setStrokeColorRGB(0.8, 0.1, 0.1)
        c.line(*at(x - CROSS, y), *at(x + CROSS, y))
        c.line(*at(x, y - CROSS), *at(x, y + CROSS))
        c.circle(*at(x, y), 3 * MM, stroke=1, fill=0)
        if side == "back":
            _scales(c, at, x, y)
    if side == "front":
        _rulers(c, at, w, h)
    c.saveState()
    c.translate(5 * MM, 3 * MM)
    _footer_band(c, f"calibration · {paper_label(w, h)} · page {1 if side == 'front' else 2}/2",
                 w - 10)
    c.restoreState()
    c.showPage()


def paper_label(w: float, h: float) -> str:
    """The paper's name from its size."""
    for name, (pw, ph) in sizes.PAPERS.items():
        if abs(pw - w) < 0.1 and abs(ph - h) < 0.1:
            return name.upper() if name == "a4" else name.title()
    return f"{w:g}×{h:g} mm"


def _scales(c: Canvas, at, x: float, y: float) -> None:
    """±5 mm scales (0.5 mm ticks) right of/below a back crosshair's centre."""
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.2)
    c.setFont("Vera", 3.5)
    base_y, base_x = y + 8.0, x + 8.0  # horizontal scale below, vertical scale right
    c.line(*at(x - 5, base_y), *at(x + 5, base_y))
    c.line(*at(base_x, y - 5), *at(base_x, y + 5))
    for i in range(-10, 11):
        v = i / 2
        tick = 2.0 if i % 4 == 0 else 1.4 if i % 2 == 0 else 0.8
        c.line(*at(x + v, base_y), *at(x + v, base_y - tick))
        c.line(*at(base_x, y + v), *at(base_x - tick, y + v))
        if i % 4 == 0:
            c.drawCentredString(*at(x + v, base_y + 1.8), f"{int(v)}")
            c.drawString(*at(base_x + 0.6, y + v + 0.6), f"{int(v)}")


def _rulers(c: Canvas, at, w: float, h: float) -> None:
    """Millimetre rulers along the top and left edges (check the print scale)."""
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.2)
    c.setFont("Vera", 4)
    for mm in range(0, int(w - 20) + 1):
        tick = 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.0
        c.line(*at(10 + mm, 48), *at(10 + mm, 48 - tick))
        if mm % 10 == 0:
            c.drawCentredString(*at(10 + mm, 44), str(mm))
    for mm in range(0, int(h - 75) + 1):
        tick = 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.0
        c.line(*at(10, 55 + mm), *at(10 + tick, 55 + mm))
        if mm % 10 == 0:
            c.drawString(*at(13.5, 55 + mm + 1.2), str(mm))
