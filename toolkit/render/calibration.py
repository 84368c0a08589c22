"""The duplex calibration sheet: check a printer's flip edge and find its back-page offset.

Page 1 has four lettered corner marks (A B / C D, each its own shape), a centre cross,
millimetre rulers and the instructions; page 2 has the same marks where the backs of cards
would land for the chosen flip edge (mirrored), each with ±5 mm scales, and a heading
"THIS SIDE UP ↑".

Printed double-sided at 100 % and turned over the chosen edge, the heading reads upright
and, held against a light, every front mark shows through behind the back mark with the
same letter and shape: the x and y read on its scales are the `back_offset` (x right,
y down, as seen on the back). If the printer flips on the other edge, the back comes out
turned by 180°: the heading is upside down and behind A lies D, behind B lies C, which
the instructions on both pages say to fix with the other `--flip`.

The scales read X along the paper's short side and Y along its long side, whatever the
orientation: `--landscape` lays both pages out landscape (as a print whose pages are
landscape goes through the viewer and printer) and labels each scale with its letter
through `sheet.page_offset`, so what is read there is exactly what `pnp print` turns
back into a shift on landscape pages.
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from toolkit.render import pdf, sizes
from toolkit.render.output import write_bytes
from toolkit.render.sheet import PageInfo, Placement, _footer_band, mirror_x, page_offset
from toolkit.render.units import MM

INSET = 30.0
CROSS = 10.0
MARGIN = 5.0
"""Nothing is drawn closer to a paper edge (the README's stated unprintable strip)."""
LABELS = ("E", "A", "B", "C", "D")
"""The marks' letters: the centre, then top-left, top-right, bottom-left, bottom-right."""
SHAPES = {"A": "circle", "B": "square", "C": "triangle", "D": "diamond", "E": "cross"}
"""Each letter's own shape, so a mismatch shows even without reading the letters."""


def page_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    """The sheet's page (width, height) in mm: the paper, turned when `landscape`."""
    w, h = sizes.paper_size(paper)
    return (h, w) if landscape else (w, h)


def marks(paper: str, landscape: bool = False) -> list[tuple[float, float]]:
    """Mark centres on the front (mm from the page's top-left): centre, then the corners
    A (top-left), B (top-right), C (bottom-left), D (bottom-right)."""
    w, h = page_size(paper, landscape)
    return [(w / 2, h / 2), (INSET, INSET), (w - INSET, INSET), (INSET, h - INSET),
            (w - INSET, h - INSET)]


def behind(paper: str, x: float, y: float, printer_flip: str,
           landscape: bool = False) -> tuple[float, float]:
    """Where a point printed at (x, y) on the back page (as the back is read) lands behind
    the front page, when the printer turns the sheet over its `printer_flip` edge."""
    w, h = page_size(paper, landscape)
    return (w - x, y) if mirror_x(landscape, printer_flip) else (x, h - y)


def back_marks(paper: str, flip: str = "long", landscape: bool = False) -> list[tuple[float, float]]:
    """Where the back marks go so that each lies behind its front mark when the printer
    flips on `flip`."""
    return [behind(paper, x, y, flip, landscape) for x, y in marks(paper, landscape)]


def scale_axes(landscape: bool) -> tuple[tuple[str, int], tuple[str, int]]:
    """What the back marks' scales read: for the level scale (page x) and the upright one
    (page y), the offset's letter and the sign from page mm to its value, derived from
    `page_offset` so the sheet and the print agree."""
    axes = []
    for along in (0, 1):  # page x, then page y
        for letter, unit in (("X", (1.0, 0.0)), ("Y", (0.0, 1.0))):
            shift = page_offset(unit, landscape)[along]
            if shift:
                axes.append((letter, int(shift)))
    return axes[0], axes[1]


def other(flip: str) -> str:
    """The other flip edge."""
    return "short" if flip == "long" else "long"


def write(paper: str, out_path: Path, flip: str = "long",
          landscape: bool = False) -> list[PageInfo]:
    """Write the two-page calibration PDF atomically (landscape pages with `landscape`);
    returns both pages, each mark as a 2 × CROSS mm placement centred on it (card index =
    position in `LABELS`)."""
    w, h = page_size(paper, landscape)
    buffer = io.BytesIO()
    c = pdf.new_canvas(buffer, f"Duplex calibration ({paper})")
    c.setPageSize((w * MM, h * MM))
    pages = []
    sides = (("front", marks(paper, landscape)), ("back", back_marks(paper, flip, landscape)))
    for number, (side, points) in enumerate(sides, start=1):
        _page(c, w, h, side, points, flip, paper, landscape)
        placements = tuple(Placement(i, (x - CROSS) * MM, (h - y - CROSS) * MM,
                                     2 * CROSS * MM, 2 * CROSS * MM, side)
                           for i, (x, y) in enumerate(points))
        pages.append(PageInfo(number, side, w * MM, h * MM, placements))
    c.save()
    write_bytes(Path(out_path), buffer.getvalue())
    return pages


def instructions(side: str, flip: str, landscape: bool = False) -> list[str]:
    """The lines printed on each page."""
    how = "like the pages of a book" if flip == "long" else "like a wall calendar"
    if side == "front":
        return [f"Print both pages double-sided at 100 % (no 'fit to page'), set to flip on the "
                f"{flip} edge.",
                f"Turn the sheet over its {flip} edge ({how}): the back must read "
                "'THIS SIDE UP' the right way up.",
                "Hold it against a light: behind each lettered mark must lie the same letter "
                "and shape.",
                f"Upside down, or A behind D and B behind C? The printer flips on the "
                f"{other(flip)} edge: use --flip {other(flip)}."]
    (level, _), (upright, _) = scale_axes(landscape)
    how_read = ("mm, x right, y down" if not landscape else
                f"mm: {upright} on the upright scale, {level} on the level one, as numbered")
    return [f"Turned over the {flip} edge, this heading reads upright. Upside down? Your printer "
            f"flips on the {other(flip)} edge: print with --flip {other(flip)}.",
            "Against a light, read on each mark's scales where the front mark shows through "
            f"({how_read}):",
            "that is your back offset, e.g. pnp print … --back-offset 1.5,-0.5. The five "
            "marks should agree."]


def _page(c: Canvas, w: float, h: float, side: str, points: list[tuple[float, float]],
          flip: str, paper: str, landscape: bool) -> None:
    def at(x: float, y: float) -> tuple[float, float]:
        return x * MM, (h - y) * MM

    c.setFillColorRGB(0, 0, 0)
    if side == "front":
        c.setFont("VeraBd", 12)
        c.drawCentredString(*at(w / 2, 14), f"Duplex calibration · front · flip on the {flip} edge")
    else:
        heading = "↑ THIS SIDE UP ↑"
        pdf.draw_line(c, *at(w / 2 - pdf.text_width(heading, "VeraBd", 16) / MM / 2, 16),
                      heading, "VeraBd", 16)
        c.setFont("VeraBd", 9)
        c.drawCentredString(*at(w / 2, 22), f"Duplex calibration · back · flip on the {flip} edge")
    c.setFont("Vera", 7)
    for i, text in enumerate(instructions(side, flip, landscape)):  # between the centre and C/D marks
        c.drawCentredString(*at(w / 2, h / 2 + 24 + 3.6 * i), text)
    for label, (x, y) in zip(LABELS, points, strict=True):
        if side == "front":
            c.setStrokeColorRGB(0, 0, 0)
            c.setFillColorRGB(0, 0, 0)
        else:
            c.setStrokeColorRGB(0.8, 0.1, 0.1)
            c.setFillColorRGB(0.8, 0.1, 0.1)
        _mark(c, at, x, y, label)
        if side == "back":
            _scales(c, at, x, y, landscape)
    if side == "front":
        _rulers(c, at, w, h)
    c.saveState()
    c.translate(MARGIN * MM, MARGIN * MM)
    turned = " landscape" if landscape else ""
    _footer_band(c, f"calibration · {sizes.paper_label(paper)}{turned} · flip on the {flip} "
                    f"edge · page {1 if side == 'front' else 2}/2", w - 2 * MARGIN)
    c.restoreState()
    c.showPage()


def _mark(c: Canvas, at, x: float, y: float, label: str) -> None:
    """A crosshair with the letter's own shape around its centre and the letter beside it."""
    c.setLineWidth(0.3)
    c.line(*at(x - CROSS, y), *at(x + CROSS, y))
    c.line(*at(x, y - CROSS), *at(x, y + CROSS))
    shape, r = SHAPES[label], 3.0
    path = c.beginPath()
    if shape == "circle":
        c.circle(*at(x, y), r * MM, stroke=1, fill=0)
    elif shape == "square":
        c.rect(*at(x - r, y + r), 2 * r * MM, 2 * r * MM, stroke=1, fill=0)
    elif shape in ("triangle", "diamond"):
        pts = ([(x, y - r * 1.2), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
               if shape == "triangle" else [(x, y - r * 1.2), (x + r * 1.2, y), (x, y + r * 1.2),
                                            (x - r * 1.2, y)])
        path.moveTo(*at(*pts[0]))
        for p in pts[1:]:
            path.lineTo(*at(*p))
        path.close()
        c.drawPath(path, stroke=1, fill=0)
    c.setFont("VeraBd", 9)
    c.drawString(*at(x - CROSS + 0.5, y - 1.5), label)


def _scales(c: Canvas, at, x: float, y: float, landscape: bool = False) -> None:
    """±5 mm scales (0.5 mm ticks) right of/below a back mark's centre, numbered in the
    offset's frame (`scale_axes`) and each marked with its letter."""
    (level, level_sign), (upright, upright_sign) = scale_axes(landscape)
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
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
            c.drawCentredString(*at(x + v, base_y + 1.8), f"{int(v * level_sign)}")
            c.drawString(*at(base_x + 0.6, y + v + 0.6), f"{int(v * upright_sign)}")
    c.setFont("VeraBd", 4)
    c.drawString(*at(x + 5.8, base_y + 0.6), level)
    c.drawCentredString(*at(base_x, y + 7.0), upright)


def _rulers(c: Canvas, at, w: float, h: float) -> None:
    """Millimetre rulers along the top and left (check the print scale)."""
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
