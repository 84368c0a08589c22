"""The WarBadge starter workbook: Badges, Types, Formats and one team, with examples.

Every header carries a comment explaining its column, Rank and Value have dropdowns, and
the example rows form a valid standard team, so a fresh template validates clean.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.core.sheets import QTY
from toolkit.core.workbook import SheetSpec, write_workbook
from toolkit.games.warbadge.models import (
    ABILITY_REMINDERS,
    BADGE_COLUMNS,
    DEFAULT_TYPES,
    FORMAT_COLUMNS,
    RANKS,
    TEAM_COLUMNS,
    TYPE_COLUMNS,
)

EXAMPLE_BADGES = (
    # Name, Rank, Value, Types, Strengths, Weaknesses, Abilities
    ("Banner Knight", "Gold", 3, "Blade, Armor", "Abomination", "Magic", "Protect"),
    ("Hill Archer", "Silver", 2, "Ranged", "Flying", "Stealth", ""),
    ("Hedge Mage", "Silver", 2, "Magic", "Armor", "Blade", "Lead"),
    ("Burrow Scout", "Bronze", 1, "Stealth", "Magic", "Armor", "Fast"),
    ("Gnat Imp", "Bronze", 1, "Abomination, Flying", "", "Holy", "Swarm"),
)
EXAMPLE_TEAM = (("Banner Knight", 1), ("Hill Archer", 1), ("Hedge Mage", 1),
                ("Burrow Scout", 1), ("Gnat Imp", 2))
"""A standard team: 1 Gold, 2 Silver, 3 Bronze, total value 3+2+2+1+1+1 = 10."""

TYPE_SYMBOLS = {"Ranged": "Rg", "Magic": "Mg", "Stealth": "St", "Flying": "Fl",
                "Blade": "Bl", "Holy": "Ho", "Abomination": "Ab", "Armor": "Ar"}
"""Short marks for the rulebook's eight types (printed in the type's circle)."""


def reminder(abilities: str) -> str:
    """The Text of a badge: its abilities' reminders, or a plain note when it has none."""
    names = [a.strip() for a in abilities.split(",") if a.strip()]
    if not names:
        return "No ability: wins by type advantage and value."
    return " ".join(f"{n}. {ABILITY_REMINDERS[n]}" for n in names)


def write_template(path: Path) -> None:
    """Write a starter WarBadge workbook to `path` (.xlsx), atomically."""
    badges = [(*row, reminder(row[6]), None) for row in EXAMPLE_BADGES]
    write_workbook(path, [
        SheetSpec("Badges", BADGE_COLUMNS, badges,
                  choices={"Rank": RANKS, "Value": ("1", "2", "3")},
                  widths={"Name": 18, "Types": 22, "Strengths": 16, "Weaknesses": 16,
                          "Abilities": 18, "Text": 50}),
        SheetSpec("Types", TYPE_COLUMNS, [(t, TYPE_SYMBOLS[t]) for t in DEFAULT_TYPES]),
        SheetSpec("Formats", FORMAT_COLUMNS, [("trio", 3, 1, 1, 1, 6, 2)]),
        SheetSpec("My Team", (*TEAM_COLUMNS, QTY), EXAMPLE_TEAM, widths={"Badge": 20}),
    ])
