"""`pnp template warblitz`: a starter workbook that validates clean.

It holds the three catalog sheets (`Units`, `Events`, `Relics`) with header help and
dropdowns for the enumerated columns, a small example catalog, and one example warband
sheet that is legal against that catalog ("Warband Construction": 27 cards).
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
    RANKS,
    RELIC_COLUMNS,
    TIERS,
    UNIT_COLUMNS,
    WARBAND_COLUMNS,
    YES_NO,
)

FACTION = "Lantern Watch"

EXAMPLE_UNITS: list[dict[str, Any]] = [
    {"Name": "Warden Ysolde", "Rank": "Commander", "Class": "", "Cost": 0, "HP": 12,
     "STR": 3, "Attack": "MEL",
     "Ability": "Adjacent friendly units roll 1 extra die when they attack."},
    {"Name": "Bannerblade", "Rank": "Elite", "Class": "Melee", "Cost": 4, "HP": 6, "STR": 3,
     "Attack": "MEL", "Ability": "Taunt."},
    {"Name": "Longshot Ivo", "Rank": "Elite", "Class": "Ranged", "Cost": 4, "HP": 4,
     "STR": 3, "Attack": "RNG", "Ability": "Hits ignore DEF tokens."},
    {"Name": "Hexwright", "Rank": "Elite", "Class": "Special", "Cost": 4, "HP": 4, "STR": 2,
     "Attack": "RNG", "Ability": "Special: force the target 1 space."},
    {"Name": "Spear Recruit", "Rank": "Common", "Class": "Melee", "Cost": 1, "HP": 3,
     "STR": 2, "Attack": "MEL", "Ability": ""},
    {"Name": "Sling Recruit", "Rank": "Common", "Class": "Ranged", "Cost": 1, "HP": 2,
     "STR": 2, "Attack": "RNG", "Ability": ""},
    {"Name": "Field Medic", "Rank": "Common", "Class": "Special", "Cost": 2, "HP": 2,
     "STR": 1, "Attack": "MEL",
     "Ability": "Special: remove 1 damage from an adjacent friendly unit."},
]

EXAMPLE_EVENTS: list[dict[str, Any]] = [
    {"Name": "Rally Cry", "Tier": "Epic", "Cost": 3, "Phase": "Beginning",
     "Ability": "Roll 2 extra draw dice this turn.", "Active": "no"},
    {"Name": "Hold the Line", "Tier": "Epic", "Cost": 2, "Phase": "Move & Attack",
     "Ability": "ACTIVE. Your units ignore the first damage they take each turn.",
     "Active": "yes"},
    {"Name": "Quick March", "Tier": "Common", "Cost": 1, "Phase": "Move & Attack",
     "Ability": "One unit moves 1 extra space.", "Active": "no"},
    {"Name": "Shield Wall", "Tier": "Common", "Cost": 1, "Phase": "Beginning",
     "Ability": "ACTIVE. Assign one extra DEF token.", "Active": "yes"},
    {"Name": "Keen Edge", "Tier": "Common", "Cost": 1, "Phase": "Move & Attack",
     "Ability": "One unit rolls 1 extra attack die.", "Active": "no"},
]

EXAMPLE_RELICS: list[dict[str, Any]] = [
    {"Name": "Old Standard", "Tier": "Epic", "Cost": 3, "Phase": "Beginning",
     "Ability": "Boost your Commander."},
    {"Name": "Whetstone", "Tier": "Common", "Cost": 1, "Phase": "Move & Attack",
     "Ability": "Boost a Melee unit."},
    {"Name": "Spyglass", "Tier": "Common", "Cost": 1, "Phase": "Deploy",
     "Ability": "Deploy one unit in your last four ranks."},
]

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
}
WIDTHS = {"Name": 22.0, "Faction": 16.0, "Ability": 48.0, "Phase": 16.0, "Card": 22.0}


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
                  ) -> list[SheetSpec]:
    """The three catalog sheets with header help, dropdowns and the given records."""
    sheets = (("Units", UNIT_COLUMNS, units), ("Events", EVENT_COLUMNS, events),
              ("Relics", RELIC_COLUMNS, relics))
    return [SheetSpec(name, columns, rows_of(columns, records, faction),
                      {h: c for h, c in CHOICES.items() if any(col.header == h for col in columns)},
                      WIDTHS)
            for name, columns, records in sheets]


def warband_spec(name: str, cards: Sequence[tuple[str, int]]) -> SheetSpec:
    """A warband sheet: `Card` and `Qty`."""
    return SheetSpec(name, (*WARBAND_COLUMNS, QTY), [[card, qty] for card, qty in cards],
                     widths=WIDTHS)


def example_sheets() -> dict[str, list[list[Any]]]:
    """The template's sheets as plain rows (header first), e.g. for tests."""
    out: dict[str, list[list[Any]]] = {}
    for spec in [*catalog_specs(EXAMPLE_UNITS, EXAMPLE_EVENTS, EXAMPLE_RELICS, FACTION),
                 warband_spec(EXAMPLE_WARBAND_NAME, EXAMPLE_WARBAND)]:
        out[spec.name] = [[c.header for c in spec.columns], *[list(r) for r in spec.rows]]
    return out


def write_template(path: Path) -> None:
    """Write the starter workbook: catalog sheets with examples and one legal warband."""
    write_workbook(path, [*catalog_specs(EXAMPLE_UNITS, EXAMPLE_EVENTS, EXAMPLE_RELICS,
                                         FACTION),
                          warband_spec(EXAMPLE_WARBAND_NAME, EXAMPLE_WARBAND)])
