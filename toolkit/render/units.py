"""Lengths as layouts write them ("3mm", "0.5in", "8pt", "1cm", "50%", bare numbers = mm).

Everything inside the renderer is millimetres; `MM` converts to PDF points.
"""

from __future__ import annotations

import re

MM = 72.0 / 25.4
"""Points per millimetre."""

PER_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
_LENGTH = re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+))\s*(mm|cm|in|pt|%)?\s*$")


class UnitError(ValueError):
    """A length that cannot be read; the layout loader adds the location."""


def parse_length(value: object, reference: float | None = None, default_unit: str = "mm") -> float:
    """A length in millimetres.

    Numbers are in `default_unit`; strings carry a unit (mm, cm, in, pt) or `%` of
    `reference` (a length in mm, e.g. the card's width).
    """
    if isinstance(value, bool):
        raise UnitError(f"expected a length, got {value!r}")
    if isinstance(value, int | float):
        return float(value) * PER_MM[default_unit]
    if not isinstance(value, str):
        raise UnitError(f"expected a length, got {value!r}")
    match = _LENGTH.match(value)
    if not match:
        raise UnitError(f"bad length {value!r}: use a number with mm, cm, in, pt or %")
    number, unit = float(match.group(1)), match.group(2) or default_unit
    if unit == "%":
        if reference is None:
            raise UnitError(f"bad length {value!r}: % is not allowed here")
        return number * reference / 100.0
    return number * PER_MM[unit]


def parse_points(value: object) -> float:
    """A font size in points: numbers are points, strings may carry any length unit."""
    return parse_length(value, default_unit="pt") / PER_MM["pt"]


def split_relative(value: object) -> tuple[str, object]:
    """`"+=6mm"` → `("+", "6mm")`; anything else → `("", value)`."""
    if isinstance(value, str):
        text = value.strip()
        if text[:2] in ("+=", "-="):
            return text[0], text[2:].strip()
    return "", value
