"""Commanders' starting layouts: the `Starts` sheet, validated at its cells, the default
layout, the warband check, and what the engine and the card back make of them.

Setup: "Each player places their commander, 2 starting units, and terrain on the
battlefield as shown on the back of their commander's card."
"""

from __future__ import annotations

import pytest

from tests.helpers import make_xlsx, rules_of
from toolkit.core.registry import ValidateRequest
from toolkit.games.warblitz import GAME, load_decks, read_catalog
from toolkit.games.warblitz.board import DEFAULT_START, StartLayout, layout_cells
from toolkit.games.warblitz.engine import WarblitzRules, params_from_loaded
from toolkit.games.warblitz.template import example_sheets
from toolkit.sim.harness import chance_stream


def _with_start(tmp_path, **values):
    sheets = example_sheets()
    header = sheets["Starts"][0]
    for column, value in values.items():
        sheets["Starts"][1][header.index(column.replace("_", " "))] = value
    return make_xlsx(tmp_path / "s.xlsx", sheets)


def test_template_layout_reaches_the_commander(tmp_path):
    """The template's Starts row becomes Warden Ysolde's layout."""
    catalog, report = read_catalog(make_xlsx(tmp_path / "t.xlsx", example_sheets()))
    assert report.problems == []
    start = catalog.get("Warden Ysolde").start
    assert start == StartLayout((2, 0), (("Common Melee", (1, 1)), ("Common Ranged", (3, 1))),
                                ((0, 2), (4, 2)))


@pytest.mark.parametrize(("values", "rule", "cell", "words"), [
    ({"Commander": "Warden Ysold"}, "warblitz.start.commander", "A2", "did you mean 'Warden Ysolde'"),
    ({"Commander": "Bannerblade"}, "warblitz.start.commander", "A2", "is not a Commander"),
    ({"Unit_1": "Spear Recruitt"}, "warblitz.start.unit-1", "C2", "did you mean 'Spear Recruit'"),
    ({"Unit_2": "Warden Ysolde"}, "warblitz.start.unit-2", "E2", "is a Commander"),
    ({"Space_1": "B5"}, "warblitz.start.space-1", "D2", "last 3 ranks"),
    ({"Space_2": "F1"}, "warblitz.start.space-2", "F2", "off the battlefield"),
    ({"Space_2": "x"}, "warblitz.start.space-2", "F2", "is not a space"),
    ({"Terrain": "A3, Q2"}, "warblitz.start.terrain", "G2", "off the battlefield"),
    ({"Space_2": "C1"}, "warblitz.start.overlap", "F2", "on the space of the commander"),
    ({"Terrain": "B2"}, "warblitz.start.overlap", "G2", "on the space of unit 1"),
    ({"Unit_1": "Elite Melee", "Unit_2": "elite melee"}, "warblitz.start.unit-2", "E2",
     "one Elite unit of each class"),
])
def test_bad_layouts_are_errors_at_their_cells(tmp_path, values, rule, cell, words):
    """Every space on the battlefield in the owner's last three ranks, one piece each;
    starting units that a warband can hold."""
    _, report = read_catalog(_with_start(tmp_path, **values))
    problems = [p for p in report.problems if p.severity == "error"]
    assert [(p.rule, p.location.cell) for p in problems] == [(rule, cell)]
    assert words in problems[0].message


def test_a_commander_has_one_layout(tmp_path):
    """A second row for the same commander is an error at its Commander cell."""
    sheets = example_sheets()
    sheets["Starts"].append(list(sheets["Starts"][1]))
    _, report = read_catalog(make_xlsx(tmp_path / "d.xlsx", sheets))
    assert [(p.rule, p.location.cell) for p in report.problems] == [
        ("warblitz.start.duplicate", "A3")]


def test_named_starting_units(tmp_path):
    """Starting units named by card: two Elites of the warband, two copies of a Common;
    one Elite twice is refused (a warband holds one of each class)."""
    path = _with_start(tmp_path, Unit_1="Hexwright", Unit_2="Longshot Ivo")
    assert GAME.validate(ValidateRequest(path)).valid
    path = _with_start(tmp_path, Unit_1="Spear Recruit", Unit_2="spear recruit")
    assert GAME.validate(ValidateRequest(path)).valid
    path = _with_start(tmp_path, Unit_1="Hexwright", Unit_2="Hexwright")
    assert rules_of(GAME.validate(ValidateRequest(path))) == ["warblitz.start.unit-2"]


def test_warband_missing_a_named_starting_unit(tmp_path):
    """Setup: the starting units come from the warband: one it lacks is an error."""
    sheets = example_sheets()
    header = sheets["Starts"][0]
    sheets["Units"].append(["Lone Scout", "Lantern Watch", "Common", "Melee", 1, 2, 2, "MEL",
                            None, None, None])
    sheets["Starts"][1][header.index("Unit 1")] = "Lone Scout"
    result = GAME.validate(ValidateRequest(make_xlsx(tmp_path / "m.xlsx", sheets)))
    assert rules_of(result) == ["warblitz.warband.start-unit"]
    problem = result.decks[-1].report.problems[0]
    assert problem.location.cell == "A2" and "Lone Scout" in problem.message


def test_default_layout_without_a_starts_row(tmp_path):
    """Ruling start: without a layout, C1, the Common Melee unit at B2, the Common Ranged
    unit at D2 and terrain at C3."""
    sheets = example_sheets()
    del sheets["Starts"]
    path = make_xlsx(tmp_path / "n.xlsx", sheets)
    catalog, _ = read_catalog(path)
    assert catalog.get("Warden Ysolde").start is None
    cells = catalog.get("Warden Ysolde").fields()
    assert (cells["C1"], cells["B2"], cells["D2"], cells["C3"]) == ("CMD", "U1", "U2", "TER")
    result, decks = load_decks(ValidateRequest(path))
    (deck,) = decks
    p = params_from_loaded([deck, deck])
    assert p.warbands[0].start == DEFAULT_START
    s = WarblitzRules().setup(p, chance_stream(1))
    g = s.game
    names = {g.label[s.board[i]] for i in (1, 2, 3, 6, 8, 12)}  # B1 C1 D1 B2 D2 C3 (P1)
    assert {"Warden Ysolde", "Spear Recruit", "Sling Recruit", "terrain"} <= names


def test_layout_cells_for_the_card_back():
    """The back of the commander's card: its three ranks as its owner names them."""
    cells = layout_cells(StartLayout((0, 0), (("Elite Ranged", (4, 2)), ("X", (2, 1))), ()))
    assert len(cells) == 15 and cells["A1"] == "CMD" and cells["E3"] == "U1"
    assert cells["C2"] == "U2" and list(cells.values()).count("") == 12
