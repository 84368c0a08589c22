"""Print-and-cut (`pnp print --cut-marks silhouette|cricut`): the cutting machines' marks
and cut files of the exact card outlines.

Silhouette (Studio's "Type 1" registration marks for CAMEO, Portrait and Curio): a filled
5 mm square at the page's top-left and two L-shaped corner marks (top-right, bottom-left)
with 20 mm arms, drawn 0.5 mm wide, each mark's outer edge `INSET` (10 mm) from the paper's
edges. Silhouette Studio's own marks use those figures when its Registration Marks panel
is set to Type 1, length 20 mm, thickness 0.5 mm, inset 10 mm (Studio allows no inset
under 10 mm). Sources: the inkscape-silhouette extension's `render_silhouette_regmarks`
(5 mm square, 20 mm arms, origin from the page's top-left) and the silhouette-card-maker
guide ("Silhouette Studio limits the minimum inset of registration marks to 10mm"). The
cards and the footer keep `MARGIN` (17 mm: inset, square and 2 mm clear) from every edge,
so nothing printed touches a mark and every card lies inside the marks' frame.

Cricut (Design Space's Print Then Cut): Design Space prints its own black frame around
the images it prints and reads only that frame, whose geometry Cricut does not publish
(no stored page gives it). So pnp draws no frame: the sheet keeps its normal margin, and
the cut files place every outline on the page so that they can be cut with the page's
image in Design Space (see README). Design Space's largest Print Then Cut image is
6.75 × 9.25 in (`CRICUT_AREA`); that figure is not confirmed by a stored page either.

Cut files: `<deck>-cut-N.svg` per front page (page size in mm, a viewBox in mm, one
element per card: a `path` for a card, with its corners' arcs, a `circle` for a round
token, each with the card's number as its id) and, beside it, `<deck>-cut-N.dxf` (AutoCAD
R12 text, millimetres, y up: a closed POLYLINE per card with bulges for the rounded
corners, a CIRCLE per token).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.core.outputs import write_bytes
from toolkit.render.units import MM

MACHINES = ("silhouette", "cricut")
"""`--cut-marks` values that mean a cutting machine."""
INSET = 10.0
"""Silhouette: from the paper's edges to the marks' outer edges (Studio's minimum)."""
SQUARE = 5.0
"""Silhouette: the top-left filled square's side."""
ARM = 20.0
"""Silhouette: the length of each arm of the two L marks."""
LINE = 0.5
"""Silhouette: the L marks' line width."""
CLEAR = 2.0
"""Room kept between a mark and anything else printed."""
MARGIN = INSET + SQUARE + CLEAR
"""Silhouette: the sheet's margin, so cards and footer stay clear inside the marks."""
CRICUT_AREA = (6.75 * 25.4, 9.25 * 25.4)
"""Cricut Design Space's largest Print Then Cut image, mm (not confirmed, see above)."""
BULGE = math.tan(math.radians(90) / 4)
"""A DXF bulge for a quarter circle."""


@dataclass(frozen=True)
class Outline:
    """One card's cut line on a page: trim box (mm from the page's top-left), corner
    radius, and whether it is a round token; `number` counts cards on the page from 1."""

    number: int
    x: float
    y: float
    w: float
    h: float
    radius: float = 0.0
    round: bool = False


def sheet_margin(cut_marks: str, margin: float) -> float:
    """The margin a sheet needs for these marks: the larger of `margin` and the marks'."""
    return max(margin, MARGIN) if cut_marks == "silhouette" else margin


def marks(page_w: float, page_h: float) -> list[tuple[str, float, float, float, float]]:
    """Silhouette's marks on a `page_w` × `page_h` mm page: ("square", x0, y0, x1, y1)
    filled, and ("line", x1, y1, x2, y2) strokes of width `LINE` (each line's outer edge
    on the inset), mm from the top-left."""
    half = LINE / 2
    right, bottom = page_w - INSET - half, page_h - INSET - half
    top, left = INSET + half, INSET + half
    return [("square", INSET, INSET, INSET + SQUARE, INSET + SQUARE),
            ("line", right - ARM + half, top, right, top),  # top-right L
            ("line", right, top, right, top + ARM - half),
            ("line", left, bottom, left + ARM - half, bottom),  # bottom-left L
            ("line", left, bottom - ARM + half, left, bottom)]


def outlines(page, cards: Sequence) -> list[Outline]:
    """The front cards of a `sheet.PageInfo` as outlines in mm from the page's top-left;
    `cards` is the sequence the placements index (display lists: radius, round)."""
    page_h = page.height / MM
    out = []
    for n, p in enumerate((p for p in page.placements if p.side == "front"), start=1):
        dl = cards[p.card]
        w, h = p.w / MM, p.h / MM
        out.append(Outline(n, p.x / MM, page_h - p.y / MM - h, w, h,
                           0.0 if dl.round else min(dl.radius, w / 2, h / 2), dl.round))
    return out


def _num(v: float) -> str:
    return f"{round(v, 4):g}"


def svg_path(o: Outline) -> str:
    """An outline's SVG path data (clockwise from the top edge, arcs at the corners)."""
    x, y, w, h, r = o.x, o.y, o.w, o.h, o.radius
    n = _num
    if r <= 0:
        return f"M{n(x)},{n(y)} H{n(x + w)} V{n(y + h)} H{n(x)} Z"
    arc = f"A{n(r)},{n(r)} 0 0 1 "
    return (f"M{n(x + r)},{n(y)} H{n(x + w - r)} {arc}{n(x + w)},{n(y + r)} "
            f"V{n(y + h - r)} {arc}{n(x + w - r)},{n(y + h)} H{n(x + r)} "
            f"{arc}{n(x)},{n(y + h - r)} V{n(y + r)} {arc}{n(x + r)},{n(y)} Z")


def svg(page_w: float, page_h: float, items: Sequence[Outline]) -> str:
    """An SVG document of the page (size in mm) with one element per outline."""
    n = _num
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{n(page_w)}mm" '
             f'height="{n(page_h)}mm" viewBox="0 0 {n(page_w)} {n(page_h)}">',
             '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">']
    for o in items:
        if o.round:
            lines.append(f'<circle id="card-{o.number}" cx="{n(o.x + o.w / 2)}" '
                         f'cy="{n(o.y + o.h / 2)}" r="{n(o.w / 2)}"/>')
        else:
            lines.append(f'<path id="card-{o.number}" d="{svg_path(o)}"/>')
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines)


def dxf(page_h: float, items: Sequence[Outline]) -> str:
    """A minimal AutoCAD R12 DXF (mm, y up from the page's bottom edge) of the outlines."""
    out = ["0", "SECTION", "2", "HEADER", "9", "$ACADVER", "1", "AC1009", "9", "$INSUNITS",
           "70", "4", "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES"]
    for o in items:
        if o.round:
            out += ["0", "CIRCLE", "8", "CUT", "10", _num(o.x + o.w / 2), "20",
                    _num(page_h - o.y - o.h / 2), "30", "0", "40", _num(o.w / 2)]
            continue
        x0, x1 = o.x, o.x + o.w
        y0, y1 = page_h - o.y - o.h, page_h - o.y  # bottom and top, y up
        r = o.radius
        if r > 0:  # counter-clockwise from the bottom edge; a bulge turns each corner
            points = [(x0 + r, y0, 0), (x1 - r, y0, BULGE), (x1, y0 + r, 0), (x1, y1 - r, BULGE),
                      (x1 - r, y1, 0), (x0 + r, y1, BULGE), (x0, y1 - r, 0), (x0, y0 + r, BULGE)]
        else:
            points = [(x0, y0, 0), (x1, y0, 0), (x1, y1, 0), (x0, y1, 0)]
        out += ["0", "POLYLINE", "8", "CUT", "66", "1", "70", "1"]
        for px, py, bulge in points:
            out += ["0", "VERTEX", "8", "CUT", "10", _num(px), "20", _num(py), "30", "0"]
            if bulge:
                out += ["42", f"{bulge:.8f}"]
        out += ["0", "SEQEND", "8", "CUT"]
    out += ["0", "ENDSEC", "0", "EOF", ""]
    return "\n".join(out)


def write_cut_files(folder: Path, deck: str, pages: Sequence, cards: Sequence) -> list[Path]:
    """`<deck>-cut-N.svg` and `.dxf` for each page that has front cards (N counts those
    pages from 1); `cards` is what the pages' placements index. Returns the files."""
    files: list[Path] = []
    fronts = [p for p in pages if p.side in ("front", "fold")]
    for k, page in enumerate(fronts, start=1):
        items = outlines(page, cards)
        w, h = page.width / MM, page.height / MM
        files.append(write_bytes(folder / f"{deck}-cut-{k}.svg", svg(w, h, items).encode()))
        files.append(write_bytes(folder / f"{deck}-cut-{k}.dxf", dxf(h, items).encode()))
    return files
