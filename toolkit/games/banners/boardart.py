"""The printed board: one display list (mm, origin top-left) drawn from the Board grid.

Every space is a square of the chosen size (default 25 mm, so a 22 mm token fits): open
ground, a tree, a keep, a drawbridge or a castle in its side's colour, each with a small
picture and its sheet code. Column letters and row numbers run round the edge as in the
spreadsheet (logs name spaces as `E7`), each side's starting edge is labelled where the
sheet draws it (the edge nearest its castle: `edge_labels`), and a legend below
says what each space does. `toolkit.render.poster.write_poster` tiles it over pages.
"""

from __future__ import annotations

from toolkit.core.report import column_letter
from toolkit.render import textfit
from toolkit.render.display import Circle, DisplayList, Line, Rect, Span, Text

from .book import COLOR_HEX, LEAD_COLORS, SPACE_CODES

DEFAULT_SQUARE = 25.0
"""The default board square in mm (a 22 mm token fits with room to spare)."""
MIN_SQUARE, MAX_SQUARE = 10.0, 60.0

GROUND = "#efe6cf"
GRID = "#8f8468"
INK = "#2b2b2b"
LEAF, LEAF_DARK, TRUNK = "#cfe0bd", "#3f7a34", "#6b4a2b"
STONE, STONE_DARK = "#d5d0c6", "#7d776b"
TINTS = {"Blue": "#d6e1f3", "Red": "#f3d8d6", "Green": "#d9ecd6", "Yellow": "#f7edc6"}

LEGEND = (
    (".", "Open space", "Pieces move across it orthogonally, the full roll each move."),
    ("T", "Tree", "No piece may enter or cross it."),
    ("K", "Keep", "Land here for an item card; a piece inside cannot be attacked; nobody "
                  "enters for a full turn after it is left; no flag carrier enters."),
    ("D", "Drawbridge", "D1/D2: the side's pieces start here and reinforcements come "
                        "back here."),
    ("C", "Castle", "C1/C2: land on the enemy castle to grab its flag (leave it next "
                    "turn); land on your own with it to win."),
)


def _text(x: float, y: float, w: float, h: float, text: str, size: float,
          color: str = INK, font: str = "Vera", align: str = "center",
          valign: str = "middle", wrap: bool = False) -> Text:
    """A laid-out text op in a box (shrinking to fit, never spilling out)."""
    fitted = textfit.fit(text, font, size, min(size, 4.0), w, h, align, valign, 1.15, wrap)
    spans = tuple(Span(x + sx, y + sy, t, f) for sx, sy, t, f in fitted.spans)
    return Text(x, y, w, h, fitted.size, color, spans)


def side_colors(pieces: list[tuple[int, str]] | None) -> tuple[str, str]:
    """Each side's colour name for castles and drawbridges: its blue or red (the book's
    lead colour of its pair), else its first colour; blue and red by default."""
    out = []
    for side, default in ((1, "Blue"), (2, "Red")):
        colors = [c for s, c in pieces or () if s == side]
        lead = next((c for c in colors if c in LEAD_COLORS), colors[0] if colors else default)
        out.append(lead)
    return out[0], out[1]


def space_ops(code: str, x: float, y: float, s: float, colors: tuple[str, str],
              label: bool = True) -> list:
    """The ops of one space of size ``s`` at (x, y)."""
    kind, side = SPACE_CODES[code]
    ops: list = []
    if kind == "tree":
        ops.append(Rect(x, y, s, s, LEAF, GRID, 0.3))
        ops.append(Rect(x + 0.46 * s, y + 0.52 * s, 0.08 * s, 0.3 * s, TRUNK))
        ops.append(Circle(x + 0.5 * s, y + 0.4 * s, 0.24 * s, LEAF_DARK))
        ops.append(Circle(x + 0.36 * s, y + 0.5 * s, 0.14 * s, LEAF_DARK))
        ops.append(Circle(x + 0.64 * s, y + 0.5 * s, 0.14 * s, LEAF_DARK))
    elif kind == "keep":
        ops.append(Rect(x, y, s, s, STONE, GRID, 0.3))
        ops.append(Rect(x + 0.2 * s, y + 0.3 * s, 0.6 * s, 0.5 * s, "#e8e4dc", STONE_DARK,
                        0.35))
        for k in range(3):
            ops.append(Rect(x + (0.2 + 0.25 * k) * s, y + 0.2 * s, 0.1 * s, 0.1 * s,
                            "#e8e4dc", STONE_DARK, 0.35))
        ops.append(Rect(x + 0.44 * s, y + 0.58 * s, 0.12 * s, 0.22 * s, STONE_DARK))
    elif kind == "drawbridge":
        color = colors[side]
        ops.append(Rect(x, y, s, s, TINTS.get(color, GROUND), GRID, 0.3))
        ops.append(Rect(x + 0.15 * s, y + 0.15 * s, 0.7 * s, 0.7 * s, "#b58a57", TRUNK, 0.35))
        for k in range(1, 4):
            yy = y + (0.15 + 0.175 * k) * s
            ops.append(Line(x + 0.15 * s, yy, x + 0.85 * s, yy, TRUNK, 0.3))
        ops.append(Rect(x + 0.15 * s, y + 0.15 * s, 0.7 * s, 0.7 * s, None,
                        COLOR_HEX[color], 0.8))
    elif kind == "castle":
        color = COLOR_HEX[colors[side]]
        ops.append(Rect(x, y, s, s, color, GRID, 0.3))
        ops.append(Rect(x + 0.25 * s, y + 0.35 * s, 0.5 * s, 0.45 * s, "#ffffff"))
        for k in range(3):
            ops.append(Rect(x + (0.25 + 0.2 * k) * s, y + 0.25 * s, 0.1 * s, 0.1 * s,
                            "#ffffff"))
        ops.append(Rect(x + 0.44 * s, y + 0.6 * s, 0.12 * s, 0.2 * s, color))
        ops.append(Line(x + 0.5 * s, y + 0.25 * s, x + 0.5 * s, y + 0.08 * s, "#ffffff", 0.4))
        ops.append(Rect(x + 0.5 * s, y + 0.08 * s, 0.14 * s, 0.08 * s, "#ffffff"))
    else:
        ops.append(Rect(x, y, s, s, GROUND, GRID, 0.3))
    if label and code != ".":
        ink = "#ffffff" if kind == "castle" else INK
        ops.append(_text(x + 0.04 * s, y + 0.8 * s, 0.92 * s, 0.18 * s, code, 0.22 * s / 0.353,
                         ink, "VeraBd", align="right"))
    return ops


def edge_labels(rows: tuple[tuple[str, ...], ...]
                ) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """Where each side starts, as the sheet draws it: the edge its castle is nearest
    (top or bottom first, then left or right). ``(top, bottom)``: the labels printed
    above and below the board, ``(side, text)`` each; a side starting at the left or
    right edge is named in whichever band is free."""
    h, w = len(rows), len(rows[0])
    top: list[tuple[int, str]] = []
    bottom: list[tuple[int, str]] = []
    sides = []
    for side in (1, 2):
        r, c = next(((r, c) for r in range(h) for c in range(w)
                     if rows[r][c] == f"C{side}"), (h - 1 if side == 1 else 0, 0))
        edges = ((r, "top"), (h - 1 - r, "bottom"), (c, "left"), (w - 1 - c, "right"))
        sides.append((side, min(edges, key=lambda e: e[0])[1]))
    for side, edge in sides:
        if edge == "top":
            top.append((side, "starts at this edge"))
        elif edge == "bottom":
            bottom.append((side, "starts at this edge"))
    for side, edge in sides:
        if edge in ("left", "right"):
            column = column_letter(1 if edge == "left" else w)
            (bottom if top else top).append(
                (side, f"starts at the {edge} edge (column {column})"))
    return top, bottom


def board_drawing(rows: tuple[tuple[str, ...], ...], square: float = DEFAULT_SQUARE,
                  title: str = "The Battle of Banners",
                  pieces: list[tuple[int, str]] | None = None) -> DisplayList:
    """The whole board with coordinates, side labels and a legend, as one display list.

    ``rows`` are the Board sheet's space codes (row 0 is the sheet's row 1, side 2's
    edge); ``square`` is a space's side in mm; ``pieces`` ((side, colour) per piece) pick
    the sides' colours."""
    if not MIN_SQUARE <= square <= MAX_SQUARE:
        raise ValueError(f"a board square must be {MIN_SQUARE:g} to {MAX_SQUARE:g} mm, "
                         f"got {square:g}")
    h, w = len(rows), len(rows[0])
    colors = side_colors(pieces)
    band = max(6.0, 0.3 * square)
    head = 14.0
    board_w, board_h = w * square, h * square
    width = max(board_w + 2 * band, 150.0)
    x0 = (width - board_w) / 2
    y0 = head + band
    entry = 9.0
    legend_h = 8.0 + entry * len(LEGEND)
    height = y0 + board_h + band + legend_h
    ops: list = [Rect(0, 0, width, height, "#ffffff")]
    ops.append(_text(0, 1.5, width, 7.5, title, 16, INK, "VeraBd"))
    pair = {1: " & ".join(sorted({c for s, c in pieces or () if s == 1})) or colors[0],
            2: " & ".join(sorted({c for s, c in pieces or () if s == 2})) or colors[1]}
    top, bottom = edge_labels(rows)
    for side, text in top:
        ops.append(_text(0, 8.5, width, 5, f"Side {side} ({pair[side].lower()}) {text}", 8,
                         COLOR_HEX[colors[side - 1]], "VeraBd"))
    for r, row in enumerate(rows):
        for c, code in enumerate(row):
            ops.extend(space_ops(code, x0 + c * square, y0 + r * square, square, colors))
    ops.append(Rect(x0, y0, board_w, board_h, None, INK, 0.8))
    size = min(9.0, 0.5 * band / 0.353)
    for c in range(w):
        x = x0 + c * square
        ops.append(_text(x, y0 - band, square, band, column_letter(c + 1), size, GRID, "VeraBd"))
        ops.append(_text(x, y0 + board_h, square, band, column_letter(c + 1), size, GRID,
                         "VeraBd"))
    for r in range(h):
        y = y0 + r * square
        ops.append(_text(x0 - band, y, band, square, str(r + 1), size, GRID, "VeraBd"))
        ops.append(_text(x0 + board_w, y, band, square, str(r + 1), size, GRID, "VeraBd"))
    top = y0 + board_h + band
    for side, text in bottom:
        ops.append(_text(0, top - 1.0, width, 5, f"Side {side} ({pair[side].lower()}) {text}",
                         8, COLOR_HEX[colors[side - 1]], "VeraBd"))
    top += 6.0
    left = max(6.0, x0)
    span = width - 2 * left
    for k, (code, name, what) in enumerate(LEGEND):
        y = top + k * entry
        swatch = {"D": "D1", "C": "C1"}.get(code, code)
        ops.extend(space_ops(swatch, left, y, 7.0, colors, label=False))
        ops.append(_text(left + 9.0, y, 24.0, 7.0, name, 8.5, INK, "VeraBd", align="left"))
        ops.append(_text(left + 34.0, y - 0.5, span - 34.0, 8.0, what, 7.5, INK, "Vera",
                         align="left", wrap=True))
    ops.append(_text(left, height - 4.5, span, 4, f"Squares {square:g} mm · pieces move "
                     "orthogonally · spaces are named by column letter and row number, as "
                     "in the Board sheet", 6, GRID, "Vera", align="left"))
    return DisplayList(width, height, tuple(ops), label=title)
