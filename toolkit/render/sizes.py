"""Card size presets (poker, bridge, …, round badges) and paper sizes, all in millimetres."""

from __future__ import annotations

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

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes, portrait: width × height."""


def preset_key(name: str) -> str:
    """A preset name folded: `'Round-38'` → `'round38'`, `'Poker'` → `'poker'`."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


def paper_size(name: str) -> tuple[float, float]:
    """The portrait size of a paper by name (a4, letter); ValueError when unknown."""
    key = preset_key(name)
    if key not in PAPERS:
        raise ValueError(f"unknown paper '{name}'; known: {', '.join(PAPERS)}")
    return PAPERS[key]


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
