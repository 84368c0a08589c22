"""WarBadge's symbols as vector shapes in a unit box (0–1, y down), for both backends.

A glyph (one per type and ability) is drawn white on a base that tells the property
kind, as the rulebook has it: types on a black circle, strengths on a green shield,
weaknesses on a red skull, abilities on an orange star. An unknown name (a custom
vocabulary) gets a glyph showing its initial letter.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import cache

FG, BG = "fg", "bg"
"""Placeholder colours in glyph definitions: the symbol, and cut-outs in the base colour."""


@dataclass(frozen=True, slots=True)
class Shape:
    """One vector primitive in the unit box.

    kind: `poly` (filled polygon), `circle` (filled, or a ring when `width` > 0),
    `line` (stroked polyline, round caps; `closed` joins the ends), `text` (a letter
    centred in the box, `r` being its cap height).
    """

    kind: str
    points: tuple[tuple[float, float], ...]
    color: str
    r: float = 0.0
    width: float = 0.0
    closed: bool = False
    text: str = ""


# -- construction helpers ---------------------------------------------------------------

def poly(*pts: tuple[float, float], color: str = FG) -> Shape:
    """A filled polygon."""
    return Shape("poly", tuple(pts), color)


def rect(x0: float, y0: float, x1: float, y1: float, color: str = FG) -> Shape:
    """A filled axis-aligned rectangle."""
    return poly((x0, y0), (x1, y0), (x1, y1), (x0, y1), color=color)


def circle(cx: float, cy: float, r: float, color: str = FG) -> Shape:
    """A filled circle."""
    return Shape("circle", ((cx, cy),), color, r=r)


def ring(cx: float, cy: float, r: float, width: float, color: str = FG) -> Shape:
    """A stroked circle."""
    return Shape("circle", ((cx, cy),), color, r=r, width=width)


def line(*pts: tuple[float, float], width: float, color: str = FG, closed: bool = False) -> Shape:
    """A stroked polyline with round caps and joins."""
    return Shape("line", tuple(pts), color, width=width, closed=closed)


def arc(cx: float, cy: float, rx: float, a0: float, a1: float, n: int = 24,
        ry: float | None = None) -> list[tuple[float, float]]:
    """Points along an arc; degrees, 0 = right, growing clockwise (y is down)."""
    ry = rx if ry is None else ry
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def ellipse(cx: float, cy: float, rx: float, ry: float, color: str = FG) -> Shape:
    """A filled ellipse (as a polygon)."""
    return poly(*arc(cx, cy, rx, 0, 360, 36, ry)[:-1], color=color)


def star(cx: float, cy: float, outer: float, inner: float, n: int, turn: float = -90.0,
         color: str = FG) -> Shape:
    """A filled n-pointed star, first point at angle `turn`."""
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + 180.0 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return poly(*pts, color=color)


def lens(cx: float, cy: float, rx: float, ry: float, color: str = FG) -> Shape:
    """An eye shape: two arcs meeting in points at left and right."""
    top = [(cx - rx + 2 * rx * i / 16, cy - ry * math.sin(math.pi * i / 16)) for i in range(17)]
    bottom = [(cx + rx - 2 * rx * i / 16, cy + ry * math.sin(math.pi * i / 16)) for i in range(1, 16)]
    return poly(*top, *bottom, color=color)


def transform(shapes: tuple[Shape, ...], scale: float = 1.0, dx: float = 0.0, dy: float = 0.0,
              rotate: float = 0.0, about: tuple[float, float] = (0.5, 0.5)) -> tuple[Shape, ...]:
    """Shapes rotated (degrees, about a point), then scaled and moved."""
    ca, sa = math.cos(math.radians(rotate)), math.sin(math.radians(rotate))

    def move(p: tuple[float, float]) -> tuple[float, float]:
        x, y = p[0] - about[0], p[1] - about[1]
        x, y = x * ca - y * sa + about[0], x * sa + y * ca + about[1]
        return x * scale + dx, y * scale + dy

    return tuple(replace(s, points=tuple(move(p) for p in s.points), r=s.r * scale,
                         width=s.width * scale) for s in shapes)


def arrowhead(base: tuple[float, float], tip: tuple[float, float], width: float,
              color: str = FG) -> Shape:
    """A triangular arrowhead from the middle of its `base` edge to `tip`, `width` across."""
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    n = math.hypot(dx, dy) or 1.0
    px, py = -dy / n * width / 2, dx / n * width / 2
    return poly(tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py), color=color)


def drop(cx: float, cy: float, r: float, tip_y: float, color: str = FG) -> Shape:
    """A droplet: a circle drawn out to a point above it."""
    d = cy - tip_y
    beta = math.degrees(math.acos(r / d))
    pts = [(cx, tip_y)] + arc(cx, cy, r, -90 + beta, 270 - beta, 30)
    return poly(*pts, color=color)


# -- the glyphs ---------------------------------------------------------------------------

def _blade() -> tuple[Shape, ...]:
    return (poly((0.5, 0.06), (0.575, 0.17), (0.575, 0.63), (0.425, 0.63), (0.425, 0.17)),
            rect(0.27, 0.63, 0.73, 0.71), rect(0.455, 0.71, 0.545, 0.85), circle(0.5, 0.88, 0.06))


def _types() -> dict[str, tuple[Shape, ...]]:
    w = 0.075
    return {
        "ranged": (
            line((0.2, 0.8), (0.7, 0.3), width=w),
            poly((0.86, 0.14), (0.56, 0.26), (0.74, 0.44)),
            line((0.2, 0.8), (0.2, 0.6), width=0.06), line((0.2, 0.8), (0.4, 0.8), width=0.06),
            line((0.3, 0.7), (0.3, 0.52), width=0.06), line((0.3, 0.7), (0.48, 0.7), width=0.06),
        ),
        "magic": (star(0.42, 0.56, 0.38, 0.1, 4), star(0.78, 0.22, 0.16, 0.045, 4),
                  circle(0.78, 0.78, 0.06)),
        "stealth": (
            poly((0.06, 0.36), (0.28, 0.28), (0.5, 0.34), (0.72, 0.28), (0.94, 0.36),
                 (0.9, 0.56), (0.72, 0.68), (0.58, 0.64), (0.5, 0.56), (0.42, 0.64),
                 (0.28, 0.68), (0.1, 0.56)),
            lens(0.3, 0.47, 0.12, 0.065, BG), lens(0.7, 0.47, 0.12, 0.065, BG),
        ),
        "flying": (poly((0.12, 0.34), (0.34, 0.2), (0.62, 0.14), (0.92, 0.12), (0.84, 0.28),
                        (0.7, 0.32), (0.8, 0.42), (0.62, 0.46), (0.7, 0.58), (0.5, 0.6),
                        (0.56, 0.74), (0.36, 0.72), (0.38, 0.86), (0.2, 0.7), (0.12, 0.52)),),
        "blade": _blade(),
        "holy": (rect(0.43, 0.08, 0.57, 0.92), rect(0.2, 0.27, 0.8, 0.41),
                 ring(0.5, 0.34, 0.19, 0.065)),
        "abomination": (star(0.5, 0.5, 0.46, 0.3, 9), lens(0.5, 0.5, 0.24, 0.13, BG),
                        circle(0.5, 0.5, 0.075)),
        "armor": (
            poly((0.24, 0.9), (0.24, 0.44), (0.3, 0.25), (0.5, 0.1), (0.7, 0.25), (0.76, 0.44),
                 (0.76, 0.9)),
            rect(0.3, 0.43, 0.7, 0.52, BG), rect(0.465, 0.52, 0.535, 0.72, FG),
            circle(0.36, 0.7, 0.035, BG), circle(0.64, 0.7, 0.035, BG),
            circle(0.36, 0.8, 0.035, BG), circle(0.64, 0.8, 0.035, BG),
        ),
    }


def _chevron(dx: float) -> Shape:
    return poly((0.14 + dx, 0.2), (0.34 + dx, 0.2), (0.6 + dx, 0.5), (0.34 + dx, 0.8),
                (0.14 + dx, 0.8), (0.4 + dx, 0.5))


def _arrow_arc(a0: float, a1: float) -> tuple[Shape, ...]:
    cx = cy = 0.5
    r = 0.31
    body = line(*arc(cx, cy, r, a0, a1 - 14, 16), width=0.09)
    tip_a = math.radians(a1)
    tip = (cx + r * math.cos(tip_a), cy + r * math.sin(tip_a))
    back = math.radians(a1 - 26)
    inner = (cx + (r - 0.13) * math.cos(back), cy + (r - 0.13) * math.sin(back))
    outer = (cx + (r + 0.13) * math.cos(back), cy + (r + 0.13) * math.sin(back))
    return (body, poly(tip, inner, outer))


def _abilities() -> dict[str, tuple[Shape, ...]]:
    thin = (poly((0.5, 0.0), (0.545, 0.08), (0.545, 0.66), (0.455, 0.66), (0.455, 0.08)),
            rect(0.36, 0.66, 0.64, 0.72), rect(0.47, 0.72, 0.53, 0.86), circle(0.5, 0.89, 0.045))
    return {
        "altruism": (circle(0.34, 0.38, 0.19), circle(0.66, 0.38, 0.19),
                     poly((0.16, 0.44), (0.84, 0.44), (0.5, 0.86))),
        "charge": (_chevron(0.0), _chevron(0.26)),
        "deathcurse": (
            circle(0.5, 0.42, 0.32), rect(0.33, 0.55, 0.67, 0.86),
            circle(0.38, 0.44, 0.085, BG), circle(0.62, 0.44, 0.085, BG),
            poly((0.5, 0.56), (0.45, 0.65), (0.55, 0.65), color=BG),
            line((0.44, 0.74), (0.44, 0.86), width=0.03, color=BG),
            line((0.56, 0.74), (0.56, 0.86), width=0.03, color=BG),
        ),
        "enervate": (line((0.08, 0.2), (0.34, 0.5), (0.5, 0.34), (0.7, 0.58), width=0.1),
                     arrowhead((0.64, 0.51), (0.9, 0.82), 0.32)),
        "fast": (poly((0.6, 0.05), (0.22, 0.55), (0.46, 0.55), (0.36, 0.95), (0.8, 0.42),
                      (0.55, 0.42), (0.68, 0.05)),),
        "feed": (*transform((ellipse(0.38, 0.38, 0.3, 0.21),), rotate=45, about=(0.38, 0.38)),
                 line((0.5, 0.5), (0.76, 0.76), width=0.11),
                 circle(0.86, 0.76, 0.075), circle(0.76, 0.86, 0.075),
                 line((0.24, 0.4), (0.4, 0.24), width=0.04, color=BG)),
        "heal": (rect(0.39, 0.12, 0.61, 0.88), rect(0.12, 0.39, 0.88, 0.61)),
        "hide": (lens(0.5, 0.5, 0.4, 0.25), circle(0.5, 0.5, 0.13, BG), circle(0.5, 0.5, 0.06),
                 line((0.16, 0.84), (0.84, 0.16), width=0.17, color=BG),
                 line((0.16, 0.84), (0.84, 0.16), width=0.08)),
        "illusion": (ring(0.38, 0.5, 0.24, 0.08), ring(0.62, 0.5, 0.24, 0.08)),
        "inspire": (circle(0.5, 0.5, 0.17),
                    *(line(*arc(0.5, 0.5, 0.28, a, a, 1)[:1], *arc(0.5, 0.5, 0.42, a, a, 1)[:1],
                           width=0.075) for a in range(0, 360, 45))),
        "lead": (line((0.26, 0.08), (0.26, 0.92), width=0.075),
                 poly((0.3, 0.12), (0.84, 0.12), (0.68, 0.3), (0.84, 0.48), (0.3, 0.48))),
        "mount": (line(*arc(0.5, 0.44, 0.29, -25, 205, 28), width=0.16),
                  *(circle(*arc(0.5, 0.44, 0.29, a, a, 1)[0], 0.03, BG) for a in (15, 55, 125, 165))),
        "poison": (drop(0.5, 0.62, 0.26, 0.08), circle(0.42, 0.66, 0.07, BG)),
        "protect": (poly((0.18, 0.16), (0.5, 0.08), (0.82, 0.16), (0.82, 0.46), (0.76, 0.64),
                         (0.64, 0.8), (0.5, 0.92), (0.36, 0.8), (0.24, 0.64), (0.18, 0.46)),
                    rect(0.46, 0.2, 0.54, 0.78, BG), rect(0.28, 0.36, 0.72, 0.44, BG)),
        "rage": (poly((0.5, 0.04), (0.64, 0.3), (0.76, 0.2), (0.84, 0.5), (0.8, 0.74),
                      (0.64, 0.92), (0.36, 0.92), (0.2, 0.74), (0.16, 0.5), (0.28, 0.28),
                      (0.38, 0.42)),
                 poly((0.5, 0.48), (0.62, 0.7), (0.56, 0.84), (0.44, 0.84), (0.38, 0.7),
                      color=BG)),
        "regenerate": (*_arrow_arc(200, 340), *_arrow_arc(20, 160)),
        "resurrect": (line(*arc(0.5, 0.27, 0.13, 0, 360, 28, 0.17), width=0.085, closed=True),
                      rect(0.2, 0.45, 0.8, 0.55), poly((0.45, 0.5), (0.55, 0.5), (0.6, 0.92), (0.4, 0.92))),
        "revenge": (*transform(thin, rotate=45), *transform(thin, rotate=-45)),
        "swarm": (circle(0.5, 0.5, 0.11),
                  *(circle(*arc(0.5, 0.5, 0.29, a, a, 1)[0], 0.11) for a in range(30, 390, 60))),
    }


TYPES = tuple(_types())
"""The 8 WarBadge types, as glyph keys."""
ABILITIES = tuple(_abilities())
"""The 19 WarBadge abilities, as glyph keys."""


@cache
def glyphs() -> dict[str, tuple[Shape, ...]]:
    """Every named glyph."""
    return {**_types(), **_abilities()}


def glyph_key(name: str) -> str:
    """A name folded to its glyph key ('Death Curse' → 'deathcurse'); unknown → '?X'."""
    key = "".join(ch for ch in name.lower() if ch.isalnum())
    if key in glyphs():
        return key
    initial = next((ch for ch in name if ch.isalnum()), "?")
    return "?" + initial.upper()


ICON_TOKEN = r":[A-Za-z][A-Za-z0-9_-]*:"
"""Inline icon markup in card text: `:name:`, a letter first, then letters, digits, `_`
or `-` (the text fitter and validation read it with this one pattern)."""
_INLINE = re.compile(ICON_TOKEN)


def icon_names() -> list[str]:
    """Every icon name the printer draws, as inline markup spells it (`:deathcurse:`)."""
    return sorted(glyphs())


def unknown_inline(text: str) -> list[str]:
    """The `:name:` icons of a text the printer has no glyph for (each once, in order);
    they print as a disc with their initial letter."""
    names = (m.group()[1:-1] for m in _INLINE.finditer(text))
    return list(dict.fromkeys(n for n in names if glyph_key(n).startswith("?")))


def glyph(key: str) -> tuple[Shape, ...]:
    """The shapes of a glyph key; '?X' keys are the letter X."""
    if key.startswith("?") or key not in glyphs():
        letter = key[1:2] if key.startswith("?") else (key[:1].upper() or "?")
        return (Shape("text", ((0.5, 0.5),), FG, r=0.62, text=letter or "?"),)
    return glyphs()[key]


# -- bases: one per icon style ------------------------------------------------------------

INK = "#1b1b1b"
STYLES: dict[str, dict] = {
    "type": {"color": "#111111", "scale": 0.64, "center": (0.5, 0.5)},
    "strength": {"color": "#2e7d32", "scale": 0.54, "center": (0.5, 0.45)},
    "weakness": {"color": "#c62828", "scale": 0.5, "center": (0.5, 0.42)},
    "ability": {"color": "#ef7d00", "scale": 0.42, "center": (0.5, 0.56)},
    "plain": {"color": None, "scale": 1.0, "center": (0.5, 0.5)},
}
"""Icon styles: base colour, glyph scale and where the glyph's centre goes."""


def _base(style: str, color: str) -> tuple[Shape, ...]:
    if style == "type":
        return (circle(0.5, 0.5, 0.5, color),)
    if style == "strength":
        outline = ((0.06, 0.1), (0.5, 0.0), (0.94, 0.1), (0.94, 0.46), (0.88, 0.66),
                   (0.74, 0.84), (0.5, 1.0), (0.26, 0.84), (0.12, 0.66), (0.06, 0.46))
        return (poly(*outline, color=color), line(*outline, width=0.04, color=INK, closed=True))
    if style == "weakness":
        white = "#ffffff"
        jaw = poly((0.27, 0.6), (0.73, 0.6), (0.73, 0.88), (0.65, 0.97), (0.35, 0.97), (0.27, 0.88),
                   color=color)
        return (circle(0.5, 0.42, 0.42, color), jaw,
                *(line((x, 0.84), (x, 0.97), width=0.035, color=white) for x in (0.42, 0.5, 0.58)))
    if style == "ability":
        shape = star(0.5, 0.545, 0.52, 0.3, 5, color=color)
        return (shape, line(*shape.points, width=0.035, color=INK, closed=True))
    return ()


@cache
def icon_shapes(key: str, style: str) -> tuple[Shape, ...]:
    """The full icon (base + white glyph) for a glyph key in a style, in the unit box."""
    spec = STYLES.get(style, STYLES["type"])
    base_color = spec["color"]
    fg, bg = ("#ffffff", base_color) if base_color else ("#111111", "#ffffff")
    scale = spec["scale"]
    cx, cy = spec["center"]
    moved = transform(glyph(key), scale, cx - scale / 2, cy - scale / 2, about=(0, 0))
    colored = tuple(replace(s, color=fg if s.color == FG else bg) for s in moved)
    return _base(style, base_color) + colored if base_color else colored
