"""Budgets for reading untrusted spreadsheets: memory and time never follow a number in a file.

A spreadsheet arrives from strangers (a shared sheet, a forum download), so reading it
is bounded: its size on disk and once inflated, its rows, cells and text, each cell's
length, its XML's depth and token size, and the seconds spent. Past any budget the file
is refused with one clear sentence (`InputError`, exit 2), before memory or time run away.
The figures are far above any deck or catalog a game accepts (README, "Untrusted files").
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from toolkit.core.errors import InputError


@dataclass(frozen=True, slots=True)
class Limits:
    """What one workbook (or CSV file) may hold; see the module docstring."""

    file_bytes: int = 100 * 2**20
    """Size on disk."""
    inflated_bytes: int = 200 * 2**20
    """An .xlsx's parts once inflated (zip bombs)."""
    zip_entries: int = 10_000
    """Parts in an .xlsx (a workbook of a few sheets has a dozen)."""
    sheets: int = 2_000
    rows: int = 50_000
    """Rows holding something, in the whole file (what later checks take time over)."""
    cells: int = 1_000_000
    """Cells per workbook, each row counted up to its last filled cell."""
    columns: int = 16_384
    """Cells in one row (Excel's 16,384 columns, XFD); a CSV row is counted as it streams,
    before its cells are made."""
    cell_chars: int = 32_767
    """Characters in one cell: Excel's own limit."""
    text_chars: int = 20_000_000
    """Characters of text in the whole workbook (cells and shared strings); also the most
    one line of a CSV file may hold."""
    xml_depth: int = 64
    """How deeply XML elements nest (a worksheet needs 6)."""
    xml_token_bytes: int = 2 * 2**20
    """Bytes of one XML tag or text run the parser must hold at once."""
    seconds: float = 60.0
    """Wall-clock time spent reading one file."""
    max_cards: int = 10_000
    """The most cards one sheet's `Qty` cells may add up to (and one row's, unless the
    game bounds it by its largest deck)."""


DEFAULT_LIMITS = Limits()


def count(n: int) -> str:
    """A budget figure as people write it: 50000 → '50,000'."""
    return f"{n:,}"


def size(n: int) -> str:
    """Bytes as people write them: 2097152 → '2 MB', 65536 → '64 kB'."""
    return f"{n / 2**20:,.0f} MB" if n >= 2**20 else f"{n / 1024:,.0f} kB"


class Budget:
    """Counts what a file uses against its `Limits`; refuses (InputError) when one runs out."""

    __slots__ = ("limits", "display", "cells", "text", "rows", "deadline")

    def __init__(self, limits: Limits, display: str) -> None:
        self.limits = limits
        self.display = display
        self.cells = 0
        self.text = 0
        self.rows = 0
        self.deadline = time.perf_counter() + limits.seconds

    def refuse(self, what: str) -> InputError:
        """The error refusing this file for `what` (a sentence fragment)."""
        return InputError(f"{self.display}: refused, {what}")

    def add_cells(self, n: int, where: str) -> None:
        """Count `n` more cells; refuse past the budget."""
        self.cells += n
        if self.cells > self.limits.cells:
            raise self.refuse(f"it holds more than {count(self.limits.cells)} cells "
                              f"(reached at {where}); a card workbook needs far fewer")

    def add_text(self, n: int) -> None:
        """Count `n` more characters of text; refuse past the budget."""
        self.text += n
        if self.text > self.limits.text_chars:
            raise self.refuse(f"it holds more than {count(self.limits.text_chars)} "
                              "characters of text; a card workbook needs far fewer")

    def check_time(self) -> None:
        """Refuse when reading has taken longer than the budget."""
        if time.perf_counter() > self.deadline:
            raise self.refuse(f"reading it took longer than {self.limits.seconds:g} seconds")

    def add_row(self, sheet: str) -> None:
        """Count one more filled row; refuse past the budget."""
        self.rows += 1
        if self.rows > self.limits.rows:
            raise self.refuse(f"it has more than {count(self.limits.rows)} filled rows "
                              f"(reached in sheet '{sheet}'); remove the rows no deck needs")

    def check_cell_text(self, n: int, where: str) -> None:
        """Refuse one cell longer than Excel's own limit."""
        if n > self.limits.cell_chars:
            raise self.refuse(f"cell {where} holds more than {count(self.limits.cell_chars)} "
                              "characters, more than Excel allows in a cell")
