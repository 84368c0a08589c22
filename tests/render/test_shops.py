"""Print-on-demand exports (`--for`): per-card images at each shop's pixel size, named in
deck order with their copies, a shop's sizes only, and safe-zone warnings."""

from __future__ import annotations

import csv

import pytest
from PIL import Image

from toolkit.core.errors import InputError
from toolkit.render import shops
from toolkit.render.job import CardFace, PrintOptions, load_layout_file, render_deck

LAYOUT = """
[card]
name = "edge test"
size = "{size}"

[front.bg]
kind = "rect"
fill = "#204060"
bleed = true

[front.title]
kind = "text"
x = "{x}"
y = "10mm"
width = "30mm"
height = "8mm"
text = "{{Name}}"

[back.bg]
kind = "rect"
fill = "#602040"
bleed = true
"""


def layout_file(tmp_path, size="poker", x="8mm"):
    path = tmp_path / f"edge-{size}-{x}.toml"
    path.write_text(LAYOUT.format(size=size, x=x))
    return load_layout_file(path)


@pytest.mark.parametrize(("key", "px"), [("mpc", (822, 1122)), ("tgc", (825, 1125)),
                                          ("drivethrucards", (825, 1125))])
def test_each_shop_gets_its_pixel_size_and_names(tmp_path, key, px):
    lay = layout_file(tmp_path)
    cards = [CardFace({"Name": "Ember Fox"}, lay, 3), CardFace({"Name": "Iron Wall"}, lay, 1)]
    result = render_deck("d", cards, tmp_path / "out", PrintOptions(shop=key))
    folder = tmp_path / "out" / key
    fronts = sorted(p.name for p in (folder / "front").iterdir())
    assert fronts == ["001-ember-fox-x3.png", "002-iron-wall-x1.png"]
    assert sorted(p.name for p in (folder / "back").iterdir()) == ["back.png"]  # shared
    for path in [*(folder / "front").iterdir(), folder / "back" / "back.png"]:
        with Image.open(path) as image:
            assert image.size == px and image.mode == "RGB"
            assert round(image.info["dpi"][0]) == 300
    rows = list(csv.DictReader((folder / "cards.csv").open()))
    assert [(r["front"], r["back"], r["copies"], r["card"]) for r in rows] == [
        ("front/001-ember-fox-x3.png", "back/back.png", "3", "Ember Fox"),
        ("front/002-iron-wall-x1.png", "back/back.png", "1", "Iron Wall")]
    assert folder / "cards.csv" in result.files
    assert not [w for w in result.warnings if "safe zone" in w]


def test_bleed_is_the_shops(tmp_path):
    """The bleed colour reaches the image edge, and the trim sits 36 px in (MPC)."""
    lay = layout_file(tmp_path)
    render_deck("d", [CardFace({"Name": "A"}, lay, 1)], tmp_path / "out",
                PrintOptions(shop="mpc"))
    with Image.open(tmp_path / "out" / "mpc" / "front" / "001-a-x1.png") as image:
        assert image.getpixel((0, 0)) == (0x20, 0x40, 0x60)
        assert image.getpixel((821, 1121)) == (0x20, 0x40, 0x60)
    place = shops.fit(shops.SHOPS["mpc"].sizes[0], 63.0, 88.0)
    assert place.bleed * place.scale == pytest.approx(36 / 300 * 25.4)


def test_text_box_outside_the_safe_zone_warns_located(tmp_path):
    lay = layout_file(tmp_path, x="2mm")
    result = render_deck("d", [CardFace({"Name": "Ember Fox"}, lay, 1)], tmp_path / "out",
                         PrintOptions(shop="tgc"))
    (warning,) = [w for w in result.warnings if "safe zone" in w]
    assert "card 'Ember Fox'" in warning and "box 'title'" in warning
    assert "The Game Crafter" in warning and lay.label in warning
    assert warning.card == "Ember Fox"


def test_a_size_the_shop_does_not_print_is_refused(tmp_path, badge_layout):
    euro = layout_file(tmp_path, size="euro")
    with pytest.raises(InputError, match="MakePlayingCards does not print 59×92 mm cards; "
                                         "its card sizes are poker 2.5×3.5 in"):
        render_deck("d", [CardFace({"Name": "A"}, euro, 1)], tmp_path / "out",
                    PrintOptions(shop="mpc"))
    layout, fields = badge_layout
    with pytest.raises(InputError, match="round 38 mm tokens"):
        render_deck("d", [CardFace(fields, layout, 1)], tmp_path / "out",
                    PrintOptions(shop="tgc"))
    assert not (tmp_path / "out").exists()


def test_tarot_maps_to_the_shops_tarot(tmp_path):
    tarot = layout_file(tmp_path, size="tarot")
    render_deck("d", [CardFace({"Name": "A"}, tarot, 2)], tmp_path / "out",
                PrintOptions(shop="mpc"))
    with Image.open(tmp_path / "out" / "mpc" / "front" / "001-a-x2.png") as image:
        assert image.size == (897, 1497)


def test_unknown_shop_is_a_bad_option(tmp_path, poker_layout):
    layout, fields = poker_layout
    with pytest.raises(InputError, match="--for must be mpc, tgc, drivethrucards"):
        render_deck("d", [CardFace(fields, layout, 1)], tmp_path / "out",
                    PrintOptions(shop="kinkos"))
