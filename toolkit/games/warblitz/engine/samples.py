"""The bundled Warblitz catalog and warbands in plain Python.

This module is their source: `toolkit/games/warblitz/content/make_content.py` writes
``toolkit/games/warblitz/content/catalog.xlsx`` and ``warbands.xlsx`` from `UNITS`, `EVENTS`, `RELICS`,
`STARTS` and `WARBANDS`. The same rows, read through the effect vocabulary, give the
engine's sample parameters (`SETUPS`) without reading a spreadsheet, for the shared
random-playthrough test and the benchmark; ``tests/games/warblitz`` checks that they
match the workbooks. Every card's `Ability` is its printed text and its `Effect` the same
rules in the vocabulary (docs/warblitz.md).
"""

from __future__ import annotations

from typing import Any

from toolkit.games.warblitz.board import DEFAULT_START, StartLayout, parse_space, read_slot
from toolkit.games.warblitz.effects import parse_effect

from .state import (
    CLASSES,
    EVENT,
    RANK_NAMES,
    RELIC,
    UNIT,
    CardSpec,
    WarbandSpec,
    WarblitzParams,
)

ASH, TIDE = "Ashen Court", "Tidewardens"
BEGIN, DEPLOY, MOVE = "Beginning", "Deploy", "Move & Attack"


def unit(name: str, faction: str, rank: str, cls: str, cost: int, hp: int, strength: int,
         attack: str, ability: str = "", effect: str = "") -> dict[str, Any]:
    """One `Units` row."""
    return {"Name": name, "Faction": faction, "Rank": rank, "Class": cls, "Cost": cost,
            "HP": hp, "STR": strength, "Attack": attack, "Ability": ability,
            "Effect": effect}


def event(name: str, faction: str, tier: str, cost: int, phase: str, ability: str,
          effect: str, active: bool = False) -> dict[str, Any]:
    """One `Events` row (an ACTIVE event's printed text starts with the keyword)."""
    return {"Name": name, "Faction": faction, "Tier": tier, "Cost": cost, "Phase": phase,
            "Ability": ("ACTIVE. " if active else "") + ability,
            "Active": "yes" if active else "no", "Effect": effect}


def relic(name: str, faction: str, tier: str, cost: int, phase: str, ability: str,
          effect: str) -> dict[str, Any]:
    """One `Relics` row."""
    return {"Name": name, "Faction": faction, "Tier": tier, "Cost": cost, "Phase": phase,
            "Ability": ability, "Effect": effect}


UNITS = [
    unit("Cinder Regent Maelis", ASH, "Commander", "", 0, 14, 3, "MEL",
         "At the beginning of your turn, boost this commander and one adjacent friendly "
         "unit.", "Turn start: boost 1 self, boost 1 one adjacent friendly unit"),
    unit("Emberguard Champion", ASH, "Elite", "Melee", 4, 7, 3, "MEL", "Taunt.", "Taunt"),
    unit("Ashcaller Archer", ASH, "Elite", "Ranged", 4, 4, 3, "RNG",
         "After attacking, force the target 1 space away from this unit.",
         "After attacking: force 1 target away"),
    unit("Pyre Oracle", ASH, "Elite", "Special", 5, 5, 2, "RNG",
         "Special: add 1 damage to each enemy unit adjacent to the target.",
         "Special: damage 1 each enemy unit adjacent to target"),
    unit("Smoulder Duelist", ASH, "Elite", "Melee", 3, 5, 3, "MEL",
         "After moving, gain an ATK token.", "After moving: gain 1 ATK on self"),
    unit("Ash Pikeman", ASH, "Common", "Melee", 1, 3, 2, "MEL",
         "After attacking, spend 1 boost from this unit to add 1 damage to the target.",
         "After attacking: spend 1 boost, damage 1 target"),
    unit("Cinder Slinger", ASH, "Common", "Ranged", 1, 2, 2, "RNG",
         "When destroyed, add 1 damage to each adjacent enemy unit.",
         "When destroyed: damage 1 each adjacent enemy unit"),
    unit("Soot Acolyte", ASH, "Common", "Special", 2, 2, 1, "MEL",
         "Special: boost one adjacent friendly unit.",
         "Special: boost 1 one adjacent friendly unit"),
    unit("Charred Hound", ASH, "Common", "Melee", 1, 2, 2, "MEL", "Moves up to 3 spaces.",
         "Moves 3"),
    unit("Tidemother Serai", TIDE, "Commander", "", 0, 13, 3, "RNG",
         "After moving, force one adjacent enemy unit 1 space.",
         "After moving: force 1 one adjacent enemy unit"),
    unit("Reefbreaker", TIDE, "Elite", "Melee", 4, 7, 3, "MEL", "Taunt. Cannot be forced.",
         "Taunt. Cannot be forced"),
    unit("Harpoon Marksman", TIDE, "Elite", "Ranged", 4, 4, 3, "RNG",
         "Special: force the target 1 space toward this unit.",
         "Special: force 1 target toward"),
    unit("Brine Shaman", TIDE, "Elite", "Special", 4, 5, 2, "MEL",
         "Special: remove 2 damage from one friendly unit.",
         "Special: heal 2 one friendly unit"),
    unit("Gull Rider", TIDE, "Elite", "Ranged", 5, 3, 3, "RNG",
         "Its ranged attacks reach 4 spaces.", "Range 4"),
    unit("Shellguard", TIDE, "Common", "Melee", 1, 4, 1, "MEL",
         "Taunt. When deployed, gain a DEF token.", "Taunt. On deploy: gain 1 DEF on self"),
    unit("Net Thrower", TIDE, "Common", "Ranged", 1, 2, 2, "RNG",
         "Special: force the target 1 space away from this unit.",
         "Special: force 1 target away"),
    unit("Foam Seer", TIDE, "Common", "Special", 2, 2, 1, "RNG",
         "Special: gain one WLD token.", "Special: gain 1 WLD"),
    unit("Tide Runner", TIDE, "Common", "Melee", 1, 2, 2, "MEL",
         "After attacking, move up to 1 space.", "After attacking: move 1 self"),
]

EVENTS = [
    event("Court of Flames", ASH, "Epic", 3, BEGIN, "Your melee units roll 1 extra die.",
          "Ongoing: +1 dice friendly melee units", active=True),
    event("Rekindle", ASH, "Epic", 3, DEPLOY,
          "Remove 3 damage from one friendly unit and boost it.",
          "On play: heal 3 one friendly unit, boost 1 it"),
    event("Smoke Screen", ASH, "Common", 1, MOVE, "Enemy ranged units roll 1 fewer die.",
          "Ongoing: -1 dice enemy ranged units", active=True),
    event("Ember Rush", ASH, "Common", 1, MOVE, "Move one friendly unit up to 2 spaces.",
          "On play: move 2 one friendly unit"),
    event("Scorch", ASH, "Common", 2, MOVE,
          "Add 1 damage to one enemy unit adjacent to one of your units.",
          "On play: damage 1 one enemy unit adjacent to friendly"),
    event("Kindling", ASH, "Common", 1, BEGIN, "Gain two WLD tokens.", "On play: gain 2 WLD"),
    event("High Tide", TIDE, "Epic", 3, BEGIN, "Your units move 1 extra space.",
          "Ongoing: +1 moves friendly units", active=True),
    event("Undertow", TIDE, "Epic", 4, MOVE, "Force each enemy unit 1 space.",
          "On play: force 1 each enemy unit"),
    event("Salt Spray", TIDE, "Common", 1, MOVE,
          "Add 1 damage to each enemy unit adjacent to your Commander.",
          "On play: damage 1 each enemy unit adjacent to commander"),
    event("Rising Swell", TIDE, "Common", 2, BEGIN,
          "Your ranged units' attacks reach 1 space farther.",
          "Ongoing: +1 range friendly ranged units", active=True),
    event("Mend the Nets", TIDE, "Common", 1, BEGIN, "Remove 1 damage from each friendly unit.",
          "On play: heal 1 each friendly unit"),
    event("Riptide", TIDE, "Common", 2, MOVE, "Force one enemy unit 2 spaces.",
          "On play: force 2 one enemy unit"),
]

RELICS = [
    relic("Crown of Cinders", ASH, "Epic", 2, MOVE,
          "Spend 2 boost from your Commander to add 3 damage to one enemy unit.",
          "On play: spend 2 boost from commander, damage 3 one enemy unit"),
    relic("Ash Banner", ASH, "Common", 1, DEPLOY, "Boost one friendly unit twice.",
          "On play: boost 2 one friendly unit"),
    relic("Brazier Lamp", ASH, "Common", 1, BEGIN, "Gain two DEF tokens.", "On play: gain 2 DEF"),
    relic("Coal Censer", ASH, "Common", 2, BEGIN, "Remove 2 damage from your Commander.",
          "On play: heal 2 commander"),
    relic("Pearl of the Deep", TIDE, "Epic", 3, MOVE,
          "Roll 2 extra draw dice next turn.", "On play: draw dice 2"),
    relic("Coral Charm", TIDE, "Common", 1, BEGIN, "Give one friendly unit an SPC token.",
          "On play: gain 1 SPC on one friendly unit"),
    relic("Drift Compass", TIDE, "Common", 1, MOVE, "Move one friendly unit up to 1 space.",
          "On play: move 1 one friendly unit"),
]

STARTS = [
    {"Commander": "Cinder Regent Maelis", "Commander Space": "C1", "Unit 1": "Ash Pikeman",
     "Space 1": "C2", "Unit 2": "Cinder Slinger", "Space 2": "B1", "Terrain": "A3, E3"},
    {"Commander": "Tidemother Serai", "Commander Space": "C1", "Unit 1": "Common Melee",
     "Space 1": "B2", "Unit 2": "Common Ranged", "Space 2": "D2", "Terrain": "C3"},
]
"""The commanders' starting layouts (the `Starts` sheet)."""

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
"""The bundled warbands by sheet name: (card, copies) rows."""


def _phase(text: str) -> int | None:
    from toolkit.games.warblitz.models import phase_code  # noqa: PLC0415

    code = phase_code(text)
    return None if code is None or code < 0 else code


def card_specs() -> dict[str, CardSpec]:
    """Every bundled card as the engine's plain data, by name."""
    out: dict[str, CardSpec] = {}
    for row in UNITS:
        klass = CLASSES.index(row["Class"]) if row["Class"] else -1
        out[row["Name"]] = CardSpec(
            row["Name"], UNIT, RANK_NAMES.index(row["Rank"]), klass, row["Cost"], row["HP"],
            row["STR"], row["Attack"] == "RNG", effect=parse_effect(row["Effect"], "unit"))
    for rows, kind, word in ((EVENTS, EVENT, "event"), (RELICS, RELIC, "relic")):
        for row in rows:
            active = row.get("Active") == "yes"
            out[row["Name"]] = CardSpec(
                row["Name"], kind, 1 if row["Tier"] == "Epic" else 0, -1, row["Cost"],
                phase=_phase(row["Phase"]), active=active,
                effect=parse_effect(row["Effect"], word, active))
    return out


def start_layouts() -> dict[str, StartLayout]:
    """The `Starts` rows as layouts, by commander."""
    out = {}
    for row in STARTS:
        units = tuple(((f"{read_slot(row[f'Unit {k}'])[0]} {read_slot(row[f'Unit {k}'])[1]}"
                        if read_slot(row[f"Unit {k}"]) else row[f"Unit {k}"]),
                       parse_space(row[f"Space {k}"])) for k in (1, 2))
        terrain = tuple(parse_space(t.strip()) for t in row["Terrain"].split(",") if t.strip())
        out[row["Commander"]] = StartLayout(parse_space(row["Commander Space"]), units, terrain)
    return out


def warband(name: str) -> WarbandSpec:
    """A bundled warband as the engine's plain data."""
    specs = card_specs()
    cards = tuple(specs[card] for card, qty in WARBANDS[name] for _ in range(qty))
    boss = next(c.name for c in cards if c.kind == UNIT and c.rank == 2)
    return WarbandSpec(name, cards, start_layouts().get(boss, DEFAULT_START))


def sample_params(first: str = ASH, second: str = TIDE) -> WarblitzParams:
    """Params for two bundled warbands, in seat order."""
    return WarblitzParams((warband(first), warband(second)))


def duel_params() -> WarblitzParams:
    """Ashen Court against Tidewardens."""
    return sample_params(ASH, TIDE)


def tide_first_params() -> WarblitzParams:
    """Tidewardens against Ashen Court (the seats swapped)."""
    return sample_params(TIDE, ASH)


def ash_mirror_params() -> WarblitzParams:
    """Ashen Court against itself."""
    return sample_params(ASH, ASH)


SETUPS = {"duel": duel_params, "swapped": tide_first_params, "mirror": ash_mirror_params}
"""Named sample setups: name -> params factory (the first is the default)."""
