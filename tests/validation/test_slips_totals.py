"""Designer slips, each game: a wrong total, a value typo, a duplicate row, one name with
two texts, a misspelled inline icon.

Each slip is made in a copy of the game's bundled workbook (which validates clean) and run
through `pnp validate --json`: the listed problems must be exactly the expected ones, at
the expected cells (issue 25, items 3 to 5). A total names the gap and, when one simple
change closes it, that change; its `cells` list every cell that counts.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook
from typer.testing import CliRunner

from tests.helpers import ROOT
from toolkit.cli.main import app

BUNDLED = {
    "warbadge": "toolkit/games/warbadge/content/badges.xlsx",
    "battlegate": "toolkit/games/battlegate/content/decks.xlsx",
    "warblitz": "toolkit/games/warblitz/content/warbands.xlsx",
    "warblitz-catalog": "toolkit/games/warblitz/content/catalog.xlsx",
    "valiantwars": "toolkit/games/valiantwars/content/pool.xlsx",
    "banners": "toolkit/games/banners/content/banners.xlsx",
}


def slip(tmp_path: Path, bundled: str, cells: dict[str, dict[str, object]] | None = None,
         rows: dict[str, list[list[object]]] | None = None) -> Path:
    """A copy of a bundled workbook with some cells changed (`{sheet: {"C4": value}}`) and
    some rows added at the end of a sheet (`{sheet: [[...], ...]}`)."""
    path = tmp_path / Path(BUNDLED[bundled]).name
    shutil.copy(ROOT / BUNDLED[bundled], path)
    wb = load_workbook(path)
    for sheet, changes in (cells or {}).items():
        for ref, value in changes.items():
            wb[sheet][ref] = value
    for sheet, new in (rows or {}).items():
        for row in new:
            wb[sheet].append(row)
    wb.save(path)
    return path


def validate(game: str, target: str, *options: str) -> tuple[int, dict]:
    """`pnp validate GAME TARGET --json`: (exit code, the JSON document)."""
    result = CliRunner().invoke(app, ["validate", game, target, "--json", *options])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.output)


def listed(doc: dict, deck: str | None = None) -> list[tuple[str, str, str | None]]:
    """(severity, rule, cell) of every problem listed (of one deck, or of all)."""
    return [(p["severity"], p["rule"], p["location"]["cell"])
            for d in doc["decks"] if deck is None or d["name"] == deck
            for p in d["problems"] if p["severity"] != "info"]


def problem(doc: dict, rule: str) -> dict:
    """The one problem of that rule id."""
    [found] = [p for d in doc["decks"] for p in d["problems"] if p["rule"] == rule]
    return found


@pytest.mark.parametrize("game", ["warbadge", "battlegate", "warblitz", "valiantwars",
                                  "banners"])
def test_the_bundled_workbooks_are_clean(game):
    """The slips below start from these: any problem found is the slip's."""
    code, doc = validate(game, str(ROOT / BUNDLED[game]))
    assert code == 0 and listed(doc) == []


# ---------------------------------------------------------------- WarBadge

def test_warbadge_wrong_total_names_the_gap_and_a_swap(tmp_path):
    """Sun (value 10) with Bog Crawler (Bronze 2) for Tin Squire (Bronze 1) totals 11: the
    first badge that one catalog badge of its rank, one value less, replaces is named."""
    path = slip(tmp_path, "warbadge", {"Sun": {"A5": "Bog Crawler"}})
    code, doc = validate("warbadge", f"{path}#Sun")
    assert code == 1 and listed(doc, "Sun") == [("error", "warbadge.team.total-value", "A2")]
    p = problem(doc, "warbadge.team.total-value")
    assert p["message"] == (
        "total value is 11, the standard format needs exactly 10: 1 too many; swapping "
        "Sunforged Paladin (Gold, value 3, A2) for Thornwood Matriarch (Gold, value 2) "
        "would fix it")
    assert [c["cell"] for c in p["cells"]] == ["A2", "A3", "A4", "A5", "A6", "A7"]


def test_warbadge_total_without_a_single_swap_names_the_cells(tmp_path):
    """A Silver badge of value 1 is Hollow Shade; 2 too few has no one-badge swap."""
    path = slip(tmp_path, "warbadge", {"Sun": {"A2": "Thornwood Matriarch",
                                               "A3": "Hollow Shade"}})
    code, doc = validate("warbadge", f"{path}#Sun")
    assert listed(doc, "Sun") == [("error", "warbadge.team.total-value", "A2")]
    assert problem(doc, "warbadge.team.total-value")["message"] == (
        "total value is 8, the standard format needs exactly 10: 2 too few; the values "
        "counted are the badges at A2:A7")


def test_warbadge_value_typo_keeps_its_did_you_mean(tmp_path):
    """A misspelled ability is an error at its cell with "did you mean"; the teams that
    name the badge say its catalog row is the problem."""
    path = slip(tmp_path, "warbadge", {"Badges": {"G8": "Chrage"}})  # Copper Lancer
    code, doc = validate("warbadge", f"{path}#Spark")
    assert code == 1
    assert listed(doc, "catalog") == [("error", "warbadge.badge.ability-unknown", "G8")]
    assert "did you mean 'Charge'" in problem(doc, "warbadge.badge.ability-unknown")["message"]


def test_warbadge_duplicate_badge_row_is_one_error_at_the_later_row(tmp_path):
    """The same badge listed twice in the catalog: names must be unique (no change)."""
    wb = load_workbook(ROOT / BUNDLED["warbadge"])
    ember = [c.value for c in wb["Badges"][2]]
    path = slip(tmp_path, "warbadge", rows={"Badges": [ember]})
    code, doc = validate("warbadge", f"{path}#Spark")
    assert listed(doc, "catalog") == [("error", "warbadge.badge.duplicate", "A26")]
    assert "already listed at row 2" in problem(doc, "warbadge.badge.duplicate")["message"]


def test_warbadge_unknown_inline_icon_is_a_warning_at_its_cell(tmp_path):
    path = slip(tmp_path, "warbadge", {"Badges": {"H2": "Illusion :ilusion: swap badges."}})
    code, doc = validate("warbadge", f"{path}#Spark")
    assert code == 0 and listed(doc) == [("warning", "warbadge.badge.icon", "H2")]
    message = problem(doc, "warbadge.badge.icon")["message"]
    assert "':ilusion:'" in message and "did you mean 'illusion'" in message


# ---------------------------------------------------------------- Battle Gate

def test_battlegate_qty_slip_names_the_copy_that_closes_the_cost(tmp_path):
    """Balanced costs 100; Vale Captain (power 5) Qty 2 → 1 costs 95: 5 points too few, and
    one more copy of the card whose power is the gap closes it."""
    path = slip(tmp_path, "battlegate", {"Balanced": {"D2": 1}})
    code, doc = validate("battlegate", f"{path}#Balanced")
    assert code == 1 and listed(doc) == [("error", "battlegate.deck.cost", "C2")]
    p = problem(doc, "battlegate.deck.cost")
    assert p["message"] == ("deck costs 95 points, it must cost exactly 100: 5 points too "
                            "few; one more copy of Vale Captain (power 5: Qty 1 → 2 at D2) "
                            "would fix it")
    assert [c["cell"] for c in p["cells"]] == [f"C{r}" for r in range(2, 11)]


def test_battlegate_one_point_over_swaps_for_a_card_of_the_deck(tmp_path):
    """Vale Pikeman x6 → x5 (-2 points) and a new Iron Sergeant (Soldier, power 3) make 101
    points: swapping that one card for the deck's other Soldier of power 2 fixes it."""
    path = slip(tmp_path, "battlegate", {"Balanced": {"D4": 5}},
                {"Balanced": [["Iron Sergeant", "Soldier", 3, 1, "", None]]})
    code, doc = validate("battlegate", f"{path}#Balanced")
    assert listed(doc) == [("error", "battlegate.deck.cost", "C2")]
    assert problem(doc, "battlegate.deck.cost")["message"] == (
        "deck costs 101 points, it must cost exactly 100: 1 point too many; swapping Iron "
        "Sergeant (Soldier, power 3, C11) for another Vale Pikeman (power 2) would fix it")


def test_battlegate_class_typo_keeps_its_did_you_mean(tmp_path):
    """A misspelled class is an error at its cell; the row is skipped, so the cost and
    size it leaves short follow from it and are not separate causes."""
    path = slip(tmp_path, "battlegate", {"Balanced": {"B9": "Asassin"}})
    code, doc = validate("battlegate", f"{path}#Balanced")
    assert code == 1
    first = doc["decks"][0]["problems"][0]
    assert (first["rule"], first["location"]["cell"]) == ("battlegate.card.class", "B9")
    assert "did you mean 'Assassin'" in first["message"]


def test_battlegate_duplicate_row_adds_up_silently(tmp_path):
    """Two rows of one card (same name, class, power, text) are copies: they add up as Qty
    does ("cards may also share names"). Rooftop Shiv x5 → x3 plus a row of x2."""
    wb = load_workbook(ROOT / BUNDLED["battlegate"])
    shiv = [c.value for c in wb["Balanced"][10]]
    shiv[3] = 2
    path = slip(tmp_path, "battlegate", {"Balanced": {"D10": 3}}, {"Balanced": [shiv]})
    code, doc = validate("battlegate", f"{path}#Balanced")
    assert code == 0 and listed(doc) == []


def test_battlegate_same_name_other_text_warns_at_the_later_row(tmp_path):
    wb = load_workbook(ROOT / BUNDLED["battlegate"])
    shiv = [c.value for c in wb["Balanced"][10]]
    shiv[3], shiv[4] = 2, "Strikes from the eaves."
    path = slip(tmp_path, "battlegate", {"Balanced": {"D10": 3}}, {"Balanced": [shiv]})
    code, doc = validate("battlegate", f"{path}#Balanced")
    assert code == 0 and listed(doc) == [("warning", "battlegate.card.same-name", "A11")]
    message = problem(doc, "battlegate.card.same-name")["message"]
    assert "row 10" in message and "differs in description" in message


def test_battlegate_unknown_inline_icon_is_a_warning_at_its_cell(tmp_path):
    path = slip(tmp_path, "battlegate", {"Balanced": {"E2": "Leads :blaed: from the front."}})
    code, doc = validate("battlegate", f"{path}#Balanced")
    assert code == 0 and listed(doc) == [("warning", "battlegate.card.icon", "E2")]
    assert "did you mean 'blade'" in problem(doc, "battlegate.card.icon")["message"]


# ---------------------------------------------------------------- Warblitz

def test_warblitz_wrong_size_names_the_gap(tmp_path):
    """Ash Pikeman x4 → x5: 28 cards, and 5 Melee Commons."""
    path = slip(tmp_path, "warblitz", {"Ashen Court": {"B6": 5}})
    code, doc = validate("warblitz", f"{path}#Ashen Court")
    assert code == 1
    assert listed(doc) == [("error", "warblitz.warband.size", "A2"),
                           ("error", "warblitz.warband.commons", "A6")]
    p = problem(doc, "warblitz.warband.size")
    assert p["message"].startswith("the warband holds 28 cards, it needs 27: 1 too many "
                                   "(the cards counted are at A2:A16")
    assert len(p["cells"]) == 15


def test_warblitz_card_typo_keeps_its_did_you_mean(tmp_path):
    path = slip(tmp_path, "warblitz", {"Ashen Court": {"A6": "Ash Pikemen"}})
    code, doc = validate("warblitz", f"{path}#Ashen Court")
    assert code == 1
    first = doc["decks"][-1]["problems"][0]
    assert (first["rule"], first["location"]["cell"]) == ("warblitz.warband.unknown-card", "A6")
    assert "did you mean 'Ash Pikeman'" in first["message"]


def test_warblitz_unknown_inline_icon_is_a_warning_at_its_cell(tmp_path):
    path = slip(tmp_path, "warblitz-catalog", {"Units": {"I3": "Shield :armour: wall."}})
    code, doc = validate("warblitz", str(path))
    assert code == 0 and listed(doc) == [("warning", "warblitz.unit.icon", "I3")]
    assert "did you mean 'armor'" in problem(doc, "warblitz.unit.icon")["message"]


# ---------------------------------------------------------------- Valiant Wars

def test_valiantwars_wrong_count_names_the_gap(tmp_path):
    """36 Soldiers → 37: one too many, at the Qty cell that passes the book's count."""
    path = slip(tmp_path, "valiantwars", {"Cards": {"K2": 37}})
    code, doc = validate("valiantwars", str(path))
    assert code == 1
    assert listed(doc) == [("error", "valiantwars.pool.count", "K2")]
    count = problem(doc, "valiantwars.pool.count")
    assert count["message"].startswith("the pool holds 37 Soldier cards, the book's has 36: "
                                       "1 too many (counted at K2; use --format custom for "
                                       "another pool)")
    assert [c["cell"] for c in count["cells"]] == ["K2"]
    assert count["follows"] == 1  # the 192-card total, off because of it


def test_valiantwars_kind_typo_keeps_its_did_you_mean(tmp_path):
    path = slip(tmp_path, "valiantwars", {"Cards": {"B2": "Soldeir"}})
    code, doc = validate("valiantwars", str(path))
    first = doc["decks"][0]["problems"][0]
    assert (first["rule"], first["location"]["cell"]) == ("valiantwars.card.kind", "B2")
    assert "did you mean 'Soldier'" in first["message"]


def test_valiantwars_unknown_inline_icon_is_a_warning_at_its_cell(tmp_path):
    path = slip(tmp_path, "valiantwars", {"Cards": {"L2": "Adds :swrod: to the battle."}})
    code, doc = validate("valiantwars", str(path))
    assert code == 0 and listed(doc) == [("warning", "valiantwars.card.icon", "L2")]


# ---------------------------------------------------------------- The Battle of Banners

def test_banners_item_count_names_the_gap(tmp_path):
    """Extra Strength x6 → x7: a warning (a custom deck is allowed) saying by how much."""
    path = slip(tmp_path, "banners", {"Items": {"C2": 7}})
    code, doc = validate("banners", str(path))
    assert code == 0
    count = problem(doc, "banners.items.count")
    assert count["message"] == "the deck holds 55 cards; the book's holds 54: 1 too many"


def test_banners_duplicate_item_row_is_one_error_at_the_later_row(tmp_path):
    wb = load_workbook(ROOT / BUNDLED["banners"])
    first = [c.value for c in wb["Items"][2]]
    path = slip(tmp_path, "banners", rows={"Items": [first]})
    code, doc = validate("banners", str(path))
    assert code == 1
    assert [x for x in listed(doc) if x[0] == "error"] == [
        ("error", "banners.item.duplicate", "A18")]


def test_banners_unknown_inline_icon_is_a_warning_at_its_cell(tmp_path):
    path = slip(tmp_path, "banners", {"Items": {"E2": "Hit :blade: harder, :sword:."}})
    code, doc = validate("banners", str(path))
    assert code == 0 and listed(doc) == [("warning", "banners.item.icon", "E2")]
    assert "':sword:'" in problem(doc, "banners.item.icon")["message"]


# ---------------------------------------------------------------- the shared pieces

def test_gap_and_cell_span():
    """How a total's message words its gap and the cells it counts."""
    from toolkit.core.report import Location
    from toolkit.core.validation import cell_span, gap

    assert (gap(11, 10), gap(91, 100, "points"), gap(99, 100, "points"), gap(5, 5)) == \
        ("1 too many", "9 points too few", "1 point too few", "")
    cells = [Location("f", "s", row, "C") for row in (2, 3, 4, 6)]
    assert cell_span([*cells, Location("f", "s", 7, "D"), Location("f", "s", 8)]) == \
        "C2:C4, C6, D7"


@pytest.mark.parametrize("text", ["Lead :fast: and :unknownicon: here", "x:Death-Curse:y",
                                  "10:30 Note: x", "**bold** :blade::blaed:", ":a_b: :9x:"])
def test_validation_reads_icons_as_the_printer_does(text):
    """The names validation warns about are exactly the icon atoms the text fitter
    draws as a lettered disc (one pattern serves both)."""
    from toolkit.render import icons, textfit

    drawn = [atom.icon for para in textfit.parse(text, "Vera").paragraphs
             for word in para for atom in word if atom.icon is not None]
    lettered = [name for name in drawn if icons.glyph_key(name).startswith("?")]
    assert icons.unknown_inline(text) == list(dict.fromkeys(lettered))


# ---------------------------------------------------------------- duplicate rows

def test_warblitz_duplicate_catalog_row_is_one_error_at_the_later_row(tmp_path):
    """Units, events and relics share one name space: a row copied is left out."""
    wb = load_workbook(ROOT / BUNDLED["warblitz-catalog"])
    first = [c.value for c in wb["Units"][2]]
    path = slip(tmp_path, "warblitz-catalog", rows={"Units": [first]})
    code, doc = validate("warblitz", str(path))
    assert code == 1 and listed(doc) == [("error", "warblitz.catalog.duplicate-name", "A20")]


def test_valiantwars_duplicate_row_warns_and_its_copies_count(tmp_path):
    """A row repeating a card is a warning (the copies add up, as Qty does); the counts
    it then breaks are errors at the Qty cell that passes the book's count."""
    wb = load_workbook(ROOT / BUNDLED["valiantwars"])
    soldier = [c.value for c in wb["Cards"][2]]
    soldier[10] = 1  # Qty
    path = slip(tmp_path, "valiantwars", rows={"Cards": [soldier]})
    code, doc = validate("valiantwars", str(path))
    assert code == 1
    assert listed(doc) == [("warning", "valiantwars.card.repeated", "A46"),
                           ("error", "valiantwars.pool.count", "K46")]
    assert problem(doc, "valiantwars.pool.count")["follows"] == 1  # the 192-card total
    count = problem(doc, "valiantwars.pool.count")
    assert "37 Soldier cards, the book's has 36: 1 too many (counted at K2, K46" in \
        count["message"]
