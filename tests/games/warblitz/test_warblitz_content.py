"""Bundled content, the template, `load_decks`, and the loader's edge cases for warbands
and catalog rows (Qty forms, numbers as text or float, unknown columns, unicode names).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.helpers import errors_of, make_xlsx, rules_of, tiny_png
from toolkit.core.registry import ValidateRequest
from toolkit.games.warblitz import GAME, LoadedDeck, load_decks, read_catalog
from toolkit.games.warblitz.models import Event, Relic, Unit
from toolkit.games.warblitz.template import EXAMPLE_WARBAND, example_sheets

CONTENT = GAME.content


def problems_of(result):
    """Every problem of a result."""
    return [p for d in result.decks for p in d.report.problems]


def test_registry_record():
    """The game's one registry record names its rulebook, sheets and bundled decks."""
    assert GAME.id == "warblitz" and GAME.rulebook.name == "rulebook.md"
    assert GAME.catalog_sheets == ("Units", "Events", "Relics", "Starts")
    assert GAME.bundled_paths() == [CONTENT / "warbands.xlsx"]
    assert GAME.load_decks is not None and "read_catalog" in GAME.extras


@pytest.mark.parametrize("name", ["catalog.xlsx", "warbands.xlsx"])
def test_bundled_content_is_clean(name):
    """Setup: "Each player chooses a faction deck": the bundled decks and their catalog
    hold no problem at all (not even a warning)."""
    result = GAME.validate(ValidateRequest(CONTENT / name))
    assert result.valid and problems_of(result) == []


def test_bundled_factions():
    """Two factions, each with a legal warband of its own cards."""
    catalog, _ = read_catalog()
    assert {c.faction for c in catalog.cards.values()} == {"Ashen Court", "Tidewardens"}
    result, decks = load_decks(ValidateRequest(CONTENT / "warbands.xlsx"))
    assert [d.name for d in decks] == ["Ashen Court", "Tidewardens"]
    for deck in decks:
        assert deck.valid and len(deck.cards) == 27
        assert {c.faction for c in deck.cards} == {deck.name}


def test_make_content_is_reproducible(tmp_path):
    """The bundled files are exactly what make_content.py writes."""
    spec = importlib.util.spec_from_file_location("warblitz_make_content",
                                                  CONTENT / "make_content.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    for name in ("catalog.xlsx", "warbands.xlsx"):
        assert (tmp_path / name).read_bytes() == (CONTENT / name).read_bytes()


def test_template_validates_clean_with_help_and_dropdowns(tmp_path):
    """`write_template`: catalog sheets with header comments and dropdowns, plus one
    example warband that is legal against the template's own catalog."""
    from openpyxl import load_workbook

    path = tmp_path / "t.xlsx"
    GAME.write_template(path)
    result = GAME.validate(ValidateRequest(path))
    assert result.valid and problems_of(result) == []
    assert [d.kind for d in result.decks] == ["catalog", "deck"]
    wb = load_workbook(path)
    assert wb.sheetnames == ["Units", "Events", "Relics", "Starts", "Example Warband"]
    dropdowns = {ws.title: sorted(ws.cell(1, next(iter(dv.sqref.ranges)).min_col).value
                                  for dv in ws.data_validations.dataValidation)
                 for ws in wb.worksheets}
    assert dropdowns["Units"] == ["Attack", "Class", "Rank"]
    assert dropdowns["Events"] == ["Active", "Phase", "Tier"]
    assert dropdowns["Relics"] == ["Phase", "Tier"]
    assert [c.value for c in wb["Units"][1]][-2:] == ["Effect", "Art"]
    assert all(c.comment is not None for c in wb["Units"][1])


def test_load_decks_gives_cards_in_order_with_fields(tmp_path):
    """`load_decks`: each warband's validated cards, Qty expanded, with `fields()` keyed by
    spreadsheet header (Art absolute or None)."""
    path = make_xlsx(tmp_path / "t.xlsx", example_sheets())
    result, decks = load_decks(ValidateRequest(path))
    assert result.valid
    (deck,) = decks
    assert isinstance(deck, LoadedDeck) and deck.format == "standard"
    assert [c.name for c in deck.cards[:6]] == ["Warden Ysolde", "Bannerblade", "Longshot Ivo",
                                                "Hexwright", "Spear Recruit", "Spear Recruit"]
    assert len(deck.cards) == sum(q for _, q in EXAMPLE_WARBAND) == 27
    unit, event, relic = deck.cards[1], deck.cards[19], deck.cards[-1]
    assert isinstance(unit, Unit) and isinstance(event, Event) and isinstance(relic, Relic)
    assert unit.fields() == {"Name": "Bannerblade", "Faction": "Lantern Watch",
                             "Rank": "Elite", "Class": "Melee", "Cost": 4, "HP": 6, "STR": 3,
                             "Attack": "MEL", "Ability": "Taunt.", "Art": None}
    assert list(event.fields()) == ["Name", "Kind", "Faction", "Tier", "Cost", "Phase", "Ability",
                                    "Active", "Art"]
    assert relic.fields()["Name"] == "Spyglass"
    assert deck.catalog.get("spyglass") is relic


def test_load_decks_leaves_out_unknown_cards(tmp_path):
    """`load_decks` keeps the report; unknown names are left out of the cards."""
    sheets = example_sheets()
    sheets["Example Warband"].append(["Nobody", 1])
    result, (deck,) = load_decks(ValidateRequest(make_xlsx(tmp_path / "t.xlsx", sheets)))
    assert not result.valid and not deck.valid and len(deck.cards) == 27


# ---------------------------------------------------------------- loader edge cases

def with_warband(tmp_path, rows, header=("Card", "Qty")):
    """The example catalog with a warband sheet `W` of the given rows."""
    sheets = example_sheets()
    del sheets["Example Warband"]
    sheets["W"] = [list(header), *[list(r) for r in rows]]
    return GAME.validate(ValidateRequest(make_xlsx(tmp_path / "w.xlsx", sheets)))


@pytest.mark.parametrize(("qty", "message"), [
    (0, "Qty must be 1 or more, got 0"),
    (-1, "Qty must be 1 or more, got -1"),
    (2.5, "Qty must be a whole number, got 2.5"),
    ("x", "Qty must be a whole number, got 'x'"),
])
def test_bad_qty_is_located(tmp_path, qty, message):
    """FORMATS.md: `Qty` is a whole number, 1 or more; a bad one is an error at its cell."""
    rows = [(c, qty if c == "Whetstone" else q) for c, q in EXAMPLE_WARBAND]
    result = with_warband(tmp_path, rows)
    (p,) = [p for p in problems_of(result) if p.rule == "sheet.qty"]
    assert p.location.cell == "B15" and p.message.startswith(message)
    # the row is skipped: the Common Relic it held is missing, which follows from it
    assert errors_of(result) == ["sheet.qty"] and p.follows >= 1


@pytest.mark.parametrize("qty", ["4", 4.0, " 4 "])
def test_qty_as_text_or_float(tmp_path, qty):
    """FORMATS.md: numbers typed as text or stored as float are read as a person would."""
    rows = [(c, qty if q == 4 else q) for c, q in EXAMPLE_WARBAND]
    assert with_warband(tmp_path, rows).valid


def test_blank_qty_means_one_and_blank_rows_are_skipped(tmp_path):
    """FORMATS.md: `Qty` blank means 1; blank rows are skipped."""
    rows = [(c, None if q == 1 else q) for c, q in EXAMPLE_WARBAND]
    rows.insert(3, (None, None))
    assert with_warband(tmp_path, rows).valid


def test_unknown_column_is_warned_and_notes_are_not(tmp_path):
    """FORMATS.md: a column nobody reads is a warning, except `#…` and `Notes`."""
    rows = [(c, q, "x", "y", "z") for c, q in EXAMPLE_WARBAND]
    result = with_warband(tmp_path, rows, ("Card", "Qty", "Qyt", "# mine", "Notes"))
    assert result.valid
    (p,) = problems_of(result)
    assert (p.rule, p.severity, p.location.cell) == ("sheet.unknown-column", "warning", "C1")


def test_synonym_headers(tmp_path):
    """Documented synonyms: `Name` for `Card`, `Quantity` for `Qty`."""
    assert with_warband(tmp_path, EXAMPLE_WARBAND, (" name ", "QUANTITY")).valid


def test_missing_card_column(tmp_path):
    """A warband sheet needs its `Card` column: one error, not one per row."""
    result = with_warband(tmp_path, EXAMPLE_WARBAND, ("Cards?", "Qty"))
    assert errors_of(result) == ["sheet.missing-column"]


def test_formula_without_cached_value(tmp_path):
    """FORMATS.md: "A formula with no cached value is a clear error at that cell"."""
    rows = [(c, "=2+2" if c == "Field Medic" else q) for c, q in EXAMPLE_WARBAND]
    result = with_warband(tmp_path, rows)
    p = next(p for p in problems_of(result) if p.rule == "sheet.formula-no-value")
    assert p.location.cell == "B8"


def test_unicode_and_stray_spaces_in_catalog_names(tmp_path):
    """Names are matched case-insensitively with stray spaces ignored, unicode kept."""
    sheets = example_sheets()
    sheets["Units"][1][0] = "  Wärden\u00a0Ysolde  Ñ "
    sheets["Units"][5][4] = "1"      # Cost as text
    sheets["Units"][5][5] = 3.0      # HP as float
    sheets["Example Warband"][1][0] = "wärden ysolde ñ"
    sheets["Starts"][1][0] = "WÄRDEN YSOLDE Ñ"
    result = GAME.validate(ValidateRequest(make_xlsx(tmp_path / "u.xlsx", sheets)))
    assert result.valid, rules_of(result)
    catalog, _ = read_catalog(tmp_path / "u.xlsx")
    assert catalog.get("WÄRDEN YSOLDE Ñ").name == "Wärden Ysolde Ñ"
    assert catalog.get("Spear Recruit").cost == 1 and catalog.get("Spear Recruit").hp == 3


def test_catalog_only_file_needs_no_deck(tmp_path):
    """Validating a catalog file alone checks the catalog and nothing else."""
    sheets = example_sheets()
    del sheets["Example Warband"]
    result = GAME.validate(ValidateRequest(make_xlsx(tmp_path / "c.xlsx", sheets)))
    assert result.valid and [d.kind for d in result.decks] == ["catalog"]


def test_file_without_warbands_is_warned(tmp_path):
    """A file with no deck sheet (and no catalog) says so."""
    path = make_xlsx(tmp_path / "e.xlsx", {"#scratch": [["x"]]})
    result = GAME.validate(ValidateRequest(path))
    assert rules_of(result) == ["file.no-decks"]


def test_empty_sheet(tmp_path):
    """An empty warband sheet: a warning from the reader and one size error."""
    path = make_xlsx(tmp_path / "e.xlsx", {"Empty": []})
    assert rules_of(GAME.validate(ValidateRequest(path))) == ["sheet.empty",
                                                              "warblitz.warband.size"]


def test_fields_art_resolved_inside_the_folder(tmp_path):
    """DESIGN.md: art paths resolve inside the workbook's folder only."""
    (tmp_path / "a b").mkdir()
    tiny_png(tmp_path / "a b" / "x.png")
    sheets = example_sheets()
    sheets["Relics"][1][-1] = "a b/x.png"
    path = make_xlsx(tmp_path / "t.xlsx", sheets)
    catalog, report = read_catalog(path)
    assert report.valid
    art = catalog.get("Old Standard").fields()["Art"]
    assert art == (tmp_path / "a b" / "x.png").resolve() and art.is_absolute()
    assert isinstance(art, Path)
