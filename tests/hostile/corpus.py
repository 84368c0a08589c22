"""A generator of bad spreadsheets: what a careless or hostile user hands `pnp`.

Every case is built for one registered game from that game's own starter template
(`Game.write_template`), so a new game is covered without a line here: the cases mutate
whatever sheets, headers and cells the template has. Bombs are small: the corpus test
runs with `SMALL_LIMITS`, so a 300-row sheet trips the same row budget a 60,000-row sheet
trips by default, and a zip claiming gigabytes trips the real inflate limit unread.

    for case in CASES: path = case.build(game, folder)
"""

from __future__ import annotations

import os
import random
import re
import struct
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

from toolkit.core.limits import Limits
from toolkit.core.registry import Game

SMALL_LIMITS = Limits(inflated_bytes=2 * 2**20, zip_entries=60, rows=200, cells=20_000,
                      text_chars=300_000, xml_token_bytes=64 * 1024)
"""The budgets the corpus runs under (far below the defaults, so its bombs stay small)."""

ESC = "\x1b[2J\x1b]0;owned\x07"
"""A terminal 'clear screen' and an OSC window title: must never reach a terminal raw."""
MARKUP = ("[/]", "[/nope]", "[bold red]loud[/bold red]")
QTY_HEADERS = ("qty", "quantity", "count", "copies")

_TEMPLATES: dict[str, bytes] = {}


# ---------------------------------------------------------------- helpers

def template_bytes(game: Game, folder: Path) -> bytes:
    """The game's starter workbook (written once per game and remembered)."""
    if game.id not in _TEMPLATES:
        path = folder / f".template-{game.id}.xlsx"
        game.write_template(path)
        _TEMPLATES[game.id] = path.read_bytes()
        path.unlink()
    return _TEMPLATES[game.id]


def template(game: Game, folder: Path, name: str = "deck.xlsx") -> Path:
    """A copy of the game's starter workbook in `folder`."""
    path = folder / name
    path.write_bytes(template_bytes(game, folder))
    return path


def deck_sheet(game: Game, names: list[str]) -> str:
    """The template's first deck sheet (not a catalog sheet, not a '#' sheet); for a game
    whose one file is its catalog (Valiant Wars' pool, Banners' board), its first sheet."""
    catalog = {s.casefold() for s in game.catalog_sheets}
    mine = [n for n in names if not n.startswith("#")]
    return next((n for n in mine if n.casefold() not in catalog), mine[0])


def edit(path: Path, change: Callable) -> Path:
    """Load with openpyxl, `change(workbook)`, save."""
    from openpyxl import load_workbook

    wb = load_workbook(path)
    change(wb)
    wb.save(path)
    return path


def members(path: Path) -> dict[str, bytes]:
    """Every part of a zip, by name."""
    with zipfile.ZipFile(path) as zf:
        return {i.filename: zf.read(i.filename) for i in zf.infolist()}


def write_members(path: Path, parts: dict[str, bytes]) -> Path:
    """A zip of these parts (deflated)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    return path


def sheet_names(path: Path) -> list[str]:
    """Sheet names in workbook order (from the XML, whatever they hold)."""
    xml = members(path)["xl/workbook.xml"].decode()
    return [_unxml(m) for m in re.findall(r'<sheet [^>]*?name="([^"]*)"', xml)]


def _unxml(text: str) -> str:
    return (text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
            .replace("&amp;", "&"))


def sheet_part(path: Path, sheet: str) -> str:
    """The zip part of a sheet (openpyxl writes sheet k as xl/worksheets/sheet{k}.xml)."""
    return f"xl/worksheets/sheet{sheet_names(path).index(sheet) + 1}.xml"


def rename_sheets(path: Path, renames: dict[str, str]) -> Path:
    """Rename sheets in workbook.xml directly (names Excel itself would refuse)."""
    parts = members(path)
    xml = parts["xl/workbook.xml"].decode()
    for old, new in renames.items():
        xml = xml.replace(f"name={quoteattr(old)}", f"name={quoteattr(new)}", 1)
    parts["xl/workbook.xml"] = xml.encode()
    return write_members(path, parts)


def patch_sheet(path: Path, sheet: str, change: Callable[[str], str]) -> Path:
    """Rewrite one sheet's XML text."""
    parts = members(path)
    part = sheet_part(path, sheet)
    parts[part] = change(parts[part].decode()).encode()
    return write_members(path, parts)


def append_cells(xml: str, cells: str, row: int = 60) -> str:
    """A row of raw `<c>` cells added at the end of a sheet's data."""
    return xml.replace("</sheetData>", f'<row r="{row}">{cells}</row></sheetData>')


def deck_name(game: Game, path: Path) -> str:
    return deck_sheet(game, sheet_names(path))


def header_column(path: Path, sheet: str, wanted: tuple[str, ...]) -> int | None:
    """The 1-based column of the first header among `wanted` (case-insensitive)."""
    from openpyxl import load_workbook

    ws = load_workbook(path, read_only=True)[sheet]
    header = next(ws.iter_rows(max_row=1, values_only=True), ())
    for i, value in enumerate(header, 1):
        if isinstance(value, str) and value.strip().casefold() in wanted:
            return i
    return None


def sheet_with_header(path: Path, wanted: tuple[str, ...]) -> tuple[str, int] | None:
    """The first sheet with one of these headers, and its column."""
    for sheet in sheet_names(path):
        col = header_column(path, sheet, wanted)
        if col:
            return sheet, col
    return None


def png_bomb(path: Path, width: int = 100_000, height: int = 100_000) -> Path:
    """A tiny PNG whose header claims width × height pixels (a decompression bomb)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 64)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat)
                     + chunk(b"IEND", b""))
    return path


def with_shared_strings(path: Path, strings: list[str]) -> Path:
    """The workbook with a shared string table of these strings (openpyxl writes inline
    strings only), so cells can refer to them by index (`t="s"`)."""
    parts = members(path)
    items = "".join(f"<si><t>{text}</t></si>" for text in strings)
    parts["xl/sharedStrings.xml"] = (
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        f"{items}</sst>").encode()
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>", b'<Relationship Id="rIdStrings" Type="http://schemas.'
        b'openxmlformats.org/officeDocument/2006/relationships/sharedStrings" '
        b'Target="sharedStrings.xml"/></Relationships>')
    return write_members(path, parts)


def damaged_png(path: Path, size: tuple[int, int] = (64, 64)) -> Path:
    """A PNG cut in half: its header reads, its pixels do not."""
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.effect_noise(size, 64).convert("RGB").save(buffer, "PNG")
    data = buffer.getvalue()
    path.write_bytes(data[: len(data) // 2])
    return path


def lying_zip(path: Path, claimed: int = 0x7FFF_FFFF) -> Path:
    """A small workbook whose zip directory claims one part inflates to `claimed` bytes."""
    data = bytearray(path.read_bytes())
    at = data.find(b"PK\x01\x02")
    struct.pack_into("<I", data, at + 24, claimed)
    path.write_bytes(bytes(data))
    return path


def to_csv(game: Game, folder: Path, name: str, delimiter: str = ";",
           extra: list[list[str]] | None = None, encoding: str = "utf-8") -> Path:
    """The template's deck sheet as a CSV file (Excel's quoting), with extra rows."""
    import csv
    import io

    from openpyxl import load_workbook

    source = template(game, folder, ".source.xlsx")
    ws = load_workbook(source)[deck_name(game, source)]
    rows = [["" if v is None else str(v) for v in row] for row in ws.iter_rows(values_only=True)]
    source.unlink()
    for row in extra or []:
        rows.append(row + [""] * (len(rows[0]) - len(row)))
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter, quoting=csv.QUOTE_MINIMAL).writerows(rows)
    path = folder / name
    path.write_bytes(buffer.getvalue().encode(encoding))
    return path


# ---------------------------------------------------------------- the cases

@dataclass(frozen=True)
class Case:
    """One bad input: how to build it for a game, and what `validate` may answer."""

    name: str
    build: Callable[[Game, Path], Path]
    exits: tuple[int, ...] = (0, 1, 2)
    """The exit codes `pnp validate` may give (the corpus also runs the other commands)."""


def _bytes(name: str, data: bytes) -> Callable[[Game, Path], Path]:
    def build(game: Game, folder: Path) -> Path:
        path = folder / name
        path.write_bytes(data)
        return path
    return build


def _truncated(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    return path


def _random(suffix: str) -> Callable[[Game, Path], Path]:
    def build(game: Game, folder: Path) -> Path:
        path = folder / f"random{suffix}"
        path.write_bytes(random.Random(f"{game.id}{suffix}").randbytes(3000))
        return path
    return build


def _not_a_workbook(game: Game, folder: Path) -> Path:
    return write_members(folder / "notbook.xlsx", {"hello.txt": b"hi"})


def _zip_lying(game: Game, folder: Path) -> Path:
    return lying_zip(template(game, folder))


def _zip_bomb(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    sheet = deck_name(game, path)
    filler = "<c/>" * 600_000  # 2.4 MB of cells inflating from a few kB
    return patch_sheet(path, sheet, lambda xml: append_cells(xml, filler))


def _zip_many_parts(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    parts = members(path)
    parts.update({f"xl/media/junk{i}.bin": b"" for i in range(SMALL_LIMITS.zip_entries + 5)})
    return write_members(path, parts)


def _xml_doctype(kind: str) -> Callable[[Game, Path], Path]:
    dtds = {
        "laughs": '<!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">'
                  '<!ENTITY c "&b;&b;&b;&b;&b;&b;">]>',
        "external": '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    }

    def build(game: Game, folder: Path) -> Path:
        path = template(game, folder)
        sheet = deck_name(game, path)

        def change(xml: str) -> str:
            body = xml.split("?>", 1)[1] if xml.startswith("<?xml") else xml
            ref = "&c;" if kind == "laughs" else "&e;"
            body = body.replace("</sheetData>", f'<row r="70"><c r="A70" t="inlineStr"><is><t>'
                                f'{ref}</t></is></c></row></sheetData>')
            return f'<?xml version="1.0"?>{dtds[kind]}{body}'
        return patch_sheet(path, sheet, change)
    return build


def _xml_deep(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    deep = "<x>" * 200 + "</x>" * 200
    return patch_sheet(path, deck_name(game, path),
                       lambda xml: xml.replace("</sheetData>", f"</sheetData>{deep}"))


def _xml_huge_tag(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    attr = "A" * (SMALL_LIMITS.xml_token_bytes * 3)  # past the limit and a read chunk
    return patch_sheet(path, deck_name(game, path),
                       lambda xml: append_cells(xml, f'<c r="A70" junk="{attr}"/>', 70))


def _missing_part(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    part = sheet_part(path, deck_name(game, path))
    parts = members(path)
    del parts[part]
    return write_members(path, parts)


def _duplicate_names(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    name = deck_name(game, path)
    edit(path, lambda wb: wb.create_sheet("Second"))
    return rename_sheets(path, {"Second": name.upper()})


def _bad_string_index(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    return patch_sheet(path, deck_name(game, path),
                       lambda xml: append_cells(xml, '<c r="A60" t="s"><v>99999</v></c>'))


def _bad_cell_ref(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    return patch_sheet(path, deck_name(game, path),
                       lambda xml: append_cells(xml, '<c r="A-1"><v>1</v></c>'))


def _bad_row_number(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    return patch_sheet(path, deck_name(game, path),
                       lambda xml: xml.replace("</sheetData>", '<row r="x"/></sheetData>'))


def _many_rows(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    rows = "".join(f'<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>x</t></is></c></row>'
                   for n in range(100, 100 + SMALL_LIMITS.rows + 50))
    return patch_sheet(path, deck_name(game, path),
                       lambda xml: xml.replace("</sheetData>", f"{rows}</sheetData>"))


def _string_index_minus_one(game: Game, folder: Path) -> Path:
    """A cell referring to shared string -1 (Python would read the last one)."""
    path = with_shared_strings(template(game, folder), ["first", "last"])
    return patch_sheet(path, deck_name(game, path),
                       lambda xml: append_cells(xml, '<c r="A60" t="s"><v>-1</v></c>'))


def _style_digit(game: Game, folder: Path) -> Path:
    """A cell style written with a superscript digit (`s="²"`: str.isdigit says yes)."""
    path = template(game, folder)
    return patch_sheet(path, deck_name(game, path),
                       lambda xml: append_cells(xml, '<c r="A60" s="\u00b2"><v>1</v></c>'))


def _lone_surrogate(game: Game, folder: Path) -> Path:
    """A lone UTF-16 surrogate (`_xD800_`) in the first data row's first cell, inline and
    through the shared string table: no UTF-8 text can hold it as it is."""
    path = with_shared_strings(template(game, folder), ["Fox_xD800_"])
    sheet = deck_name(game, path)

    def change(xml: str) -> str:
        xml = re.sub(r'(<c r="A2"[^>]*t="inlineStr"><is><t>)', r"\1_xD800_", xml, count=1)
        return append_cells(xml, '<c r="A60" t="s"><v>0</v></c>')
    return patch_sheet(path, sheet, change)


def _wide_header(game: Game, folder: Path) -> Path:
    """A thousand unknown columns in the header: each is a warning, but the report lists
    a hundred of a kind and sums up the rest."""
    from toolkit.core.report import column_letter

    path = template(game, folder)
    cells = "".join(f'<c r="{column_letter(c)}1" t="inlineStr"><is><t>extra {c}</t></is></c>'
                    for c in range(100, 1100))
    return patch_sheet(path, deck_name(game, path), lambda xml: re.sub(
        r'(<row r="1"[^>]*>.*?)(</row>)', lambda m: m.group(1) + cells + m.group(2), xml,
        count=1, flags=re.S))


def _wide_rows(game: Game, folder: Path) -> Path:
    """Rows reaching column XFD: each costs 16,384 cells however few it fills."""
    path = template(game, folder)
    rows = "".join(f'<row r="{n}"><c r="XFD{n}"><v>1</v></c></row>' for n in range(60, 64))
    return patch_sheet(path, deck_name(game, path),
                       lambda xml: xml.replace("</sheetData>", f"{rows}</sheetData>"))


def _long_cell(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    text = "x" * 40_000
    return patch_sheet(path, deck_name(game, path), lambda xml: append_cells(
        xml, f'<c r="A60" t="inlineStr"><is><t>{text}</t></is></c>'))


def _much_text(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    cells = "".join(f'<c r="{chr(65 + i)}60" t="inlineStr"><is><t>{"y" * 30_000}</t></is></c>'
                    for i in range(12))
    return patch_sheet(path, deck_name(game, path), lambda xml: append_cells(xml, cells))


def _numbers_as(text: str) -> Callable[[Game, Path], Path]:
    """Every number of the deck sheet (and of each catalog sheet) stored as `text`."""
    def build(game: Game, folder: Path) -> Path:
        path = template(game, folder)
        for sheet in sheet_names(path):
            patch_sheet(path, sheet, lambda xml: re.sub(
                r'(<c r="[A-Z]+(?:[2-9]|\d\d+)"(?: s="\d+")? t="n"><v>)[^<]*(</v>)',
                lambda m: f"{m.group(1)}{text}{m.group(2)}", xml))
        return path
    return build


def _qty(value: object) -> Callable[[Game, Path], Path]:
    def build(game: Game, folder: Path) -> Path:
        path = template(game, folder)
        found = sheet_with_header(path, QTY_HEADERS)
        if found is None:
            return path

        def change(wb) -> None:
            ws = wb[found[0]]
            for row in range(2, ws.max_row + 1):
                ws.cell(row=row, column=found[1], value=value)
        return edit(path, change)
    return build


def _qty_total(game: Game, folder: Path) -> Path:
    path = template(game, folder)
    found = sheet_with_header(path, QTY_HEADERS)
    if found is None:
        return path

    def change(wb) -> None:
        ws = wb[found[0]]
        values = [c.value for c in ws[2]]
        for _ in range(110):
            ws.append(values)
        for row in range(2, ws.max_row + 1):
            ws.cell(row=row, column=found[1], value=100)
    return edit(path, change)


def _empty_cached_formulas(game: Game, folder: Path) -> Path:
    """LibreOffice's empty string result (`t="str"`, `<v></v>`) in every blank data cell
    of the first data rows, and an uncached formula (openpyxl's `<v/>`) in a Notes cell."""
    path = template(game, folder)
    sheet = deck_name(game, path)

    def change(xml: str) -> str:
        return append_cells(xml, '<c r="A60" t="str"><f>IF(1,"","")</f><v></v></c>'
                                 '<c r="B60" t="str"><f>""</f><v></v></c>')
    return patch_sheet(path, sheet, change)


def _rename_deck(new: str) -> Callable[[Game, Path], Path]:
    def build(game: Game, folder: Path) -> Path:
        path = template(game, folder)
        return rename_sheets(path, {deck_name(game, path): new})
    return build


def _colliding_names(game: Game, folder: Path) -> Path:
    """Deck sheets named so that careless file names would collide or escape (a game whose
    one file is one pool or board has no deck sheets to name: its template is kept)."""
    path = template(game, folder)
    if game.playing is not None and game.playing.pooled:
        return path
    deck = deck_name(game, path)
    names = ["Deck", ".Deck", "Deck ", "../evil", "/", "a:b", "CON", "x" * 300]

    def change(wb) -> None:
        for i in range(len(names) - 1):
            wb.copy_worksheet(wb[deck]).title = f"Copy{i}"
    edit(path, change)
    return rename_sheets(path, {deck: names[0], **{f"Copy{i}": n
                                                    for i, n in enumerate(names[1:])}})


def _hostile_text(game: Game, folder: Path) -> Path:
    """Markup and escape sequences in cells (as OOXML's `_x001B_` escapes) and a header."""
    path = template(game, folder)
    esc = ESC.replace("\x1b", "_x001B_").replace("\x07", "_x0007_")
    cells = "".join(f'<c r="{chr(65 + i)}60" t="inlineStr"><is><t>{text}</t></is></c>'
                    for i, text in enumerate([f"{MARKUP[0]}{esc}", MARKUP[1], MARKUP[2]]))
    header = f'<c r="Z1" t="inlineStr"><is><t>[/]{esc}</t></is></c>'

    def change(xml: str) -> str:
        xml = append_cells(xml, cells)
        return re.sub(r'(<row r="1"[^>]*>.*?)(</row>)', lambda m: m.group(1) + header + m.group(2),
                      xml, count=1, flags=re.S)
    return patch_sheet(path, deck_name(game, path), change)


def _art(value: str, bomb: bool = False) -> Callable[[Game, Path], Path]:
    def build(game: Game, folder: Path) -> Path:
        path = template(game, folder)
        if bomb:
            png_bomb(folder / "bomb.png")
        found = sheet_with_header(path, ("art", "image", "picture"))
        if found is None:
            return path

        def change(wb) -> None:
            ws = wb[found[0]]
            for row in range(2, ws.max_row + 1):
                ws.cell(row=row, column=found[1], value=value)
        return edit(path, change)
    return build


def _art_damaged(game: Game, folder: Path) -> Path:
    damaged_png(folder / "cut.png")
    return _art("cut.png")(game, folder)


def _no_decks(game: Game, folder: Path) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    wb.active.title = "#notes"
    wb.active.append(["just notes"])
    path = folder / "notes.xlsx"
    wb.save(path)
    return path


def _csv(name: str, **kwargs) -> Callable[[Game, Path], Path]:
    def build(game: Game, folder: Path) -> Path:
        return to_csv(game, folder, name, **kwargs)
    return build


def _csv_hostile(game: Game, folder: Path) -> Path:
    path = to_csv(game, folder, "x.csv", extra=[[f"{MARKUP[0]}{ESC}", MARKUP[1]]])
    named = folder / f"{ESC}[deck].csv"
    path.rename(named)
    return named


def _csv_undecodable_name(game: Game, folder: Path) -> Path:
    """A CSV deck whose file name holds a byte that is not UTF-8 (Python reads it as a
    lone surrogate, `deck\\udcff.csv`)."""
    path = to_csv(game, folder, "x.csv")
    named = Path(os.fsdecode(bytes(folder) + b"/deck\xff.csv"))
    path.rename(named)
    return named


def _csv_bytes(name: str, data: bytes) -> Callable[[Game, Path], Path]:
    return _bytes(name, data)


CASES: tuple[Case, ...] = (
    Case("empty-xlsx", _bytes("empty.xlsx", b""), (2,)),
    Case("empty-csv", _bytes("empty.csv", b""), (2,)),
    Case("truncated", _truncated, (2,)),
    Case("encrypted", _bytes("locked.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512)), (2,)),
    Case("old-xls", _bytes("old.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(range(256)) * 4),
         (2,)),
    Case("random-xlsx", _random(".xlsx"), (2,)),
    Case("random-csv", _random(".csv")),
    Case("text-as-xlsx", _bytes("text.xlsx", b"Name,Class\nnot a workbook\n"), (2,)),
    Case("zip-not-workbook", _not_a_workbook, (2,)),
    Case("zip-lying-size", _zip_lying, (2,)),
    Case("zip-bomb", _zip_bomb, (2,)),
    Case("zip-many-parts", _zip_many_parts, (2,)),
    Case("xml-billion-laughs", _xml_doctype("laughs"), (2,)),
    Case("xml-external-entity", _xml_doctype("external"), (2,)),
    Case("xml-deep", _xml_deep, (2,)),
    Case("xml-huge-tag", _xml_huge_tag, (2,)),
    Case("damaged-missing-part", _missing_part, (2,)),
    Case("damaged-duplicate-names", _duplicate_names, (2,)),
    Case("damaged-string-index", _bad_string_index, (2,)),
    Case("damaged-string-index-minus-one", _string_index_minus_one, (2,)),
    Case("damaged-style-superscript", _style_digit, (2,)),
    Case("damaged-cell-ref", _bad_cell_ref, (2,)),
    Case("damaged-row-number", _bad_row_number, (2,)),
    Case("rows-over-budget", _many_rows, (2,)),
    Case("wide-rows", _wide_rows, (2,)),
    Case("wide-header", _wide_header, (0, 1)),
    Case("cell-over-32767", _long_cell, (2,)),
    Case("text-over-budget", _much_text, (2,)),
    Case("numbers-nan", _numbers_as("NaN"), (1,)),
    Case("numbers-inf", _numbers_as("INF"), (1,)),
    Case("numbers-1e300", _numbers_as("1e300"), (1,)),
    Case("numbers-underscore", _numbers_as("1_0"), (1,)),
    Case("qty-1e6", _qty(1_000_000), (1,)),
    Case("qty-1e9", _qty(1e9), (1,)),
    Case("qty-1e300", _qty(1e300), (1,)),
    Case("qty-text-1e999", _qty("1e999"), (1,)),
    Case("qty-thousands-separator", _qty("1,000"), (1,)),
    Case("qty-total", _qty_total, (1,)),
    Case("formula-empty-cached", _empty_cached_formulas, (0,)),
    Case("markup-sheet-name", _rename_deck("[/]"), (0,)),
    Case("markup-sheet-name-2", _rename_deck("[/nope] [bold]x"), (0,)),
    Case("markdown-sheet-name", _rename_deck("**bold** <script>x</script> # h"), (0,)),
    Case("colliding-names", _colliding_names, (0,)),
    Case("hostile-text", _hostile_text),
    Case("lone-surrogate", _lone_surrogate, (0, 1)),
    Case("art-outside", _art("../../../../etc/passwd"), (1,)),
    Case("art-absolute", _art("/etc/hostname"), (1,)),
    Case("art-5000-chars", _art("a/" * 2500), (1,)),
    Case("art-bomb", _art("bomb.png", bomb=True), (1,)),
    Case("art-truncated", _art_damaged, (1,)),
    Case("no-decks", _no_decks, (1,)),
    Case("csv-semicolon", _csv("semi.csv", extra=[["line one\nline \"two\"", "x"]])),
    Case("csv-utf16", _csv("wide.csv", delimiter="\t", encoding="utf-16")),
    Case("csv-cp1252", _csv("latin.csv", extra=[["Caf\u00e9"]], encoding="cp1252")),
    Case("csv-hostile-name", _csv_hostile),
    Case("csv-undecodable-name", _csv_undecodable_name),
    Case("csv-nul", _csv_bytes("nul.csv", b"Name,Qty\nA\x00B,1\n"), (2,)),
    Case("csv-unclosed-quote", _csv_bytes("open.csv", b'Name,Qty\n"A,1\nB,2\n')),
    Case("csv-long-cell", _csv_bytes("long.csv", b"Name\n" + b"x" * 40_000 + b"\n"), (2,)),
    Case("csv-wide-row", _csv_bytes("wide.csv", b"Name,Qty\n" + b"ab," * 20_000 + b"\n"), (2,)),
    Case("csv-long-line", _csv_bytes("line.csv", b"Name,Qty\n" + b"ab," * 140_000 + b"\n"),
         (2,)),
)
"""Every class of bad input, in the order the corpus runs them."""
