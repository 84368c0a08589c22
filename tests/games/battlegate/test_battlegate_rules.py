"""Battle Gate deck rules and loader: each rule passes and fails, each problem is located."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import errors_of, make_csv, make_xlsx, rules_of, tiny_png
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.games.battlegate import GAME
from toolkit.games.battlegate.deck import load_decks
from toolkit.games.battlegate.models import Card

HEADER = ["Name", "Class", "Power", "Qty", "Description", "Art"]
# 20 cards, 100 points, attackers and defenders: the legal base every test varies.
BASE = [["Vale Pikeman", "Soldier", 5, 10, "Long reach.", None],
        ["Moat Keeper", "Minion", 5, 6, "", None],
        ["Rooftop Shiv", "Assassin", 5, 4, "", None]]


def check(tmp_path: Path, rows, header=HEADER, sheet="Deck", fmt=None):
    """Validate one deck sheet holding `rows` under `header`."""
    path = make_xlsx(tmp_path / "deck.xlsx", {sheet: [header, *rows]})
    return GAME.validate(ValidateRequest(path, format=fmt))


def problems(result, rule):
    """Every problem of that rule id."""
    return [p for d in result.decks for p in d.report.problems if p.rule == rule]


def test_base_deck_is_valid(tmp_path):
    result = check(tmp_path, BASE)
    assert result.valid and rules_of(result) == []
    assert result.decks[0].name == "Deck" and result.decks[0].format == "standard"


# ------------------------------------------------------------------ card.class

def test_class_each_of_three_passes(tmp_path):
    """Classes: "Choose one of the three classes below for your card." Any case is read."""
    rows = [["A", "minion", 5, 4, "", None], ["B", " SOLDIER ", 5, 12, "", None],
            ["C", "Assassin", 5, 4, "", None]]
    assert check(tmp_path, rows).valid


def test_class_unknown_fails_at_cell_with_suggestion(tmp_path):
    """Classes: "Choose one of the three classes below for your card." """
    rows = [*BASE[:2], ["Rooftop Shiv", "Assasin", 5, 4, "", None]]
    result = check(tmp_path, rows)
    (p,) = problems(result, "battlegate.card.class")
    assert p.severity == "error" and p.location.cell == "B4"
    assert "got 'Assasin'" in p.message and "did you mean 'Assassin'" in p.message


def test_class_two_classes_fail(tmp_path):
    """Classes: "All cards in your deck must have a (one) class." """
    rows = [*BASE[:2], ["Rooftop Shiv", "Soldier; Assassin", 5, 4, "", None]]
    (p,) = problems(check(tmp_path, rows), "battlegate.card.class")
    assert p.location.cell == "B4" and "one class" in p.message


def test_class_blank_fails(tmp_path):
    """Classes: "All cards in your deck must have a (one) class." """
    rows = [*BASE[:2], ["Rooftop Shiv", None, 5, 4, "", None]]
    (p,) = problems(check(tmp_path, rows), "battlegate.card.class")
    assert p.location.cell == "B4" and "required" in p.message


# ------------------------------------------------------------------ card.power

@pytest.mark.parametrize("power", [1, 6, "3", 3.0, " 4 "])
def test_power_in_range_passes(tmp_path, power):
    """Power stat: "A card cannot have a power that is greater than 6 or less than 1." """
    rows = [["X", "Soldier", power, 1, "", None]]
    assert "battlegate.card.power" not in rules_of(check(tmp_path, rows))


@pytest.mark.parametrize(("power", "found"), [(0, "got 0"), (7, "got 7"), (-2, "got -2"),
                                              (2.5, "2.5"), ("x", "'x'"), (None, "empty")])
def test_power_out_of_range_fails_at_cell(tmp_path, power, found):
    """Power stat: "A card cannot have a power that is greater than 6 or less than 1." """
    rows = [*BASE, ["Bad", "Soldier", power, 1, "", None]]
    result = check(tmp_path, rows)
    (p,) = problems(result, "battlegate.card.power")
    assert p.severity == "error" and p.location.cell == "C5"
    assert p.location.to_json()["column"] == "C" and found in p.message
    assert p.message.startswith("Power ")


# ------------------------------------------------------------------ card.name

def test_name_blank_fails(tmp_path):
    """Name: "Choose a name for your card." """
    rows = [*BASE, [None, "Soldier", 1, 1, "", None]]
    (p,) = problems(check(tmp_path, rows), "battlegate.card.name")
    assert p.location.cell == "A5" and "required" in p.message


def test_shared_names_pass(tmp_path):
    """Name: "cards may also share names and/or include type identifiers." """
    rows = [["Levy", "Soldier", 5, 10, "", None], ["levy", "Soldier", 5, 10, "", None]]
    result = check(tmp_path, rows)
    assert result.valid and rules_of(result) == []


def test_shared_name_with_other_class_is_a_warning(tmp_path):
    """Name: "cards may also share names" — allowed; a different class or power is warned
    at the later row, naming the earlier one and what differs."""
    rows = [*BASE, ["Vale  Pikeman ", "Minion", 5, 1, "Long reach.", None]]
    rows[2] = ["Rooftop Shiv", "Assassin", 5, 3, "", None]
    result = check(tmp_path, rows)
    assert result.valid
    (p,) = problems(result, "battlegate.card.same-name")
    assert p.severity == "warning" and p.location.cell == "A5" and "row 2" in p.message
    assert "class (Soldier, then Minion)" in p.message and "description" not in p.message


# ------------------------------------------------------------------ deck.cost

def test_cost_exactly_100_passes(tmp_path):
    """Making your deck: "each deck is 100 points"; Power: "each point of power costs one
    character point" (Qty counted: 10x5 + 6x5 + 4x5 = 100)."""
    assert "battlegate.deck.cost" not in rules_of(check(tmp_path, BASE))


@pytest.mark.parametrize("cost", [97, 103])
def test_cost_not_100_fails_at_sheet(tmp_path, cost):
    """Making your deck: "Each player has 100 character points to spend on the cards in
    each of their decks (i.e. each deck is 100 points)." """
    rows = [["Vale Pikeman", "Soldier", 5, 9, "", None], *BASE[1:],
            ["Lantern Scout", "Soldier", 1, cost - 95, "", None]]
    result = check(tmp_path, rows)
    assert errors_of(result) == ["battlegate.deck.cost"]
    (p,) = problems(result, "battlegate.deck.cost")
    # Lantern Scout (power 1, Qty 2 or 8) cannot close it; Vale Pikeman's 9 copies at
    # power 5 cannot either; Moat Keeper (Qty 6) can't; Rooftop Shiv (Qty 4) can't for
    # 3 points: so the cells counted are named.
    assert p.message == (f"deck costs {cost} points, it must cost exactly 100: 3 points too "
                         f"{'few' if cost < 100 else 'many'}; the points counted are the "
                         "Power cells C2:C5 (times Qty)")
    assert p.location.to_json() == {"file": p.location.file, "sheet": "Deck", "row": 2,
                                    "column": "C", "cell": "C2"}
    assert [c.cell for c in p.cells] == ["C2", "C3", "C4", "C5"]


def test_cost_message_says_rows_were_skipped(tmp_path):
    """Making your deck: "each deck is 100 points" — a skipped row is not counted, and
    the message says so."""
    rows = [*BASE[:2], ["Rooftop Shiv", "Assassin", 9, 4, "", None]]
    result = check(tmp_path, rows)
    costs = problems(result, "battlegate.deck.cost")
    # the cost follows from the skipped row: counted on that row's problem, or, when
    # listed, saying the skipped row is not counted
    assert costs or problems(result, "battlegate.card.power")[0].follows >= 1
    for p in costs:
        assert p.message == ("deck costs 80 points (not counting 1 skipped row), it must cost "
                             "exactly 100: 20 points too few; fix the skipped row first: it "
                             "is not counted")


# ------------------------------------------------------------------ deck.size

def test_size_17_passes(tmp_path):
    """Making your deck: "Decks can be anywhere from 17-100 cards". 17 cards at 100 points."""
    rows = [["Big", "Soldier", 6, 15, "", None], ["Small", "Minion", 5, 2, "", None]]
    result = check(tmp_path, rows)  # 15 + 2 = 17 cards, 90 + 10 = 100 points
    assert result.valid and rules_of(result) == []


def test_size_100_passes(tmp_path):
    """Making your deck: "Decks can be anywhere from 17-100 cards". 100 cards of power 1."""
    rows = [["Levy", "Soldier", 1, 100, "", None]]
    assert rules_of(check(tmp_path, rows)) == []


def test_size_sixteen_cards_fails(tmp_path):
    """Making your deck: "Decks can be anywhere from 17-100 cards" (16 cards of power 6
    cost only 96, so the cost fails too: 100 points need at least 17 cards)."""
    rows = [["Big", "Soldier", 6, 16, "", None]]
    result = check(tmp_path, rows)
    assert errors_of(result) == ["battlegate.deck.cost", "battlegate.deck.size"]
    (p,) = problems(result, "battlegate.deck.size")
    assert p.message == ("deck holds 16 cards, it must hold 17 to 100: 1 card too few (the "
                         "cards counted are at A2, Qty counted)")
    assert p.location.cell == "A2" and p.location.sheet == "Deck"


def test_size_too_many_fails(tmp_path):
    """Making your deck: "Decks can be anywhere from 17-100 cards" (101 cards)."""
    rows = [["Levy", "Soldier", 1, 100, "", None], ["Levy", "Soldier", 1, 1, "", None]]
    result = check(tmp_path, rows)
    (p,) = problems(result, "battlegate.deck.size")
    assert p.message == ("deck holds 101 cards, it must hold 17 to 100: 1 card too many (the "
                         "cards counted are at A2:A3, Qty counted)")


def test_empty_sheet_and_header_only_fail(tmp_path):
    """Making your deck: "Decks can be anywhere from 17-100 cards": a sheet with no card
    is no deck."""
    path = make_xlsx(tmp_path / "d.xlsx", {"Empty": [], "Header": [HEADER]})
    result = GAME.validate(ValidateRequest(path))
    assert [d.name for d in result.decks] == ["Empty", "Header"]
    assert errors_of(result) == ["battlegate.deck.size", "battlegate.deck.size"]
    assert "sheet.empty" in rules_of(result)


# ------------------------------------------------------------------ attack / defend

def test_only_minions_cannot_attack(tmp_path):
    """Minion: "May defend but not attack." A deck of minions can never attack (warning)."""
    result = check(tmp_path, [["Wall", "Minion", 5, 20, "", None]])
    assert result.valid
    (p,) = problems(result, "battlegate.deck.cannot-attack")
    assert p.severity == "warning" and p.location.row is None
    assert "battlegate.deck.cannot-defend" not in rules_of(result)


def test_only_assassins_cannot_defend(tmp_path):
    """Assassin: "May attack but not defend." A deck of assassins can never defend."""
    result = check(tmp_path, [["Knife", "Assassin", 5, 20, "", None]])
    assert result.valid
    (p,) = problems(result, "battlegate.deck.cannot-defend")
    assert p.severity == "warning"
    assert "battlegate.deck.cannot-attack" not in rules_of(result)


def test_minions_and_assassins_can_both(tmp_path):
    """Minion: "May defend"; Assassin: "May attack": together no warning."""
    rows = [["Wall", "Minion", 5, 10, "", None], ["Knife", "Assassin", 5, 10, "", None]]
    assert rules_of(check(tmp_path, rows)) == []


def test_soldiers_alone_can_both(tmp_path):
    """Soldier: "May attack and defend." """
    assert rules_of(check(tmp_path, [["Levy", "Soldier", 5, 20, "", None]])) == []


# ------------------------------------------------------------------ loader edge cases

@pytest.mark.parametrize(("qty", "found"), [(0, "got 0"), (-1, "got -1"), (2.5, "2.5"),
                                            ("x", "'x'")])
def test_bad_qty_located_and_row_skipped(tmp_path, qty, found):
    rows = [*BASE, ["Extra", "Soldier", 1, qty, "", None]]
    result = check(tmp_path, rows)
    (p,) = problems(result, "sheet.qty")
    assert p.location.cell == "D5" and found in p.message
    assert "battlegate.deck.cost" not in rules_of(result)  # base still 100 without it


def test_numbers_as_text_and_float(tmp_path):
    rows = [["Vale Pikeman", "Soldier", "5", "10", "", None],
            ["Moat Keeper", "Minion", 5.0, 6.0, "", None],
            ["Rooftop Shiv", "Assassin", " 5 ", 4, "", None]]
    assert rules_of(check(tmp_path, rows)) == []


def test_unknown_column_warned_and_ignored_columns_not(tmp_path):
    header = ["Name", "Class", "Powre", "Qty", "#mine", "Notes"]
    rows = [["Levy", "Soldier", 5, 20, "x", "y"]]
    result = check(tmp_path, rows, header=header)
    # `Powre` looks like the missing `Power`: one error at its cell, no warning besides
    (m,) = problems(result, "sheet.missing-column")
    assert m.location.cell == "C1" and "'Power'" in m.message and "'Powre'" in m.message
    # without its Power column the deck is not counted: no flood of row errors
    assert rules_of(result) == ["sheet.missing-column"]


def test_synonyms_and_header_case(tmp_path):
    header = [" card name ", "CLASS", "PWR", "Quantity", "Text", "Image"]
    rows = [["Levy", "Soldier", 5, 20, "Flavour", None]]
    assert rules_of(check(tmp_path, rows, header=header)) == []


def test_unicode_and_stray_spaces_in_names(tmp_path):
    rows = [["  Zoë\u00a0 Ironheart  ", "Soldier", 5, 10, "", None],
            ["Zoe\u0308 Ironheart", "Soldier", 5, 10, "", None]]
    result, decks = load_decks(ValidateRequest(
        make_xlsx(tmp_path / "u.xlsx", {"Ünïcode ⚔": [HEADER, *rows]})))
    assert rules_of(result) == []
    assert decks[0].name == "Ünïcode ⚔"
    assert {c.name for c in decks[0].cards} == {"Zoë Ironheart"}


def test_csv_is_one_deck_named_by_file(tmp_path):
    path = make_csv(tmp_path / "my army.csv", [HEADER, *BASE])
    result = GAME.validate(ValidateRequest(path))
    assert [d.name for d in result.decks] == ["my army"] and result.valid


def test_csv_semicolon_problem_located(tmp_path):
    rows = [*BASE, ["Bad", "Knight", 2, 1, "", ""]]
    path = make_csv(tmp_path / "deck.csv", [HEADER, *rows], delimiter=";")
    result = GAME.validate(ValidateRequest(path))
    (p,) = problems(result, "battlegate.card.class")
    assert p.location.sheet == "deck" and p.location.cell == "B5"


def test_formula_without_cached_value_is_located(tmp_path):
    rows = [*BASE[:2], ["Rooftop Shiv", "Assassin", "=2+3", 4, "", None]]
    (p,) = problems(check(tmp_path, rows), "sheet.formula-no-value")
    assert p.location.cell == "C4"


def test_every_problem_in_one_run(tmp_path):
    rows = [["A", "Wizard", 5, 10, "", None], ["B", "Soldier", 9, 10, "", None],
            ["C", "Minion", 5, 0, "", None], ["D", "Minion", 5, 20, "", None]]
    result = check(tmp_path, rows)
    # the deck costs its 100 points without the skipped rows, so what it then lacks is
    # not put down to them: every problem is listed
    assert rules_of(result) == ["sheet.qty", "battlegate.card.class", "battlegate.card.power",
                                "battlegate.deck.cannot-attack"]
    (p,) = problems(result, "battlegate.deck.cannot-attack")
    assert "(not counting 3 skipped rows)" in p.message


# ------------------------------------------------------------------ art

def test_art_inside_folder_resolves(tmp_path):
    (tmp_path / "art").mkdir()
    tiny_png(tmp_path / "art" / "levy.png")
    rows = [["Levy", "Soldier", 5, 20, "", "art\\levy.png"]]
    result, decks = load_decks(ValidateRequest(make_xlsx(tmp_path / "d.xlsx", {"D": [HEADER, *rows]})))
    assert rules_of(result) == []
    assert decks[0].cards[0].fields()["Art"] == str((tmp_path / "art" / "levy.png").resolve())


@pytest.mark.parametrize(("art", "rule", "severity"), [
    ("../outside.png", "battlegate.card.art", "error"),
    ("/etc/hostname", "battlegate.card.art", "error"),
    ("missing.png", "battlegate.card.art-missing", "warning")])
def test_art_outside_is_an_error_and_missing_art_a_warning(tmp_path, art, rule, severity):
    """One rule for every game (DESIGN.md: art resolves inside the workbook's folder)."""
    tiny_png(tmp_path / "outside.png")
    sub = tmp_path / "sub"
    sub.mkdir()
    rows = [["Levy", "Soldier", 5, 20, "", art]]
    result, decks = load_decks(ValidateRequest(make_xlsx(sub / "d.xlsx", {"D": [HEADER, *rows]})))
    (p,) = problems(result, rule)
    assert p.severity == severity and p.location.cell == "F2"
    assert result.valid == (severity == "warning")
    assert decks[0].cards[0].fields()["Art"] is None


# ------------------------------------------------------------------ load_decks, options

def test_load_decks_expands_qty_in_order(tmp_path):
    path = make_xlsx(tmp_path / "d.xlsx", {"A": [HEADER, *BASE], "B": [HEADER, BASE[0]]})
    result, decks = load_decks(ValidateRequest(path))
    assert [d.name for d in decks] == ["A", "B"] and [d.valid for d in decks] == [True, False]
    cards = decks[0].cards
    assert len(cards) == 20 and all(isinstance(c, Card) for c in cards)
    assert [c.name for c in cards[9:11]] == ["Vale Pikeman", "Moat Keeper"]
    assert (cards[0].name, cards[0].klass, cards[0].power) == ("Vale Pikeman", "Soldier", 5)
    assert cards[0].can_attack and cards[0].can_defend
    assert not cards[10].can_attack and not cards[19].can_defend
    assert decks[0].catalog is None and decks[0].format == "standard"
    assert cards[0].fields() == {"Name": "Vale Pikeman", "Class": "Soldier", "Power": 5,
                                 "Description": "Long reach.", "Art": None}


def test_load_decks_one_sheet(tmp_path):
    path = make_xlsx(tmp_path / "d.xlsx", {"A": [HEADER, *BASE], "B": [HEADER, BASE[0]]})
    result, decks = load_decks(ValidateRequest(path, sheet="b"))
    assert [d.name for d in decks] == ["B"] and not result.valid


def test_format_standard_accepted_other_refused(tmp_path):
    assert check(tmp_path, BASE, fmt="Standard").valid
    with pytest.raises(InputError, match="no format 'quick'"):
        check(tmp_path, BASE, fmt="quick")
    assert GAME.formats(None) == ["standard"]


def test_catalog_option_refused(tmp_path):
    path = make_xlsx(tmp_path / "d.xlsx", {"A": [HEADER, *BASE]})
    with pytest.raises(InputError, match="no catalog"):
        GAME.validate(ValidateRequest(path, catalog=path))


def test_huge_qty_is_reported_not_expanded(tmp_path):
    """A typo like Qty 1000000 is a size error; load_decks does not build a million cards."""
    rows = [["Levy", "Soldier", 1, 1_000_000, "", None]]
    result, decks = load_decks(ValidateRequest(make_xlsx(tmp_path / "d.xlsx", {"D": [HEADER, *rows]})))
    # the row is skipped at its Qty cell; the deck's size then follows from it
    assert errors_of(result) == ["sheet.qty"]
    (p,) = problems(result, "sheet.qty")
    assert p.location.cell == "D2" and p.follows >= 1
    assert decks[0].cards == [] and not decks[0].valid
