"""Imposition: cards on A4/Letter pages as a centred grid, with bleed, cut marks, duplex
backs mirrored for long- or short-edge flipping (plus a per-printer offset), a footer
with a 50 mm scale bar on every page, and a two-page duplex calibration sheet.

Positions are in millimetres from the page's top-left inside this module; the returned
`PageInfo` placements are PDF points (origin bottom-left) so tests can measure them.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from toolkit.render import fonts, pdf, sizes
from toolkit.render.display import DisplayList
from toolkit.render.output import write_bytes
from toolkit.render.units import MM

GUIDE = (0.45, 0.45, 0.45)
MARK_LEN = 4.0
MARK_OFFSET = 1.0
FOOTER = 5.0
"""Height of the footer band in mm."""
SCALE_BAR = 50.0


@dataclass(frozen=True)
class SheetOptions:
    """How cards go on paper. Lengths in mm; `back_offset` = (x right, y down) on backs."""

    paper: str = "a4"
    margin: float = 5.0
    gap: float | None = None
    """Space between cards; None: 0 for rectangular cards, 2 mm for round tokens."""
    bleed: float = 0.0
    cut_marks: str = "corners"
    """`corners` (marks outside the cards), `lines` (guides through the gaps), `none`."""
    backs: bool = False
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    orientation: str = "auto"
    """`auto` picks whichever of portrait/landscape holds more cards."""


@dataclass(frozen=True)
class Grid:
    """A page's card grid: trim boxes of `card_w` × `card_h` mm from (`left`, `top`)."""

    page_w: float
    page_h: float
    cols: int
    rows: int
    card_w: float
    card_h: float
    bleed: float
    gap: float
    left: float
    top: float

    @property
    def per_page(self) -> int:
        """Cards per page."""
        return self.cols * self.rows

    @property
    def landscape(self) -> bool:
        """Whether the page is landscape."""
        return self.page_w > self.page_h

    @property
    def pitch(self) -> tuple[float, float]:
        """Distance between neighbouring trim boxes (x, y)."""
        return (self.card_w + 2 * self.bleed + self.gap, self.card_h + 2 * self.bleed + self.gap)

    def slot(self, index: int) -> tuple[float, float]:
        """Top-left of slot `index`'s trim box (row-major)."""
        row, col = divmod(index, self.cols)
        return self.left + col * self.pitch[0], self.top + row * self.pitch[1]

    def back_slot(self, index: int, flip: str = "long",
                  offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
        """Top-left of the trim box on the back page that lies behind front slot `index`."""
        x, y = self.slot(index)
        if mirror_x(self.landscape, flip):
            x = self.page_w - x - self.card_w
        else:
            y = self.page_h - y - self.card_h
        return x + offset[0], y + offset[1]

    def block(self) -> tuple[float, float, float, float]:
        """The grid's outer box with bleed: (x0, y0, x1, y1)."""
        x0, y0 = self.left - self.bleed, self.top - self.bleed
        return (x0, y0, x0 + self.cols * self.pitch[0] - self.gap,
                y0 + self.rows * self.pitch[1] - self.gap)


@dataclass(frozen=True)
class Placement:
    """One card on a page: index into the card sequence, trim box in PDF points."""

    card: int
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class PageInfo:
    """A written page: number (1-based), side, size in points, card placements."""

    number: int
    side: str
    width: float
    height: float
    placements: tuple[Placement, ...]


def mirror_x(landscape: bool, flip: str) -> bool:
    """Whether backs mirror left↔right (else top↔bottom) for this page and flip edge."""
    if flip not in ("long", "short"):
        raise ValueError(f"flip must be 'long' or 'short', not {flip!r}")
    return (flip == "long") != landscape


def make_grid(card_w: float, card_h: float, paper: str = "a4", margin: float = 5.0,
              gap: float = 0.0, bleed: float = 0.0, orientation: str = "auto") -> Grid:
    """The centred grid holding the most cards; ValueError when not even one fits."""
    pw, ph = sizes.paper_size(paper)
    options = {"portrait": (pw, ph), "landscape": (ph, pw)}
    if orientation != "auto":
        if orientation not in options:
            raise ValueError("orientation must be auto, portrait or landscape")
        options = {orientation: options[orientation]}
    best: Grid | None = None
    for page_w, page_h in options.values():
        sw, sh = card_w + 2 * bleed, card_h + 2 * bleed
        cols = int(math.floor((page_w - 2 * margin + gap) / (sw + gap) + 1e-9))
        rows = int(math.floor((page_h - 2 * margin + gap) / (sh + gap) + 1e-9))
        if cols < 1 or rows < 1:
            continue
        block_w, block_h = cols * (sw + gap) - gap, rows * (sh + gap) - gap
        grid = Grid(page_w, page_h, cols, rows, card_w, card_h, bleed, gap,
                    (page_w - block_w) / 2 + bleed, (page_h - block_h) / 2 + bleed)
        if best is None or grid.per_page > best.per_page:
            best = grid
    if best is None:
        raise ValueError(f"a {card_w:g}×{card_h:g} mm card (bleed {bleed:g} mm) does not fit "
                         f"on {paper} paper with {margin:g} mm margins")
    return best


def _points(grid: Grid, x: float, y: float) -> tuple[float, float]:
    """Trim top-left (mm from page top-left) → bottom-left in PDF points."""
    return x * MM, (grid.page_h - y - grid.card_h) * MM


def write_pdf(path: Path, deck: str, fronts: Sequence[DisplayList],
              backs: Sequence[DisplayList] | None = None,
              options: SheetOptions = SheetOptions()) -> list[PageInfo]:
    """Impose `fronts` (and, with `options.backs`, the parallel `backs`) into a PDF.

    Cards of different sizes are imposed in separate runs of pages. Returns every page
    with its placements. The file is deterministic and written atomically."""
    fonts.register()
    with_backs = options.backs and backs is not None
    runs = _runs(fronts, options)
    total = sum(math.ceil(len(idx) / grid.per_page) for grid, idx in runs) * (2 if with_backs else 1)
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1, pageCompression=1)
    c.setTitle(deck)
    c.setCreator("toolkit pnp")
    c.setAuthor("")
    pages: list[PageInfo] = []
    for grid, indices in runs:
        label = sizes.describe(grid.card_w, grid.card_h, fronts[indices[0]].round)
        for start in range(0, len(indices), grid.per_page):
            chunk = indices[start:start + grid.per_page]
            pages.append(_front_page(c, grid, chunk, fronts, options, deck, label,
                                     len(pages) + 1, total))
            if with_backs:
                pages.append(_back_page(c, grid, chunk, backs, options, deck, label,
                                        len(pages) + 1, total))
    c.save()
    write_bytes(path, buffer.getvalue())
    return pages


def _runs(cards: Sequence[DisplayList], options: SheetOptions) -> list[tuple[Grid, list[int]]]:
    groups: dict[tuple[float, float, bool], list[int]] = {}
    for i, dl in enumerate(cards):
        groups.setdefault((round(dl.width, 3), round(dl.height, 3), dl.round), []).append(i)
    runs = []
    for (w, h, round_), idx in groups.items():
        gap = options.gap if options.gap is not None else (2.0 if round_ else 0.0)
        runs.append((make_grid(w, h, options.paper, options.margin, gap, options.bleed,
                               options.orientation), idx))
    return runs


def _front_page(c: Canvas, grid: Grid, chunk: list[int], cards: Sequence[DisplayList],
                options: SheetOptions, deck: str, label: str, number: int, total: int) -> PageInfo:
    c.setPageSize((grid.page_w * MM, grid.page_h * MM))
    if options.cut_marks == "lines":
        _cut_lines(c, grid, len(chunk))
    placements = []
    for slot, card in enumerate(chunk):
        x, y = grid.slot(slot)
        pdf.draw(c, cards[card], x * MM, (grid.page_h - y) * MM)
        placements.append(Placement(card, *_points(grid, x, y), grid.card_w * MM, grid.card_h * MM))
    if options.cut_marks != "none":
        if options.cut_marks == "corners" and not cards[chunk[0]].round:
            _corner_marks(c, grid, len(chunk))
        for slot, card in enumerate(chunk):
            if cards[card].round:
                _circle_guide(c, grid, *grid.slot(slot))
    _footer(c, grid, f"{deck} · page {number}/{total} · {label} · fronts",
            _marks(options, cards[chunk[0]]))
    c.showPage()
    return PageInfo(number, "front", grid.page_w * MM, grid.page_h * MM, tuple(placements))


def _back_page(c: Canvas, grid: Grid, chunk: list[int], backs: Sequence[DisplayList],
               options: SheetOptions, deck: str, label: str, number: int, total: int) -> PageInfo:
    c.setPageSize((grid.page_w * MM, grid.page_h * MM))
    placements = []
    for slot, card in enumerate(chunk):
        x, y = grid.back_slot(slot, options.flip, options.back_offset)
        pdf.draw(c, backs[card], x * MM, (grid.page_h - y) * MM)
        placements.append(Placement(card, *_points(grid, x, y), grid.card_w * MM, grid.card_h * MM))
    flip = f"backs: flip on the {options.flip} edge"
    _footer(c, grid, f"{deck} · page {number}/{total} · {label} · {flip}",
            _marks(options, backs[chunk[0]]))
    c.showPage()
    return PageInfo(number, "back", grid.page_w * MM, grid.page_h * MM, tuple(placements))


def _marks(options: SheetOptions, card: DisplayList) -> str:
    """The cut marks actually drawn beside the grid (round tokens get circles instead)."""
    return "none" if card.round else options.cut_marks


def _edges(grid: Grid, count: int) -> tuple[list[float], list[float]]:
    """The x and y cut positions (mm) of the used part of the grid."""
    xs, ys = set(), set()
    for slot in range(count):
        x, y = grid.slot(slot)
        xs.update((round(x, 4), round(x + grid.card_w, 4)))
        ys.update((round(y, 4), round(y + grid.card_h, 4)))
    return sorted(xs), sorted(ys)


def _line(c: Canvas, grid: Grid, x1: float, y1: float, x2: float, y2: float) -> None:
    c.line(x1 * MM, (grid.page_h - y1) * MM, x2 * MM, (grid.page_h - y2) * MM)


def _cut_lines(c: Canvas, grid: Grid, count: int) -> None:
    """Thin guides along every cut, under the cards (visible in margins and gaps), kept
    clear of the footer."""
    xs, ys = _edges(grid, count)
    band = FOOTER + 3.5
    bottom = footer_at_bottom(grid, "lines")
    c.saveState()
    c.setStrokeColorRGB(*GUIDE)
    c.setLineWidth(0.25)
    for x in xs:
        _line(c, grid, x, 0, x, grid.page_h - (band if bottom else 0))
    for y in ys:
        _line(c, grid, 0 if bottom else band, y, grid.page_w, y)
    c.restoreState()


def _corner_marks(c: Canvas, grid: Grid, count: int) -> None:
    """Marks at every cut position outside the grid, and at card corners in wide gaps.
    (Round tokens get circle guides instead.)"""
    xs, ys = _edges(grid, count)
    b = grid.bleed
    x0, y0, x1, y1 = xs[0] - b, ys[0] - b, xs[-1] + b, ys[-1] + b  # the used part of the grid
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.3)
    band = FOOTER + 3.5
    at_bottom = footer_at_bottom(grid, "corners")
    top_room, right_room = y0 - 1.0, grid.page_w - x1 - 1.0
    bottom_room = grid.page_h - y1 - (band if at_bottom else 1.0)
    left_room = x0 - (1.0 if at_bottom else band)
    for x in xs:
        for start, room, sign in ((y0, top_room, -1), (y1, bottom_room, 1)):
            length = min(MARK_LEN, room - MARK_OFFSET)
            if length >= 1.5:
                a = start + sign * MARK_OFFSET
                _line(c, grid, x, a, x, a + sign * length)
    for y in ys:
        for start, room, sign in ((x0, left_room, -1), (x1, right_room, 1)):
            length = min(MARK_LEN, room - MARK_OFFSET)
            if length >= 1.5:
                a = start + sign * MARK_OFFSET
                _line(c, grid, a, y, a + sign * length, y)
    if grid.gap >= 2.0:
        arm = min(MARK_LEN, grid.gap / 2 - 0.3)
        for slot in range(count):
            x, y = grid.slot(slot)
            for cx, cy, sx, sy in ((x, y, -1, -1), (x + grid.card_w, y, 1, -1),
                                   (x, y + grid.card_h, -1, 1),
                                   (x + grid.card_w, y + grid.card_h, 1, 1)):
                _line(c, grid, cx + sx * (b + 0.3), cy, cx + sx * (b + 0.3 + arm), cy)
                _line(c, grid, cx, cy + sy * (b + 0.3), cx, cy + sy * (b + 0.3 + arm))
    c.restoreState()


def _circle_guide(c: Canvas, grid: Grid, x: float, y: float) -> None:
    """A thin circle on the cut line of a round token."""
    c.saveState()
    c.setStrokeColorRGB(*GUIDE)
    c.setLineWidth(0.35)
    r = grid.card_w / 2
    c.circle((x + r) * MM, (grid.page_h - y - r) * MM, r * MM, stroke=1, fill=0)
    c.restoreState()


def footer_at_bottom(grid: Grid, cut_marks: str) -> bool:
    """Whether the footer goes under the grid (else along the left edge, where there is
    more room: Letter portrait with poker cards leaves only 7.7 mm below)."""
    x0, _, _, y1 = grid.block()
    marks = MARK_OFFSET + MARK_LEN if cut_marks == "corners" else 0.0
    bottom, side = grid.page_h - y1 - marks, x0 - marks
    return bottom >= FOOTER + 3.0 or bottom >= side


def _footer(c: Canvas, grid: Grid, text: str, cut_marks: str) -> None:
    """Deck, page n/m, card size and a labelled 50 mm scale bar: at the bottom, or along
    the left edge (reading upwards) when the bottom is too tight."""
    c.saveState()
    if footer_at_bottom(grid, cut_marks):
        length = grid.page_w - 10.0
        c.translate(5.0 * MM, 3.0 * MM)
    else:
        length = grid.page_h - 10.0
        c.translate((3.0 + FOOTER) * MM, 5.0 * MM)
        c.rotate(90)
    _footer_band(c, text, length)
    c.restoreState()


def _footer_band(c: Canvas, text: str, length: float) -> None:
    """The footer in a local band `length` mm wide, FOOTER mm tall, origin bottom-left."""
    size = 6.0
    c.setFillColorRGB(0.25, 0.25, 0.25)
    c.setStrokeColorRGB(0.25, 0.25, 0.25)
    label = "50 mm · print at 100%"
    bar_x = length - SCALE_BAR
    label_w = fonts.unit_width("Vera", label) * size / MM
    room = bar_x - label_w - 4.0
    c.setFont("Vera", size)
    while text and fonts.unit_width("Vera", text) * size / MM > room:
        text = text[:-2] + "…"
    c.drawString(0, 1.0 * MM, text)
    c.drawRightString((bar_x - 2.0) * MM, 1.0 * MM, label)
    c.setLineWidth(0.5)
    base = 1.2 * MM
    c.line(bar_x * MM, base, length * MM, base)
    for i in range(0, int(SCALE_BAR) + 1, 10):
        tick = 2.2 if i in (0, int(SCALE_BAR)) else 1.4
        c.line((bar_x + i) * MM, base, (bar_x + i) * MM, base + tick * MM)


def calibrate(paper: str, out_path: Path, flip: str = "long") -> list[PageInfo]:
    """Write a two-page duplex alignment sheet: crosshairs and rulers on the front, the
    same crosshairs mirrored on the back with ±5 mm scales. Printed double-sided and
    held against a light, the front cross shows through on the back scales: read the
    x and y there and pass them as the back offset."""
    from toolkit.render import calibration

    return calibration.write(paper, Path(out_path), flip)
