"""Lengths, colours and size presets."""

import pytest

from toolkit.render import sizes
from toolkit.render.colors import parse_color
from toolkit.render.units import MM, UnitError, parse_length, parse_points, split_relative


@pytest.mark.parametrize(("value", "mm"), [
    (3, 3.0), (2.5, 2.5), ("3mm", 3.0), ("1cm", 10.0), ("0.5in", 12.7), ("72pt", 25.4),
    (" 4 mm ", 4.0), ("-2mm", -2.0), (".5mm", 0.5),
])
def test_lengths(value, mm):
    assert parse_length(value) == pytest.approx(mm)


def test_percent_needs_a_reference():
    assert parse_length("50%", 63) == pytest.approx(31.5)
    with pytest.raises(UnitError):
        parse_length("50%")


@pytest.mark.parametrize("bad", ["3 furlongs", "mm", "", "3mmm", True, None, [3]])
def test_bad_lengths(bad):
    with pytest.raises(UnitError):
        parse_length(bad)


def test_points_and_relative():
    assert parse_points(8) == pytest.approx(8)
    assert parse_points("3mm") == pytest.approx(3 * MM)
    assert split_relative("+=6mm") == ("+", "6mm")
    assert split_relative("-= 2") == ("-", "2")
    assert split_relative("6mm") == ("", "6mm")


def test_colours():
    assert parse_color("#ABC") == "#aabbcc"
    assert parse_color("#1a2B3c") == "#1a2b3c"
    assert parse_color("none") is None
    assert parse_color("gold") == "#d4af37"
    with pytest.raises(ValueError):
        parse_color("#12")


def test_presets():
    assert sizes.CARD_SIZES["poker"] == (63, 88)
    assert sizes.CARD_SIZES["bridge"] == (57, 89)
    assert sizes.CARD_SIZES["euro"] == (59, 92)
    assert sizes.CARD_SIZES["tarot"] == (70, 120)
    assert sizes.CARD_SIZES["mini"] == (44, 63)
    assert sizes.CARD_SIZES["square"] == (70, 70)
    assert sorted(sizes.ROUND_SIZES.values()) == [25, 32, 38, 58]
    assert sizes.describe(63, 88) == "poker 63×88 mm"
    assert sizes.describe(38, 38, True) == "round38 Ø38 mm"
    assert sizes.paper_size("A4") == (210, 297)
