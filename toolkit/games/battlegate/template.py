"""The Battle Gate starter workbook: one deck sheet with header help, dropdowns and a
legal example deck (100 points, 39 cards) to edit."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.workbook import SheetSpec, write_workbook
from toolkit.games.battlegate.models import CLASSES, MAX_POWER, MIN_POWER, SHEET_COLUMNS

TEMPLATE_SHEET = "My Deck"

# Name, Class, Power, Qty, Description, Art. 100 points, 39 cards.
EXAMPLE_ROWS: tuple[tuple, ...] = (
    ("Gate Militia", "Soldier", 2, 10, "Farmhands with borrowed spears.", None),
    ("Shield Bearer", "Minion", 3, 6, "Holds the line so others may rest.", None),
    ("Old Scribe", "Minion", 1, 6, "Remembers every fallen name.", None),
    ("Veteran Blade", "Soldier", 4, 5, "Has seen the gate fall twice.", None),
    ("Alley Knife", "Assassin", 2, 6, "Strikes from the crowd.", None),
    ("Hooded Archer", "Soldier", 3, 4, "Never misses the same target twice.", None),
    ("Warlord of the Gate", "Soldier", 6, 2, "The army's iron heart.", None),
)


def write_template(path: Path) -> None:
    """Write a starter workbook: one deck sheet with header comments, a Class and a Power
    dropdown, and a legal example deck to edit."""
    spec = SheetSpec(
        TEMPLATE_SHEET, SHEET_COLUMNS, EXAMPLE_ROWS,
        choices={"Class": CLASSES,
                 "Power": [str(n) for n in range(MIN_POWER, MAX_POWER + 1)]},
        widths={"Name": 24.0, "Description": 40.0, "Art": 24.0})
    write_workbook(path, [spec])
