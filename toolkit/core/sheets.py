"""Spreadsheets (.xlsx, .csv) to located rows, following FORMATS.md's conventions.

Reading is split in two: `open_workbook` turns a file into raw sheets (or one clear
`InputError`), streaming it within the budgets of `toolkit.core.limits` (see
`toolkit.core.xlsx` and `toolkit.core.csvfile`), and `read_table` turns a raw sheet into
rows keyed by canonical column, each value with its location, reporting header and cell
problems as it goes.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from toolkit.core import limits as _limits
from toolkit.core.bundled import shown
from toolkit.core.errors import InputError
from toolkit.core.limits import Budget, Limits
from toolkit.core.report import Location, Problem, Report, column_letter
from toolkit.core.text import REPLACEMENT, figure, quote, readable

T = TypeVar("T")

MAX_UNCOMPRESSED_BYTES = _limits.DEFAULT_LIMITS.inflated_bytes
"""A workbook that inflates beyond this is refused before it is opened (zip bombs)."""

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGIC = b"PK\x03\x04"
IGNORED_HEADERS = ("notes",)
LIST_SEPARATORS = (",", ";")
MAX_WHOLE = 10**12
"""Whole numbers in a cell are at most this large (no card needs more)."""
_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)(?:[eE][+-]?[0-9]+)?")
_GROUPED = re.compile(r"[+-]?[0-9]{1,3}(?:[.,][0-9]{3})+")
"""How people write numbers in a text cell: digits 0-9, a `.` or `,` decimal separator,
an exponent; `1,000` and `1.000` could be a thousand or one, so they are refused."""


@dataclass(slots=True)
class RawSheet:
    """One sheet as read: its filled rows of cell values, numbered as Excel numbers them."""

    file: str
    name: str
    rows: list[tuple[int, tuple[Any, ...]]]
    uncached: set[tuple[int, int]] = field(default_factory=set)
    """(row, column) of formula cells that carry no cached value."""
    replaced: set[tuple[int, int]] = field(default_factory=set)
    """(row, column) of cells where a character no text can hold (a lone surrogate,
    `_xD800_`) was replaced by U+FFFD."""

    @property
    def location(self) -> Location:
        """The sheet as a whole."""
        return Location(self.file, self.name)

    @property
    def is_empty(self) -> bool:
        """True when no cell of the sheet holds anything."""
        return not any(any(not is_blank(v) for v in values) for _, values in self.rows)


@dataclass(slots=True)
class Workbook:
    """A file's sheets in workbook order, found by name case-insensitively."""

    path: Path
    display: str
    sheets: list[RawSheet]

    def sheet(self, name: str) -> RawSheet | None:
        """The sheet of that name (case and surrounding spaces ignored), or None."""
        key = name.strip().casefold()
        return next((s for s in self.sheets if s.name.strip().casefold() == key), None)

    def names(self) -> list[str]:
        """Every sheet name, in order."""
        return [s.name for s in self.sheets]


def display_path(path: Path) -> str:
    """How a file is named in messages: a bundled file by its place in the package
    (`toolkit.core.bundled.shown`), another relative to the working folder when inside it,
    with a name's bytes that are not UTF-8 shown as U+FFFD (`toolkit.core.text.readable`)."""
    bundled = shown(path)
    if bundled is not None:
        return bundled
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return readable(path)
    return readable(path if rel.startswith("..") else rel)


def split_file_arg(arg: str) -> tuple[Path, str | None]:
    """`FILE#SHEET` → (FILE, SHEET); a plain FILE → (FILE, None)."""
    if "#" in arg:
        file, sheet = arg.rsplit("#", 1)
        if file and Path(file).suffix.lower() in (".xlsx", ".xlsm", ".csv"):
            return Path(file), sheet.strip() or None
    return Path(arg), None


_RECENT: dict[tuple[str, str, int, int], Workbook] = {}
"""The last workbooks read with the default limits, by (path, display, mtime, size): one
command that reads a file twice (validate, then print its catalog) reads it once. Nothing
mutates a read Workbook."""


def open_workbook(path: Path, limits: Limits | None = None) -> Workbook:
    """Read every sheet of an .xlsx or .csv file within `limits` (default
    `limits.DEFAULT_LIMITS`), or raise one clear `InputError` (missing, unreadable,
    damaged, or past a budget)."""
    if limits is not None:
        return _open_workbook(path, limits)
    try:
        st = path.stat()
        key = (str(path.resolve()), display_path(path), st.st_mtime_ns, st.st_size)
    except OSError:
        return _open_workbook(path, _limits.DEFAULT_LIMITS)
    if key not in _RECENT:
        if len(_RECENT) >= 4:
            _RECENT.pop(next(iter(_RECENT)))
        _RECENT[key] = _open_workbook(path, _limits.DEFAULT_LIMITS)
    return _RECENT[key]


def _open_workbook(path: Path, limits: Limits) -> Workbook:
    from toolkit.core.csvfile import read_csv  # noqa: PLC0415
    from toolkit.core.xlsx import read_xlsx  # noqa: PLC0415

    display = display_path(path)
    try:
        if not path.exists():
            raise InputError(f"{display}: file not found")
        if path.is_dir():
            raise InputError(f"{display}: is a folder, not a spreadsheet")
        if not path.is_file():
            raise InputError(f"{display}: is not a regular file")
        size = path.stat().st_size
        with path.open("rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        raise InputError(f"{display}: cannot be read ({exc.strerror or exc})") from None
    if not head:
        raise InputError(f"{display}: the file is empty")
    budget = Budget(limits, display)
    if size > limits.file_bytes:
        raise budget.refuse(f"it is {size // 2**20:,} MB; a card spreadsheet is far smaller "
                            f"(limit {limits.file_bytes // 2**20} MB)")
    if path.suffix.lower() == ".csv":
        return Workbook(path, display, [RawSheet(display, readable(path.stem),
                                                 read_csv(path, display, budget))])
    if head.startswith(OLE_MAGIC):
        raise InputError(f"{display}: is an encrypted workbook or an old .xls file; "
                         "save it as .xlsx without a password")
    if not head.startswith(ZIP_MAGIC):
        raise InputError(f"{display}: is not a spreadsheet (expected .xlsx or .csv)")
    sheets = read_xlsx(path, display, budget)
    return Workbook(path, display, [RawSheet(display, name, rows, uncached, replaced)
                                    for name, rows, uncached, replaced in sheets])


# ---------------------------------------------------------------- cell values

def is_blank(value: Any) -> bool:
    """True for an empty cell (None, or text that is only spaces)."""
    return value is None or (isinstance(value, str) and not clean_text(value))


def clean_text(value: Any) -> str:
    """Text as a person reads it: NFC-normalised, no-break spaces folded, ends trimmed."""
    text = unicodedata.normalize("NFC", str(value)).replace("\u00a0", " ")
    return " ".join(text.split()) if "\n" not in text else text.strip()


def normalize_value(value: Any) -> Any:
    """A cell value as a person reads it: 3.0 → 3, '  Blade ' → 'Blade', '' → None."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = clean_text(value)
        return text or None
    return value


def split_list(value: Any) -> list[str]:
    """A multi-valued cell split on `,` or `;`, blanks dropped: 'Blade; Armor' → [...]."""
    if value is None:
        return []
    text = str(value)
    for sep in LIST_SEPARATORS[1:]:
        text = text.replace(sep, LIST_SEPARATORS[0])
    return [part for part in (clean_text(p) for p in text.split(LIST_SEPARATORS[0])) if part]


def _parse_whole(value: Any) -> int:
    """A whole number as a person writes it, of any size; ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError(f"must be a whole number, got {value}")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise ValueError(f"must be a whole number, got {value:g}")
    text = clean_text(value) if value is not None else ""
    if not text:
        raise ValueError("must be a whole number, got an empty cell")
    if _GROUPED.fullmatch(text):
        digits = text.replace(",", "").replace(".", "")
        raise ValueError(f"must be written with digits only, got {quote(text)}: a "
                         f"thousands separator could be read as a decimal one; write "
                         f"{digits.lstrip('+')}")
    try:
        if _WHOLE.fullmatch(text):
            number: int | float = int(text)
        elif _DECIMAL.fullmatch(text):
            number = float(text.replace(",", "."))
        else:
            raise ValueError
    except ValueError:  # also more digits than Python converts
        raise ValueError(f"must be a whole number, got {quote(text)}") from None
    if isinstance(number, float):
        if not number.is_integer():  # also NaN and infinity
            raise ValueError(f"must be a whole number, got {quote(text)}")
        number = int(number)
    return number


def whole_number(value: Any) -> int:
    """Read a whole number as a person would: 3, 3.0, '3', ' 3 ' → 3; '2.5', 'x', 'NaN'
    and numbers beyond a trillion → ValueError with a message for the cell."""
    number = _parse_whole(value)
    if abs(number) > MAX_WHOLE:
        raise ValueError(f"must be a whole number up to {MAX_WHOLE:,}, got {figure(number)}")
    return number


# ---------------------------------------------------------------- tables

@dataclass(frozen=True, slots=True)
class Column:
    """A column a game reads: its header, synonyms, and how its cells are read."""

    header: str
    synonyms: tuple[str, ...] = ()
    required: bool = False
    multi: bool = False
    help: str = ""

    @property
    def field(self) -> str:
        """The model field name: 'Total Value' → 'total_value'."""
        return self.header.strip().lower().replace(" ", "_")

    def matches(self, text: str) -> bool:
        """True when a header cell names this column (case and spaces ignored)."""
        key = " ".join(text.split()).casefold()
        return key == self.header.casefold() or key in (s.casefold() for s in self.synonyms)


QTY = Column("Qty", ("Quantity", "Count", "Copies", "#Qty"),
             help="How many copies of this row (a whole number, 1 or more; blank means 1).")


@dataclass(slots=True)
class Row:
    """One data row: cleaned values keyed by column field, each with its location."""

    location: Location
    values: dict[str, Any]
    locations: dict[str, Location]
    qty: int = 1
    causes: dict[str, Problem] = field(default_factory=dict)
    """field → the header problem that left its column unread (shared by the table)."""

    def loc(self, field_name: str) -> Location:
        """Where a field's cell is (the row itself when the column is absent)."""
        return self.locations.get(field_name, self.location)

    def cause(self, field_name: str) -> Problem | None:
        """The header problem that left this field's column unread (a misspelled
        header), or None: a problem about the field's blank cell follows from it."""
        return self.causes.get(field_name)

    def get(self, field_name: str, default: Any = None) -> Any:
        """A field's cleaned value."""
        return self.values.get(field_name, default)


@dataclass(slots=True)
class Table:
    """A sheet read against a list of columns."""

    sheet: RawSheet
    columns: dict[str, tuple[str, str]]
    """field → (column letter, header as written) for each column found."""
    rows: list[Row]
    causes: dict[str, Problem] = field(default_factory=dict)
    """field → the header problem that left its column unread (misspelled or missing)."""
    skipped: Problem | None = None
    """The missing required column's problem, when there is one: the game reads none of
    the sheet's rows, and what follows from that is counted on this problem."""

    @property
    def location(self) -> Location:
        """The sheet as a whole."""
        return self.sheet.location

    def has(self, field_name: str) -> bool:
        """True when the sheet has that column."""
        return field_name in self.columns


def read_table(sheet: RawSheet, columns: Sequence[Column], report: Report,
               qty: bool = False, max_qty: int | None = None) -> Table:
    """Read a sheet's rows against `columns`, reporting header and cell problems.

    The first non-empty row is the header. A header that looks like a column the sheet
    lacks (`Abilites` for `Abilities`) is an error at its cell, so nothing the designer
    meant is dropped quietly; other unknown columns are warned (except `#…` and `Notes`,
    a designer's notes); a missing required column is one error at the header row, kept
    as `Table.skipped` (the game then reads no row of the sheet); blank rows are skipped, `Qty` is
    parsed strictly and kept as a count, multi-valued columns are split, a row with
    a formula that has no cached value is reported at that cell and skipped, and a cell
    whose lone surrogate was read as U+FFFD is warned at.

    A quantity is a number, not a loop: a row asking for more than `max_qty` copies (the
    most any deck of the game holds; at most `Limits.max_cards`) is an error at its
    `Qty` cell and skipped, and so is a row that takes the sheet's total past
    `Limits.max_cards`, so no later step can be made to build millions of cards.
    """
    wanted = list(columns) + ([QTY] if qty else [])
    header_at = next((i for i, (_, vals) in enumerate(sheet.rows)
                      if any(not is_blank(v) for v in vals)), None)
    if header_at is None:
        report.warning("sheet.empty", "the sheet is empty", sheet.location)
        return Table(sheet, {}, [])
    header_row, header_values = sheet.rows[header_at]
    found, index_of, causes, skipped = _read_header(sheet, header_row, header_values,
                                                    wanted, report)
    multi = {col.field for col in wanted if col.multi}
    rows: list[Row] = []
    cards = 0
    max_cards = _limits.DEFAULT_LIMITS.max_cards
    limit = min(max_qty or max_cards, max_cards)
    for number, values in sheet.rows[header_at + 1:]:
        if all(is_blank(v) for v in values):
            continue
        row_loc = Location(sheet.file, sheet.name, number)
        bad_formula = False
        cells: dict[str, Any] = {}
        locs: dict[str, Location] = {}
        for fname, i in index_of.items():
            letter, header = found[fname]
            loc = Location(sheet.file, sheet.name, number, letter, header)
            if (number, i + 1) in sheet.uncached:
                report.error("sheet.formula-no-value",
                             "formula has no cached value; open and save the file in "
                             "Excel or LibreOffice so its result is stored", loc)
                bad_formula = True
            if (number, i + 1) in sheet.replaced:
                report.warning("sheet.replaced-character", "the cell holds a character no "
                               "text can hold (a lone UTF-16 surrogate, stored as _xD800_ "
                               f"and the like); it reads as {REPLACEMENT}", loc)
            raw = values[i] if i < len(values) else None
            cells[fname] = split_list(raw) if fname in multi else normalize_value(raw)
            locs[fname] = loc
        if bad_formula:
            continue
        row = Row(row_loc, cells, locs, causes=causes)
        if qty:
            if not _read_qty(row, report, limit):
                continue
            if cards + row.qty > max_cards:
                report.error("sheet.qty", f"with this row the sheet holds more than "
                             f"{max_cards:,} cards (Qty counted), more than any "
                             "deck holds; the row is skipped", row.loc(QTY.field))
                continue
            cards += row.qty
        rows.append(row)
    return Table(sheet, found, rows, causes, skipped)


Header = tuple[dict[str, tuple[str, str]], dict[str, int], dict[str, Problem], Problem | None]
"""What `_read_header` finds: field → (letter, header as written), field → index in the
row, field → the problem that left its column unread, the first missing required
column's problem."""


def _read_header(sheet: RawSheet, header_row: int, header_values: tuple[Any, ...],
                 wanted: list[Column], report: Report) -> Header:
    """The columns a header row names, and its problems: a header that looks like a
    column the sheet lacks is an error at its cell (for a required column, the one
    "missing column" error), a missing required column is one error at the header row
    naming the nearest header, unknown and repeated columns are warned at their cells.
    Each header cell is looked up once in a table of every column's names, so a header
    of 16,384 columns is read in a blink."""
    names: dict[str, Column] = {}
    for col in wanted:
        for name in (col.header, *col.synonyms):
            names.setdefault(name.casefold(), col)
    found: dict[str, tuple[str, str]] = {}
    index_of: dict[str, int] = {}
    unknown: list[tuple[str, str]] = []  # (letter, header) of the cells no column names
    for c, raw in enumerate(header_values, 1):
        if is_blank(raw):
            continue
        text = clean_text(raw)
        if text.startswith("#") or text.casefold() in IGNORED_HEADERS:
            continue  # a designer's notes
        col = names.get(" ".join(text.split()).casefold())
        letter = column_letter(c)
        if col is None and len(unknown) < MAX_HEADER_GUESSES:
            unknown.append((letter, text))
        elif col is None:
            report.warning("sheet.unknown-column", f"column '{text}' is not read by this "
                           "game", Location(sheet.file, sheet.name, header_row, letter, text))
        elif col.field in found:
            report.warning("sheet.duplicate-column",
                           f"column '{text}' repeats column {found[col.field][0]}; "
                           "only the first is read", Location(sheet.file, sheet.name,
                                                              header_row, letter, text))
        else:
            found[col.field] = (letter, text)
            index_of[col.field] = c - 1
    causes = _unread_columns(sheet, header_row, wanted, found, unknown, report)
    skipped = next((causes[col.field] for col in wanted
                    if col.required and col.field in causes), None)
    return found, index_of, causes, skipped


MAX_HEADER_GUESSES = 200
"""Unknown headers compared with the missing columns (and warned one by one); past
these, a header of thousands of columns is only counted."""


def _unread_columns(sheet: RawSheet, header_row: int, wanted: list[Column],
                    found: dict[str, tuple[str, str]], unknown: list[tuple[str, str]],
                    report: Report) -> dict[str, Problem]:
    """Report the headers no column names and the columns no header names: field → the
    problem that left that column unread (a misspelled header, a missing required
    column)."""
    lacking = [col for col in wanted if col.field not in found]
    causes: dict[str, Problem] = {}
    for letter, text in unknown:
        here = Location(sheet.file, sheet.name, header_row, letter, text)
        col, name = looks_like(text, [c for c in lacking if c.field not in causes])
        if col is None:
            listed = report.would_list("warning", "sheet.unknown-column", here)
            hint = _suggest(text, [w.header for w in wanted]) if listed else ""
            report.warning("sheet.unknown-column",
                           f"column '{text}' is not read by this game{hint}", here)
            continue
        fix = "rename it, or prefix it with '#' to keep it as a note"
        if col.required:
            problem = report.error("sheet.missing-column", f"required column "
                                   f"'{col.header}' is missing: '{text}' ({here.cell}) looks "
                                   f"like '{name}'; {fix}", here)
        else:
            problem = report.error("sheet.misspelled-column", f"'{text}' ({here.cell}) looks "
                                   f"like '{name}', so the column is not read; {fix}", here)
        if problem is not None:
            causes[col.field] = problem
    for col in lacking:
        if col.required and col.field not in causes:
            problem = report.error("sheet.missing-column", f"required column "
                                   f"'{col.header}' is missing"
                                   f"{_nearest(col, unknown, found, header_row)}",
                                   Location(sheet.file, sheet.name, header_row))
            if problem is not None:
                causes[col.field] = problem
    return causes


def looks_like(text: str, columns: list[Column]) -> tuple[Column | None, str]:
    """The column a header was most likely meant to name, and the name it resembles (the
    header or a synonym): one within a small slip (a letter missing, doubled, swapped or
    wrong), or (None, '')."""
    import difflib  # noqa: PLC0415

    key = " ".join(text.split()).casefold()
    best: tuple[float, Column | None, str] = (0.0, None, "")
    for col in columns:
        for name in (col.header, *col.synonyms):
            folded = name.casefold()
            if folded.startswith("#"):
                continue
            ratio = difflib.SequenceMatcher(None, key, folded).ratio()
            if len(key) >= 3 and sorted(key) == sorted(folded):
                ratio = max(ratio, 0.9)  # the same letters in another order
            if ratio >= 0.75 and ratio > best[0]:
                best = (ratio, col, name)
    return best[1], best[2]


def _nearest(col: Column, unknown: list[tuple[str, str]],
             found: dict[str, tuple[str, str]], header_row: int) -> str:
    """"; the nearest header is 'X' (C1)" for a missing column, from the headers no
    column reads (else every header), or '' for a header row with none."""
    import difflib  # noqa: PLC0415

    headers = unknown or [(letter, text) for letter, text in found.values()]
    if not headers:
        return "; the header row names no column"
    score = {h: difflib.SequenceMatcher(None, col.header.casefold(), h[1].casefold()).ratio()
             for h in headers}
    letter, text = max(headers, key=lambda h: score[h])
    return f"; the nearest header is '{text}' ({letter}{header_row})"


def _read_qty(row: Row, report: Report, limit: int) -> bool:
    value = row.values.pop(QTY.field, None)
    if value is None:
        return True
    try:
        n = _parse_whole(value)
    except ValueError as exc:
        report.error("sheet.qty", f"Qty {exc}; the row is skipped", row.loc(QTY.field))
        return False
    if n < 1:
        report.error("sheet.qty", f"Qty must be 1 or more, got {figure(n)}; the row is "
                     "skipped (delete the row to leave the card out)", row.loc(QTY.field))
        return False
    if n > limit:
        report.error("sheet.qty", f"Qty must be at most {limit:,}, got {figure(n)}: no deck "
                     "of this game holds more copies; the row is skipped", row.loc(QTY.field))
        return False
    row.qty = n
    return True


def expand(rows: Iterable[Row]) -> list[Row]:
    """Each row repeated `qty` times, in order (references, not copies; `Qty` is bounded
    by `read_table`)."""
    return [row for row in rows for _ in range(row.qty)]


# ---------------------------------------------------------------- names

def _suggest(name: str, candidates: Iterable[str]) -> str:
    import difflib  # noqa: PLC0415

    cands = list(candidates)
    folded = {c.casefold(): c for c in cands}
    close = difflib.get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.6)
    return f" (did you mean '{folded[close[0]]}'?)" if close else ""


class NameIndex(Generic[T]):
    """Items found by name case-insensitively, with a "did you mean" for unknown names."""

    def __init__(self) -> None:
        self._items: dict[str, T] = {}
        self._names: dict[str, str] = {}

    def add(self, name: str, item: T) -> bool:
        """Add an item; False (and nothing added) when the name is already taken."""
        key = clean_text(name).casefold()
        if key in self._items:
            return False
        self._items[key] = item
        self._names[key] = clean_text(name)
        return True

    def get(self, name: str) -> T | None:
        """The item of that name, or None."""
        return self._items.get(clean_text(name).casefold())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and clean_text(name).casefold() in self._items

    def __len__(self) -> int:
        return len(self._items)

    def values(self) -> list[T]:
        """Every item, in the order added."""
        return list(self._items.values())

    def names(self) -> list[str]:
        """Every name as first written, in the order added."""
        return list(self._names.values())

    def canonical(self, name: str) -> str | None:
        """The name as the catalog writes it."""
        return self._names.get(clean_text(name).casefold())

    def suggest(self, name: str) -> str:
        """` (did you mean 'X'?)` for the closest known name, or ''."""
        return _suggest(name, self._names.values())


def suggest(name: str, candidates: Iterable[str]) -> str:
    """` (did you mean 'X'?)` for the closest candidate, or ''."""
    return _suggest(name, candidates)
