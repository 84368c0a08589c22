"""WarBadge symbols: one distinct glyph per type and ability, four bases, letter fallback."""

from toolkit.render import icons, png
from toolkit.render.display import DisplayList, Icon

TYPES = ["Ranged", "Magic", "Stealth", "Flying", "Blade", "Holy", "Abomination", "Armor"]
ABILITIES = ["Altruism", "Charge", "Death Curse", "Enervate", "Fast", "Feed", "Heal", "Hide",
             "Illusion", "Inspire", "Lead", "Mount", "Poison", "Protect", "Rage", "Regenerate",
             "Resurrect", "Revenge", "Swarm"]


def test_every_rulebook_name_has_its_own_glyph():
    keys = [icons.glyph_key(n) for n in TYPES + ABILITIES]
    assert not any(k.startswith("?") for k in keys)
    assert len(set(keys)) == 27
    shapes = {icons.glyph(k) for k in keys}
    assert len(shapes) == 27  # no two glyphs are drawn the same


def test_glyphs_stay_in_the_unit_box():
    for style in icons.STYLES:
        for key in [*icons.glyphs(), "?Q"]:
            for s in icons.icon_shapes(key, style):
                if s.kind == "text":  # r is the letter's cap height, centred
                    assert s.r <= 0.7
                    continue
                ext = (s.r if s.kind == "circle" else 0.0) + s.width / 2
                for x, y in s.points:
                    assert -0.03 <= x - ext and x + ext <= 1.03, (key, style, s)
                    assert -0.03 <= y - ext and y + ext <= 1.03, (key, style, s)


def test_unknown_names_show_their_initial():
    assert icons.glyph_key("Machine") == "?M"
    assert icons.glyph_key("beast") == "?B"
    (letter,) = icons.glyph("?M")
    assert letter.kind == "text" and letter.text == "M"


def test_bases_tell_the_property_kind():
    def base_color(style):
        return icons.icon_shapes("blade", style)[0].color

    assert base_color("type") == "#111111"  # black circle
    assert base_color("strength") == "#2e7d32"  # green shield
    assert base_color("weakness") == "#c62828"  # red skull
    assert base_color("ability") == "#ef7d00"  # orange star
    glyph = icons.icon_shapes("blade", "type")[1:]
    assert all(s.color == "#ffffff" for s in glyph)  # white symbols


def test_icons_rasterise_white_on_their_base():
    dl = DisplayList(10, 10, (Icon("heal", "type", 0, 0, 10),))
    img = png.render(dl, 254)  # 100 px
    assert img.getpixel((50, 50)) == (255, 255, 255)  # the white cross's centre
    assert img.getpixel((50, 8)) == (17, 17, 17)  # the black circle
    assert img.getpixel((1, 1)) == (255, 255, 255)  # outside the circle
