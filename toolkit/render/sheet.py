"""Imposition: cards on pages of any paper (sizes.py) as a centred grid, with bleed, cut marks, duplex
backs mirrored for long- or short-edge flipping (plus a per-printer offset) or a
fold-and-glue page (fronts and their backs side by side, a fold line between), and a
footer with a 50 mm scale bar on every page (its text shrinks, then wraps to a second
line, rather than being cut).

A back offset is measured on the portrait calibration sheet: X along the paper's short
side, Y along its long side, as the back is read. On a landscape page the sheet is turned
(its top along the paper's left edge, as printers turn landscape pages), so the offset is
turned with it (`page_offset`): X runs down the landscape page and Y right to left.

Nothing is drawn within `margin` mm of a paper edge (5 mm by default: most printers cannot
print the outer 3-5 mm): not the cards, not the footer, scale bar, cut marks or fold line.
The grid keeps a footer band free on both opposite sides, so that mirrored duplex backs
line up with their fronts and every page has room for its footer.

Positions are in millimetres from the page's top-left inside this module; the returned
`PageInfo` placements are PDF points (origin bottom-left) so tests can measure them, and
`furniture` lists what was drawn besides the cards (mm from the top-left).
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
FOOTER_ROOM = FOOTER + 1.0
"""Band kept free of cards for the footer (band + 1 mm), on both opposite sides."""
SCALE_BAR = 50.0
FOLD_CLEAR = 3.0
"""Distance from the fold line to the nearest card edge (bleed included)."""
MIN_MARK = 1.2
"""Cut marks shorter than this are left out."""


@dataclass(frozen=True)
class SheetOptions:
    """How cards go on paper. Lengths in mm; `back_offset` = (x right, y down) on backs."""

    paper: str = "a4"
    margin: float = 5.0
    """The printer's unprintable strip: nothing is drawn closer to an edge."""
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
    fold: bool = False
    """Fold-and-glue: each card's back beside its front, mirrored across a fold line."""
    stamp: str = ""
    """Appended to every footer (the proof's version and input stamp)."""


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
    margin: float = 5.0
    footer: str = "bottom"
    """Where the footer goes: `bottom` (reading across) or `left` (reading upwards)."""
    fold: bool = False

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
        """Top-left of the trim box on the back page that lies behind front slot `index`
        (on a fold page: the box mirrored across the fold line)."""
        x, y = self.slot(index)
        if self.fold or mirror_x(self.landscape, flip):
            x = self.page_w - x - self.card_w
        else:
            y = self.page_h - y - self.card_h
        return x + offset[0], y + offset[1]

    def block(self) -> tuple[float, float, float, float]:
        """The grid's outer box with bleed: (x0, y0, x1, y1)."""
        x0, y0 = self.left - self.bleed, self.top - self.bleed
        return (x0, y0, x0 + self.cols * self.pitch[0] - self.gap,
                y0 + self.rows * self.pitch[1] - self.gap)

    def footer_band(self) -> tuple[float, float, float, float]:
        """The footer's box (x0, y0, x1, y1), inside the margin."""
        m = self.margin
        if self.footer == "bottom":
            return m, self.page_h - m - FOOTER, self.page_w - m, self.page_h - m
        return m, m, m + FOOTER, self.page_h - m

    def free(self) -> tuple[float, float, float, float]:
        """The area marks may use: inside the margin (by half a line's width, so a
        stroke's edge never crosses it), clear of the footer band."""
        m = self.margin + 0.25
        x0, y0, x1, y1 = m, m, self.page_w - m, self.page_h - m
        if self.footer == "bottom":
            y1 -= FOOTER_ROOM
        else:
            x0 += FOOTER_ROOM
        return x0, y0, x1, y1


@dataclass(frozen=True)
class Placement:
    """One card on a page: index into the card sequence, trim box in PDF points, side."""

    card: int
    x: float
    y: float
    w: float
    h: float
    side: str = "front"


@dataclass(frozen=True)
class PageInfo:
    """A written page: number (1-based), side (`front`, `back` or `fold`), size in points,
    card placements, and the furniture drawn besides the cards as (what, x0, y0, x1, y1)
    in mm from the page's top-left."""

    number: int
    side: str
    width: float
    height: float
    placements: tuple[Placement, ...]
    furniture: tuple[tuple[str, float, float, float, float], ...] = ()


def page_offset(offset: tuple[float, float], landscape: bool) -> tuple[float, float]:
    """A back offset (X, Y) in the calibration sheet's portrait frame → (right, down) on
    the page as drawn: unchanged on a portrait page; on a landscape page (the paper turned
    a quarter clockwise to read it) X points down the page and Y to the left."""
    x, y = offset
    return (-y, x) if landscape else (x, y)


def mirror_x(landscape: bool, flip: str) -> bool:
    """Whether backs mirror left↔right (else top↔bottom) for this page and flip edge."""
    if flip not in ("long", "short"):
        raise ValueError(f"flip must be 'long' or 'short', not {flip!r}")
    return (flip == "long") != landscape


def make_grid(card_w: float, card_h: float, paper: str = "a4", margin: float = 5.0,
              gap: float = 0.0, bleed: float = 0.0, orientation: str = "auto",
              fold: bool = False) -> Grid:
    """The centred grid holding the most cards, clear of the margin and of a footer band
    on both opposite sides (bottom and top, or left and right); with `fold`, the left half
    of the page only (the backs take the right half). ValueError when not even one fits."""
    pw, ph = sizes.paper_size(paper)
    options = {"portrait": (pw, ph), "landscape": (ph, pw)}
    if orientation != "auto":
        if orientation not in options:
            raise ValueError("orientation must be auto, portrait or landscape")
        options = {orientation: options[orientation]}
    sw, sh = card_w + 2 * bleed, card_h + 2 * bleed
    best: Grid | None = None
    for page_w, page_h in options.values():
        for footer in ("bottom", "left"):
            if fold and footer == "left":
                continue
            room_w = page_w - 2 * margin - (2 * FOOTER_ROOM if footer == "left" else 0)
            room_h = page_h - 2 * margin - (2 * FOOTER_ROOM if footer == "bottom" else 0)
            if fold:
                room_w = page_w / 2 - margin - FOLD_CLEAR
            cols = int(math.floor((room_w + gap) / (sw + gap) + 1e-9))
            rows = int(math.floor((room_h + gap) / (sh + gap) + 1e-9))
            if cols < 1 or rows < 1:
                continue
            block_w, block_h = cols * (sw + gap) - gap, rows * (sh + gap) - gap
            left = (page_w - block_w) / 2 + bleed
            if fold:  # centred in the left half, between the margin and the fold
                left = margin + (room_w - block_w) / 2 + bleed
            grid = Grid(page_w, page_h, cols, rows, card_w, card_h, bleed, gap, left,
                        (page_h - block_h) / 2 + bleed, margin, footer, fold)
            if best is None or grid.per_page > best.per_page:
                best = grid
    if best is None:
        layout = "half a page (fold-and-glue)" if fold else f"{paper} paper"
        raise ValueError(f"a {card_w:g}×{card_h:g} mm card (bleed {bleed:g} mm) does not fit "
                         f"on {layout} with {margin:g} mm margins and a footer")
    return best


def _points(grid: Grid, x: float, y: float) -> tuple[float, float]:
    """Trim top-left (mm from page top-left) → bottom-left in PDF points."""
    return x * MM, (grid.page_h - y - grid.card_h) * MM


class _Page:
    """Drawing helpers for one page: lines in mm from the top-left, gathered and stroked
    together by `flush` (in the colour set before), each recorded as furniture."""

    def __init__(self, c: Canvas, grid: Grid) -> None:
        self.c, self.grid = c, grid
        self.furniture: list[tuple[str, float, float, float, float]] = []
        self.pending: list[tuple[float, float, float, float]] = []
        self.width = 0.3

    def line(self, what: str, x1: float, y1: float, x2: float, y2: float, width: float) -> None:
        if self.pending and width != self.width:
            self.flush()
        self.width = width
        h = self.grid.page_h
        self.pending.append((x1 * MM, (h - y1) * MM, x2 * MM, (h - y2) * MM))
        w = width / 2
        self.furniture.append((what, min(x1, x2) - w, min(y1, y2) - w, max(x1, x2) + w,
                               max(y1, y2) + w))

    def flush(self) -> None:
        """Stroke the gathered lines."""
        if self.pending:
            self.c.addLiteral(pdf.segments(self.pending, self.width * MM))
            self.pending = []


def write_pdf(path: Path, deck: str, fronts: Sequence[DisplayList],
              backs: Sequence[DisplayList] | None = None,
              options: SheetOptions = SheetOptions()) -> list[PageInfo]:
    """Impose `fronts` (and, with `options.backs` or `options.fold`, the parallel `backs`)
    into a PDF.

    Cards of different sizes are imposed in separate runs of pages. Returns every page
    with its placements. The file is deterministic and written atomically."""
    fonts.register()
    with_backs = (options.backs or options.fold) and backs is not None
    fold = options.fold and backs is not None
    runs = _runs(fronts, options, fold)
    total = sum(math.ceil(len(idx) / grid.per_page) for grid, idx in runs) * (
        2 if with_backs and not fold else 1)
    buffer = io.BytesIO()
    c = pdf.new_canvas(buffer, deck)
    pages: list[PageInfo] = []
    for grid, indices in runs:
        label = sizes.describe(grid.card_w, grid.card_h, fronts[indices[0]].round)
        for start in range(0, len(indices), grid.per_page):
            chunk = indices[start:start + grid.per_page]
            number = len(pages) + 1
            if fold:
                pages.append(_fold_page(c, grid, chunk, fronts, backs, options, deck, label,
                                        number, total))
                continue
            pages.append(_front_page(c, grid, chunk, fronts, options, deck, label, number,
                                     total))
            if with_backs:
                pages.append(_back_page(c, grid, chunk, backs, options, deck, label,
                                        len(pages) + 1, total))
    c.save()
    write_bytes(path, buffer.getvalue())
    return pages


def _runs(cards: Sequence[DisplayList], options: SheetOptions,
          fold: bool) -> list[tuple[Grid, list[int]]]:
    groups: dict[tuple[float, float, bool], list[int]] = {}
    for i, dl in enumerate(cards):
        groups.setdefault((round(dl.width, 3), round(dl.height, 3), dl.round), []).append(i)
    runs = []
    for (w, h, round_), idx in groups.items():
        gap = options.gap if options.gap is not None else (2.0 if round_ else 0.0)
        runs.append((make_grid(w, h, options.paper, options.margin, gap, options.bleed,
                               options.orientation, fold), idx))
    return runs


def _cards(c: Canvas, grid: Grid, page: _Page, chunk: list[int], cards: Sequence[DisplayList],
           options: SheetOptions, side: str) -> list[Placement]:
    """Draw the cards of a page side (fronts in slots, backs behind them) with their cut
    guides; returns their placements."""
    placements = []
    slots = []
    for slot, card in enumerate(chunk):
        if side == "front":
            x, y = grid.slot(slot)
        else:
            offset = page_offset(options.back_offset, grid.landscape)
            x, y = grid.back_slot(slot, options.flip, (0.0, 0.0) if grid.fold else offset)
        slots.append((x, y))
        pdf.draw(c, cards[card], x * MM, (grid.page_h - y) * MM)
        placements.append(Placement(card, *_points(grid, x, y), grid.card_w * MM,
                                    grid.card_h * MM, side))
    if options.cut_marks in ("silhouette", "cricut"):  # a cutting machine cuts the outlines
        if side == "front" and options.cut_marks == "silhouette":
            _registration(c, grid, page)
    elif options.cut_marks != "none" and (side == "front" or grid.fold):
        if cards[chunk[0]].round:
            for x, y in slots:
                _circle_guide(c, grid, page, x, y)
        elif options.cut_marks == "corners":
            _corner_marks(c, grid, page, slots)
    return placements


def _registration(c: Canvas, grid: Grid, page: _Page) -> None:
    """Silhouette Studio's registration marks (`cutfile.marks`) in black on a front page,
    each recorded as furniture."""
    from toolkit.render import cutfile  # noqa: PLC0415

    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    c.setStrokeColorRGB(0, 0, 0)
    for kind, x0, y0, x1, y1 in cutfile.marks(grid.page_w, grid.page_h):
        if kind == "square":
            c.rect(x0 * MM, (grid.page_h - y1) * MM, (x1 - x0) * MM, (y1 - y0) * MM,
                   stroke=0, fill=1)
            page.furniture.append(("registration square", x0, y0, x1, y1))
        else:
            page.line("registration mark", x0, y0, x1, y1, cutfile.LINE)
    page.flush()
    c.restoreState()


def _front_page(c: Canvas, grid: Grid, chunk: list[int], cards: Sequence[DisplayList],
                options: SheetOptions, deck: str, label: str, number: int, total: int) -> PageInfo:
    c.setPageSize((grid.page_w * MM, grid.page_h * MM))
    page = _Page(c, grid)
    if options.cut_marks == "lines" and not cards[chunk[0]].round:
        _cut_lines(c, grid, page, [grid.slot(i) for i in range(len(chunk))], grid.block(),
                   grid.free())
    placements = _cards(c, grid, page, chunk, cards, options, "front")
    _footer(c, grid, page, f"{deck} · page {number}/{total} · {label} · fronts", options.stamp)
    c.showPage()
    return PageInfo(number, "front", grid.page_w * MM, grid.page_h * MM, tuple(placements),
                    tuple(page.furniture))


def _back_page(c: Canvas, grid: Grid, chunk: list[int], backs: Sequence[DisplayList],
               options: SheetOptions, deck: str, label: str, number: int, total: int) -> PageInfo:
    c.setPageSize((grid.page_w * MM, grid.page_h * MM))
    page = _Page(c, grid)
    placements = _cards(c, grid, page, chunk, backs, options, "back")
    flip = f"backs: flip on the {options.flip} edge"
    if grid.landscape:
        flip += " · landscape pages: measure offsets with pnp calibrate --landscape"
    _footer(c, grid, page, f"{deck} · page {number}/{total} · {label} · {flip}", options.stamp)
    c.showPage()
    return PageInfo(number, "back", grid.page_w * MM, grid.page_h * MM, tuple(placements),
                    tuple(page.furniture))


def _fold_page(c: Canvas, grid: Grid, chunk: list[int], fronts: Sequence[DisplayList],
               backs: Sequence[DisplayList], options: SheetOptions, deck: str, label: str,
               number: int, total: int) -> PageInfo:
    """Fronts on the left half, each back mirrored across the dashed fold line on the right:
    fold on the line (printed sides out), glue the halves, then cut."""
    c.setPageSize((grid.page_w * MM, grid.page_h * MM))
    page = _Page(c, grid)
    if options.cut_marks == "lines" and not fronts[chunk[0]].round:
        # each half on its own, its guides meeting at the fold line
        bx0, by0, bx1, by1 = grid.block()
        fx0, fy0, fx1, fy1 = grid.free()
        half = grid.page_w / 2
        _cut_lines(c, grid, page, [grid.slot(i) for i in range(len(chunk))], grid.block(),
                   (fx0, fy0, half, fy1))
        _cut_lines(c, grid, page, [grid.back_slot(i) for i in range(len(chunk))],
                   (grid.page_w - bx1, by0, grid.page_w - bx0, by1), (half, fy0, fx1, fy1))
    placements = _cards(c, grid, page, chunk, fronts, options, "front")
    placements += _cards(c, grid, page, chunk, backs, options, "back")
    _fold_line(c, grid, page)
    text = f"{deck} · page {number}/{total} · {label} · fold on the dashed line, glue, cut"
    _footer(c, grid, page, text, options.stamp)
    c.showPage()
    return PageInfo(number, "fold", grid.page_w * MM, grid.page_h * MM, tuple(placements),
                    tuple(page.furniture))


def _fold_line(c: Canvas, grid: Grid, page: _Page) -> None:
    """A dashed line down the middle of the page, inside the margin and above the footer."""
    x0, y0, x1, y1 = grid.free()
    x = grid.page_w / 2
    c.saveState()
    c.setStrokeColorRGB(*GUIDE)
    c.setDash(3 * MM, 2 * MM)
    page.line("fold", x, y0, x, y1, 0.3)
    page.flush()
    c.restoreState()


def _edges(slots: Sequence[tuple[float, float]], grid: Grid) -> tuple[list[float], list[float]]:
    """The x and y cut positions (mm) of the given trim boxes."""
    xs, ys = set(), set()
    for x, y in slots:
        xs.update((round(x, 4), round(x + grid.card_w, 4)))
        ys.update((round(y, 4), round(y + grid.card_h, 4)))
    return sorted(xs), sorted(ys)


def _cut_lines(c: Canvas, grid: Grid, page: _Page, slots: Sequence[tuple[float, float]],
               block: tuple[float, float, float, float],
               free: tuple[float, float, float, float]) -> None:
    """Thin guides along every cut, under the cards (visible in margins and gaps), within
    `free` (inside the margin, clear of the footer). Each guide spans the cards that have
    that edge and runs on to the edge of `free` only where those cards reach the outside
    of the full grid's `block` (bleed included): never across the empty slots of a
    part-filled page."""
    b, w, h = grid.bleed, grid.card_w, grid.card_h
    boxes = [(x - b, y - b, x + w + b, y + h + b) for x, y in slots]
    xs, ys = _edges(slots, grid)

    def span(lo: float, hi: float, block_lo: float, block_hi: float, free_lo: float,
             free_hi: float) -> tuple[float, float]:
        return (free_lo if abs(lo - block_lo) < 1e-4 else lo,
                free_hi if abs(hi - block_hi) < 1e-4 else hi)

    c.saveState()
    c.setStrokeColorRGB(*GUIDE)
    for x in xs:
        on = [box for (sx, _), box in zip(slots, boxes, strict=True)
              if abs(sx - x) < 1e-3 or abs(sx + w - x) < 1e-3]
        y0, y1 = span(min(k[1] for k in on), max(k[3] for k in on), block[1], block[3],
                      free[1], free[3])
        page.line("cut line", x, y0, x, y1, 0.25)
    for y in ys:
        on = [box for (_, sy), box in zip(slots, boxes, strict=True)
              if abs(sy - y) < 1e-3 or abs(sy + h - y) < 1e-3]
        x0, x1 = span(min(k[0] for k in on), max(k[2] for k in on), block[0], block[2],
                      free[0], free[2])
        page.line("cut line", x0, y, x1, y, 0.25)
    page.flush()
    c.restoreState()


def _corner_marks(c: Canvas, grid: Grid, page: _Page, slots: Sequence[tuple[float, float]]) -> None:
    """Marks at every cut position outside the cards, within the free area, and at card
    corners in wide gaps. (Round tokens get circle guides instead.)"""
    xs, ys = _edges(slots, grid)
    b = grid.bleed
    bx0, by0, bx1, by1 = xs[0] - b, ys[0] - b, xs[-1] + b, ys[-1] + b  # the cards' block
    fx0, fy0, fx1, fy1 = grid.free()
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    def offset_and_length(room: float) -> tuple[float, float]:
        """Marks start 1 mm off the cards, 0.5 mm where the margin leaves little room."""
        offset = MARK_OFFSET if room >= MARK_OFFSET + 2.5 else MARK_OFFSET / 2
        return offset, min(MARK_LEN, room - offset)

    for x in xs:
        for start, room, sign in ((by0, by0 - fy0, -1), (by1, fy1 - by1, 1)):
            offset, length = offset_and_length(room)
            if length >= MIN_MARK:
                a = start + sign * offset
                page.line("cut mark", x, a, x, a + sign * length, 0.3)
    for y in ys:
        for start, room, sign in ((bx0, bx0 - fx0, -1), (bx1, fx1 - bx1, 1)):
            offset, length = offset_and_length(room)
            if length >= MIN_MARK:
                a = start + sign * offset
                page.line("cut mark", a, y, a + sign * length, y, 0.3)
    if grid.gap >= 2.0:
        arm = min(MARK_LEN, grid.gap / 2 - 0.3)

        def clipped(x1: float, y1: float, x2: float, y2: float) -> None:
            x1, x2 = (min(max(v, fx0), fx1) for v in (x1, x2))
            y1, y2 = (min(max(v, fy0), fy1) for v in (y1, y2))
            if abs(x2 - x1) + abs(y2 - y1) >= 0.5:
                page.line("cut mark", x1, y1, x2, y2, 0.3)

        for x, y in slots:
            for cx, cy, sx, sy in ((x, y, -1, -1), (x + grid.card_w, y, 1, -1),
                                   (x, y + grid.card_h, -1, 1),
                                   (x + grid.card_w, y + grid.card_h, 1, 1)):
                clipped(cx + sx * (b + 0.3), cy, cx + sx * (b + 0.3 + arm), cy)
                clipped(cx, cy + sy * (b + 0.3), cx, cy + sy * (b + 0.3 + arm))
    page.flush()
    c.restoreState()


def _circle_guide(c: Canvas, grid: Grid, page: _Page, x: float, y: float) -> None:
    """A thin circle on the cut line of a round token."""
    c.saveState()
    c.setStrokeColorRGB(*GUIDE)
    c.setLineWidth(0.35)
    r = grid.card_w / 2
    c.circle((x + r) * MM, (grid.page_h - y - r) * MM, r * MM, stroke=1, fill=0)
    c.restoreState()
    page.furniture.append(("circle guide", x - 0.1, y - 0.1, x + 2 * r + 0.1, y + 2 * r + 0.1))


def _footer(c: Canvas, grid: Grid, page: _Page, text: str, stamp: str = "") -> None:
    """Deck, page n/m, card size (and the proof stamp) and a labelled 50 mm scale bar: in
    the footer band at the bottom, or along the left edge reading upwards."""
    x0, y0, x1, y1 = grid.footer_band()
    c.saveState()
    if grid.footer == "bottom":
        c.translate(x0 * MM, (grid.page_h - y1) * MM)
        length = x1 - x0
    else:
        c.translate(x1 * MM, (grid.page_h - y1) * MM)
        c.rotate(90)
        length = y1 - y0
    _footer_band(c, text, length, stamp)
    c.restoreState()
    page.furniture.append(("footer", x0, y0, x1, y1))


FOOTER_SIZES = (6.0, 5.5, 5.0, 4.5)
"""Footer text sizes tried in turn (pt) before its words wrap to a second line."""


def _footer_band(c: Canvas, text: str, length: float, stamp: str = "") -> None:
    """The footer in a local band `length` mm wide, FOOTER mm tall, origin bottom-left:
    everything drawn stays inside the band. The text (and a proof's stamp after it) is set
    on one line at the largest size that fits beside the scale bar's label, else on two
    lines (the second from 1 mm above the band's bottom); only a text too long for two
    lines at the smallest size is cut, with an ellipsis."""
    c.setFillColorRGB(0.25, 0.25, 0.25)
    c.setStrokeColorRGB(0.25, 0.25, 0.25)
    label = "50 mm · print at 100%"
    bar_x = length - SCALE_BAR - 0.3
    label_w = fonts.unit_width("Vera", label) * 6.0 / MM
    room = (bar_x - label_w - 4.0) * MM
    full = f"{text} · {stamp}" if stamp else text
    size, lines = footer_lines(full, room)
    pitch = size * 1.08  # two lines fit the 5 mm band down to 6 pt
    for i, line in enumerate(lines):
        pdf.draw_line(c, 0, 1.0 * MM + (len(lines) - 1 - i) * pitch, line, "Vera", size, room)
    c.setFont("Vera", 6.0)
    c.drawRightString((bar_x - 2.0) * MM, 1.0 * MM, label)
    c.setLineWidth(0.5)
    base = 1.2 * MM
    c.line(bar_x * MM, base, (bar_x + SCALE_BAR) * MM, base)
    for i in range(0, int(SCALE_BAR) + 1, 10):
        tick = 2.2 if i in (0, int(SCALE_BAR)) else 1.4
        c.line((bar_x + i) * MM, base, (bar_x + i) * MM, base + tick * MM)


def footer_lines(text: str, room: float) -> tuple[float, list[str]]:
    """A footer's size (pt) and lines: one line at the largest of `FOOTER_SIZES` that fits
    `room` points, else two lines broken between words; the last line of the smallest size
    is cut by `pdf.draw_line` when even two do not hold it."""
    text = " ".join(fonts.clean(text).split())
    for size in FOOTER_SIZES:
        if pdf.text_width(text, "Vera", size) <= room:
            return size, [text]
    for size in FOOTER_SIZES:
        words, first = text.split(" "), ""
        while words and pdf.text_width(f"{first} {words[0]}".strip(), "Vera", size) <= room:
            first = f"{first} {words.pop(0)}".strip()
        rest = " ".join(words)
        if first and pdf.text_width(rest, "Vera", size) <= room:
            return size, [first, rest]
    return FOOTER_SIZES[-1], [first or text, rest] if first else [text]


def calibrate(paper: str, out_path: Path, flip: str = "long",
              landscape: bool = False) -> list[PageInfo]:
    """Write the two-page duplex calibration sheet (see `calibration.write`)."""
    from toolkit.render import calibration

    return calibration.write(paper, Path(out_path), flip, landscape=landscape)

