"""Posters: one drawing larger than the paper (a battlefield, a board), tiled over pages.

`write_poster` draws one `DisplayList` (mm, origin top-left) at 100% over as few pages as
the paper allows, in whichever orientation needs fewer. Neighbouring tiles share an
overlap strip: each tile prints the first `overlap` mm of the next one to its right and
below, bounded by a dashed line. To assemble, cut a tile along its left/top dashed line
(where it has one) and lay it over its neighbour's strip so the ⊕ alignment marks, drawn
in the drawing's own coordinates and so printed on both tiles, sit on top of each other.
Each page's footer names the tile (row and column of the whole), and carries the project's
50 mm scale bar so the print scale can be checked. A drawing that fits is one page, with
no strips and no marks. Nothing is drawn within `margin` mm of a paper edge: the drawing's
window and the footer band (FOOTER mm, 2 mm below the window) both stay inside it.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from toolkit.render import fonts, pdf, sizes
from toolkit.render.display import DisplayList
from toolkit.render.output import write_bytes
from toolkit.render.sheet import FOOTER, PageInfo, Placement, _footer_band
from toolkit.render.units import MM

MARK_RADIUS = 2.5
"""Radius (mm) of an alignment mark ⊕."""
STRIP = (0.35, 0.35, 0.35)


@dataclass(frozen=True)
class Tiling:
    """How a drawing of `width` × `height` mm goes on pages: `cols` × `rows` tiles whose
    printable windows are `window` (w, h) mm, stepping by `window - overlap`."""

    page_w: float
    page_h: float
    cols: int
    rows: int
    window: tuple[float, float]
    overlap: float
    margin: float

    @property
    def pages(self) -> int:
        """Number of pages (tiles)."""
        return self.cols * self.rows

    def origin(self, col: int, row: int) -> tuple[float, float]:
        """Top-left of tile (col, row) in the drawing's coordinates (mm)."""
        step_w, step_h = self.window[0] - self.overlap, self.window[1] - self.overlap
        return col * step_w, row * step_h


def _count(length: float, window: float, overlap: float) -> int:
    """Tiles needed to cover `length` with windows of `window` overlapping by `overlap`."""
    if length <= window + 1e-9:
        return 1
    return 1 + math.ceil((length - window) / (window - overlap) - 1e-9)


def plan(width: float, height: float, paper: str = "a4", margin: float = 5.0,
         overlap: float = 10.0) -> Tiling:
    """The tiling with the fewest pages (portrait first on a tie); ValueError when the
    paper leaves no room for a window larger than the overlap."""
    pw, ph = sizes.paper_size(paper)
    best: Tiling | None = None
    for page_w, page_h in ((pw, ph), (ph, pw)):
        window = (page_w - 2 * margin, page_h - 2 * margin - FOOTER - 2.0)
        if min(window) <= 2 * overlap:
            raise ValueError(f"{paper} paper with {margin:g} mm margins leaves no room for "
                             f"a {overlap:g} mm overlap")
        cols, rows = _count(width, window[0], overlap), _count(height, window[1], overlap)
        if cols * rows == 1:  # one page: the window is the drawing, centred later
            window = (width, height)
        tiling = Tiling(page_w, page_h, cols, rows, window, overlap, margin)
        if best is None or tiling.pages < best.pages:
            best = tiling
    assert best is not None
    return best


def write_poster(path: Path, title: str, drawing: DisplayList, *, paper: str = "a4",
                 margin: float = 5.0, overlap: float = 10.0) -> list[PageInfo]:
    """Tile `drawing` over pages of `paper` at 100% and write the PDF atomically.

    Returns one `PageInfo` per page; its one placement is the drawing's origin on that
    page (PDF points, bottom-left origin) and the tile window's size."""
    fonts.register()
    tiling = plan(drawing.width, drawing.height, paper, margin, overlap)
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setCreator("toolkit pnp")
    c.setAuthor("")
    pages = []
    for row in range(tiling.rows):
        for col in range(tiling.cols):
            pages.append(_page(c, tiling, drawing, col, row, title, len(pages) + 1))
    c.save()
    write_bytes(Path(path), buffer.getvalue())
    return pages


def _page(c: Canvas, t: Tiling, drawing: DisplayList, col: int, row: int, title: str,
          number: int) -> PageInfo:
    """One tile: the clipped drawing, its strips and marks, and the footer."""
    c.setPageSize((t.page_w * MM, t.page_h * MM))
    ox, oy = t.origin(col, row)
    win_w = min(t.window[0], drawing.width - ox)
    win_h = min(t.window[1], drawing.height - oy)
    if t.pages == 1:  # centred in the space above the footer
        left = (t.page_w - win_w) / 2
        top = max(t.margin, (t.page_h - FOOTER - 2.0 - win_h) / 2)
    else:
        left, top = t.margin, t.margin
    # drawing coordinates (mm, y down) → page points: x' = left + (x - ox), y' = top + (y - oy)
    dx, dy = (left - ox) * MM, (t.page_h - top + oy) * MM
    c.saveState()
    p = c.beginPath()
    p.rect(left * MM, (t.page_h - top - win_h) * MM, win_w * MM, win_h * MM)
    c.clipPath(p, stroke=0, fill=0)
    pdf.draw(c, drawing, dx, dy, clip=False)
    if t.pages > 1:
        _strips_and_marks(c, t, drawing, col, row, dx, dy)
    c.restoreState()
    if t.pages > 1:
        where = (f"tile {_tile_name(col, row)} (row {row + 1}/{t.rows}, column {col + 1}/"
                 f"{t.cols}) · cut on the dashed line, align the crosshairs")
    else:
        where = f"{drawing.width:g}×{drawing.height:g} mm"
    _footer(c, t, f"{title} · page {number}/{t.pages} · {where}")
    c.showPage()
    return PageInfo(number, "front", t.page_w * MM, t.page_h * MM,
                    (Placement(0, dx, dy, win_w * MM, win_h * MM),))


def _strips_and_marks(c: Canvas, t: Tiling, drawing: DisplayList, col: int, row: int,
                      dx: float, dy: float) -> None:
    """Dashed lines where each overlap strip begins and ⊕ marks inside every strip, in the
    drawing's coordinates so both tiles print them at the same place."""
    step_w, step_h = t.window[0] - t.overlap, t.window[1] - t.overlap
    c.saveState()
    c.translate(dx, dy)
    c.setStrokeColorRGB(*STRIP)
    c.setLineWidth(0.4)
    c.setDash(2 * MM, 1.5 * MM)
    # vertical strips between column k-1 and k span x in [k*step_w, k*step_w + overlap]
    for k in range(1, t.cols):
        x = k * step_w
        c.line(x * MM, 0, x * MM, -drawing.height * MM)
    for k in range(1, t.rows):
        y = k * step_h
        c.line(0, -y * MM, drawing.width * MM, -y * MM)
    c.setDash()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.3)
    for k in range(1, t.cols):
        cx = k * step_w + t.overlap / 2
        for frac in (0.25, 0.75):
            for r in range(t.rows):
                _mark(c, cx, (r * step_h + frac * min(t.window[1], drawing.height - r * step_h)))
    for k in range(1, t.rows):
        cy = k * step_h + t.overlap / 2
        for frac in (0.25, 0.75):
            for q in range(t.cols):
                _mark(c, q * step_w + frac * min(t.window[0], drawing.width - q * step_w), cy)
    c.restoreState()


def _tile_name(col: int, row: int) -> str:
    """A tile's name as on a map: row letter, column number (A1, A2, B1...)."""
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{col + 1}"


def _mark(c: Canvas, x: float, y: float) -> None:
    """An alignment mark ⊕ centred at drawing point (x, y) mm, white-backed to stay
    visible on dark ground."""
    r = MARK_RADIUS
    c.setFillColorRGB(1, 1, 1)
    c.circle(x * MM, -y * MM, r * MM, stroke=1, fill=1)
    c.line((x - r - 1) * MM, -y * MM, (x + r + 1) * MM, -y * MM)
    c.line(x * MM, -(y - r - 1) * MM, x * MM, -(y + r + 1) * MM)


def _footer(c: Canvas, t: Tiling, text: str) -> None:
    """The footer band just inside the bottom margin (nothing closer to an edge than the
    margin): what the page is, fitted or wrapped by `_footer_band`, and the scale bar."""
    c.saveState()
    c.translate(t.margin * MM, t.margin * MM)
    _footer_band(c, text, t.page_w - 2 * t.margin)
    c.restoreState()
