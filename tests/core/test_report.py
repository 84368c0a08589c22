"""Root problems and what follows from them: `caused_by`, `because`, stand-ins, JSON."""

from __future__ import annotations

from toolkit.core.report import Location, Report

SHEET = Location("f.xlsx", "Units")


def test_problems_caused_by_a_root_are_counted_on_it_not_listed():
    report = Report()
    root = report.error("sheet.missing-column", "required column 'STR' is missing",
                        SHEET.at(1, "G"))
    for row in range(2, 5):
        report.error("x.required", "STR is required", SHEET.at(row), caused_by=root)
    report.warning("x.count", "short", SHEET, caused_by=root)
    assert report.problems == [root]
    assert root.follows == 4
    assert root.text == ("required column 'STR' is missing …and 4 problems that follow "
                         "from it")
    assert str(root).endswith("from it [sheet.missing-column]")
    # nothing is dropped from the counts a caller compares
    assert report.errors_so_far() == (4, 4)


def test_because_folds_everything_inside_the_block_only():
    report = Report()
    root = report.error("x.qty", "Qty must be a whole number", SHEET.at(2, "B"))
    with report.because(root):
        report.error("x.size", "too few", SHEET)
    report.error("x.other", "independent", SHEET.at(9))
    with report.because(None):  # no root: nothing changes
        report.error("x.more", "listed", SHEET)
    assert report.rules() == ["x.qty", "x.other", "x.more"]
    assert root.follows == 1 and root.text.endswith("…and 1 problem that follows from it")


def test_a_root_in_another_report_gets_one_stand_in_that_keeps_the_verdict():
    catalog, deck = Report(), Report()
    root = catalog.error("sheet.missing-column", "required column 'STR' is missing",
                         SHEET.at(1, "G"))
    deck_sheet = Location("f.xlsx", "Warband")
    with deck.because(root):
        deck.warning("x.mix", "mixes factions", deck_sheet)
        for row in range(2, 9):
            deck.error("x.unknown", "unknown card", deck_sheet.at(row, "A"))
    [stand_in] = deck.problems
    assert stand_in.severity == "error" and not deck.valid  # raised by what follows
    assert stand_in.follows == 8 and stand_in.caused_by == root.location
    assert stand_in.location == deck_sheet and root.follows == 0
    doc = stand_in.to_json()
    assert doc["follows"] == 8
    assert doc["caused_by"] == {"file": "f.xlsx", "sheet": "Units", "row": 1, "column": "G",
                                "cell": "G1"}
    assert doc["message"].endswith("…and 8 problems that follow from it")


def test_json_keeps_the_formats_keys_and_adds_only_when_needed():
    report = Report()
    plain = report.error("x.a", "plain", SHEET)
    assert set(plain.to_json()) == {"severity", "rule", "message", "location"}


def test_knock_on_root_prefers_a_header_slip():
    report = Report()
    mark = len(report.problems)
    report.error("x.cell", "bad cell", SHEET.at(3, "C"))
    assert report.knock_on_root(mark, explained=False) is None
    assert report.knock_on_root(mark, explained=True) is report.problems[0]
    slip = report.error("sheet.misspelled-column", "'Qtty' looks like 'Qty'", SHEET.at(1, "D"))
    assert report.knock_on_root(mark, explained=False) is slip
    assert report.first_error(1) is slip
