"""`pnp template warblitz`: a starter workbook that validates clean.

It holds the catalog sheets (`Units`, `Events`, `Relics`, and `Starts` for the
commanders' starting layouts) with header help and dropdowns for the enumerated columns,
a small example catalog whose every card has a printed `Ability` and the same rules as an
`Effect` in the effect vocabulary (docs/warblitz.md), and one example warband sheet that
is legal against that catalog ("Warband Construction": 27 cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from toolkit.core.sheets import QTY, Column
from toolkit.core.workbook import SheetSpec, write_workbook
from toolkit.games.warblitz.models import (
    ATTACKS,
    CLASSES,
    EVENT_COLUMNS,
    PHASES,
    RANKS,
    RELIC_COLUMNS,
    START_COLUMNS,
    TIERS,
    UNIT_COLUMNS,
    WARBAND_COLUMNS,
    YES_NO,
)

FACTION = "Lantern Watch"

EXAMPLE_UNITS: list[dict[str, Any]] = [
    {"Name": "Warden Ysolde", "Rank": "Commander", "Class": "", "Cost": 0, "HP": 12,
     "STR": 3, "Attack": "MEL",
     "Ability": "Adjacent friendly units roll 1 extra die when they attack.",
     "Effect": "Ongoing: +1 dice adjacent friendly units"},
    {"Name": "Bannerblade", "Rank": "Elite", "Class": "Melee", "Cost": 4, "HP": 6, "STR": 3,
     "Attack": "MEL", "Ability": "Taunt.", "Effect": "Taunt"},
    {"Name": "Longshot Ivo", "Rank": "Elite", "Class": "Ranged", "Cost": 4, "HP": 4,
     "STR": 3, "Attack": "RNG", "Ability": "Its ranged attacks reach 4 spaces.",
     "Effect": "Range 4"},
    {"Name": "Hexwright", "Rank": "Elite", "Class": "Special", "Cost": 4, "HP": 4, "STR": 2,
     "Attack": "RNG", "Ability": "Special: force the target 1 space.",
     "Effect": "Special: force 1 target"},
    {"Name": "Spear Recruit", "Rank": "Common", "Class": "Melee", "Cost": 1, "HP": 3,
     "STR": 2, "Attack": "MEL", "Ability": "", "Effect": ""},
    {"Name": "Sling Recruit", "Rank": "Common", "Class": "Ranged", "Cost": 1, "HP": 2,
     "STR": 2, "Attack": "RNG", "Ability": "", "Effect": ""},
    {"Name": "Field Medic", "Rank": "Common", "Class": "Special", "Cost": 2, "HP": 2,
     "STR": 1, "Attack": "MEL",
     "Ability": "Special: remove 1 damage from one adjacent friendly unit.",
     "Effect": "Special: heal 1 one adjacent friendly unit"},
]

EXAMPLE_EVENTS: list[dict[str, Any]] = [
    {"Name": "Rally Cry", "Tier": "Epic", "Cost": 3, "Phase": "Beginning",
     "Ability": "Roll 2 extra draw dice next turn.", "Active": "no",
     "Effect": "On play: draw dice 2"},
    {"Name": "Hold the Line", "Tier": "Epic", "Cost": 2, "Phase": "Move & Attack",
     "Ability": "ACTIVE. Enemy units roll 1 fewer die.", "Active": "yes",
     "Effect": "Ongoing: -1 dice enemy units"},
    {"Name": "Quick March", "Tier": "Common", "Cost": 1, "Phase": "Move & Attack",
     "Ability": "Move one friendly unit up to 1 space.", "Active": "no",
     "Effect": "On play: move 1 one friendly unit"},
    {"Name": "Shield Wall", "Tier": "Common", "Cost": 1, "Phase": "Beginning",
     "Ability": "Give each friendly unit adjacent to your Commander a DEF token.",
     "Active": "no", "Effect": "On play: gain 1 DEF on each friendly unit adjacent to commander"},
    {"Name": "Keen Edge", "Tier": "Common", "Cost": 1, "Phase": "Move & Attack",
     "Ability": "Give one friendly unit an ATK token (one extra attack die).", "Active": "no",
     "Effect": "On play: gain 1 ATK on one friendly unit"},
]

EXAMPLE_RELICS: list[dict[str, Any]] = [
    {"Name": "Old Standard", "Tier": "Epic", "Cost": 3, "Phase": "Beginning",
     "Ability": "Remove 3 damage from your Commander.", "Effect": "On play: heal 3 commander"},
    {"Name": "Whetstone", "Tier": "Common", "Cost": 1, "Phase": "Move & Attack",
     "Ability": "Give one friendly melee unit an ATK token.",
     "Effect": "On play: gain 1 ATK on one friendly melee unit"},
    {"Name": "Spyglass", "Tier": "Common", "Cost": 1, "Phase": "Deploy",
     "Ability": "Roll 1 extra draw die next turn.", "Effect": "On play: draw dice 1"},
]

EXAMPLE_STARTS: list[dict[str, Any]] = [
    {"Commander": "Warden Ysolde", "Commander Space": "C1", "Unit 1": "Common Melee",
     "Space 1": "B2", "Unit 2": "Common Ranged", "Space 2": "D2", "Terrain": "A3, E3"},
]
"""The example commander's starting layout (the back of its card)."""

EXAMPLE_WARBAND_NAME = "Example Warband"
EXAMPLE_WARBAND: list[tuple[str, int]] = [
    ("Warden Ysolde", 1),
    ("Bannerblade", 1), ("Longshot Ivo", 1), ("Hexwright", 1),
    ("Spear Recruit", 4), ("Sling Recruit", 4), ("Field Medic", 4),
    ("Rally Cry", 1), ("Hold the Line", 1),
    ("Quick March", 2), ("Shield Wall", 2), ("Keen Edge", 2),
    ("Old Standard", 1),
    ("Whetstone", 1), ("Spyglass", 1),
]

CHOICES: dict[str, Sequence[str]] = {
    "Rank": RANKS, "Class": CLASSES, "Attack": ATTACKS, "Tier": TIERS, "Active": YES_NO,
    "Phase": PHASES,
}
WIDTHS = {"Name": 22.0, "Faction": 16.0, "Ability": 44.0, "Effect": 44.0, "Phase": 16.0,
          "Card": 22.0, "Commander": 22.0, "Unit 1": 16.0, "Unit 2": 16.0, "Terrain": 14.0}


def _cell(value: Any) -> Any:
    return None if value is None or value == "" else value


def rows_of(columns: Sequence[Column], records: Sequence[dict[str, Any]],
            faction: str | None = None) -> list[list[Any]]:
    """Records keyed by header → rows in column order (a `faction` fills blank Factions)."""
    out = []
    for record in records:
        values = dict(record)
        if faction is not None and not values.get("Faction"):
            values["Faction"] = faction
        out.append([_cell(values.get(col.header)) for col in columns])
    return out


def catalog_specs(units: Sequence[dict[str, Any]], events: Sequence[dict[str, Any]],
                  relics: Sequence[dict[str, Any]], faction: str | None = None,
                  starts: Sequence[dict[str, Any]] = ()) -> list[SheetSpec]:
    """The catalog sheets with header help, dropdowns and the given records (`Starts`
    only when there are starting layouts)."""
    sheets = [("Units", UNIT_COLUMNS, units), ("Events", EVENT_COLUMNS, events),
              ("Relics", RELIC_COLUMNS, relics)]
    specs = [SheetSpec(name, columns, rows_of(columns, records, faction),
                       {h: c for h, c in CHOICES.items()
                        if any(col.header == h for col in columns)}, WIDTHS)
             for name, columns, records in sheets]
    if starts:
        specs.append(SheetSpec("Starts", START_COLUMNS, rows_of(START_COLUMNS, starts),
                               widths=WIDTHS))
    return specs


def warband_spec(name: str, cards: Sequence[tuple[str, int]]) -> SheetSpec:
    """A warband sheet: `Card` and `Qty`."""
    return SheetSpec(name, (*WARBAND_COLUMNS, QTY), [[card, qty] for card, qty in cards],
                     widths=WIDTHS)


def example_sheets() -> dict[str, list[list[Any]]]:
    """The template's sheets as plain rows (header first), e.g. for tests."""
    out: dict[str, list[list[Any]]] = {}
    for spec in [*catalog_specs(EXAMPLE_UNITS, EXAMPLE_EVENTS, EXAMPLE_RELICS, FACTION,
                                EXAMPLE_STARTS),
                 warband_spec(EXAMPLE_WARBAND_NAME, EXAMPLE_WARBAND)]:
        out[spec.name] = [[c.header for c in spec.columns], *[list(r) for r in spec.rows]]
    return out


def write_template(path: Path) -> None:
    """Write the starter workbook: catalog sheets with examples and one legal warband."""
    write_workbook(path, [*catalog_specs(EXAMPLE_UNITS, EXAMPLE_EVENTS, EXAMPLE_RELICS,
                                         FACTION, EXAMPLE_STARTS),
                          warband_spec(EXAMPLE_WARBAND_NAME, EXAMPLE_WARBAND)])
