"""Peak memory and time of `pnp` on the worst inputs: huge Qty, 100k rows, a 190 MB sheet
of short rows, rows reaching column XFD, an art bomb, the largest acceptable workbook,
and huge `--games`.

Each case runs `pnp` in a fresh child process (`python -m bench.hostile_bench --one ...`)
that reports its own peak resident memory (VmHWM; and its workers' for `play --jobs`), so
one case never inherits another's memory. The goal (issue 12): memory flat in the input's
numbers, and under 300 MB for any input a game can accept.

    python -m bench hostile
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WB_PLAY = ["play", "warbadge", "--agent", "random", "--json"]
"""WarBadge's bundled teams with random agents (the fastest games, so the most of them)."""
BG_HEADER = ("Name", "Class", "Power", "Qty", "Description", "Art")
BG_ROWS = (("Levy", "Soldier", 5, 8, "", ""), ("Wall", "Minion", 5, 8, "", ""),
           ("Knife", "Assassin", 5, 4, "", ""))


# ---------------------------------------------------------------- writing big workbooks

def _cell(ref: str, value: object) -> str:
    if isinstance(value, (int, float)):
        return f'<c r="{ref}"><v>{value}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>' if value != "" else ""


def _letter(i: int) -> str:
    from toolkit.core.report import column_letter

    return column_letter(i)


def table_rows(rows: Iterable[Iterable[object]]) -> Iterator[str]:
    """Rows of values as worksheet XML, one `<row>` string at a time."""
    for n, values in enumerate(rows, 1):
        cells = "".join(_cell(f"{_letter(c)}{n}", v) for c, v in enumerate(values, 1))
        yield f'<row r="{n}">{cells}</row>'


def write_xlsx(path: Path, sheets: dict[str, Iterable[str]]) -> Path:
    """A minimal .xlsx whose sheets' `<row>` XML is streamed from iterators."""
    ns = "http://schemas.openxmlformats.org/"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        zf.writestr("[Content_Types].xml", (
            f'<Types xmlns="{ns}package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
            'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            "</Types>"))
        zf.writestr("_rels/.rels", (
            f'<Relationships xmlns="{ns}package/2006/relationships"><Relationship Id="rId1" '
            f'Type="{ns}officeDocument/2006/relationships/officeDocument" '
            'Target="xl/workbook.xml"/></Relationships>'))
        listed = "".join(f'<sheet name="{name}" sheetId="{i}" r:id="rId{i}"/>'
                         for i, name in enumerate(sheets, 1))
        zf.writestr("xl/workbook.xml", (
            f'<workbook xmlns="{ns}spreadsheetml/2006/main" '
            f'xmlns:r="{ns}officeDocument/2006/relationships"><sheets>{listed}</sheets>'
            "</workbook>"))
        rels = "".join(f'<Relationship Id="rId{i}" Type="{ns}officeDocument/2006/'
                       f'relationships/worksheet" Target="worksheets/sheet{i}.xml"/>'
                       for i in range(1, len(sheets) + 1))
        zf.writestr("xl/_rels/workbook.xml.rels",
                    f'<Relationships xmlns="{ns}package/2006/relationships">{rels}'
                    "</Relationships>")
        for i, rows in enumerate(sheets.values(), 1):
            with zf.open(f"xl/worksheets/sheet{i}.xml", "w", force_zip64=True) as fh:
                fh.write(f'<worksheet xmlns="{ns}spreadsheetml/2006/main"><sheetData>'.encode())
                batch: list[str] = []
                for row in rows:
                    batch.append(row)
                    if len(batch) == 4096:
                        fh.write("".join(batch).encode())
                        batch.clear()
                fh.write(("".join(batch) + "</sheetData></worksheet>").encode())
    return path


def bg_deck(rows: int, qty: object = 1) -> Iterator[tuple]:
    yield BG_HEADER
    for i in range(rows):
        yield (f"Card {i}", ("Soldier", "Minion", "Assassin")[i % 3], 1 + i % 6, qty,
               "A generated card.", "")


def short_rows(megabytes: int) -> Iterator[str]:
    """Rows of one short cell until the sheet's XML is about `megabytes` MB."""
    yield from table_rows([BG_HEADER])
    n, size = 1, 0
    while size < megabytes * 2**20:
        n += 1
        row = f'<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>x</t></is></c></row>'
        size += len(row)
        yield row


def wide_rows(count: int) -> Iterator[str]:
    yield from table_rows([BG_HEADER])
    for n in range(2, count + 2):
        yield f'<row r="{n}"><c r="A{n}"><v>1</v></c><c r="XFD{n}"><v>1</v></c></row>'


def largest_acceptable(rows: int, columns: int) -> Iterator[str]:
    """A deck sheet just inside the row and cell budgets: `rows` × `columns` filled."""
    header = (*BG_HEADER, *(f"# note {i}" for i in range(columns - len(BG_HEADER))))
    body = ((f"Card {i}", "Soldier", 1 + i % 6, 1, "Text.", "",
             *("n" for _ in range(columns - len(BG_HEADER)))) for i in range(rows))
    yield from table_rows([header, *body])


# ---------------------------------------------------------------- one measured run

def _high_water_mb() -> float:
    """This process's peak resident memory in MB: Linux's VmHWM, which starts afresh at
    exec (getrusage's ru_maxrss would carry over the parent's peak)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Stopped(BaseException):
    """A run stopped by the clock (not an error the CLI would catch)."""


def one(args: list[str]) -> None:
    """Run `pnp ARGS` in this process (`--stop S ARGS`: stop it after S seconds); print
    exit code, seconds and peak memory (JSON)."""
    import signal

    from toolkit.cli.main import app

    if args[0] == "--stop":
        def stop(*_):
            raise Stopped

        signal.signal(signal.SIGALRM, stop)
        signal.alarm(int(args[1]))
        args = args[2:]
    start = time.perf_counter()
    try:
        code = app(args, standalone_mode=False) or 0  # click returns an Exit's code
    except Stopped:
        code = "stopped"
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except Exception as exc:  # a usage error
        code = getattr(exc, "exit_code", "error")
    seconds = time.perf_counter() - start
    own = _high_water_mb()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(json.dumps({"code": code, "seconds": seconds, "mb": own, "workers_mb": kids}))


def measure(args: list, stop: int | None = None) -> dict:
    """Run one case in a fresh process and read its figures."""
    extra = ["--stop", str(stop)] if stop else []
    out = subprocess.run([sys.executable, "-m", "bench.hostile_bench", "--one", *extra,
                          *map(str, args)],
                         cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)
    last = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else "{}"
    try:
        return json.loads(last)
    except json.JSONDecodeError:
        return {"code": "?", "seconds": 0, "mb": 0, "workers_mb": 0, "error": out.stderr[-300:]}


def main() -> None:
    """Build the worst inputs, run each case, print one table row per case."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print("generating inputs ...", flush=True)
        base = write_xlsx(folder / "base.xlsx", {"Deck": table_rows([BG_HEADER, *BG_ROWS])})
        qty = {q: write_xlsx(folder / f"qty-{i}.xlsx",
                             {"Deck": table_rows([BG_HEADER, ("Levy", "Soldier", 5, q, "", "")])})
               for i, q in enumerate(("1000000", "1e9", "1e300"))}
        rows_100k = write_xlsx(folder / "rows-100k.xlsx", {"Deck": table_rows(bg_deck(100_000))})
        rows_49k = write_xlsx(folder / "rows-49k.xlsx", {"Deck": table_rows(bg_deck(49_000))})
        short = write_xlsx(folder / "short-190mb.xlsx", {"Deck": short_rows(190)})
        wide = write_xlsx(folder / "wide.xlsx", {"Deck": wide_rows(2_000)})
        big = write_xlsx(folder / "largest.xlsx", {"Deck": largest_acceptable(49_000, 20)})
        from tests.hostile.corpus import png_bomb

        png_bomb(folder / "bomb.png")
        bomb = write_xlsx(folder / "bomb.xlsx", {"Deck": table_rows(
            [BG_HEADER, *((r[0], r[1], r[2], r[3], r[4], "bomb.png") for r in BG_ROWS)])})
        for path in (short, big, rows_100k):
            inflated = sum(i.file_size for i in zipfile.ZipFile(path).infolist())
            print(f"  {path.name}: {path.stat().st_size / 2**20:.1f} MB on disk, "
                  f"{inflated / 2**20:.0f} MB inflated")
        cases = [
            ("baseline: a 3-row deck", ["validate", "battlegate", base]),
            ("Qty 1,000,000", ["validate", "battlegate", qty["1000000"]]),
            ("Qty 1e9", ["validate", "battlegate", qty["1e9"]]),
            ("Qty 1e300", ["validate", "battlegate", qty["1e300"]]),
            ("Qty 1e300, print", ["print", "battlegate", qty["1e300"], "-o", folder / "o1"]),
            ("100,000 rows", ["validate", "battlegate", rows_100k]),
            ("49,000 rows (inside the budget)", ["validate", "battlegate", rows_49k]),
            ("190 MB sheet of short rows", ["validate", "battlegate", short]),
            ("2,000 rows reaching column XFD", ["validate", "battlegate", wide]),
            ("largest acceptable: 49,000 × 20 cells", ["validate", "battlegate", big]),
            ("art bomb (100,000² px), print", ["print", "battlegate", bomb, "-o", folder / "o2"]),
            ("--games 1,000,000,000", ["play", "warbadge", "--games", 1_000_000_000]),
            ("--games 10,000,000, stopped after 60 s", WB_PLAY + ["--games", 10_000_000], 60),
            ("--games 1,000", WB_PLAY + ["--games", 1_000]),
            ("--games 10,000", WB_PLAY + ["--games", 10_000]),
            ("--games 100,000", WB_PLAY + ["--games", 100_000]),
            ("--games 10,000 --jobs 2", WB_PLAY + ["--games", 10_000, "--jobs", 2]),
            ("--games 100,000 --jobs 2", WB_PLAY + ["--games", 100_000, "--jobs", 2]),
        ]
        print("\n| case | exit | seconds | peak MB | workers' peak MB |\n|---|---|---|---|---|")
        for name, args, *stop in cases:
            got = measure(args, *stop)
            workers = f"{got['workers_mb']:.0f}" if got.get("workers_mb") else "-"
            print(f"| {name} | {got['code']} | {got['seconds']:.2f} | {got['mb']:.0f} | "
                  f"{workers} |", flush=True)
            if got.get("error"):
                print(f"  error: {got['error']}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        one(sys.argv[2:])
    else:
        main()
