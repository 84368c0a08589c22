"""Tabletop Simulator sheets and the contact sheet."""

import json

import pytest
from PIL import Image

from toolkit.render import png, tts
from toolkit.render.display import evaluate


def test_sheet_limits_and_hidden_slot(tmp_path, poker_layout):
    lay, card = poker_layout
    fronts = [(evaluate(lay, dict(card, Name=f"Card {i}")), 2) for i in range(40)]  # 80 copies
    back = evaluate(lay, card, "back")
    sheets, back_path = tts.write_sheets("deck", fronts, back, tmp_path)
    assert [s.path.name for s in sheets] == ["deck-sheet-1-69-cards.png",
                                             "deck-sheet-2-11-cards.png"]
    assert [s.count for s in sheets] == [69, 11]
    manifest = json.loads((tmp_path / "deck-tts.json").read_text())
    assert manifest["cards"] == 80 and not manifest["unique_backs"]
    assert [(m["file"], m["cards"], m["columns"], m["rows"], m["back"])
            for m in manifest["sheets"]] == [
        ("deck-sheet-1-69-cards.png", 69, 10, 7, "deck-back.png"),
        ("deck-sheet-2-11-cards.png", 11, 4, 3, "deck-back.png")]  # sized to its 11 cards
    for s in sheets:
        img = Image.open(s.path)
        assert img.size[0] <= 4096 and img.size[1] <= 4096
        assert img.size == (s.cell[0] * s.cols, s.cell[1] * s.rows)
        cw, ch = s.cell
        assert cw / ch == pytest.approx(63 / 88, abs=0.01)
        c, r = s.cols - 1, s.rows - 1  # the last slot (70 on a full sheet)
        hidden = img.crop((c * cw, r * ch, (c + 1) * cw, (r + 1) * ch))
        assert hidden.tobytes() == Image.open(back_path).tobytes()
    first = Image.open(sheets[0].path)
    cw, ch = sheets[0].cell
    assert first.crop((0, 0, cw, ch)).tobytes() == first.crop((cw, 0, 2 * cw, ch)).tobytes()  # copies
    assert Image.open(back_path).size == sheets[0].cell


@pytest.mark.parametrize(("w", "h"), [(63, 88), (70, 120), (38, 38), (120, 70)])
def test_cell_fits_the_4096_limit(w, h):
    cw, ch = tts.cell_size(w, h, dpi=600)
    assert cw * 10 <= 4096 and ch * 7 <= 4096
    assert cw / ch == pytest.approx(w / h, abs=0.01)


def test_small_cards_keep_their_dpi():
    assert tts.cell_size(25, 25, dpi=300) == (295, 295)


def test_contact_sheet(tmp_path, poker_layout, badge_layout):
    lay, card = poker_layout
    faces = [(evaluate(lay, dict(card, Name=f"C{i}")), i + 1) for i in range(10)]
    path = tts.write_contact("deck", faces, tmp_path / "deck-contact.png", thumb_px=120, cols=4)
    img = Image.open(path)
    assert img.size[0] == 12 + 4 * (120 + 12)
    assert img.size[1] > 3 * png.pixel_size(faces[0][0], 120 / 63 * 25.4)[1]
    badge = tts.write_contact("b", [(evaluate(*badge_layout), 1)], tmp_path / "b.png")
    assert Image.open(badge).size[0] > 200


def test_tts_never_carries_bleed(tmp_path, poker_layout):
    """`--tts --bleed 3`: the sheets hold the trimmed card, as without bleed."""
    from toolkit.render import CardFace, PrintOptions, render_deck

    lay, card = poker_layout
    for bleed, out in ((0, "plain"), (3, "bleed")):
        render_deck("d", [CardFace(card, lay, copies=2)], tmp_path / out,
                    PrintOptions(bleed=bleed, tts=True))
    plain = Image.open(tmp_path / "plain" / "tts" / "d-sheet-1-2-cards.png")
    bled = Image.open(tmp_path / "bleed" / "tts" / "d-sheet-1-2-cards.png")
    assert plain.tobytes() == bled.tobytes()
    cw = plain.size[0] // 2  # two cards and the hidden slot: a 2 × 2 sheet
    assert cw / (plain.size[1] // 2) == pytest.approx(63 / 88, abs=0.01)


def test_badge_sheets_keep_transparency(tmp_path, badge_layout):
    lay, card = badge_layout
    sheets, back = tts.write_sheets("b", [(evaluate(lay, card), 2)], evaluate(lay, card, "back"),
                                    tmp_path)
    img = Image.open(sheets[0].path)
    cw, ch = sheets[0].cell
    assert img.mode == "RGBA"
    assert img.getpixel((1, 1))[3] == 0  # outside the first badge's circle
    assert img.getpixel((cw // 2, ch // 2))[3] == 255  # its middle
    assert (sheets[0].cols, sheets[0].rows) == (2, 2)
    assert img.getpixel((cw // 2, ch + ch // 2))[3] == 0  # the empty slot (the third)
    assert Image.open(back).mode == "RGBA"


def test_different_backs_make_back_sheets(tmp_path):
    from tests.render.render_fixtures import parse_toml

    lay = parse_toml('[card]\nsize = "mini"\n[front.n]\nkind = "text"\ntext = "{Name}"\n'
                     '[back.n]\nkind = "text"\ntext = "back of {Name}"\n')
    faces = [(evaluate(lay, {"Name": n}), 1) for n in ("A", "B")]
    backs = [evaluate(lay, {"Name": n}, "back") for n in ("A", "B")]
    (sheet,), _ = tts.write_sheets("d", faces, backs, tmp_path)
    assert sheet.back_path.name == "d-back-sheet-1-2-cards.png"
    manifest = json.loads((tmp_path / "d-tts.json").read_text())
    assert manifest["unique_backs"] and manifest["sheets"][0]["back"] == sheet.back_path.name
    img = Image.open(sheet.back_path)
    cw, ch = sheet.cell
    assert img.crop((0, 0, cw, ch)).tobytes() != img.crop((cw, 0, 2 * cw, ch)).tobytes()


def test_contact_sheet_is_a_quick_look_at_big_decks(tmp_path, poker_layout):
    lay, card = poker_layout
    faces = [(evaluate(lay, dict(card, Name=f"C{i}")), 1) for i in range(tts.CONTACT_MAX + 5)]
    img = Image.open(tts.write_contact("deck", faces, tmp_path / "c.png", thumb_px=40))
    rows = -(-tts.CONTACT_MAX // 8)
    assert img.size[1] < (rows + 1) * (png.pixel_size(faces[0][0], 40 / 63 * 25.4)[1] + 42) + 44
