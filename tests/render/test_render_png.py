"""The Pillow backend: pixel sizes at a DPI, colours where the display list puts them."""

import pytest

from toolkit.render import png
from toolkit.render.display import DisplayList, Rect, evaluate


def test_poker_card_at_300_dpi_with_its_rounded_corners(poker_layout):
    """The layout's `radius = "3mm"` is drawn: the corners are transparent."""
    lay, card = poker_layout
    img = png.render(evaluate(lay, card), 300)
    assert img.size == (744, 1039) and img.mode == "RGBA"
    assert img.getpixel((0, 0))[3] == 0 and img.getpixel((743, 1038))[3] == 0
    assert img.getpixel((372, 0))[3] == 255 and img.getpixel((0, 520))[3] == 255
    r = round(3 / 25.4 * 300)  # 35 px: just inside the arc is opaque, outside transparent
    assert img.getpixel((r // 2, r // 2))[3] > 200 and img.getpixel((3, 3))[3] == 0


def test_square_cards_and_bleed_stay_opaque(poker_layout):
    lay, card = poker_layout
    assert png.render(evaluate(lay, card, bleed=3), 300).mode == "RGB"  # the shop cuts
    square = DisplayList(20, 10, (Rect(0, 0, 20, 10, "#ffffff"),))
    assert png.render(square, 100).mode == "RGB"


def test_bleed_makes_the_image_larger(poker_layout):
    lay, card = poker_layout
    dl = evaluate(lay, card, bleed=3)
    img = png.render(dl, 300)
    assert img.size == (round(69 / 25.4 * 300), round(94 / 25.4 * 300)) == (815, 1110)
    assert img.getpixel((2, 2)) == img.getpixel((40, 40))  # background runs into the bleed


@pytest.mark.parametrize(("dpi", "size"), [(150, (372, 520)), (72, (179, 249))])
def test_other_dpis(poker_layout, dpi, size):
    lay, card = poker_layout
    assert png.render(evaluate(lay, card), dpi).size == size


def test_colours_land_where_the_ops_say():
    dl = DisplayList(20, 10, (Rect(0, 0, 20, 10, "#ffffff"), Rect(10, 0, 10, 10, "#ff0000")))
    img = png.render(dl, 254)  # 10 px per mm
    assert img.size == (200, 100)
    assert img.getpixel((95, 50)) == (255, 255, 255)
    assert img.getpixel((105, 50)) == (255, 0, 0)


def test_round_badge_is_transparent_outside_the_circle(badge_layout):
    lay, card = badge_layout
    img = png.render(evaluate(lay, card), 300)
    assert img.size == (449, 449) and img.mode == "RGBA"
    assert img.getpixel((2, 2))[3] == 0
    assert img.getpixel((224, 224))[3] == 255
    r, g, b, _ = img.getpixel((224, 6))  # the gold rim at the top
    assert (r, g, b) == (0xd4, 0xaf, 0x37)


def test_art_is_drawn_cropped(art_dir):
    from tests.render.render_fixtures import parse_toml

    lay = parse_toml('[card]\nwidth = 20\nheight = 20\n[front.art]\nkind = "image"')
    img = png.render(evaluate(lay, {"Art": "art/wide.png"}, base_dir=art_dir), 254)
    assert img.size == (200, 200)
    left, right = img.getpixel((20, 100)), img.getpixel((180, 100))
    assert left[0] > 200 and left[2] < 60 and right[2] > 200 and right[0] < 60


def test_text_is_drawn(poker_layout):
    lay, card = poker_layout
    blank = dict(card, Name="")
    a, b = png.render(evaluate(lay, card), 100), png.render(evaluate(lay, blank), 100)
    box = (20, 20, 228, 50)  # the name box
    assert a.crop(box).tobytes() != b.crop(box).tobytes()
