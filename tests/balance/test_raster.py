"""Reportlab drawings painted by Pillow land where the PDF puts them."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Group, Rect, String
from reportlab.lib import colors

from toolkit.balance import charts
from toolkit.balance.raster import to_image


def test_shapes_and_text_land_where_the_drawing_puts_them():
    d = Drawing(100, 50)
    d.add(Rect(10, 10, 30, 20, fillColor=colors.red, strokeColor=None))
    d.add(String(60, 30, "Hi", fontName="Vera", fontSize=12))
    image = to_image(d, dpi=72)  # 1 px per point
    assert image.size == (100, 50)
    # y grows upwards in the drawing, downwards in the image: the rect spans rows 20-40
    assert image.getpixel((25, 30)) == (255, 0, 0)
    assert image.getpixel((25, 15)) == (255, 255, 255)
    text = [image.getpixel((x, y)) for x in range(58, 80) for y in range(8, 22)]
    assert min(sum(p) for p in text) < 200  # dark glyph pixels beside the rect


def test_rotated_text_runs_upwards():
    d = Drawing(60, 120)
    g = Group(String(0, 0, "Vertical", fontName="Vera", fontSize=12))
    g.rotate(90)
    outer = Group(g)
    outer.translate(30, 10)
    d.add(outer)
    image = to_image(d, dpi=72).convert("L")
    dark = [(x, y) for x in range(60) for y in range(120) if image.getpixel((x, y)) < 128]
    xs, ys = [p[0] for p in dark], [p[1] for p in dark]
    assert max(ys) - min(ys) > 3 * (max(xs) - min(xs))  # taller than wide
    assert max(xs) <= 31 and min(ys) >= 120 - 10 - 60


def test_a_heatmap_colours_strong_cells_blue_and_weak_ones_red():
    d = charts.heatmap(["A", "B"], [[None, 0.9], [0.1, None]], 0.5, "t")
    image = to_image(d, dpi=72)
    blues = reds = 0
    for x in range(0, image.width, 2):
        for y in range(0, image.height, 2):
            r, g, b = image.getpixel((x, y))
            blues += b > 120 and r < 120
            reds += r > 120 and b < 120
    assert blues > 50 and reds > 50
