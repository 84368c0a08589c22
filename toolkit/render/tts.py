"""Tabletop Simulator deck sheets, a JSON that says what they hold, and a contact sheet PNG.

A TTS sheet holds at most 10 × 7 cards and 4096 px a side, and at least 2 × 2 (TTS's
custom-deck import: width 2-10, height 2-7); its last slot holds the hidden-card image
(the back). Each sheet's grid is sized to the cards on it (`grid_for`): a 6-badge team
gets a 4 × 2 sheet, 69 cards or more fill 10 × 7 ones. Every copy of every card gets a
slot, so the sheet imports as is; large decks take several sheets. Each sheet's file name says how many cards it
holds (`Sun-sheet-1-9-cards.png`: TTS asks for that number on import) and
`<deck>-tts.json` beside them lists every sheet with its grid and count. Cards are drawn
without bleed (TTS shows the whole image). Round badges and rounded corners keep their
transparency. When cards have different backs, back sheets with the same slots are
written too (TTS's "unique backs").
"""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from toolkit.render import png, pool
from toolkit.render.display import DisplayList
from toolkit.render.output import png_bytes, write_bytes

COLS, ROWS, MAX_PX = 10, 7, 4096
"""TTS's largest custom-deck grid and its largest image side."""
MIN_COLS = MIN_ROWS = 2
"""TTS's smallest custom-deck grid."""
HIDDEN = COLS * ROWS - 1
"""Index of the hidden-card slot on a full sheet (the last slot of any sheet)."""
PER_SHEET = HIDDEN
CONTACT_COMPRESSION = 1
"""zlib level of the contact sheet: a preview, so encoding speed wins over file size."""
CONTACT_MAX = 32
"""A contact sheet shows at most this many distinct cards (8 × 4): a quick look at a big
catalog, not a second rendering of it (the PDF and the PNGs hold every card)."""


@dataclass(frozen=True)
class TtsSheet:
    """One written sheet: file, grid, card cell size in px, cards on it (hidden excluded),
    and the matching back sheet when the deck has unique backs."""

    path: Path
    cols: int
    rows: int
    cell: tuple[int, int]
    count: int
    back_path: Path | None = None


def cell_size(width_mm: float, height_mm: float, dpi: float = 300, cols: int = COLS,
              rows: int = ROWS) -> tuple[int, int]:
    """Card cell in px: the DPI's size, shrunk so that `cols` × `rows` cells fit 4096 px."""
    k = min(dpi / 25.4, MAX_PX / cols / width_mm, MAX_PX / rows / height_mm)
    return max(1, int(width_mm * k)), max(1, int(height_mm * k))


def grid_for(count: int, width_mm: float, height_mm: float,
             dpi: float = 300) -> tuple[int, int]:
    """The (columns, rows) of a sheet holding `count` cards and the hidden slot, within
    TTS's 2 × 2 to 10 × 7: the grid whose cells come out largest (up to the DPI within
    4096 px), then the one with the fewest empty slots, then the wider one."""
    need = min(count, PER_SHEET) + 1
    grids = [(c, r) for c in range(MIN_COLS, COLS + 1) for r in range(MIN_ROWS, ROWS + 1)
             if c * r >= need]
    return min(grids, key=lambda g: (-cell_size(width_mm, height_mm, dpi, *g)[0],
                                     g[0] * g[1], -g[0]))


def _fit(image: Image.Image, cell: tuple[int, int]) -> Image.Image:
    if image.size != cell:
        image = image.resize(cell, Image.Resampling.LANCZOS)
    return image


SHEETS_AT_ONCE = 2
"""TTS sheets drawn at the same time, whatever the cores: each holds up to 64 MB."""
CELL_CACHE = 8
"""Distinct cells a sheet task keeps drawn (copies and shared backs are drawn once)."""


def draw_sheet(cells: Sequence[DisplayList], hidden: DisplayList, grid: tuple[int, int],
               cell: tuple[int, int], alpha: bool | None, dpi: float) -> bytes:
    """One TTS sheet drawn cell by cell (each side rendered at `dpi`, fitted to `cell`) with
    `hidden` in its last slot, as PNG bytes (a task for `toolkit.render.pool`). With no
    cells and `alpha` None, `hidden` alone as its own image (`-back.png`)."""
    drawn: dict[tuple, Image.Image] = {}

    def image(dl: DisplayList) -> Image.Image:
        key = dl.look()
        if key not in drawn:
            if len(drawn) >= CELL_CACHE:
                drawn.pop(next(iter(drawn)))
            drawn[key] = _fit(png.render(dl, dpi), cell)
        return drawn[key]

    if alpha is None:
        return png_bytes(image(hidden))
    cols, rows = grid
    sheet = _sheet(cell, alpha, grid)
    for pos, dl in enumerate(cells):
        _paste(sheet, image(dl), pos, cell, cols)
    _paste(sheet, image(hidden), cols * rows - 1, cell, cols)
    return png_bytes(sheet)


def _sheet(cell: tuple[int, int], alpha: bool, grid: tuple[int, int]) -> Image.Image:
    size = (cell[0] * grid[0], cell[1] * grid[1])
    return Image.new("RGBA", size, (0, 0, 0, 0)) if alpha else Image.new("RGB", size, "white")


def _paste(sheet: Image.Image, image: Image.Image, pos: int, cell: tuple[int, int],
           cols: int) -> None:
    """Copy a card into its cell; an RGBA card is copied with its alpha (cells never
    overlap, so nothing needs blending)."""
    row, col = divmod(pos, cols)
    sheet.paste(image if image.mode == sheet.mode else image.convert(sheet.mode),
                (col * cell[0], row * cell[1]))


def write_sheets(deck: str, faces: Sequence[tuple[DisplayList, int]],
                 backs: DisplayList | Sequence[DisplayList], out_dir: Path,
                 dpi: float = 300, jobs: int | None = 1) -> tuple[list[TtsSheet], Path]:
    """Write `<deck>-sheet-<k>-<n>-cards.png` (k from 1) for (front, copies) pairs, the back
    as `<deck>-back.png`, back sheets `<deck>-back-sheet-<k>-<n>-cards.png` when the cards'
    backs differ (`backs` parallel to `faces`), and `<deck>-tts.json`. Display lists should
    come without bleed. Each sheet is drawn cell by cell by one task (`draw_sheet`), on
    `jobs` worker processes (`toolkit.render.pool`; None = every core), at most
    `SHEETS_AT_ONCE` at a time, so memory holds no more than that many sheets and a few
    cells, however big the deck and however many the cores. Returns the sheets and the back's path."""
    out_dir = Path(out_dir)
    back_list = [backs] * len(faces) if isinstance(backs, DisplayList) else list(backs)
    first = faces[0][0] if faces else back_list[0]
    size = (first.width + 2 * first.bleed, first.height + 2 * first.bleed)
    slots = [i for i, (_, copies) in enumerate(faces) for _ in range(max(0, copies))]
    chunks = [slots[start:start + PER_SHEET] for start in range(0, len(slots), PER_SHEET)]
    grids = [grid_for(len(chunk), *size, dpi) for chunk in chunks]
    # one cell size for the whole deck: the smallest any of its sheets allows
    cell = min((cell_size(*size, dpi, *grid) for grid in grids), default=cell_size(*size, dpi))
    render_dpi = cell[0] / (first.width + 2 * first.bleed) * 25.4
    back = back_list[0]
    unique_backs = len({dl.look() for dl in back_list}) > 1
    alpha = any(png.transparent(dl) for dl in (*(dl for dl, _ in faces), back))
    back_path = out_dir / f"{deck}-back.png"
    paths, tasks = [back_path], [((), back, (1, 1), cell, None, render_dpi)]
    sheets: list[TtsSheet] = []
    for k, (chunk, grid) in enumerate(zip(chunks, grids, strict=True), start=1):
        path = out_dir / f"{deck}-sheet-{k}-{len(chunk)}-cards.png"
        paths.append(path)
        tasks.append(([faces[face][0] for face in chunk], back, grid, cell, alpha, render_dpi))
        back_sheet_path = None
        if unique_backs:
            back_sheet_path = out_dir / f"{deck}-back-sheet-{k}-{len(chunk)}-cards.png"
            paths.append(back_sheet_path)
            tasks.append(([back_list[face] for face in chunk], back, grid, cell, alpha,
                          render_dpi))
        sheets.append(TtsSheet(path, *grid, cell, len(chunk), back_sheet_path))
    drawn = pool.run_all(draw_sheet, tasks, jobs, at_once=SHEETS_AT_ONCE)
    for path, data in zip(paths, drawn, strict=True):
        write_bytes(path, data)
    write_manifest(out_dir / f"{deck}-tts.json", deck, sheets, back_path)
    return sheets, back_path


def write_manifest(path: Path, deck: str, sheets: Sequence[TtsSheet], back: Path) -> Path:
    """`<deck>-tts.json`: per sheet, its file, the number of cards it holds (what TTS's
    import asks for), its grid and cell size, and its back (one image, or a back sheet)."""
    doc = {"deck": deck, "cards": sum(s.count for s in sheets),
           "unique_backs": any(s.back_path for s in sheets), "back": back.name,
           "sheets": [{"file": s.path.name, "cards": s.count, "columns": s.cols,
                       "rows": s.rows, "cell_px": list(s.cell), "hidden_slot": s.cols * s.rows,
                       "back": (s.back_path or back).name} for s in sheets]}
    return write_bytes(path, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode())


def write_contact(deck: str, faces: Sequence[tuple[DisplayList, int]], path: Path,
                  thumb_px: int = 200, cols: int = 8, stamp: str = "",
                  limit: int = CONTACT_MAX, jobs: int | None = 1,
                  later: Callable[[Callable[[], None]], None] | None = None) -> Path:
    """A contact sheet: the distinct cards small (the first `limit` of them), each with its
    name (and ×copies) below; the title counts them all. With `jobs` other than 1 it is
    drawn on the pool (`toolkit.render.pool`); given `later` (a command's
    `Transaction.later`), the file is written when the command ends, so a print of many
    decks goes on with the next decks while the sheets are drawn beside it."""
    if not faces:
        raise ValueError("no cards for a contact sheet")
    counts = (len(faces), sum(c for _, c in faces))
    drawn = iter(pool.run_all(draw_contact, [(deck, list(faces[:limit]), counts, thumb_px,
                                              cols, stamp)], jobs))

    def finish() -> None:
        write_bytes(Path(path), next(drawn))

    if later is None:
        finish()
    else:
        later(finish)
    return Path(path)


def draw_contact(deck: str, shown: Sequence[tuple[DisplayList, int]],
                 counts: tuple[int, int], thumb_px: int, cols: int, stamp: str) -> bytes:
    """A contact sheet of the `shown` cards as PNG bytes, the title counting `counts`
    (distinct cards, copies) of the deck."""
    first = shown[0][0]
    dpi = thumb_px / (first.width + 2 * first.bleed) * 25.4
    thumbs = [(png.render(dl, dpi), dl.label, copies) for dl, copies in shown]
    tw = max(t.size[0] for t, _, _ in thumbs)
    th = max(t.size[1] for t, _, _ in thumbs)
    pad, label_h, title_h = 12, 30, 44
    cols = max(1, min(cols, len(thumbs)))
    rows = -(-len(thumbs) // cols)
    sheet = Image.new("RGB", (pad + cols * (tw + pad), title_h + rows * (th + label_h + pad)),
                      (236, 236, 236))
    title = f"{deck} · {counts[0]} cards, {counts[1]} copies"
    if counts[0] > len(thumbs):
        title += f" · the first {len(thumbs)} shown"
    png.draw_label(sheet, pad, 10, title + (f" · {stamp}" if stamp else ""), "VeraBd", 20,
                   (30, 30, 30), max_width=sheet.size[0] - 2 * pad)
    for i, (thumb, name, copies) in enumerate(thumbs):
        row, col = divmod(i, cols)
        x, y = pad + col * (tw + pad), title_h + row * (th + label_h + pad)
        sheet.paste(thumb, (x, y), thumb if thumb.mode == "RGBA" else None)
        label = f"{name} ×{copies}" if copies != 1 else name
        png.draw_label(sheet, x + tw / 2, y + th + 6, label, "Vera", 13, (20, 20, 20),
                       max_width=tw, anchor="center")
    return quick_png(sheet)


def quick_png(image: Image.Image, level: int = CONTACT_COMPRESSION) -> bytes:
    """An RGB image as PNG bytes, quickly: rows unfiltered, zlib at `level`. Pillow tries
    five row filters on every row (smaller files, twice the time); for a preview such as
    the contact sheet, speed wins. The pixels are the same either way."""
    width, height = image.size
    raw = memoryview((image if image.mode == "RGB" else image.convert("RGB")).tobytes())
    stride = 3 * width
    deflate = zlib.compressobj(level)
    parts = []
    for at in range(0, stride * height, stride):  # each row: filter type 0, its pixels
        parts.append(deflate.compress(b"\0"))
        parts.append(deflate.compress(raw[at:at + stride]))
    parts.append(deflate.flush())

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))

    return b"".join((b"\x89PNG\r\n\x1a\n",
                     chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
                     chunk(b"IDAT", b"".join(parts)), chunk(b"IEND", b"")))
