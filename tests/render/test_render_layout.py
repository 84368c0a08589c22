"""Layout loading: shapes, extends and relative values, styles, located errors."""

import pytest

from tests.render.render_fixtures import parse_toml
from toolkit.core.errors import LayoutError
from toolkit.core.registry import games
from toolkit.render.job import layouts_dir, load_layout, load_layout_file

BASE = """
[card]
size = "poker"
[front.name]
kind = "text"
text = "{Name}"
x = "4mm"
y = "5mm"
width = "55mm"
height = "8mm"
"""


def test_bundled_layouts_load():
    for path in sorted(p for g in games() for p in layouts_dir(g).glob("*.toml")):
        lay = load_layout_file(path)
        assert lay.front and lay.back, path


def test_shapes_and_presets():
    assert parse_toml("[card]\n").shape.width == 63  # poker is the default
    tarot = parse_toml('[card]\nsize = "tarot"\nradius = "4mm"').shape
    assert (tarot.width, tarot.height, tarot.radius) == (70, 120, 4)
    custom = parse_toml('[card]\nwidth = "2.5in"\nheight = "3.5in"').shape
    assert custom.width == pytest.approx(63.5) and custom.height == pytest.approx(88.9)
    badge = parse_toml('[card]\nshape = "round"\ndiameter = 32').shape
    assert badge.round and badge.width == badge.height == 32
    assert parse_toml('[card]\nsize = "round-58"').shape.width == 58
    assert load_layout("warbadge", "badge").shape.round


def test_defaults_cover_the_card():
    lay = parse_toml('[card]\nsize = "mini"\n[front.bg]\nkind = "rect"\nfill = "#fff"')
    box = lay.front[0]
    assert (box.x, box.y, box.width, box.height) == (0, 0, 44, 63)


def test_extends_and_relative_values():
    lay = parse_toml(BASE + """
[front.sub]
extends = "name"
y = "+=9mm"
height = "-=2mm"
x = "50%"
[front.subsub]
extends = "sub"
y = "+=0.5in"
""")
    boxes = {b.name: b for b in lay.front}
    assert boxes["sub"].y == pytest.approx(14) and boxes["sub"].height == pytest.approx(6)
    assert boxes["sub"].x == pytest.approx(31.5) and boxes["sub"].width == 55
    assert boxes["sub"].props["text"] == "{Name}"
    assert boxes["subsub"].y == pytest.approx(14 + 12.7)


def test_a_box_of_another_kind_inherits_geometry_only():
    lay = parse_toml(BASE + '[front.frame]\nextends = "name"\nkind = "rect"\nstroke = "#000"')
    frame = lay.front[1]
    assert frame.kind == "rect" and (frame.x, frame.y, frame.width) == (4, 5, 55)


@pytest.mark.parametrize(("extra", "message"), [
    ('[front.value]\nextends = "vlaue"\nkind = "text"',
     "layouts/test/t.toml › box 'value': extends unknown box 'vlaue'"),
    ('[front.a]\nextends = "b"\n[front.b]\nextends = "a"\nkind = "rect"',
     "layouts/test/t.toml › box 'b': extends cycle a → b → a"),
    ('[front.a]\nextends = "a"\nkind = "rect"', "box 'a': extends cycle a → a"),
    ('[front.a]\nkind = "rect"\nwidth = "3 furlongs"', "box 'a': width: bad length '3 furlongs'"),
    ('[front.a]\nkind = "rect"\ny = "+=3mm"', "box 'a': y = '+=3mm' is relative but the box extends nothing"),
    ('[front.a]\nkind = "txt"', "box 'a': kind must be one of"),
    ('[front.a]\nkind = "text"\ncolr = "#000"', "box 'a': unknown key(s) colr for a text box"),
    ('[front.a]\nkind = "rect"\nfill = "style:nope"', "box 'a': fill uses unknown style 'nope'"),
    ('[front.a]\nkind = "rect"\nfill = "#12"', "box 'a': fill: bad colour"),
    ('[front.a]\nkind = "text"\nfont = "Comic"', "box 'a': font: unknown font 'Comic'"),
    ('[front.a]\nkind = "icons"', "box 'a': an icons box needs `column`"),
    ('[back.a]\nextends = "zz"\nkind = "rect"', "box 'back.a': extends unknown box 'zz'"),
])
def test_errors_are_located(extra, message):
    with pytest.raises(LayoutError) as err:
        parse_toml(BASE + extra)
    assert message in str(err.value)


@pytest.mark.parametrize(("card", "message"), [
    ('[card]\nsize = "jumbo"', "[card]: unknown size 'jumbo'"),
    ('[card]\nshape = "round"', "[card]: a round card needs a diameter"),
    ('[card]\nwidth = 50', "[card]: a custom size needs both width and height"),
    ('[card]\nwidth = "5 parsecs"\nheight = 3', "[card]: bad length"),
])
def test_card_errors(card, message):
    with pytest.raises(LayoutError) as err:
        parse_toml(card)
    assert message in str(err.value)


def test_bad_style_value_is_located():
    with pytest.raises(LayoutError) as err:
        parse_toml('[styles.rim]\nby = "Rank"\nGold = "shiny"\n'
                   '[front.a]\nkind = "rect"\nfill = "style:rim"')
    assert "box 'a' (style 'rim'): fill: bad colour 'shiny'" in str(err.value)


def test_file_errors(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[front.a\n")
    with pytest.raises(LayoutError, match="not valid TOML"):
        load_layout_file(bad)
    with pytest.raises(LayoutError, match="no layout 'nope' for game 'warbadge'.*known: badge"):
        load_layout("warbadge", "nope")
