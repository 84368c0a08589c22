"""WarBadge construction rules: each rule id with a passing and a failing case.

Line numbers cite the first copy of the rulebook in shared/rules/warbadge.md.
"""

from __future__ import annotations

import pytest

from tests.helpers import errors_of, make_xlsx, rules_of
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.games.warbadge import GAME
from toolkit.games.warbadge.models import ABILITIES

HEADER = ["Name", "Rank", "Value", "Types", "Strengths", "Weaknesses", "Abilities", "Text", "Art"]
BADGES = [
    ["Gold Three", "Gold", 3, "Blade, Armor", "Abomination", "Magic", "Protect", "", None],
    ["Gold Two", "Gold", 2, "Holy", "", "", "", "", None],
    ["Silver Two", "Silver", 2, "Ranged", "Flying", "Stealth", "", "", None],
    ["Silver One", "Silver", 1, "Magic", "", "", "", "", None],
    ["Bronze One", "Bronze", 1, "Stealth", "", "", "Fast", "", None],
    ["Bronze Two", "Bronze", 2, "Flying", "", "", "Swarm", "", None],
]
STANDARD = [["Badge", "Qty"], ["Gold Three", 1], ["Silver Two", 2], ["Bronze One", 3]]
"""1 Gold + 2 Silver + 3 Bronze, value 3 + 2*2 + 3*1 = 10."""
QUICK = [["Badge"], ["Gold Three"], ["Silver Two"], ["Bronze One"], ["Bronze One"]]
"""1 Gold + 1 Silver + 2 Bronze, value 3 + 2 + 1 + 1 = 7."""
FORMATS_HEADER = ["Name", "Badges", "Gold", "Silver", "Bronze", "Total Value", "Rounds"]


def run(tmp_path, *, badges=None, teams=None, extra=None, fmt=None, sheet=None):
    """Validate a workbook holding a Badges sheet, the given teams and extra sheets."""
    sheets = {"Badges": [HEADER, *(BADGES if badges is None else badges)]}
    sheets.update(extra or {})
    sheets.update(teams if teams is not None else {"Team": STANDARD})
    path = make_xlsx(tmp_path / "wb.xlsx", sheets)
    return GAME.validate(ValidateRequest(path, sheet, None, fmt))


def only(result, rule):
    """The problems of one rule id."""
    return [p for d in result.decks for p in d.report.problems if p.rule == rule]


def with_badge(**changes):
    """BADGES plus one extra badge row 'Probe' (row 8) with fields changed by header."""
    row = dict(zip(HEADER, ["Probe", "Bronze", 1, "Blade", "", "", "", "", None], strict=True))
    row.update(changes)
    return [*BADGES, [row[h] for h in HEADER]]


def test_baseline_is_valid(tmp_path):
    result = run(tmp_path)
    assert result.valid, rules_of(result)
    assert [d.format for d in result.decks] == [None, "standard"]


# ---------------------------------------------------------------- catalog: badges

@pytest.mark.parametrize("value", [1, 2, 3, "3", 2.0])
def test_value_in_range_passes(tmp_path, value):
    """Properties (line 41): "Each WarBadge has a value of 1-3 and up to four properties." """
    assert run(tmp_path, badges=with_badge(Value=value)).valid


@pytest.mark.parametrize("value, shown", [(4, "got 4"), (0, "got 0"), ("x", "'x'"),
                                          (None, "empty cell")])
def test_value_out_of_range_fails_at_cell(tmp_path, value, shown):
    """Properties (line 41): "Each WarBadge has a value of 1-3 and up to four properties." """
    result = run(tmp_path, badges=with_badge(Value=value))
    [p] = only(result, "warbadge.badge.value")
    assert (p.location.sheet, p.location.cell, p.location.header) == ("Badges", "C8", "Value")
    assert shown in p.message and p.message.startswith("Value must be")


def test_rank_case_insensitive_passes_and_unknown_fails(tmp_path):
    """Setup (line 99): "... 1 Gold, 2 Silver and 3 Bronze ..." - the three ranks."""
    assert run(tmp_path, badges=with_badge(Rank="silver")).valid
    [p] = only(run(tmp_path, badges=with_badge(Rank="Bronz")), "warbadge.badge.rank")
    assert p.location.cell == "B8"
    assert "Gold, Silver, Bronze" in p.message and "did you mean 'Bronze'" in p.message


@pytest.mark.parametrize("types", ["Blade", "Blade, Armor, Holy, Magic", "blade; armor"])
def test_one_to_four_types_pass(tmp_path, types):
    """Properties (line 47): "Types: Each WarBadge has between 1 and 4 Types." """
    assert run(tmp_path, badges=with_badge(Types=types)).valid


@pytest.mark.parametrize("types, found", [(None, "got none"),
                                          ("Blade, Armor, Holy, Magic, Flying", "got 5")])
def test_zero_or_five_types_fail(tmp_path, types, found):
    """Properties (line 47): "Types: Each WarBadge has between 1 and 4 Types." """
    [p] = only(run(tmp_path, badges=with_badge(Types=types)), "warbadge.badge.types")
    assert p.location.cell == "D8" and found in p.message


def test_repeated_type_counts_once_with_a_warning(tmp_path):
    """Properties (line 47): a repeated type is still one type; the repeat is warned."""
    result = run(tmp_path, badges=with_badge(Types="Blade, blade, Armor, Holy, Magic"))
    assert result.valid
    [p] = only(result, "warbadge.badge.repeated")
    assert p.severity == "warning" and p.location.cell == "D8"


@pytest.mark.parametrize("column, cell", [("Types", "D8"), ("Strengths", "E8"),
                                          ("Weaknesses", "F8")])
def test_unknown_type_fails_with_did_you_mean(tmp_path, column, cell):
    """Types (line 63): the eight types; Strengths (line 57): "strong against the type
    indicated"; Weaknesses (line 59): "weak against the type indicated"."""
    [p] = only(run(tmp_path, badges=with_badge(**{column: "Armour"})),
               "warbadge.badge.type-unknown")
    assert p.location.cell == cell and "did you mean 'Armor'" in p.message


def test_known_types_in_any_case_pass(tmp_path):
    """Types (line 63): Ranged, Magic, Stealth, Flying, Blade, Holy, Abomination, Armor."""
    result = run(tmp_path, badges=with_badge(Types="ranged, MAGIC", Strengths="abomination",
                                              Weaknesses="Holy, stealth"))
    assert result.valid


def test_every_rulebook_ability_passes(tmp_path):
    """Abilities (line 173): the nineteen abilities Altruism ... Swarm."""
    assert run(tmp_path, badges=with_badge(Abilities=", ".join(a.lower() for a in ABILITIES))).valid


def test_unknown_ability_fails_with_did_you_mean(tmp_path):
    """Abilities (line 173): only the rulebook's nineteen abilities exist."""
    [p] = only(run(tmp_path, badges=with_badge(Abilities="Fast, Regenrate")),
               "warbadge.badge.ability-unknown")
    assert p.location.cell == "G8" and "did you mean 'Regenerate'" in p.message


def test_missing_name_fails(tmp_path):
    """A badge is named so that teams can choose it (Setup, line 99)."""
    [p] = only(run(tmp_path, badges=with_badge(Name=None)), "warbadge.badge.name")
    assert p.location.cell == "A8"


def test_duplicate_badge_name_fails_at_the_second(tmp_path):
    """Drafting (line 105): badges are chosen by name from a common pool, so names are unique."""
    result = run(tmp_path, badges=with_badge(Name=" gold  THREE "))
    [p] = only(result, "warbadge.badge.duplicate")
    assert p.location.cell == "A8" and "row 2" in p.message
    assert errors_of(result) == ["warbadge.badge.duplicate"]  # the team still uses row 2


def test_team_naming_an_invalid_badge_is_told_at_its_cell(tmp_path):
    """A badge whose catalog row breaks a rule cannot join a team; the team cell says why."""
    badges = [list(b) for b in BADGES]
    badges[0][2] = 5  # Gold Three: value 5
    result = run(tmp_path, badges=badges)
    [p] = only(result, "warbadge.team.invalid-badge")
    assert (p.location.sheet, p.location.cell) == ("Team", "A2")
    assert "Badges › row 2" in p.message
    assert not only(result, "warbadge.team.unknown-badge")


# ---------------------------------------------------------------- catalog: Types sheet

def test_types_sheet_replaces_the_vocabulary(tmp_path):
    """Types (line 63) lists eight types; a Types sheet is the designer's own vocabulary
    (Mount, line 247, already speaks of beast and machine types)."""
    types = {"Types": [["Name", "Symbol"], ["Beast", "Bs"], ["Machine", ""]]}
    badges = [["Wolf", "Gold", 3, "Beast", "Machine", "", "", "", None]]
    team = {"Team": [["Badge"], ["Wolf"]]}
    result = run(tmp_path, badges=badges, extra=types, teams=team, fmt=None)
    assert only(result, "warbadge.badge.type-unknown") == []
    result = run(tmp_path, badges=[["Wolf", "Gold", 3, "Blade", "", "", "", "", None]],
                 extra=types, teams=team)
    [p] = only(result, "warbadge.badge.type-unknown")
    assert "Beast, Machine" in p.message


def test_types_sheet_duplicates_and_commas_fail(tmp_path):
    """A type name is used inside comma-separated cells, and must be unique."""
    types = {"Types": [["Name"], ["Beast"], ["beast"], ["Fire, Ice"]]}
    result = run(tmp_path, badges=[["Wolf", "Gold", 3, "Beast", "", "", "", "", None]],
                 extra=types, teams={})
    [dup] = only(result, "warbadge.types.duplicate")
    [name] = only(result, "warbadge.types.name")
    assert (dup.location.sheet, dup.location.cell, name.location.cell) == ("Types", "A3", "A4")


def test_empty_types_sheet_warns_and_keeps_the_eight(tmp_path):
    """Types (line 63): without listed types the rulebook's eight apply."""
    result = run(tmp_path, extra={"Types": [["Name", "Symbol"]]})
    assert result.valid
    assert [p.severity for p in only(result, "warbadge.types.empty")] == ["warning"]


# ---------------------------------------------------------------- catalog: Formats sheet

def formats(*rows):
    """A Formats sheet."""
    return {"Formats": [FORMATS_HEADER, *rows]}


def test_custom_format_is_used_and_inferred(tmp_path):
    """Alternate Formats (line 293): "Decide the required total value of each team as well
    as the required badge ranks." """
    team = {"Duo": [["Badge"], ["Gold Two"], ["Bronze One"]]}
    result = run(tmp_path, teams=team, extra=formats(["duo", 2, 1, 0, 1, 3, 1]))
    assert result.valid and result.decks[-1].format == "duo"
    result = run(tmp_path, teams=team, extra=formats(["Duo", 2, 1, 0, 1, 3, 1]), fmt="DUO")
    assert result.valid and result.decks[-1].format == "Duo"
    result = run(tmp_path, teams=team, extra=formats(["duo", 2, 1, 0, 1, 4, 1]))
    [p] = only(result, "warbadge.team.total-value")
    assert p.message == ("total value is 3, the duo format needs exactly 4: 1 too few; "
                         "swapping Gold Two (Gold, value 2, A2) for Gold Three (Gold, value 3) "
                         "would fix it")
    assert GAME.formats(tmp_path / "wb.xlsx") == ["standard", "quick", "duo"]


@pytest.mark.parametrize("row, cell, words", [
    (["duo", 3, 1, 0, 1, 3, 1], "B2", "Gold + Silver + Bronze is 2"),
    (["duo", 2, 1, 0, 1, 7, 1], "F2", "between 2 and 6"),
    (["duo", 2, 1, 0, 1, 1, 1], "F2", "between 2 and 6"),
])
def test_inconsistent_format_fails(tmp_path, row, cell, words):
    """Alternate Formats (line 293): a fixed number of badges and a fixed total value,
    which badges worth 1-3 each (line 41) must be able to reach."""
    result = run(tmp_path, extra=formats(row))
    [p] = only(result, "warbadge.format.inconsistent")
    assert (p.location.sheet, p.location.cell) == ("Formats", cell) and words in p.message
    assert "duo" not in GAME.formats(tmp_path / "wb.xlsx")


@pytest.mark.parametrize("row, cell", [(["duo", 2, -1, 2, 1, 4, 1], "C2"),
                                       (["duo", 2, 1, 0, 1, 3, 0], "G2"),
                                       (["duo", 0, 0, 0, 0, 0, 1], "B2"),
                                       (["duo", 2, 1, 0, 1, "x", 1], "F2")])
def test_bad_format_numbers_fail(tmp_path, row, cell):
    """Rank counts are 0 or more, a team has at least one badge and a game at least one round."""
    [p] = only(run(tmp_path, extra=formats(row)), "warbadge.format.number")
    assert p.location.cell == cell


def test_format_shadowing_builtin_or_repeated_fails(tmp_path):
    """Setup (line 99) and Quick Game Format (line 113) define standard and quick."""
    result = run(tmp_path, extra=formats(["Quick", 4, 1, 1, 2, 8, 2], ["duo", 2, 1, 0, 1, 3, 1],
                                          ["DUO", 2, 1, 1, 0, 3, 1]))
    [shadow] = only(result, "warbadge.format.builtin")
    [dup] = only(result, "warbadge.format.duplicate")
    assert (shadow.location.cell, dup.location.cell) == ("A2", "A4")
    assert result.decks[-1].valid  # the standard team is still checked against the built-in


def test_team_with_format_whose_row_is_invalid(tmp_path):
    """An unusable custom format is reported at the team, pointing at its row."""
    result = run(tmp_path, extra=formats(["duo", 3, 1, 0, 1, 3, 1]), fmt="duo")
    [p] = only(result, "warbadge.format.unknown")
    assert "Formats › row 2" in p.message


# ---------------------------------------------------------------- teams

def test_standard_team_size(tmp_path):
    """Setup (line 99): "each player secretly chooses 6 WarBadges to use" """
    result = run(tmp_path, teams={"Team": [*STANDARD, ["Bronze One", 1]]}, fmt="standard")
    [p] = only(result, "warbadge.team.size")
    assert p.message == "the team has 7 badges, the standard format needs exactly 6"
    assert (p.location.sheet, p.location.cell) == ("Team", "A5")  # where the 7th badge is
    result = run(tmp_path, teams={"Team": STANDARD[:-1]}, fmt="standard")
    [p] = only(result, "warbadge.team.size")
    assert p.location.row is None and "has 3 badges" in p.message


def test_standard_team_ranks(tmp_path):
    """Setup (line 99): "1 Gold, 2 Silver and 3 Bronze" """
    team = [["Badge"], ["Gold Three"], ["Gold Two"], ["Silver One"], ["Bronze One"],
            ["Bronze Two"], ["Bronze One"]]  # 2 Gold, 1 Silver, 3 Bronze; value 10
    result = run(tmp_path, teams={"Team": team})
    gold, silver = only(result, "warbadge.team.ranks")
    assert gold.message == "the team has 2 Gold badges, the standard format needs exactly 1"
    assert gold.location.cell == "A3"  # the second Gold badge
    assert "1 Silver badges" in silver.message and silver.location.row is None
    assert not only(result, "warbadge.team.total-value")


def test_standard_team_total_value(tmp_path):
    """Setup (line 99): "with a total value of exactly 10" """
    team = [["Badge", "Qty"], ["Gold Three", 1], ["Silver Two", 2], ["Bronze Two", 1],
            ["Bronze One", 2]]
    [p] = only(run(tmp_path, teams={"Team": team}), "warbadge.team.total-value")
    assert p.message == ("total value is 11, the standard format needs exactly 10: 1 too many; "
                         "swapping Gold Three (Gold, value 3, A2) for Gold Two (Gold, value 2) "
                         "would fix it")
    # located at the first badge counted; every counted row's Badge cell is listed
    assert (p.location.sheet, p.location.cell) == ("Team", "A2")
    assert [c.cell for c in p.cells] == ["A2", "A3", "A4", "A5"]


def test_quick_team(tmp_path):
    """Quick Game Format (line 113): "4 WarBadges: 1 Gold, 1 Silver and 2 Bronze, with a
    total value of 7" """
    result = run(tmp_path, teams={"Q": QUICK})
    assert result.valid and result.decks[-1].format == "quick"
    bad = [["Badge"], ["Gold Three"], ["Silver Two"], ["Bronze One"], ["Bronze Two"]]
    assert errors_of(run(tmp_path, teams={"Q": bad})) == ["warbadge.team.total-value"]
    result = run(tmp_path, teams={"Q": STANDARD}, fmt="quick")
    assert set(errors_of(result)) == {"warbadge.team.size", "warbadge.team.ranks",
                                      "warbadge.team.total-value"}


def test_repeats_of_one_badge_are_allowed(tmp_path):
    """The rulebook sets no limit on copies of one badge (FORMATS.md): Bronze One x3 passes."""
    assert run(tmp_path, teams={"Team": STANDARD}).valid


def test_unknown_badge_with_did_you_mean(tmp_path):
    """Setup (line 99): players choose badges that exist in the catalog."""
    team = [["Badge"], ["Gold Thre"], ["Silver Two"], ["Silver Two"], ["Bronze One"],
            ["Bronze One"], ["Bronze One"]]
    result = run(tmp_path, teams={"Team": team})
    [p] = only(result, "warbadge.team.unknown-badge")
    assert p.location.cell == "A2" and "did you mean 'Gold Three'" in p.message
    assert errors_of(result) == ["warbadge.team.unknown-badge"]  # no guesswork on value


def test_unknown_format_with_did_you_mean(tmp_path):
    """Quick Game Format (line 113) and Setup (line 99) name the built-in formats."""
    with pytest.raises(InputError, match="did you mean 'quick'"):  # misuse: exit 2
        run(tmp_path, fmt="quik")
    assert run(tmp_path, fmt=" Standard ").valid


def test_format_inferred_from_size(tmp_path):
    """Without --format: 6 badges → standard, 4 → quick, else standard (with a hint)."""
    result = run(tmp_path, teams={"A": STANDARD, "B": QUICK, "C": QUICK[:-1]})
    assert [d.format for d in result.decks[1:]] == ["standard", "quick", "standard"]
    [p] = only(result, "warbadge.team.size")
    assert p.location.sheet == "C" and "no format has 3 badges" in p.message


def test_workbook_with_formats_but_no_badges(tmp_path):
    """A workbook holding catalog sheets is the catalog, so it needs its Badges sheet."""
    path = make_xlsx(tmp_path / "t.xlsx", {**formats(["duo", 2, 1, 0, 1, 3, 1]),
                                           "Team": STANDARD})
    result = GAME.validate(ValidateRequest(path))
    assert errors_of(result)[0] == "warbadge.catalog.no-badges"
    assert set(errors_of(result)[1:]) == {"warbadge.team.no-catalog"}


def test_catalog_problems_are_reported_at_the_catalog_file(tmp_path):
    """A problem in a catalog is reported at its own file and cell (FORMATS.md)."""
    cat = make_xlsx(tmp_path / "cat.xlsx", {"Badges": [HEADER, *with_badge(Value=9)]})
    team = make_xlsx(tmp_path / "team.xlsx", {"Team": STANDARD})
    result = GAME.validate(ValidateRequest(team, None, cat, None))
    [p] = only(result, "warbadge.badge.value")
    assert p.location.file.endswith("cat.xlsx") and p.location.cell == "C8"
    assert result.decks[0].kind == "catalog" and result.decks[1].valid
    assert not result.valid
