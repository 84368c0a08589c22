"""The `cards` game's validation: the layout's columns and each deck rule, broken and located."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import errors_of, make_csv, make_xlsx, rules_of
from toolkit.core.errors import InputError, LayoutError
from toolkit.core.registry import ValidateRequest, get_game
from toolkit.games.cards.rules import NAMES

HEADER = ("Name", "Type", "Cost", "Qty", "Text")
CARDS = [("Ember", "Creature", 1, 2, "Burn."), ("Tide", "Spell", 2, 1, "Wash."),
         ("Stone", "Land", 0, 1, "")]

LAYOUT = """
[card]
size = "poker"
[front.name]
kind = "text"
text = "{Name} ({Type})"
[front.cost]
kind = "text"
when = "Cost"
text = "{Cost}"
y = "40mm"
"""


def validate(path: Path, sheet: str | None = None, layout: Path | None = None):
    return get_game("cards").validate(ValidateRequest(path, sheet, layout=layout))


def problems(result, rule: str):
    return [p for d in result.decks for p in d.report.problems if p.rule == rule]


def workbook(tmp_path: Path, rules: list[tuple] | None = None, deck=None, **more) -> Path:
    sheets = {"Deck": [HEADER, *(deck if deck is not None else CARDS)], **more}
    if rules is not None:
        sheets["Rules"] = [("Rule", "Column", "Value", "Min", "Max", "Deck"), *rules]
    return make_xlsx(tmp_path / "cards.xlsx", sheets)


def test_a_plain_sheet_is_valid_with_the_builtin_layout(tmp_path):
    result = validate(workbook(tmp_path))
    assert result.valid, rules_of(result)
    assert [d.name for d in result.decks] == ["Deck"]


def test_a_sheet_with_none_of_the_builtin_columns_is_still_valid(tmp_path):
    path = make_csv(tmp_path / "odd.csv", [("Colour", "Shape"), ("red", "round")])
    result = validate(path)
    assert result.valid, rules_of(result)


def test_layout_column_the_sheet_lacks_is_an_error_at_the_header(tmp_path):
    layout = tmp_path / "mine.toml"
    layout.write_text(LAYOUT.replace("{Type}", "{Faction}"), encoding="utf-8")
    result = validate(workbook(tmp_path), layout=layout)
    [p] = problems(result, "cards.layout.column")
    assert p.location.sheet == "Deck" and p.location.row == 1 and p.location.cell is None
    assert "box 'name'" in p.message and "mine.toml" in p.message and "'Faction'" in p.message
    assert not result.valid


def test_a_box_guarded_by_a_missing_column_is_a_warning_only(tmp_path):
    layout = tmp_path / "mine.toml"
    layout.write_text(LAYOUT.replace('"Cost"', '"Price"').replace("{Cost}", "{Price}"),
                      encoding="utf-8")
    result = validate(workbook(tmp_path), layout=layout)
    assert result.valid
    [p] = problems(result, "cards.layout.unused-box")
    assert p.severity == "warning" and "box 'cost'" in p.message


def test_layout_beside_the_workbook_is_the_one_checked(tmp_path):
    (tmp_path / "layouts" / "cards").mkdir(parents=True)
    (tmp_path / "layouts" / "cards" / "card.toml").write_text(
        LAYOUT.replace("{Type}", "{Rarity}"), encoding="utf-8")
    result = validate(workbook(tmp_path))
    assert errors_of(result) == ["cards.layout.column"]


def test_deck_size_exact_and_range(tmp_path):
    result = validate(workbook(tmp_path, [("deck size", None, 10, None, None, None)]))
    [p] = problems(result, "cards.rule.size")
    assert p.location.sheet == "Deck" and "holds 4 cards" in p.message and "6 cards too few" \
        in p.message and "Rules › row 2" in p.message
    assert validate(workbook(tmp_path, [("deck size", None, None, 2, 4, None)])).valid


def test_copies_per_card_counts_qty_and_points_at_the_name_cells(tmp_path):
    deck = [*CARDS, ("Ember", "Creature", 1, 1, "Burn.")]
    result = validate(workbook(tmp_path, [("copies", None, None, None, 2, None)], deck=deck))
    [p] = problems(result, "cards.rule.copies")
    assert p.location.cell == "A2" and [c.cell for c in p.cells] == ["A2", "A5"]
    assert "3 copies" in p.message


def test_copies_by_another_column(tmp_path):
    result = validate(workbook(tmp_path, [("copies", "Type", 1, None, None, None)]))
    [p] = problems(result, "cards.rule.copies")
    assert p.location.cell == "B2" and "'Creature' has 2 copies" in p.message


def test_allowed_values_each_bad_cell(tmp_path):
    result = validate(workbook(tmp_path, [("allowed values", "Type", "Creature; Spell",
                                           None, None, None)]))
    [p] = problems(result, "cards.rule.values")
    assert p.location.cell == "B4" and "'Land'" in p.message


def test_sum_of_a_column_within_a_range(tmp_path):
    result = validate(workbook(tmp_path, [("sum", "Cost", None, 5, None, None)]))
    [p] = problems(result, "cards.rule.sum")
    assert p.location.sheet == "Deck" and "adds up to 4" in p.message  # 1×2 + 2 + 0
    assert validate(workbook(tmp_path, [("sum", "Cost", 4, None, None, None)])).valid


def test_a_summed_cell_that_is_no_number_is_located(tmp_path):
    deck = [*CARDS, ("Odd", "Spell", "X", 1, "")]
    result = validate(workbook(tmp_path, [("sum", "Cost", None, None, 10, None)], deck=deck))
    [p] = problems(result, "cards.rule.sum")
    assert p.location.cell == "C5"


def test_a_rule_naming_a_missing_column_is_an_error_at_its_cell(tmp_path):
    result = validate(workbook(tmp_path, [("sum", "Gold", None, None, 10, None)]))
    [p] = problems(result, "cards.rule.column")
    assert p.location.sheet == "Rules" and p.location.cell == "B2"
    assert "'Gold'" in p.message and "'Deck'" in p.message


@pytest.mark.parametrize(("row", "cell"), [
    (("deck sise", None, 40, None, None, None), "A2"),
    (("deck size", None, None, None, None, None), "C2"),
    (("deck size", None, None, 10, 5, None), "D2"),
    (("sum", None, None, 1, 2, None), "B2"),
    (("copies", None, None, 1, None, None), "D2"),
    (("allowed values", "Type", None, None, None, None), "C2"),
    (("deck size", None, "lots", None, None, None), "C2"),
])
def test_a_malformed_rule_is_an_error_at_its_rules_cell(tmp_path, row, cell):
    result = validate(workbook(tmp_path, [row]))
    [p] = problems(result, "cards.rule.bad")
    assert p.location.sheet == "Rules" and p.location.cell == cell
    assert not result.valid


def test_a_rule_for_one_deck_only(tmp_path):
    other = [HEADER, ("Solo", "Spell", 1, 1, "")]
    path = workbook(tmp_path, [("deck size", None, 4, None, None, "Deck")], Other=other)
    result = validate(path)
    assert result.valid, rules_of(result)
    path = workbook(tmp_path, [("deck size", None, 4, None, None, "Missing")], Other=other)
    assert "cards.rule.deck" in rules_of(validate(path))


def test_layout_rules(tmp_path):
    layout = tmp_path / "mine.toml"
    layout.write_text(LAYOUT + """
[rules]
size = { min = 5 }
copies = 1
values = { Type = ["Creature", "Spell"] }
sum = { Cost = { max = 3 } }
""", encoding="utf-8")
    result = validate(workbook(tmp_path), layout=layout)
    assert sorted(errors_of(result)) == ["cards.rule.copies", "cards.rule.size",
                                         "cards.rule.sum", "cards.rule.values"]
    [size] = problems(result, "cards.rule.size")
    assert "mine.toml › [rules] size" in size.message


def test_a_malformed_layout_rule_is_a_layout_error(tmp_path):
    layout = tmp_path / "mine.toml"
    layout.write_text(LAYOUT + "\n[rules]\nsize = { min = 9, max = 2 }\n", encoding="utf-8")
    with pytest.raises(LayoutError, match=r"\[rules\] size"):
        validate(workbook(tmp_path), layout=layout)


def test_csv_is_one_deck_and_qty_repeats_rows(tmp_path):
    path = make_csv(tmp_path / "deck.csv", [("Title", "Qty", "Art"), ("Alpha", 3, ""),
                                            ("", "", ""), ("Beta", "", "")])
    result, decks = get_game("cards").load_decks(ValidateRequest(path))
    assert result.valid, rules_of(result)
    [deck] = decks
    assert [c.name for c in deck.cards] == ["Alpha"] * 3 + ["Beta"]
    assert deck.cards[0].fields()["Title"] == "Alpha"  # the columns as the sheet has them


def test_bad_qty_and_art_are_located(tmp_path):
    path = make_csv(tmp_path / "deck.csv", [("Name", "Qty", "Art"), ("Alpha", "two", ""),
                                            ("Beta", 1, "../x.png"), ("Gamma", 1, "no.png")])
    result = validate(path)
    found = {p.rule: p.location.cell for d in result.decks for p in d.report.problems}
    assert found == {"sheet.qty": "B2", "cards.card.art": "C3", "cards.card.art-missing": "C4"}


def test_numbers_stay_numbers(tmp_path):
    _, [deck] = get_game("cards").load_decks(ValidateRequest(workbook(tmp_path)))
    assert deck.cards[2].fields()["Cost"] == 2 and deck.cards[0].fields()["Text"] == "Burn."


def test_a_header_without_cards_is_an_error(tmp_path):
    result = validate(workbook(tmp_path, deck=[]))
    assert errors_of(result) == ["cards.deck.empty"]


def test_format_and_catalog_are_refused(tmp_path):
    path = workbook(tmp_path)
    with pytest.raises(InputError, match="no formats"):
        get_game("cards").validate(ValidateRequest(path, format="standard"))
    with pytest.raises(InputError, match="no catalog"):
        get_game("cards").validate(ValidateRequest(path, catalog=path))


def test_every_rule_id_is_documented():
    from tests.helpers import ROOT

    code = "".join(p.read_text(encoding="utf-8")
                   for p in (ROOT / "toolkit" / "games" / "cards").glob("*.py"))
    used = set(re.findall(r'GAME_ID}\.([a-z.-]+)"', code))
    assert {"rule.bad", "layout.column", "card.art"} <= used
    used |= {f"rule.{kind}" for kind in NAMES}  # a broken rule's id is its kind
    docs = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    assert [rule for rule in sorted(used) if f"`cards.{rule}`" not in docs] == []
