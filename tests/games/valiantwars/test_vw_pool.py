"""Valiant Wars pool validation: every card rule and pool rule, each problem at its cell
(FORMATS.md's Valiant Wars section; rulebook "Components", "Starting Deck", "Victory
Conditions")."""

from __future__ import annotations

import pytest

from tests.helpers import ROOT, errors_of, make_csv, make_xlsx, rules_of
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.games.valiantwars.deck import load_decks, validate
from toolkit.games.valiantwars.template import POOL_SHEET_COLUMNS, pool_rows

BUNDLED = ROOT / "toolkit/games/valiantwars/content" / "pool.xlsx"
HEADER = [c.header for c in POOL_SHEET_COLUMNS]
COL = {h: chr(ord("A") + i) for i, h in enumerate(HEADER)}
ROW = {r[0]: i + 2 for i, r in enumerate(pool_rows())}
"""The sheet row of each bundled card name."""


def rows() -> list[list]:
    return [list(r) for r in pool_rows()]


def find(rows_: list[list], name: str) -> list:
    return next(r for r in rows_ if r[0] == name)


def check(tmp_path, rows_: list[list], fmt: str | None = None, sheet: str = "Cards",
          extra: dict | None = None):
    path = make_xlsx(tmp_path / "pool.xlsx", {sheet: [HEADER, *rows_], **(extra or {})})
    return validate(ValidateRequest(path, format=fmt))


def problem(result, rule: str):
    return next(p for d in result.decks for p in d.report.problems if p.rule == rule)


def test_the_bundled_pool_is_the_books_192_cards_and_valid():
    result = validate(ValidateRequest(BUNDLED))
    assert result.valid and rules_of(result) == []
    _, [pool] = load_decks(ValidateRequest(BUNDLED))
    assert len(pool.cards) == 192 and pool.seats == (2, 3, 4, 5)


def test_values_the_rules_fix_are_checked_at_their_cell(tmp_path):
    """Soldiers: "Each Soldier adds one (1) Sword"; "A Treasure Card costs 1 Gold";
    Dark Omens: "they are worth one (1) Gold"."""
    data = rows()
    find(data, "Levy Soldier")[HEADER.index("Swords")] = 2
    find(data, "Gold Crown")[HEADER.index("Cost")] = 2
    find(data, "Dark Omen")[HEADER.index("Gold")] = 0  # 0 is no blank here: fixed at 1
    result = check(tmp_path, data, "custom")
    swords = problem(result, "valiantwars.card.swords")
    assert swords.location.cell == f"{COL['Swords']}{ROW['Levy Soldier']}"
    assert "fixed at 1" in swords.message
    assert problem(result, "valiantwars.card.cost").location.cell == \
        f"{COL['Cost']}{ROW['Gold Crown']}"
    assert problem(result, "valiantwars.card.gold").location.cell == \
        f"{COL['Gold']}{ROW['Dark Omen']}"


def test_what_each_kind_needs_and_refuses(tmp_path):
    """Champions: "Each Champion has a Type, Name, and Cost"; Locations give "a number of
    victory points described on the Location card"."""
    data = rows()
    find(data, "Oath Paladin")[HEADER.index("Type")] = None
    find(data, "Greywater Mill")[HEADER.index("VP")] = None
    find(data, "Hill Barbarian")[HEADER.index("VP")] = 2
    find(data, "Gold Crown")[HEADER.index("Effect")] = "Monk"
    result = check(tmp_path, data, "custom")
    cells = {(p.rule, p.location.cell) for d in result.decks for p in d.report.problems
             if p.severity == "error"}
    assert ("valiantwars.card.type", f"{COL['Type']}{ROW['Oath Paladin']}") in cells
    assert ("valiantwars.card.vp", f"{COL['VP']}{ROW['Greywater Mill']}") in cells
    assert ("valiantwars.card.vp", f"{COL['VP']}{ROW['Hill Barbarian']}") in cells
    assert ("valiantwars.card.effect", f"{COL['Effect']}{ROW['Gold Crown']}") in cells


def test_vocabularies_with_did_you_mean(tmp_path):
    data = rows()
    find(data, "Oath Paladin")[HEADER.index("Effect")] = "Paladn"
    find(data, "Iron Fighter")[HEADER.index("Kind")] = "Champian"
    find(data, "Cinder Pass")[HEADER.index("Penalty")] = "Draw two"
    find(data, "Hill Barbarian")[HEADER.index("Type")] = "Royal"  # the book's legend
    find(data, "Sky Wing Knight")[HEADER.index("Effect")] = "wingknight"
    result = check(tmp_path, data, "custom")
    assert "did you mean 'Paladin'" in problem(result, "valiantwars.card.effect").message
    assert "did you mean 'Champion'" in problem(result, "valiantwars.card.kind").message
    penalty = problem(result, "valiantwars.card.penalty")
    assert "Draw N" in penalty.message and penalty.location.cell == \
        f"{COL['Penalty']}{ROW['Cinder Pass']}"
    assert errors_of(result).count("valiantwars.card.type") == 0
    assert errors_of(result).count("valiantwars.card.effect") == 1


def test_one_name_is_one_card(tmp_path):
    data = rows()
    same = list(find(data, "Road Brigand"))
    same[HEADER.index("Qty")] = 1
    other = list(find(data, "Star Oracle"))
    other[HEADER.index("Cost")] = 5
    result = check(tmp_path, [*data, same, other], "custom")
    assert problem(result, "valiantwars.card.repeated").severity == "warning"
    duplicate = problem(result, "valiantwars.card.duplicate")
    assert duplicate.severity == "error" and duplicate.location.row == len(data) + 3


def test_the_books_component_counts(tmp_path):
    """Components: "192 Valiant Wars Cards - 36 Soldiers - 54 Gold - 25 Dark Omens - 14
    Locations - 63 Champions"."""
    data = rows()
    find(data, "Levy Soldier")[HEADER.index("Qty")] = 40
    find(data, "Wild Firebrand")[HEADER.index("Qty")] = 2
    result = check(tmp_path, data)
    counts = [p for d in result.decks for p in d.report.problems
              if p.rule == "valiantwars.pool.count"]
    assert {p.location.cell for p in counts} == {f"{COL['Qty']}{ROW['Levy Soldier']}",
                                                 f"{COL['Qty']}{ROW['Wild Firebrand']}"}
    assert "40 Soldier" in counts[0].message and "book's has 36" in counts[0].message
    # the 192-card total is off because of the first count: it follows from it
    assert errors_of(result) == ["valiantwars.pool.count"] * 2 and counts[0].follows == 1


def test_a_custom_pool_is_allowed_when_the_designer_says_so(tmp_path):
    """`--format custom`: the counts are reported (info), not enforced."""
    data = rows()
    find(data, "Levy Soldier")[HEADER.index("Qty")] = 40
    result = check(tmp_path, data, "custom")
    assert result.valid and problem(result, "valiantwars.pool.count").severity == "info"
    assert result.decks[0].format == "custom"


def test_throne_and_village(tmp_path):
    """Victory Conditions: "pull out the Valiant Throne Location card and one (1) Village"."""
    data = rows()
    find(data, "Valiant Throne")[HEADER.index("Role")] = None
    for name in ("Millbrook Village", "Ashford Village"):
        find(data, name)[HEADER.index("Role")] = None
    result = check(tmp_path, data, "custom")
    assert {"valiantwars.pool.throne", "valiantwars.pool.village"} <= set(errors_of(result))
    data = rows()
    find(data, "Valiant Throne")[HEADER.index("Qty")] = 2
    assert "valiantwars.pool.throne" in errors_of(check(tmp_path, data, "custom"))


def test_starting_decks_and_locations_for_each_player_count(tmp_path):
    """Starting Deck (5 Gold, 3 Dark Omens, 2 Soldiers each, for up to 5 players) and the
    Victory Conditions table (2 players: 10 Locations + the Throne)."""
    data = [r for r in rows() if r[0] not in ("Greywater Mill", "Hollow Crossing",
                                               "Cinder Pass", "Thornwall Keep")]
    result = check(tmp_path, data, "custom")
    players = [p for d in result.decks for p in d.report.problems
               if p.rule == "valiantwars.pool.players"]
    # 9 Locations besides the Throne: a Village and 8 more, not 2 or 3 players
    assert result.valid and len(players) == 2
    assert "cannot seat 2 players" in players[0].message
    _, [pool] = load_decks(ValidateRequest(tmp_path / "pool.xlsx", format="custom"))
    assert pool.seats == (4, 5)
    data = rows()
    find(data, "Gold Crown")[HEADER.index("Qty")] = 24  # short for 5 players
    result = check(tmp_path, data)
    # the book's count of Gold is the root; the total and the 5 players follow from it
    [gold] = [p for d in result.decks for p in d.report.problems if p.severity == "error"]
    assert gold.rule == "valiantwars.pool.count" and gold.follows == 2
    data = rows()
    find(data, "Gold Crown")[HEADER.index("Qty")] = 24
    result = check(tmp_path, data, "custom")  # no book count to blame: told as it is
    assert "cannot seat 5 players" in " ".join(
        p.message for d in result.decks for p in d.report.problems)
    data = [r for r in rows() if r[1] != "Dark Omen"]
    result = check(tmp_path, data, "custom")  # seats nobody: an error even when custom
    assert "valiantwars.pool.starting-decks" in errors_of(result)


def test_the_market_needs_five_champions(tmp_path):
    """Setup: "distribute 5 Champions face-up directly beneath to make the Market"."""
    data = [r for r in rows() if r[1] != "Champion"] + [find(rows(), "Iron Fighter")]
    result = check(tmp_path, data, "custom")
    assert problem(result, "valiantwars.pool.market").severity == "warning"


def test_spreadsheet_conventions(tmp_path):
    """FORMATS.md: Qty strict, unknown columns warned with "did you mean", synonyms."""
    data = rows()
    find(data, "Iron Fighter")[HEADER.index("Qty")] = 0
    path = make_xlsx(tmp_path / "pool.xlsx", {"Cards": [[*HEADER[:-1], "Artt"], *data]})
    result = validate(ValidateRequest(path, format="custom"))
    assert "sheet.qty" in errors_of(result)
    artt = problem(result, "sheet.misspelled-column")  # a slip for a column it lacks
    assert artt.location.cell == "M1" and "looks like 'Art'" in artt.message
    synonyms = ["Card", "Deck", "Class", "Price", "Strength", "Coins", "Points",
                "Location Penalty", "Ability", "Marker", "Quantity", "Flavour", "Image"]
    path = make_xlsx(tmp_path / "syn.xlsx", {"Cards": [synonyms, *rows()]})
    assert validate(ValidateRequest(path)).valid


def test_which_sheet_is_the_pool(tmp_path):
    """`Cards`, else `FILE#SHEET`, else the one sheet (a CSV file); other sheets are noted."""
    csv = make_csv(tmp_path / "pool.csv", [HEADER, *rows()])
    assert validate(ValidateRequest(csv)).valid
    path = make_xlsx(tmp_path / "two.xlsx", {"Variant": [HEADER, *rows()],
                                             "Scratch": [["x"]]})
    result = validate(ValidateRequest(path))
    assert errors_of(result) == ["valiantwars.pool.no-sheet"]
    assert validate(ValidateRequest(path, sheet="Variant")).valid
    path = make_xlsx(tmp_path / "more.xlsx", {"Cards": [HEADER, *rows()], "Ideas": [["x"]],
                                              "#Notes": [["y"]]})
    result = validate(ValidateRequest(path))
    assert result.valid and rules_of(result) == ["valiantwars.file.other-sheet"]


def test_misuse_is_an_input_error(tmp_path):
    path = make_xlsx(tmp_path / "pool.xlsx", {"Cards": [HEADER, *rows()]})
    with pytest.raises(InputError, match="formats: standard, custom"):
        validate(ValidateRequest(path, format="quick"))
    with pytest.raises(InputError, match="its own catalog"):
        validate(ValidateRequest(path, catalog=BUNDLED))
    with pytest.raises(InputError, match="no sheet named 'Nope'"):
        validate(ValidateRequest(path, sheet="Nope"))


def test_the_village_comes_on_top_of_the_tables_locations(tmp_path):
    """Victory Conditions: "Take a random number of Locations based on the player count
    ... then add the Valiant throne to the bottom of the deck and the Village to the top":
    2 players need 10 Locations and a Village besides the Throne, so 10 in all do not
    seat them (before, they did)."""
    data = [r for r in rows() if r[0] not in ("Greywater Mill", "Hollow Crossing",
                                               "Cinder Pass")]
    result = check(tmp_path, data, "custom")
    players = [p for d in result.decks for p in d.report.problems
               if p.rule == "valiantwars.pool.players"]
    assert result.valid and len(players) == 1
    assert "cannot seat 2 players" in players[0].message
    assert "11 Locations besides the Valiant Throne" in players[0].message


def test_without_a_role_column_the_books_names_mark_throne_and_village(tmp_path):
    """FORMATS: "The Valiant Throne and the Village are marked by a documented column or
    name." A pool with no Role column takes the Valiant Throne and the Villages by their
    names (rulebook: "pull out the Valiant Throne Location card and one (1) Village"), with
    an info line at each name; it is valid and plays (before: no Throne, no Village)."""
    from random import Random

    from toolkit.games.valiantwars.engine import ValiantWarsRules
    from toolkit.games.valiantwars.playing import params

    role = HEADER.index("Role")
    header = [h for h in HEADER if h != "Role"]
    data = [[v for i, v in enumerate(r) if i != role] for r in rows()]
    path = make_xlsx(tmp_path / "pool.xlsx", {"Cards": [header, *data]})
    result = validate(ValidateRequest(path))
    assert result.valid and errors_of(result) == []
    told = [p for d in result.decks for p in d.report.problems
            if p.rule == "valiantwars.card.role-by-name"]
    assert {(p.severity, p.location.cell) for p in told} == {
        ("info", f"A{ROW[name]}") for name in ("Valiant Throne", "Millbrook Village",
                                                "Ashford Village")}
    _, [pool] = load_decks(ValidateRequest(path))
    assert {c.name: c.role for c in pool.distinct if c.role} == {
        "Valiant Throne": "Throne", "Millbrook Village": "Village",
        "Ashford Village": "Village"}
    s = ValiantWarsRules().setup(params([pool, pool], None), Random(1))
    assert s.pool.names[s.locations[-1]] == "Valiant Throne"


def test_a_monk_or_sellsword_with_gold_of_its_own_is_warned_at_the_cell(tmp_path):
    """Monk: "Each Monk is provides you +2 Gold"; SellSword: "The SellSword provides you
    +1 Gold". A Gold cell adds to it (a Monk with Gold 2 gives 4): a warning at that cell."""
    data = rows()
    find(data, "Cloister Monk")[HEADER.index("Gold")] = 2
    find(data, "Coin SellSword")[HEADER.index("Gold")] = 1
    result = check(tmp_path, data)
    warned = [p for d in result.decks for p in d.report.problems
              if p.rule == "valiantwars.card.gold-twice"]
    assert result.valid and [(p.severity, p.location.cell) for p in warned] == [
        ("warning", f"{COL['Gold']}{ROW['Cloister Monk']}"),
        ("warning", f"{COL['Gold']}{ROW['Coin SellSword']}")]
    assert "gives 4" in warned[0].message and "gives 2" in warned[1].message
