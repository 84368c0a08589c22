"""Print-and-cut: Silhouette registration marks on the sheet and SVG/DXF cut files whose
outlines sit exactly where the PDF puts the cards."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from toolkit.core.errors import InputError
from toolkit.render import cutfile
from toolkit.render.job import CardFace, PrintOptions, render_deck
from toolkit.render.units import MM

SVG = "{http://www.w3.org/2000/svg}"


def deck(layout, fields, copies=7):
    return [CardFace(fields, layout, copies)]


def trim_boxes(page):
    """Each front placement's trim box in mm from the page's top-left."""
    h = page.height / MM
    return [(p.x / MM, h - (p.y + p.h) / MM, p.w / MM, p.h / MM) for p in page.placements]


def test_silhouette_marks_at_the_inset_and_cards_inside_them(tmp_path, poker_layout):
    layout, fields = poker_layout
    result = render_deck("d", deck(layout, fields), tmp_path / "out",
                         PrintOptions(cut_marks="silhouette"))
    page = result.pages[0]
    w, h = page.width / MM, page.height / MM
    square = [f for f in page.furniture if f[0] == "registration square"]
    assert square == [("registration square", 10.0, 10.0, 15.0, 15.0)]
    lines = [f[1:] for f in page.furniture if f[0] == "registration mark"]
    assert len(lines) == 4
    # outer edges of the two L marks on the 10 mm inset, arms 20 mm long, 0.5 mm wide
    xs0, ys0, xs1, ys1 = zip(*lines, strict=True)
    assert max(xs1) == pytest.approx(w - 10) and min(ys0) == pytest.approx(10)
    assert max(ys1) == pytest.approx(h - 10) and min(xs0) == pytest.approx(10)
    top_right = [b for b in lines if b[2] > w / 2 and b[1] < h / 2]
    # furniture pads each end by half the width: a 20 mm arm, butt-ended at its inner end
    assert sorted(round(b[2] - b[0], 3) for b in top_right) == [0.5, 20.25]
    arm = [m for m in cutfile.marks(w, h) if m[0] == "line"][0]
    assert arm[3] - arm[1] + cutfile.LINE / 2 == pytest.approx(20.0)
    # nothing else printed comes within 2 mm of the marks' frame: cards and footer 17 mm in
    for x, y, cw, ch in trim_boxes(page):
        assert x >= 17 - 1e-6 and y >= 17 - 1e-6
        assert x + cw <= w - 17 + 1e-6 and y + ch <= h - 17 + 1e-6
    footer = [f for f in page.furniture if f[0] == "footer"][0]
    assert min(footer[1:3]) >= 17 - 1e-6
    assert not [f for f in page.furniture if f[0] == "cut mark"]


def _path_boxes(svg_text):
    """(x, y, w, h, radius) of each card path in a cut SVG."""
    root = ET.fromstring(svg_text)
    out = []
    for path in root.iter(f"{SVG}path"):
        nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path.get("d"))]
        # M x+r,y H x+w-r A r,r 0 0 1 x+w,y+r V y+h-r ...
        r = nums[3]
        x0, y0 = nums[0] - r, nums[1]
        x1, y1 = nums[8], nums[10] + r
        out.append((round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3), r))
    return root, out


def test_svg_outlines_equal_the_pdf_card_positions(tmp_path, poker_layout):
    layout, fields = poker_layout
    result = render_deck("d", deck(layout, fields, 11), tmp_path / "out",
                         PrintOptions(cut_marks="silhouette", bleed=2))
    fronts = [p for p in result.pages if p.side == "front"]
    assert len(fronts) >= 2  # several pages, the last part-filled
    for k, page in enumerate(fronts, start=1):
        root, boxes = _path_boxes((tmp_path / "out" / f"d-cut-{k}.svg").read_text())
        assert root.get("width") == f"{page.width / MM:g}mm"
        assert root.get("viewBox") == f"0 0 {page.width / MM:g} {page.height / MM:g}"
        expected = [(round(x, 3), round(y, 3), round(w, 3), round(h, 3), layout.shape.radius)
                    for x, y, w, h in trim_boxes(page)]
        assert boxes == expected  # one path per card, trim box and corner radius
    assert layout.shape.radius == 3.0
    assert (tmp_path / "out" / f"d-cut-{len(fronts)}.dxf").is_file()


def test_round_tokens_are_circles(tmp_path, badge_layout):
    layout, fields = badge_layout
    result = render_deck("b", deck(layout, fields, 5), tmp_path / "out",
                         PrintOptions(cut_marks="cricut"))
    page = result.pages[0]
    root = ET.fromstring((tmp_path / "out" / "b-cut-1.svg").read_text())
    circles = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
               for c in root.iter(f"{SVG}circle")]
    expected = [(round(x + w / 2, 4), round(y + h / 2, 4), w / 2) for x, y, w, h in
                trim_boxes(page)]
    assert [c for xyr in circles for c in xyr] == pytest.approx(
        [c for xyr in expected for c in xyr])
    assert not list(root.iter(f"{SVG}path"))
    # Cricut reads only the frame Design Space prints: pnp prints no marks of its own
    assert not [f for f in page.furniture if f[0].startswith("registration")]
    dxf = (tmp_path / "out" / "b-cut-1.dxf").read_text()
    assert dxf.count("\nCIRCLE\n") == 5


def test_dxf_rounded_rectangle_has_quarter_arcs(tmp_path, poker_layout):
    layout, fields = poker_layout
    render_deck("d", deck(layout, fields, 1), tmp_path / "out",
                PrintOptions(cut_marks="silhouette"))
    text = (tmp_path / "out" / "d-cut-1.dxf").read_text()
    assert "AC1009" in text and text.count("\nPOLYLINE\n") == 1
    assert text.count("\nVERTEX\n") == 8
    assert text.count("\n42\n0.41421356\n") == 4  # tan(22.5°): four 90° corners


def test_machine_marks_refuse_fold(tmp_path, poker_layout):
    layout, fields = poker_layout
    with pytest.raises(InputError, match="--fold"):
        render_deck("d", deck(layout, fields), tmp_path / "out",
                    PrintOptions(cut_marks="silhouette", fold=True))
    assert not (tmp_path / "out").exists()


def test_sheet_margin():
    assert cutfile.sheet_margin("silhouette", 5) == 17
    assert cutfile.sheet_margin("silhouette", 20) == 20
    assert cutfile.sheet_margin("cricut", 5) == 5
