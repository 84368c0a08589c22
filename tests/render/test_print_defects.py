"""The last home-printer defects (issue 27): WarBadge art and text, back offsets on
landscape pages and the calibration sheet for them, poster margins and footers, emoji,
one PNG per distinct back, TTS grids sized to the deck, cut lines on part-filled pages,
and paper sizes beyond A4 and Letter."""

from __future__ import annotations

import math
import shutil
import subprocess

import pytest
from PIL import Image
from typer.testing import CliRunner

from tests.render.render_fixtures import parse_toml
from toolkit.cli.main import app
from toolkit.render import calibration, fonts, png, poster, sheet, sizes, tts
from toolkit.render.display import DisplayList, Rect, Text, evaluate
from toolkit.render.display import Image as ImageOp
from toolkit.render.job import CardFace, PrintOptions, render_deck
from toolkit.render.sheet import SheetOptions, make_grid, write_pdf
from toolkit.render.units import MM

FOX_TEXT = ("Resurrect. Pre-Battle: reveal to return a badge of value X-1 exhausted. Heal. "
            "Post-Battle: reveal to save a badge of value X or less (X = this value).")


def _pdftoppm():
    path = shutil.which("pdftoppm")
    if not path:
        pytest.skip("pdftoppm not installed")
    return path


# 1. WarBadge prints its art and text ---------------------------------------------------

def _badge_with(badge_layout, tmp_path, pixels):
    lay, card = badge_layout
    Image.new("RGB", pixels, (30, 120, 200)).save(tmp_path / "fox.png")
    card = dict(card, Art=str(tmp_path / "fox.png"), Text=FOX_TEXT)
    return evaluate(lay, card, base_dir=tmp_path)


def test_a_badge_draws_its_art_inside_the_face_and_its_text(tmp_path, badge_layout):
    dl = _badge_with(badge_layout, tmp_path, (400, 300))
    (art,) = [op for op in dl.ops if isinstance(op, ImageOp)]
    r, cx, cy = 16.6, 19.0, 19.0  # the face disc inside the rim
    for x, y in ((art.x, art.y), (art.x + art.w, art.y), (art.x, art.y + art.h),
                 (art.x + art.w, art.y + art.h)):
        assert math.hypot(x - cx, y - cy) <= r, (x, y)
    assert art.y + art.h < 19.0  # the upper part
    words = " ".join(s.text for op in dl.ops if isinstance(op, Text) for s in op.spans)
    assert "Resurrect." in words and "(X = this value)." in words  # all of it, not cut
    sizes_pt = [op.size for op in dl.ops if isinstance(op, Text)
                if any("Resurrect" in s.text for s in op.spans)]
    assert sizes_pt and min(sizes_pt) >= 4.0  # readable at badge size
    assert not [w for w in dl.warnings if "overflow" in w or "cut" in w]


def test_low_resolution_badge_art_is_warned(tmp_path, badge_layout):
    dl = _badge_with(badge_layout, tmp_path, (40, 30))
    assert any("dpi at its printed size" in w and "box 'art'" in w for w in dl.warnings)
    sharp = _badge_with(badge_layout, tmp_path, (400, 300))
    assert not any("dpi" in w for w in sharp.warnings)


def test_a_badge_without_art_keeps_its_value_on_top(badge_layout):
    lay, card = badge_layout
    dl = evaluate(lay, card)
    assert not [op for op in dl.ops if isinstance(op, ImageOp)]
    assert not [op for op in dl.ops if isinstance(op, Rect) and op.fill == "#e9e6de"]


def test_warbadge_printing_passes_art_and_text(tmp_path):
    from toolkit.games.warbadge.models import Badge

    badge = Badge(name="Fox", rank="Gold", value=3, types=["Blade"], text="Fast.",
                  art="fox.png", art_path=tmp_path / "fox.png")
    fields = badge.fields()
    assert fields["Art"] == tmp_path / "fox.png" and fields["Text"] == "Fast."


# 2. back offsets in the calibration sheet's frame -------------------------------------

def _backs(tmp_path, orientation: str, offset: tuple[float, float], poker_layout):
    lay, card = poker_layout
    fronts = [evaluate(lay, card)] * 4
    backs = [evaluate(lay, card, "back")] * 4
    return write_pdf(tmp_path / "d.pdf", "D", fronts, backs,
                     SheetOptions(backs=True, back_offset=offset, orientation=orientation))


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_a_back_offset_moves_backs_along_the_papers_short_side(tmp_path, poker_layout,
                                                               orientation):
    """X of --back-offset is along the paper's 210 mm side, as on the calibration sheet:
    across a portrait page, down a landscape one."""
    plain = _backs(tmp_path, orientation, (0.0, 0.0), poker_layout)[1]
    moved = _backs(tmp_path, orientation, (3.0, 0.0), poker_layout)[1]
    assert plain.side == moved.side == "back"
    landscape = plain.width > plain.height
    assert landscape == (orientation == "landscape")
    for a, b in zip(plain.placements, moved.placements, strict=True):
        dx, dy = (b.x - a.x) / MM, -(b.y - a.y) / MM  # mm right, mm down
        short_side = dy if landscape else dx
        long_side = dx if landscape else dy
        assert short_side == pytest.approx(3.0) and long_side == pytest.approx(0.0)
    y_moved = _backs(tmp_path, orientation, (0.0, 2.0), poker_layout)[1]
    for a, b in zip(plain.placements, y_moved.placements, strict=True):
        dx, dy = (b.x - a.x) / MM, -(b.y - a.y) / MM
        assert (dx, dy) == (pytest.approx(-2.0), pytest.approx(0.0)) if landscape else \
            (dx, dy) == (pytest.approx(0.0), pytest.approx(2.0))


def test_the_landscape_calibration_sheet_reads_what_print_shifts(tmp_path):
    front, back = calibration.write("a4", tmp_path / "c.pdf", "long", landscape=True)
    assert front.width > front.height and back.width > back.height
    w, h = front.width / MM, front.height / MM
    marks = calibration.marks("a4", landscape=True)
    # turned over the long edge of a landscape page, the backs mirror top to bottom
    for (fx, fy), place in zip(marks, back.placements, strict=True):
        bx, by = place.x / MM + calibration.CROSS, h - place.y / MM - calibration.CROSS
        assert (bx, h - by) == (pytest.approx(fx), pytest.approx(fy))
    # the level scale reads Y (numbers growing to the left), the upright one X: a reading
    # (X, Y) fed back through page_offset is the page shift that puts the mark there
    (level, level_sign), (upright, upright_sign) = calibration.scale_axes(True)
    assert (level, upright) == ("Y", "X")
    for reading_x, reading_y in ((1.5, 0.0), (0.0, -2.0), (1.0, 2.5)):
        page_dx = (reading_y if level == "Y" else reading_x) / level_sign
        page_dy = (reading_x if upright == "X" else reading_y) / upright_sign
        assert sheet.page_offset((reading_x, reading_y), True) == \
            (pytest.approx(page_dx), pytest.approx(page_dy))
    assert calibration.scale_axes(False) == (("X", 1), ("Y", 1))
    assert w == pytest.approx(297.0)


def test_calibrate_landscape_and_paper_from_the_command_line(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["calibrate", "--landscape", "--paper", "13x19in",
                                 "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "calibrate-13x19in-landscape-long.pdf").is_file()
    bad = runner.invoke(app, ["calibrate", "--paper", "b9", "-o", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "--paper must be" in bad.output
    assert not (tmp_path / "x").exists()


# 3. posters keep the margin ------------------------------------------------------------

def _board(width: float, height: float) -> DisplayList:
    return DisplayList(width, height, (Rect(0, 0, width, height, fill="#202020"),))


@pytest.mark.parametrize("size", [(150, 200), (500, 400)])
def test_poster_pages_leave_the_margin_blank(tmp_path, size):
    """Rasterised, the outer 5 mm of every poster page is white: the drawing, the footer
    and its scale bar all stay inside the margin."""
    pdftoppm = _pdftoppm()
    title = "Warblitz (Warband Lite Core) · battlefield with a long title " * 2
    poster.write_poster(tmp_path / "b.pdf", title, _board(*size))
    subprocess.run([pdftoppm, "-png", "-r", "100", "-gray", str(tmp_path / "b.pdf"),
                    str(tmp_path / "p")], check=True)
    pages = sorted(tmp_path.glob("p-*.png"))
    assert pages
    for path in pages:
        img = Image.open(path).convert("L")
        edge = math.floor(4.8 / 25.4 * 100)  # the strip, less anti-aliasing at 5 mm
        w, h = img.size
        for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
            assert img.crop(box).getextrema()[0] >= 250, (path.name, box)
        band = img.crop((edge, h - edge - math.ceil(6 / 25.4 * 100), w - edge, h - edge))
        assert band.getextrema()[0] < 128  # the footer is there, just inside the margin


def test_a_long_footer_wraps_rather_than_being_cut():
    text = ("Warblitz (Warband Lite Core) · battlefield · page 1/6 · tile A1 (row 1/3, "
            "column 1/2) · cut on the dashed line, align the crosshairs · " * 2).strip()
    room = 120 * MM  # beside the scale bar on a portrait A4 page
    size, lines = sheet.footer_lines(text, room)
    assert len(lines) == 2 and " ".join(lines) == " ".join(text.split())
    assert all(fonts.unit_width("Vera", line) * size <= room + 1e-6 for line in lines)
    assert sheet.footer_lines("short", room) == (6.0, ["short"])


# 4. emoji ------------------------------------------------------------------------------

def test_emoji_are_drawn_from_an_installed_outline_font(tmp_path):
    if fonts.fallback_path("NotoEmoji") is None:
        pytest.skip("manimgx-fonts (Noto Emoji) not installed")
    lay = parse_toml('[card]\nsize = "poker"\n[front.t]\nkind = "text"\ntext = "{Name}"\n'
                     'x = "5mm"\ny = "5mm"\nwidth = "50mm"\nheight = "20mm"\nsize = 40\n')
    dl = evaluate(lay, {"Name": "🔥🛡"})
    assert not [w for w in dl.warnings if "no font has" in w]
    assert {span.font for op in dl.ops if isinstance(op, Text) for span in op.spans} == \
        {"NotoEmoji"}
    write_pdf(tmp_path / "e.pdf", "E", [dl])
    assert b"NotoEmoji" in (tmp_path / "e.pdf").read_bytes()  # embedded, not a box
    ink = png.render(dl, 150).convert("L").crop((0, 0, 300, 150))
    # a .notdef box is an outline: a drawn flame and shield fill far more pixels
    assert sum(ink.point(lambda v: 255 if v < 128 else 0).histogram()[255:]) > 800


# 5. one PNG per distinct back, TTS grids sized to the deck, cut lines ------------------

def test_each_distinct_back_is_written_once(tmp_path):
    lay = parse_toml('[card]\nsize = "mini"\n[front.n]\nkind = "text"\ntext = "{Name}"\n'
                     '[back.bg]\nkind = "rect"\nfill = "style:back"\n[styles.back]\n'
                     'by = "Rank"\nBoss = "#a47e0b"\ndefault = "#222222"\n')
    cards = [CardFace({"Name": f"Grunt {i}", "Rank": "Common"}, lay) for i in range(14)]
    cards.insert(3, CardFace({"Name": "Warlord", "Rank": "Boss"}, lay))
    render_deck("w", cards, tmp_path / "out", PrintOptions(backs=True, png=True))
    backs = sorted(p.name for p in (tmp_path / "out" / "png").glob("*back*.png"))
    assert backs == ["04-warlord-back.png", "back.png"]
    shared = Image.open(tmp_path / "out" / "png" / "back.png").convert("RGB")
    assert shared.getpixel((20, 20)) == (0x22, 0x22, 0x22)


def test_a_small_team_gets_a_small_tts_sheet(tmp_path, badge_layout):
    lay, card = badge_layout
    faces = [(evaluate(lay, dict(card, Name=f"B{i}")), 1) for i in range(6)]
    (sheet_,), _ = tts.write_sheets("team", faces, evaluate(lay, card, "back"), tmp_path)
    assert (sheet_.cols, sheet_.rows) == (4, 2)  # 6 badges and the hidden slot
    img = Image.open(sheet_.path)
    assert img.size == (sheet_.cell[0] * 4, sheet_.cell[1] * 2)
    assert img.size[0] < 4096 / 2
    assert sheet_.cell[0] == tts.cell_size(38, 38, 300)[0] or sheet_.cell[0] >= 440


@pytest.mark.parametrize("count", [1, 2, 5, 13, 30, 68, 69, 70])
def test_tts_grids_stay_within_the_custom_deck_limits(count):
    cols, rows = tts.grid_for(count, 63, 88)
    assert 2 <= cols <= 10 and 2 <= rows <= 7
    assert cols * rows >= min(count, 69) + 1
    cw, ch = tts.cell_size(63, 88, 300, cols, rows)
    assert cw * cols <= 4096 and ch * rows <= 4096


@pytest.mark.parametrize("fold", [False, True])
def test_cut_lines_never_cross_the_empty_slots_of_a_last_page(tmp_path, poker_layout, fold):
    lay, card = poker_layout
    grid = make_grid(63, 88, fold=fold)
    n = grid.per_page + 1  # one card on the last page
    fronts = [evaluate(lay, card)] * n
    backs = [evaluate(lay, card, "back")] * n
    pages = write_pdf(tmp_path / "d.pdf", "D", fronts, backs,
                      SheetOptions(cut_marks="lines", fold=fold))
    last = pages[-1]
    empties = [grid.slot(i) for i in range(1, grid.per_page)]
    if fold:
        empties += [grid.back_slot(i) for i in range(1, grid.per_page)]
    lines = [f for f in last.furniture if f[0] == "cut line"]
    assert lines
    for _, x0, y0, x1, y1 in lines:
        for ex, ey in empties:  # each empty slot's trim box stays clear (a guide along
            # its edge may reach half a stroke, 0.125 mm, into it)
            inside_x = x0 < ex + 63 - 0.2 and x1 > ex + 0.2
            inside_y = y0 < ey + 88 - 0.2 and y1 > ey + 0.2
            assert not (inside_x and inside_y), ((x0, y0, x1, y1), (ex, ey))
    full = [f for f in pages[0].furniture if f[0] == "cut line"]
    assert len(full) >= grid.cols + grid.rows  # a full page keeps every guide


# 6. paper sizes ------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "size"), [
    ("A3", (297, 420)), ("a5", (148, 210)), ("Legal", (215.9, 355.6)),
    ("tabloid", (279.4, 431.8)), ("Ledger", (279.4, 431.8)), ("330x480mm", (330, 480)),
    ("13x19in", (330.2, 482.6)), ("480 × 330 mm", (330, 480)), ("33x48cm", (330, 480)),
])
def test_papers_by_name_and_custom_sizes(name, size):
    assert sizes.paper_size(name) == (pytest.approx(size[0]), pytest.approx(size[1]))


@pytest.mark.parametrize("bad", ["b9", "330x", "10x10mm", "2000x300mm", "13x19ft", ""])
def test_bad_papers_are_one_sentence(bad):
    with pytest.raises(ValueError) as err:
        sizes.paper_size(bad)
    assert str(err.value).startswith("--paper") and str(err.value).count(". ") == 0


@pytest.mark.parametrize("paper", ["a3", "a5", "legal", "tabloid", "330x480mm"])
def test_sheets_on_every_paper_keep_the_margin(tmp_path, poker_layout, paper):
    lay, card = poker_layout
    pages = write_pdf(tmp_path / "d.pdf", "D", [evaluate(lay, card)] * 5,
                      options=SheetOptions(paper))
    w, h = sizes.paper_size(paper)
    page = pages[0]
    assert sorted((page.width / MM, page.height / MM)) == [pytest.approx(w), pytest.approx(h)]
    for _, x0, y0, x1, y1 in page.furniture:
        assert min(x0, y0) >= 5 - 1e-6 and x1 <= page.width / MM - 5 + 1e-6 \
            and y1 <= page.height / MM - 5 + 1e-6


def test_print_takes_a_custom_paper_and_refuses_a_bad_one(tmp_path):
    from tests.helpers import ROOT

    runner = CliRunner()
    deck = ROOT / "toolkit" / "games" / "warbadge" / "content" / "badges.xlsx"
    ok = runner.invoke(app, ["print", "warbadge", "--paper", "A5", "--no-contact",
                             "-o", str(tmp_path / "a5")])
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(app, ["print", "warbadge", str(deck), "--paper", "9x9in x",
                              "-o", str(tmp_path / "bad")])
    assert bad.exit_code == 2 and "pnp: --paper must be" in bad.output
    assert not (tmp_path / "bad").exists()
