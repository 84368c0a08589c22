"""Rendering: 2,000 poker cards to PDF sheets and to PNG, beside raw reportlab.

The baseline draws the same number of simple cards straight onto a reportlab canvas
(border, title, stat line, wrapped paragraph, 9 per A4 page, the same embedded TTF);
the figure that counts is the ratio of our PDF path (layout evaluation + imposition +
drawing) to it, measured in the same run. Goal: within 2x.
"""

from __future__ import annotations

import io
import random
import tempfile
import time
from pathlib import Path

WORDS = ("attack adjacent enemy unit token boost force commander space deploy reveal draw "
         "discard phase turn damage ready exhausted value battle each your their may one two "
         "three additional strength heal defend").split()


def cards(n: int, seed: int = 7) -> list[dict]:
    """n Warblitz units with varied names and ability text."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(12, 40)))
        out.append({"Name": f"{rng.choice(WORDS).title()} {rng.choice(WORDS).title()} {i}",
                    "Faction": "Iron Legion", "Rank": rng.choice(["Common", "Elite", "Commander"]),
                    "Class": rng.choice(["Melee", "Ranged", "Special"]), "Cost": rng.randint(0, 5),
                    "HP": rng.randint(1, 12), "STR": rng.randint(1, 5),
                    "Attack": rng.choice(["MEL", "RNG"]), "Ability": text.capitalize() + ".",
                    "Art": None})
    return out


def raw_reportlab(rows: list[dict]) -> bytes:
    """The baseline: simple cards drawn directly with reportlab, 9 per A4 page."""
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen.canvas import Canvas

    from toolkit.render import fonts
    from toolkit.render.units import MM

    fonts.register()
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1)
    w, h = 63 * MM, 88 * MM
    x0, y0 = (595.28 - 3 * w) / 2, (841.89 - 3 * h) / 2
    for i, card in enumerate(rows):
        slot = i % 9
        if i and slot == 0:
            c.showPage()
        x, y = x0 + (slot % 3) * w, y0 + (2 - slot // 3) * h
        c.setLineWidth(1)
        c.setStrokeColorRGB(0.2, 0.2, 0.2)
        c.roundRect(x + 8, y + 8, w - 16, h - 16, 6, stroke=1, fill=0)
        c.setFillColorRGB(0, 0, 0)
        c.setFont("VeraBd", 11)
        c.drawString(x + 14, y + h - 28, card["Name"])
        c.setFont("Vera", 9)
        c.drawString(x + 14, y + h - 44, f"HP {card['HP']}  STR {card['STR']}  {card['Attack']}")
        lines = simpleSplit(card["Ability"], "Vera", 8, w - 28)
        for k, line in enumerate(lines):
            c.drawString(x + 14, y + h - 120 - k * 9.6, line)
    c.save()
    return buffer.getvalue()


def ours_pdf(rows: list[dict], out: Path) -> None:
    """Our path: evaluate the Warblitz unit layout for every card, impose, write the PDF."""
    from toolkit.render.display import evaluate
    from toolkit.render.job import load_layout
    from toolkit.render.sheet import SheetOptions, write_pdf

    layout = load_layout("warblitz", "unit")
    fronts = [evaluate(layout, card) for card in rows]
    write_pdf(out, "bench", fronts, options=SheetOptions("a4"))


def ours_png(rows: list[dict], dpi: int) -> None:
    """Our raster path: evaluate and rasterise every card, encoded as PNG in memory."""
    from toolkit.render import png
    from toolkit.render.display import evaluate
    from toolkit.render.job import load_layout

    layout = load_layout("warblitz", "unit")
    for card in rows:
        png.render(evaluate(layout, card), dpi).save(io.BytesIO(), format="PNG", compress_level=1)


def _timed(fn, *args) -> float:
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def main(n: int = 2000, png_dpi: int = 300) -> dict[str, float]:
    """Run the benchmark and print cards/s; returns the figures."""
    from toolkit.render import fonts

    fonts.register()
    rows = cards(n)
    raw_reportlab(rows[:20])  # warm up imports and font loading for both sides
    with tempfile.TemporaryDirectory() as tmp:
        ours_pdf(rows[:20], Path(tmp) / "warm.pdf")
        t_raw = _timed(raw_reportlab, rows)
        t_pdf = _timed(ours_pdf, rows, Path(tmp) / "bench.pdf")
    t_png = _timed(ours_png, rows, png_dpi)
    figures = {"raw_pdf_cards_s": n / t_raw, "pdf_cards_s": n / t_pdf,
               "png_cards_s": n / t_png, "pdf_ratio": t_pdf / t_raw}
    print(f"render: {n} poker cards (Warblitz unit layout), 9 per A4 page")
    print(f"  raw reportlab baseline : {figures['raw_pdf_cards_s']:8.0f} cards/s")
    print(f"  our PDF path           : {figures['pdf_cards_s']:8.0f} cards/s "
          f"(ratio {figures['pdf_ratio']:.2f}x the baseline's time; goal <= 2x)")
    print(f"  our PNG path @{png_dpi} dpi   : {figures['png_cards_s']:8.0f} cards/s "
          f"({int(63 / 25.4 * png_dpi)}x{int(88 / 25.4 * png_dpi)} px, PNG-encoded)")
    return figures


if __name__ == "__main__":
    main()
