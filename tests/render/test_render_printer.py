"""What a printer needs: nothing in the unprintable strip, gaps and margins for hand
cutting, fold-and-glue sheets for printers without duplex, proofs, and a calibration
sheet that shows a wrong flip edge."""

import shutil
import subprocess

import pytest
from PIL import Image

from toolkit.render import calibration, proof
from toolkit.render.display import Circle, Rect, evaluate
from toolkit.render.sheet import SheetOptions, make_grid, write_pdf
from toolkit.render.units import MM

PAPERS = ("a4", "letter")
MARGIN = 5.0
"""The README's stated unprintable strip."""


def inside_margin(page, margin=MARGIN):
    """Every card and every piece of furniture at least `margin` mm from each edge."""
    w, h = page.width / MM, page.height / MM
    boxes = [(what, x0, y0, x1, y1) for what, x0, y0, x1, y1 in page.furniture]
    boxes += [("card", p.x / MM, h - (p.y + p.h) / MM, (p.x + p.w) / MM, h - p.y / MM)
              for p in page.placements]
    bad = [b for b in boxes
           if b[1] < margin - 1e-6 or b[2] < margin - 1e-6 or b[3] > w - margin + 1e-6
           or b[4] > h - margin + 1e-6]
    return bad


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("bleed", "marks", "fold", "backs"), [
    (0, "corners", False, True), (3, "corners", False, True), (0, "lines", False, False),
    (3, "lines", False, False), (0, "corners", True, False), (2, "lines", True, False)])
def test_nothing_inside_the_unprintable_strip(tmp_path, poker_layout, badge_layout, paper,
                                              bleed, marks, fold, backs):
    for lay, card in (poker_layout, badge_layout):
        fronts = [evaluate(lay, card, bleed=bleed)] * 11
        back = [evaluate(lay, card, "back", bleed=bleed)] * 11
        pages = write_pdf(tmp_path / "d.pdf", "A deck with a long name " * 3, fronts, back,
                          SheetOptions(paper, bleed=bleed, cut_marks=marks, backs=backs,
                                       fold=fold))
        for page in pages:
            assert any(f[0] == "footer" for f in page.furniture)
            assert inside_margin(page) == [], (paper, page.number)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_rendered_strip_is_blank(tmp_path, poker_layout, paper):
    """Measured on the PDF itself: rasterised, the outer 5 mm of every page is white."""
    pdftoppm = shutil.which("pdftoppm")
    if not pdftoppm:
        pytest.skip("pdftoppm not installed")
    lay, card = poker_layout
    write_pdf(tmp_path / "d.pdf", "Deck", [evaluate(lay, card)] * 9,
              [evaluate(lay, card, "back")] * 9, SheetOptions(paper, backs=True))
    subprocess.run([pdftoppm, "-png", "-r", "100", "-gray", str(tmp_path / "d.pdf"),
                    str(tmp_path / "p")], check=True)
    for path in sorted(tmp_path.glob("p-*.png")):
        img = Image.open(path).convert("L")
        k = 100 / 25.4
        strip = round((MARGIN - 0.3) * k)  # less a hair for anti-aliasing
        w, h = img.size
        for box in ((0, 0, w, strip), (0, h - strip, w, h), (0, 0, strip, h), (w - strip, 0, w, h)):
            assert img.crop(box).getextrema() == (255, 255), (path.name, box)


def test_margin_and_gap_for_hand_cutting(tmp_path, poker_layout):
    lay, card = poker_layout
    cards = [evaluate(lay, card)] * 4
    (page,) = write_pdf(tmp_path / "d.pdf", "D", cards,
                        options=SheetOptions("a4", margin=12, gap=4, orientation="portrait"))
    xs = sorted({round(p.x / MM, 3) for p in page.placements})
    assert xs[1] - xs[0] == pytest.approx(63 + 4)  # 4 mm between cards
    assert inside_margin(page, 12) == []
    grid = make_grid(63, 88, "a4", margin=12, gap=4)
    assert (grid.cols, grid.rows) == (2, 3)  # 3 columns no longer fit: 3 × 63 + 2 × 4 > 186
    assert (grid.left, grid.top) == (pytest.approx(40), pytest.approx(12.5))
    marks = [f for f in page.furniture if f[0] == "cut mark"]
    assert marks and all(f[1] >= 12 - 1e-6 for f in marks)


def test_fold_and_glue_puts_each_back_beside_its_front(tmp_path, poker_layout):
    lay, card = poker_layout
    fronts = [evaluate(lay, dict(card, Name=f"C{i}")) for i in range(6)]
    backs = [evaluate(lay, dict(card, Name=f"C{i}"), "back") for i in range(6)]
    pages = write_pdf(tmp_path / "d.pdf", "D", fronts, backs, SheetOptions("a4", fold=True))
    assert [p.side for p in pages] == ["fold", "fold"]
    first = pages[0]
    assert first.width > first.height  # landscape: two columns a side, four cards a page
    front = [p for p in first.placements if p.side == "front"]
    back = [p for p in first.placements if p.side == "back"]
    assert len(front) == len(back) == 4 and [p.card for p in front] == [p.card for p in back]
    middle = first.width / 2
    for f, b in zip(front, back, strict=True):
        assert f.x + f.w <= middle - 3 * MM + 1e-6 and b.x >= middle + 3 * MM - 1e-6
        assert b.x == pytest.approx(first.width - f.x - f.w)  # mirrored across the fold
        assert b.y == pytest.approx(f.y)
    (fold,) = [f for f in first.furniture if f[0] == "fold"]
    assert fold[1] == pytest.approx(middle / MM, abs=0.2)


def test_fold_needs_no_duplex_option_and_refuses_both(tmp_path, poker_layout):
    from toolkit.core.errors import InputError
    from toolkit.render import CardFace, PrintOptions, render_deck

    lay, card = poker_layout
    with pytest.raises(InputError, match="fold"):
        render_deck("d", [CardFace(card, lay)], tmp_path, PrintOptions(fold=True, backs=True))


def test_proof_draws_cut_bleed_and_safe_zone(poker_layout, badge_layout):
    lay, card = poker_layout
    dl = proof.overlay(evaluate(lay, card, bleed=3))
    lines = [op for op in dl.ops[-3:] if isinstance(op, Rect)]
    assert [(op.stroke, op.x, op.w) for op in lines] == [
        (proof.BLEED, pytest.approx(-2.9), pytest.approx(68.8)),
        (proof.TRIM, 0, 63), (proof.SAFE_COLOR, 3, 57)]
    badge = proof.overlay(evaluate(*badge_layout))
    assert [op.r for op in badge.ops[-2:] if isinstance(op, Circle)] == [19, 16]


def test_proof_stamp_is_reproducible(tmp_path):
    a = tmp_path / "a.xlsx"
    a.write_bytes(b"one")
    first, again = proof.stamp([a]), proof.stamp([a])
    assert first == again and first.startswith(f"proof · toolkit {proof.version()} · inputs ")
    a.write_bytes(b"two")
    assert proof.stamp([a]) != first  # the inputs' content, not their dates
    assert proof.stamp([a], "1764028800").endswith(" · 2025-11-25")
    assert proof.stamp([a], "yesterday") == proof.stamp([a])


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("chosen", ["long", "short"])
def test_calibration_shows_a_wrong_flip_edge(tmp_path, paper, chosen):
    """Turned over the right edge, each back mark lies behind the front mark of the same
    letter; if the printer flips on the other edge, every corner mark lies behind another
    letter (and shape), and the heading comes out upside down."""
    front, back = calibration.write(paper, tmp_path / "cal.pdf", chosen)
    fronts = dict(zip(calibration.LABELS, calibration.marks(paper), strict=True))
    backs = dict(zip(calibration.LABELS, calibration.back_marks(paper, chosen), strict=True))
    for printer in ("long", "short"):
        landed = {label: calibration.behind(paper, *xy, printer) for label, xy in backs.items()}
        for label, xy in landed.items():
            under = next(k for k, v in fronts.items() if v == pytest.approx(xy))
            if printer == chosen:
                assert under == label
            elif label != "E":
                assert under != label and calibration.SHAPES[under] != calibration.SHAPES[label]
    w = front.width / MM

    def seen(point, printer):
        """Where a back-page point appears to someone who turns the sheet over the chosen
        edge, when the printer flipped on `printer`'s edge."""
        return calibration.behind(paper, *calibration.behind(paper, *point, printer), chosen)

    top, foot = (w / 2, 12.0), (w / 2, 18.0)  # the heading's top and foot on the back page
    assert seen(top, chosen)[1] < seen(foot, chosen)[1]  # reads upright
    wrong = calibration.other(chosen)
    assert seen(top, wrong)[1] > seen(foot, wrong)[1]  # upside down: the printer flips the other way
    text = " ".join(calibration.instructions("front", chosen))
    assert f"--flip {calibration.other(chosen)}" in text and "A behind D" in text
    for page in (front, back):
        assert inside_margin(page) == []
