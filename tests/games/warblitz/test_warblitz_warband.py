"""Warband composition: every "Warband Construction" rule passes and fails.

The rulebook's section "Warband Construction" (shared/rules/warblitz.md) is quoted in
each test. The legal base warband is the template's example, against its own catalog.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.warblitz.extra_cards import EXTRA
from tests.helpers import errors_of, make_xlsx, rules_of
from toolkit.core.registry import ValidateRequest
from toolkit.games.warblitz import GAME
from toolkit.games.warblitz.template import EXAMPLE_WARBAND, example_sheets


def build(tmp_path: Path, cards: list[tuple[str, int]], name: str = "W") -> Path:
    """A workbook: the template's catalog plus EXTRA, and one warband sheet `name`."""
    sheets = example_sheets()
    del sheets["Example Warband"]
    for sheet, records in EXTRA.items():
        header = sheets[sheet][0]
        sheets[sheet] += [[r.get(h) for h in header] for r in records]
    sheets[name] = [["Card", "Qty"], *[[c, q] for c, q in cards]]
    return make_xlsx(tmp_path / "w.xlsx", sheets)


def check(tmp_path: Path, cards: list[tuple[str, int]]):
    """Validate a warband of `cards` against the example catalog."""
    return GAME.validate(ValidateRequest(build(tmp_path, cards)))


def replace(old: str, *new: tuple[str, int]) -> list[tuple[str, int]]:
    """The legal example warband with the row of card `old` replaced by `new` rows."""
    out: list[tuple[str, int]] = []
    for card, qty in EXAMPLE_WARBAND:
        out.extend(new if card == old else [(card, qty)])
    return out


def problems(result, rule: str):
    """The problems of one rule."""
    return [p for d in result.decks for p in d.report.problems if p.rule == rule]


def test_the_example_warband_is_legal(tmp_path):
    """"All Warbands are to contain: 1 Commander, 3 Elite unit (1x MEL, 1x RNG, 1x
    Special), 12 Common unit (4x MEL, 4x RNG, 4x Special) ... 2 Epic Events, 6 Common
    Events (2x three different Common Events), 1 Epic Relic, 2 Common Relics (2 different
    relics)" (Warband Construction): the passing case of every warband rule."""
    result = check(tmp_path, EXAMPLE_WARBAND)
    assert result.valid
    assert rules_of(result) == []
    deck = result.decks[-1]
    assert deck.name == "W" and deck.format == "standard"


def test_size_counts_every_listed_card(tmp_path):
    """Warband Construction: the slots add up to 27 cards."""
    result = check(tmp_path, [*EXAMPLE_WARBAND, ("Spear Recruit", 1)])
    (p,) = problems(result, "warblitz.warband.size")
    assert p.message.startswith("the warband holds 28 cards, it needs 27: 1 too many "
                                "(the cards counted are at ")
    assert p.location.row == 2 and len(p.cells) == len(EXAMPLE_WARBAND) + 1


def test_empty_warband_is_one_size_error(tmp_path):
    """Warband Construction: an empty sheet holds none of the 27 cards."""
    result = check(tmp_path, [])
    assert errors_of(result) == ["warblitz.warband.size"]


def test_commander_exactly_one(tmp_path):
    """Warband Construction: "1 Commander"."""
    none = check(tmp_path, replace("Warden Ysolde"))
    (p,) = problems(none, "warblitz.warband.commander")
    assert p.message == "0 Commanders (need 1)"
    two = check(tmp_path, replace("Warden Ysolde", ("Warden Ysolde", 1), ("Warden Tomas", 1)))
    (p,) = problems(two, "warblitz.warband.commander")
    assert p.message == "2 Commanders (need 1): Warden Ysolde, Warden Tomas"
    assert p.location.cell == "A3"  # the second Commander's row


def test_elites_one_of_each_class(tmp_path):
    """Warband Construction: "3 Elite unit (1x MEL, 1x RNG, 1x Special)"."""
    result = check(tmp_path, replace("Bannerblade", ("Duelist", 1), ("Bannerblade", 1)))
    (p,) = problems(result, "warblitz.warband.elites")
    assert p.message == "2 Melee Elite units (need 1): Duelist, Bannerblade"
    assert p.location.cell == "A4"
    result = check(tmp_path, replace("Hexwright"))
    (p,) = problems(result, "warblitz.warband.elites")
    assert p.message == "0 Special Elite units (need 1)"


def test_commons_four_of_each_class(tmp_path):
    """Warband Construction: "12 Common unit (4x MEL, 4x RNG, 4x Special)"."""
    result = check(tmp_path, replace("Spear Recruit", ("Spear Recruit", 3)))
    (p,) = problems(result, "warblitz.warband.commons")
    assert p.message == "3 Melee Common units (need 4): Spear Recruit x3"
    assert p.location.row is None
    result = check(tmp_path, replace("Field Medic", ("Field Medic", 5)))
    (p,) = problems(result, "warblitz.warband.commons")
    assert p.message == "5 Special Common units (need 4): Field Medic x5"
    assert p.location.cell == "A8"  # the row holding the fifth copy


def test_commons_of_a_class_are_the_same_card(tmp_path):
    """Warband Construction: "Units of the same common unit class (i.e. MEL, RNG, Special)
    are to be the same."""
    result = check(tmp_path, replace("Spear Recruit", ("Spear Recruit", 2), ("Axe Recruit", 2)))
    assert errors_of(result) == ["warblitz.warband.commons-same"]
    (p,) = problems(result, "warblitz.warband.commons-same")
    assert p.message == ("the Melee Common units must all be the same card, found "
                         "Spear Recruit x2, Axe Recruit x2")
    assert p.location.cell == "A7"  # the first Axe Recruit


def test_epic_events_two(tmp_path):
    """Warband Construction: "2 Epic Events"."""
    result = check(tmp_path, replace("Rally Cry", ("Rally Cry", 1), ("Forced March", 1)))
    (p,) = problems(result, "warblitz.warband.epic-events")
    assert p.message == "3 Epic Events (need 2): Rally Cry, Forced March, Hold the Line"
    # Two copies of one Epic Event: the rulebook asks for no variety there.
    same = check(tmp_path, replace("Hold the Line", ("Rally Cry", 1)))
    assert "warblitz.warband.epic-events" not in rules_of(same)


def test_common_events_three_different_two_each(tmp_path):
    """Warband Construction: "6 Common Events (2x three different Common Events)"."""
    result = check(tmp_path, replace("Keen Edge", ("Keen Edge", 1)))
    (p,) = problems(result, "warblitz.warband.common-events")
    assert p.message == ("5 Common Events (need 6: three different events, two copies "
                         "each): Quick March x2, Shield Wall x2, Keen Edge")
    result = check(tmp_path, replace("Keen Edge", ("Keen Edge", 1), ("Quick March", 1)))
    (p,) = problems(result, "warblitz.warband.common-events")
    assert p.message == ("the Common Events must be three different events, two copies "
                         "each, found Quick March x3, Shield Wall x2, Keen Edge")
    assert p.location.cell == "A14"  # the third Quick March
    result = check(tmp_path, replace("Keen Edge", ("Keen Edge", 1), ("Bog Lantern", 1)))
    (p,) = problems(result, "warblitz.warband.common-events")
    assert "Bog Lantern" in p.message and p.location.cell == "A14"  # a fourth event


def test_epic_relic_one(tmp_path):
    """Warband Construction: "1 Epic Relic"."""
    result = check(tmp_path, replace("Old Standard", ("Old Standard", 1), ("Iron Idol", 1)))
    (p,) = problems(result, "warblitz.warband.epic-relic")
    assert p.message == "2 Epic Relics (need 1): Old Standard, Iron Idol"


def test_common_relics_two_different(tmp_path):
    """Warband Construction: "2 Common Relics (2 different relics)"."""
    result = check(tmp_path, replace("Spyglass", ("Whetstone", 1)))
    (p,) = problems(result, "warblitz.warband.common-relics")
    assert p.message == "the Common Relics must be two different relics, found Whetstone x2"
    result = check(tmp_path, replace("Spyglass", ("Spyglass", 1), ("War Drum", 1)))
    (p,) = problems(result, "warblitz.warband.common-relics")
    assert p.message == ("3 Common Relics (need 2, two different relics): Whetstone, "
                         "Spyglass, War Drum")


def test_unknown_card_suggests(tmp_path):
    """Setup: "Each player chooses a faction deck or builds a custom deck" from the
    catalog's cards, so a name must be a catalog card."""
    result = check(tmp_path, replace("Hexwright", ("Hexwrite", 1)))
    (p,) = problems(result, "warblitz.warband.unknown-card")
    assert p.message == "unknown card 'Hexwrite' (did you mean 'Hexwright'?)"
    assert (p.location.sheet, p.location.cell) == ("W", "A5")
    assert problems(result, "warblitz.warband.size") == []  # the row still counts
    # "0 Special Elite units (need 1)" follows from the unknown card: counted on it
    assert problems(result, "warblitz.warband.elites") == [] and p.follows == 1


def test_blank_card_cell(tmp_path):
    """Warband Construction: each listed card is one of the catalog's cards."""
    result = check(tmp_path, [*EXAMPLE_WARBAND, (None, 2)])
    (p,) = problems(result, "warblitz.warband.blank-card")
    assert p.location.cell == "A17"


def test_names_match_case_and_spaces(tmp_path):
    """Names are matched case-insensitively, stray spaces ignored (FORMATS.md)."""
    cards = [(f"  {c.upper()} ", q) for c, q in EXAMPLE_WARBAND]
    assert check(tmp_path, cards).valid


def test_mixed_factions_are_an_info(tmp_path):
    """Setup: "Each player chooses a faction deck or builds a custom deck": mixing
    factions is allowed, and noted."""
    result = check(tmp_path, replace("Warden Ysolde", ("Warden Tomas", 1)))
    assert result.valid
    (p,) = problems(result, "warblitz.warband.factions")
    assert p.severity == "info"
    assert p.message == ("the warband mixes factions (Hill Clans x1, Lantern Watch x26); "
                         "allowed as a custom deck")


def test_every_problem_is_reported_in_one_run(tmp_path):
    """Bad rows are reported and skipped, so one run shows every problem (DESIGN.md)."""
    cards = [("Warden Ysolde", 2), ("Nobody", 1), ("Spear Recruit", 3), ("Axe Recruit", 1)]
    got = set(errors_of(check(tmp_path, cards)))
    assert {"warblitz.warband.commander", "warblitz.warband.unknown-card",
            "warblitz.warband.commons-same", "warblitz.warband.elites",
            "warblitz.warband.commons", "warblitz.warband.epic-events",
            "warblitz.warband.common-events", "warblitz.warband.epic-relic",
            "warblitz.warband.common-relics", "warblitz.warband.size"} <= got


@pytest.mark.parametrize("fmt", [None, "standard", "STANDARD"])
def test_the_one_format(tmp_path, fmt):
    """Warband Construction is the game's one format, named `standard`."""
    path = build(tmp_path, EXAMPLE_WARBAND)
    assert GAME.validate(ValidateRequest(path, format=fmt)).decks[-1].format == "standard"
    assert GAME.formats(None) == ["standard"]
