"""Write Warblitz's bundled content: catalog.xlsx (two factions) and warbands.xlsx.

Run with the project's venv: `.venv/bin/python content/warblitz/make_content.py`.
The names, numbers and texts are ours (not from any published game). The output is
byte-for-byte reproducible (toolkit.core.workbook pins timestamps).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolkit.games.warblitz.template import catalog_specs, warband_spec

HERE = Path(__file__).resolve().parent
ASH, TIDE = "Ashen Court", "Tidewardens"
BEGIN, DEPLOY, MOVE = "Beginning", "Deploy", "Move & Attack"


def unit(name: str, faction: str, rank: str, cls: str, cost: int, hp: int, strength: int,
         attack: str, ability: str = "") -> dict[str, Any]:
    """One `Units` row."""
    return {"Name": name, "Faction": faction, "Rank": rank, "Class": cls, "Cost": cost,
            "HP": hp, "STR": strength, "Attack": attack, "Ability": ability}


def event(name: str, faction: str, tier: str, cost: int, phase: str, ability: str,
          active: bool = False) -> dict[str, Any]:
    """One `Events` row."""
    return {"Name": name, "Faction": faction, "Tier": tier, "Cost": cost, "Phase": phase,
            "Ability": ("ACTIVE. " if active else "") + ability,
            "Active": "yes" if active else "no"}


def relic(name: str, faction: str, tier: str, cost: int, phase: str,
          ability: str) -> dict[str, Any]:
    """One `Relics` row."""
    return {"Name": name, "Faction": faction, "Tier": tier, "Cost": cost, "Phase": phase,
            "Ability": ability}


UNITS = [
    unit("Cinder Regent Maelis", ASH, "Commander", "", 0, 14, 3, "MEL",
         "At the beginning of your turn, boost one adjacent friendly unit."),
    unit("Emberguard Champion", ASH, "Elite", "Melee", 4, 7, 3, "MEL", "Taunt."),
    unit("Ashcaller Archer", ASH, "Elite", "Ranged", 4, 4, 3, "RNG",
         "After attacking, force the target 1 space away."),
    unit("Pyre Oracle", ASH, "Elite", "Special", 5, 5, 2, "RNG",
         "Special: add 1 damage to each enemy adjacent to the target."),
    unit("Smoulder Duelist", ASH, "Elite", "Melee", 3, 5, 3, "MEL",
         "After moving, gain an ATK token."),
    unit("Ash Pikeman", ASH, "Common", "Melee", 1, 3, 2, "MEL"),
    unit("Cinder Slinger", ASH, "Common", "Ranged", 1, 2, 2, "RNG"),
    unit("Soot Acolyte", ASH, "Common", "Special", 2, 2, 1, "MEL",
         "Special: boost an adjacent friendly unit."),
    unit("Charred Hound", ASH, "Common", "Melee", 1, 2, 2, "MEL", "May move 3 spaces."),
    unit("Tidemother Serai", TIDE, "Commander", "", 0, 13, 3, "RNG",
         "Once per turn, force an adjacent enemy 1 space."),
    unit("Reefbreaker", TIDE, "Elite", "Melee", 4, 7, 3, "MEL", "Taunt. Cannot be forced."),
    unit("Harpoon Marksman", TIDE, "Elite", "Ranged", 4, 4, 3, "RNG",
         "Special: force the target 1 space toward this unit."),
    unit("Brine Shaman", TIDE, "Elite", "Special", 4, 5, 2, "MEL",
         "Special: remove 2 damage from a friendly unit."),
    unit("Gull Rider", TIDE, "Elite", "Ranged", 5, 3, 3, "RNG",
         "May move through other cards."),
    unit("Shellguard", TIDE, "Common", "Melee", 1, 4, 1, "MEL", "Taunt."),
    unit("Net Thrower", TIDE, "Common", "Ranged", 1, 2, 2, "RNG",
         "Special: the target cannot move on its next turn."),
    unit("Foam Seer", TIDE, "Common", "Special", 2, 2, 1, "RNG",
         "Special: gain one WLD token."),
    unit("Tide Runner", TIDE, "Common", "Melee", 1, 2, 2, "MEL",
         "After attacking, move 1 space."),
]

EVENTS = [
    event("Court of Flames", ASH, "Epic", 3, BEGIN, "Your Melee units roll 1 extra die.",
          active=True),
    event("Rekindle", ASH, "Epic", 3, DEPLOY,
          "Return a destroyed Common unit to your reserves and deploy it."),
    event("Smoke Screen", ASH, "Common", 1, MOVE,
          "Enemy RNG attacks against your units roll 1 fewer die.", active=True),
    event("Ember Rush", ASH, "Common", 1, MOVE, "One unit moves 2 extra spaces."),
    event("Scorch", ASH, "Common", 2, MOVE,
          "Add 1 damage to an enemy unit adjacent to one of yours."),
    event("Kindling", ASH, "Common", 1, BEGIN, "Gain one WLD token."),
    event("High Tide", TIDE, "Epic", 3, BEGIN, "Your units may move 3 spaces.", active=True),
    event("Undertow", TIDE, "Epic", 4, MOVE, "Force every enemy unit in one row 1 space."),
    event("Salt Spray", TIDE, "Common", 1, MOVE, "Remove one DEF token from an enemy unit."),
    event("Rising Swell", TIDE, "Common", 2, BEGIN,
          "Your RNG units target up to 4 spaces away.", active=True),
    event("Mend the Nets", TIDE, "Common", 1, BEGIN,
          "Remove 1 damage from each of two friendly units."),
    event("Riptide", TIDE, "Common", 2, MOVE, "Force one enemy unit 2 spaces."),
]

RELICS = [
    relic("Crown of Cinders", ASH, "Epic", 3, MOVE,
          "Spend 2 boost from your Commander: add 1 damage to any enemy unit."),
    relic("Ash Banner", ASH, "Common", 1, DEPLOY, "Boost one unit deployed this turn."),
    relic("Brazier Lamp", ASH, "Common", 1, BEGIN, "Gain one DEF token."),
    relic("Coal Censer", ASH, "Common", 2, BEGIN, "Remove 1 damage from your Commander."),
    relic("Pearl of the Deep", TIDE, "Epic", 3, MOVE, "Spend 1 boost: reroll one attack die."),
    relic("Coral Charm", TIDE, "Common", 1, BEGIN, "Boost a Special unit."),
    relic("Drift Compass", TIDE, "Common", 1, MOVE, "Move one unit 1 space."),
]

WARBANDS = {
    ASH: [("Cinder Regent Maelis", 1),
          ("Emberguard Champion", 1), ("Ashcaller Archer", 1), ("Pyre Oracle", 1),
          ("Ash Pikeman", 4), ("Cinder Slinger", 4), ("Soot Acolyte", 4),
          ("Court of Flames", 1), ("Rekindle", 1),
          ("Smoke Screen", 2), ("Ember Rush", 2), ("Scorch", 2),
          ("Crown of Cinders", 1), ("Ash Banner", 1), ("Brazier Lamp", 1)],
    TIDE: [("Tidemother Serai", 1),
           ("Reefbreaker", 1), ("Harpoon Marksman", 1), ("Brine Shaman", 1),
           ("Shellguard", 4), ("Net Thrower", 4), ("Foam Seer", 4),
           ("High Tide", 1), ("Undertow", 1),
           ("Salt Spray", 2), ("Rising Swell", 2), ("Mend the Nets", 2),
           ("Pearl of the Deep", 1), ("Coral Charm", 1), ("Drift Compass", 1)],
}


def main(folder: Path = HERE) -> None:
    """Write catalog.xlsx and warbands.xlsx into `folder`."""
    from toolkit.core.workbook import write_workbook  # noqa: PLC0415

    write_workbook(folder / "catalog.xlsx", catalog_specs(UNITS, EVENTS, RELICS))
    write_workbook(folder / "warbands.xlsx",
                   [warband_spec(name, cards) for name, cards in WARBANDS.items()])


if __name__ == "__main__":
    main()
