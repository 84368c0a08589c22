"""Write toolkit/games/warbadge/content/badges.xlsx: the bundled WarBadge catalog and example teams.

Run with the project's venv: `.venv/bin/python toolkit/games/warbadge/content/make_content.py`.
The output is reproducible byte for byte (write_workbook pins timestamps). Names and
numbers are our own. The script checks that every type and every ability appears.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.core.sheets import QTY
from toolkit.core.workbook import SheetSpec, write_workbook
from toolkit.games.warbadge.models import (
    ABILITIES,
    BADGE_COLUMNS,
    DEFAULT_TYPES,
    FORMAT_COLUMNS,
    RANKS,
    TEAM_COLUMNS,
    TYPE_COLUMNS,
)
from toolkit.games.warbadge.template import TYPE_SYMBOLS, reminder

OUT = Path(__file__).resolve().parent / "badges.xlsx"

BADGES = (
    # Name, Rank, Value, Types, Strengths, Weaknesses, Abilities
    ("Ember Fox", "Gold", 3, "Magic, Stealth", "Flying", "Holy", "Illusion"),
    ("Sunforged Paladin", "Gold", 3, "Holy, Armor, Blade", "Abomination", "Magic",
     "Protect, Lead"),
    ("Night Leviathan", "Gold", 3, "Abomination, Flying", "Holy", "Ranged", "Death Curse"),
    ("Thornwood Matriarch", "Gold", 2, "Magic, Holy", "Abomination", "Blade",
     "Resurrect, Heal"),
    ("Storm Herald", "Gold", 3, "Flying, Magic", "Armor", "Ranged", "Enervate"),
    ("Iron Warlord", "Gold", 3, "Armor, Blade", "Blade", "Magic", "Inspire, Rage"),
    ("Copper Lancer", "Silver", 2, "Blade, Armor", "Stealth", "Abomination", "Charge"),
    ("Grey Warhorse", "Silver", 2, "Armor", "Ranged", "Magic", "Mount"),
    ("Moss Wyrmling", "Silver", 2, "Flying, Abomination", "Stealth", "Armor", "Regenerate"),
    ("Veiled Duelist", "Silver", 2, "Stealth, Blade", "Magic", "Holy", "Fast"),
    ("Ashen Archer", "Silver", 2, "Ranged", "Flying", "Stealth", ""),
    ("Lantern Priest", "Silver", 2, "Holy, Magic", "Abomination", "Stealth", "Heal"),
    ("Hollow Shade", "Silver", 1, "Abomination, Stealth", "Magic", "Holy", "Hide, Revenge"),
    ("Cinder Hound", "Silver", 2, "Abomination", "Holy", "Ranged", "Feed"),
    ("Reed Slinger", "Bronze", 1, "Ranged", "Flying", "Blade", ""),
    ("Gutter Rat", "Bronze", 1, "Abomination, Stealth", "", "Holy", "Swarm"),
    ("Bramble Sprite", "Bronze", 1, "Magic, Flying", "Stealth", "Ranged", "Altruism"),
    ("Tin Squire", "Bronze", 1, "Armor, Blade", "Stealth", "Magic", "Protect"),
    ("Marsh Wasp", "Bronze", 1, "Flying", "Magic", "Ranged", "Poison, Swarm"),
    ("Dust Scout", "Bronze", 1, "Stealth, Ranged", "Magic", "Armor", "Fast"),
    ("Candle Acolyte", "Bronze", 1, "Holy", "Abomination", "Blade", "Altruism"),
    ("Bog Crawler", "Bronze", 2, "Abomination", "Armor", "Holy", "Regenerate"),
    ("Frost Imp", "Bronze", 1, "Magic", "Flying", "Blade", "Charge"),
    ("Rally Drummer", "Bronze", 1, "Blade", "", "Ranged", "Lead"),
)

FORMATS = (
    # Name, Badges, Gold, Silver, Bronze, Total Value, Rounds
    ("skirmish", 5, 1, 2, 2, 9, 2),
)

TEAMS: dict[str, tuple[tuple[str, int], ...]] = {
    # standard: 6 badges, 1 Gold + 2 Silver + 3 Bronze, total value 10
    "Sun": (("Sunforged Paladin", 1), ("Copper Lancer", 1), ("Lantern Priest", 1),
            ("Tin Squire", 1), ("Candle Acolyte", 1), ("Reed Slinger", 1)),
    "Moon": (("Night Leviathan", 1), ("Hollow Shade", 1), ("Moss Wyrmling", 1),
             ("Bog Crawler", 1), ("Gutter Rat", 2)),
    # quick: 4 badges, 1 Gold + 1 Silver + 2 Bronze, total value 7
    "Spark": (("Ember Fox", 1), ("Veiled Duelist", 1), ("Dust Scout", 1),
              ("Bramble Sprite", 1)),
    "Tide": (("Storm Herald", 1), ("Grey Warhorse", 1), ("Marsh Wasp", 1), ("Frost Imp", 1)),
    # skirmish (custom): 5 badges, 1 Gold + 2 Silver + 2 Bronze, total value 9
    "Dusk": (("Iron Warlord", 1), ("Cinder Hound", 1), ("Ashen Archer", 1),
             ("Rally Drummer", 1), ("Gutter Rat", 1)),
}


def _check_coverage() -> None:
    """Every type and every ability of the rulebook appears in the catalog."""
    types = {t.strip() for b in BADGES for t in b[3].split(",")}
    abilities = {a.strip() for b in BADGES for a in b[6].split(",") if a.strip()}
    assert types == set(DEFAULT_TYPES), set(DEFAULT_TYPES) ^ types
    assert abilities == set(ABILITIES), set(ABILITIES) ^ abilities
    assert {b[1] for b in BADGES} == set(RANKS)


def main() -> None:
    """Write the workbook."""
    _check_coverage()
    badges = [(*row, reminder(row[6]), None) for row in BADGES]
    sheets = [
        SheetSpec("Badges", BADGE_COLUMNS, badges,
                  choices={"Rank": RANKS, "Value": ("1", "2", "3")},
                  widths={"Name": 20, "Types": 24, "Strengths": 16, "Weaknesses": 16,
                          "Abilities": 20, "Text": 60}),
        SheetSpec("Types", TYPE_COLUMNS, [(t, TYPE_SYMBOLS[t]) for t in DEFAULT_TYPES]),
        SheetSpec("Formats", FORMAT_COLUMNS, FORMATS),
    ]
    sheets += [SheetSpec(name, (*TEAM_COLUMNS, QTY), rows, widths={"Badge": 22})
               for name, rows in TEAMS.items()]
    write_workbook(OUT, sheets)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
