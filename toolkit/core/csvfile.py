"""Streaming CSV reading within a `Budget`, in the dialects spreadsheets write.

The delimiter is the one the header line uses most, outside quotes (`,`, `;` as Excel
writes in many countries, or a tab), or the one an Excel `sep=;` first line names.
Quoting is always Excel's: a cell in double quotes may hold the delimiter and line
breaks, and `""` inside it is one quote. (Python's dialect sniffer guesses the quoting
too and gets a semicolon file with a multi-line cell holding `""` wrong, so it is not
used.) Text is UTF-8 (with or without a byte-order mark), UTF-16 with its mark, or else
Windows-1252. Rows, cells, text and time are counted against the budget as the file
streams, so a large file is refused early instead of filling memory: each line is
measured before the CSV reader splits it into cells (`_Lines`), so one line of thirty
million cells is refused at its 16,385th, not after thirty million strings are made.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from toolkit.core.errors import InputError
from toolkit.core.limits import Budget, count

DELIMITERS = (",", ";", "\t")
PEEK = 64 * 1024


def _encodings(path: Path) -> tuple[str, ...]:
    with path.open("rb") as fh:
        head = fh.read(4)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return ("utf-16",)
    return ("utf-8-sig", "cp1252")


def _header_delimiter(text: str) -> tuple[str, bool]:
    """(delimiter, whether the first line is Excel's `sep=X` hint) from the file's start."""
    first = text.split("\n", 1)[0].strip("\r")
    if first.lower().startswith("sep=") and len(first) == 5:
        return first[4], True
    for line in text.split("\n"):
        if not line.strip():
            continue
        counts = dict.fromkeys(DELIMITERS, 0)
        quoted = False
        for ch in line:
            if ch == '"':
                quoted = not quoted
            elif not quoted and ch in counts:
                counts[ch] += 1
        best = max(DELIMITERS, key=lambda d: counts[d])
        return (best if counts[best] else ","), False
    return ",", False


def _delimiters(line: str, delimiter: str, quoted: bool, stop: int) -> int:
    """How many of the line's delimiters separate cells (not those inside quotes), as
    Excel's dialect reads them, counting no further than `stop` + 1. `quoted`: the line
    continues a quoted cell of the line before."""
    found, at, start = 0, 0, 0
    pattern = re.compile('"|' + re.escape(delimiter))
    while found <= stop:
        if quoted:
            close = line.find('"', at)
            if close < 0:
                break
            if line.startswith('"', close + 1):  # "" inside quotes is one quote
                at = close + 2
                continue
            quoted, at, start = False, close + 1, -1
            continue
        match = pattern.search(line, at)
        if match is None:
            break
        if match.group() == '"':
            quoted = match.start() == start  # a quote opens only a cell it begins
        else:
            found += 1
            start = match.end()
        at = match.end()
    return found


class _Lines:
    """The file's lines for `csv.reader`, each measured before the reader splits it: a
    line longer than the text budget, or a row of more cells than Excel's columns, is
    refused before its cells exist. The caller sets `cells = 0` after each row it gets."""

    def __init__(self, fh: io.TextIOBase, delimiter: str, budget: Budget) -> None:
        self.fh, self.delimiter, self.budget = fh, delimiter, budget
        self.cells = 0
        self.line = 0

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        limits = self.budget.limits
        line = self.fh.readline(limits.text_chars + 1)
        if not line:
            raise StopIteration
        self.line += 1
        if len(line) > limits.text_chars:
            raise self.budget.refuse(f"its line {self.line:,} holds more than "
                                     f"{count(limits.text_chars)} characters")
        continues = self.cells > 0  # the reader wants more of a row: a quoted cell goes on
        room = limits.columns - self.cells
        found = line.count(self.delimiter)
        if found >= room:
            found = _delimiters(line, self.delimiter, continues, room)
        self.cells += found + (0 if continues else 1)
        if self.cells > limits.columns:
            raise self.budget.refuse(f"its row on line {self.line:,} has more than "
                                     f"{count(limits.columns)} cells, more columns than "
                                     "Excel has")
        return line


def read_csv(path: Path, display: str, budget: Budget) -> list[tuple[int, tuple[Any, ...]]]:
    """A CSV file's filled rows (number as a spreadsheet shows it, values from column A)."""
    used = budget.cells, budget.text
    for encoding in _encodings(path):
        try:
            return _read(path, display, budget, encoding)
        except UnicodeDecodeError:
            budget.cells, budget.text = used  # read again in the next encoding
    raise InputError(f"{display}: is not a text CSV file")


def _read(path: Path, display: str, budget: Budget,
          encoding: str) -> list[tuple[int, tuple[Any, ...]]]:
    limits = budget.limits
    rows: list[tuple[int, tuple[Any, ...]]] = []
    old_limit = csv.field_size_limit(limits.cell_chars)
    try:
        with path.open("r", encoding=encoding, newline="") as fh:
            peek = fh.read(PEEK)
            delimiter, hint = _header_delimiter(peek)
            fh.seek(0)
            if hint:
                fh.readline()
            lines = _Lines(fh, delimiter, budget)
            reader = csv.reader(lines, delimiter=delimiter, quotechar='"', doublequote=True,
                                strict=False)
            number = 0
            try:
                for number, cells in enumerate(reader, 1):
                    lines.cells = 0
                    width = len(cells)
                    while width and not cells[width - 1]:
                        width -= 1
                    if not width:
                        continue
                    values = tuple(c if c else None for c in cells[:width])
                    text = sum(len(c) for c in cells[:width])
                    if "\x00" in "".join(cells[:width]):
                        raise InputError(f"{display}: is not a text CSV file")
                    budget.add_cells(width, f"row {number}")
                    budget.add_text(text)
                    rows.append((number, values))
                    budget.add_row(path.stem)
                    if not number % 1024:
                        budget.check_time()
            except csv.Error as exc:
                if "field limit" in str(exc):
                    budget.check_cell_text(limits.cell_chars + 1, f"on row {number + 1}")
                raise InputError(f"{display}: is not a readable CSV file (row {number + 1}: "
                                 f"{exc})") from None
    except (io.UnsupportedOperation, OSError) as exc:
        raise InputError(f"{display}: cannot be read ({getattr(exc, 'strerror', None) or exc})") \
            from None
    finally:
        csv.field_size_limit(old_limit)
    return rows
