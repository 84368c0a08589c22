"""Tabletop Simulator deck sheets, a JSON that says what they hold, and a contact sheet PNG.

A TTS sheet is a 10 × 7 grid, at most 4096 px a side; slot 70 (index 69) holds the
hidden-card image (the back). Every copy of every card gets a slot, so the sheet imports
as is; large decks take several sheets. Each sheet's file name says how many cards it
holds (`Sun-sheet-1-9-cards.png`: TTS asks for that number on import) and
`<deck>-tts.json` beside them lists every sheet with its grid and count. Cards are drawn
without bleed (TTS shows the whole image). Round badges and rounded corners keep their
transparency. When cards have different backs, back sheets with the same slots are
written too (TTS's "unique backs").
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from toolkit.render import png
from toolkit.render.display import DisplayList
from toolkit.render.output import save_png, write_bytes

COLS, ROWS, MAX_PX = 10, 7, 4096
HIDDEN = COLS * ROWS - 1
"""Index of the hidden-card slot."""
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


def cell_size(width_mm: float, height_mm: float, dpi: float = 300) -> tuple[int, int]:
    """Card cell in px: the DPI's size, shrunk so that 10 × 7 cells fit 4096 px."""
    k = min(dpi / 25.4, MAX_PX / COLS / width_mm, MAX_PX / ROWS / height_mm)
    return max(1, int(width_mm * k)), max(1, int(height_mm * k))


def _fit(image: Image.Image, cell: tuple[int, int]) -> Image.Image:
    if image.size != cell:
        image = image.resize(cell, Image.Resampling.LANCZOS)
    return image


def _sheet(cell: tuple[int, int], alpha: bool) -> Image.Image:
    size = (cell[0] * COLS, cell[1] * ROWS)
    return Image.new("RGBA", size, (0, 0, 0, 0)) if alpha else Image.new("RGB", size, "white")


def _paste(sheet: Image.Image, image: Image.Image, pos: int, cell: tuple[int, int]) -> None:
    """Copy a card into its cell; an RGBA card is copied with its alpha (cells never
    overlap, so nothing needs blending)."""
    row, col = divmod(pos, COLS)
    sheet.paste(image if image.mode == sheet.mode else image.convert(sheet.mode),
                (col * cell[0], row * cell[1]))


def write_sheets(deck: str, faces: Sequence[tuple[DisplayList, int]],
                 backs: DisplayList | Sequence[DisplayList], out_dir: Path,
                 dpi: float = 300) -> tuple[list[TtsSheet], Path]:
    """Write `<deck>-sheet-<k>-<n>-cards.png` (k from 1) for (front, copies) pairs, the back
    as `<deck>-back.png`, back sheets `<deck>-back-sheet-<k>-<n>-cards.png` when the cards'
    backs differ (`backs` parallel to `faces`), and `<deck>-tts.json`. Display lists should
    come without bleed. Returns the sheets and the back's path."""
    out_dir = Path(out_dir)
    back_list = [backs] * len(faces) if isinstance(backs, DisplayList) else list(backs)
    first = faces[0][0] if faces else back_list[0]
    cell = cell_size(first.width + 2 * first.bleed, first.height + 2 * first.bleed, dpi)
    render_dpi = cell[0] / (first.width + 2 * first.bleed) * 25.4
    cache: dict[tuple, Image.Image] = {}

    def image(dl: DisplayList) -> Image.Image:
        key = dl.look()
        if key not in cache:
            cache[key] = _fit(png.render(dl, render_dpi), cell)
        return cache[key]

    back_img = image(back_list[0])
    unique_backs = len({dl.look() for dl in back_list}) > 1
    back_path = save_png(out_dir / f"{deck}-back.png", back_img)
    slots = [i for i, (_, copies) in enumerate(faces) for _ in range(max(0, copies))]
    fronts = [image(dl) for dl, _ in faces]
    alpha = any(im.mode == "RGBA" for im in (*fronts, back_img))
    sheets: list[TtsSheet] = []
    for k, start in enumerate(range(0, len(slots), PER_SHEET), start=1):
        chunk = slots[start:start + PER_SHEET]
        sheet = _sheet(cell, alpha)
        for pos, face in enumerate(chunk):
            _paste(sheet, fronts[face], pos, cell)
        _paste(sheet, back_img, HIDDEN, cell)
        path = save_png(out_dir / f"{deck}-sheet-{k}-{len(chunk)}-cards.png", sheet)
        back_sheet_path = None
        if unique_backs:
            back_sheet = _sheet(cell, alpha)
            for pos, face in enumerate(chunk):
                _paste(back_sheet, image(back_list[face]), pos, cell)
            _paste(back_sheet, back_img, HIDDEN, cell)
            back_sheet_path = save_png(out_dir / f"{deck}-back-sheet-{k}-{len(chunk)}-cards.png",
                                       back_sheet)
        sheets.append(TtsSheet(path, COLS, ROWS, cell, len(chunk), back_sheet_path))
    write_manifest(out_dir / f"{deck}-tts.json", deck, sheets, back_path)
    return sheets, back_path


def write_manifest(path: Path, deck: str, sheets: Sequence[TtsSheet], back: Path) -> Path:
    """`<deck>-tts.json`: per sheet, its file, the number of cards it holds (what TTS's
    import asks for), its grid and cell size, and its back (one image, or a back sheet)."""
    doc = {"deck": deck, "cards": sum(s.count for s in sheets),
           "unique_backs": any(s.back_path for s in sheets), "back": back.name,
           "sheets": [{"file": s.path.name, "cards": s.count, "columns": s.cols,
                       "rows": s.rows, "cell_px": list(s.cell), "hidden_slot": HIDDEN + 1,
                       "back": (s.back_path or back).name} for s in sheets]}
    return write_bytes(path, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode())


def write_contact(deck: str, faces: Sequence[tuple[DisplayList, int]], path: Path,
                  thumb_px: int = 200, cols: int = 8, stamp: str = "",
                  limit: int = CONTACT_MAX) -> Path:
    """A contact sheet: the distinct cards small (the first `limit` of them), each with its
    name (and ×copies) below; the title counts them all."""
    if not faces:
        raise ValueError("no cards for a contact sheet")
    first = faces[0][0]
    dpi = thumb_px / (first.width + 2 * first.bleed) * 25.4
    thumbs = [(png.render(dl, dpi), dl.label, copies) for dl, copies in faces[:limit]]
    tw = max(t.size[0] for t, _, _ in thumbs)
    th = max(t.size[1] for t, _, _ in thumbs)
    pad, label_h, title_h = 12, 30, 44
    cols = max(1, min(cols, len(thumbs)))
    rows = -(-len(thumbs) // cols)
    sheet = Image.new("RGB", (pad + cols * (tw + pad), title_h + rows * (th + label_h + pad)),
                      (236, 236, 236))
    draw = ImageDraw.Draw(sheet)
    title = f"{deck} · {len(faces)} cards, {sum(c for _, c in faces)} copies"
    if len(faces) > len(thumbs):
        title += f" · the first {len(thumbs)} shown"
    png.draw_label(draw, pad, 10, title + (f" · {stamp}" if stamp else ""), "VeraBd", 20,
                   (30, 30, 30), max_width=sheet.size[0] - 2 * pad)
    for i, (thumb, name, copies) in enumerate(thumbs):
        row, col = divmod(i, cols)
        x, y = pad + col * (tw + pad), title_h + row * (th + label_h + pad)
        sheet.paste(thumb, (x, y), thumb if thumb.mode == "RGBA" else None)
        label = f"{name} ×{copies}" if copies != 1 else name
        png.draw_label(draw, x + tw / 2, y + th + 6, label, "Vera", 13, (20, 20, 20),
                       max_width=tw, anchor="center")
    return save_png(Path(path), sheet, compress_level=CONTACT_COMPRESSION)
