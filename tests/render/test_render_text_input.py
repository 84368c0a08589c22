"""Real spreadsheets and real fonts: line breaks of every kind, characters Vera lacks set
in a fallback font (embedded in the PDF), characters no font has warned with their field,
and no text at all can crash a render."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from tests.render.render_fixtures import parse_toml
from toolkit.render import fonts, png, textfit, tts
from toolkit.render.display import Text, evaluate
from toolkit.render.sheet import SheetOptions, write_pdf

NAME_BOX = """
[card]
size = "poker"
[front.box]
kind = "rect"
x = 5
y = 5
width = 53
height = 8
stroke = "#000"
[front.name]
kind = "text"
text = "{Name}"
x = 6
y = 5.7
width = 51
height = 6.6
font = "sans-bold"
size = 11
min_size = 5
align = "center"
valign = "middle"
wrap = false
[front.text]
kind = "text"
text = "{Text}"
x = 5
y = 20
width = 53
height = 30
"""


def lines_of(op: Text) -> list[str]:
    """The text of each line (spans on one baseline joined)."""
    rows: dict[float, str] = {}
    for span in op.spans:
        rows[round(span.y, 3)] = rows.get(round(span.y, 3), "") + span.text
    return [rows[y] for y in sorted(rows)]


@pytest.mark.parametrize("name", ["Iron\nWarden", "Iron\rWarden", "Iron\r\nWarden",
                                  "Iron_x000D_\nWarden", "Iron\u2028Warden", "Iron\x0bWarden"])
def test_a_line_break_in_a_name_is_honoured_and_fitted(name):
    """Alt+Enter in Excel, a carriage return, Excel's escape: two lines, inside the box."""
    dl = evaluate(parse_toml(NAME_BOX), {"Name": name, "Text": ""})
    (op,) = [o for o in dl.ops if isinstance(o, Text)]
    assert lines_of(op) == ["Iron", "Warden"]
    ascent, descent = fonts.ascent_descent("VeraBd")
    pt = op.size * 25.4 / 72
    top = min(s.y for s in op.spans) - ascent * pt
    bottom = max(s.y for s in op.spans) - descent * pt
    assert top >= 5.7 - 1e-6 and bottom <= 5.7 + 6.6 + 1e-6  # inside the name's box
    assert top > 5.0 + 0.15 and bottom < 13.0 - 0.15  # clear of the frame's border
    assert dl.warnings == ()


def test_text_lines_split_and_control_characters_vanish():
    fitted = textfit.fit("one\rtwo\tthree\x07", "Vera", 9, 5, 50, 30)
    rows = sorted({round(y, 3) for _, y, _, _ in fitted.spans})
    assert len(rows) == 2
    assert [t for _, _, t, _ in fitted.spans] == ["one", "two three"]


def test_each_character_is_set_in_a_font_that_has_it():
    fitted = textfit.fit("Fox ★ → ⚔ 日本語", "Vera", 9, 5, 60, 20)
    runs = [(t.strip(), f) for _, _, t, f in fitted.spans]
    assert runs == [("Fox", "Vera"), ("★ → ⚔", "DejaVu"), ("日本語", "IPAexGothic")]
    assert fitted.missing == ""
    bold = textfit.fit("**Charge →**", "Vera", 9, 5, 60, 20)
    assert [f for _, _, _, f in bold.spans] == ["VeraBd", "DejaVuBd"]


def test_fallback_widths_are_the_fallback_fonts_own():
    plain = fonts.unit_width("DejaVu", "★")
    assert plain > 0 and fonts.unit_width("Vera", "★") != plain  # Vera's is a .notdef box
    fitted = textfit.fit("a★b", "Vera", 10, 5, 60, 20)
    (_, _, _, f0), (x1, _, _, f1), (x2, _, _, _) = fitted.spans
    assert (f0, f1) == ("Vera", "DejaVu")
    assert x2 - x1 == pytest.approx(plain * 10 * 25.4 / 72)


def test_a_character_no_font_has_is_a_warning_naming_card_box_and_field():
    dl = evaluate(parse_toml(NAME_BOX), {"Name": "Fox", "Text": "Draw 한 card"})
    (warning,) = dl.warnings
    assert warning.startswith("card 'Fox' › box 'text': no font has '한' (U+D55C)")
    assert (warning.card, warning.fields, warning.needle) == ("Fox", ("Text",), "한")


def test_pdf_embeds_the_fallback_fonts_and_nothing_unembedded(tmp_path):
    dl = evaluate(parse_toml(NAME_BOX), {"Name": "★ Fox", "Text": "→ 日本語 ⚔"})
    write_pdf(tmp_path / "d.pdf", "Deck ★", [dl], [dl], SheetOptions(backs=True))
    data = (tmp_path / "d.pdf").read_bytes()
    fonts_named = set(re.findall(rb"/BaseFont /([A-Z]{6}\+[\w-]+)", data))
    names = {n.split(b"+")[1] for n in fonts_named}
    assert {b"DejaVuSans-Bold", b"DejaVuSans", b"IPAexGothic", b"BitstreamVeraSans-Bold"} <= names
    assert data.count(b"/FontFile2") == len(fonts_named)  # every font embedded
    assert b"Helvetica" not in data and b"/Type1" not in data


def test_contact_sheet_with_line_breaks_and_symbols_in_names(tmp_path, poker_layout):
    """Was: RuntimeError raqm_layout() failed, after the PDF was written."""
    lay, card = poker_layout
    faces = [(evaluate(lay, dict(card, Name=name)), 1)
             for name in ("Iron\nWarden", "Old\rMac", "★ Star → 日本", "x" * 300)]
    path = tts.write_contact("deck\n2", faces, tmp_path / "c.png")
    assert Image.open(path).size[0] > 0


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)


@settings(max_examples=60, deadline=None)
@given(name=TEXT, text=TEXT)
def test_no_text_crashes_a_render(tmp_path_factory, name, text):
    """Any Unicode a spreadsheet can hold: control characters, line breaks, combining
    marks, emoji, right-to-left text: laid out, rasterised, imposed, contact-sheeted."""
    tmp = tmp_path_factory.mktemp("fuzz")
    dl = evaluate(parse_toml(NAME_BOX), {"Name": name, "Text": text})
    png.render(dl, 60)
    write_pdf(tmp / "d.pdf", name or "d", [dl])
    tts.write_contact(name or "d", [(dl, 1)], tmp / "c.png", thumb_px=60)
    assert all(isinstance(w, str) for w in dl.warnings)
