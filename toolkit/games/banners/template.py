"""The Battle of Banners workbooks: the starter template and the writer the bundled
content uses (toolkit/games/banners/content/make_content.py).

A workbook has three sheets: `Items` (a table: the item deck), `Board` (a grid: one space
per cell, coloured by conditional formatting so the board reads at a glance while it is
edited, with a dropdown of the space codes and a note on its first cell explaining them)
and `Pieces` (a table).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from toolkit.core.report import column_letter
from toolkit.core.sheets import QTY
from toolkit.core.workbook import SheetSpec, build_workbook, save_atomic
from toolkit.games.banners.book import EFFECT_LIST, ITEM_COLORS
from toolkit.games.banners.engine.samples import BOARD, PIECES
from toolkit.games.banners.models import (
    ART,
    EFFECT,
    ITEM_COLOR,
    NAME,
    PIECE_SHEET_COLUMNS,
    TEXT,
)

ITEM_SHEET_COLUMNS = (NAME, ITEM_COLOR, QTY, EFFECT, TEXT, ART)
"""The Items sheet's columns in the order the workbooks write them."""

FILLS = {"T": "8DB97A", "K": "BDB6A8", "D1": "B9CCEA", "D2": "EBC0BC", "C1": "2F62B0",
         "C2": "B8322C", ".": "F4EEDD"}
"""Board cell fills by code (conditional formatting)."""

LEGEND = ("One cell, one space. . (or blank): open. T: tree, no piece enters. K: keep, "
          "land for an item card, safe from attack, closed a full turn after it is left. "
          "D1/D2: a drawbridge of side 1/2, where its pieces start. C1/C2: the castle of "
          "side 1/2, exactly one each. Row 1 is side 2's edge, the last row side 1's. Any "
          "other sheet but Items, Pieces and '#...' sheets is a board too.")
"""The note on the Board sheet's first cell."""


def book_item_rows() -> list[tuple]:
    """The book's deck as Items rows: Name, Color, Qty, Effect, Text (blank: the book's),
    Art (none)."""
    return [(e.name, e.color, e.count, e.name, None, None) for e in EFFECT_LIST]


def write_game_workbook(path: Path, items: Sequence[Sequence], board: Sequence[Sequence[str]],
                        pieces: Sequence[Sequence]) -> None:
    """Write a workbook (Items, Board, Pieces) atomically, byte-reproducibly."""
    from openpyxl.comments import Comment  # noqa: PLC0415
    from openpyxl.formatting.rule import CellIsRule  # noqa: PLC0415
    from openpyxl.styles import Alignment, Font, PatternFill  # noqa: PLC0415
    from openpyxl.worksheet.datavalidation import DataValidation  # noqa: PLC0415

    specs = [
        SheetSpec("Items", ITEM_SHEET_COLUMNS, items, choices={"Color": ITEM_COLORS},
                  widths={"Name": 22, "Effect": 22, "Text": 50}),
        SheetSpec("Pieces", PIECE_SHEET_COLUMNS, pieces,
                  choices={"Side": ("1", "2"), "Color": ("Blue", "Green", "Red", "Yellow")}),
    ]
    wb = build_workbook(specs)
    ws = wb.create_sheet("Board", 1)
    height, width = len(board), len(board[0])
    centre = Alignment(horizontal="center", vertical="center")
    bold = Font(bold=True)
    for r, row in enumerate(board, 1):
        ws.row_dimensions[r].height = 24
        for c, code in enumerate(row, 1):
            cell = ws.cell(row=r, column=c, value=code)
            cell.alignment = centre
            cell.font = bold
    note = Comment(LEGEND, "pnp")
    note.width, note.height = 320, 150
    ws.cell(row=1, column=1).comment = note
    for c in range(1, width + 1):
        ws.column_dimensions[column_letter(c)].width = 4.6
    area = f"A1:{column_letter(width)}{height}"
    for code, color in FILLS.items():
        fill = PatternFill("solid", start_color=color, end_color=color)
        font = Font(bold=True, color="FFFFFF" if code in ("C1", "C2") else "000000")
        ws.conditional_formatting.add(area, CellIsRule(operator="equal",
                                                       formula=[f'"{code}"'], fill=fill,
                                                       font=font))
    codes = ",".join(FILLS)
    dv = DataValidation(type="list", formula1=f'"{codes}"', allow_blank=True,
                        showErrorMessage=True, errorTitle="Board",
                        error="one of . T K D1 D2 C1 C2 (blank: an open space)")
    ws.add_data_validation(dv)
    dv.add(area)
    save_atomic(wb, path)


def write_template(path: Path) -> None:
    """Write a starter workbook: the book's item deck, the bundled board (with a note on
    its codes) and pieces; it validates clean."""
    write_game_workbook(path, book_item_rows(), BOARD, PIECES)
