"""Card size presets (poker, bridge, …, round badges) and paper sizes, all in millimetres.

A paper is a name (`a4`, `a3`, `a5`, `letter`, `legal`, `tabloid`, `ledger`) or a custom
size `WxH` with a unit (`330x480mm`, `13x19in`, `33x48cm`; a bare `330x480` is mm).
"""

from __future__ import annotations

import re

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "euro": (59.0, 92.0),
    "tarot": (70.0, 120.0),
    "mini": (44.0, 63.0),
    "square": (70.0, 70.0),
}
"""Rectangular presets: width × height."""

ROUND_SIZES: dict[str, float] = {"round25": 25.0, "round32": 32.0, "round38": 38.0, "round58": 58.0}
"""Round badge/token presets: diameter."""

DEFAULT_CARD = "poker"

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0),
    "a5": (148.0, 210.0), "legal": (215.9, 355.6), "tabloid": (279.4, 431.8),
    "ledger": (279.4, 431.8),
}
"""Paper sizes, portrait: width × height (ISO 216 and ANSI; ledger is tabloid turned,
and pages turn by themselves to hold the most cards)."""
PAPER_RANGE = (50.0, 1500.0)
"""A custom paper's sides, in mm: from a postcard's short side to a plotter roll."""
_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*$",
                     re.IGNORECASE)
_PER_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4}


def preset_key(name: str) -> str:
    """A preset name folded: `'Round-38'` → `'round38'`, `'Poker'` → `'poker'`."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


def paper_size(name: str) -> tuple[float, float]:
    """The portrait size (short side first) of a paper by name or as `WxH[mm|cm|in]`;
    ValueError (one sentence naming what is accepted) when unknown or out of range."""
    key = preset_key(name)
    if key in PAPERS:
        return PAPERS[key]
    match = _CUSTOM.match(name)
    if not match:
        raise ValueError(f"--paper must be {', '.join(PAPERS)} or a size such as 330x480mm "
                         f"or 13x19in, not '{name[:40]}'")
    unit = _PER_MM[(match.group(3) or "mm").lower()]
    w, h = sorted(round(float(match.group(i)) * unit, 3) for i in (1, 2))
    low, high = PAPER_RANGE
    if not (low <= w and h <= high):
        raise ValueError(f"--paper {name.strip()[:40]} is {w:g}×{h:g} mm; each side must be "
                         f"between {low:g} and {high:g} mm")
    return w, h


def paper_key(name: str) -> str:
    """A paper's canonical name: a preset's key (`A4` → `a4`) or the custom size as
    written, folded (`13 X 19 in` → `13x19in`); ValueError as `paper_size`."""
    paper_size(name)
    key = preset_key(name)
    if key in PAPERS:
        return key
    return re.sub(r"\s+", "", name).lower().replace("×", "x").replace("*", "x")


def paper_label(name: str) -> str:
    """A paper for humans: `A4`, `Letter`, `Tabloid`, or a custom `330×480 mm`, `13×19 in`."""
    key = paper_key(name)
    if key in PAPERS:
        return key.upper() if key[0] == "a" and key[1:].isdigit() else key.title()
    match = _CUSTOM.match(key)
    assert match is not None  # paper_key checked it
    return f"{match.group(1)}×{match.group(2)} {(match.group(3) or 'mm').lower()}"


def describe(width: float, height: float, round_: bool = False) -> str:
    """A card size for humans, naming the preset when it is one: `poker 63×88 mm`."""

    def num(v: float) -> str:
        return f"{v:g}"

    if round_:
        for name, diameter in ROUND_SIZES.items():
            if abs(diameter - width) < 0.01:
                return f"{name} Ø{num(width)} mm"
        return f"round Ø{num(width)} mm"
    for name, (w, h) in CARD_SIZES.items():
        if abs(w - width) < 0.01 and abs(h - height) < 0.01:
            return f"{name} {num(w)}×{num(h)} mm"
    return f"{num(width)}×{num(height)} mm"
