"""A designer's own layouts: fixed pictures (`src`), `fit`/`fill`, font files, `[rules]`,
the warning for a box hiding text, backs looked for like layouts, and reloading."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from toolkit.core.errors import LayoutError
from toolkit.core.registry import games
from toolkit.render import art, fonts
from toolkit.render.display import Image as ImageOp
from toolkit.render.display import Text, evaluate
from toolkit.render.job import CardFace, PrintOptions, load_layout_file, render_deck
from toolkit.render.places import LayoutPlaces

CARD = '[card]\nsize = "poker"\n'


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def picture(path: Path, size=(400, 100), color=(30, 60, 160, 255), hole=False) -> Path:
    """A PNG; with `hole`, transparent but for a 10 px border (a frame)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    img = Image.new("RGBA", size, (0, 0, 0, 0) if hole else color)
    if hole:
        ImageDraw.Draw(img).rectangle([0, 0, size[0] - 1, size[1] - 1], outline=color, width=10)
    img.save(path)
    return path


def font_file(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(fonts.path_of("Vera"), path)  # Vera lacks ★: it falls back to DejaVu
    return path


def image_box(src: str, extra: str = "") -> str:
    return (f'[front.pic]\nkind = "image"\nsrc = "{src}"\nx = "10mm"\ny = "10mm"\n'
            f'width = "40mm"\nheight = "40mm"\n{extra}')


def test_a_fixed_picture_fills_its_box_by_default_and_fits_whole_on_request(tmp_path):
    picture(tmp_path / "img" / "logo.png")
    fill = load_layout_file(write(tmp_path, "fill.toml", CARD + image_box("img/logo.png")))
    fit = load_layout_file(write(tmp_path, "fit.toml",
                                 CARD + image_box("img/logo.png", 'fit = "fit"\n')))
    (op,) = evaluate(fill, {"Name": "A"}).ops
    assert isinstance(op, ImageOp) and (op.x, op.y, op.w, op.h) == (10, 10, 40, 40)
    assert op.crop == (150.0, 0.0, 250.0, 100.0)  # the middle square of a 4:1 picture
    (op,) = evaluate(fit, {"Name": "A"}).ops
    assert (op.x, op.y, op.w, op.h) == (10, 25, 40, 10)  # whole, letterboxed, centred
    assert op.crop == (0.0, 0.0, 400.0, 100.0)
    assert fill.files == (tmp_path / "fill.toml", (tmp_path / "img" / "logo.png").resolve())
    assert fill.front[0].fixed  # the same on every card: drawn once


def test_fit_also_applies_to_card_art(tmp_path):
    picture(tmp_path / "art.png", (100, 400))
    lay = load_layout_file(write(tmp_path, "a.toml", CARD + '[front.art]\nkind = "image"\n'
                                 'width = "40mm"\nheight = "40mm"\nfit = "fit"\n'))
    (op,) = evaluate(lay, {"Name": "A", "Art": "art.png"}, base_dir=tmp_path).ops
    assert (op.x, op.y, op.w, op.h) == (15, 0, 10, 40)
    with pytest.raises(LayoutError, match=r"box 'art': fit: expected \"fill\""):
        load_layout_file(write(tmp_path, "b.toml", CARD + '[front.art]\nkind = "image"\n'
                               'fit = "stretch"\n'))


@pytest.mark.parametrize(("src", "message"), [
    ("../outside.png", "image path '../outside.png' is outside the layout's folder"),
    ("ABSOLUTE", "is outside the layout's folder"),
    ("img/none.png", "image file 'img/none.png' not found"),
    ("img/damaged.png", "src 'img/damaged.png' is not a readable image"),
])
def test_a_bad_picture_is_a_located_layout_error(tmp_path, src, message):
    folder = tmp_path / "layouts"
    picture(tmp_path / "outside.png")
    (folder / "img").mkdir(parents=True)
    (folder / "img" / "damaged.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
    src = str(tmp_path / "outside.png") if src == "ABSOLUTE" else src
    with pytest.raises(LayoutError, match=rf"card.toml › box 'pic': .*{message}"):
        load_layout_file(write(folder, "card.toml", CARD + image_box(src)))


def test_a_decompression_bomb_is_refused_unread(tmp_path, monkeypatch):
    picture(tmp_path / "big.png", (200, 200))
    monkeypatch.setattr(art, "MAX_PIXELS", 10_000)
    with pytest.raises(LayoutError, match="box 'pic': src 'big.png' would decode to 40,000 "
                                          "pixels"):
        load_layout_file(write(tmp_path, "card.toml", CARD + image_box("big.png")))


def test_a_font_file_is_used_in_both_backends_and_falls_back_for_missing_glyphs(tmp_path):
    font_file(tmp_path / "fonts" / "My Font.ttf")
    lay = load_layout_file(write(tmp_path, "card.toml", CARD + '[front.name]\nkind = "text"\n'
                                 'text = "{Name}"\nfont = "fonts/My Font.ttf"\nsize = 12\n'))
    name = lay.front[0].props["font"]
    assert name.startswith("MyFont-") and fonts.path_of(name) == str(
        (tmp_path / "fonts" / "My Font.ttf").resolve())
    (text,) = evaluate(lay, {"Name": "Star ★"}).ops
    assert isinstance(text, Text)
    assert [s.font for s in text.spans] == [name, "DejaVu"]  # ★ from the fallback
    result = render_deck("d", [CardFace({"Name": "Star ★"}, lay)], tmp_path / "out",
                         PrintOptions(png=True, contact=False))
    assert not result.warnings
    assert (tmp_path / "out" / "png" / "01-star.png").exists()
    assert (tmp_path / "fonts" / "My Font.ttf").resolve() in lay.files


def test_a_bad_font_file_is_a_located_layout_error(tmp_path):
    write(tmp_path, "fonts/bad.ttf", "not a font")
    with pytest.raises(LayoutError, match=r"box 'name': font 'fonts/bad.ttf': not a usable"):
        load_layout_file(write(tmp_path, "card.toml", CARD + '[front.name]\nkind = "text"\n'
                               'font = "fonts/bad.ttf"\n'))
    with pytest.raises(LayoutError, match="box 'name': font: font path '../x.ttf' is outside"):
        load_layout_file(write(tmp_path, "b.toml", CARD + '[front.name]\nkind = "text"\n'
                               'font = "../x.ttf"\n'))


def test_a_font_with_postscript_outlines_is_refused_with_the_reason(tmp_path):
    pytest.importorskip("fontTools")
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef"])
    builder.setupCharacterMap({})
    builder.setupCFF("T", {"FullName": "T"}, {".notdef": T2CharStringPen(500, None)
                                             .getCharString()}, {})
    builder.setupHorizontalMetrics({".notdef": (500, 0)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "T", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    builder.save(str(tmp_path / "cff.otf"))
    with pytest.raises(LayoutError, match=r"font 'cff.otf': it has PostScript \(CFF\)"):
        load_layout_file(write(tmp_path, "card.toml", CARD + '[front.name]\nkind = "text"\n'
                               'font = "cff.otf"\n'))


def test_a_picture_chosen_by_a_style(tmp_path):
    picture(tmp_path / "gold.png", color=(200, 160, 40, 255))
    picture(tmp_path / "grey.png", color=(90, 90, 90, 255))
    lay = load_layout_file(write(tmp_path, "card.toml", CARD + '[styles.frame]\nby = "Rank"\n'
                                 'Gold = "gold.png"\ndefault = "grey.png"\n'
                                 + image_box("style:frame")))
    gold, = evaluate(lay, {"Rank": "Gold"}).ops
    other, = evaluate(lay, {"Rank": "Bronze"}).ops
    assert Path(gold.path).name == "gold.png" and Path(other.path).name == "grey.png"
    with pytest.raises(LayoutError, match="style 'frame'.*image file 'none.png' not found"):
        load_layout_file(write(tmp_path, "b.toml", CARD + '[styles.frame]\nby = "Rank"\n'
                               'Gold = "none.png"\n' + image_box("style:frame")))


def test_a_box_hiding_a_text_box_is_a_warning_naming_both(tmp_path):
    text = '[front.rules]\nkind = "text"\ntext = "{Text}"\ny = "50mm"\nheight = "20mm"\n'
    cover = '[front.sticker]\nkind = "rect"\nfill = "#ff0000"\ny = "48mm"\nheight = "30mm"\n'
    lay = load_layout_file(write(tmp_path, "a.toml", CARD + text + cover))
    (warning,) = lay.warnings
    assert warning.endswith("a.toml › box 'sticker' hides text box 'rules' (100% of it)")
    under = load_layout_file(write(tmp_path, "b.toml", CARD + cover + text))
    assert under.warnings == ()  # drawn before the text: a background
    outline = cover.replace('fill = "#ff0000"', 'stroke = "#ff0000"')
    assert load_layout_file(write(tmp_path, "c.toml", CARD + text + outline)).warnings == ()
    either = CARD + text.replace("{Text}", "Rules") + 'when = "Kind=Spell"\n' \
        + cover + 'when = "Kind=Unit"\n'
    assert load_layout_file(write(tmp_path, "d.toml", either)).warnings == ()


def test_a_frame_with_a_transparent_window_hides_nothing(tmp_path):
    picture(tmp_path / "frame.png", (630, 880), hole=True)
    picture(tmp_path / "solid.png", (630, 880))
    text = '[front.rules]\nkind = "text"\ntext = "{Text}"\nx = "10mm"\ny = "50mm"\n' \
           'width = "40mm"\nheight = "20mm"\n'
    frame = '[front.frame]\nkind = "image"\nsrc = "frame.png"\n'
    assert load_layout_file(write(tmp_path, "a.toml", CARD + text + frame)).warnings == ()
    solid = load_layout_file(write(tmp_path, "b.toml",
                                   CARD + text + frame.replace("frame.png", "solid.png")))
    assert len(solid.warnings) == 1 and "box 'frame' hides text box 'rules'" in \
        solid.warnings[0]


def test_no_built_in_layout_hides_its_own_text():
    for game in games().values():
        for path in sorted(game.layouts.glob("*.toml")):
            assert load_layout_file(path).warnings == (), path


def test_a_rules_table_is_kept_and_otherwise_ignored(tmp_path):
    lay = load_layout_file(write(tmp_path, "a.toml", CARD + '[rules]\ndeck_size = 40\n'
                                 '[rules.columns.Suit]\nallowed = ["Hearts", "Spades"]\n'))
    assert lay.rules == {"deck_size": 40, "columns": {"Suit": {"allowed": ["Hearts", "Spades"]}}}
    assert load_layout_file(write(tmp_path, "b.toml", CARD)).rules == {}
    with pytest.raises(LayoutError, match=r"\[rules\] must be a table"):
        load_layout_file(write(tmp_path, "c.toml", 'rules = 3\n' + CARD))


def test_a_back_is_looked_for_as_layouts_are(tmp_path):
    builtin = tmp_path / "builtin"
    write(builtin, "card.toml", CARD + 'back = "plain"\n[front.n]\nkind = "text"\n'
          'text = "{Name}"\n')
    write(builtin, "plain.toml", CARD + '[back.bg]\nkind = "rect"\nfill = "#111111"\n')
    workbook = tmp_path / "project" / "deck.xlsx"
    mine = write(tmp_path / "project" / "layouts" / "g", "plain.toml",
                 CARD + '[back.bg]\nkind = "rect"\nfill = "#00ff00"\n')
    places = LayoutPlaces("g", builtin, workbook)
    lay = load_layout_file(places.find("card"), places)
    assert evaluate(lay, {}, "back").ops[0].fill == "#00ff00"  # the designer's back
    assert mine in lay.files
    assert evaluate(load_layout_file(builtin / "card.toml"), {}, "back").ops[0].fill == \
        "#111111"  # no places: beside the file, as before
    one = write(tmp_path / "elsewhere", "one.toml", CARD + 'back = "plain"\n')
    beside = write(tmp_path / "elsewhere", "plain.toml",
                   CARD + '[back.bg]\nkind = "rect"\nfill = "#0000ff"\n')
    solo = LayoutPlaces("g", builtin, workbook, file=one)
    lay = load_layout_file(solo.find("anything"), solo)
    assert evaluate(lay, {}, "back").ops[0].fill == "#0000ff" and beside in lay.files
    lost = LayoutPlaces("g", builtin, workbook, file=write(tmp_path, "x.toml",
                                                           CARD + 'back = "gone"\n'))
    with pytest.raises(LayoutError, match=r"\[card\] back: no layout 'gone' for game 'g'"):
        load_layout_file(lost.find("x"), lost)


def test_a_layout_is_read_again_when_a_file_it_uses_changes(tmp_path):
    pic = picture(tmp_path / "logo.png", (400, 100))
    path = write(tmp_path, "a.toml", CARD + image_box("logo.png", 'fit = "fit"\n'))
    first = load_layout_file(path)
    assert load_layout_file(path) is first
    picture(pic, (100, 100))
    os.utime(pic, ns=(1, 1))  # a save the clock cannot hide
    again = load_layout_file(path)
    assert again is not first
    assert evaluate(again, {}).ops[0].h == 40  # the new, square picture
