"""Meaning carried by colour survives a black-and-white printer: every value of a
colour style (WarBadge's rank rims, Battle Gate's class borders, Warblitz's rank frames)
still prints differently when the card is thresholded to pure black and white, and
WarBadge's rank is readable as pips (Gold 3, Silver 2, Bronze 1)."""

import pytest
from PIL import Image, ImageChops

from tests.render.render_fixtures import SAMPLES
from toolkit.render import png
from toolkit.render.colors import parse_color
from toolkit.render.display import evaluate
from toolkit.render.job import load_layout

DPI = 150
LEGIBLE = 100
"""Pixels (at 150 dpi) that must differ in black and white: a mark, not anti-aliasing
(colour alone leaves a few dozen edge pixels different)."""


def black_and_white(img: Image.Image) -> Image.Image:
    """What a monochrome printer makes of a card: grey below half is black, else white."""
    flat = Image.new("RGB", img.size, "white")
    flat.paste(img, (0, 0), img if img.mode == "RGBA" else None)
    return flat.convert("L").point(lambda v: 0 if v < 128 else 255)


def colour_styles(layout):
    """(style, [values]) for every style whose values are colours."""
    out = []
    for style in layout.styles.values():
        values = [v for v, c in style.values.items() if isinstance(c, str) and _is_colour(c)]
        if len(values) > 1:
            out.append((style, values))
    return out


def _is_colour(text: str) -> bool:
    try:
        return parse_color(text) is not None
    except ValueError:
        return False


CASES = [(game, name) for game, name in sorted(SAMPLES)]


@pytest.mark.parametrize(("game", "name"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_every_colour_meaning_survives_black_and_white(game, name):
    layout = load_layout(game, name)
    base = dict(SAMPLES[(game, name)])
    checked = 0
    for style, values in colour_styles(layout):
        images = {}
        for value in values:
            card = dict(base, **{style.by: value.title() if value.islower() else value})
            images[value] = black_and_white(png.render(evaluate(layout, card), DPI))
        for i, a in enumerate(values):
            for b in values[i + 1:]:
                changed = ImageChops.difference(images[a], images[b]).histogram()
                assert sum(changed[1:]) >= LEGIBLE, (
                    f"{game}/{name}: {style.by} {a} and {b} differ only by colour "
                    f"({style.name}): {sum(changed[1:])} px in black and white")
                checked += 1
    assert checked or not colour_styles(layout)


def test_warbadge_rims_are_alike_in_grey_but_pips_tell_the_rank():
    """Gold and Silver rims are 173 and 187 in grey: alike on paper. The pips are not."""
    layout = load_layout("warbadge", "badge")
    card = dict(SAMPLES[("warbadge", "badge")])
    greys = {}
    for rank, pips in (("Gold", 3), ("Silver", 2), ("Bronze", 1)):
        img = png.render(evaluate(layout, dict(card, Rank=rank)), 300)
        greys[rank] = img.convert("L").getpixel((224, 6))  # the rim at the top
        strip = black_and_white(img).crop((150, 424, 300, 449))  # the rim's bottom, below the face
        assert dark_blobs(strip) == pips, rank
    assert abs(greys["Gold"] - greys["Silver"]) < 20  # colour alone would not tell them apart


def dark_blobs(img: Image.Image) -> int:
    """Connected groups of black pixels (4-neighbours) of at least 20 px."""
    w, h = img.size
    px = img.load()
    seen = set()
    count = 0
    for y in range(h):
        for x in range(w):
            if px[x, y] or (x, y) in seen:
                continue
            stack, size = [(x, y)], 0
            seen.add((x, y))
            while stack:
                cx, cy = stack.pop()
                size += 1
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < w and 0 <= ny < h and not px[nx, ny] and (nx, ny) not in seen:
                        seen.add((nx, ny))
                        stack.append((nx, ny))
            count += size >= 20
    return count
