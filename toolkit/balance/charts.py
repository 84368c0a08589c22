"""The report's charts as reportlab drawings (reportlab's own graphics, no plotting library).

Each function takes the report document's plain data and returns a `Drawing` in points,
which `report` puts in the PDF as vectors and `raster` paints into a PNG. Bar charts and
the histogram are reportlab's `HorizontalBarChart`/`VerticalBarChart`, the cost curve's
axes and fitted curve its `LinePlot`; intervals are drawn over them as whiskers on the same fixed axes; the heatmap
and the ranking's forest plot are drawn from shapes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Group, Line, Rect, String
from reportlab.lib import colors

from toolkit.render import fonts

WIDTH = 500.0
FONT, BOLD = "Vera", "VeraBd"
INK = colors.HexColor("#222222")
GRID = colors.HexColor("#bbbbbb")
BLUE = colors.HexColor("#2f5f98")
RED = colors.HexColor("#b23a3a")
CURVE = colors.HexColor("#e08a1e")
MAX_ROWS = 30
"""Rows shown in a chart (the best ones); the JSON and CSV hold them all."""


def _short(name: str, limit: int = 22) -> str:
    return name if len(name) <= limit else name[:limit - 1] + "…"


def _title(d: Drawing, text: str) -> None:
    d.add(String(d.width / 2, d.height - 16, text, fontName=BOLD, fontSize=11,
                 textAnchor="middle", fillColor=INK))


def _nice(low: float, high: float, steps: int = 5) -> tuple[float, float, float]:
    """Axis bounds and step covering [low, high] with round numbers."""
    if high <= low:
        high = low + 1.0
    raw = (high - low) / steps
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _whisker(g: Group, x0: float, x1: float, y: float, color: Any = INK) -> None:
    g.add(Line(x0, y, x1, y, strokeColor=color, strokeWidth=0.8))
    for x in (x0, x1):
        g.add(Line(x, y - 2.5, x, y + 2.5, strokeColor=color, strokeWidth=0.8))


def _mix(a: Any, b: Any, t: float) -> Any:
    t = max(0.0, min(1.0, t))
    return colors.Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                        a.blue + (b.blue - a.blue) * t)


def heatmap(names: Sequence[str], rate: Sequence[Sequence[float | None]], centre: float,
            title: str) -> Drawing:
    """The win-rate matrix: row deck's win rate against the column deck, red below the
    even rate ``centre``, blue above, with the value in the cell when they fit."""
    fonts.register()
    k = len(names)
    label_w = 120.0
    cell = max(6.0, min(28.0, (WIDTH - label_w - 10) / max(k, 1)))
    top_labels = 90.0
    height = 30 + top_labels + cell * k + 30
    d = Drawing(WIDTH, height)
    _title(d, title)
    x0, y_top = label_w, height - 30 - top_labels
    font = max(4.0, min(7.0, cell * 0.45))
    white = colors.white
    for i in range(k):
        y = y_top - (i + 1) * cell
        d.add(String(x0 - 4, y + cell / 2 - font / 3, _short(names[i]), fontName=FONT,
                     fontSize=font, textAnchor="end", fillColor=INK))
        for j in range(k):
            value = rate[i][j]
            x = x0 + j * cell
            if value is None:
                fill = colors.HexColor("#eeeeee")
            elif value >= centre:
                fill = _mix(white, BLUE, (value - centre) / (1 - centre))
            else:
                fill = _mix(white, RED, (centre - value) / centre)
            d.add(Rect(x, y, cell, cell, fillColor=fill, strokeColor=white, strokeWidth=0.5))
            if value is not None and cell >= 18:
                dark = abs(value - centre) > 0.3
                d.add(String(x + cell / 2, y + cell / 2 - font / 3, f"{100 * value:.0f}",
                             fontName=FONT, fontSize=font, textAnchor="middle",
                             fillColor=white if dark else INK))
    for j in range(k):
        g = Group(String(0, 0, _short(names[j]), fontName=FONT, fontSize=font,
                         fillColor=INK))
        g.rotate(60)
        outer = Group(g)
        outer.translate(x0 + (j + 0.5) * cell, y_top + 4)
        d.add(outer)
    d.add(String(x0, 10, f"win rate of the row deck, % (even: {100 * centre:.0f}); "
                 "grey: never met", fontName=FONT, fontSize=7, fillColor=INK))
    return d


def forest(labels: Sequence[str], values: Sequence[float], lows: Sequence[float],
           highs: Sequence[float], title: str, axis: str, ref: float | None = None) -> Drawing:
    """One row per item, best first: a dot at its value and a whisker over its interval."""
    fonts.register()
    n = len(labels)
    row = 14.0
    height = 30 + n * row + 36
    d = Drawing(WIDTH, height)
    _title(d, title)
    left, right = 140.0, WIDTH - 20
    low, high, step = _nice(min(lows, default=0), max(highs, default=1))

    def px(v: float) -> float:
        return left + (v - low) / (high - low) * (right - left)

    base = 30.0
    tick = low
    while tick <= high + step / 2:
        x = px(tick)
        d.add(Line(x, base, x, base + n * row, strokeColor=GRID, strokeWidth=0.4))
        d.add(String(x, base - 10, f"{tick:g}", fontName=FONT, fontSize=7,
                     textAnchor="middle", fillColor=INK))
        tick += step
    d.add(String((left + right) / 2, 6, axis, fontName=FONT, fontSize=8,
                 textAnchor="middle", fillColor=INK))
    if ref is not None and low <= ref <= high:
        d.add(Line(px(ref), base, px(ref), base + n * row, strokeColor=RED,
                   strokeWidth=0.8, strokeDashArray=[3, 2]))
    g = Group()
    for i in range(n):
        y = base + (n - i - 0.5) * row
        d.add(String(left - 6, y - 2.5, _short(labels[i]), fontName=FONT, fontSize=7,
                     textAnchor="end", fillColor=INK))
        _whisker(g, px(lows[i]), px(highs[i]), y)
        g.add(Rect(px(values[i]) - 2.5, y - 2.5, 5, 5, fillColor=BLUE, strokeColor=None))
    d.add(g)
    return d


def bars(labels: Sequence[str], values: Sequence[float], lows: Sequence[float | None],
         highs: Sequence[float | None], title: str, axis: str,
         ref: float | None = None) -> Drawing:
    """Horizontal bars (reportlab's `HorizontalBarChart`), first row on top, with
    whiskers over the intervals and an optional dashed reference line."""
    fonts.register()
    n = len(labels)
    row = 14.0
    height = 30 + n * row + 40
    d = Drawing(WIDTH, height)
    _title(d, title)
    spans = [v for v in (*values, *[x for x in lows if x is not None],
                         *[x for x in highs if x is not None]) if v is not None]
    low, high, step = _nice(min(0.0, min(spans, default=0)), max(0.0, max(spans, default=1)))
    chart = HorizontalBarChart()
    chart.x, chart.y, chart.width, chart.height = 140, 34, WIDTH - 160, n * row
    chart.data = [list(reversed(values))]
    chart.categoryAxis.categoryNames = [_short(x) for x in reversed(labels)]
    chart.categoryAxis.labels.fontName = FONT
    chart.categoryAxis.labels.fontSize = 7
    chart.categoryAxis.labels.dx = -4
    chart.categoryAxis.joinAxisMode = "left"  # labels at the left edge, not at zero
    chart.valueAxis.valueMin, chart.valueAxis.valueMax = low, high
    chart.valueAxis.valueStep = step
    chart.valueAxis.labels.fontName = FONT
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = GRID
    chart.valueAxis.gridStrokeWidth = 0.4
    chart.bars[0].fillColor = BLUE
    chart.bars[0].strokeColor = None
    chart.barWidth = 8
    chart.groupSpacing = 4
    d.add(chart)

    def px(v: float) -> float:
        return chart.x + (v - low) / (high - low) * chart.width

    g = Group()
    for i in range(n):
        if lows[i] is None or highs[i] is None:
            continue
        y = chart.y + (n - i - 0.5) * row
        _whisker(g, px(lows[i]), px(highs[i]), y)
    if ref is not None and low <= ref <= high:
        g.add(Line(px(ref), chart.y, px(ref), chart.y + chart.height, strokeColor=RED,
                   strokeWidth=0.8, strokeDashArray=[3, 2]))
    d.add(g)
    d.add(String(chart.x + chart.width / 2, 6, axis, fontName=FONT, fontSize=8,
                 textAnchor="middle", fillColor=INK))
    return d


def message(title: str, text: str) -> Drawing:
    """A chart that has nothing to show: its title and why (e.g. too few decks to tell)."""
    fonts.register()
    d = Drawing(WIDTH, 60)
    _title(d, title)
    d.add(String(WIDTH / 2, 18, text, fontName=FONT, fontSize=8.5, textAnchor="middle",
                 fillColor=INK))
    return d


def histogram(pairs: Sequence[Sequence[int]], unit: str, title: str,
              bins: int = 30) -> Drawing:
    """Game lengths (reportlab's `VerticalBarChart`), grouped into at most ``bins`` bars."""
    fonts.register()
    d = Drawing(WIDTH, 220)
    _title(d, title)
    counts = dict((int(k), int(n)) for k, n in pairs)
    if not counts:
        d.add(String(WIDTH / 2, 100, "no finished game", fontName=FONT, fontSize=9,
                     textAnchor="middle"))
        return d
    low, high = min(counts), max(counts)
    width = max(1, math.ceil((high - low + 1) / bins))
    edges = list(range(low, high + 1, width))
    data = [sum(n for k, n in counts.items() if e <= k < e + width) for e in edges]
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 50, 40, WIDTH - 70, 150
    chart.data = [data]
    chart.categoryAxis.categoryNames = [str(e) if width == 1 else f"{e}-{e + width - 1}"
                                        for e in edges]
    chart.categoryAxis.labels.fontName = FONT
    chart.categoryAxis.labels.fontSize = 6
    chart.categoryAxis.labels.angle = 45 if len(edges) > 12 else 0
    chart.categoryAxis.labels.boxAnchor = "ne" if len(edges) > 12 else "n"
    chart.valueAxis.valueMin = 0
    chart.valueAxis.labels.fontName = FONT
    chart.valueAxis.labels.fontSize = 7
    chart.bars[0].fillColor = BLUE
    chart.bars[0].strokeColor = None
    d.add(chart)
    d.add(String(chart.x + chart.width / 2, 4, f"length ({unit}); bars: games",
                 fontName=FONT, fontSize=8, textAnchor="middle", fillColor=INK))
    return d


def cost_curve(curve: dict[str, Any], title: str) -> Drawing:
    """Each card's measured win rate against its price (axes from reportlab's `LinePlot`):
    a dot and its interval per card, every one labelled with its name (flagged cards in
    red), and the fitted monotone curve through the prices as an orange line (dashed in
    the PDF). Cards of one price stand side by side around it; their labels are stacked
    so they do not overlap, each tied to its dot by a short line when moved."""
    fonts.register()
    d = Drawing(WIDTH, 320)
    _title(d, title)
    points = curve["points"]
    xs = [p["price"] for p in points]
    prices = sorted(set(xs))
    gap = min((b - a for a, b in zip(prices, prices[1:], strict=False)), default=1.0)
    x_lo, x_hi, x_step = _nice(min(xs) - 0.5 * gap, max(xs) + 0.8 * gap)
    y_lo, y_hi, y_step = _nice(min(100 * p["low"] for p in points),
                               max(100 * p["high"] for p in points))
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 50, 40, WIDTH - 70, 240
    fit = curve.get("fit")
    levels = [(lv["price"], 100 * lv["win_rate"]) for lv in fit["levels"]] if fit else []
    plot.data = [levels if len(levels) >= 2 else [(x_lo, y_lo), (x_hi, y_lo)]]
    plot.lines[0].strokeColor = CURVE if len(levels) >= 2 else None
    plot.lines[0].strokeWidth = 1.2
    plot.lines[0].strokeDashArray = [4, 2]
    for axis, lo, hi, step in ((plot.xValueAxis, x_lo, x_hi, x_step),
                               (plot.yValueAxis, y_lo, y_hi, y_step)):
        axis.valueMin, axis.valueMax, axis.valueStep = lo, hi, step
        axis.labels.fontName = FONT
        axis.labels.fontSize = 7
        axis.visibleGrid = True
        axis.gridStrokeColor = GRID
        axis.gridStrokeWidth = 0.3
    d.add(plot)

    def px(x: float) -> float:
        return plot.x + (x - x_lo) / (x_hi - x_lo) * plot.width

    def py(y: float) -> float:
        return plot.y + (y - y_lo) / (y_hi - y_lo) * plot.height

    size = 6.0 if len(points) <= 24 else 5.0
    column = (px(x_lo + gap) - px(x_lo))  # points between neighbouring prices
    g = Group()
    for price in prices:
        here = sorted((p for p in points if p["price"] == price),
                      key=lambda p: (p["win_rate"], p["name"]))
        dodge = min(4.0, column * 0.25 / max(1, len(here)))
        right = px(price) + dodge * (len(here) - 1) / 2
        room = max(6, int((column - 6 - (right - px(price))) / (size * 0.55)))
        placed = -1e9
        for i, p in enumerate(here):
            x = px(price) + dodge * (i - (len(here) - 1) / 2)
            y = py(100 * p["win_rate"])
            color = RED if p.get("flagged") else BLUE
            g.add(Line(x, py(100 * p["low"]), x, py(100 * p["high"]),
                       strokeColor=RED if p.get("flagged") else GRID, strokeWidth=0.7))
            g.add(Rect(x - 1.8, y - 1.8, 3.6, 3.6, fillColor=color, strokeColor=None))
            label_y = max(y - size / 3, placed + size + 0.6)
            placed = label_y
            if label_y - (y - size / 3) > 1.5:  # moved up: tie it to its dot
                g.add(Line(x + 1.8, y, right + 3.5, label_y + size / 3, strokeColor=GRID,
                           strokeWidth=0.4))
            g.add(String(right + 4, label_y, _short(p["name"], room), fontName=FONT,
                         fontSize=size, fillColor=RED if p.get("flagged") else INK))
    d.add(g)
    label = curve.get("label", "price")
    d.add(String(plot.x + plot.width / 2, 8, f"printed {label} (line: the fitted "
                 "monotone curve; red: flagged cards)", fontName=FONT, fontSize=8,
                 textAnchor="middle", fillColor=INK))
    side = Group(String(0, 0, "win rate of decks holding the card, %", fontName=FONT,
                        fontSize=8, textAnchor="middle", fillColor=INK))
    side.rotate(90)
    outer = Group(side)
    outer.translate(14, plot.y + plot.height / 2)
    d.add(outer)
    return d
