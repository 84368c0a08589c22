"""A `cards` card: one spreadsheet row, its fields being the sheet's columns.

There is no fixed set of columns: the header row names them, and a card's fields are its
cells as the sheet has them (text, whole or decimal numbers), keyed by header. A layout's
boxes name those headers (`{Name}`, `column = "Art"`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from toolkit.core.sheets import IGNORED_HEADERS, QTY, Column, RawSheet, clean_text, is_blank


@dataclass(frozen=True)
class Card:
    """One card: its fields by header (art cells already resolved to absolute paths, or
    None for art that cannot be used) and its name for messages."""

    values: Mapping[str, Any]
    name: str = ""

    def fields(self) -> dict[str, Any]:
        """The card's fields keyed by header, for printing."""
        return dict(self.values)


def header_row(sheet: RawSheet) -> tuple[int, tuple[Any, ...]] | None:
    """The sheet's header row (its first filled row): (row number, cells), or None."""
    return next(((n, values) for n, values in sheet.rows
                 if any(not is_blank(v) for v in values)), None)


def sheet_columns(values: tuple[Any, ...]) -> list[Column]:
    """One column per header cell, as written: not blanks, designer's notes (`#…`,
    `Notes`) or Qty (read by `read_table` itself), each header once (a repeat is warned
    by `read_table`)."""
    columns: dict[str, Column] = {}
    for raw in values:
        if is_blank(raw):
            continue
        text = clean_text(raw)
        if text.startswith("#") or text.casefold() in IGNORED_HEADERS or QTY.matches(text):
            continue
        column = Column(text)
        columns.setdefault(column.field, column)
    return list(columns.values())
