"""Streaming .xlsx reading within a `Budget`: each part parsed once, nothing built that the
file's numbers could inflate.

An .xlsx is a zip of XML parts. The zip's directory is checked before it is opened (how
many parts, how big once inflated); then the workbook, its relationships, shared strings,
styles and each worksheet are parsed with expat as a stream of events, keeping only the
values of cells. Every budget (`toolkit.core.limits`) is counted as the stream goes, so
memory and time stay bounded whatever the file claims; a document type declaration or an
entity (the XML bombs) is refused outright. A damaged or lying file is one `InputError`.

Numbers are read by the OOXML grammar (xsd:double: ASCII digits, one `.`, an exponent,
`INF`, `NaN`); anything else a number cell holds (`1_0`, `1,000`, `٣`) stays text as
written, so the game reports it at its cell instead of reading a number Python's `int`
would accept. Indexes (a style `s="…"`, a shared string, a row number) are ASCII digits,
else the file is damaged. OOXML's `_xHHHH_` escapes encode UTF-16 units: a pair becomes
its one character, and a lone surrogate (`_xD800_`, which no text can hold) becomes
U+FFFD and the cell is recorded (`replaced`) so the table reader can warn at it.

A formula's cached result is read as the cell's value. A formula with no cached result is
recorded (`uncached`) so the table reader can locate it; a formula whose cached result is
the empty string (LibreOffice writes `t="str"` and `<v></v>`) is an empty cell.
"""

from __future__ import annotations

import datetime
import math
import posixpath
import re
import struct
import zipfile
import zlib
from collections.abc import Callable
from typing import Any
from xml.parsers import expat

from toolkit.core.errors import InputError
from toolkit.core.limits import Budget, count, size

SheetData = tuple[str, list[tuple[int, tuple[Any, ...]]], set[tuple[int, int]],
                  set[tuple[int, int]]]
"""A sheet as read: its name, its filled rows (number, values from column A), the
(row, column) of formulas without a cached result, and of cells where a lone surrogate
was replaced by U+FFFD."""

MAX_ROW = 1_048_576
MAX_COLUMN = 16_384
"""Excel's grid: rows and columns beyond these are not a spreadsheet's."""
MAX_STYLES = 65_536
CHUNK = 64 * 1024
_ESCAPES = re.compile(r"(?:_x[0-9A-Fa-f]{4}_)+")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
"""xsd:double's lexical form, as OOXML stores numbers (INF, -INF and NaN stay text)."""
_CELL_REF = re.compile(r"([A-Za-z]{1,3})([0-9]*)$")
_WORKSHEET = "/worksheet"
_BUILTIN_DATES = frozenset((*range(14, 23), 45, 46, 47))
"""The built-in number formats (ECMA-376 18.8.30) that show dates and times; a workbook
whose styles use none of them and no format of its own has no date cells."""
WINDOWS_EPOCH = datetime.datetime(1899, 12, 30)
MAC_EPOCH = datetime.datetime(1904, 1, 1)
"""Day 0 of the 1900 and 1904 date systems, as openpyxl's `from_excel` expects them."""


def damaged(display: str, why: str) -> InputError:
    """The one sentence for a file that is an .xlsx but cannot be read as one."""
    return InputError(f"{display}: is a damaged .xlsx file ({why}); open it in Excel or "
                      "LibreOffice and save it again")


def _unescape(text: str) -> tuple[str, bool]:
    """OOXML's `_xHHHH_` escapes (a carriage return is stored as `_x000D_`), and whether a
    lone surrogate among them was replaced by U+FFFD. Each escape is one UTF-16 unit, so a
    run of them is decoded as UTF-16: a surrogate pair is one character."""
    if "_x" not in text:
        return text, False
    lone = False

    def run(match: re.Match) -> str:
        nonlocal lone
        escapes = match.group(0)
        units = b"".join(int(escapes[i + 2:i + 6], 16).to_bytes(2, "little")
                         for i in range(0, len(escapes), 7))
        decoded = units.decode("utf-16-le", "replace")
        if "\ufffd" in decoded and decoded.count("\ufffd") > _fffd_units(units):
            lone = True
        return decoded

    return _ESCAPES.sub(run, text), lone


def _fffd_units(units: bytes) -> int:
    """How many of these UTF-16-LE units are U+FFFD itself (written `_xFFFD_`)."""
    return sum(1 for i in range(0, len(units), 2) if units[i:i + 2] == b"\xfd\xff")


def _index(text: str | None) -> int | None:
    """An index the file gives (a style, a shared string, a row): ASCII digits only, so
    `-1`, `1_0`, ` 3` and `²` are no index (None)."""
    if text and text.isascii() and text.isdigit():
        return int(text)
    return None


_LOCAL: dict[str, str] = {}


def _local(name: str) -> str:
    """A tag's name without its namespace ('ns}row' → 'row'), remembered."""
    local = _LOCAL.get(name)
    if local is None:
        local = name.rpartition("}")[2]
        if len(_LOCAL) < 4096:
            _LOCAL[name] = local
    return local


# ---------------------------------------------------------------- the zip

def _entry_count(path, display: str) -> int:
    """How many parts the zip's end record announces, read before the directory is."""
    with open(path, "rb") as fh:
        fh.seek(0, 2)
        size = fh.tell()
        tail_len = min(size, 65_536 + 22)
        fh.seek(size - tail_len)
        tail = fh.read(tail_len)
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < 22:
        raise InputError(f"{display}: is not a readable .xlsx file (truncated or damaged)")
    return struct.unpack_from("<H", tail, at + 10)[0]


class Part:
    """Streams one XML part of the zip through expat handlers, within the budget."""

    def __init__(self, zf: zipfile.ZipFile, name: str, budget: Budget, display: str) -> None:
        self.zf, self.name, self.budget, self.display = zf, name, budget, display

    def parse(self, start: Callable, end: Callable, data: Callable | None = None) -> None:
        """Feed the part to expat with these handlers (start(local, attrs), end(local),
        data(text)); depth, token size and time are checked as it goes."""
        limits = self.budget.limits
        parser = expat.ParserCreate(namespace_separator="}")
        parser.buffer_text = True
        depth = 0

        def on_start(name: str, attrs: dict[str, str]) -> None:
            nonlocal depth
            depth += 1
            if depth > limits.xml_depth:
                raise self.budget.refuse(f"its part {self.name} nests XML more than "
                                         f"{limits.xml_depth} levels deep")
            start(_local(name), attrs)

        def on_end(name: str) -> None:
            nonlocal depth
            depth -= 1
            end(_local(name))

        def no_dtd(*_: Any) -> None:
            raise self.budget.refuse(f"its part {self.name} declares an XML document type "
                                     "or entities, which spreadsheets never need (XML bombs "
                                     "use them); save it again in Excel or LibreOffice")

        parser.StartElementHandler = on_start
        parser.EndElementHandler = on_end
        if data is not None:
            parser.CharacterDataHandler = data
        parser.StartDoctypeDeclHandler = no_dtd
        parser.EntityDeclHandler = no_dtd
        fed = 0
        try:
            with self.zf.open(self.name) as fh:
                while chunk := fh.read(CHUNK):
                    fed += len(chunk)
                    parser.Parse(chunk, False)
                    if fed - parser.CurrentByteIndex > limits.xml_token_bytes:
                        raise self.budget.refuse(
                            f"its part {self.name} holds one XML tag or text longer than "
                            f"{size(limits.xml_token_bytes)}")
                    self.budget.check_time()
                parser.Parse(b"", True)
        except expat.ExpatError as exc:
            raise damaged(self.display, f"{self.name}: {expat.ErrorString(exc.code)} at "
                          f"line {exc.lineno}") from None
        except RuntimeError as exc:  # zipfile: "File ... is encrypted, password required"
            if "encrypted" in str(exc):
                raise InputError(f"{self.display}: is password-protected; save it without "
                                 "a password") from None
            raise damaged(self.display, f"{self.name} cannot be inflated") from None
        except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, OSError):
            raise damaged(self.display, f"{self.name} cannot be inflated") from None


# ---------------------------------------------------------------- small parts

def _relationships(zf: zipfile.ZipFile, owner: str, names: set[str], budget: Budget,
                   display: str) -> dict[str, tuple[str, str]]:
    """A part's relationships: id → (type, target part name)."""
    folder, base = posixpath.split(owner)
    rels_name = posixpath.join(folder, "_rels", base + ".rels")
    found: dict[str, tuple[str, str]] = {}
    if rels_name not in names:
        return found

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == "Relationship" and attrs.get("TargetMode") != "External":
            target = attrs.get("Target", "")
            if target.startswith("/"):
                part = posixpath.normpath(target.lstrip("/"))
            else:
                part = posixpath.normpath(posixpath.join(folder, target))
            if len(found) >= budget.limits.zip_entries:
                raise damaged(display, f"{rels_name} lists too many relationships")
            found[attrs.get("Id", "")] = (attrs.get("Type", ""), part)

    Part(zf, rels_name, budget, display).parse(start, lambda tag: None)
    return found


def _workbook(zf: zipfile.ZipFile, name: str, budget: Budget,
              display: str) -> tuple[list[tuple[str, str]], bool]:
    """The sheets a workbook lists, in order: (name, relationship id); and 1904 dates."""
    sheets: list[tuple[str, str]] = []
    flags = {"1904": False}

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == "sheet":
            rid = next((v for k, v in attrs.items() if k.rpartition("}")[2] == "id" and "}" in k),
                       "")
            sheets.append((attrs.get("name", ""), rid))
            if len(sheets) > budget.limits.sheets:
                raise budget.refuse(f"it has more than {count(budget.limits.sheets)} sheets")
        elif tag == "workbookPr":
            flags["1904"] = attrs.get("date1904", "0").lower() in ("1", "true")

    Part(zf, name, budget, display).parse(start, lambda tag: None)
    return sheets, flags["1904"]


def _shared_strings(zf: zipfile.ZipFile, name: str, budget: Budget,
                    display: str) -> tuple[list[str], set[int]]:
    """The shared string table (phonetic runs left out, as Excel shows the text), and the
    indexes of the strings where a lone surrogate was replaced by U+FFFD."""
    limits = budget.limits
    strings: list[str] = []
    lone: set[int] = set()
    state = {"si": False, "rph": 0, "parts": None, "len": 0}
    parts: list[str] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == "si":
            state["si"], state["len"] = True, 0
            parts.clear()
        elif tag == "rPh":
            state["rph"] += 1
        elif tag == "t" and state["si"] and not state["rph"]:
            state["parts"] = parts

    def end(tag: str) -> None:
        if tag == "t":
            state["parts"] = None
        elif tag == "rPh":
            state["rph"] -= 1
        elif tag == "si":
            state["si"] = False
            text, replaced = _unescape("".join(parts))
            budget.add_text(len(text))
            if replaced:
                lone.add(len(strings))
            strings.append(text)
            if len(strings) > limits.cells:
                raise budget.refuse(f"its shared string table holds more than "
                                    f"{count(limits.cells)} strings")

    def data(text: str) -> None:
        if state["parts"] is not None:
            parts.append(text)
            state["len"] += len(text)
            if state["len"] > limits.cell_chars:
                budget.check_cell_text(state["len"], f"(shared string {len(strings) + 1})")

    Part(zf, name, budget, display).parse(start, end, data)
    return strings, lone


def _date_styles(zf: zipfile.ZipFile, name: str | None, budget: Budget,
                 display: str) -> tuple[frozenset[int], frozenset[int]]:
    """The cell styles that show numbers as dates, and those that show durations."""
    if name is None:
        return frozenset(), frozenset()
    codes: dict[int, str] = {}
    xfs: list[int] = []
    state = {"xfs": False}

    def number(text: str | None) -> int:
        return _index(text) or 0

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == "numFmt" and len(codes) < MAX_STYLES:
            codes[number(attrs.get("numFmtId"))] = attrs.get("formatCode", "")[:256]
        elif tag == "cellXfs":
            state["xfs"] = True
        elif tag == "xf" and state["xfs"]:
            xfs.append(number(attrs.get("numFmtId")))
            if len(xfs) > MAX_STYLES:
                raise damaged(display, f"{name} lists more than {count(MAX_STYLES)} styles")

    def end(tag: str) -> None:
        if tag == "cellXfs":
            state["xfs"] = False

    Part(zf, name, budget, display).parse(start, end)
    if not any(fmt_id in codes or fmt_id in _BUILTIN_DATES for fmt_id in xfs):
        return frozenset(), frozenset()  # numbers, percentages and text only
    from openpyxl.styles.numbers import (  # noqa: PLC0415  (0.1 s: only when a style may be a date)
        BUILTIN_FORMATS,
        is_date_format,
        is_timedelta_format,
    )

    dates, durations = set(), set()
    for index, fmt_id in enumerate(xfs):
        code = codes.get(fmt_id, BUILTIN_FORMATS.get(fmt_id, ""))
        if code and is_date_format(code):
            dates.add(index)
            if is_timedelta_format(code):
                durations.add(index)
    return frozenset(dates), frozenset(durations)


# ---------------------------------------------------------------- worksheets

def _number(text: str) -> Any:
    """A numeric cell's text as a number, read by xsd:double's grammar; text that is no
    finite number in that grammar stays as written, so a message can quote it ('NaN',
    'INF', and '1_0' or '1,000', which Python's int and float would misread)."""
    stripped = text.strip(" \t\r\n")
    if not _NUMBER.fullmatch(stripped):
        return text
    if not any(c in stripped for c in ".eE"):
        try:
            return int(stripped)
        except ValueError:  # more digits than Python converts: read as a float
            pass
    value = float(stripped)
    return value if math.isfinite(value) else text


class _Sheet:
    """The event handlers that read one worksheet's cells into rows."""

    def __init__(self, name: str, strings: tuple[list[str], set[int]], dates: frozenset[int],
                 durations: frozenset[int], epoch: Any, budget: Budget, display: str) -> None:
        self.name, self.budget, self.display = name, budget, display
        self.strings, self.lone_strings = strings
        self.dates, self.durations, self.epoch = dates, durations, epoch
        self.rows: list[tuple[int, tuple[Any, ...]]] = []
        self.uncached: set[tuple[int, int]] = set()
        self.replaced: set[tuple[int, int]] = set()
        self.row = 0
        self.col = 0
        self.cells: dict[int, Any] = {}
        self.in_cell = False
        self.kind = "n"
        self.style = 0
        self.formula = False
        self.value: str | None = None
        self.inline: list[str] | None = None
        self.parts: list[str] | None = None
        self.length = 0
        self.phonetic = 0

    def where(self) -> str:
        from toolkit.core.report import column_letter  # noqa: PLC0415

        return f"'{self.name}'!{column_letter(self.col)}{self.row}"

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == "c":
            self.in_cell = True
            ref = attrs.get("r")
            if ref:
                match = _CELL_REF.match(ref)
                if match is None:
                    raise damaged(self.display, f"sheet '{self.name}' has a cell named '{ref[:20]}'")
                col = 0
                for letter in match.group(1).upper():
                    col = col * 26 + ord(letter) - 64
                self.col = col
            else:
                self.col += 1
            if self.col > MAX_COLUMN:
                raise damaged(self.display, f"sheet '{self.name}' has a cell beyond column XFD")
            self.kind = attrs.get("t", "n")
            style = attrs.get("s")
            self.style = _index(style) if style is not None else 0
            if self.style is None:
                raise damaged(self.display, f"cell {self.where()} has a style numbered "
                              f"'{style[:20]}'")
            self.formula = False
            self.value = None
            self.inline = None
        elif not self.in_cell:
            if tag == "row":
                number = attrs.get("r")
                if number is None:
                    self.row += 1
                else:
                    row = _index(number)
                    if row is None:
                        raise damaged(self.display, f"sheet '{self.name}' has a row numbered "
                                      f"'{number[:20]}'")
                    self.row = row
                if not 1 <= self.row <= MAX_ROW:
                    raise damaged(self.display, f"sheet '{self.name}' has a row numbered {self.row}")
                self.col = 0
                self.cells = {}
        elif tag == "v":
            self.parts, self.length = [], 0
        elif tag == "f":
            self.formula = True
        elif tag == "is":
            self.inline = []
        elif tag == "rPh":
            self.phonetic += 1
        elif tag == "t" and self.inline is not None and not self.phonetic:
            self.parts, self.length = [], 0

    def data(self, text: str) -> None:
        parts = self.parts
        if parts is not None:
            parts.append(text)
            self.length += len(text)
            if self.length > self.budget.limits.cell_chars:
                self.budget.check_cell_text(self.length, self.where())

    def end(self, tag: str) -> None:
        if tag == "c":
            self.in_cell = False
            self._cell()
        elif tag == "v" and self.parts is not None:
            self.value = "".join(self.parts)
            self.parts = None
        elif tag == "t" and self.parts is not None:
            self.inline.append("".join(self.parts))
            self.parts = None
        elif tag == "rPh":
            self.phonetic -= 1
        elif tag == "row" and not self.in_cell:
            self._row()

    def _cell(self) -> None:
        kind, text = self.kind, self.value
        value: Any = None
        lone = False
        if kind == "inlineStr":
            if self.inline is not None:
                value, lone = _unescape("".join(self.inline))
        elif text is not None:
            if kind == "s":
                index = _index(text.strip())
                if index is None or index >= len(self.strings):
                    raise damaged(self.display, f"cell {self.where()} refers to a shared "
                                  f"string that does not exist ('{text[:20]}')")
                value = self.strings[index]
                lone = index in self.lone_strings
            elif kind == "str":
                value, lone = _unescape(text)  # a formula's text result; '' is an empty cell
            elif kind == "b":
                value = text.strip() in ("1", "true")
            elif kind in ("e", "d"):
                value = self._iso_date(text) if kind == "d" else text
            else:
                value = _number(text)
                if self.style in self.dates and not isinstance(value, str):
                    value = self._date(value)
        if self.formula and (text is None or (text == "" and kind != "str")):
            self.uncached.add((self.row, self.col))
            value = None
        if value is not None and value != "":
            if isinstance(value, str):
                self.budget.add_text(len(value))
            self.cells[self.col] = value
            if lone:
                self.replaced.add((self.row, self.col))

    def _date(self, value: Any) -> Any:
        from openpyxl.utils.datetime import from_excel  # noqa: PLC0415

        try:
            return from_excel(value, self.epoch, timedelta=self.style in self.durations)
        except (OverflowError, ValueError, TypeError):
            return value

    def _iso_date(self, text: str) -> Any:
        from openpyxl.utils.datetime import from_ISO8601  # noqa: PLC0415

        try:
            return from_ISO8601(text)
        except (ValueError, TypeError):
            return text

    def _row(self) -> None:
        cells = self.cells
        if not cells:
            return
        width = max(cells)
        self.budget.add_cells(width, self.where())
        values = [None] * width
        for col, value in cells.items():
            values[col - 1] = value
        self.rows.append((self.row, tuple(values)))
        self.cells = {}
        self.budget.add_row(self.name)


# ---------------------------------------------------------------- the workbook

def read_xlsx(path, display: str, budget: Budget) -> list[SheetData]:
    """Every worksheet of an .xlsx, in workbook order, read within `budget`."""
    limits = budget.limits
    entries = _entry_count(path, display)
    if entries > limits.zip_entries:
        raise budget.refuse(f"it holds {count(entries)} parts; a workbook needs a few dozen")
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        raise InputError(f"{display}: is not a readable .xlsx file (truncated or damaged)") from None
    with zf:
        infos = zf.infolist()
        total = sum(i.file_size for i in infos)
        if total > limits.inflated_bytes:
            raise budget.refuse(f"it would inflate to {total // 2**20:,} MB "
                                f"(limit {limits.inflated_bytes // 2**20} MB)")
        names = {i.filename for i in infos}
        main = _relationships(zf, "", names, budget, display)
        office = next((part for kind, part in main.values() if kind.endswith("/officeDocument")),
                      "xl/workbook.xml")
        if office not in names:
            raise InputError(f"{display}: is a zip file but not an .xlsx workbook")
        sheets, date1904 = _workbook(zf, office, budget, display)
        rels = _relationships(zf, office, names, budget, display)
        strings_part = next((p for k, p in rels.values() if k.endswith("/sharedStrings")), None)
        styles_part = next((p for k, p in rels.values() if k.endswith("/styles")), None)
        strings = (_shared_strings(zf, strings_part, budget, display)
                   if strings_part in names else ([], set()))
        dates, durations = _date_styles(zf, styles_part if styles_part in names else None,
                                        budget, display)
        epoch = MAC_EPOCH if date1904 else WINDOWS_EPOCH
        out: list[SheetData] = []
        seen: set[str] = set()
        for name, rid in sheets:
            kind, part = rels.get(rid, ("", ""))
            if not kind.endswith(_WORKSHEET):
                if kind:
                    continue  # a chart sheet or dialog sheet holds no cells
                raise damaged(display, f"sheet '{name}' has no part in the file")
            if part not in names:
                raise damaged(display, f"sheet '{name}' is listed but its part {part} is missing")
            key = name.casefold()  # Excel's sheet names differ case-insensitively
            if not key or key in seen:
                raise damaged(display, f"two sheets are named '{name}'" if key
                              else "a sheet has no name")
            seen.add(key)
            reader = _Sheet(name, strings, dates, durations, epoch, budget, display)
            Part(zf, part, budget, display).parse(reader.start, reader.end, reader.data)
            out.append((name, reader.rows, reader.uncached, reader.replaced))
        return out
