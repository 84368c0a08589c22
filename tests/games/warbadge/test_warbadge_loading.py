"""WarBadge loading: sheet edge cases, art paths, bundled content, template, load_decks."""

from __future__ import annotations

import importlib.util
import unicodedata
from importlib.metadata import entry_points

import pytest

from tests.helpers import ROOT, errors_of, make_csv, make_xlsx, rules_of, tiny_png
from toolkit.core.registry import ValidateRequest
from toolkit.games.warbadge import GAME
from toolkit.games.warbadge.deck import BUILTIN_FORMATS, Format, load_decks
from toolkit.games.warbadge.models import ABILITIES, DEFAULT_TYPES

HEADER = ["Name", "Rank", "Value", "Types", "Strengths", "Weaknesses", "Abilities", "Text", "Art"]
BADGES = [
    ["Gold Three", "Gold", 3, "Blade, Armor", "", "", "", "", None],
    ["Silver Two", "Silver", 2, "Ranged", "", "", "", "", None],
    ["Bronze One", "Bronze", 1, "Stealth", "", "", "", "", None],
]
STANDARD = [["Badge", "Qty"], ["Gold Three", 1], ["Silver Two", 2], ["Bronze One", 3]]


def run(tmp_path, team, badges=None, fmt=None):
    """Validate one team sheet beside a small catalog."""
    path = make_xlsx(tmp_path / "wb.xlsx", {"Badges": [HEADER, *(badges or BADGES)],
                                            "Team": team})
    return GAME.validate(ValidateRequest(path, None, None, fmt))


def problems(result, rule):
    """The problems of one rule id."""
    return [p for d in result.decks for p in d.report.problems if p.rule == rule]


# ---------------------------------------------------------------- sheet edge cases

@pytest.mark.parametrize("qty", [0, -1, 2.5, "x"])
def test_bad_qty_is_a_located_error(tmp_path, qty):
    """`Qty` is a whole number >= 1 (FORMATS.md); a bad one is reported at its cell."""
    team = [["Badge", "Qty"], ["Gold Three", 1], ["Silver Two", 2], ["Bronze One", qty]]
    result = run(tmp_path, team)
    [p] = problems(result, "sheet.qty")
    assert (p.location.sheet, p.location.cell, p.location.header) == ("Team", "B4", "Qty")


@pytest.mark.parametrize("qty", ["3", 3.0, " 3 "])
def test_qty_as_text_or_float_is_read(tmp_path, qty):
    """Numbers typed as text or stored as float are read as a person reads them."""
    team = [["Badge", "Quantity"], ["Gold Three", "1"], ["Silver Two", 2.0], ["Bronze One", qty]]
    assert run(tmp_path, team).valid


def test_numbers_as_text_and_float_in_catalog(tmp_path):
    """Value '3' and 2.0 in the catalog are 3 and 2."""
    badges = [["Gold Three", "Gold", "3", "Blade", "", "", "", "", None],
              ["Silver Two", "Silver", 2.0, "Ranged", "", "", "", "", None],
              ["Bronze One", "Bronze", " 1 ", "Stealth", "", "", "", "", None]]
    assert run(tmp_path, STANDARD, badges).valid


def test_unknown_column_is_warned_and_designer_columns_are_not(tmp_path):
    """A column nobody reads is a warning naming it, except `#...` and `Notes`."""
    team = [["Badge", "Qty", "Colour", "# mine", "Notes"], ["Gold Three", 1, "x", "y", "z"],
            ["Silver Two", 2], ["Bronze One", 3]]
    result = run(tmp_path, team)
    assert result.valid
    [p] = problems(result, "sheet.unknown-column")
    assert p.location.cell == "C1" and "Colour" in p.message


def test_misspelt_catalog_column_is_one_error_at_its_cell(tmp_path):
    """`Valeu` for `Value`: the required column is missing, one error at the slip's cell;
    the team's problems follow from it (counted on a stand-in, not listed one by one)."""
    header = [*HEADER[:2], "Valeu", *HEADER[3:]]
    path = make_xlsx(tmp_path / "wb.xlsx", {"Badges": [header, *BADGES], "Team": STANDARD})
    result = GAME.validate(ValidateRequest(path))
    assert problems(result, "sheet.unknown-column") == []
    [root, stand_in] = problems(result, "sheet.missing-column")
    assert root.location.cell == "C1" and "'Valeu' (C1) looks like 'Value'" in root.message
    assert stand_in.location.sheet == "Team" and stand_in.caused_by == root.location
    assert stand_in.follows >= 1 and errors_of(result) == ["sheet.missing-column"] * 2


def test_a_team_is_never_valid_against_a_catalog_that_lost_a_column(tmp_path):
    """`Abilites` for the optional `Abilities`: the team finds nothing wrong itself, but
    its badges' abilities were never read, so it is not "valid" (issue: "the verdict can
    never be valid while a column the designer meant was dropped")."""
    header = [*HEADER[:6], "Abilites", *HEADER[7:]]
    path = make_xlsx(tmp_path / "wb.xlsx", {"Badges": [header, *BADGES], "Team": STANDARD})
    result = GAME.validate(ValidateRequest(path))
    [root, stand_in] = problems(result, "sheet.misspelled-column")
    assert "'Abilites' (G1) looks like 'Abilities'" in root.message
    assert stand_in.location.sheet == "Team" and stand_in.caused_by == root.location
    assert not any(deck.report.valid for deck in result.decks)


def test_unicode_and_stray_spaces_in_names(tmp_path):
    """Names match case-insensitively, NFC-normalised, with stray spaces ignored."""
    badges = [["Épée Wölf", "Gold", 3, "Blade", "", "", "", "", None], *BADGES[1:]]
    nfd = unicodedata.normalize("NFD", "  épée   WÖLF ")
    team = [["Badge", "Qty"], [nfd, 1], ["\u00a0silver two ", 2], ["Bronze One", 3]]
    assert run(tmp_path, team, badges).valid


def test_team_column_synonym_and_blank_rows(tmp_path):
    """`Name` is read as `Badge`; blank rows are skipped."""
    team = [["Name"], ["Gold Three"], [None], ["Silver Two"], ["Silver Two"], [""],
            ["Bronze One"], ["Bronze One"], ["Bronze One"]]
    assert run(tmp_path, team).valid


def test_team_row_without_badge_and_missing_badge_column(tmp_path):
    """A team row must name a badge; a team sheet needs its Badge column."""
    team = [["Badge", "Qty"], [None, 2], *STANDARD[1:]]
    [p] = problems(run(tmp_path, team), "warbadge.team.badge")
    assert p.location.cell == "A2"
    assert errors_of(run(tmp_path, [["Card"], ["Gold Three"]])) == ["sheet.missing-column"]


def test_formula_without_cached_value_is_located(tmp_path):
    """A formula with no cached value is a clear error at its cell."""
    team = [["Badge", "Qty"], ["Gold Three", 1], ["Silver Two", "=1+1"], ["Bronze One", 3]]
    [p] = problems(run(tmp_path, team), "sheet.formula-no-value")
    assert p.location.cell == "B3"


def test_csv_team_uses_the_bundled_catalog(tmp_path):
    """A CSV file is one deck named by its file name; the bundled catalog is the default."""
    path = make_csv(tmp_path / "sun.csv", [["Badge"], ["Sunforged Paladin"], ["Copper Lancer"],
                                           ["Lantern Priest"], ["Tin Squire"],
                                           ["Candle Acolyte"], ["Reed Slinger"]], delimiter=";")
    result = GAME.validate(ValidateRequest(path))
    assert result.valid and [d.name for d in result.decks] == ["sun"]
    skirmish = make_csv(tmp_path / "dusk.csv", [["Badge"], ["Iron Warlord"], ["Cinder Hound"],
                                                ["Ashen Archer"], ["Rally Drummer"],
                                                ["Gutter Rat"]])
    result = GAME.validate(ValidateRequest(skirmish))
    assert result.valid and result.decks[0].format == "skirmish"


# ---------------------------------------------------------------- art

def test_art_inside_outside_and_missing(tmp_path):
    """Art is an image path relative to the workbook, resolved inside its folder only."""
    (tmp_path / "art").mkdir()
    tiny_png(tmp_path / "art" / "gold.png")
    badges = [[*BADGES[0][:8], "art/gold.png"], [*BADGES[1][:8], "../secret.png"],
              [*BADGES[2][:8], "art/none.png"]]
    path = make_xlsx(tmp_path / "wb.xlsx", {"Badges": [HEADER, *badges], "Team": STANDARD})
    result, decks = load_decks(ValidateRequest(path))
    [outside] = problems(result, "warbadge.badge.art")
    [missing] = problems(result, "warbadge.badge.art-missing")
    assert (outside.location.cell, missing.location.cell) == ("I3", "I4")
    assert missing.severity == "warning"
    catalog = decks[0].catalog
    assert catalog.badge("gold three").fields()["Art"] == (tmp_path / "art" / "gold.png").resolve()
    assert catalog.badge("Bronze One").fields()["Art"] is None
    assert catalog.badge("Silver Two") is None  # invalid row, kept out


# ---------------------------------------------------------------- bundled content

def test_bundled_content_validates_clean():
    """Every bundled team is valid, with no problem at all."""
    for path in GAME.bundled_paths():
        result = GAME.validate(ValidateRequest(path))
        assert result.valid and rules_of(result) == [], rules_of(result)


def test_bundled_content_covers_types_abilities_and_formats():
    """At least 20 badges using every type and ability; two standard and two quick teams."""
    result, decks = load_decks(ValidateRequest(GAME.bundled_paths()[0]))
    catalog = decks[0].catalog
    badges = list(catalog.badges.values())
    assert len(badges) >= 20
    assert {t for b in badges for t in b.types} == set(DEFAULT_TYPES)
    assert {a for b in badges for a in b.abilities} == set(ABILITIES)
    assert all(b.text and b.art is None for b in badges)
    by_format = [d.format.name for d in decks]
    assert by_format.count("standard") >= 2 and by_format.count("quick") >= 2
    assert catalog.format("skirmish") == Format("skirmish", 5, 1, 2, 2, 9, 2)
    assert GAME.formats(None) == ["standard", "quick", "skirmish"]


def test_make_content_reproduces_the_committed_file(tmp_path, monkeypatch, capsys):
    """toolkit/games/warbadge/content/badges.xlsx is exactly what make_content.py writes."""
    script = ROOT / "toolkit/games/warbadge/content" / "make_content.py"
    spec = importlib.util.spec_from_file_location("warbadge_make_content", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "OUT", tmp_path / "badges.xlsx")
    module.main()
    assert (tmp_path / "badges.xlsx").read_bytes() == GAME.bundled_paths()[0].read_bytes()


def test_template_validates_clean_with_help_and_dropdowns(tmp_path):
    """`pnp template warbadge` writes a starter workbook that validates clean."""
    from openpyxl import load_workbook

    path = tmp_path / "starter.xlsx"
    GAME.write_template(path)
    result = GAME.validate(ValidateRequest(path))
    assert result.valid and rules_of(result) == []
    wb = load_workbook(path)
    assert wb.sheetnames[:3] == ["Badges", "Types", "Formats"]
    ws = wb["Badges"]
    assert [c.value for c in ws[1]] == HEADER
    assert all(c.comment is not None and c.comment.text for c in ws[1])
    ranges = {str(dv.sqref) for dv in ws.data_validations.dataValidation}
    assert {"B2:B1000", "C2:C1000"} <= ranges


# ---------------------------------------------------------------- for print and play

def test_load_decks_gives_teams_in_order_with_qty_expanded():
    """LoadedDeck: name, Format, badges in sheet order with Qty expanded, catalog."""
    result, decks = load_decks(ValidateRequest(GAME.bundled_paths()[0]))
    assert result.valid
    moon = next(d for d in decks if d.name == "Moon")
    assert moon.valid and moon.format == BUILTIN_FORMATS["standard"]
    assert [b.name for b in moon.badges][-2:] == ["Gutter Rat", "Gutter Rat"]
    assert sum(b.value for b in moon.badges) == 10 and moon.cards == moon.badges
    fields = moon.badges[0].fields()
    assert list(fields) == HEADER
    assert isinstance(fields["Types"], list) and fields["Art"] is None
    assert set(moon.catalog.formats) == {"standard", "quick", "skirmish"}
    assert moon.catalog.symbols["Blade"] == "Bl"


def test_load_decks_marks_invalid_teams(tmp_path):
    """An invalid team is returned with valid=False (and the report says why)."""
    path = make_xlsx(tmp_path / "t.xlsx", {"Team": [["Badge"], ["Ember Fox"], ["Nobody"]]})
    result, [deck] = load_decks(ValidateRequest(path, format="quick"))
    assert not result.valid and not deck.valid
    assert [b.name for b in deck.badges] == ["Ember Fox"]


def test_entry_point_loads_this_game():
    """The `toolkit.games` entry point `warbadge` is this package's GAME."""
    [ep] = [e for e in entry_points(group="toolkit.games") if e.name == "warbadge"]
    assert ep.load() is GAME and GAME.load_decks is load_decks
