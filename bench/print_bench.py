"""Printing at scale (issue 27): raster output on every core, its memory, and a 20-deck print.

Two workloads, each measured in fresh `pnp` processes, ratios taken within one run:

1. **500 distinct cards** (a generated Warblitz catalog, `bench.render_bench.cards`):
   `pnp print warblitz --catalog big.xlsx` with `--png`, with `--tts`, and with both
   (plus the default PDF and contact sheet), each with `--jobs 1` and with every core.
   Per run: wall clock, CPU (user + system of the process and its workers), the largest
   process's peak memory (`ru_maxrss` from `wait4`: VmHWM of the process or of a worker,
   whichever is larger) and the peak of the whole process tree's proportional set size
   (PSS, shared pages split between the processes sharing them; sampled from /proc every
   50 ms, Linux only). The outputs of `--jobs 1` and of every core are compared byte for
   byte. Beside them, in this process: our per-card PNG path (`--png`'s evaluate,
   rasterise, encode) against raw Pillow drawing the same cards (`raw_pillow`), one core
   each. Goals: memory under 300 MB, PNG within 1.5x raw Pillow per core.
2. **20 decks of 100 cards in one workbook** (the `cards` game, every card distinct):
   default `pnp print cards decks.xlsx` (PDF, contact sheet and legend check per deck)
   against a fresh process that reads the workbook with openpyxl and draws as many cards
   with raw reportlab (border, name, type and cost, wrapped text, 9 per A4 page, one PDF
   per deck). Best of `--rounds`, taking turns. Goal: within 2x.

Both sides run with compiled bytecode cached (`PYTHONPYCACHEPREFIX` in a temporary
folder, warmed by a first run): an environment with `PYTHONDONTWRITEBYTECODE` would
otherwise make every fresh process compile the whole toolkit from source (0.5 s).

    python -m bench print_scale [--cards N] [--rounds N] [--only png|decks]
"""

from __future__ import annotations

import argparse
import filecmp
import os
import random
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

from bench.render_bench import WORDS, cards, ours_png, raw_pillow, workbook

ROOT = Path(__file__).resolve().parents[1]
RAW_DECKS = textwrap.dedent('''
    """Raw baseline: read every deck sheet with openpyxl, draw its cards with reportlab."""
    import sys
    from pathlib import Path
    from openpyxl import load_workbook
    from reportlab import rl_config
    rl_config.useA85 = 0  # binary streams, as pnp writes them: the same PDF work
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    import reportlab
    fonts = Path(reportlab.__file__).parent / "fonts"
    pdfmetrics.registerFont(TTFont("Vera", str(fonts / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont("VeraBd", str(fonts / "VeraBd.ttf")))
    MM = 72 / 25.4
    w, h = 63 * MM, 88 * MM
    x0, y0 = (595.28 - 3 * w) / 2, (841.89 - 3 * h) / 2
    wb = load_workbook(sys.argv[1], read_only=True, data_only=True)
    out = Path(sys.argv[2])
    out.mkdir(exist_ok=True)
    for ws in wb.worksheets:
        rows = ws.iter_rows(values_only=True)
        header = [str(v) for v in next(rows)]
        c = Canvas(str(out / (ws.title + ".pdf")), invariant=1)
        i = 0
        for row in rows:
            card = dict(zip(header, row))
            for _ in range(int(card.get("Qty") or 1)):
                slot = i % 9
                if i and slot == 0:
                    c.showPage()
                i += 1
                x, y = x0 + (slot % 3) * w, y0 + (2 - slot // 3) * h
                c.setLineWidth(1)
                c.setStrokeColorRGB(0.2, 0.2, 0.2)
                c.roundRect(x + 8, y + 8, w - 16, h - 16, 6, stroke=1, fill=0)
                c.setFillColorRGB(0, 0, 0)
                c.setFont("VeraBd", 11)
                c.drawString(x + 14, y + h - 28, str(card["Name"]))
                c.setFont("Vera", 9)
                c.drawString(x + 14, y + h - 44, f"{card['Type']}  {card['Cost']}")
                for k, line in enumerate(simpleSplit(str(card["Text"]), "Vera", 8, w - 28)):
                    c.drawString(x + 14, y + h - 120 - k * 9.6, line)
        c.save()
''')


def decks_workbook(path: Path, decks: int = 20, size: int = 100, seed: int = 3) -> Path:
    """A `cards` game workbook of `decks` sheets, each `size` distinct cards (Qty 1)."""
    from openpyxl import Workbook

    rng = random.Random(seed)
    wb = Workbook()
    wb.remove(wb.active)
    for d in range(decks):
        ws = wb.create_sheet(f"Deck {d + 1}")
        ws.append(["Name", "Type", "Cost", "Qty", "Text"])
        for i in range(size):
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 30)))
            ws.append([f"{rng.choice(WORDS).title()} {rng.choice(WORDS).title()} {d}-{i}",
                       rng.choice(["Creature", "Spell", "Land"]), rng.randint(0, 6), 1,
                       text.capitalize() + "."])
    wb.save(path)
    return path


def environment(tmp: Path) -> dict[str, str]:
    """The child processes' environment: bytecode cached in `tmp`, nothing else changed."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    return env


def _tree(pid: int) -> list[int]:
    """A process and its descendants (Linux /proc)."""
    out, todo = [], [pid]
    while todo:
        here = todo.pop()
        out.append(here)
        try:
            for task in os.listdir(f"/proc/{here}/task"):
                text = Path(f"/proc/{here}/task/{task}/children").read_text()
                todo.extend(int(child) for child in text.split())
        except OSError:
            pass  # ended meanwhile
    return out


def _pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def measure(args: list[str], env: dict[str, str], cwd: Path) -> dict[str, float]:
    """Run one fresh process: wall and CPU seconds, largest process's peak RSS (MB) and
    the sampled peak PSS of its whole tree (MB, 0 where /proc has no smaps_rollup)."""
    peak = [0]
    start = time.perf_counter()
    proc = subprocess.Popen(args, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], sum(_pss_kb(p) for p in _tree(proc.pid)))
            done.wait(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    err = proc.stderr.read() if proc.stderr else b""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{args[3:6]} failed ({proc.returncode}): {err[-600:].decode()}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
            "rss_mb": usage.ru_maxrss / 1024, "pss_mb": peak[0] / 1024}


def _same(a: Path, b: Path) -> bool:
    """Whether two output folders hold the same images and PDFs, byte for byte (files
    that name their own folder, such as the TTS saved object, are left out)."""
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file()
                   and p.suffix in (".png", ".pdf"))
    theirs = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file()
                    and p.suffix in (".png", ".pdf"))
    return files == theirs and all(filecmp.cmp(a / f, b / f, shallow=False) for f in files)


def raster(n: int, tmp: Path, env: dict[str, str]) -> dict[str, float]:
    """Workload 1: n distinct cards to PNG, TTS and both, --jobs 1 and every core."""
    from toolkit.render.pool import cores

    book = workbook(cards(n), tmp / "big.xlsx")
    pnp = [sys.executable, "-m", "toolkit", "print", "warblitz", "--catalog", str(book)]
    measure([*pnp, "-o", str(tmp / "warm"), "--no-contact"], env, tmp)  # bytecode cache
    figures: dict[str, float] = {}
    every = cores()
    print(f"print_scale: {n} distinct Warblitz cards, fresh processes ({every} cores)")
    print(f"  {'outputs':<24} {'jobs':>4} {'wall s':>8} {'CPU s':>8} {'largest MB':>11} "
          f"{'tree PSS MB':>12}")
    for label, flags in (("--png", ["--png"]), ("--tts", ["--tts"]),
                         ("--png --tts (+PDF, contact)", ["--png", "--tts"])):
        outs = []
        for jobs in (1, every):
            out = tmp / f"out-{flags[-1][2:]}-{len(flags)}-{jobs}"
            outs.append(out)
            got = measure([*pnp, "-o", str(out), *flags, "--jobs", str(jobs)], env, tmp)
            key = f"{'+'.join(f[2:] for f in flags)}_jobs{jobs}"
            figures.update({f"{key}_{k}": v for k, v in got.items()})
            print(f"  {label:<24} {jobs:>4} {got['wall']:8.1f} {got['cpu']:8.1f} "
                  f"{got['rss_mb']:11.0f} {got['pss_mb']:12.0f}")
        same = _same(*outs)
        figures[f"{'+'.join(f[2:] for f in flags)}_identical"] = float(same)
        print(f"  {'':<24} jobs 1 and {every}: {'byte-identical' if same else 'DIFFERENT'}")
    return figures


def png_per_core(count: int, dpi: int = 300) -> dict[str, float]:
    """Our per-card PNG path against raw Pillow, one core each, in this process."""
    rows = cards(count, seed=11)
    raw_pillow(rows[:5], dpi)
    ours_png(rows[:5], dpi)
    raw_t, ours_t = [], []
    for _ in range(2):  # taking turns: the neighbours' load falls on both
        start = time.process_time()
        raw_pillow(rows, dpi)
        raw_t.append(time.process_time() - start)
        start = time.process_time()
        ours_png(rows, dpi)
        ours_t.append(time.process_time() - start)
    raw, ours = min(raw_t), min(ours_t)
    print(f"  PNG @{dpi} dpi per core, {count} cards: raw Pillow {count / raw:.1f} cards/s, "
          f"ours {count / ours:.1f} cards/s (ratio {ours / raw:.2f}x CPU; goal <= 1.5x)")
    return {"png_raw_cards_s": count / raw, "png_ours_cards_s": count / ours,
            "png_ratio": ours / raw}


def decks(tmp: Path, env: dict[str, str], rounds: int) -> dict[str, float]:
    """Workload 2: 20 decks of 100 cards, default `pnp print` against raw reportlab."""
    book = decks_workbook(tmp / "decks.xlsx")
    script = tmp / "raw_decks.py"
    script.write_text(RAW_DECKS)
    pnp = [sys.executable, "-m", "toolkit", "print", "cards", str(book), "-o", str(tmp / "d")]
    raw = [sys.executable, str(script), str(book), str(tmp / "raw")]
    measure(pnp, env, tmp)  # bytecode cache for both sides
    measure(raw, env, tmp)
    ours_runs, raw_runs, one_runs = [], [], []
    for _ in range(rounds):
        raw_runs.append(measure(raw, env, tmp))
        ours_runs.append(measure(pnp, env, tmp))
        one_runs.append(measure([*pnp, "--jobs", "1"], env, tmp))

    def best(runs: list[dict[str, float]], key: str) -> float:
        return min(r[key] for r in runs)

    figures = {"decks_raw_cpu": best(raw_runs, "cpu"), "decks_raw_wall": best(raw_runs, "wall"),
               "decks_cpu": best(ours_runs, "cpu"), "decks_wall": best(ours_runs, "wall"),
               "decks_jobs1_cpu": best(one_runs, "cpu"),
               "decks_jobs1_wall": best(one_runs, "wall"),
               "decks_rss_mb": best(ours_runs, "rss_mb")}
    print("print_scale: 20 decks x 100 distinct cards (cards game), default pnp print, "
          f"fresh processes, best of {rounds}")
    print(f"  raw openpyxl + reportlab  : {figures['decks_raw_cpu']:5.2f} s CPU "
          f"{figures['decks_raw_wall']:5.2f} s wall")
    for label, cpu, wall in (("pnp print (every core)", figures["decks_cpu"],
                              figures["decks_wall"]),
                             ("pnp print --jobs 1", figures["decks_jobs1_cpu"],
                              figures["decks_jobs1_wall"])):
        print(f"  {label:<26}: {cpu:5.2f} s CPU {wall:5.2f} s wall  (ratio "
              f"{cpu / figures['decks_raw_cpu']:.2f}x CPU, "
              f"{wall / figures['decks_raw_wall']:.2f}x wall; goal <= 2x)")
    return figures


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Run the workloads and print the figures; returns them."""
    parser = argparse.ArgumentParser(prog="python -m bench print_scale")
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--png-cards", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=("png", "decks"))
    opts = parser.parse_args(argv or [])
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        env = environment(tmp)
        if opts.only in (None, "png"):
            figures.update(raster(opts.cards, tmp, env))
            figures.update(png_per_core(opts.png_cards))
        if opts.only in (None, "decks"):
            figures.update(decks(tmp, env, opts.rounds))
    return figures


if __name__ == "__main__":
    main(sys.argv[1:])
