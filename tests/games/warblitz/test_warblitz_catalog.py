"""Catalog sheets (`Units`, `Events`, `Relics`): each row rule passes and fails, and every
problem is located at the catalog's own cell, even when the catalog is a separate file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import errors_of, make_xlsx, rules_of, tiny_png
from toolkit.core.registry import ValidateRequest
from toolkit.games.warblitz import GAME, read_catalog
from toolkit.games.warblitz.template import EXAMPLE_WARBAND_NAME, example_sheets

Sheets = dict[str, list[list[Any]]]


def set_cell(sheets: Sheets, sheet: str, name: str, header: str, value: Any) -> int:
    """Set one cell of the row named `name`; returns the Excel row number."""
    rows = sheets[sheet]
    col = rows[0].index(header)
    for i, row in enumerate(rows[1:], 2):
        if row[0] == name:
            row[col] = value
            return i
    raise KeyError(name)


def split(tmp_path: Path, mutate: Callable[[Sheets], Any] | None = None) -> tuple[Path, Path]:
    """The template's catalog as its own file (maybe mutated) and its warband as another."""
    sheets = example_sheets()
    if mutate:
        mutate(sheets)
    warband = sheets.pop(EXAMPLE_WARBAND_NAME)
    cat = make_xlsx(tmp_path / "cat.xlsx", sheets)
    deck = make_xlsx(tmp_path / "band.xlsx", {"Band": warband})
    return cat, deck


def run(tmp_path: Path, mutate: Callable[[Sheets], Any] | None = None):
    """Validate the warband against the (mutated) separate catalog."""
    cat, deck = split(tmp_path, mutate)
    return GAME.validate(ValidateRequest(deck, catalog=cat))


def catalog_problems(result):
    """The catalog's problems (the catalog result comes first)."""
    first = result.decks[0]
    return first.report.problems if first.kind == "catalog" else []


def one(result, rule: str):
    """The one problem of a rule."""
    found = [p for d in result.decks for p in d.report.problems if p.rule == rule]
    assert len(found) == 1, rules_of(result)
    return found[0]


def test_clean_catalog_is_not_listed(tmp_path):
    """A separate catalog without problems adds nothing to a warband's report."""
    result = run(tmp_path)
    assert result.valid and [d.kind for d in result.decks] == ["deck"]


def test_problem_is_located_at_the_catalog_cell(tmp_path):
    """Component Overview, Unit Card: "Health points" — HP is 1 or more; the problem is
    reported at the catalog's own file, sheet and cell."""
    result = run(tmp_path, lambda s: set_cell(s, "Units", "Bannerblade", "HP", 0))
    p = one(result, "warblitz.unit.hp")
    assert p.location.to_json() == {"file": p.location.file, "sheet": "Units", "row": 3,
                                    "column": "F", "cell": "F3"}
    assert p.location.file.endswith("cat.xlsx")
    assert p.message == "HP must be 1 or more, got 0"
    assert result.decks[0].kind == "catalog" and not result.decks[0].valid
    # The warband naming it is told why, at its own cell.
    q = one(result, "warblitz.warband.invalid-card")
    assert q.location.sheet == "Band" and q.location.cell == "A3"
    assert "has errors in the catalog" in q.message


@pytest.mark.parametrize(("header", "value", "ok"), [
    ("HP", 1, True), ("HP", 0, False), ("HP", "x", False),
    ("STR", 1, True), ("STR", 0, False), ("STR", None, False),
    ("Cost", 0, True), ("Cost", -1, False), ("Cost", 2.5, False), ("Cost", None, False),
])
def test_numbers(tmp_path, header, value, ok):
    """Component Overview: a unit card has "Cost", "Health points" and STR; costs are 0 or
    more, HP and STR 1 or more (decision: the card shows HP:00 and STR:0 as counts)."""
    result = run(tmp_path, lambda s: set_cell(s, "Units", "Spear Recruit", header, value))
    rule = f"warblitz.unit.{header.lower()}"
    if ok:
        assert result.valid
    else:
        assert one(result, rule).location.cell.endswith("6")


@pytest.mark.parametrize(("cls", "attack", "ok"), [
    ("Melee", "MEL", True), ("Melee", "RNG", False),
    ("Ranged", "RNG", True), ("Ranged", "MEL", False),
    ("Special", "MEL", True), ("Special", "RNG", True),
])
def test_class_and_attack_agree(tmp_path, cls, attack, ok):
    """Attacking: "Melee units (MEL) can target any adjacent card. Ranged units (RNG) can
    target any card up to 3 clear straight spaces away." A Special unit may be either."""
    def mutate(s: Sheets) -> None:
        set_cell(s, "Units", "Field Medic", "Class", cls)
        set_cell(s, "Units", "Field Medic", "Attack", attack)

    cat, _ = split(tmp_path, mutate)
    catalog, report = read_catalog(cat)
    assert report.valid is ok
    if not ok:
        (p,) = report.problems
        assert (p.rule, p.location.cell) == ("warblitz.unit.class-attack", "H8")
        assert p.message == f"a {cls} unit attacks {'MEL' if cls == 'Melee' else 'RNG'}, " \
                            f"got {attack}"
    # The unit is still usable in warbands (it has a class for the slots).
    assert catalog.get("Field Medic") is not None


def test_vocabularies_read_like_a_person(tmp_path):
    """Component Overview: "Unit - one of Common/Elite/Commander", "Attack type - one of
    Melee/Range"; the event & relic card's "Common/Elite" is read as Common/Epic."""
    def mutate(s: Sheets) -> None:
        set_cell(s, "Units", "Spear Recruit", "Rank", " common ")
        set_cell(s, "Units", "Sling Recruit", "Attack", "Range")
        set_cell(s, "Units", "Sling Recruit", "Class", "ranged")
        set_cell(s, "Events", "Rally Cry", "Tier", "Elite")

    cat, _ = split(tmp_path, mutate)
    catalog, report = read_catalog(cat)
    assert report.valid, report.problems
    assert catalog.get("sling recruit").attack == "RNG"
    assert catalog.get("Rally Cry").tier == "Epic"


@pytest.mark.parametrize(("header", "value", "message"), [
    ("Rank", "Boss", "Rank must be one of Common, Elite, Commander, got 'Boss'"),
    ("Class", "Mele", "Class must be one of Melee, Ranged, Special, got 'Mele' "
                      "(did you mean 'Melee'?)"),
    ("Attack", "Laser", "Attack must be one of MEL, RNG, got 'Laser'"),
])
def test_unit_vocabulary_errors(tmp_path, header, value, message):
    """Component Overview, Unit Card: the rank and attack type are fixed words."""
    result = run(tmp_path, lambda s: set_cell(s, "Units", "Spear Recruit", header, value))
    p = one(result, f"warblitz.unit.{header.lower()}")
    assert p.message == message and p.location.row == 6


def test_commander_class_is_free_but_elite_needs_one(tmp_path):
    """Warband Construction: "1 Commander" has its own slot, apart from the class slots of
    "3 Elite unit (1x MEL, 1x RNG, 1x Special)"."""
    assert run(tmp_path).valid  # the example Commander has no Class
    result = run(tmp_path, lambda s: set_cell(s, "Units", "Warden Ysolde", "Class", "Melee"))
    assert result.valid  # a Commander may name one; it fills no class slot
    result = run(tmp_path, lambda s: set_cell(s, "Units", "Hexwright", "Class", None))
    p = one(result, "warblitz.unit.class")
    assert p.location.cell == "D5"
    assert p.message == "Class is required for an Elite unit; one of Melee, Ranged, Special"


@pytest.mark.parametrize(("value", "active"), [
    ("yes", True), ("No", False), ("Y", True), ("n", False), ("TRUE", True),
    ("false", False), (1, True), (0, False), ("1", True), (True, True), (False, False),
    (None, False),
])
def test_active_yes_no(tmp_path, value, active):
    """Active Event Effects: "When playing an event with the ACTIVE keyword on it ..." —
    `Active` is a yes/no read like a person would."""
    cat, _ = split(tmp_path, lambda s: set_cell(s, "Events", "Quick March", "Active", value))
    catalog, report = read_catalog(cat)
    assert report.valid
    assert catalog.get("Quick March").active is active


def test_active_bad_word(tmp_path):
    """Active Event Effects: the ACTIVE keyword is there or not."""
    result = run(tmp_path, lambda s: set_cell(s, "Events", "Quick March", "Active", "maybe"))
    p = one(result, "warblitz.event.active")
    assert (p.location.sheet, p.location.cell) == ("Events", "G4")
    assert p.message == "Active must be yes or no, got 'maybe'"


def test_tier_errors(tmp_path):
    """Warband Construction: events and relics are Epic or Common."""
    result = run(tmp_path, lambda s: (set_cell(s, "Events", "Keen Edge", "Tier", "Rare"),
                                      set_cell(s, "Relics", "Spyglass", "Tier", None)))
    assert one(result, "warblitz.event.tier").location.cell == "C6"
    assert one(result, "warblitz.relic.tier").message == \
        "Tier is required; one of Common, Epic"


def test_duplicate_name_across_sheets_is_an_error_at_the_second(tmp_path):
    """A warband's `Card` column names any unit, event or relic: one name space."""
    result = run(tmp_path, lambda s: set_cell(s, "Relics", "Spyglass", "Name", " rally CRY"))
    p = one(result, "warblitz.catalog.duplicate-name")
    assert (p.location.sheet, p.location.cell) == ("Relics", "A4")
    assert "already used at Events A2" in p.message
    # The first stays; the warband now misses a Common Relic.
    assert "warblitz.warband.unknown-card" in rules_of(result)


def test_duplicate_name_within_a_sheet(tmp_path):
    """Names are unique (case-insensitive); the second row is left out."""
    def mutate(s: Sheets) -> None:
        s["Units"].append(list(s["Units"][5]))

    cat, _ = split(tmp_path, mutate)
    catalog, report = read_catalog(cat)
    assert report.rules() == ["warblitz.catalog.duplicate-name"]
    assert report.problems[0].location.cell == "A9"
    assert len(catalog.units) == 7


def test_blank_name(tmp_path):
    """Component Overview: "Name - the name of the unit" is required."""
    result = run(tmp_path, lambda s: set_cell(s, "Units", "Field Medic", "Name", None))
    assert one(result, "warblitz.unit.name").location.cell == "A8"


def test_missing_required_column_is_reported_once(tmp_path):
    """A catalog sheet needs its columns; rows are not read without them (one error)."""
    def mutate(s: Sheets) -> None:
        for row in s["Units"]:
            del row[5]  # HP

    cat, _ = split(tmp_path, mutate)
    catalog, report = read_catalog(cat)
    assert report.rules() == ["sheet.missing-column"]
    assert report.problems[0].location.sheet == "Units"
    assert catalog.units == []


def test_missing_sheet_is_a_warning(tmp_path):
    """Warband Construction needs relics; a catalog without a `Relics` sheet is warned."""
    cat, _ = split(tmp_path, lambda s: s.pop("Relics"))
    _, report = read_catalog(cat)
    assert report.rules() == ["warblitz.catalog.missing-sheet"]
    assert report.problems[0].severity == "warning"


def test_art_paths(tmp_path):
    """DESIGN.md: "resolve art paths inside the workbook's folder only"."""
    (tmp_path / "art").mkdir()
    tiny_png(tmp_path / "art" / "medic.png")

    def mutate(s: Sheets) -> None:
        set_cell(s, "Units", "Field Medic", "Art", "art/medic.png")
        set_cell(s, "Units", "Spear Recruit", "Art", "art/none.png")
        set_cell(s, "Units", "Sling Recruit", "Art", "../secret.png")

    cat, _ = split(tmp_path, mutate)
    catalog, report = read_catalog(cat)
    assert [(p.severity, p.rule, p.location.cell) for p in report.problems] == [
        ("warning", "warblitz.catalog.art-missing", "K6"),
        ("error", "warblitz.unit.art", "K7"),
    ]
    assert catalog.get("Field Medic").fields()["Art"] == (tmp_path / "art" / "medic.png").resolve()
    assert catalog.get("Spear Recruit").fields()["Art"] is None
    assert catalog.get("Sling Recruit").fields()["Art"] is None


def test_catalog_in_the_same_workbook(tmp_path):
    """FORMATS.md: sheets named in the game's catalog sheets are not decks."""
    path = make_xlsx(tmp_path / "all.xlsx", example_sheets())
    result = GAME.validate(ValidateRequest(path))
    assert [d.kind for d in result.decks] == ["catalog", "deck"]
    assert result.decks[1].name == EXAMPLE_WARBAND_NAME
    assert result.valid


def test_catalog_problems_do_not_stop_the_warbands(tmp_path):
    """Bad rows are reported and skipped, so one run shows every problem."""
    result = run(tmp_path, lambda s: (set_cell(s, "Units", "Field Medic", "STR", 0),
                                      set_cell(s, "Relics", "Whetstone", "Cost", "two")))
    assert errors_of(result)[:2] == ["warblitz.unit.str", "warblitz.relic.cost"]
    assert result.decks[-1].name == "Band"
