"""Reading what a careless or hostile user hands `pnp`, round 2 (issue 23): indexes and
numbers read by the file format's grammar, not Python's; characters no text can hold;
file names that are not UTF-8; damaged art; and budgets checked as the data streams, with
peak memory measured on a real `pnp` process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import make_csv, make_xlsx
from tests.hostile.corpus import damaged_png, patch_sheet, with_shared_strings
from tests.hostile.runner import run
from toolkit.core.art import art_file
from toolkit.core.errors import InputError
from toolkit.core.report import MAX_SAME, Location, Report
from toolkit.core.sheets import Column, open_workbook, read_table, whole_number

PNP = Path(sys.executable).with_name("pnp")
COLUMNS = [Column("Name", required=True), Column("Value")]


def deck(tmp_path: Path, name: str = "deck.xlsx") -> Path:
    """A one-sheet workbook: Name, Value; Fox, 2."""
    return make_xlsx(tmp_path / name, {"Deck": [["Name", "Value"], ["Fox", 2]]})


def with_row(path: Path, cells: str, row: int = 9) -> Path:
    """The deck with one more row of raw `<c>` cells."""
    return patch_sheet(path, "Deck", lambda xml: xml.replace(
        "</sheetData>", f'<row r="{row}">{cells}</row></sheetData>'))


def last_row(path: Path) -> tuple:
    """The values of the last filled row of the first sheet."""
    return open_workbook(path).sheets[0].rows[-1][1]


# ---------------------------------------------------------------- indexes and numbers

@pytest.mark.parametrize("cell", [
    '<c r="A9" s="\u00b2"><v>1</v></c>',         # str.isdigit() says yes, int() says no
    '<c r="A9" s="-1"><v>1</v></c>',
    '<c r="A9" t="s"><v>-1</v></c>',             # Python would read the last string
    '<c r="A9" t="s"><v>1_0</v></c>',
    '<c r="A9" t="s"><v>\u0661</v></c>',         # an Arabic-Indic one
])
def test_an_index_that_is_not_ascii_digits_is_a_damaged_file(tmp_path, cell):
    path = with_shared_strings(deck(tmp_path), [f"s{i}" for i in range(12)])
    with pytest.raises(InputError, match="damaged") as info:
        open_workbook(with_row(path, cell))
    assert "\n" not in str(info.value) and "'Deck'!A9" in str(info.value)


@pytest.mark.parametrize("number", ["1_0", "\u0661", "\u00b2"])
def test_a_row_numbered_otherwise_than_in_ascii_digits_is_a_damaged_file(tmp_path, number):
    path = patch_sheet(deck(tmp_path), "Deck", lambda xml: xml.replace(
        "</sheetData>", f'<row r="{number}"><c r="A9"><v>1</v></c></row></sheetData>'))
    with pytest.raises(InputError, match="has a row numbered"):
        open_workbook(path)


def test_a_shared_string_index_in_range_reads_its_string(tmp_path):
    path = with_shared_strings(deck(tmp_path), ["first", "last"])
    assert last_row(with_row(path, '<c r="A9" t="s"><v>0</v></c>')) == ("first",)


@pytest.mark.parametrize("stored,read", [
    ("10", 10), ("-3", -3), ("1e3", 1000.0), (".5", 0.5), ("2.", 2.0), (" 7 ", 7),
    ("1_0", "1_0"), ("1,000", "1,000"), ("\u0661", "\u0661"), ("0x10", "0x10"),
    ("NaN", "NaN"), ("INF", "INF"),
])
def test_number_cells_are_read_by_the_ooxml_grammar(tmp_path, stored, read):
    """xsd:double's digits, point and exponent; anything else stays text as written, so
    the game reports it at its cell instead of reading what Python's int would."""
    path = with_row(deck(tmp_path), f'<c r="B9" t="n"><v>{stored}</v></c>')
    value = last_row(path)[-1]
    assert value == read and type(value) is type(read)


@pytest.mark.parametrize("text,message", [
    ("1,000", "got '1,000': a thousands separator could be read as a decimal one; "
              "write 1000"),
    ("1.000", "write 1000"),
    ("-12,000,000", "write -12000000"),
    ("1_0", "must be a whole number, got '1_0'"),
    ("\uff11\uff10", "must be a whole number, got"),  # full-width digits
    ("\u00b2", "must be a whole number, got '\u00b2'"),
    ("2,5", "must be a whole number, got '2,5'"),
])
def test_whole_numbers_people_write_are_read_strictly(text, message):
    with pytest.raises(ValueError) as info:
        whole_number(text)
    assert message in str(info.value)


@pytest.mark.parametrize("text,number", [("1000", 1000), ("3,0", 3), ("3.0", 3), ("+4", 4),
                                         ("1e3", 1000), (" 12 ", 12), ("-0", 0)])
def test_whole_numbers_as_people_write_them(text, number):
    assert whole_number(text) == number


def test_a_quantity_with_a_thousands_separator_is_an_error_at_its_cell(tmp_path):
    path = make_csv(tmp_path / "d.csv", [["Name", "Qty"], ["Fox", "1,000"], ["Owl", "2"]])
    report = Report()
    table = read_table(open_workbook(path).sheets[0], COLUMNS, report, qty=True)
    assert [(p.rule, p.location.cell) for p in report.problems] == [("sheet.qty", "B2")]
    assert "write 1000" in report.problems[0].message
    assert [(r.get("name"), r.qty) for r in table.rows] == [("Owl", 2)]


# ---------------------------------------------------------------- characters and names

def test_a_lone_surrogate_reads_as_a_replacement_character_and_is_warned_at(tmp_path):
    path = with_shared_strings(deck(tmp_path), ["Owl_xDC00_", "ok _xFFFD_"])
    path = with_row(path, '<c r="A9" t="inlineStr"><is><t>Fox_xD800_</t></is></c>'
                          '<c r="B9" t="s"><v>0</v></c>')
    path = with_row(path, '<c r="A10" t="s"><v>1</v></c>'
                          '<c r="B10" t="inlineStr"><is><t>_xD83D__xDE00_</t></is></c>', 10)
    sheet = open_workbook(path).sheets[0]
    assert sheet.rows[-2][1] == ("Fox\ufffd", "Owl\ufffd")
    assert sheet.rows[-1][1] == ("ok \ufffd", "\U0001f600")  # a pair is one character
    report = Report()
    read_table(sheet, COLUMNS, report)
    assert [(p.rule, p.severity, p.location.cell) for p in report.problems] == [
        ("sheet.replaced-character", "warning", "A9"),
        ("sheet.replaced-character", "warning", "B9")]
    json.dumps([p.to_json() for p in report.problems]).encode()


def test_a_csv_file_name_that_is_not_utf8_names_its_deck_readably(tmp_path):
    good = make_csv(tmp_path / "x.csv", [["Name", "Value"], ["Fox", "2"]])
    path = Path(os.fsdecode(bytes(tmp_path) + b"/deck\xff.csv"))
    good.rename(path)
    workbook = open_workbook(path)
    assert workbook.sheets[0].name == "deck\ufffd"
    assert workbook.display.endswith("deck\ufffd.csv")
    (workbook.display + workbook.sheets[0].name).encode("utf-8")


# ---------------------------------------------------------------- CSV budgets as it streams

def test_a_csv_row_of_more_cells_than_excel_has_columns_is_refused(tmp_path):
    path = tmp_path / "wide.csv"
    path.write_text("Name,Value\n" + "a," * 20_000 + "\n")
    with pytest.raises(InputError, match=r"its row on line 2 has more than 16,384 cells"):
        open_workbook(path)


def test_delimiters_inside_quotes_are_no_cells(tmp_path):
    """A quoted cell may hold any number of delimiters, also across lines."""
    path = tmp_path / "quoted.csv"
    path.write_text('Name,Value\nFox,"' + "," * 20_000 + '"\nOwl,"a\n' + "," * 20_000
                    + '""b"\n')
    rows = open_workbook(path).sheets[0].rows
    assert [len(values) for _, values in rows] == [2, 2, 2]
    assert rows[2][1][1] == "a\n" + "," * 20_000 + '"b'


def test_a_csv_line_longer_than_the_text_budget_is_refused(tmp_path):
    from toolkit.core.limits import Limits

    path = tmp_path / "line.csv"
    path.write_text("Name,Value\n" + "abc," * 1_000 + "\n")
    with pytest.raises(InputError, match="its line 2 holds more than 2,000 characters"):
        open_workbook(path, Limits(text_chars=2_000))


# ---------------------------------------------------------------- reports stay short

def test_a_report_lists_a_hundred_of_a_kind_per_sheet_and_sums_up_the_rest():
    report = Report()
    for n in range(MAX_SAME + 150):
        report.warning("sheet.unknown-column", f"column {n}", Location("f.xlsx", "A", 1))
        report.warning("sheet.unknown-column", f"column {n}", Location("f.xlsx", "B", 1))
    report.error("sheet.qty", "bad", Location("f.xlsx", "A", 2))
    assert len(report.problems) == 2 * (MAX_SAME + 1) + 1
    summary = report.problems[2 * MAX_SAME]
    assert summary.more == 150 and "…and 150 more like this" in summary.message
    assert summary.location == Location("f.xlsx", "A")
    assert report.count("warning") == 2 * (MAX_SAME + 150) and report.count("error") == 1
    assert not report.would_list("warning", "sheet.unknown-column", Location("f.xlsx", "A"))
    assert report.would_list("warning", "sheet.unknown-column", Location("f.xlsx", "C"))


def test_what_a_step_added_is_known_once_its_kind_is_only_counted():
    """A card checked after its kind of error is folded into a summary line is still
    found invalid (Valiant Wars' check_card, Battle Gate's skipped rows)."""
    report = Report()
    for row in range(2, MAX_SAME + 3):
        report.error("g.card.cost", "bad", Location("f.xlsx", "Deck", row))
    errors, rows = report.errors_so_far()
    report.error("g.card.cost", "bad", Location("f.xlsx", "Deck", 500))
    assert len(report.problems) == MAX_SAME + 1  # the new error only adds to a count
    assert report.errors_so_far() == (errors + 1, rows + 1)


# ---------------------------------------------------------------- art

def test_truncated_art_is_an_error_at_its_cell_and_never_drawn(tmp_path):
    damaged_png(tmp_path / "cut.png")
    report = Report()
    loc = Location("d.xlsx", "Deck", 2, "F", "Art")
    assert art_file("cut.png", tmp_path, loc, report, "g.card.art", "g.card.art-missing") is None
    (problem,) = report.problems
    assert problem.severity == "error" and problem.location == loc
    assert "not a readable image" in problem.message


def test_truncated_jpeg_art_is_found_too(tmp_path):
    from PIL import Image

    from toolkit.render import art

    whole = tmp_path / "whole.jpg"
    Image.effect_noise((256, 256), 64).convert("RGB").save(whole, quality=90)
    assert art.pixel_size(whole) == (256, 256)
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(whole.read_bytes()[:3000])
    with pytest.raises(art.ArtProblem, match="not a readable image"):
        art.pixel_size(cut)


def test_print_draws_a_placeholder_for_truncated_art(tmp_path):
    """`validate` says the art is damaged; `print` draws the card without it (exit 1, as
    for any deck with an error), never an internal error."""
    from openpyxl import load_workbook

    from toolkit.core.registry import get_game

    path = tmp_path / "bg.xlsx"
    get_game("battlegate").write_template(path)
    wb = load_workbook(path)
    ws = wb["My Deck"]
    column = [c.value for c in ws[1]].index("Art") + 1
    ws.cell(row=2, column=column, value="cut.png")
    wb.save(path)
    damaged_png(tmp_path / "cut.png")
    assert run(["validate", "battlegate", path], tmp_path).exit_code == 1
    printed = run(["print", "battlegate", path, "-o", tmp_path / "out", "--no-contact"],
                  tmp_path)
    assert printed.exit_code == 1 and "not a readable image" in printed.stdout


# ---------------------------------------------------------------- peak memory of real runs

def peak(args: list) -> tuple[int, int, str]:
    """Run `pnp ARGS` in a fresh process: (exit code, its peak resident MB, stdout)."""
    script = ("import resource, subprocess, sys\n"
              "r = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
              "sys.stdout.write(r.stdout)\n"
              "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    done = subprocess.run([sys.executable, "-c", script, str(PNP), *map(str, args)],
                          capture_output=True, text=True, check=True)
    *out, last = done.stdout.rstrip("\n").split("\n")
    code, kb = map(int, last.split())
    return code, kb // 1024, "\n".join(out)


def test_a_csv_line_of_millions_of_cells_is_refused_before_they_are_made(tmp_path):
    """6.6 million cells on one line (20 MB): refused at the 16,385th, in little memory
    (reading them all took 400 MB)."""
    path = tmp_path / "cells.csv"
    path.write_bytes(b"Name,Qty\n" + b"ab," * 6_600_000 + b"\n")
    code, mb, _ = peak(["validate", "battlegate", path])
    assert code == 2 and mb < 200, mb


def test_a_full_width_header_on_many_sheets_gives_a_short_report(tmp_path):
    """Ten sheets with a 16,384-column header: 163,830 unknown columns, reported as a
    hundred per sheet and a summary line, in JSON of a few hundred kB."""
    from tests.hostile.corpus import members, write_members
    from toolkit.core.report import column_letter

    path = deck(tmp_path)
    cells = "".join(f'<c r="{column_letter(c)}1" t="inlineStr"><is><t>x{c}</t></is></c>'
                    for c in range(2, 16_385))
    path = patch_sheet(path, "Deck", lambda xml: xml.replace(
        '<c r="B1" t="inlineStr"><is><t>Value</t></is></c>', cells))
    parts = members(path)
    sheet = parts["xl/worksheets/sheet1.xml"]
    sheets = "".join(f'<sheet name="D{i}" sheetId="{i + 9}" r:id="rD{i}"/>' for i in range(9))
    rels = "".join(f'<Relationship Id="rD{i}" Type="http://schemas.openxmlformats.org/'
                   f'officeDocument/2006/relationships/worksheet" Target="worksheets/d{i}.xml"/>'
                   for i in range(9))
    parts.update({f"xl/worksheets/d{i}.xml": sheet for i in range(9)})
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(
        b"</sheets>", sheets.encode() + b"</sheets>")
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>", rels.encode() + b"</Relationships>")
    code, mb, out = peak(["validate", "battlegate", write_members(path, parts), "--json"])
    doc = json.loads(out)
    problems = [p for d in doc["decks"] for p in d["problems"]]
    assert code == 1 and mb < 300, mb
    assert len(doc["decks"]) == 10 and len(out) < 1_000_000
    assert len(problems) < 10 * (MAX_SAME + 5)
    assert sum("…and 16,283 more like this" in p["message"] for p in problems) == 10


def test_art_just_under_the_pixel_limit_is_validated_whole_in_bounded_memory(tmp_path):
    from openpyxl import load_workbook
    from PIL import Image

    from toolkit.core.registry import get_game

    Image.new("RGB", (4_999, 5_000), (200, 30, 30)).save(tmp_path / "big.png")
    path = tmp_path / "bg.xlsx"
    get_game("battlegate").write_template(path)
    wb = load_workbook(path)
    ws = wb["My Deck"]
    ws.cell(row=2, column=[c.value for c in ws[1]].index("Art") + 1, value="big.png")
    wb.save(path)
    code, mb, _ = peak(["validate", "battlegate", path])
    assert code == 0 and mb < 300, mb



def test_art_beyond_print_resolution_is_reduced_before_it_is_drawn(tmp_path):
    from PIL import Image

    from toolkit.render import art

    Image.new("P", (6_000, 3_000)).save(tmp_path / "wide.png")
    Image.new("RGB", (600, 300)).save(tmp_path / "small.png")
    Image.new("RGB", (6_000, 3_000)).save(tmp_path / "photo.jpg")
    assert art.printable(tmp_path / "wide.png").size == (3_000, 1_500)
    assert art.printable(tmp_path / "photo.jpg").size == (3_000, 1_500)  # decoded at 1/2
    assert art.for_pdf(tmp_path / "small.png") == str(tmp_path / "small.png")
    assert art.for_pdf(tmp_path / "photo.jpg") == str(tmp_path / "photo.jpg")  # embedded as is
    assert art.for_pdf(tmp_path / "wide.png").getSize() == (3_000, 1_500)


def test_printing_art_just_under_the_pixel_limit_stays_in_bounded_memory(tmp_path):
    """25 million pixels of PNG art took 425 MB to print; reduced to the print
    resolution first, it takes half that."""
    from openpyxl import load_workbook
    from PIL import Image

    from toolkit.core.registry import get_game

    Image.new("RGB", (4_999, 5_000), (30, 30, 200)).save(tmp_path / "big.png")
    path = tmp_path / "bg.xlsx"
    get_game("battlegate").write_template(path)
    wb = load_workbook(path)
    ws = wb["My Deck"]
    ws.cell(row=2, column=[c.value for c in ws[1]].index("Art") + 1, value="big.png")
    wb.save(path)
    code, mb, _ = peak(["print", "battlegate", path, "-o", tmp_path / "out", "--no-contact"])
    assert code == 0 and mb < 300, mb
