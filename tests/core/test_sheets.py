"""The spreadsheet layer: FORMATS.md's conventions, every edge case located."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tests.helpers import make_csv, make_xlsx
from toolkit.core.errors import InputError
from toolkit.core.report import Report
from toolkit.core.sheets import (
    Column,
    NameIndex,
    expand,
    open_workbook,
    read_table,
    split_file_arg,
    split_list,
    whole_number,
)

COLUMNS = [Column("Name", required=True), Column("Value", ("Val",)),
           Column("Types", multi=True)]


def table_of(tmp_path: Path, rows, name="deck.xlsx", sheet="Deck"):
    wb = open_workbook(make_xlsx(tmp_path / name, {sheet: rows}))
    report = Report()
    return read_table(wb.sheets[0], COLUMNS, report, qty=True), report


def test_header_is_first_nonempty_row_and_matches_case_insensitively(tmp_path):
    table, report = table_of(tmp_path, [[], [None, None], ["  NAME ", "val", "types"],
                                        ["Fox", 2, "Blade"]])
    assert report.problems == []
    assert [r.get("name") for r in table.rows] == ["Fox"]
    assert table.rows[0].location.row == 4
    assert table.rows[0].loc("value").cell == "B4"
    assert table.rows[0].loc("value").header == "val"


@pytest.mark.parametrize("qty,copies", [(None, 1), (3, 3), ("2", 2), (2.0, 2), (" 4 ", 4)])
def test_qty_forms_read_as_a_person_would(tmp_path, qty, copies):
    table, report = table_of(tmp_path, [["Name", "Qty"], ["Fox", qty]])
    assert report.problems == []
    assert len(expand(table.rows)) == copies


@pytest.mark.parametrize("qty", [0, -1, 2.5, "x", "2.5", "0"])
def test_bad_qty_is_a_located_error_and_the_row_is_skipped(tmp_path, qty):
    table, report = table_of(tmp_path, [["Name", "Qty"], ["Fox", qty], ["Owl", 1]])
    assert [p.rule for p in report.problems] == ["sheet.qty"]
    problem = report.problems[0]
    assert problem.severity == "error"
    loc = problem.location
    assert (Path(loc.file).name, loc.sheet, loc.row, loc.column, loc.header) == \
        ("deck.xlsx", "Deck", 2, "B", "Qty")
    assert str(loc).endswith("deck.xlsx › Deck › B2 (Qty)")
    assert [r.get("name") for r in expand(table.rows)] == ["Owl"]


@pytest.mark.parametrize("synonym", ["Quantity", "count", "COPIES"])
def test_qty_synonyms(tmp_path, synonym):
    table, report = table_of(tmp_path, [["Name", synonym], ["Fox", 2]])
    assert report.problems == [] and table.rows[0].qty == 2


def test_unknown_column_warned_but_notes_and_hash_ignored(tmp_path):
    _, report = table_of(tmp_path, [["Name", "Flavour", "Notes", "# mine"], ["Fox", 1, "x", "y"]])
    assert [(p.rule, p.severity) for p in report.problems] == [("sheet.unknown-column",
                                                                 "warning")]
    assert report.problems[0].location.cell == "B1"


def test_header_like_a_lacking_column_is_an_error_at_its_cell(tmp_path):
    """`Valeu` for `Value`: the column is not read, so the verdict cannot be valid."""
    table, report = table_of(tmp_path, [["Name", "Valeu", "Notes"], ["Fox", 1, "x"]])
    [p] = report.problems
    assert (p.rule, p.severity, p.location.cell) == ("sheet.misspelled-column", "error", "B1")
    assert p.message == ("'Valeu' (B1) looks like 'Value', so the column is not read; rename "
                         "it, or prefix it with '#' to keep it as a note")
    assert table.causes["value"] is p and table.skipped is None
    assert table.rows[0].cause("value") is p and table.rows[0].cause("name") is None


@pytest.mark.parametrize("header", ["#Valeu", "# Valeu", "Notes"])
def test_hash_prefixed_header_is_a_note(tmp_path, header):
    """The way out the message offers: a `#` header is a note, read by nobody, unreported."""
    table, report = table_of(tmp_path, [["Name", header], ["Fox", 1]])
    assert report.problems == [] and not table.has("value")


def test_header_like_a_column_the_sheet_has_stays_a_warning(tmp_path):
    """`Valeu` beside a real `Value` column is a stray column, not a slip for it."""
    _, report = table_of(tmp_path, [["Name", "Value", "Valeu"], ["Fox", 1, 2]])
    assert [(p.rule, p.severity) for p in report.problems] == [("sheet.unknown-column",
                                                                 "warning")]


def test_swapped_letters_are_a_slip(tmp_path):
    _, report = table_of(tmp_path, [["Nmae", "Qyt"], ["Fox", 1]])
    assert [(p.rule, p.location.cell) for p in report.problems] == [
        ("sheet.missing-column", "A1"), ("sheet.misspelled-column", "B1")]


def test_missing_required_column_is_one_error_naming_the_nearest_header(tmp_path):
    table, report = table_of(tmp_path, [["Value", "Title"], [1, "Fox"], [2, "Owl"]])
    assert [p.rule for p in report.problems] == ["sheet.unknown-column", "sheet.missing-column"]
    p = report.problems[1]
    assert (p.rule, p.severity, p.location.row, p.location.cell) == (
        "sheet.missing-column", "error", 1, None)
    assert p.message == "required column 'Name' is missing; the nearest header is 'Title' (B1)"
    assert table.skipped is p


def test_misspelled_required_column_is_one_error_at_its_cell(tmp_path):
    table, report = table_of(tmp_path, [["Nme", "Value"], ["Fox", 1]])
    [p] = report.problems
    assert (p.rule, p.severity, p.location.cell) == ("sheet.missing-column", "error", "A1")
    assert "required column 'Name' is missing: 'Nme' (A1) looks like 'Name'" in p.message
    assert table.skipped is p


def test_blank_rows_skipped_and_unicode_and_spaces_cleaned(tmp_path):
    table, report = table_of(tmp_path, [["Name", "Types"], ["\u00a0Cafe\u0301 Fox  ", " Blade ;Armor, "],
                                        [None, None], ["  ", ""], ["Owl", None]])
    assert report.problems == []
    assert [r.get("name") for r in table.rows] == ["Café Fox", "Owl"]
    assert table.rows[0].get("types") == ["Blade", "Armor"]
    assert table.rows[1].get("types") == []


def test_numbers_stored_as_text_or_float(tmp_path):
    table, _ = table_of(tmp_path, [["Name", "Value"], ["A", "3"], ["B", 3.0], ["C", 2.5]])
    assert [r.get("value") for r in table.rows] == ["3", 3, 2.5]
    assert whole_number("3") == whole_number(3.0) == whole_number(" 3 ") == 3
    for bad in (2.5, "2.5", "x", "", True):
        with pytest.raises(ValueError):
            whole_number(bad)


def test_formula_with_cached_value_is_read(tmp_path):
    path = make_xlsx(tmp_path / "f.xlsx", {"Deck": [["Name", "Value"], ["Fox", 2]]})
    # openpyxl cannot store a cached value; write one into the XML by hand.
    with zipfile.ZipFile(path) as zin:
        items = {i.filename: zin.read(i.filename) for i in zin.infolist()}
    sheet = items["xl/worksheets/sheet1.xml"]
    sheet = sheet.replace(b'<c r="B2" t="n"><v>2</v></c>', b'<c r="B2"><f>1+1</f><v>2</v></c>')
    assert b"<f>1+1</f>" in sheet
    items["xl/worksheets/sheet1.xml"] = sheet
    with zipfile.ZipFile(path, "w") as zout:
        for name, data in items.items():
            zout.writestr(name, data)
    report = Report()
    table = read_table(open_workbook(path).sheets[0], COLUMNS, report)
    assert report.problems == []
    assert table.rows[0].get("value") == 2


def test_formula_without_cached_value_is_an_error_at_its_cell(tmp_path):
    table, report = table_of(tmp_path, [["Name", "Value"], ["Fox", "=1+1"], ["Owl", 1]])
    assert [p.rule for p in report.problems] == ["sheet.formula-no-value"]
    assert report.problems[0].location.cell == "B2"
    assert [r.get("name") for r in table.rows] == ["Owl"]


def test_empty_sheet_is_a_warning(tmp_path):
    table, report = table_of(tmp_path, [])
    assert table.rows == [] and [p.rule for p in report.problems] == ["sheet.empty"]


def test_several_sheets_in_order(tmp_path):
    wb = open_workbook(make_xlsx(tmp_path / "w.xlsx", {"A": [["Name"]], "B": [["Name"]]}))
    assert wb.names() == ["A", "B"] and wb.sheet(" b ").name == "B"


def test_csv_is_one_sheet_named_by_file(tmp_path):
    wb = open_workbook(make_csv(tmp_path / "Swarm.csv", [["Name", "Value"], ["Fox", "2"]]))
    assert wb.names() == ["Swarm"]
    table = read_table(wb.sheets[0], COLUMNS, Report())
    assert table.rows[0].loc("value").cell == "B2"


def test_csv_semicolon_delimited(tmp_path):
    wb = open_workbook(make_csv(tmp_path / "d.csv", [["Name", "Value"], ["Fox", "2"]], ";"))
    assert read_table(wb.sheets[0], COLUMNS, Report()).rows[0].get("value") == "2"


def test_file_sheet_argument():
    assert split_file_arg("teams.xlsx#Sun") == (Path("teams.xlsx"), "Sun")
    assert split_file_arg("teams.xlsx") == (Path("teams.xlsx"), None)
    assert split_file_arg("dir#1/teams.xlsx") == (Path("dir#1/teams.xlsx"), None)


def test_split_list():
    assert split_list("Blade; Armor ,Holy") == ["Blade", "Armor", "Holy"]
    assert split_list(None) == []


def test_name_index_case_insensitive_with_suggestion():
    index = NameIndex()
    assert index.add("Ember Fox", 1)
    assert not index.add("ember fox", 2)
    assert index.get(" EMBER FOX ") == 1
    assert "did you mean 'Ember Fox'" in index.suggest("Ember Fax")


@pytest.mark.parametrize("content,fragment", [
    (b"", "empty"),
    (b"hello, this is text", "not a spreadsheet"),
    (b"PK\x03\x04" + b"\x00" * 40, "truncated or damaged"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, "encrypted"),
])
def test_unreadable_files_raise_one_clear_error(tmp_path, content, fragment):
    path = tmp_path / "bad.xlsx"
    path.write_bytes(content)
    with pytest.raises(InputError, match=fragment):
        open_workbook(path)


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(InputError, match="not found"):
        open_workbook(tmp_path / "nope.xlsx")
    with pytest.raises(InputError, match="folder"):
        open_workbook(tmp_path)


def test_truncated_real_workbook(tmp_path):
    good = make_xlsx(tmp_path / "g.xlsx", {"A": [["Name"], ["Fox"]]}).read_bytes()
    bad = tmp_path / "t.xlsx"
    bad.write_bytes(good[: len(good) // 2])
    with pytest.raises(InputError):
        open_workbook(bad)


def test_zip_bomb_refused_before_opening(tmp_path):
    from toolkit.core.limits import Limits

    path = make_xlsx(tmp_path / "big.xlsx", {"A": [["Name"], ["x" * 5000]]})
    with pytest.raises(InputError, match="inflate"):
        open_workbook(path, Limits(inflated_bytes=1000))


def test_zip_that_is_not_a_workbook(tmp_path):
    path = tmp_path / "z.xlsx"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("hello.txt", "hi")
    with pytest.raises(InputError, match="not an .xlsx"):
        open_workbook(path)
