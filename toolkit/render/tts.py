"""Tabletop Simulator deck sheets and a contact sheet PNG.

A TTS sheet is a 10 × 7 grid, at most 4096 px a side; slot 70 (index 69) holds the
hidden-card image (the back). Every copy of every card gets a slot, so the sheet imports
as is; large decks take several sheets. The back is also written on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from toolkit.render import fonts, png
from toolkit.render.display import DisplayList
from toolkit.render.output import save_png

COLS, ROWS, MAX_PX = 10, 7, 4096
HIDDEN = COLS * ROWS - 1
"""Index of the hidden-card slot."""
PER_SHEET = HIDDEN


@dataclass(frozen=True)
class TtsSheet:
    """One written sheet: file, grid, card cell size in px, cards on it (hidden excluded)."""

    path: Path
    cols: int
    rows: int
    cell: tuple[int, int]
    count: int


def cell_size(width_mm: float, height_mm: float, dpi: float = 300) -> tuple[int, int]:
    """Card cell in px: the DPI's size, shrunk so that 10 × 7 cells fit 4096 px."""
    k = min(dpi / 25.4, MAX_PX / COLS / width_mm, MAX_PX / ROWS / height_mm)
    return max(1, int(width_mm * k)), max(1, int(height_mm * k))


def _fit(image: Image.Image, cell: tuple[int, int]) -> Image.Image:
    if image.size != cell:
        image = image.resize(cell, Image.Resampling.LANCZOS)
    return image.convert("RGB") if image.mode != "RGBA" else image


def write_sheets(deck: str, faces: Sequence[tuple[DisplayList, int]], back: DisplayList,
                 out_dir: Path, dpi: float = 300) -> tuple[list[TtsSheet], Path]:
    """Write `<deck>-sheet-<k>.png` (k from 1) for (front, copies) pairs and
    `<deck>-back.png`; returns the sheets and the back's path."""
    out_dir = Path(out_dir)
    first = faces[0][0] if faces else back
    cell = cell_size(first.width + 2 * first.bleed, first.height + 2 * first.bleed, dpi)
    render_dpi = cell[0] / (first.width + 2 * first.bleed) * 25.4
    back_img = _fit(png.render(back, render_dpi), cell)
    back_path = save_png(out_dir / f"{deck}-back.png", back_img)
    slots: list[int] = [i for i, (_, copies) in enumerate(faces) for _ in range(max(0, copies))]
    rendered: dict[int, Image.Image] = {}
    sheets: list[TtsSheet] = []
    for k, start in enumerate(range(0, len(slots), PER_SHEET), start=1):
        chunk = slots[start:start + PER_SHEET]
        sheet = Image.new("RGB", (cell[0] * COLS, cell[1] * ROWS), (255, 255, 255))
        for pos, face in enumerate(chunk):
            if face not in rendered:
                rendered[face] = _fit(png.render(faces[face][0], render_dpi), cell)
            _paste(sheet, rendered[face], pos, cell)
        _paste(sheet, back_img, HIDDEN, cell)
        path = save_png(out_dir / f"{deck}-sheet-{k}.png", sheet)
        sheets.append(TtsSheet(path, COLS, ROWS, cell, len(chunk)))
    return sheets, back_path


def _paste(sheet: Image.Image, image: Image.Image, pos: int, cell: tuple[int, int]) -> None:
    row, col = divmod(pos, COLS)
    box = (col * cell[0], row * cell[1])
    sheet.paste(image, box, image if image.mode == "RGBA" else None)


def write_contact(deck: str, faces: Sequence[tuple[DisplayList, int]], path: Path,
                  thumb_px: int = 200, cols: int = 8) -> Path:
    """A contact sheet: every distinct card small with its name (and ×copies) below."""
    if not faces:
        raise ValueError("no cards for a contact sheet")
    first = faces[0][0]
    dpi = thumb_px / first.width * 25.4
    thumbs = [(png.render(dl, dpi), dl.label, copies) for dl, copies in faces]
    tw = max(t.size[0] for t, _, _ in thumbs)
    th = max(t.size[1] for t, _, _ in thumbs)
    pad, label_h, title_h = 12, 30, 44
    cols = max(1, min(cols, len(thumbs)))
    rows = -(-len(thumbs) // cols)
    sheet = Image.new("RGB", (pad + cols * (tw + pad), title_h + rows * (th + label_h + pad)),
                      (236, 236, 236))
    draw = ImageDraw.Draw(sheet)
    draw.text((pad, 12), f"{deck} · {len(faces)} cards, {sum(c for _, _, c in thumbs)} copies",
              font=fonts.pil_font("VeraBd", 20), fill=(30, 30, 30))
    small = fonts.pil_font("Vera", 13)
    for i, (thumb, name, copies) in enumerate(thumbs):
        row, col = divmod(i, cols)
        x, y = pad + col * (tw + pad), title_h + row * (th + label_h + pad)
        sheet.paste(thumb, (x, y), thumb if thumb.mode == "RGBA" else None)
        label = f"{name} ×{copies}" if copies != 1 else name
        while label and small.getlength(label) > tw:
            label = label[:-2] + "…"
        draw.text((x + tw / 2, y + th + 6), label, font=small, fill=(20, 20, 20), anchor="mt")
    return save_png(Path(path), sheet)
