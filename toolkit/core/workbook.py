"""Writing workbooks: starter templates and bundled content, with header help and dropdowns.

Headers get a comment explaining the column; enumerated columns get a dropdown (data
validation); writes are atomic (temp file, then rename) and never replace an input
the user did not name as output.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.core.errors import InputError
from toolkit.core.report import column_letter
from toolkit.core.sheets import Column

HEADER_FILL = "DDE4EE"


@dataclass(frozen=True)
class SheetSpec:
    """One sheet to write: its columns (with help), rows, and dropdown choices by header."""

    name: str
    columns: Sequence[Column]
    rows: Sequence[Sequence[Any]] = ()
    choices: dict[str, Sequence[str]] = field(default_factory=dict)
    widths: dict[str, float] = field(default_factory=dict)


def _cell_text(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return value


def build_workbook(sheets: Sequence[SheetSpec]):
    """An openpyxl Workbook holding the sheets (not yet saved)."""
    from openpyxl import Workbook  # noqa: PLC0415
    from openpyxl.comments import Comment  # noqa: PLC0415
    from openpyxl.styles import Font, PatternFill  # noqa: PLC0415
    from openpyxl.worksheet.datavalidation import DataValidation  # noqa: PLC0415

    wb = Workbook()
    wb.remove(wb.active)
    for spec in sheets:
        ws = wb.create_sheet(spec.name)
        for c, col in enumerate(spec.columns, 1):
            cell = ws.cell(row=1, column=c, value=col.header)
            cell.font = Font(bold=True)
            cell.fill = PatternFill("solid", fgColor=HEADER_FILL)
            if col.help:
                comment = Comment(col.help, "pnp")
                comment.width, comment.height = 260, 110
                cell.comment = comment
            ws.column_dimensions[column_letter(c)].width = spec.widths.get(
                col.header, max(10.0, len(col.header) + 4.0))
        for r, row in enumerate(spec.rows, 2):
            for c, value in enumerate(row, 1):
                ws.cell(row=r, column=c, value=_cell_text(value))
        for header, options in spec.choices.items():
            index = next((i for i, col in enumerate(spec.columns, 1) if col.header == header), None)
            if index is None:
                continue
            letter = column_letter(index)
            dv = DataValidation(type="list", formula1='"' + ",".join(options) + '"',
                                allow_blank=True, showErrorMessage=True,
                                errorTitle=header, error=f"{header}: one of {', '.join(options)}")
            ws.add_data_validation(dv)
            dv.add(f"{letter}2:{letter}1000")
        ws.freeze_panes = "A2"
    return wb


def save_atomic(wb, path: Path) -> None:
    """Save a workbook through a temp file in the same folder, then rename it into place
    (on failure nothing is left, not even the folders made for it)."""
    from toolkit.core.outputs import Transaction  # noqa: PLC0415

    with Transaction() as tx:
        tmp = tx.file(path)
        wb.save(tmp)
        _fix_timestamps(tmp)


def _fix_timestamps(path: Path) -> None:
    """Pin the zip entries' dates and docProps times so the same content gives the same bytes."""
    import re  # noqa: PLC0415
    import zipfile  # noqa: PLC0415

    with zipfile.ZipFile(path) as zin:
        entries = [(i.filename, zin.read(i.filename)) for i in zin.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in entries:
            if name == "docProps/core.xml":
                data = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2026-01-01T00:00:00Z", data)
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, data)


def write_workbook(path: Path, sheets: Sequence[SheetSpec], overwrite: bool = True) -> None:
    """Write sheets to an .xlsx file atomically (refusing to replace a file if not `overwrite`)."""
    if path.suffix.lower() != ".xlsx":
        raise InputError(f"{path}: the output must be an .xlsx file")
    if path.exists() and not overwrite:
        raise InputError(f"{path}: already exists; choose another name or remove it first")
    save_atomic(build_workbook(sheets), path)
