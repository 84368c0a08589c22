"""The printed Warblitz battlefield: one display list, tiled over pages by `write_poster`.

The battlefield follows ruling ``warblitz.ruling.battlefield`` (board.py): 5 columns by 7
ranks of spaces, each large enough for a poker card (63 × 88 mm) with a margin. Player
1's last three ranks are shaded blue, player 2's red, the middle rank is nobody's. Every
space carries its name as each player says it (player 1's at its lower left, player 2's
at its upper right), and a legend explains the sheet. `battlefield_drawing` builds it;
`pnp print` writes it beside the cards (`PrintSpec.posters`).
"""

from __future__ import annotations

from toolkit.games.warblitz import board as B
from toolkit.render import textfit
from toolkit.render.display import DisplayList, Line, Op, Rect, Span, Text

SPACE_W, SPACE_H = 68.0, 93.0
"""A space: a poker card (63 × 88 mm) and 2.5 mm around it."""
MARGIN = 16.0
"""Room around the grid for the edge labels."""
LEGEND_H = 48.0
TITLE_H = 20.0
SIDE_COLORS = ("#dbe7f3", "#f4dcdc")
"""Player 1's and player 2's last three ranks."""
NEUTRAL = "#f1efe8"
INK = "#222222"
SOFT = "#6b6b6b"


def _text(x: float, y: float, w: float, h: float, text: str, size: float, *,
          font: str = "Vera", color: str = INK, align: str = "left",
          valign: str = "top", wrap: bool = True) -> Text:
    """A text box laid out like a card's (wrapped, shrunk to fit down to 6 pt)."""
    fitted = textfit.fit(text, font, size, min(size, 6.0), w, h, align, valign, 1.2, wrap)
    spans = tuple(Span(x + sx, y + sy, t, f) for sx, sy, t, f in fitted.spans)
    return Text(x, y, w, h, fitted.size, color, spans)


def battlefield_drawing() -> DisplayList:
    """The whole battlefield with its labels and legend, in mm (origin top-left)."""
    grid_w, grid_h = B.WIDTH * SPACE_W, B.RANKS * SPACE_H
    width = grid_w + 2 * MARGIN
    height = TITLE_H + grid_h + 2 * MARGIN + LEGEND_H
    left, top = MARGIN, TITLE_H + MARGIN
    ops: list[Op] = [Rect(0, 0, width, height, "#ffffff")]
    ops.append(_text(MARGIN, 3, grid_w, 10,
                     f"WARBLITZ BATTLEFIELD · {B.WIDTH} columns × {B.RANKS} ranks", 16,
                     font="VeraBd", align="center", valign="middle", wrap=False))
    # Ranks, as player 1 sees the board: rank 1 at the bottom (their edge).
    for rank in range(B.RANKS):
        y = top + (B.RANKS - 1 - rank) * SPACE_H
        home = next((p for p in (0, 1) if B.in_home(p, rank * B.WIDTH)), None)
        fill = SIDE_COLORS[home] if home is not None else NEUTRAL
        ops.append(Rect(left, y, grid_w, SPACE_H, fill))
        for col in range(B.WIDTH):
            x = left + col * SPACE_W
            index = rank * B.WIDTH + col
            ops.append(Rect(x + 2.5, y + 2.5, SPACE_W - 5, SPACE_H - 5, None, "#8a8a8a", 0.35,
                            3.0))
            own1 = B.space_name(index)
            own2 = B.own_name(B.WIDTH - 1 - col, B.RANKS - 1 - rank)
            ops.append(_text(x + 4, y + SPACE_H - 10, 30, 7, own1, 11, font="VeraBd",
                             color="#1f4e79", valign="bottom", wrap=False))
            ops.append(_text(x + SPACE_W - 34, y + 3.5, 30, 7, own2, 11, font="VeraBd",
                             color="#8b1e1e", align="right", wrap=False))
    for k in range(B.WIDTH + 1):
        x = left + k * SPACE_W
        ops.append(Line(x, top, x, top + grid_h, INK, 0.6))
    for k in range(B.RANKS + 1):
        y = top + k * SPACE_H
        ops.append(Line(left, y, left + grid_w, y, INK, 0.6 if k not in (3, 4) else 1.2))
    ops.append(Rect(left, top, grid_w, grid_h, None, INK, 1.2))
    # Edge labels: columns and ranks as each player names them.
    for col in range(B.WIDTH):
        x = left + col * SPACE_W
        ops.append(_text(x, top + grid_h + 1.5, SPACE_W, 6, B.LETTERS[col], 11,
                         font="VeraBd", color="#1f4e79", align="center", wrap=False))
        ops.append(_text(x, top - 7.5, SPACE_W, 6, B.LETTERS[B.WIDTH - 1 - col], 11,
                         font="VeraBd", color="#8b1e1e", align="center", wrap=False))
    for rank in range(B.RANKS):
        y = top + (B.RANKS - 1 - rank) * SPACE_H
        ops.append(_text(2, y, MARGIN - 4, SPACE_H, str(rank + 1), 12, font="VeraBd",
                         color="#1f4e79", align="center", valign="middle", wrap=False))
        ops.append(_text(left + grid_w + 2, y, MARGIN - 4, SPACE_H, str(B.RANKS - rank), 12,
                         font="VeraBd", color="#8b1e1e", align="center", valign="middle",
                         wrap=False))
    ops.append(_text(left, top + grid_h + 8, grid_w, 6, "PLAYER 1'S EDGE", 9, font="VeraBd",
                     color="#1f4e79", align="center", wrap=False))
    ops.append(_text(left, 14, grid_w, 6, "PLAYER 2'S EDGE", 9, font="VeraBd",
                     color="#8b1e1e", align="center", wrap=False))
    ops.extend(_legend(left, top + grid_h + MARGIN, grid_w))
    return DisplayList(width, height, tuple(ops), label="Warblitz battlefield")


def _legend(x: float, y: float, w: float) -> list[Op]:
    """Swatches and the rules the sheet stands for."""
    ops: list[Op] = [Rect(x, y, w, LEGEND_H - 4, "#fafafa", "#9a9a9a", 0.3, 2.0)]
    rows = [
        (SIDE_COLORS[0], f"Player 1's last {B.HOME_RANKS} ranks (blue names): where player 1 "
                         "deploys. Their commander's card back shows where it, its two "
                         "starting units and the terrain begin (default C1, B2, D2, C3)."),
        (SIDE_COLORS[1], f"Player 2's last {B.HOME_RANKS} ranks (red names, read from player "
                         "2's side of the table): where player 2 deploys."),
        (NEUTRAL, "The middle rank belongs to nobody."),
    ]
    line_h = 9.0
    for k, (color, text) in enumerate(rows):
        ry = y + 3 + k * line_h
        ops.append(Rect(x + 4, ry + 1, 10, 6, color, "#7a7a7a", 0.3, 1.0))
        ops.append(_text(x + 17, ry, w - 21, line_h, text, 8, valign="middle"))
    ops.append(_text(x + 4, y + 3 + 3 * line_h, w - 8, LEGEND_H - 8 - 3 * line_h,
                     "Each space holds one card. Adjacent = sharing an edge (never diagonal). "
                     "Units move up to 2 spaces through empty spaces; ranged attacks reach 3 "
                     "clear straight spaces. A space is named by its column letter, from the "
                     "player's left, and its rank, from the player's own edge.", 7.5,
                     color=SOFT))
    return ops
