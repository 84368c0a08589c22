"""Imposition measured: page sizes, cut boxes, margins, counts, mirrored backs, offset."""

import re
import shutil
import subprocess

import pytest

from toolkit.render import calibrate
from toolkit.render.display import evaluate
from toolkit.render.sheet import SheetOptions, make_grid, write_pdf
from toolkit.render.units import MM

PAGE = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def media_boxes(path):
    data = path.read_bytes()
    return [tuple(float(v) for v in m.groups())
            for m in re.finditer(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)]


def deck(layout, card, n):
    return [evaluate(layout, card)] * n


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_per_page_portrait(tmp_path, poker_layout, paper):
    lay, card = poker_layout
    pages = write_pdf(tmp_path / "d.pdf", "Deck", deck(lay, card, 20), options=SheetOptions(paper))
    assert [len(p.placements) for p in pages] == [9, 9, 2]
    w, h = PAGE[paper]
    assert media_boxes(tmp_path / "d.pdf") == [(pytest.approx(w, abs=0.01),
                                                pytest.approx(h, abs=0.01))] * 3
    for page in pages:
        assert page.width == pytest.approx(w, abs=0.01) and page.height == pytest.approx(h, abs=0.01)
        for p in page.placements:
            assert p.w / MM == pytest.approx(63, abs=0.1) and p.h / MM == pytest.approx(88, abs=0.1)
            assert p.x >= 5 * MM - 1e-6 and p.y >= 5 * MM - 1e-6  # margins
            assert p.x + p.w <= w - 5 * MM + 1e-6 and p.y + p.h <= h - 5 * MM + 1e-6


def test_cards_do_not_overlap_and_fill_the_grid_in_reading_order(tmp_path, poker_layout):
    lay, card = poker_layout
    (page,) = write_pdf(tmp_path / "d.pdf", "D", deck(lay, card, 9))
    rects = page.placements
    assert [p.card for p in rects] == list(range(9))
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert a.x + a.w <= b.x + 1e-6 or b.x + b.w <= a.x + 1e-6 or \
                a.y + a.h <= b.y + 1e-6 or b.y + b.h <= a.y + 1e-6
    assert rects[0].y > rects[3].y and rects[0].x < rects[1].x  # top row first, left to right
    xs = sorted({round(p.x, 3) for p in rects})
    assert xs[0] - 0 == pytest.approx(page.width - (xs[-1] + 63 * MM), abs=0.01)  # centred


@pytest.mark.parametrize(("paper", "count", "landscape"), [("a4", 8, True), ("letter", 6, True)])
def test_bleed_picks_the_orientation_that_fits_more(paper, count, landscape):
    grid = make_grid(63, 88, paper, bleed=3)
    assert grid.per_page == count and grid.landscape == landscape
    x0, y0, x1, y1 = grid.block()
    assert x0 >= 5 - 1e-9 and y0 >= 5 - 1e-9
    assert x1 <= grid.page_w - 5 + 1e-9 and y1 <= grid.page_h - 5 + 1e-9


def test_bleed_cut_boxes_stay_trim_sized(tmp_path, poker_layout):
    lay, card = poker_layout
    cards = [evaluate(lay, card, bleed=3)] * 8
    (page,) = write_pdf(tmp_path / "d.pdf", "D", cards, options=SheetOptions(bleed=3))
    assert page.width > page.height  # landscape
    xs = sorted({round(p.x / MM, 3) for p in page.placements})
    assert [b - a for a, b in zip(xs, xs[1:], strict=False)] == [pytest.approx(69)] * 3
    for p in page.placements:
        assert p.w / MM == pytest.approx(63, abs=0.1)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_backs_mirror_the_fronts(tmp_path, poker_layout, paper, flip, bleed):
    lay, card = poker_layout
    fronts = [evaluate(lay, card, bleed=bleed)] * 5
    backs = [evaluate(lay, card, "back", bleed=bleed)] * 5
    pages = write_pdf(tmp_path / "d.pdf", "D", fronts, backs,
                      SheetOptions(paper, bleed=bleed, backs=True, flip=flip))
    front, back = pages
    assert (front.side, back.side) == ("front", "back")
    landscape = front.width > front.height
    mirror_x = (flip == "long") != landscape
    for f, b in zip(front.placements, back.placements, strict=True):
        assert f.card == b.card
        if mirror_x:
            assert b.x == pytest.approx(front.width - f.x - f.w) and b.y == pytest.approx(f.y)
        else:
            assert b.y == pytest.approx(front.height - f.y - f.h) and b.x == pytest.approx(f.x)


def test_back_offset_moves_only_the_backs(tmp_path, poker_layout):
    lay, card = poker_layout
    fronts, backs = [evaluate(lay, card)] * 9, [evaluate(lay, card, "back")] * 9
    plain = write_pdf(tmp_path / "a.pdf", "D", fronts, backs, SheetOptions(backs=True))
    moved = write_pdf(tmp_path / "b.pdf", "D", fronts, backs,
                      SheetOptions(backs=True, back_offset=(1.5, -2.0)))
    assert plain[0].placements == moved[0].placements
    for a, b in zip(plain[1].placements, moved[1].placements, strict=True):
        assert (b.x - a.x) / MM == pytest.approx(1.5)
        assert (b.y - a.y) / MM == pytest.approx(2.0)  # y down on paper is y- in PDF


def test_no_backs_without_the_option(tmp_path, poker_layout):
    lay, card = poker_layout
    pages = write_pdf(tmp_path / "d.pdf", "D", deck(lay, card, 3), deck(lay, card, 3))
    assert [p.side for p in pages] == ["front"]


def test_round_tokens(tmp_path, badge_layout):
    lay, card = badge_layout
    (page,) = write_pdf(tmp_path / "d.pdf", "D", deck(lay, card, 30))
    assert len(page.placements) == 30
    for p in page.placements:
        assert p.w / MM == pytest.approx(38, abs=0.1) and p.h / MM == pytest.approx(38, abs=0.1)
    xs = sorted({round(p.x / MM, 3) for p in page.placements})
    assert xs[1] - xs[0] == pytest.approx(40)  # 2 mm between round tokens by default


def test_mixed_sizes_get_their_own_pages(tmp_path, poker_layout, badge_layout):
    cards = deck(*poker_layout, 2) + deck(*badge_layout, 2)
    pages = write_pdf(tmp_path / "d.pdf", "D", cards)
    assert [[p.card for p in page.placements] for page in pages] == [[0, 1], [2, 3]]


@pytest.mark.parametrize("marks", ["corners", "lines", "none"])
def test_pdf_is_deterministic_and_atomic(tmp_path, poker_layout, marks):
    lay, card = poker_layout
    opts = SheetOptions(cut_marks=marks, backs=True)
    write_pdf(tmp_path / "a.pdf", "D", deck(lay, card, 10), deck(lay, card, 10), opts)
    write_pdf(tmp_path / "b.pdf", "D", deck(lay, card, 10), deck(lay, card, 10), opts)
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.pdf"]  # no temp files


def test_footer_names_deck_pages_size_and_scale(tmp_path, poker_layout):
    lay, card = poker_layout
    write_pdf(tmp_path / "d.pdf", "Starter", deck(lay, card, 10),
              options=SheetOptions(cut_marks="none"))
    pdftotext = shutil.which("pdftotext")
    if not pdftotext:
        pytest.skip("pdftotext not installed")
    text = subprocess.run([pdftotext, str(tmp_path / "d.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Starter · page 1/2 · poker 63×88 mm" in text and "page 2/2" in text
    assert "print at 100%" in text


def test_card_that_cannot_fit_raises():
    with pytest.raises(ValueError, match="does not fit"):
        make_grid(300, 400, "a4")


def test_calibration_sheet(tmp_path):
    for paper, flip in (("a4", "long"), ("letter", "short")):
        out = tmp_path / f"cal-{paper}.pdf"
        front, back = calibrate(paper, out, flip=flip)
        assert media_boxes(out) == [(pytest.approx(PAGE[paper][0], abs=0.01),
                                     pytest.approx(PAGE[paper][1], abs=0.01))] * 2
        w, h = front.width, front.height
        for f, b in zip(front.placements, back.placements, strict=True):
            if flip == "long":
                assert b.x == pytest.approx(w - f.x - f.w) and b.y == pytest.approx(f.y)
            else:
                assert b.y == pytest.approx(h - f.y - f.h) and b.x == pytest.approx(f.x)


def test_pdf_and_png_backends_agree(tmp_path, poker_layout):
    """Rasterise the PDF with poppler and compare it with the Pillow backend's image."""
    pdftoppm = shutil.which("pdftoppm")
    if not pdftoppm:
        pytest.skip("pdftoppm not installed")
    from PIL import Image, ImageChops

    from toolkit.render import png

    lay, card = poker_layout
    dl = evaluate(lay, card)
    (page,) = write_pdf(tmp_path / "d.pdf", "D", [dl], options=SheetOptions(cut_marks="none"))
    ours = png.render(dl, 300).convert("RGB")  # the PDF has no rounded corners: cutters do
    p, k = page.placements[0], 300 / 72
    left, top = round(p.x * k), round((page.height - p.y - p.h) * k)
    subprocess.run([pdftoppm, "-png", "-r", "300", "-singlefile", "-x", str(left), "-y", str(top),
                    "-W", str(ours.size[0]), "-H", str(ours.size[1]), str(tmp_path / "d.pdf"),
                    str(tmp_path / "card")], check=True)
    theirs = Image.open(tmp_path / "card.png").convert("RGB")
    assert theirs.size == ours.size
    diff = ImageChops.difference(ours, theirs).convert("L")
    mean = sum(diff.histogram()[i] * i for i in range(256)) / (diff.size[0] * diff.size[1])
    assert mean < 3.5, mean  # only anti-aliasing at edges differs
