"""Posters: a drawing larger than the paper tiled over pages with overlap strips."""

from __future__ import annotations

import pytest

from toolkit.render import poster
from toolkit.render.display import DisplayList, Line, Rect
from toolkit.render.units import MM


def board(width: float, height: float, square: float = 25.0) -> DisplayList:
    """A chequered board of `square` mm squares."""
    ops = [Rect(0, 0, width, height, fill="#ffffff", stroke="#000000", stroke_width=0.5)]
    for i in range(int(width // square)):
        for j in range(int(height // square)):
            if (i + j) % 2:
                ops.append(Rect(i * square, j * square, square, square, fill="#2e7d32"))
    ops.append(Line(0, 0, width, height))
    return DisplayList(width, height, tuple(ops))


def test_a_drawing_that_fits_is_one_centred_page(tmp_path):
    pages = poster.write_poster(tmp_path / "b.pdf", "Small", board(150, 200))
    assert len(pages) == 1
    place = pages[0].placements[0]
    assert place.w == pytest.approx(150 * MM) and place.h == pytest.approx(200 * MM)
    assert place.x == pytest.approx((210 - 150) / 2 * MM)  # centred across the page


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_cover_the_drawing_with_the_overlap(paper):
    t = poster.plan(500, 400, paper, margin=5, overlap=10)
    assert t.pages > 1
    step_w, step_h = t.window[0] - 10, t.window[1] - 10
    # the last tile reaches the far edges; every neighbouring pair shares 10 mm
    assert (t.cols - 1) * step_w + t.window[0] >= 500
    assert (t.rows - 1) * step_h + t.window[1] >= 400
    assert (t.cols - 2) * step_w + t.window[0] < 500  # no tile more than needed
    from toolkit.render.sizes import paper_size

    pw, ph = paper_size(paper)
    counts = [poster._count(500, w - 10, 10) * poster._count(400, h - 10 - poster.FOOTER - 2, 10)
              for w, h in ((pw, ph), (ph, pw))]
    assert t.pages == min(counts)  # the orientation needing fewer pages was chosen


def test_tiled_pages_place_the_drawing_at_100_percent(tmp_path):
    pages = poster.write_poster(tmp_path / "big.pdf", "Big", board(500, 400), overlap=10)
    t = poster.plan(500, 400)
    assert len(pages) == t.pages
    origins = [(p.placements[0].x, p.placements[0].y) for p in pages]
    # tile (1, 0) shows the drawing shifted left by one step: 100% scale, no gaps
    assert origins[0][0] - origins[1][0] == pytest.approx((t.window[0] - 10) * MM)
    data = (tmp_path / "big.pdf").read_bytes()
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") >= 2 or b"/Count" in data


def test_same_drawing_same_bytes(tmp_path):
    poster.write_poster(tmp_path / "a.pdf", "B", board(500, 400))
    poster.write_poster(tmp_path / "b.pdf", "B", board(500, 400))
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_paper_too_small_for_the_overlap_is_refused():
    with pytest.raises(ValueError, match="overlap"):
        poster.plan(500, 400, "a4", margin=5, overlap=120)
