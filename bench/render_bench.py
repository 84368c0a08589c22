"""Rendering: 2,000 poker cards through `pnp print` and to PNG, beside raw reportlab/Pillow.

Three figures, each a ratio measured in the same run:

1. **Whole `pnp print`, defaults** (PDF + contact sheet + legend check): a 2,000-unit
   Warblitz catalog workbook printed by `pnp print warblitz --catalog big.xlsx` in a fresh
   process, beside a fresh process that reads the same workbook with openpyxl and draws the
   same cards straight onto a reportlab canvas (border, title, stat line, wrapped ability,
   9 per A4 page, the same embedded TTF, the same binary PDF streams). Both best of five,
   taking turns; the ratio is of CPU time (user + system), the wall clock is shown beside
   it. Goal: within 2x.
2. **PDF path in process** (layout evaluation + imposition + drawing) beside the same raw
   reportlab drawing, both in this process.
3. **Per-card PNG at 300 dpi** (layout evaluation + rasterising + PNG encoding, as `--png`
   writes them) beside raw Pillow drawing the same cards (rounded border, title, stat line,
   wrapped ability) and encoding them the same way. Goal: within 2x.
"""

from __future__ import annotations

import io
import random
import resource
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

WORDS = ("attack adjacent enemy unit token boost force commander space deploy reveal draw "
         "discard phase turn damage ready exhausted value battle each your their may one two "
         "three additional strength heal defend").split()
RAW_SCRIPT = textwrap.dedent('''
    """Raw baseline: read the workbook's units with openpyxl, draw them with reportlab."""
    import sys
    from openpyxl import load_workbook
    from reportlab import rl_config
    rl_config.useA85 = 0  # binary streams, as pnp writes them: the same PDF work
    sys.path.insert(0, {root!r})
    from bench.render_bench import raw_reportlab
    wb = load_workbook(sys.argv[1], read_only=True, data_only=True)
    rows = wb["Units"].iter_rows(values_only=True)
    header = [str(h) for h in next(rows)]
    cards = [dict(zip(header, row)) for row in rows if any(v is not None for v in row)]
    open(sys.argv[2], "wb").write(raw_reportlab(cards))
''')


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
    for card in out:  # Warblitz: Melee units attack MEL, Ranged RNG
        card["Attack"] = {"Melee": "MEL", "Ranged": "RNG"}.get(card["Class"], card["Attack"])
        if card["Rank"] == "Commander":
            card["Class"] = None
    return out


def workbook(rows: list[dict], path: Path) -> Path:
    """A Warblitz catalog holding `rows` as units (plus one event and one relic)."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Units"
    header = ["Name", "Faction", "Rank", "Class", "Cost", "HP", "STR", "Attack", "Ability"]
    ws.append(header)
    for card in rows:
        ws.append([card[h] for h in header])
    events = wb.create_sheet("Events")
    events.append(["Name", "Faction", "Tier", "Cost", "Phase", "Ability", "Active"])
    events.append(["Bench Event", "Iron Legion", "Common", 1, "Beginning", "Draw one.", "no"])
    relics = wb.create_sheet("Relics")
    relics.append(["Name", "Faction", "Tier", "Cost", "Phase", "Ability"])
    relics.append(["Bench Relic", "Iron Legion", "Common", 1, "Beginning", "Heal one."])
    wb.save(path)
    return path


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
        c.drawString(x + 14, y + h - 28, str(card["Name"]))
        c.setFont("Vera", 9)
        c.drawString(x + 14, y + h - 44, f"HP {card['HP']}  STR {card['STR']}  {card['Attack']}")
        lines = simpleSplit(str(card["Ability"]), "Vera", 8, w - 28)
        for k, line in enumerate(lines):
            c.drawString(x + 14, y + h - 120 - k * 9.6, line)
    c.save()
    return buffer.getvalue()


def raw_pillow(rows: list[dict], dpi: int) -> None:
    """The PNG baseline: the same simple cards drawn directly with Pillow at `dpi`, each
    encoded as a PNG (Pillow's default level, as `--png` writes)."""
    from PIL import Image, ImageDraw, ImageFont

    from toolkit.render import fonts

    k = dpi / 72  # px per pt
    w, h = round(63 / 25.4 * dpi), round(88 / 25.4 * dpi)
    bold = ImageFont.truetype(fonts.path_of("VeraBd"), 11 * k)
    regular = ImageFont.truetype(fonts.path_of("Vera"), 9 * k)
    small = ImageFont.truetype(fonts.path_of("Vera"), 8 * k)
    for card in rows:
        img = Image.new("RGB", (w, h), "white")
        d = ImageDraw.Draw(img)
        d.rounded_rectangle([8 * k, 8 * k, w - 8 * k, h - 8 * k], 6 * k, outline=(51, 51, 51),
                            width=max(1, round(k)))
        d.text((14 * k, 28 * k), str(card["Name"]), font=bold, fill="black", anchor="ls")
        d.text((14 * k, 44 * k), f"HP {card['HP']}  STR {card['STR']}  {card['Attack']}",
               font=regular, fill="black", anchor="ls")
        line, y = "", 120 * k
        for word in str(card["Ability"]).split():
            trial = f"{line} {word}".strip()
            if small.getlength(trial) > w - 28 * k and line:
                d.text((14 * k, y), line, font=small, fill="black", anchor="ls")
                line, y = word, y + 9.6 * k
            else:
                line = trial
        if line:
            d.text((14 * k, y), line, font=small, fill="black", anchor="ls")
        img.save(io.BytesIO(), format="PNG")


def ours_pdf(rows: list[dict], out: Path) -> None:
    """Our path: evaluate the Warblitz unit layout for every card, impose, write the PDF."""
    from toolkit.render.display import evaluate
    from toolkit.render.job import load_layout
    from toolkit.render.sheet import SheetOptions, write_pdf

    layout = load_layout("warblitz", "unit")
    fronts = [evaluate(layout, card) for card in rows]
    write_pdf(out, "bench", fronts, options=SheetOptions("a4"))


def ours_png(rows: list[dict], dpi: int) -> None:
    """Our raster path: evaluate and rasterise every card, encoded as `--png` writes it."""
    from toolkit.render import png
    from toolkit.render.display import evaluate
    from toolkit.render.job import load_layout

    layout = load_layout("warblitz", "unit")
    for card in rows:
        png.render(evaluate(layout, card), dpi).save(io.BytesIO(), format="PNG",
                                                     dpi=(dpi, dpi))


def _timed(fn, *args) -> float:
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def _process(args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one fresh process. The CPU time (user + system of the
    child) is what the ratio uses: on a shared machine the wall clock mostly measures the
    neighbours."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{args[:3]} failed: {done.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return took, cpu


def whole_process(n: int, tmp: Path, runs: int = 5) -> tuple[tuple[float, float],
                                                             tuple[float, float]]:
    """((raw wall, raw CPU), (ours wall, ours CPU)) seconds, each the best of `runs`
    fresh processes on the same workbook, raw and ours taking turns."""
    root = Path(__file__).resolve().parents[1]
    book = workbook(cards(n), tmp / "big.xlsx")
    script = tmp / "raw.py"
    script.write_text(RAW_SCRIPT.format(root=str(root)))
    pnp = [sys.executable, "-m", "toolkit", "print", "warblitz", "--catalog", str(book),
           "-o", str(tmp / "out")]
    raw = [sys.executable, str(script), str(book), str(tmp / "raw.pdf")]
    raw_t, ours_t = [], []
    for _ in range(runs):
        raw_t.append(_process(raw))
        ours_t.append(_process(pnp))
    return ((min(w for w, _ in raw_t), min(c for _, c in raw_t)),
            (min(w for w, _ in ours_t), min(c for _, c in ours_t)))


def main(n: int = 2000, png_dpi: int = 300, png_cards: int = 300) -> dict[str, float]:
    """Run the benchmark and print the figures; returns them."""
    from toolkit.render import fonts

    fonts.register()
    rows = cards(n)
    raw_reportlab(rows[:20])  # warm up imports and font loading for both sides
    with tempfile.TemporaryDirectory() as tmp:
        (w_raw, t_raw_proc), (w_ours, t_ours_proc) = whole_process(n, Path(tmp))
        ours_pdf(rows[:20], Path(tmp) / "warm.pdf")
        t_raw = _timed(raw_reportlab, rows)
        t_pdf = _timed(ours_pdf, rows, Path(tmp) / "bench.pdf")
    some = rows[:png_cards]
    raw_pillow(some[:5], png_dpi)
    ours_png(some[:5], png_dpi)
    t_raw_png = _timed(raw_pillow, some, png_dpi)
    t_png = _timed(ours_png, some, png_dpi)
    figures = {"process_raw_s": t_raw_proc, "process_ours_s": t_ours_proc,
               "process_ratio": t_ours_proc / t_raw_proc, "process_wall_ratio": w_ours / w_raw,
               "raw_pdf_cards_s": n / t_raw, "pdf_cards_s": n / t_pdf,
               "pdf_ratio": t_pdf / t_raw, "raw_png_cards_s": png_cards / t_raw_png,
               "png_cards_s": png_cards / t_png, "png_ratio": t_png / t_raw_png}
    print(f"render: {n} poker cards (Warblitz unit layout), 9 per A4 page")
    print(f"  whole process, raw openpyxl+reportlab : {t_raw_proc:6.2f} s CPU ({w_raw:.2f} s wall)")
    print(f"  whole process, pnp print (defaults)   : {t_ours_proc:6.2f} s CPU ({w_ours:.2f} s wall) "
          f"(ratio {figures['process_ratio']:.2f}x CPU, {w_ours / w_raw:.2f}x wall; goal <= 2x)")
    print(f"  in process, raw reportlab baseline    : {figures['raw_pdf_cards_s']:8.0f} cards/s")
    print(f"  in process, our PDF path              : {figures['pdf_cards_s']:8.0f} cards/s "
          f"(ratio {figures['pdf_ratio']:.2f}x)")
    print(f"  PNG @{png_dpi} dpi, raw Pillow ({png_cards} cards)  : "
          f"{figures['raw_png_cards_s']:8.0f} cards/s")
    print(f"  PNG @{png_dpi} dpi, our path               : {figures['png_cards_s']:8.0f} cards/s "
          f"(ratio {figures['png_ratio']:.2f}x; goal <= 2x)")
    return figures


if __name__ == "__main__":
    main()
