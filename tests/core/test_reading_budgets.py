"""Reading untrusted spreadsheets: every budget refuses with one sentence, and files that
are right (LibreOffice's empty results, Excel's semicolon CSV, dates, escapes) read as
they are."""

from __future__ import annotations

import datetime
import zipfile
from pathlib import Path

import pytest

from tests.helpers import make_csv, make_xlsx
from tests.hostile.corpus import lying_zip, members, patch_sheet, rename_sheets, write_members
from toolkit.core.errors import InputError
from toolkit.core.limits import Limits
from toolkit.core.report import Report
from toolkit.core.sheets import Column, open_workbook, read_table

COLUMNS = [Column("Name", required=True), Column("Value"), Column("Text")]


def deck(tmp_path: Path, rows=(("Name", "Value", "Text"), ("Fox", 2, "x"))) -> Path:
    return make_xlsx(tmp_path / "deck.xlsx", {"Deck": [list(r) for r in rows]})


def refused(path: Path, match: str, limits: Limits | None = None) -> str:
    with pytest.raises(InputError, match=match) as info:
        open_workbook(path, limits)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(path.name)) or path.name in message
    return message


# ---------------------------------------------------------------- budgets

def test_rows_past_the_budget_are_refused_naming_the_sheet(tmp_path):
    path = deck(tmp_path, [("Name",), *[(f"c{i}",) for i in range(30)]])
    assert "more than 20 filled rows (reached in sheet 'Deck')" in refused(path, "refused",
                                                                           Limits(rows=20))
    assert len(open_workbook(path, Limits(rows=31)).sheets[0].rows) == 31
    two = make_xlsx(tmp_path / "two.xlsx", {"A": [["Name"], *[["x"]] * 15],
                                            "B": [["Name"], *[["y"]] * 15]})
    assert "reached in sheet 'B'" in refused(two, "refused", Limits(rows=20))  # the whole file


def test_cells_count_up_to_each_rows_last_filled_cell(tmp_path):
    path = patch_sheet(deck(tmp_path), "Deck", lambda xml: xml.replace(
        "</sheetData>", '<row r="9"><c r="XFD9"><v>1</v></c></row></sheetData>'))
    refused(path, r"more than 10,000 cells \(reached at 'Deck'!XFD9\)", Limits(cells=10_000))
    assert open_workbook(path).sheets[0].rows[-1][1][-1] == 1  # 16,384 cells fit by default


def test_a_cell_longer_than_excel_allows_is_refused(tmp_path):
    path = deck(tmp_path, [("Name",), ("x" * 32_767,)])
    assert open_workbook(path).sheets[0].rows[1][1][0] == "x" * 32_767
    path = patch_sheet(path, "Deck", lambda xml: xml.replace("x" * 32_767, "x" * 32_768))
    refused(path, r"cell 'Deck'!A2 holds more than 32,767 characters")


def test_text_budget(tmp_path):
    path = deck(tmp_path, [("Name",), *[("y" * 1000,) for _ in range(20)]])
    refused(path, "more than 10,000 characters of text", Limits(text_chars=10_000))


def test_zip_claiming_gigabytes_is_refused_unread(tmp_path):
    refused(lying_zip(deck(tmp_path)), r"would inflate to 2,048 MB \(limit 200 MB\)")


def test_zip_with_too_many_parts(tmp_path):
    path = deck(tmp_path)
    parts = members(path)
    parts.update({f"junk/{i}": b"" for i in range(30)})
    refused(write_members(path, parts), "parts", Limits(zip_entries=20))


def test_file_size_budget(tmp_path):
    path = make_csv(tmp_path / "big.csv", [["Name"], *[["x" * 100] for _ in range(200)]])
    refused(path, "a card spreadsheet is far smaller", Limits(file_bytes=10_000))


@pytest.mark.parametrize("dtd", [
    '<!DOCTYPE lol [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>',
    '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    "<!DOCTYPE x>",
])
def test_xml_document_types_and_entities_are_refused_in_one_sentence(tmp_path, dtd):
    path = patch_sheet(deck(tmp_path), "Deck",
                       lambda xml: xml.replace("<worksheet", f"{dtd}<worksheet", 1))
    message = refused(path, "declares an XML document type or entities")
    assert "XML bombs" in message and message.endswith("LibreOffice")


def test_xml_depth_and_token_size(tmp_path):
    deep = patch_sheet(deck(tmp_path), "Deck", lambda xml: xml.replace(
        "</sheetData>", "</sheetData>" + "<x>" * 70 + "</x>" * 70))
    refused(deep, "nests XML more than 64 levels deep")
    wide = patch_sheet(deck(tmp_path), "Deck", lambda xml: xml.replace(
        "</sheetData>", f'<row r="9" a="{"A" * 300_000}"/></sheetData>'))
    refused(wide, "one XML tag or text longer than 64 kB", Limits(xml_token_bytes=64 * 1024))


def test_time_budget(tmp_path):
    refused(deck(tmp_path), "took longer than -1 seconds", Limits(seconds=-1))


# ---------------------------------------------------------------- damaged workbooks

def test_a_listed_sheet_whose_part_is_missing_is_a_damaged_file(tmp_path):
    path = make_xlsx(tmp_path / "two.xlsx", {"A": [["Name"], ["x"]], "B": [["Name"], ["y"]]})
    parts = members(path)
    del parts["xl/worksheets/sheet2.xml"]
    message = refused(write_members(path, parts), "damaged")
    assert "sheet 'B' is listed but its part xl/worksheets/sheet2.xml is missing" in message


def test_two_sheets_of_one_name_are_a_damaged_file(tmp_path):
    path = make_xlsx(tmp_path / "two.xlsx", {"A": [["Name"]], "B": [["Name"]]})
    refused(rename_sheets(path, {"B": "a"}), "two sheets are named 'a'")


@pytest.mark.parametrize("cell", ['<c r="A9" t="s"><v>7</v></c>', '<c r="A9" t="s"><v>x</v></c>',
                                  '<c r="9A"><v>1</v></c>', '<c r="XFE9"><v>1</v></c>'])
def test_cells_that_cannot_be_are_a_damaged_file(tmp_path, cell):
    path = patch_sheet(deck(tmp_path), "Deck",
                       lambda xml: xml.replace("</sheetData>", f'<row r="9">{cell}</row></sheetData>'))
    refused(path, "damaged")


def test_broken_xml_says_where(tmp_path):
    path = patch_sheet(deck(tmp_path), "Deck", lambda xml: xml.replace("</sheetData>", "<row>"))
    assert "xl/worksheets/sheet1.xml: mismatched tag" in refused(path, "damaged")


# ---------------------------------------------------------------- cells read as they are

def test_libreoffice_empty_formula_result_is_an_empty_cell(tmp_path):
    """LibreOffice stores a formula whose result is "" as t="str" with <v></v>."""
    path = patch_sheet(deck(tmp_path), "Deck", lambda xml: xml.replace(
        '<c r="C2" t="inlineStr"><is><t>x</t></is></c>',
        '<c r="C2" t="str"><f>IF(B2&gt;5,"big","")</f><v></v></c>'))
    report = Report()
    table = read_table(open_workbook(path).sheets[0], COLUMNS, report)
    assert report.problems == [] and table.rows[0].get("text") is None


def test_uncached_formula_is_still_located(tmp_path):
    """openpyxl writes a formula with no result as <v/> and no type: an error at its cell."""
    report = Report()
    path = deck(tmp_path, [("Name", "Value"), ("Fox", "=1+1")])
    read_table(open_workbook(path).sheets[0], COLUMNS, report)
    assert [(p.rule, p.location.cell) for p in report.problems] == [("sheet.formula-no-value", "B2")]


@pytest.mark.parametrize("stored,read", [("NaN", "'NaN'"), ("INF", "'INF'"), ("-inf", "'-inf'"),
                                          ("1e999", "'1e999'")])
def test_a_number_cell_that_is_no_number_is_one_located_sentence(tmp_path, stored, read):
    path = patch_sheet(deck(tmp_path), "Deck", lambda xml: xml.replace(
        '<c r="B2" t="n"><v>2</v></c>', f'<c r="B2" t="n"><v>{stored}</v></c>'))
    report = Report()
    table = read_table(open_workbook(path).sheets[0], COLUMNS, report, qty=False)
    assert table.rows[0].get("value") == stored
    from toolkit.core.sheets import whole_number

    with pytest.raises(ValueError, match=f"must be a whole number, got {read}"):
        whole_number(table.rows[0].get("value"))


def test_escaped_characters_dates_booleans_and_errors(tmp_path):
    path = patch_sheet(deck(tmp_path), "Deck", lambda xml: xml.replace(
        "</sheetData>",
        '<row r="3"><c r="A3" t="inlineStr"><is><t>a_x000D_b _x005F_x0041_</t></is></c>'
        '<c r="B3" t="b"><v>1</v></c><c r="C3" t="e"><v>#N/A</v></c>'
        '<c r="D3" t="d"><v>2024-05-01T00:00:00</v></c></row></sheetData>'))
    row = open_workbook(path).sheets[0].rows[-1][1]
    assert row == ("a\rb _x0041_", True, "#N/A", datetime.datetime(2024, 5, 1))


def test_shared_strings_and_styles_as_excel_writes_them(tmp_path):
    """A workbook with a shared string table (phonetic runs left out) and a date style."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Deck"
    ws.append(["Name", "When"])
    ws.append(["Fox", datetime.date(2024, 1, 2)])
    path = tmp_path / "s.xlsx"
    wb.save(path)
    parts = members(path)
    parts["xl/sharedStrings.xml"] = (
        b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1">'
        b'<si><r><t>Ki</t></r><r><t>tsune</t></r><rPh sb="0" eb="1"><t>KI</t></rPh></si></sst>')
    rels = parts["xl/_rels/workbook.xml.rels"].decode().replace(
        "</Relationships>", '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/'
        'officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
        "</Relationships>")
    parts["xl/_rels/workbook.xml.rels"] = rels.encode()
    parts["xl/worksheets/sheet1.xml"] = parts["xl/worksheets/sheet1.xml"].replace(
        b'<c r="A2" t="inlineStr"><is><t>Fox</t></is></c>', b'<c r="A2" t="s"><v>0</v></c>')
    rows = open_workbook(write_members(path, parts)).sheets[0].rows
    assert rows[1][1] == ("Kitsune", datetime.datetime(2024, 1, 2))


def test_chart_sheets_are_not_decks(tmp_path):
    path = deck(tmp_path)
    parts = members(path)
    wbxml = parts["xl/workbook.xml"].decode().replace(
        "</sheets>", '<sheet name="Chart" sheetId="9" r:id="rId9"/></sheets>')
    parts["xl/workbook.xml"] = wbxml.encode()
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>", b'<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/'
        b'officeDocument/2006/relationships/chartsheet" Target="chartsheets/sheet1.xml"/>'
        b"</Relationships>")
    assert open_workbook(write_members(path, parts)).names() == ["Deck"]


# ---------------------------------------------------------------- CSV dialects

EXCEL_SEMICOLON = ('Name;Value;Text\r\nFox;2;"line one\r\nsays ""hi""; twice"\r\n'
                   'Owl;3;plain\r\n')


def test_excel_semicolon_csv_with_a_quoted_multiline_cell_holding_doubled_quotes(tmp_path):
    path = tmp_path / "semi.csv"
    path.write_bytes(EXCEL_SEMICOLON.encode("utf-8-sig"))
    comma = tmp_path / "comma.csv"
    comma.write_text(EXCEL_SEMICOLON.replace(";", ",").replace('" twice', '", twice'))
    semi_rows = open_workbook(path).sheets[0].rows
    assert semi_rows == [(1, ("Name", "Value", "Text")),
                         (2, ("Fox", "2", 'line one\r\nsays "hi"; twice')),
                         (3, ("Owl", "3", "plain"))]
    report = Report()
    table = read_table(open_workbook(path).sheets[0], COLUMNS, report)
    assert report.problems == [] and [r.get("name") for r in table.rows] == ["Fox", "Owl"]


def test_excel_sep_hint_tab_utf16_and_windows_1252(tmp_path):
    hinted = tmp_path / "hint.csv"
    hinted.write_text("sep=;\nName;Value\nFox,Jr;2\n")
    assert open_workbook(hinted).sheets[0].rows == [(1, ("Name", "Value")), (2, ("Fox,Jr", "2"))]
    wide = tmp_path / "wide.csv"
    wide.write_bytes("Name\tValue\nZoë\t2\n".encode("utf-16"))
    assert open_workbook(wide).sheets[0].rows[1] == (2, ("Zoë", "2"))
    latin = tmp_path / "latin.csv"
    latin.write_bytes("Name,Value\nCaf\u00e9,2\n".encode("cp1252"))
    assert open_workbook(latin).sheets[0].rows[1] == (2, ("Café", "2"))


def test_csv_rows_and_cells_are_budgeted_too(tmp_path):
    path = make_csv(tmp_path / "d.csv", [["Name"], *[[f"c{i}"] for i in range(30)]])
    refused(path, "more than 20 filled rows", Limits(rows=20))
    long = tmp_path / "long.csv"
    long.write_text("Name\n" + "x" * 40_000 + "\n")
    refused(long, "cell on row 2 holds more than 32,767 characters")
    nul = tmp_path / "nul.csv"
    nul.write_bytes(b"Name\nA\x00B\n")
    refused(nul, "is not a text CSV file")


def test_xlsx_reading_matches_openpyxl_on_the_bundled_content():
    """Our streaming reader gives the values openpyxl gives, on every bundled workbook."""
    import openpyxl

    from tests.helpers import ROOT

    for path in sorted((ROOT / "toolkit" / "games").glob("*/content/*.xlsx")):
        ours = open_workbook(path)
        theirs = openpyxl.load_workbook(path, read_only=True, data_only=True)
        for sheet, ws in zip(ours.sheets, theirs.worksheets, strict=True):
            assert sheet.name == ws.title
            expected = [(n, tuple(v)) for n, v in enumerate(ws.iter_rows(values_only=True), 1)
                        if any(x is not None for x in v)]
            trimmed = [(n, v[:max(i for i, x in enumerate(v, 1) if x is not None)])
                       for n, v in expected]
            assert sheet.rows == trimmed, (path, sheet.name)
        theirs.close()


def test_strict_and_renamed_parts_are_found_through_relationships(tmp_path):
    path = deck(tmp_path)
    parts = members(path)
    parts["xl/worksheets/deck-one.xml"] = parts.pop("xl/worksheets/sheet1.xml")
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"/xl/worksheets/sheet1.xml", b"worksheets/deck-one.xml")
    assert open_workbook(write_members(path, parts)).sheets[0].rows[1][1][0] == "Fox"
    with zipfile.ZipFile(path) as zf:
        assert "xl/worksheets/deck-one.xml" in zf.namelist()
