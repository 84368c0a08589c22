"""Evaluating layouts into display lists: ops, styles, bleed, art, warnings, JSON."""

import json

import pytest

from tests.render.render_fixtures import parse_toml
from toolkit.render.display import (
    Circle,
    ClipRound,
    DisplayList,
    Icon,
    Image,
    Line,
    Rect,
    Text,
    evaluate,
)

LAYOUT = """
[card]
size = "poker"
[styles.rim]
by = "Rank"
Gold = "#d4af37"
default = "#777777"
[front.bg]
kind = "rect"
fill = "style:rim"
bleed = true
[front.frame]
kind = "rect"
x = 3
y = 3
width = 57
height = 82
stroke = "#000"
[front.name]
kind = "text"
text = "{Name} ({Rank})"
x = 5
y = 5
width = 53
height = 8
[front.types]
kind = "icons"
column = "Types"
x = 5
y = 15
width = 53
height = 6
[front.active]
kind = "rect"
when = "Active"
fill = "#f00"
[front.art]
kind = "image"
x = 5
y = 25
width = 53
height = 40
"""


def ops_of(dl, kind):
    return [op for op in dl.ops if isinstance(op, kind)]


def test_ops_in_order_with_styles():
    lay = parse_toml(LAYOUT)
    dl = evaluate(lay, {"Name": "Ember Fox", "Rank": "gold", "Types": "Blade, Flying"})
    assert (dl.width, dl.height, dl.bleed, dl.round) == (63, 88, 0, False)
    bg, frame = ops_of(dl, Rect)[:2]
    assert bg == Rect(0, 0, 63, 88, "#d4af37", None, 0.3, 0.0)
    assert frame.stroke == "#000000" and frame.fill is None
    (text,) = ops_of(dl, Text)
    assert text.spans[0].text == "Ember Fox (gold)"
    icons = ops_of(dl, Icon)
    assert [i.glyph for i in icons] == ["blade", "flying"] and icons[0].style == "type"
    assert dl.warnings == ()
    other = evaluate(lay, {"Name": "X", "Rank": "Tin", "Types": []})
    assert ops_of(other, Rect)[0].fill == "#777777"  # the style's default
    assert not ops_of(other, Icon)


def test_when_condition():
    lay = parse_toml(LAYOUT)
    on = evaluate(lay, {"Name": "A", "Rank": "Gold", "Active": True})
    off = evaluate(lay, {"Name": "A", "Rank": "Gold", "Active": False})
    assert len(ops_of(on, Rect)) == len(ops_of(off, Rect)) + 1


def test_bleed_grows_marked_boxes_only():
    lay = parse_toml(LAYOUT)
    dl = evaluate(lay, {"Name": "A", "Rank": "Gold"}, bleed=3)
    bg, frame = ops_of(dl, Rect)[:2]
    assert (bg.x, bg.y, bg.w, bg.h) == (-3, -3, 69, 94)
    assert (frame.x, frame.y, frame.w, frame.h) == (3, 3, 57, 82)
    assert dl.bleed == 3


def test_round_cards_clip_to_the_circle(badge_layout):
    lay, card = badge_layout
    dl = evaluate(lay, card, bleed=2)
    assert dl.ops[0] == ClipRound(19, 19, 21)
    rim = dl.ops[1]
    assert isinstance(rim, Circle) and rim.r == 21  # the rim grows into the bleed


def test_unknown_icons_get_their_initial(badge_layout):
    lay, card = badge_layout
    card["Types"] = ["Machine", "blade"]
    glyphs = [op.glyph for op in evaluate(lay, card).ops if isinstance(op, Icon)]
    assert glyphs[:2] == ["?M", "blade"]


def test_icon_rows_shrink_to_their_box():
    lay = parse_toml(LAYOUT)
    dl = evaluate(lay, {"Name": "A", "Types": ["Blade"] * 20})
    icons = ops_of(dl, Icon)
    assert icons[0].x >= 5 - 1e-9 and icons[-1].x + icons[-1].size <= 58 + 1e-9


def test_missing_field_and_overflow_warn_with_card_and_box():
    lay = parse_toml(LAYOUT.replace("{Name} ({Rank})", "{Name} {Nmae}"))
    dl = evaluate(lay, {"Name": "Ember Fox " * 80, "Rank": "Gold"})
    assert "card 'Ember Fox Ember" in dl.warnings[0]
    assert any("box 'name': no field 'Nmae'" in w for w in dl.warnings)
    assert any("box 'name': text does not fit" in w for w in dl.warnings)


def test_art_is_cropped_to_fill(art_dir):
    lay = parse_toml(LAYOUT)
    dl = evaluate(lay, {"Name": "A", "Rank": "Gold", "Art": "art/wide.png"}, base_dir=art_dir)
    (img,) = ops_of(dl, Image)
    left, top, right, bottom = img.crop
    assert (top, bottom) == (0, 100)  # a wide picture in a taller box: sides are cut
    assert (right - left) / (bottom - top) == pytest.approx(53 / 40)
    assert (left + right) / 2 == pytest.approx(100)
    (warning,) = dl.warnings  # 100 px over 40 mm is 63 dpi: the art is too small to print
    assert "art 'wide.png' is 63 dpi at its printed size" in warning
    assert warning.fields == ("Art",) and warning.card == "A"


def test_art_at_print_resolution_does_not_warn(tmp_path):
    from PIL import Image as PILImage

    (tmp_path / "art").mkdir()  # 53 × 40 mm at 200 dpi is 418 × 315 px
    PILImage.new("RGB", (420, 320), (9, 9, 9)).save(tmp_path / "art" / "big.png")
    dl = evaluate(parse_toml(LAYOUT), {"Name": "A", "Rank": "Gold", "Art": "art/big.png"},
                  base_dir=tmp_path)
    assert ops_of(dl, Image) and dl.warnings == ()


@pytest.mark.parametrize(("value", "message"), [
    ("art/missing.png", "art file 'art/missing.png' not found"),
    ("../outside.png", "outside the workbook's folder"),
    ("/etc/passwd", "outside the workbook's folder"),
])
def test_bad_art_gives_placeholder_and_warning(art_dir, value, message):
    (art_dir.parent / "outside.png").write_bytes(b"x")
    lay = parse_toml(LAYOUT)
    dl = evaluate(lay, {"Name": "Fox", "Rank": "Gold", "Art": value}, base_dir=art_dir)
    assert not ops_of(dl, Image) and len(ops_of(dl, Line)) == 2
    (warning,) = dl.warnings
    assert warning.startswith("card 'Fox' › box 'art': ") and message in warning


def test_unreadable_art_warns(art_dir):
    (art_dir / "art" / "broken.png").write_bytes(b"not a png")
    dl = evaluate(parse_toml(LAYOUT), {"Name": "Fox", "Rank": "Gold", "Art": "art/broken.png"}, base_dir=art_dir)
    assert "not a readable image" in dl.warnings[0]


def test_empty_art_is_a_quiet_placeholder():
    dl = evaluate(parse_toml(LAYOUT), {"Name": "Fox", "Rank": "Gold", "Art": None})
    assert dl.warnings == () and ops_of(dl, Rect)[-1].fill == "#eeeeee"


def test_json_round_trip_and_determinism(sample):
    lay, card = sample
    a, b = evaluate(lay, card), evaluate(lay, dict(card))
    assert a == b
    text = json.dumps(a.to_json(), sort_keys=True)
    assert text == json.dumps(b.to_json(), sort_keys=True)
    again = DisplayList.from_json(json.loads(text))
    assert json.dumps(again.to_json(), sort_keys=True) == text


def test_back_side(sample):
    lay, card = sample
    back = evaluate(lay, card, "back")
    assert back.ops and back.warnings == ()
    with pytest.raises(ValueError):
        evaluate(lay, card, "side")


def test_separator_drops_empty_parts():
    """A Commander has no Class: `{Rank} · {Class} · {Faction}` with `separator = " · "`
    reads "Commander · Tidewardens", never "Commander ·  · Tidewardens"."""
    layout = parse_toml('[card]\nsize = "poker"\n[front.line]\nkind = "text"\n'
                        'text = "{Rank} · {Class} · {Faction}"\nseparator = " · "\n'
                        'x = 5\ny = 5\nwidth = 53\nheight = 6\nwrap = false\n')

    def line(card):
        texts = [op for op in evaluate(layout, card).ops if isinstance(op, Text)]
        return "".join(span.text for op in texts for span in op.spans)

    assert line({"Rank": "Commander", "Class": "", "Faction": "Tidewardens"}) == \
        "Commander · Tidewardens"
    assert line({"Rank": "Elite", "Class": "Melee", "Faction": "Ashen Court"}) == \
        "Elite · Melee · Ashen Court"
