"""Text fitting: wrapping, shrinking, inline icons, and never drawing outside the box."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.render import fonts, textfit
from toolkit.render.textfit import PT_MM, fit

ASC, DESC = fonts.ascent_descent("Vera")


def extents(result: textfit.Fitted) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in mm of everything placed, from the metrics."""
    xs0, ys0, xs1, ys1 = [0.0], [0.0], [0.0], [0.0]
    for x, y, text, font in result.spans:
        asc, desc = fonts.ascent_descent(font)
        xs0.append(x)
        xs1.append(x + fonts.unit_width(font, text.rstrip(" ")) * result.size * PT_MM)
        ys0.append(y - asc * result.size * PT_MM)
        ys1.append(y - desc * result.size * PT_MM)
    for _, x, y, size in result.icons:
        xs0.append(x)
        ys0.append(y)
        xs1.append(x + size)
        ys1.append(y + size)
    return min(xs0), min(ys0), max(xs1), max(ys1)


def test_fits_at_full_size_when_it_can():
    r = fit("Ember Fox", "Vera", 10, 5, 40, 10)
    assert r.size == 10 and not r.overflow
    assert [s[2] for s in r.spans] == ["Ember Fox"]


def test_shrinks_to_fit_then_wraps():
    text = "Reveal to flip X enemy WarBadges to their exhausted side"
    r = fit(text, "Vera", 12, 4, 30, 12)
    assert 4 <= r.size < 12 and not r.overflow
    assert " ".join(s[2].strip() for s in r.spans) == text
    left, top, right, bottom = extents(r)
    assert right <= 30 + 1e-6 and bottom <= 12 + 1e-6


def test_prefers_shrinking_to_breaking_a_word():
    r = fit("Supercalifragilistic", "Vera", 12, 4, 25, 30)
    assert len(r.spans) == 1 and r.size < 12


def test_single_line_mode_shrinks_to_width():
    r = fit("A rather long card name", "VeraBd", 14, 5, 30, 20, wrap_lines=False)
    assert len(r.spans) == 1
    assert extents(r)[2] <= 30 + 1e-6


def test_overflow_at_min_size_is_cut_and_reported():
    r = fit("word " * 400, "Vera", 10, 6, 30, 10)
    assert r.overflow and r.size == 6
    assert r.spans[-1][2].endswith("…")
    assert extents(r)[3] <= 10 + 1e-6


def test_alignment():
    left = fit("Hi", "Vera", 10, 5, 40, 10, align="left")
    center = fit("Hi", "Vera", 10, 5, 40, 10, align="center")
    right = fit("Hi", "Vera", 10, 5, 40, 10, align="right")
    width = fonts.unit_width("Vera", "Hi") * 10 * PT_MM
    assert left.spans[0][0] == 0
    assert center.spans[0][0] == pytest.approx((40 - width) / 2)
    assert right.spans[0][0] == pytest.approx(40 - width)
    middle = fit("Hi", "Vera", 10, 5, 40, 20, valign="middle")
    bottom = fit("Hi", "Vera", 10, 5, 40, 20, valign="bottom")
    line = (ASC - DESC) * 10 * PT_MM
    assert middle.spans[0][1] == pytest.approx((20 - line) / 2 + ASC * 10 * PT_MM)
    assert bottom.spans[0][1] == pytest.approx(20 + DESC * 10 * PT_MM)


def test_inline_icons_sit_on_the_baseline_at_text_size():
    r = fit("Deal :blade: damage", "Vera", 10, 5, 60, 20)
    (glyph, x, y, size), = r.icons
    baseline = r.spans[0][1]
    assert glyph == "blade"
    assert y + size == pytest.approx(baseline)
    assert size == pytest.approx(textfit.ICON_EM * 10 * PT_MM)
    first, second = r.spans
    assert first[2] == "Deal " and second[2] == "damage"
    assert first[0] < x < second[0]


def test_bold_markup_switches_font():
    r = fit("**Taunt**: adjacent", "Vera", 10, 5, 60, 20)
    assert [(s[2], s[3]) for s in r.spans] == [("Taunt", "VeraBd"), (": adjacent", "Vera")]


def test_paragraphs():
    r = fit("one\ntwo", "Vera", 10, 5, 60, 20)
    assert [s[2] for s in r.spans] == ["one", "two"]
    assert r.spans[1][1] > r.spans[0][1]


WORDS = st.one_of(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;!?'-()WM",
             min_size=1, max_size=25),
    st.sampled_from([":blade:", ":holy:", "**", ":unknownthing:", "\n", "Ü", "—"]),
)


@settings(max_examples=300, deadline=None)
@given(words=st.lists(WORDS, max_size=60), width=st.floats(3, 90), height=st.floats(2, 70),
       size=st.floats(4, 24), shrink=st.floats(0.2, 1.0),
       align=st.sampled_from(["left", "center", "right"]),
       valign=st.sampled_from(["top", "middle", "bottom"]), wrap=st.booleans())
def test_never_overflows_its_box(words, width, height, size, shrink, align, valign, wrap):
    text = " ".join(words)
    r = fit(text, "Vera", size, max(2.0, size * shrink), width, height, align, valign, 1.2, wrap)
    left, top, right, bottom = extents(r)
    eps = 1e-6
    assert left >= -eps and top >= -eps
    assert right <= width + eps and bottom <= height + eps
    if not r.overflow:  # nothing dropped: every character is placed
        placed = "".join(s[2] for s in r.spans).replace(" ", "")
        expected = "".join(w for w in words if w not in ("**", "\n") and not
                           (w.startswith(":") and w.endswith(":") and len(w) > 2))
        assert placed == expected.replace(" ", "")
